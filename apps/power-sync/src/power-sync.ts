import { type LiveProjection, type NodeSummary } from '@ironledger/application';
import { type ConductorClient } from '@ironledger/bus';
import { type HardwareType, type PowerDriver } from '@ironledger/drivers';
import { Counter, Gauge, Histogram, type Registry } from 'prom-client';
import { type PassKind, type PassLedger } from './pass-ledger.js';
import { PARTS, partOf, PassPlan, readingOrder } from './pass-plan.js';
import { dueForRecovery, dueForSync, visit } from './visit.js';

export interface PowerSyncOptions {
  readonly instanceId: string;
  readonly syncIntervalMs: number;
  readonly recoveryIntervalMs: number;
  readonly workers: number;
  /** The instances' heartbeat interval: how often a pass looks whether a member of its plan is gone. */
  readonly heartbeatIntervalMs: number;
  readonly force: boolean;
  readonly maxRetries: number;
}

/** Who is alive among the power-sync instances (the bus's `Roster`, announcing this instance). */
export interface PowerSyncRoster {
  alive(): string[];
  /** Every instance heard from, with when it was first heard. */
  members(): ReadonlyArray<{ readonly id: string; readonly firstSeen: number; readonly alive: boolean }>;
  /** Whether silence proves anything yet (see `Roster.heardLongEnough`). */
  heardLongEnough(): boolean;
}

/** What power sync counts and times, for Prometheus. */
export class PowerSyncMetrics {
  readonly passes: Counter<'kind'>;
  readonly takenOver: Counter<'kind'>;
  readonly reads: Counter<'kind'>;
  /** Events recorded by power sync: failures, corrections, restores, maintenance set and cleared. */
  readonly recorded: Counter<'event'>;
  readonly passSeconds: Histogram<'kind'>;
  readonly readSeconds: Histogram<'driver'>;
  readonly readErrors: Counter<'driver' | 'kind'>;

  /** `drivers`: the hardware types whose open BMC connections are reported. */
  constructor(registry: Registry, drivers: ReadonlyMap<string, HardwareType> = new Map()) {
    const name = (suffix: string) => `ironledger_power_sync_${suffix}`;
    const registers = [registry];
    const counter = <L extends string>(suffix: string, help: string, label: L) => new Counter<L>({ name: name(suffix), help, labelNames: [label], registers });
    this.passes = counter('passes_total', 'Passes this instance read its share of (sync or recovery).', 'kind');
    this.takenOver = counter('nodes_taken_over_total', 'Nodes this instance read for members of a pass\'s plan that were gone before they had read them.', 'kind');
    this.reads = counter('bmc_reads_total', 'BMC power reads done by this instance.', 'kind');
    this.recorded = counter('events_total', 'Events power sync caused, by type.', 'event');
    this.passSeconds = new Histogram({
      name: name('pass_duration_seconds'),
      help: 'Passes this instance read its share of, from the interval boundary until its share was read, by kind.',
      labelNames: ['kind'],
      buckets: [1, 2.5, 5, 10, 20, 30, 60, 120, 300, 600],
      registers,
    });
    this.readSeconds = new Histogram({
      name: name('bmc_read_duration_seconds'),
      help: 'Power state reads of BMCs by this instance, failed ones included, by driver.',
      labelNames: ['driver'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
      registers,
    });
    this.readErrors = new Counter({
      name: name('bmc_read_errors_total'),
      help: 'Power state reads of BMCs that failed, by driver and kind (the driver error\'s: timeout, unreachable, auth, server, rejected, …; `other` when it names none).',
      labelNames: ['driver', 'kind'],
      registers,
    });
    new Gauge({
      name: name('bmc_sockets'),
      help: 'Connections open to BMCs now, busy or idle, sampled at scrape time.',
      registers,
      collect() {
        this.set([...drivers.values()].reduce((sum, hardware) => sum + (hardware.openSockets?.() ?? 0), 0));
      },
    });
  }

  /** The driver's power interface, its reads timed and their failures counted. */
  measured(driver: string, power: PowerDriver): PowerDriver {
    return {
      validate: (node) => power.validate(node),
      setPowerState: (node, target, timeoutSeconds) => power.setPowerState(node, target, timeoutSeconds),
      getPowerState: async (node) => {
        const done = this.readSeconds.startTimer({ driver });
        try {
          return await power.getPowerState(node);
        } catch (error) {
          const kind = (error as { kind?: unknown }).kind;
          this.readErrors.inc({ driver, kind: typeof kind === 'string' ? kind : 'other' });
          throw error;
        } finally {
          done();
        }
      },
    };
  }
}

/**
 * Ironic's `_sync_power_states`, shared by the live power-sync instances. At each interval
 * boundary the pass is planned on the instances alive then (the first instance to claim the plan
 * in the `PassLedger` decides it for all), and a consistent hash ring over them gives each its
 * share of the nodes. Each member reads its share part by part and records the parts it finished;
 * a member the roster counts gone during the pass has the unfinished rest of its share read by the
 * members the ring without it gives those nodes to. An instance that joins after the plan reads
 * from the next pass on. What a visit found goes to the conductors as a `RecordPowerSync` command,
 * so each decision is an event; a BMC that agrees with the record costs the conductors nothing.
 * A recovery pass over nodes in power-failure maintenance runs the same way on its own interval.
 */
export class PowerSync {
  private timers: NodeJS.Timeout[] = [];
  private stopped = false;
  /** Each driver's power interface with its reads measured, made once. */
  private readonly measured = new Map<string, PowerDriver>();
  /** BMC reads of every pass wait their turn here: at most `workers` at once, first come first served. */
  private readonly reads: Limiter;
  private readonly passes = new Set<Promise<void>>();
  /** Per kind, the newest pass's reading of its share: the next pass's waits for it. */
  private readonly reading = new Map<PassKind, Promise<void>>();

