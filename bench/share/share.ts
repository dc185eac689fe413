/**
 * The measuring half of `npm run bench:share` (bench/share/run.sh starts the private nats-server and
 * loops over the runs). One run of a mode, on an empty store, appending its sample to RESULTS:
 *
 *   node --import ./scripts/register-ts.mjs bench/share/share.ts conductors|gateway RESULTS.jsonl
 *   node --import ./scripts/register-ts.mjs bench/share/share.ts report RESULTS.jsonl
 *
 * `conductors`: the BMC simulator with N systems; N `verified` Redfish nodes enrolled at bus level
 * (bench/share/seed.ts); CONDUCTORS (3) conductors and POWER_SYNCS (2) power-sync instances, one after
 * the other (START_TOGETHER=1: all at once), from their builds (apps/<app>/dist/main.js, with NODE_FLAGS), each with a metrics port. Waits until
 * each is ready, then until power sync has read every BMC and each instance has ended a pass
 * (PASS_TIMEOUT_S), then SETTLE_S; then reads each process's VmRSS and VmHWM (/proc/<pid>/status),
 * and its V8 heap from its Prometheus metrics (prom-client's `nodejs_heap_size_*_bytes`).
 *
 * `gateway`: N `registered` nodes at bus level, one gateway (no conductor: it needs none to be
 * ready). Times its start (the whole log folded before it says ready), waits until its event relay
 * has republished the log (RELAY_TIMEOUT_S) and SETTLE_S, reads its memory, then times
 * `GET /v1/nodes?limit=100` over real HTTP (noauth): one first request, REQUESTS without marker and
 * REQUESTS with a random node's uuid as marker, and reads its memory again.
 *
 * Environment from run.sh: N, RUN, NATS_URL, NATS_PID, OUT (logs), NODE_FLAGS, DEADLINE_AT (epoch
 * ms: fail and stop everything then); SYNC_POWER_STATE_INTERVAL (60), SYNC_POWER_STATE_WORKERS
 * (the service's default unless set), SETTLE_S (30), REQUESTS (50), SEED_IN_FLIGHT (256).
 * Everything it starts is stopped when it ends, fails, is interrupted or reaches the deadline.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { appendFileSync, createWriteStream, mkdirSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { openEventStore, storeConfigFromEnv } from '@ironledger/event-store';
import { seededRandom } from '@ironledger/lifecycle-events/testing';
import { count, duration } from '@ironledger/observability';
import { freePort } from '../../test/support/processes.js';
import { fmt, machine, markdownTable, median, percentile } from '../events/common.js';
import { footprint } from '../power-sync/process-stats.js';
import { fleetNodeId, type SeedReport, seedFleet } from './seed.js';

const env = process.env;
const MB = 1024 * 1024;
const N = Number(env.N);
const SETTLE_S = Number(env.SETTLE_S ?? 30);
const OUT = env.OUT ?? '.run/bench-share';
const NODE_FLAGS = (env.NODE_FLAGS ?? '').split(/\s+/).filter(Boolean);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const log = (message: string) => console.error(`  ${new Date().toISOString().slice(11, 19)} ${message}`);

interface Memory {
  /** conductor, power-sync, gateway (at ready, after settling, after the requests), nats-server, bmc-sim. */
  readonly kind: string;
  readonly name: string;
  readonly rssMb: number;
  readonly peakRssMb: number;
  readonly heapUsedMb: number | null;
  readonly heapTotalMb: number | null;
  readonly externalMb: number | null;
  readonly fds: number | null;
}

interface Sample {
  readonly mode: 'conductors' | 'gateway';
  readonly run: number;
  readonly nodes: number;
  readonly at: string;
  readonly load: string;
  readonly nodeFlags: string;
  readonly seed: SeedReport;
  /** From spawn to its `ready` line, per process. */
  readonly readyMs: Record<string, number>;
  /** conductors: from the last instance ready to the pass read in full; gateway: from ready to the relay caught up. */
  readonly waitedMs: number;
  readonly note: string;
  readonly memory: readonly Memory[];
  readonly latencyMs?: { readonly first: number; readonly noMarker: readonly number[]; readonly marker: readonly number[] };
}

// ---------------------------------------------------------------------------------------------
// Processes

interface Proc {
  readonly name: string;
  readonly child: ChildProcess;
  readonly metrics?: string;
  output(): string;
}
const procs: Proc[] = [];

