/** Where power-sync's CPU goes, from its V8 CPU profiles, in the measured passes only. */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './settings.js';

interface CpuProfile {
  readonly nodes: readonly { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] }[];
  readonly startTime: number;
  readonly samples: readonly number[];
  readonly timeDeltas: readonly number[];
}

export interface ProfileSummary {
  /** Sampled time on CPU (or ready to run) in the windows, ms. */
  readonly busyMs: number;
  readonly idleMs: number;
  /** ms by area, each sample going to the nearest frame of a known area up its stack. */
  readonly areas: Record<string, number>;
  /** ms by function (self time). */
  readonly functions: [string, number][];
}

const AREAS: readonly [RegExp, string][] = [
  [/@nats-io\//, 'NATS client (heartbeats, the passes\' plans and progress, conductor requests)'],
  [/node:_http|\/libs\/drivers\//, "Redfish driver and Node's HTTP client"],
  [/\/apps\/power-sync\//, 'power-sync itself (passes, visits, metrics)'],
  [/\/libs\/(application|domain|contracts|event-store)\//, 'read model, domain, contracts'],
];
const SOCKETS = 'TCP sockets (node:net: connect/close of the BMC connections)';

/** Folds every `.cpuprofile` in `dir` over the given windows (CLOCK_MONOTONIC µs, as V8 stamps samples). */
export function summarizeProfiles(dir: string, windows: readonly (readonly [number, number])[]): ProfileSummary {
  const files = readdirSync(dir).filter((f) => f.endsWith('.cpuprofile'));
  if (files.length === 0) throw new Error(`no .cpuprofile in ${dir}`);
  const areas: Record<string, number> = {};
  const functions = new Map<string, number>();
  let busyUs = 0;
  let idleUs = 0;
  for (const file of files) {
    const profile = JSON.parse(readFileSync(join(dir, file), 'utf8')) as CpuProfile;
    const byId = new Map(profile.nodes.map((n) => [n.id, n]));
    const parent = new Map<number, number>();
    for (const n of profile.nodes) for (const child of n.children ?? []) parent.set(child, n.id);
    const areaOf = new Map<number, string>();
    const classify = (id: number): string => {
      let area = areaOf.get(id);
      if (area) return area;
      const leaf = byId.get(id)!.callFrame;
      let sawNet = false;
      for (let at: number | undefined = id; at !== undefined && !area; at = parent.get(at)) {
        const { url } = byId.get(at)!.callFrame;
        area = AREAS.find(([pattern]) => pattern.test(url))?.[1];
        sawNet ||= url === 'node:net';
      }
      area ??= leaf.functionName === '(garbage collector)' ? 'garbage collection' : sawNet ? SOCKETS : 'other (V8, microtasks, timers, streams)';
      areaOf.set(id, area);
      return area;
    };
    let time = profile.startTime;
    for (let i = 0; i < profile.samples.length; i++) {
      time += profile.timeDeltas[i]!;
      if (!windows.some(([from, to]) => time >= from && time <= to)) continue;
      const us = profile.timeDeltas[i + 1] ?? 0;
      const id = profile.samples[i]!;
      const frame = byId.get(id)!.callFrame;
      if (frame.functionName === '(idle)') {
        idleUs += us;
        continue;
      }
      busyUs += us;
      const area = classify(id);
      areas[area] = (areas[area] ?? 0) + us / 1000;
      const name = `${frame.functionName || '(anonymous)'}${frame.url ? ` ${frame.url.replace(/^.*\/(node_modules|libs|apps)\//, '$1/').replace(ROOT, '')}:${frame.lineNumber + 1}` : ''}`;
      functions.set(name, (functions.get(name) ?? 0) + us / 1000);
    }
  }
  return { busyMs: busyUs / 1000, idleMs: idleUs / 1000, areas, functions: [...functions].sort((a, b) => b[1] - a[1]).slice(0, 12) };
}

export const profiles = new Map<string, ProfileSummary>();
