/**
 * Power sync benchmark: one sync pass over 10,000 simulated Redfish BMCs, all responding, then with
 * 5 % of them hanging until the request timeout. Wall time per pass and BMC reads/s, median of N passes.
 *
 *   bash bench/power-sync/run.sh                                   # or, with NATS_URL set:
 *   node --import ./scripts/register-ts.mjs bench/power-sync/bench.ts
 *
 * What it runs (real processes, as in test/power-sync/power-sync.int.spec.ts): the BMC simulator in
 * this process (so its per-BMC request counters can be read directly), one conductor, and power-sync
 * instances, on the NATS server of $NATS_URL (when unset, this checkout's `scripts/nats.sh start`, stopped
 * again at the end if it was started here) with an isolated JetStream stream and bus subjects.
 *
 * 1. Setup (timed separately): 10,000 Redfish nodes (basic auth, `redfish_system_id`) registered and
 *    managed through the conductor (`manage` verifies credentials with one read of each BMC: the
 *    simulator's counters then show exactly one GET per BMC), so they end `manageable`, which power sync
 *    visits. With BENCH_ENROL=available they are registered `available` instead (Ironic's state for new
 *    nodes below API 1.11): one command per node and no verification, which at 100,000 BMCs saves about
 *    ten minutes; power sync visits `available` nodes exactly as `manageable` ones, so the passes measured
 *    are the same. Their power state is still unknown, so the first power-sync pass records every one
 *    through the conductor; that pass is timed as part of the setup.
 * 2. For each scenario, fresh power-sync instance(s) with their own work queue; passes start at multiples
 *    of SYNC_POWER_STATE_INTERVAL. A pass is measured from its boundary to the moment every BMC's request
 *    counter has moved (each read is one GET of the ComputerSystem; every pass checks that every counter
 *    moved by exactly one), and with hanging BMCs until the simulator holds no request any more (the
 *    client gave up on the last one). The first pass of each scenario is a warm-up (new process, cold
 *    JIT); the next N are measured.
 * 3. Scenarios: all responding with SYNC_POWER_STATE_WORKERS = 8 (Ironic's default) and a higher value,
 *    and two instances sharing the pass; 5 % of BMCs hanging with REDFISH_REQUEST_TIMEOUT_MS = 10 s
 *    (default) and a lower value. Hanging scenarios run with POWER_STATE_SYNC_MAX_RETRIES very high so
 *    that the failing nodes stay in the sync pass (with the default 3 they move to the recovery pass after
 *    three passes, which then pays the same timeouts every POWER_FAILURE_RECOVERY_INTERVAL); their
 *    interval is sized from the expected pass time.
 *
 * Each power-sync instance's open file descriptors (sockets among them) are counted, and its RSS read, just
 * before each pass boundary (what the previous pass left open) and when the pass ended (/proc/<pid>).
 * Prints Markdown tables and writes every pass as JSON into $BENCH_OUT (default
 * .run/bench-power-sync/<UTC stamp>). With BENCH_PROFILE=1 it also says where power-sync's CPU goes in
 * the measured passes (V8 CPU profiles cut to the passes: samples carry CLOCK_MONOTONIC times).
 * Other jobs on a shared machine may stop processes by name: a conductor or power-sync instance stopped
 * from outside is started again and its scenario repeated once, and the report says so.
 * Stops by itself: every process it started is stopped and its JetStream streams are deleted, also on
 * errors, SIGINT/SIGTERM, or when BENCH_DEADLINE_S runs out.
 *
 * Environment (defaults in brackets):
 *   BENCH_BMCS [10000]                   simulated BMCs = nodes
 *   BENCH_WORKERS [8,128]                SYNC_POWER_STATE_WORKERS of the all-responding scenarios, one instance each
 *   BENCH_TWO_INSTANCES [64]             workers of each of two instances sharing the pass (0: skip)
 *   BENCH_PASSES [5]                     measured passes per all-responding scenario (after one warm-up pass)
 *   BENCH_INTERVAL_S [35]                SYNC_POWER_STATE_INTERVAL of the all-responding scenarios: above the Redfish
 *                                        client's idle-connection timeout (4 s), so that every pass opens a new
 *                                        connection to every BMC, as with Ironic's 60-120 s intervals
 *   BENCH_FIRST_INTERVAL_S [90]          interval of the first pass (a command per node)
 *   BENCH_HANG_PERCENT [5]               share of BMCs that hang (every 1/share-th BMC)
 *   BENCH_HANG_TIMEOUTS_MS [10000,2000]  REDFISH_REQUEST_TIMEOUT_MS of the hanging scenarios
 *   BENCH_HANG_WORKERS [128]             SYNC_POWER_STATE_WORKERS of the hanging scenarios
 *   BENCH_HANG_PASSES [3]                measured passes per hanging scenario (after one warm-up pass)
 *   BENCH_HANG_EXTRA [8:2000]            more hanging scenarios, workers:timeout,..., one measured pass each ('' to skip)
 *   BENCH_SETUP_CONCURRENCY [64]         registration commands in flight
 *   BENCH_ENROL [manage]                 manage: nodes registered in `enroll` and managed (the conductor verifies each
 *                                        BMC); available: registered `available`, no verification (faster setup)
 *   BENCH_PROFILE [0]                    1: power-sync runs under V8's CPU profiler (bench/provision/cpu-profile.mjs,
 *                                        what --cpu-prof does); profiles in $BENCH_OUT/profiles/<scenario>
 *   BENCH_DEADLINE_S [3600]              the whole run stops (cleaning up) after this long
 *   BENCH_POWER_SYNC_MAIN [apps/power-sync/src/main.ts]  power-sync entry point (e.g. a copy with a change, to compare)
 */
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, readlinkSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LiveProjection } from '@ironledger/application';
import { BmcSim } from '@ironledger/bmc-sim';
import { JetStreamEventStore } from '@ironledger/event-store';
import { jetstreamManager, type JetStreamManager } from '@nats-io/jetstream';
import { connect, type NatsConnection, type Subscription } from '@nats-io/transport-node';
import { CommandBus } from '../../test/support/bus.js';
import { isolatedRun, type Service, sleep, startService } from '../../test/support/processes.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const env = process.env;
const list = (value: string | undefined, fallback: string) => (value ?? fallback).split(',').map((s) => s.trim()).filter(Boolean);
const BMCS = Number(env.BENCH_BMCS ?? 10_000);
const WORKERS = list(env.BENCH_WORKERS, '8,128').map(Number);
const TWO_INSTANCES = Number(env.BENCH_TWO_INSTANCES ?? 64);
const PASSES = Number(env.BENCH_PASSES ?? 5);
const INTERVAL_S = Number(env.BENCH_INTERVAL_S ?? 35);
const HANG_PERCENT = Number(env.BENCH_HANG_PERCENT ?? 5);
const HANG_TIMEOUTS_MS = list(env.BENCH_HANG_TIMEOUTS_MS, '10000,2000').map(Number);
const HANG_WORKERS = Number(env.BENCH_HANG_WORKERS ?? 128);
const HANG_PASSES = Number(env.BENCH_HANG_PASSES ?? 3);
const HANG_EXTRA = list(env.BENCH_HANG_EXTRA, '8:2000').map((s) => s.split(':').map(Number) as [number, number]);
const SETUP_CONCURRENCY = Number(env.BENCH_SETUP_CONCURRENCY ?? 64);
const ENROL = env.BENCH_ENROL || 'manage';
if (ENROL !== 'manage' && ENROL !== 'available') throw new Error(`BENCH_ENROL must be manage or available, not "${ENROL}"`);
/** The provision state every node has when the setup ends. */
const SETTLED_STATE = ENROL === 'manage' ? 'manageable' : 'available';
const PROFILE = env.BENCH_PROFILE === '1';
const DEADLINE_S = Number(env.BENCH_DEADLINE_S ?? 3600);
/** The power-sync entry point, relative to the repository (another copy of the service, to compare). */
const POWER_SYNC_MAIN = env.BENCH_POWER_SYNC_MAIN ?? 'apps/power-sync/src/main.ts';
const OUT = env.BENCH_OUT ?? join(ROOT, '.run/bench-power-sync', new Date().toISOString().replace(/[-:]|\.\d+/g, ''));
/** Every n-th BMC hangs. */
const HANG_EVERY = Math.round(100 / HANG_PERCENT);
const FIRST_PASS = 'first pass after enrolment';
/** SYNC_POWER_STATE_INTERVAL of the first pass, which sends a command per node. */
const FIRST_INTERVAL_S = Number(env.BENCH_FIRST_INTERVAL_S ?? 90);
/** Workers of the single instance of the first pass: the most of any scenario. */
const FIRST_WORKERS = Math.max(...WORKERS, TWO_INSTANCES, 1);
const HANGING = Array.from({ length: BMCS }, (_, i) => i + 1).filter((n) => n % HANG_EVERY === 0);