/** Starts a built app (its own log in OUT), and waits for its `ready` line. */
async function start(name: string, entry: string, serviceEnv: Record<string, string>, { flags = NODE_FLAGS, metricsPort }: { flags?: string[]; metricsPort?: number } = {}): Promise<{ proc: Proc; ms: number }> {
  const started = performance.now();
  const child = spawn(process.execPath, [...flags, entry], { env: { ...env, ...serviceEnv, ...(metricsPort ? { METRICS_PORT: String(metricsPort) } : {}), NO_COLOR: '1' }, stdio: ['ignore', 'pipe', 'pipe'] });
  const file = createWriteStream(`${OUT}/${name}.log`);
  let tail = '';
  const keep = (chunk: Buffer) => {
    file.write(chunk);
    tail = (tail + chunk.toString()).slice(-20_000);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const proc: Proc = { name, child, metrics: metricsPort ? `http://127.0.0.1:${metricsPort}/metrics` : undefined, output: () => tail };
  procs.push(proc);
  await new Promise<void>((resolve, reject) => {
    const check = () => {
      if (/\bready\b/.test(tail)) resolve();
      else if (child.exitCode !== null || child.signalCode !== null) reject(new Error(`${name} exited (${child.exitCode ?? child.signalCode}) before it was ready; see ${OUT}/${name}.log:\n${tail.slice(-2000)}`));
      else setTimeout(check, 100);
    };
    check();
  });
  const ms = performance.now() - started;
  log(`${name} (pid ${child.pid}) ready after ${duration(ms)}: ${/ready\b[^"\n]*/.exec(tail)?.[0].slice(0, 110)}`);
  return { proc, ms };
}

function checkAlive(): void {
  const gone = procs.find((p) => p.child.exitCode !== null || p.child.signalCode !== null);
  if (gone) throw new Error(`${gone.name} exited (${gone.child.exitCode ?? gone.child.signalCode}); see ${OUT}/${gone.name}.log:\n${gone.output().slice(-2000)}`);
}

let stopping: Promise<void> | undefined;
function stopAll(): Promise<void> {
  stopping ??= Promise.all(
    procs.map(async ({ child }) => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(killer);
    }),
  ).then(() => undefined);
  return stopping;
}

async function fail(error: unknown): Promise<never> {
  console.error(`bench:share: ${error instanceof Error ? error.message : String(error)}`);
  await stopAll();
  process.exit(1);
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void stopAll().then(() => process.exit(130)));
if (env.DEADLINE_AT) setTimeout(() => void fail(`deadline reached (${new Date(Number(env.DEADLINE_AT)).toISOString()})`), Math.max(0, Number(env.DEADLINE_AT) - Date.now())).unref();

// ---------------------------------------------------------------------------------------------
// Measures

/** Prometheus text format: the sum of every series of `name` whose labels contain `labels`. */
function metric(text: string, name: string, labels = ''): number {
  let sum = 0;
  let found = false;
  for (const line of text.split('\n')) {
    if ((!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) || (labels && !line.includes(labels))) continue;
    sum += Number(line.slice(line.lastIndexOf(' ') + 1));
    found = true;
  }
  return found ? sum : Number.NaN;
}

async function scrape(url: string): Promise<string> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  return response.text();
}

const kb = (text: string, field: string) => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(text)?.[1] ?? Number.NaN);
const mb1 = (bytes: number) => (Number.isNaN(bytes) ? null : Math.round((bytes / MB) * 10) / 10);

async function memoryOf(kind: string, name: string, pid: number, metrics?: string): Promise<Memory> {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const prom = metrics ? await scrape(metrics).catch(() => scrape(metrics)) : '';
  return {
    kind,
    name,
    rssMb: mb1(kb(status, 'VmRSS') * 1024)!,
    peakRssMb: mb1(kb(status, 'VmHWM') * 1024)!,
    heapUsedMb: metrics ? mb1(metric(prom, 'nodejs_heap_size_used_bytes')) : null,
    heapTotalMb: metrics ? mb1(metric(prom, 'nodejs_heap_size_total_bytes')) : null,
    externalMb: metrics ? mb1(metric(prom, 'nodejs_external_memory_bytes')) : null,
    fds: footprint(pid)?.fds ?? null,
  };
}

