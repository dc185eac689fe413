/**
 * Where the CPU time goes, from V8 `.cpuprofile` files (`node --cpu-prof`): per profile, self time
 * by area (package in node_modules, workspace project, Node internals, GC, idle) and the top functions.
 *
 *   node --import ./scripts/register-ts.mjs bench/provision/profile-summary.ts DIR_OR_FILE... [--top 25] [--inclusive] [--activities] [--busiest S]
 *
 * --inclusive adds the workspace's own functions by inclusive time (self + everything they call).
 * --activities adds the CPU time by what the process was doing (`ACTIVITIES`): each sample counts
 * for the first activity of the list that any frame of its stack belongs to.
 * --busiest S looks only at the S seconds with the most CPU time (the load, without start-up and reads).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import { frameName } from './frame-name.js';

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

const args = process.argv.slice(2);
const topAt = args.indexOf('--top');
const TOP = topAt >= 0 ? Number(args.splice(topAt, 2)[1]) : 25;
const inclusiveAt = args.indexOf('--inclusive');
const INCLUSIVE = inclusiveAt >= 0 && args.splice(inclusiveAt, 1).length > 0;
const activitiesAt = args.indexOf('--activities');
const ACTIVITIES_TABLE = activitiesAt >= 0 && args.splice(activitiesAt, 1).length > 0;
const busiestAt = args.indexOf('--busiest');
const BUSIEST_S = busiestAt >= 0 ? Number(args.splice(busiestAt, 2)[1]) : undefined;
const files = args.flatMap((arg) => (statSync(arg).isDirectory() ? readdirSync(arg).filter((f) => f.endsWith('.cpuprofile')).map((f) => join(arg, f)) : [arg]));
if (files.length === 0) throw new Error('usage: profile-summary.ts DIR_OR_FILE... (no .cpuprofile found)');

/**
 * What a sample's stack was doing, matched against each frame's `frameName` (a built app's
 * `dist/….js` read as its `src/….ts`). The first activity of the list with a frame on the stack
 * wins: a log line written while answering a request counts as logging, and the HTTP framework
 * gets only what nothing listed before it claims.
 */
