import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));

export interface Service {
  readonly name: string;
  readonly process: ChildProcess;
  /** The last characters it printed (20,000 unless `keepChars` says otherwise). */
  output(): string;
  exited(): boolean;
  /** SIGTERM (or the given signal), then wait for the exit; SIGKILL if it takes more than 10 s. */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

/**
 * Starts one of the workspace's apps, without waiting for it: a `.ts` entry from source (through
 * the TypeScript loader), a built `.js` one as it is. The environment adds to the test process's
 * own; `nodeFlags` go to `node` itself (V8 flags such as --optimize-for-size, which NODE_OPTIONS
 * does not take).
 */
export function spawnService(entry: string, env: Readonly<Record<string, string | undefined>>, name = entry, keepChars = 20_000, nodeFlags: readonly string[] = []): Service {
  const loader = entry.endsWith('.ts') ? ['--import', './scripts/register-ts.mjs'] : [];
  const child = spawn(process.execPath, [...nodeFlags, ...loader, entry], {
    cwd: root,
    env: { ...process.env, ...env, NO_COLOR: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-keepChars);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const exit = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const exited = () => child.exitCode !== null || child.signalCode !== null;
  return {
    name,
    process: child,
    output: () => output,
    exited,
    async stop(signal: NodeJS.Signals = 'SIGTERM') {
      if (exited()) return;
      child.kill(signal);
      const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exit;
      clearTimeout(killer);
    },
  };
}

/** `spawnService`, then wait until it prints `ready`. */
export async function startService(entry: string, env: Record<string, string>, { name = entry, readyTimeoutMs = 20_000, keepChars = 20_000 } = {}): Promise<Service> {
  const service = spawnService(entry, env, name, keepChars);
  const child = service.process;
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${name} not ready after ${readyTimeoutMs} ms:\n${service.output()}`)), readyTimeoutMs);
    const onData = () => {
      if (/\bready\b/.test(service.output())) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${name} exited with ${code} before it was ready:\n${service.output()}`));
    });
  });
  return service;
}

/** The BMC simulator as its own process on a free port (`env`: its other BMC_SIM_* settings), with the URL it serves at. */
export async function startBmcSim(env: Record<string, string>, readyTimeoutMs = 60_000): Promise<{ sim: Service; url: string }> {
  const sim = await startService('apps/bmc-sim/src/main.ts', { BMC_SIM_PORT: '0', ...env }, { name: 'bmc-sim', readyTimeoutMs });
  return { sim, url: /ready at (http:\/\/[^\s:]+:\d+)/.exec(sim.output())![1]! };
}

/** A NATS server for the test, or a clear failure telling how to get one. */
export function natsUrl(): string {
  const url = process.env.NATS_URL;
  if (!url) throw new Error('NATS_URL is not set: run the tests through `npm test`, which starts a private JetStream-enabled nats-server.');
  return url;
}

/**
 * Environment that gives a test run its own JetStream stream and command-bus subjects, so runs
 * sharing a NATS server never see each other's events or answer each other's commands.
 */
export function isolatedRun(tag: string): { JETSTREAM_STREAM: string; JETSTREAM_SUBJECT_PREFIX: string; NATS_SUBJECT_PREFIX: string } {
  const id = `${tag}_${process.pid}_${Date.now().toString(36)}`.replace(/[^A-Za-z0-9_]/g, '_');
  return { JETSTREAM_STREAM: `T_${id}`.toUpperCase(), JETSTREAM_SUBJECT_PREFIX: `t.${id}`, NATS_SUBJECT_PREFIX: `bus_${id}` };
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `probe` every `intervalMs` until it returns a value that is not undefined, or fails after `timeoutMs`. */
export async function eventually<T>(probe: () => Promise<T | undefined> | T | undefined, timeoutMs = 10_000, what = 'condition', intervalMs = 50): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const value = await probe();
      if (value !== undefined) return value;
    } catch (error) {
      last = error;
    }
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}${last ? `: ${(last as Error).message}` : ''}`);
    await sleep(intervalMs);
  }
}

/** A loopback TCP port free at the time of asking. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}