const measureProc = (kind: string, proc: Proc) => memoryOf(kind, proc.name, proc.child.pid!, proc.metrics);
const harness = async (sim?: Proc): Promise<Memory[]> => [
  ...(env.NATS_PID ? [await memoryOf('nats-server (not a service)', 'nats-server', Number(env.NATS_PID))] : []),
  ...(sim ? [await measureProc('bmc-sim (not a service)', sim)] : []),
];

async function settle(): Promise<void> {
  log(`settling ${SETTLE_S} s`);
  for (let t = 0; t < SETTLE_S; t++) {
    checkAlive();
    await sleep(1000);
  }
}

async function seed(kind: 'verified' | 'registered', bmcUrl: string, conductors?: string[]): Promise<SeedReport> {
  const store = await openEventStore(storeConfigFromEnv());
  const report = await seedFleet(store, { kind, nodes: N, bmcUrl, conductors, inFlight: Number(env.SEED_IN_FLIGHT ?? 256) });
  await store.close();
  log(`seeded ${count(report.nodes)} nodes, ${count(report.commits)} commits, ${count(report.events)} events (${fmt(report.bytes / MB)} MB of JSON) in ${duration(report.seconds * 1000)}: ${fmt(report.nodes / report.seconds)} nodes/s`);
  return report;
}

// ---------------------------------------------------------------------------------------------
// Modes

async function conductors(): Promise<Omit<Sample, 'mode' | 'run' | 'nodes' | 'at' | 'load' | 'nodeFlags'>> {
  const conductorCount = Number(env.CONDUCTORS ?? 3);
  const powerSyncCount = Number(env.POWER_SYNCS ?? 2);
  const interval = env.SYNC_POWER_STATE_INTERVAL || '60';
  const { proc: sim } = await start('bmc-sim', 'apps/bmc-sim/dist/main.js', { BMC_SIM_PORT: '0', BMC_SIM_SYSTEMS: String(N) }, { flags: [] });
  const bmcUrl = /ready at (http:\/\/[^\s:]+:\d+)/.exec(sim.output())![1]!;
  const conductorIds = Array.from({ length: conductorCount }, (_, i) => `share-conductor-${i + 1}`);
  const seeded = await seed('verified', bmcUrl, conductorIds);
  const readyMs: Record<string, number> = {};
  // One after the other, as bench/memory/run.sh starts them (START_TOGETHER=1: all at once), the
  // conductors first: power sync sends them its findings.
  const together = env.START_TOGETHER === '1';
  const startAll = async <T>(items: readonly T[], one: (item: T, index: number) => Promise<{ proc: Proc; ms: number }>) => {
    if (together) return Promise.all(items.map(one));
    const done: { proc: Proc; ms: number }[] = [];
    for (const [index, item] of items.entries()) done.push(await one(item, index));
    return done;
  };
  const started = await startAll(conductorIds, async (id) => start(id, 'apps/conductor/dist/main.js', { CONDUCTOR_ID: id }, { metricsPort: await freePort() }));
  const powerSyncs = await startAll(
    Array.from({ length: powerSyncCount }, (_, i) => `share-power-sync-${i + 1}`),
    async (id) => start(id, 'apps/power-sync/dist/main.js', { POWER_SYNC_ID: id, SYNC_POWER_STATE_INTERVAL: interval }, { metricsPort: await freePort() }),
  );
  for (const { proc, ms } of [...started, ...powerSyncs]) readyMs[proc.name] = Math.round(ms);

  // Until every BMC has been read (by one instance or the other) and every instance has ended a pass.
  const since = performance.now();
  const timeoutMs = Number(env.PASS_TIMEOUT_S ?? 900) * 1000;
  let note = '';
  for (let shown = 0; ; ) {
    checkAlive();
    // A scrape the busy machine fails to answer counts as nothing read yet; the next one tells.
    const texts = await Promise.all(powerSyncs.map(({ proc }) => scrape(proc.metrics!).catch(() => '')));
    const reads = texts.reduce((sum, text) => sum + (metric(text, 'ironledger_power_sync_bmc_reads_total', 'kind="sync"') || 0), 0);
    const errors = texts.reduce((sum, text) => sum + (metric(text, 'ironledger_power_sync_bmc_read_errors_total') || 0), 0);
    const ended = texts.map((text) => metric(text, 'ironledger_power_sync_pass_duration_seconds_count', 'kind="sync"') || 0);
    if (reads >= N && ended.every((e) => e >= 1)) {
      note = `power sync: ${count(reads)} BMC reads (${count(errors)} failed), passes ended per instance: ${ended.join(', ')}`;
      break;
    }
    if (performance.now() - since > timeoutMs) {
      note = `power sync did NOT complete a pass within ${duration(timeoutMs)}: ${count(reads)} reads, passes ended per instance: ${ended.join(', ')}`;
      break;
    }
    if (performance.now() - since > shown) {
      log(`power sync: ${count(reads)} of ${count(N)} BMCs read (${count(errors)} failed), passes ended per instance: ${ended.join(', ')}`);
      shown += 15_000;
    }
    await sleep(2000);
  }
  const waitedMs = Math.round(performance.now() - since);
  log(`${note} (after ${duration(waitedMs)})`);
  await settle();
  const memory = [...(await Promise.all([...started, ...powerSyncs].map(({ proc }) => measureProc(proc.name.replace(/^share-|-\d+$/g, ''), proc)))), ...(await harness(sim))];
  return { seed: seeded, readyMs, waitedMs, note, memory };
}