  constructor(
    private readonly projection: LiveProjection,
    private readonly ledger: PassLedger,
    private readonly roster: PowerSyncRoster,
    private readonly conductors: ConductorClient,
    private readonly drivers: ReadonlyMap<string, HardwareType>,
    private readonly options: PowerSyncOptions,
    private readonly metrics: PowerSyncMetrics,
    private readonly log: (message: string) => void = () => undefined,
  ) {
    this.reads = new Limiter(options.workers);
  }

  start(): void {
    this.every(this.options.syncIntervalMs, (pass) => this.pass('sync', pass, dueForSync));
    this.every(this.options.recoveryIntervalMs, (pass) => this.pass('recovery', pass, dueForRecovery));
  }

  /** Stops starting passes and reads, and waits for the reads under way. */
  async stop(): Promise<void> {
    this.stopped = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.reads.close();
    await Promise.allSettled([...this.passes]);
  }

  /**
   * Runs `job` at every multiple of `intervalMs` since the epoch, so instances agree on pass
   * numbers: the number is the boundary's the timer was set for, however late it fires.
   */
  private every(intervalMs: number, job: (pass: number) => Promise<void>): void {
    const schedule = (previous: number) => {
      const now = Date.now();
      // Never the same pass twice, should a timer fire a little before its boundary.
      const pass = Math.max(Math.floor(now / intervalMs) + 1, previous + 1);
      const timer = setTimeout(() => {
        const running = job(pass).catch((error) => this.log(`pass failed: ${(error as Error).message}`));
        this.passes.add(running);
        void running.finally(() => this.passes.delete(running));
        schedule(pass);
      }, Math.max(0, pass * intervalMs - now));
      this.timers = [...this.timers.filter((t) => t !== timer), timer];
    };
    schedule(0);
  }