const started = Date.now();
const log = (message: string) => console.error(`[${((Date.now() - started) / 1000).toFixed(1).padStart(6)} s] ${message}`);

// ---------------------------------------------------------------------------------------------
// What runs, and how it is cleaned up

let natsStartedHere = false;
let sim: BmcSim | undefined;
let conductor: Service | undefined;
let instances: Service[] = [];
let bus: CommandBus | undefined;
let nc: NatsConnection | undefined;
let jsm: JetStreamManager | undefined;
const streams = new Set<string>();

function natsUrl(): string {
  if (env.NATS_URL) return env.NATS_URL;
  const running = spawnSync('bash', ['scripts/nats.sh', 'status'], { cwd: ROOT }).status === 0;
  const start = spawnSync('bash', ['scripts/nats.sh', 'start'], { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
  if (start.status !== 0) throw new Error('could not start nats-server with scripts/nats.sh');
  natsStartedHere = !running;
  return start.stdout.trim();
}

async function stopInstances(): Promise<void> {
  await Promise.all(instances.map((s) => stopService(s)));
  instances = [];
}

/** SIGTERM, then SIGKILL if it is still there after 10 s. */
async function stopService(service: Service): Promise<void> {
  const killer = setTimeout(() => service.process.kill('SIGKILL'), 10_000);
  await service.stop('SIGTERM');
  clearTimeout(killer);
}

let cleaning: Promise<void> | undefined;
function cleanup(): Promise<void> {
  cleaning ??= (async () => {
    await stopInstances().catch(() => undefined);
    if (conductor) await stopService(conductor).catch(() => undefined);
    await bus?.close().catch(() => undefined);
    for (const stream of streams) await jsm?.streams.delete(stream).catch(() => undefined);
    await nc?.close().catch(() => undefined);
    await sim?.close().catch(() => undefined);
    if (natsStartedHere) spawnSync('bash', ['scripts/nats.sh', 'stop'], { cwd: ROOT });
  })();
  return cleaning;
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    log(`${signal}: cleaning up`);
    void cleanup().then(() => process.exit(130));
  });
}
const deadline = setTimeout(() => {
  log(`BENCH_DEADLINE_S (${DEADLINE_S} s) reached: stopping`);
  printResults();
  void cleanup().then(() => process.exit(3));
}, DEADLINE_S * 1000);
deadline.unref();

// ---------------------------------------------------------------------------------------------
// Measuring

/** CPU seconds a process has used so far (Linux /proc; utime + stime at 100 ticks/s). */
function cpuSeconds(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return null;
  }
}

/** The nats-server listening on the URL's port, if it runs on this machine. */
function natsServerPid(url: string): number | undefined {
  const port = new URL(url).port;
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
      if (cmdline[0]?.endsWith('nats-server') && cmdline.some((arg, i) => (arg === '-p' || arg === '--port') && cmdline[i + 1] === port)) return Number(pid);
    } catch {
      // gone meanwhile
    }
  }
  return undefined;
}

/** Open file descriptors (sockets among them) and resident memory of a process (Linux /proc). */
interface ProcessFootprint {
  readonly fds: number;
  readonly sockets: number;
  readonly rssMb: number;
}
function footprint(pid: number | undefined): ProcessFootprint | null {
  if (pid === undefined) return null;
  try {
    const fds = readdirSync(`/proc/${pid}/fd`);
    let sockets = 0;
    for (const fd of fds) {
      try {
        if (readlinkSync(`/proc/${pid}/fd/${fd}`).startsWith('socket:')) sockets++;
      } catch {
        // closed meanwhile
      }
    }
    const rssKb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]);
    return { fds: fds.length, sockets, rssMb: Math.round(rssKb / 1024) };
  } catch {
    return null;
  }
}
const footprints = () => instances.map((s) => footprint(s.process.pid));
const shown = (f: ProcessFootprint | null) => (f ? `${f.fds} fds (${f.sockets} sockets), ${f.rssMb} MB` : 'n/a');