async function gateway(): Promise<Omit<Sample, 'mode' | 'run' | 'nodes' | 'at' | 'load' | 'nodeFlags'>> {
  const seeded = await seed('registered', 'http://127.0.0.1:9');
  const port = await freePort();
  const { proc, ms } = await start('gateway', 'apps/gateway/dist/main.js', { GATEWAY_PORT: String(port), AUTH_STRATEGY: 'noauth' }, { metricsPort: await freePort() });
  const size = Number(/ready: listening on \S+, (\d+) nodes/.exec(proc.output())?.[1]);
  if (size !== N) throw new Error(`the gateway holds ${size} nodes, not ${N}`);
  const memory = [await measureProc('gateway at ready', proc)];

  // Its event relay republishes the whole log on a fresh store: measure once it has caught up.
  const nc = await connect({ servers: env.NATS_URL! });
  const jsm = await jetstreamManager(nc);
  const relayStream = env.RELAY_STREAM || 'IRONLEDGER_NODE_EVENTS';
  const since = performance.now();
  const timeoutMs = Number(env.RELAY_TIMEOUT_S ?? 600) * 1000;
  let relayed = 0;
  for (let shown = 0; relayed < seeded.events && performance.now() - since < timeoutMs; ) {
    checkAlive();
    relayed = await jsm.streams.info(relayStream).then((info) => info.state.messages, () => 0);
    if (performance.now() - since > shown) {
      log(`relay: ${count(relayed)} of ${count(seeded.events)} events republished`);
      shown += 15_000;
    }
    await sleep(1000);
  }
  await nc.close();
  const waitedMs = Math.round(performance.now() - since);
  const note = relayed >= seeded.events ? `relay caught up (${count(relayed)} events) ${duration(waitedMs)} after ready` : `relay NOT caught up after ${duration(waitedMs)}: ${count(relayed)} of ${count(seeded.events)}`;
  log(note);
  await settle();
  memory.push(await measureProc('gateway settled', proc));

  const api = `http://127.0.0.1:${port}`;
  const timed = async (path: string, marker?: string): Promise<number> => {
    const t0 = performance.now();
    const response = await fetch(`${api}${path}`);
    const body = (await response.json()) as { nodes?: { uuid: string }[] };
    const ms = performance.now() - t0;
    if (!response.ok || !body.nodes || body.nodes.length === 0 || body.nodes.length > 100 || (marker && body.nodes.some((node) => node.uuid === marker))) {
      throw new Error(`GET ${path}: ${response.status} ${JSON.stringify(body).slice(0, 300)}`);
    }
    return ms;
  };
  const requests = Number(env.REQUESTS ?? 50);
  const first = await timed('/v1/nodes?limit=100');
  const noMarker: number[] = [];
  for (let i = 0; i < requests; i++) noMarker.push(await timed('/v1/nodes?limit=100'));
  const random = seededRandom(Number(env.RUN ?? 1));
  const marker: number[] = [];
  for (let i = 0; i < requests; i++) {
    const uuid = fleetNodeId(Math.floor(random() * (N - 1)));
    marker.push(await timed(`/v1/nodes?limit=100&marker=${uuid}`, uuid));
  }
  memory.push(await measureProc('gateway after the requests', proc), ...(await harness()));
  return { seed: seeded, readyMs: { gateway: Math.round(ms) }, waitedMs, note, memory, latencyMs: { first, noMarker, marker } };
}