  /**
   * One pass: plan it (or read the plan another instance made), read this instance's share, and
   * until the pass's interval is over read what members gone meanwhile left of theirs.
   */
  async pass(kind: PassKind, pass: number, due: (node: NodeSummary) => boolean): Promise<void> {
    const self = this.options.instanceId;
    const intervalMs = kind === 'sync' ? this.options.syncIntervalMs : this.options.recoveryIntervalMs;
    const started = Date.now();
    const ends = (pass + 1) * intervalMs;
    // A roster that has not listened long enough knows too few instances: wait a little for it
    // (meanwhile another instance may plan the pass), but plan the pass with what it knows then.
    while (!this.stopped && !this.roster.heardLongEnough() && Date.now() < started + 4 * this.options.heartbeatIntervalMs) await sleep(this.options.heartbeatIntervalMs / 4);
    if (this.stopped) return;
    // Only instances heard before the boundary: an instance announces itself once its timers are
    // set, so each of them runs this pass (one heard only after may have set them for the next).
    const boundary = pass * intervalMs;
    const proposed = this.roster.members().filter((member) => member.alive && member.firstSeen <= boundary);
    const plan = new PassPlan(await this.ledger.plan(kind, pass, [...new Set([...proposed.map((member) => member.id), self])]));
    // Joined after the plan was made: this instance reads from the next pass on.
    if (!plan.members.includes(self)) return;
    // Passes of a kind never overlap, as Ironic's periodic tasks: this share is read once the
    // previous pass's is. A pass whose interval is over by then is skipped: the next reads the same nodes.
    const previous = this.reading.get(kind);
    let turnEnded!: () => void;
    this.reading.set(kind, new Promise<void>((resolve) => (turnEnded = resolve)));
    let takeovers = Promise.resolve();
    try {
      await previous;
      if (this.stopped) return;
      if (Date.now() >= ends) {
        this.log(`${kind} pass ${pass}: skipped (the previous pass was still being read when its interval ended)`);
        return;
      }
      const read = new Set<string>();
      // Planned on the nodes' summaries: a node is unpacked only when its visit comes.
      const share = readingOrder(this.projection.readModel.summaries().filter((node) => due(node) && plan.ownerOf(node.uuid) === self));
      takeovers = this.takeOverGone(kind, pass, plan, due, read, ends);
      await this.readShare(kind, pass, share, read);
      if (!this.stopped) {
        this.metrics.passes.inc({ kind });
        this.metrics.passSeconds.observe({ kind }, (Date.now() - pass * intervalMs) / 1000);
        this.log(`${kind} pass ${pass}: read its share of ${share.length} nodes in ${Date.now() - started} ms (plan: ${plan.members.join(' ')})`);
      }
    } finally {
      turnEnded();
    }
    await takeovers;
  }

  /** Reads the share in order, and records how many leading parts are finished as they finish. */
  private async readShare(kind: PassKind, pass: number, share: readonly NodeSummary[], read: Set<string>): Promise<void> {
    const left = new Array<number>(PARTS).fill(0);
    for (const node of share) left[partOf(node.uuid)]++;
    let finished = 0;
    let recorded = -1;
    let recording = Promise.resolve();
    const record = () => {
      while (finished < PARTS && left[finished] === 0) finished++;
      if (finished === recorded) return;
      const parts = (recorded = finished);
      recording = recording.then(() => this.ledger.recordProgress(kind, pass, this.options.instanceId, parts)).catch((error) => this.log(`${kind} pass ${pass}: progress not recorded: ${(error as Error).message}`));
    };
    record();
    await this.readAll(kind, share, read, (node) => {
      left[partOf(node.uuid)]--;
      record();
    });
    await recording;
  }