const loadNow = () => loadavg().map((l) => l.toFixed(2)).join(' / ');

/** CPU seconds used by each process that takes part, read at two moments. */
type CpuSample = Record<'powerSync' | 'simAndBench' | 'nats' | 'conductor', number | null>;
let natsPid: number | undefined;
function cpuSample(): CpuSample {
  const sum = (values: (number | null)[]) => (values.some((v) => v === null) ? null : values.reduce<number>((a, b) => a + b!, 0));
  const own = process.cpuUsage();
  return {
    powerSync: sum(instances.map((s) => cpuSeconds(s.process.pid))),
    simAndBench: (own.user + own.system) / 1e6,
    nats: cpuSeconds(natsPid),
    conductor: cpuSeconds(conductor?.process.pid),
  };
}
const cpuDelta = (a: CpuSample, b: CpuSample): CpuSample =>
  Object.fromEntries(Object.entries(a).map(([key, before]) => {
    const after = b[key as keyof CpuSample];
    return [key, before === null || after === null ? null : Number((after - before).toFixed(2))];
  })) as CpuSample;

/**
 * JetStream operations on the running scenario's work queue, counted on the bus: a core subscription
 * sees every publish to the queue's subject (duplicates too), every acknowledgement (`+ACK`, `+WPI`
 * progress, `-NAK`) and every pull and info request; deliveries are the consumer's own count.
 */
interface QueueOps {
  readonly publishes: number;
  readonly deliveries: number;
  readonly acks: number;
  readonly pulls: number;
  readonly infos: number;
}
const QUEUE_CONSUMER = 'power-sync';
let queueWatch: { queue: string; counts: { publishes: number; acks: number; pulls: number; infos: number }; subs: Subscription[]; ownInfos: number } | undefined;

function watchQueue(queue: string): void {
  const counts = { publishes: 0, acks: 0, pulls: 0, infos: 0 };
  const count = (subject: string, key: keyof typeof counts) =>
    nc!.subscribe(subject, {
      callback: () => {
        counts[key]++;
      },
    });
  const subject = `ironledger.powersync.${queue.toLowerCase()}`;
  queueWatch = {
    queue,
    counts,
    ownInfos: 0,
    subs: [
      count(subject, 'publishes'),
      count(`${subject}.>`, 'publishes'),
      count(`$JS.ACK.${queue}.>`, 'acks'),
      count(`$JS.API.CONSUMER.MSG.NEXT.${queue}.>`, 'pulls'),
      count(`$JS.API.CONSUMER.INFO.${queue}.>`, 'infos'),
    ],
  };
}

function unwatchQueue(): void {
  for (const sub of queueWatch?.subs ?? []) sub.unsubscribe();
  queueWatch = undefined;
}

/** The work queue's operations so far (this benchmark's own info requests left out), or null without a queue. */
async function queueOps(): Promise<QueueOps | null> {
  if (!queueWatch) return null;
  await nc!.flush();
  queueWatch.ownInfos++;
  const deliveries = await jsm!.consumers.info(queueWatch.queue, QUEUE_CONSUMER).then(
    (info) => info.delivered.consumer_seq,
    () => 0,
  );
  const { publishes, acks, pulls, infos } = queueWatch.counts;
  return { publishes, deliveries, acks, pulls, infos: infos - queueWatch.ownInfos };
}

const opsDelta = (a: QueueOps | null, b: QueueOps | null): QueueOps | null =>
  a && b ? { publishes: b.publishes - a.publishes, deliveries: b.deliveries - a.deliveries, acks: b.acks - a.acks, pulls: b.pulls - a.pulls, infos: b.infos - a.infos } : null;
const opsTotal = (ops: QueueOps) => ops.publishes + ops.deliveries + ops.acks + ops.pulls + ops.infos;

/** Messages (one per commit) in the run's event stream. */
async function commits(stream: string): Promise<number> {
  return (await jsm!.streams.info(stream)).state.messages;
}

interface PassResult {
  readonly scenario: string;
  readonly pass: number;
  readonly warmup: boolean;
  /** ms from the pass boundary to the first GET of the pass. */
  readonly firstReadMs: number | null;
  /** ms from the boundary until every responsive BMC had been read. */
  readonly responsiveReadMs: number | null;
  /** ms from the boundary until every BMC had been read (and, for hanging ones, the client gave up). */
  readonly wallMs: number | null;
  readonly readsPerS: number | null;
  /** BMCs whose counter moved by other than exactly one GET in the pass. */
  readonly notExactlyOne: number;
  /** GETs that arrived in the 300 ms before the boundary (left over from the previous pass). */
  readonly early: number;
  /** Event-store commits made during the pass (RecordPowerSync outcomes). */
  readonly commits: number;
  /** ms from the boundary until the expected commits had landed (null when none were expected). */
  readonly recordedMs: number | null;
  readonly cpu: CpuSample;
  readonly load: string;
  /** Each power-sync instance just before the boundary (what the previous pass left open) and when the pass ended. */
  readonly before: readonly (ProcessFootprint | null)[];
  readonly after: readonly (ProcessFootprint | null)[];
  readonly overran: boolean;
  /** JetStream operations on the work queue from 300 ms before the boundary until the pass ended (null: not counted). */
  readonly queueOps: QueueOps | null;
  /** The pass on CLOCK_MONOTONIC in µs (what V8 CPU profiles use): from the boundary to its end. */
  readonly monotonicUs: readonly [number, number];
}

const results: PassResult[] = [];

/**
 * Watches one pass: from `boundary` (epoch ms, a multiple of the interval) until every BMC's
 * request counter has moved; with hanging BMCs also until the simulator holds no request any more.
 */
