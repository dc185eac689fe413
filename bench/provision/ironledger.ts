/**
 * Starts ironledger for the provisioning benchmark: one conductor and the gateway, the built apps
 * (`apps/<app>/dist`, which `npm start` runs; build them first: scripts/build-if-stale.sh), on a
 * fresh isolated JetStream stream of $NATS_URL, with the e2e tier's `startSystem` (test/support/system.ts);
 * with STACK=all-in-one, the all-in-one process instead (gateway, conductor and power sync in one).
 * Prints ONE JSON line `{"api":...,"pids":"gateway=PID conductor=PID",...}` (`all-in-one=PID` with
 * STACK=all-in-one) when the gateway is ready and has heard the conductor, then runs until
 * SIGTERM/SIGINT, stops what it started and deletes the stream.
 *
 *   NATS_URL=nats://127.0.0.1:4222 node --import ./scripts/register-ts.mjs bench/provision/ironledger.ts [--profile-dir DIR | --alloc-dir DIR | --gc-dir DIR]
 *
 * --profile-dir: both services run under V8's CPU profiler (cpu-profile.mjs, what `--cpu-prof` does) and
 * write CPU.<pid>.cpuprofile there when they stop.
 * --alloc-dir: both services sample what they allocate from their first SIGUSR2 on (alloc-profile.mjs)
 * and write ALLOC.<pid>.heapprofile there when they stop.
 * --gc-dir: both services count their garbage collections from their first SIGUSR2 on (gc-count.mjs)
 * and write GC.<pid>.json there when they stop.
 * NODE_FLAGS (environment): flags for `node` in both services, e.g. npm start's (scripts/footprint.sh).
 */
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { type RunningSystem, startSystem } from '../../test/support/system.js';

const { values: opts } = parseArgs({ options: { 'profile-dir': { type: 'string' }, 'alloc-dir': { type: 'string' }, 'gc-dir': { type: 'string' } } });

const env: Record<string, string> = {};
/** Runs the services with `preload` (a file beside this one), which writes into `dir`, named by `dirVariable`. */
const preload = (file: string, dirVariable: string, dir: string) => {
  mkdirSync(resolve(dir), { recursive: true });
  env.NODE_OPTIONS = `${env.NODE_OPTIONS ?? process.env.NODE_OPTIONS ?? ''} --import=${fileURLToPath(new URL(file, import.meta.url))}`.trim();
  env[dirVariable] = resolve(dir);
};
// `--cpu-prof` is not allowed in NODE_OPTIONS: cpu-profile.mjs starts the same V8 profiler from a preload.
if (opts['profile-dir']) preload('./cpu-profile.mjs', 'CPU_PROFILE_DIR', opts['profile-dir']);
if (opts['alloc-dir']) preload('./alloc-profile.mjs', 'ALLOC_PROFILE_DIR', opts['alloc-dir']);
if (opts['gc-dir']) preload('./gc-count.mjs', 'GC_COUNT_DIR', opts['gc-dir']);

let system: RunningSystem | undefined;
let stopping = false;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    void (system?.stop() ?? Promise.resolve()).then(() => process.exit(0));
  });
}

try {
  const allInOne = process.env.STACK === 'all-in-one';
  if (!allInOne && (process.env.STACK ?? 'services') !== 'services') throw new Error(`STACK must be services or all-in-one, not ${process.env.STACK}`);
  system = await startSystem({ conductors: 1, allInOne, built: true, env, nodeFlags: (process.env.NODE_FLAGS ?? '').split(/\s+/).filter(Boolean) });
  const api = system.baseUrl;
  if (new URL(api).port === '6385') throw new Error('the gateway got port 6385, the real Ironic’s');
  const conductorIds = system.conductorIds;
  const pids = system.processes().map((p) => `${conductorIds.includes(p.name) ? 'conductor' : p.name}=${p.process.pid}`);
  console.log(JSON.stringify({ api, pids: pids.join(' '), nats: system.natsUrl }));
  // startSystem's children keep this process alive until a signal stops them.
} catch (error) {
  console.error(`ironledger did not start: ${(error as Error).message}`);
  await system?.stop();
  process.exit(1);
}