  /**
   * Until the pass's interval ends, every heartbeat: when members of the plan are gone (and the
   * roster has listened long enough to say so), reads the nodes of their shares beyond the parts
   * they recorded as finished that the ring without them gives to this instance.
   */
  private async takeOverGone(kind: PassKind, pass: number, plan: PassPlan, due: (node: NodeSummary) => boolean, read: Set<string>, ends: number): Promise<void> {
    const self = this.options.instanceId;
    let judged = '';
    const finishedBy = new Map<string, number>();
    while (!this.stopped && Date.now() < ends) {
      await sleep(this.options.heartbeatIntervalMs);
      if (!this.roster.heardLongEnough()) continue;
      const alive = new Set(this.roster.alive());
      const gone = new Set(plan.members.filter((member) => member !== self && !alive.has(member)));
      const signature = [...gone].join(' ');
      if (signature === judged) continue;
      judged = signature;
      for (const member of gone) if (!finishedBy.has(member)) finishedBy.set(member, await this.ledger.progress(kind, pass, member));
      const left = this.projection.readModel.summaries().filter((node) => {
        const owner = plan.ownerOf(node.uuid)!;
        return gone.has(owner) && partOf(node.uuid) >= finishedBy.get(owner)! && !read.has(node.uuid) && due(node) && plan.readerOf(node.uuid, gone) === self;
      });
      if (left.length === 0) continue;
      this.log(`${kind} pass ${pass}: taking over ${left.length} nodes of ${[...gone].map((member) => `${member} (gone after ${finishedBy.get(member)} of ${PARTS} parts)`).join(', ')}`);
      this.metrics.takenOver.inc({ kind }, left.length);
      await this.readAll(kind, readingOrder(left), read, () => undefined);
    }
  }

  /** Visits `nodes` in order through the shared limit on reads, calling `ended` after each. */
  private async readAll(kind: PassKind, nodes: readonly NodeSummary[], read: Set<string>, ended: (node: NodeSummary) => void): Promise<void> {
    let next = 0;
    const worker = async () => {
      while (next < nodes.length && !this.stopped) {
        const node = nodes[next++];
        read.add(node.uuid);
        const done = await this.reads.run(() => this.visit(kind, node.uuid).catch((error) => this.log(`node ${node.uuid}: visit failed: ${(error as Error).message}`)));
        if (done === CLOSED) return;
        ended(node);
      }
    };
    await Promise.all(Array.from({ length: Math.min(this.options.workers, nodes.length) }, worker));
  }

  /** One visit: the node as it is now, its BMC, and what to record. */
  async visit(kind: PassKind, nodeId: string): Promise<void> {
    // Read once, so not held whole: an instance of its own keeps every node packed (see its service).
    const node = this.projection.readModel.peek(nodeId);
    // The node may have changed since the pass was planned: check again.
    if (!node || !(kind === 'sync' ? dueForSync(node) : dueForRecovery(node))) return;
    const hardware = this.drivers.get(node.driver);
    if (!hardware) return;
    this.metrics.reads.inc({ kind });
    let power = this.measured.get(node.driver);
    if (!power) this.measured.set(node.driver, (power = this.metrics.measured(node.driver, hardware.power)));
    const data = await visit(node, power, this.options);
    if (!data) return;
    const reply = await this.conductors.send({
      type: 'RecordPowerSync',
      nodeId,
      data,
      meta: { at: new Date().toISOString(), actor: 'power-sync', requestId: `power-sync-${kind}-${this.options.instanceId}-${nodeId}-${Date.now()}` },
    });
    if (!reply.ok) {
      // Typically the node moved on meanwhile (an operator acted); the next pass looks again.
      this.log(`node ${nodeId}: ${reply.error.message}`);
      return;
    }
    for (const event of reply.events) this.metrics.recorded.inc({ event: event.type });
  }
}

const CLOSED = Symbol('closed');

/** At most `max` jobs at once, the others waiting in the order they came; once closed, waiting and new jobs do not run. */
class Limiter {
  private running = 0;
  private closed = false;
  private waiting: Array<(go: boolean) => void> = [];

  constructor(private readonly max: number) {}

  async run<T>(job: () => Promise<T>): Promise<T | typeof CLOSED> {
    if (this.closed) return CLOSED;
    if (this.running < this.max) this.running++;
    // The slot of a job that ended is handed over, not given back.
    else if (!(await new Promise<boolean>((resolve) => this.waiting.push(resolve)))) return CLOSED;
    try {
      return await job();
    } finally {
      const next = this.waiting.shift();
      if (next) next(true);
      else this.running--;
    }
  }

  close(): void {
    this.closed = true;
    for (const waiter of this.waiting.splice(0)) waiter(false);
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