async function observePass(scenario: string, pass: number, warmup: boolean, boundary: number, intervalMs: number, stream: string, expectCommits = 0): Promise<PassResult> {
  const bmcs = sim!.bmcs;
  await sleep(Math.max(0, boundary - 300 - Date.now()));
  const base = Float64Array.from(bmcs, (b) => b.requests);
  const cpu0 = cpuSample();
  const ops0 = await queueOps();
  const before = footprints();
  const commits0 = await commits(stream);
  let early = 0;
  let pending = bmcs.map((_, i) => i);
  let firstReadAt: number | null = null;
  let responsiveAt: number | null = null;
  let allReadAt: number | null = null;
  const hangingNow = bmcs.some((b) => b.hang);
  const giveUp = boundary + intervalMs - 400;
  while (Date.now() < giveUp && !instances.some(exited)) {
    const now = Date.now();
    const before = pending.length;
    pending = pending.filter((i) => bmcs[i]!.requests === base[i]);
    if (pending.length < before) {
      if (now < boundary) early += before - pending.length;
      else firstReadAt ??= now;
    }
    if (responsiveAt === null && pending.every((i) => bmcs[i]!.hang)) responsiveAt = now;
    if (pending.length === 0) {
      allReadAt = now;
      break;
    }
    // A resolution of 0.2 % of the time elapsed (2 to 50 ms): scanning 10,000 counters is not free, and
    // this process is also the simulator.
    await sleep(Math.max(2, Math.min(50, (now - boundary) / 500)));
  }
  let endAt = allReadAt;
  if (allReadAt !== null && hangingNow) {
    // The pass ends when the last hanging read has timed out: the simulator then holds nothing.
    endAt = null;
    while (Date.now() < giveUp) {
      const fleet = (await (await fetch(`${sim!.url}/control/fleet`)).json()) as { held: number };
      if (fleet.held === 0) {
        endAt = Date.now();
        break;
      }
      await sleep(20);
    }
  }
  const cpu = cpuDelta(cpu0, cpuSample());
  const after = footprints();
  // Outcomes the pass sends to the conductors land a little after the reads.
  const commitsDeadline = Math.min(giveUp, Date.now() + (expectCommits > 0 ? 120_000 : 1000));
  let committed = await commits(stream) - commits0;
  while (committed < expectCommits && Date.now() < commitsDeadline) {
    await sleep(200);
    committed = await commits(stream) - commits0;
  }
  const recordedAt = Date.now();
  await sleep(Math.max(0, Math.min(500, giveUp - Date.now())));
  // After that pause: the acknowledgements of the last visits are in.
  const ops = opsDelta(ops0, await queueOps());
  const notExactlyOne = bmcs.reduce((count, b, i) => count + (b.requests - base[i]! === 1 ? 0 : 1), 0);
  const wallMs = endAt === null ? null : endAt - boundary;
  const monotonicNowUs = Number(process.hrtime.bigint() / 1000n);
  const monotonicUs = [monotonicNowUs - (Date.now() - boundary) * 1000, monotonicNowUs - (Date.now() - (endAt ?? giveUp)) * 1000] as const;
  const result: PassResult = {
    scenario,
    pass,
    warmup,
    firstReadMs: firstReadAt === null ? null : firstReadAt - boundary,
    responsiveReadMs: responsiveAt === null ? null : responsiveAt - boundary,
    wallMs,
    readsPerS: wallMs === null ? null : Math.round((BMCS * 1000) / wallMs),
    notExactlyOne,
    early,
    commits: committed,
    recordedMs: expectCommits > 0 ? recordedAt - boundary : null,
    cpu,
    load: loadNow(),
    before,
    after,
    overran: endAt === null,
    queueOps: ops,
    monotonicUs,
  };
  const recorded = expectCommits > 0 ? `, ${committed} commits recorded ${((recordedAt - boundary) / 1000).toFixed(1)} s after the boundary` : `, ${committed} commits`;
  log(
    `${scenario} pass ${pass}${warmup ? ' (warm-up)' : ''}: ${wallMs === null ? 'OVERRAN' : `${(wallMs / 1000).toFixed(2)} s, ${result.readsPerS} reads/s`}, first read +${result.firstReadMs} ms, ` +
      `${notExactlyOne} BMCs not read exactly once, ${early} early${recorded}; ` +
      `work queue ${ops ? `${opsTotal(ops)} JetStream ops (${JSON.stringify(ops)})` : 'not counted'}; CPU s ${JSON.stringify(cpu)}; load ${result.load}; ` +
      `per instance before → after: ${before.map((b, i) => `${shown(b)} → ${shown(after[i] ?? null)}`).join(', ')}`,
  );
  results.push(result);
  return result;
}

// ---------------------------------------------------------------------------------------------
// Scenarios

interface Scenario {
  readonly name: string;
  readonly instances: number;
  readonly workers: number;
  readonly intervalS: number;
  readonly passes: number;
  readonly warmup: boolean;
  readonly env?: Record<string, string>;
  /** Commits each pass makes (RecordPowerSync outcomes); the pass waits for them to land. */
  readonly commitsPerPass?: number;
}

let baseEnv: Record<string, string> = {};
let eventStream = '';
const startups: { scenario: string; readyMs: number }[] = [];

/**
 * `startService`, tried again a few times when the process exits before it is ready: other engineers edit
 * the tree this runs from, and a file caught half-edited fails the start.
 */