// ---------------------------------------------------------------------------------------------
// Tables

/** `123` for one value, `123 (120–126)` for several: the median and the range. */
function figure(values: readonly (number | null)[], digits = 0): string {
  const known = values.filter((v): v is number => v !== null && !Number.isNaN(v));
  if (known.length === 0) return '–';
  return known.length === 1 ? fmt(known[0]!, digits) : `${fmt(median(known), digits)} (${fmt(Math.min(...known), digits)}–${fmt(Math.max(...known), digits)})`;
}

function report(samples: readonly Sample[]): string {
  const first = samples[0]!;
  const kinds = [...new Set(samples.flatMap((s) => s.memory.map((m) => m.kind)))];
  const lines = [
    `${count(first.nodes)} nodes, mode ${first.mode}, ${samples.length} run(s); NODE_FLAGS='${first.nodeFlags}'; ${machine()}`,
    '',
    ...samples.map((s) => `- run ${s.run} (${s.at}, load average 1/5/15 min ${s.load}): seeded ${count(s.seed.nodes)} nodes / ${count(s.seed.commits)} commits / ${count(s.seed.events)} events in ${fmt(s.seed.seconds, 1)} s; ready after ${Object.entries(s.readyMs).map(([name, ms]) => `${name} ${fmt(ms / 1000, 1)} s`).join(', ')}; ${s.note}`),
    '',
    'Memory per process, MB: median (min–max) over the instances and the runs.',
    '',
  ];
  const rows = kinds.map((kind) => {
    const of = samples.flatMap((s) => s.memory.filter((m) => m.kind === kind));
    const pick = (key: keyof Memory) => of.map((m) => m[key] as number | null);
    return [kind, String(of.length), figure(pick('rssMb')), figure(pick('peakRssMb')), figure(pick('heapUsedMb')), figure(pick('heapTotalMb')), figure(pick('externalMb')), figure(pick('fds'))];
  });
  lines.push(markdownTable(['process', 'samples', '**RSS**', 'peak RSS', 'V8 heap used', 'V8 heap total', 'external', 'open fds'], rows, [1, 2, 3, 4, 5, 6, 7]));
  const latency = samples.filter((s) => s.latencyMs).map((s) => s.latencyMs!);
  if (latency.length > 0) {
    const stats = (values: number[]) => {
      const sorted = [...values].sort((a, b) => a - b);
      return [fmt(median(sorted), 1), fmt(percentile(sorted, 95), 1), fmt(sorted.at(-1)!, 1), String(sorted.length)];
    };
    lines.push(
      '',
      '`GET /v1/nodes?limit=100`, ms, real HTTP on loopback, one request at a time (over all runs):',
      '',
      markdownTable(
        ['request', 'median', 'p95', 'max', 'requests'],
        [
          ['first after start (no marker)', ...stats(latency.map((l) => l.first))],
          ['no marker', ...stats(latency.flatMap((l) => l.noMarker))],
          ['`marker=<random node uuid>`', ...stats(latency.flatMap((l) => l.marker))],
        ],
        [1, 2, 3, 4],
      ),
    );
  }
  return lines.join('\n');
}

// ---------------------------------------------------------------------------------------------
// Main

const [mode, file] = process.argv.slice(2);
if (!file || !['conductors', 'gateway', 'report'].includes(mode!)) await fail('usage: share.ts conductors|gateway|report RESULTS.jsonl');
if (mode === 'report') {
  const samples = readFileSync(file!, 'utf8').split('\n').filter(Boolean).map((line) => JSON.parse(line) as Sample);
  for (const m of ['conductors', 'gateway']) {
    const of = samples.filter((s) => s.mode === m);
    if (of.length > 0) console.log(`\n${report(of)}\n`);
  }
} else {
  if (!(N > 0)) await fail('set N');
  mkdirSync(OUT, { recursive: true });
  try {
    const measured = await (mode === 'conductors' ? conductors() : gateway());
    const sample: Sample = { mode: mode as Sample['mode'], run: Number(env.RUN ?? 1), nodes: N, at: new Date().toISOString(), load: loadavg().map((l) => l.toFixed(2)).join(' / '), nodeFlags: NODE_FLAGS.join(' '), ...measured };
    appendFileSync(file!, `${JSON.stringify(sample)}\n`);
    console.log(`\n${report([sample])}\n`);
  } catch (error) {
    await fail(error);
  }
  await stopAll();
  process.exit(0);
}