const ACTIVITIES: readonly (readonly [string, RegExp])[] = [
  ['garbage collection', /^\(garbage collector\)/],
  ['module loading (start-up)', /node:internal\/modules\/|scripts\/register-ts/],
  ['logging', /observability\/src\/(logging|access-log)\.ts|node_modules\/(pino|sonic-boom)\//],
  ['event relay', /lifecycle-events\/src\/(relay|ordered-publisher)\.ts/],
  ['metrics', /node_modules\/prom-client\/|-metrics\.ts/],
  ['HTTP response writes', /node:_http_outgoing/],
  ['conductor work (work runner)', /conductor\/src\/work-runner\.ts/],
  ['commands (decide, claims, append)', /application\/src\/(command-handler|node-claims)\.ts|conductor\/src\/conductor\.ts/],
  ['store: live feed (decode, share)', /^(liveEvents|eventsOf) +libs\/event-store\/src\/jetstream\.ts|event-store\/src\/shared-subscriptions/],
  ['projection and read model', /application\/src\/(projection|read-model|node-table|codec)\.ts/],
  ['gateway controllers and views', /apps\/gateway\/src\/nodes\//],
  ['HTTP framework (hooks, routing, Nest)', /node_modules\/(fastify|@nestjs|find-my-way|@fastify)\/|node:_http_server|apps\/gateway\/src\/http\//],
  ['NATS client (protocol, socket writes)', /node_modules\/@nats-io\//],
  ['sockets and streams', /node:(net|internal\/stream_base_commons|internal\/streams)/],
];

/** A workspace frame of a built app (`libs/x/dist/y.js:12`) named as its source file, for `ACTIVITIES`. */
const asSource = (frame: string): string => frame.replace(/^(.* {2}(?:apps|libs)\/[^/]+)\/dist\/(.*)\.js:/, '$1/src/$2.ts:');

function area(frame: CallFrame): string {
  const { url, functionName } = frame;
  if (!url) return functionName.startsWith('(') ? functionName : '(native/builtin)';
  if (url.startsWith('node:')) return `node:${url.slice(5).split('/')[0]}`;
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1]!;
  const own = /\/(apps|libs)\/([^/]+)\//.exec(url);
  if (own) return `${own[1]}/${own[2]}`;
  if (/\/scripts\//.test(url)) return 'scripts (ts loader)';
  return url.replace(/^file:\/\//, '');
}

/** Which samples to count: all, or those of the `seconds` (sliding window) holding the most CPU time. */
function samplesToCount(profile: Profile, isIdle: (id: number) => boolean, seconds: number | undefined): boolean[] {
  if (seconds === undefined) return profile.samples.map(() => true);
  const at: number[] = [];
  let clock = 0;
  for (const delta of profile.timeDeltas) at.push((clock += delta));
  const width = seconds * 1e6;
  let [busy, best, bestStart, first] = [0, 0, 0, 0];
  profile.samples.forEach((id, i) => {
    if (!isIdle(id)) busy += profile.timeDeltas[i] ?? 0;
    for (; at[i]! - at[first]! > width; first++) if (!isIdle(profile.samples[first]!)) busy -= profile.timeDeltas[first] ?? 0;
    if (busy > best) [best, bestStart] = [busy, at[first]!];
  });
  return at.map((t) => t >= bestStart && t <= bestStart + width);
}

/** Which process a profile came from: the all-in-one process if its code ran, else the first workspace app found in its frames. */
function whose(profile: Profile): string {
  const apps = new Set(profile.nodes.map((node) => /\/apps\/([^/]+)\//.exec(node.callFrame.url)?.[1]).filter((app) => app !== undefined));
  return apps.has('all-in-one') ? 'all-in-one' : ([...apps][0] ?? '?');
}

for (const file of files.sort()) {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const counted = samplesToCount(profile, (id) => byId.get(id)?.callFrame.functionName === '(idle)', BUSIEST_S);
  const self = new Map<number, number>();
  profile.samples.forEach((id, i) => counted[i] && self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
  const total = [...self.values()].reduce((a, b) => a + b, 0);
  const idle = [...self].filter(([id]) => byId.get(id)?.callFrame.functionName === '(idle)').reduce((a, [, t]) => a + t, 0);
  const busy = total - idle;
  const areas = new Map<string, number>();
  const functions = new Map<string, number>();
  for (const [id, time] of self) {
    const frame = byId.get(id)!.callFrame;
    if (frame.functionName === '(idle)') continue;
    const a = area(frame);
    areas.set(a, (areas.get(a) ?? 0) + time);
    const key = frameName(frame);
    functions.set(key, (functions.get(key) ?? 0) + time);
  }
  // inclusive ("total") time: every function on a sampled stack, once per sample
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const inclusive = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    if (!counted[i]) return;
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const frame = byId.get(at)!.callFrame;
      if (frame.functionName === '(idle)' || frame.functionName === '(root)') continue;
      const key = frameName(frame);
      if (seen.has(key)) continue;
      seen.add(key);
      inclusive.set(key, (inclusive.get(key) ?? 0) + (profile.timeDeltas[i] ?? 0));
    }
  });
  const activities = new Map<string, number>();
  if (ACTIVITIES_TABLE) {
    const activityOf = new Map<number, string>();
    const stackActivity = (id: number): string => {
      const frames: string[] = [];
      for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) frames.push(asSource(frameName(byId.get(at)!.callFrame)));
      return ACTIVITIES.find(([, pattern]) => frames.some((frame) => pattern.test(frame)))?.[0] ?? 'other';
    };
    profile.samples.forEach((id, i) => {
      if (!counted[i] || byId.get(id)?.callFrame.functionName === '(idle)') return;
      if (!activityOf.has(id)) activityOf.set(id, stackActivity(id));
      const activity = activityOf.get(id)!;
      activities.set(activity, (activities.get(activity) ?? 0) + (profile.timeDeltas[i] ?? 0));
    });
  }
  const pct = (t: number) => `${((100 * t) / busy).toFixed(1)} %`;
  const ms = (t: number) => `${(t / 1000).toFixed(0)} ms`;
  const window = BUSIEST_S === undefined ? '' : ` in its busiest ${BUSIEST_S} s`;
  console.log(`\n### ${whose(profile)} — ${basename(file)}: ${ms(total)} profiled${window}, ${ms(busy)} on CPU (${((100 * busy) / total).toFixed(0)} %)\n`);
  console.log('| area (self time) | ms | % of CPU |\n|---|---|---|');
  for (const [name, time] of [...areas].sort((a, b) => b[1] - a[1]).slice(0, 20)) console.log(`| ${name} | ${(time / 1000).toFixed(0)} | ${pct(time)} |`);
  console.log(`\n| top functions (self time) | ms | % of CPU |\n|---|---|---|`);
  for (const [name, time] of [...functions].sort((a, b) => b[1] - a[1]).slice(0, TOP)) console.log(`| \`${name.replace(/\|/g, '\\|')}\` | ${(time / 1000).toFixed(0)} | ${pct(time)} |`);
  if (ACTIVITIES_TABLE) {
    console.log(`\n| activity (whole stack, see ACTIVITIES) | ms | % of CPU |\n|---|---|---|`);
    for (const [name, time] of [...activities].sort((a, b) => b[1] - a[1])) console.log(`| ${name} | ${(time / 1000).toFixed(0)} | ${pct(time)} |`);
  }
  if (INCLUSIVE) {
    console.log(`\n| own code, inclusive time (self + callees) | ms | % of CPU |\n|---|---|---|`);
    const own = [...inclusive].filter(([name]) => /\s(apps|libs)\//.test(name));
    for (const [name, time] of own.sort((a, b) => b[1] - a[1]).slice(0, TOP)) console.log(`| \`${name.replace(/\|/g, '\\|')}\` | ${(time / 1000).toFixed(0)} | ${pct(time)} |`);
  }
}