async function startFromSource(entry: string, serviceEnv: Record<string, string>, options: { name: string; readyTimeoutMs: number }): Promise<Service> {
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

const exited = (service: Service | undefined) => service !== undefined && (service.process.exitCode !== null || service.process.signalCode !== null);
/** Processes of this benchmark that something else stopped (other jobs on the machine may kill by name). */
const outsideKills: string[] = [];

/** Starts the conductor, or starts it again when something outside the benchmark stopped it. */
async function ensureConductor(): Promise<void> {
  if (conductor && !exited(conductor)) return;
  if (conductor) {
    outsideKills.push(`conductor (${conductor.process.signalCode ?? `exit ${conductor.process.exitCode}`})`);
    log(`the conductor was stopped from outside (${conductor.process.signalCode ?? conductor.process.exitCode}): starting it again`);
  }
  conductor = await startFromSource('apps/conductor/src/main.ts', { ...baseEnv, CONDUCTOR_ID: 'bench-conductor' }, { name: 'conductor', readyTimeoutMs: 60_000 });
}

/** Runs a scenario; once more if one of its processes was stopped from outside meanwhile. */
async function runScenario(scenario: Scenario): Promise<PassResult[]> {
  for (let attempt = 1; ; attempt++) {
    await ensureConductor();
    const { passes, killed } = await attemptScenario(scenario);
    if (killed.length === 0) return passes;
    outsideKills.push(...killed.map((name) => `${name} during "${scenario.name}"`));
    if (attempt >= 2) return passes;
    log(`${scenario.name}: ${killed.join(', ')} stopped from outside the benchmark; running the scenario again`);
    for (const result of passes) results.splice(results.indexOf(result), 1);
  }
}

async function attemptScenario(scenario: Scenario): Promise<{ passes: PassResult[]; killed: string[] }> {
  const queue = `PSBENCH_${randomUUID().slice(0, 8).toUpperCase()}`;
  streams.add(queue);
  watchQueue(queue);
  const intervalMs = scenario.intervalS * 1000;
  const profileDir = join(OUT, 'profiles', scenario.name.replace(/[^A-Za-z0-9]+/g, '-'));
  const profileEnv: Record<string, string> = PROFILE
    ? { NODE_OPTIONS: `${env.NODE_OPTIONS ?? ''} --import=${join(ROOT, 'bench/provision/cpu-profile.mjs')}`.trim(), CPU_PROFILE_DIR: profileDir }
    : {};
  log(`${scenario.name}: starting ${scenario.instances} power-sync instance(s), ${scenario.workers} workers each, a pass every ${scenario.intervalS} s`);
  const t0 = Date.now();
  instances = await Promise.all(
    Array.from({ length: scenario.instances }, (_, i) =>
      startFromSource(
        POWER_SYNC_MAIN,
        {
          ...baseEnv,
          ...profileEnv,
          POWER_SYNC_ID: `bench-${i}`,
          POWER_SYNC_QUEUE: queue,
          SYNC_POWER_STATE_INTERVAL: String(scenario.intervalS),
          SYNC_POWER_STATE_WORKERS: String(scenario.workers),
          POWER_FAILURE_RECOVERY_INTERVAL: '86400',
          ...scenario.env,
        },
        { name: `power-sync ${i}`, readyTimeoutMs: 180_000 },
      ),
    ),
  );
  startups.push({ scenario: scenario.name, readyMs: Date.now() - t0 });
  log(`${scenario.name}: ready after ${((Date.now() - t0) / 1000).toFixed(1)} s (${instances[0]!.output().match(/ready: (\d+) nodes/)?.[1]} nodes loaded)`);
  const passes: PassResult[] = [];
  const killed: string[] = [];
  try {
    // The first boundary at least 1 s away, so that the baseline is taken before it.
    let boundary = Math.ceil((Date.now() + 1000) / intervalMs) * intervalMs;
    const total = scenario.passes + (scenario.warmup ? 1 : 0);
    for (let pass = 0; pass < total; pass++) {
      const warmup = scenario.warmup && pass === 0;
      const result = await observePass(scenario.name, pass + 1, warmup, boundary, intervalMs, eventStream, scenario.commitsPerPass ?? 0);
      passes.push(result);
      if (result.commits < (scenario.commitsPerPass ?? 0)) {
        for (const s of [...instances, conductor!]) log(`${result.commits} of ${scenario.commitsPerPass} outcomes recorded; ${s.name}'s output (tail):\n${s.output().slice(-2000)}`);
      }
      killed.push(...[...instances, conductor!].filter(exited).map((s) => `${s.name} (${s.process.signalCode ?? `exit ${s.process.exitCode}`})`));
      if (killed.length > 0) break;
      if (result.overran) {
        log(`${scenario.name}: the pass did not end within its interval; the scenario stops here`);
        break;
      }
      boundary += intervalMs;
    }
  } finally {
    await stopInstances();
    unwatchQueue();
    await jsm!.streams.delete(queue).catch(() => undefined);
    streams.delete(queue);
  }
  const windows = passes.filter((r) => !r.warmup && !r.overran).map((r) => r.monotonicUs);
  if (PROFILE && windows.length > 0) {
    try {
      profiles.set(scenario.name, summarizeProfiles(profileDir, windows));
    } catch (error) {
      log(`${scenario.name}: no profile summary: ${(error as Error).message}`);
    }
  }
  return { passes, killed };
}

// ---------------------------------------------------------------------------------------------
// Where power-sync's CPU goes, from its V8 CPU profiles, in the measured passes only

interface CpuProfile {
  readonly nodes: readonly { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] }[];
  readonly startTime: number;
  readonly samples: readonly number[];
  readonly timeDeltas: readonly number[];
}

interface ProfileSummary {
  /** Sampled time on CPU (or ready to run) in the windows, ms. */
  readonly busyMs: number;
  readonly idleMs: number;
  /** ms by area, each sample going to the nearest frame of a known area up its stack. */
  readonly areas: Record<string, number>;
  /** ms by function (self time). */
  readonly functions: [string, number][];
}

