/**
 * Starts ironledger for the provisioning benchmark: one conductor and the gateway, from source, on a
 * fresh isolated JetStream stream of $NATS_URL, with the e2e tier's `startSystem` (test/support/system.ts).
 * Prints ONE JSON line `{"api":...,"gateway_pid":...,"conductor_pid":...}` when the gateway is ready
 * and has heard the conductor, then runs until SIGTERM/SIGINT, stops both and deletes the stream.
 *
 *   NATS_URL=nats://127.0.0.1:4222 node --import ./scripts/register-ts.mjs bench/provision/ironledger.ts [--profile-dir DIR]
 *
 * --profile-dir: both services run under V8's CPU profiler (cpu-profile.mjs, what `--cpu-prof` does) and
 * write CPU.<pid>.cpuprofile there when they stop.
 * NODE_FLAGS (environment): flags for `node` in both services, e.g. npm start's (scripts/footprint.sh).
 */
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { type RunningSystem, startSystem } from '../../test/support/system.js';

const { values: opts } = parseArgs({ options: { 'profile-dir': { type: 'string' } } });

const env: Record<string, string> = {};
if (opts['profile-dir']) {
  const dir = resolve(opts['profile-dir']);
  mkdirSync(dir, { recursive: true });
  // `--cpu-prof` is not allowed in NODE_OPTIONS: cpu-profile.mjs starts the same V8 profiler from a preload.
  env.NODE_OPTIONS = `${process.env.NODE_OPTIONS ?? ''} --import=${fileURLToPath(new URL('./cpu-profile.mjs', import.meta.url))}`.trim();
  env.CPU_PROFILE_DIR = dir;
}

/** PID of this process's child running `entry` (startSystem does not expose its children). */
function childRunning(entry: string): number | undefined {
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === process.pid && readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(entry)) return Number(pid);
    } catch {
      // gone meanwhile
    }
  }
  return undefined;
}

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
  system = await startSystem({ conductors: 1, env, nodeFlags: (process.env.NODE_FLAGS ?? '').split(/\s+/).filter(Boolean) });
  const api = system.baseUrl;
  if (new URL(api).port === '6385') throw new Error('the gateway got port 6385, the real Ironic’s');
  console.log(JSON.stringify({ api, gateway_pid: childRunning('apps/gateway/src/main.ts'), conductor_pid: childRunning('apps/conductor/src/main.ts'), nats: system.natsUrl }));
  // startSystem's children keep this process alive until a signal stops them.
} catch (error) {
  console.error(`ironledger did not start: ${(error as Error).message}`);
  await system?.stop();
  process.exit(1);
}
