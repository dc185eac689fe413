/** What the benchmark runs (NATS, the simulator, a conductor, power-sync instances), and how it is stopped again. */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { type BmcSim } from '@ironledger/bmc-sim';
import { type JetStreamManager } from '@nats-io/jetstream';
import { type NatsConnection } from '@nats-io/transport-node';
import { type CommandBus } from '../../test/support/bus.js';
import { type Service, sleep, startService } from '../../test/support/processes.js';
import { env, log, ROOT } from './settings.js';

/** What the benchmark has started so far, and the settings of its run; filled in as it goes. */
export const live: {
  natsStartedHere: boolean;
  natsPid: number | undefined;
  sim: BmcSim | undefined;
  conductor: Service | undefined;
  instances: Service[];
  bus: CommandBus | undefined;
  nc: NatsConnection | undefined;
  jsm: JetStreamManager | undefined;
  /** The environment every service of the run gets. */
  baseEnv: Record<string, string>;
  /** The run's event stream. */
  eventStream: string;
  /** The busy processes of BENCH_LOAD. */
  load: ChildProcess[];
} = { natsStartedHere: false, natsPid: undefined, sim: undefined, conductor: undefined, instances: [], bus: undefined, nc: undefined, jsm: undefined, baseEnv: {}, eventStream: '', load: [] };
/** JetStream streams to delete at the end. */
export const streams = new Set<string>();

export function natsUrl(): string {
  if (env.NATS_URL) return env.NATS_URL;
  const running = spawnSync('bash', ['scripts/nats.sh', 'status'], { cwd: ROOT }).status === 0;
  const start = spawnSync('bash', ['scripts/nats.sh', 'start'], { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
  if (start.status !== 0) throw new Error('could not start nats-server with scripts/nats.sh');
  live.natsStartedHere = !running;
  return start.stdout.trim();
}

export async function stopInstances(): Promise<void> {
  await Promise.all(live.instances.map((s) => stopService(s)));
  live.instances = [];
}

/** SIGTERM, then SIGKILL if it is still there after 10 s. */
async function stopService(service: Service): Promise<void> {
  const killer = setTimeout(() => service.process.kill('SIGKILL'), 10_000);
  await service.stop('SIGTERM');
  clearTimeout(killer);
}

/** Starts `count` processes that each keep a core busy, as other jobs on a shared machine do. */
export function startLoad(count: number): void {
  for (let i = 0; i < count; i++) live.load.push(spawn(process.execPath, ['-e', 'for (;;);'], { stdio: 'ignore' }));
}

export function stopLoad(): void {
  for (const busy of live.load) busy.kill('SIGKILL');
  live.load = [];
}

let cleaning: Promise<void> | undefined;
export function cleanup(): Promise<void> {
  cleaning ??= (async () => {
    stopLoad();
    await stopInstances().catch(() => undefined);
    if (live.conductor) await stopService(live.conductor).catch(() => undefined);
    await live.bus?.close().catch(() => undefined);
    for (const stream of streams) await live.jsm?.streams.delete(stream).catch(() => undefined);
    await live.nc?.close().catch(() => undefined);
    await live.sim?.close().catch(() => undefined);
    if (live.natsStartedHere) spawnSync('bash', ['scripts/nats.sh', 'stop'], { cwd: ROOT });
  })();
  return cleaning;
}

/**
 * `startService`, tried again a few times when the process exits before it is ready: other engineers edit
 * the tree this runs from, and a file caught half-edited fails the start.
 */
export async function startFromSource(entry: string, serviceEnv: Record<string, string>, options: { name: string; readyTimeoutMs: number }): Promise<Service> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startService(entry, serviceEnv, options);
    } catch (error) {
      const message = (error as Error).message;
      if (attempt >= 6 || !/exited with/.test(message)) throw error;
      log(`${options.name} did not start (attempt ${attempt}), trying again in 20 s: ${message.split('\n').filter(Boolean).slice(0, 6).join(' | ')}`);
      await sleep(20_000);
    }
  }
}

export const exited = (service: Service | undefined) => service !== undefined && (service.process.exitCode !== null || service.process.signalCode !== null);
/** Processes of this benchmark that something else stopped (other jobs on the machine may kill by name). */
export const outsideKills: string[] = [];

/** Starts the live.conductor, or starts it again when something outside the benchmark stopped it. */
export async function ensureConductor(): Promise<void> {
  if (live.conductor && !exited(live.conductor)) return;
  if (live.conductor) {
    outsideKills.push(`conductor (${live.conductor.process.signalCode ?? `exit ${live.conductor.process.exitCode}`})`);
    log(`the conductor was stopped from outside (${live.conductor.process.signalCode ?? live.conductor.process.exitCode}): starting it again`);
  }
  live.conductor = await startFromSource('apps/conductor/src/main.ts', { ...live.baseEnv, CONDUCTOR_ID: 'bench-conductor' }, { name: 'conductor', readyTimeoutMs: 60_000 });
}