const AREAS: readonly [RegExp, string][] = [
  [/@nats-io\//, 'NATS client (work queue: publish, deliveries, acks; conductor requests)'],
  [/node:_http|\/libs\/drivers\//, "Redfish driver and Node's HTTP client"],
  [/\/apps\/power-sync\//, 'power-sync itself (passes, visits, metrics)'],
  [/\/libs\/(application|domain|contracts|event-store)\//, 'read model, domain, contracts'],
];
const SOCKETS = 'TCP sockets (node:net: connect/close of the BMC connections)';

/** Folds every `.cpuprofile` in `dir` over the given windows (CLOCK_MONOTONIC µs, as V8 stamps samples). */
function summarizeProfiles(dir: string, windows: readonly (readonly [number, number])[]): ProfileSummary {
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

const profiles = new Map<string, ProfileSummary>();

// ---------------------------------------------------------------------------------------------
// Setup

interface SetupTimes {
  simMs: number;
  conductorMs: number;
  commandsMs: number;
  manageableMs: number;
  totalMs: number;
  getsPerVerify: string;
}
let setup: SetupTimes | undefined;

async function runSetup(url: string): Promise<void> {
  const t0 = Date.now();
  sim = await BmcSim.start({ port: 0, systems: BMCS });
  const simMs = Date.now() - t0;
  const run = isolatedRun('psbench');
  eventStream = run.JETSTREAM_STREAM;
  streams.add(eventStream);
  baseEnv = { NATS_URL: url, ...run, LOG_FORMAT: 'text', HEARTBEAT_INTERVAL_MS: '1000' };
  const t1 = Date.now();
  await ensureConductor();
  const conductorMs = Date.now() - t1;
  bus = await CommandBus.connect(url, run.NATS_SUBJECT_PREFIX);
  const store = await JetStreamEventStore.connect({ servers: url, stream: run.JETSTREAM_STREAM, subjectPrefix: run.JETSTREAM_SUBJECT_PREFIX });
  const projection = new LiveProjection(store);
  await projection.start();

  log(`setup: registering ${ENROL === 'manage' ? 'and managing ' : ''}${BMCS} Redfish nodes (BENCH_ENROL=${ENROL}), ${SETUP_CONCURRENCY} in flight`);
  const t2 = Date.now();
  let next = 1;
  const failures: string[] = [];
  const worker = async () => {
    while (next <= BMCS) {
      const n = next++;
      const nodeId = randomUUID();
      const driver_info = {
        redfish_address: sim!.bmcUrl(n),
        redfish_system_id: `/redfish/v1/Systems/${n}`,
        redfish_username: 'admin',
        redfish_password: 'password',
        redfish_auth_type: 'basic',
      };
      const provision_state = ENROL === 'manage' ? 'enroll' : 'available';
      const registered = await bus!.send({ type: 'RegisterNode', nodeId, data: { driver: 'redfish', name: `bench-${n}`, driver_info, provision_state } });
      if (!registered.ok) failures.push(`register ${n}: ${registered.error.message}`);
      if (ENROL !== 'manage') continue;
      const managed = await bus!.send({ type: 'RequestProvisionAction', nodeId, data: { target: 'manage' } });
      if (!managed.ok) failures.push(`manage ${n}: ${managed.error.message}`);
    }
  };
  await Promise.all(Array.from({ length: SETUP_CONCURRENCY }, worker));
  const commandsMs = Date.now() - t2;
  if (failures.length > 0) throw new Error(`setup failed for ${failures.length} nodes, e.g. ${failures.slice(0, 3).join('; ')}`);
  log(`setup: ${ENROL === 'manage' ? BMCS * 2 : BMCS} commands accepted in ${(commandsMs / 1000).toFixed(1)} s; waiting for every node to be ${SETTLED_STATE}`);
  const manageable = () => {
    let count = 0;
    for (const node of projection.readModel.all()) if (node.provision_state === SETTLED_STATE) count++;
    return count;
  };
  const waitUntil = Date.now() + 600_000;
  while (manageable() < BMCS) {
    if (Date.now() > waitUntil) throw new Error(`only ${manageable()} of ${BMCS} nodes became ${SETTLED_STATE}`);
    const failed = [...projection.readModel.all()].find((node) => node.provision_state === 'enroll' && node.last_error);
    if (failed) throw new Error(`node ${failed.uuid} failed verification: ${failed.last_error}`);
    await sleep(250);
  }
  const manageableMs = Date.now() - t2;
  await projection.stop();
  await store.close();
  // The verification read of each node is exactly one GET of its BMC's ComputerSystem.
  const counts = new Map<number, number>();
  for (const bmc of sim.bmcs) counts.set(bmc.requests, (counts.get(bmc.requests) ?? 0) + 1);
  const getsPerVerify = [...counts].map(([gets, bmcs]) => `${bmcs} BMCs × ${gets} GET`).join(', ');
  setup = { simMs, conductorMs, commandsMs, manageableMs, totalMs: Date.now() - t0, getsPerVerify };
  log(`setup: all ${BMCS} nodes ${SETTLED_STATE} after ${(manageableMs / 1000).toFixed(1)} s; requests per BMC: ${getsPerVerify}`);
}

// ---------------------------------------------------------------------------------------------
// Output

const machine: Record<string, string> = {};

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}
const s = (ms: number) => (ms / 1000).toFixed(2);
const range = (values: number[], format: (v: number) => string) =>
  values.length === 0 ? 'n/a' : `${format(median(values))} (${format(Math.min(...values))}–${format(Math.max(...values))})`;

function summarize(scenario: string): Record<string, string> | null {
  const all = results.filter((r) => r.scenario === scenario);
  const measured = all.filter((r) => !r.warmup && !r.overran);
  if (all.length === 0) return null;
  const walls = measured.map((r) => r.wallMs!);
  const cpu = (key: keyof CpuSample) => {
    const values = measured.map((r) => r.cpu[key]).filter((v): v is number => v !== null);
    return values.length ? median(values).toFixed(1) : '–';
  };
  const warm = all.find((r) => r.warmup);
  return {
    passes: `${measured.length}${all.some((r) => r.overran) ? ' (+ overran)' : ''}`,
    wall: range(walls, s),
    rate: range(measured.map((r) => r.readsPerS!), (v) => Math.round(v).toLocaleString('en-US')),
    first: range(measured.map((r) => r.firstReadMs ?? 0), (v) => `${Math.round(v)}`),
    responsive: range(measured.map((r) => r.responsiveReadMs ?? 0), s),
    exact: measured.every((r) => r.notExactlyOne === 0 && r.early === 0) ? 'yes' : `no (${measured.map((r) => r.notExactlyOne + r.early).join(', ')})`,
    cpu: `${cpu('powerSync')} / ${cpu('simAndBench')} / ${cpu('nats')} / ${cpu('conductor')}`,
    queueOps: (() => {
      const counted = measured.map((r) => r.queueOps).filter((o): o is QueueOps => o !== null);
      if (counted.length === 0) return '–';
      const m = (key: keyof QueueOps) => Math.round(median(counted.map((o) => o[key]))).toLocaleString('en-US');
      return `${Math.round(median(counted.map(opsTotal))).toLocaleString('en-US')} (${m('publishes')} / ${m('deliveries')} / ${m('acks')} / ${m('pulls')} / ${m('infos')})`;
    })(),
    load: range(measured.map((r) => Number(r.load.split(' / ')[0])), (v) => v.toFixed(1)),
    commits: measured.map((r) => r.commits).join(', '),
    warmup: warm ? (warm.wallMs === null ? 'overran' : `${s(warm.wallMs)} s`) : '–',
    footprint: [...(measured[0]?.after ?? []).keys()]
      .map((i) => {
        const of = (moment: 'before' | 'after', key: keyof ProcessFootprint) => measured.map((r) => r[moment][i]?.[key]).filter((v): v is number => v !== undefined);
        return `#${i + 1}: ${range(of('before', 'fds'), String)} → ${range(of('after', 'fds'), String)} fds (${range(of('after', 'sockets'), String)} sockets), ${range(of('after', 'rssMb'), String)} MB`;
      })
      .join('; '),
  };
}

let printed = false;
function printResults(): void {
  if (printed) return;
  printed = true;
  mkdirSync(OUT, { recursive: true });
  writeFileSync(join(OUT, 'results.json'), JSON.stringify({ machine, setup, startups, results, profiles: Object.fromEntries(profiles) }, null, 2));
  const lines: string[] = [];
  lines.push(`Machine: ${machine.cpus}; Node ${process.version}; load average (1/5/15 min) before: ${machine.loadBefore}, after: ${loadNow()}; NATS ${machine.nats}; power-sync ${POWER_SYNC_MAIN}.`);
  if (outsideKills.length > 0) lines.push('', `Stopped from outside the benchmark (and started again, the scenario repeated): ${outsideKills.join('; ')}.`);
  lines.push('');
  if (setup) {
    lines.push(`Setup (${BMCS.toLocaleString('en-US')} Redfish nodes, basic auth, ${SETUP_CONCURRENCY} commands in flight):`, '');
    lines.push('| Step | Time |', '|---|---|');
    lines.push(`| Simulator with ${BMCS.toLocaleString('en-US')} BMCs (in the bench process) | ${s(setup.simMs)} s |`);
    lines.push(`| Conductor start | ${s(setup.conductorMs)} s |`);
    if (ENROL === 'manage') {
      lines.push(`| \`RegisterNode\` + \`RequestProvisionAction manage\` for every node, replies received | ${s(setup.commandsMs)} s |`);
      lines.push(`| … until every node is \`manageable\` (the conductor verified each BMC with one read) | ${s(setup.manageableMs)} s (${Math.round((BMCS * 1000) / setup.manageableMs)} nodes/s) |`);
    } else {
      lines.push(`| \`RegisterNode\` (\`available\`, no verification: BENCH_ENROL=available) for every node, replies received | ${s(setup.commandsMs)} s |`);
      lines.push(`| … until every node is \`available\` in a projection | ${s(setup.manageableMs)} s (${Math.round((BMCS * 1000) / setup.manageableMs)} nodes/s) |`);
    }
    lines.push(`| Setup in all | ${s(setup.totalMs)} s |`);
    lines.push(`| Simulator requests per BMC after the setup | ${setup.getsPerVerify} |`);
    const ready = startups.map((x) => x.readyMs);
    lines.push(`| power-sync start until ready (projection of ${BMCS.toLocaleString('en-US')} nodes loaded), ${ready.length} starts | ${range(ready, s)} s |`);
    const first = results.find((r) => r.scenario === FIRST_PASS);
    if (first) {
      lines.push(
        `| First pass after enrolment, 1 × ${FIRST_WORKERS} workers (no power state recorded yet: every visit sends \`RecordPowerSync\`, the conductor appends \`PowerStateCorrected\`): every BMC read | ${first.wallMs === null ? 'overran' : `${s(first.wallMs)} s`} |`,
        `| … and all ${first.commits.toLocaleString('en-US')} power states recorded | ${first.recordedMs === null ? 'n/a' : `${s(first.recordedMs)} s`} |`,
      );
    }
    lines.push('');
  }
  lines.push(`All ${BMCS.toLocaleString('en-US')} BMCs responding (a pass every ${INTERVAL_S} s; median of the measured passes, min–max in brackets):`, '');
  lines.push('| power-sync | Passes | Wall time per pass (s) | BMC reads/s | First read after the boundary (ms) | Every BMC exactly one GET | CPU s per pass: power-sync / simulator + bench / nats-server / conductor | JetStream ops on the work queue per pass (publishes / deliveries / acks / pulls / infos) | Load average (1 min) after each pass | Per instance: open fds before → after the pass (sockets after), RSS after | Warm-up pass |');
  lines.push('|---|---|---|---|---|---|---|---|---|---|---|');
  for (const name of responsiveNames) {
    const r = summarize(name);
    if (r) lines.push(`| ${name} | ${r.passes} | ${r.wall} | ${r.rate} | ${r.first} | ${r.exact} | ${r.cpu} | ${r.queueOps} | ${r.load} | ${r.footprint} | ${r.warmup} |`);
  }
  lines.push('');
  if (hangingNames.length > 0) {
    lines.push(`${HANGING.length} of ${BMCS.toLocaleString('en-US')} BMCs (${HANG_PERCENT} %) hanging (\`hang: true\`: no answer until the client gives up); failing nodes first in the pass (power_sync_failures > 0):`, '');
    lines.push('| power-sync | REDFISH_REQUEST_TIMEOUT_MS | Passes | Wall time per pass (s) | ⌈hanging / workers⌉ × timeout (s) | Responsive BMCs all read after (s) | BMC reads/s | Failures recorded per pass | CPU s per pass: power-sync / simulator + bench / nats-server / conductor | Load average (1 min) after each pass |');
    lines.push('|---|---|---|---|---|---|---|---|---|---|');
    for (const { name, workers, timeoutMs } of hangingNames) {
      const r = summarize(name);
      const bound = ((Math.ceil(HANGING.length / workers) * timeoutMs) / 1000).toFixed(0);
      if (r) lines.push(`| ${workers} workers | ${timeoutMs} | ${r.passes} | ${r.wall} | ${bound} | ${r.responsive} | ${r.rate} | ${r.commits} | ${r.cpu} | ${r.load} |`);
    }
    lines.push('');
  }
  if (profiles.size > 0) {
    const names = [...profiles.keys()];
    const areaNames = [...new Set(names.flatMap((n) => Object.keys(profiles.get(n)!.areas)))].sort(
      (a, b) => (profiles.get(names[0]!)!.areas[b] ?? 0) - (profiles.get(names[0]!)!.areas[a] ?? 0),
    );
    const perVisitUs = (name: string, ms: number) => {
      const cpu = median(results.filter((r) => r.scenario === name && !r.warmup && !r.overran).map((r) => r.cpu.powerSync ?? 0));
      const busy = profiles.get(name)!.busyMs;
      return busy > 0 ? Math.round(((ms / busy) * cpu * 1e6) / BMCS) : 0;
    };
    lines.push(
      'Where power-sync spends its CPU in the measured passes (V8 CPU profile, samples between each pass boundary and its end; each sample goes to the nearest known area up its stack; µs per visit = share × CPU seconds per pass / visits):',
      '',
    );
    lines.push(`| Area | ${names.join(' | ')} |`, `|---|${names.map(() => '---|').join('')}`);
    for (const area of areaNames) {
      const cells = names.map((name) => {
        const summary = profiles.get(name)!;
        const ms = summary.areas[area] ?? 0;
        return `${((100 * ms) / summary.busyMs).toFixed(1)} % (${perVisitUs(name, ms)} µs)`;
      });
      lines.push(`| ${area} | ${cells.join(' | ')} |`);
    }
    lines.push(`| *idle (waiting for I/O) vs. busy* | ${names.map((name) => `${((100 * profiles.get(name)!.idleMs) / (profiles.get(name)!.idleMs + profiles.get(name)!.busyMs)).toFixed(0)} % idle`).join(' | ')} |`, '');
    for (const name of names) {
      const summary = profiles.get(name)!;
      lines.push(`Top functions (self time) of power-sync, ${name}: ${summary.functions.slice(0, 8).map(([fn, ms]) => `\`${fn}\` ${((100 * ms) / summary.busyMs).toFixed(1)} %`).join(', ')}.`, '');
    }
  }
  lines.push(`Every pass: ${OUT.replace(ROOT, '')}/results.json`);
  console.log(lines.join('\n'));
}

// ---------------------------------------------------------------------------------------------
// Main

const responsiveNames: string[] = [];
const hangingNames: { name: string; workers: number; timeoutMs: number }[] = [];
let exitCode = 0;
try {
  machine.loadBefore = loadNow();
  machine.cpus = `${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}`;
  const url = natsUrl();
  machine.nats = env.NATS_URL ? '$NATS_URL' : natsStartedHere ? 'started here by scripts/nats.sh' : "this checkout's scripts/nats.sh server (already running)";
  natsPid = natsServerPid(url);
  nc = await connect({ servers: url });
  jsm = await jetstreamManager(nc);
  log(`NATS ${url} (nats-server pid ${natsPid ?? 'not found'}); load ${machine.loadBefore}; results into ${OUT}`);
  await runSetup(url);
  // No node has a recorded power state yet: the first pass records every one through the conductor.
  const first = await runScenario({ name: FIRST_PASS, instances: 1, workers: FIRST_WORKERS, intervalS: FIRST_INTERVAL_S, passes: 1, warmup: false, commitsPerPass: BMCS });
  if (first[0]?.commits !== BMCS) throw new Error(`the first pass recorded ${first[0]?.commits} power states, not ${BMCS}`);

  // All responding.
  let fastestRate = 0;
  const responsive: Scenario[] = [
    ...WORKERS.map((workers) => ({ name: `1 × ${workers} workers`, instances: 1, workers, intervalS: INTERVAL_S, passes: PASSES, warmup: true })),
    ...(TWO_INSTANCES > 0 ? [{ name: `2 × ${TWO_INSTANCES} workers`, instances: 2, workers: TWO_INSTANCES, intervalS: INTERVAL_S, passes: PASSES, warmup: true }] : []),
  ];
  for (const scenario of responsive) {
    responsiveNames.push(scenario.name);
    const passes = await runScenario(scenario);
    for (const r of passes) if (!r.warmup && r.readsPerS) fastestRate = Math.max(fastestRate, r.readsPerS);
  }

  // 5 % hanging.
  for (const n of HANGING) sim!.control(n, { hang: true });
  const hanging = [...HANG_TIMEOUTS_MS.map((timeoutMs) => ({ workers: HANG_WORKERS, timeoutMs, passes: HANG_PASSES, warmup: true })), ...HANG_EXTRA.map(([workers, timeoutMs]) => ({ workers, timeoutMs, passes: 1, warmup: false }))];
  for (const { workers, timeoutMs, passes, warmup } of hanging) {
    // Long enough for the hanging reads (workers are held until the timeout) plus the others at the measured rate.
    const expectedS = (HANGING.length * timeoutMs) / workers / 1000 + timeoutMs / 1000 + (BMCS - HANGING.length) / Math.max(200, fastestRate / 2);
    const intervalS = Math.ceil((expectedS * 1.3 + 10) / 5) * 5;
    const name = `1 × ${workers} workers, ${HANGING.length} hanging, timeout ${timeoutMs} ms`;
    hangingNames.push({ name, workers, timeoutMs });
    await runScenario({ name, instances: 1, workers, intervalS, passes, warmup, env: { REDFISH_REQUEST_TIMEOUT_MS: String(timeoutMs), POWER_STATE_SYNC_MAX_RETRIES: '1000000' }, commitsPerPass: HANGING.length });
  }
  for (const n of HANGING) sim!.control(n, { hang: false });
} catch (error) {
  exitCode = 1;
  log(`failed: ${(error as Error).stack ?? error}`);
  if (conductor) log(`conductor output (tail):\n${conductor.output().slice(-3000)}`);
  for (const s of instances) log(`${s.name} output (tail):\n${s.output().slice(-3000)}`);
} finally {
  printResults();
  await cleanup();
}
if (PROFILE) log(`whole-process CPU profiles: node --import ./scripts/register-ts.mjs bench/provision/profile-summary.ts ${join(OUT, 'profiles')}/*`);
process.exit(exitCode);
