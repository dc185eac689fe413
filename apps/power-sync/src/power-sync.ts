import { type LiveProjection } from '@ironledger/application';
import { type ConductorClient } from '@ironledger/bus';
import { type Node } from '@ironledger/domain';
import { type HardwareType, type PowerDriver } from '@ironledger/drivers';
import { Counter, Gauge, Histogram, type Registry } from 'prom-client';
import { type PowerSyncQueue, type Visit } from './work-queue.js';
import { dueForRecovery, dueForSync, passOrder, visit } from './visit.js';

export interface PowerSyncOptions {
  readonly instanceId: string;
  readonly syncIntervalMs: number;
  readonly recoveryIntervalMs: number;
  readonly workers: number;
  readonly force: boolean;
  readonly maxRetries: number;
}

/** How often a pass looks whether the shared queue still holds visits. */
const PASS_POLL_MS = 200;

/** What power sync counts and times, for Prometheus. */
export class PowerSyncMetrics {
  readonly passes: Counter<'kind'>;
  readonly visitsPublished: Counter<'kind'>;
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
    this.passes = counter('passes_total', 'Passes this instance published (sync or recovery): one instance publishes each pass.', 'kind');
    this.visitsPublished = counter('visits_published_total', 'Node visits this instance put on the shared queue, in the passes it published.', 'kind');
    this.reads = counter('bmc_reads_total', 'BMC power reads done by this instance.', 'kind');
    this.recorded = counter('events_total', 'Events power sync caused, by type.', 'event');
    this.passSeconds = new Histogram({
      name: name('pass_duration_seconds'),
      help: 'Passes this instance published, from their start until the shared queue held no visit (every instance done), by kind; a pass still running when the next of its kind starts counts as long as the interval.',
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
 * Ironic's `_sync_power_states`, spread over instances. At each interval boundary one instance
 * publishes the pass (the nodes due, failed-last-time first) to the shared work queue in batches:
 * every instance tries, the queue lets the first one through (`PowerSyncQueue.publishPass`). Every
 * instance takes batches from the queue, reads the BMCs, and sends what it found to the conductors
 * as a `RecordPowerSync` command, so each decision is an event; a BMC that agrees with the record
 * costs the conductors nothing. A recovery pass over nodes in power-failure maintenance runs on its
 * own interval.
 */
export class PowerSync {
  private timers: NodeJS.Timeout[] = [];
  private consumer?: { stop(): Promise<void> };
  private stopped = false;
  /** Each driver's power interface with its reads measured, made once. */
  private readonly measured = new Map<string, PowerDriver>();

  constructor(
    private readonly projection: LiveProjection,
    private readonly queue: PowerSyncQueue,
    private readonly conductors: ConductorClient,
    private readonly drivers: ReadonlyMap<string, HardwareType>,
    private readonly options: PowerSyncOptions,
    private readonly metrics: PowerSyncMetrics,
    private readonly log: (message: string) => void = () => undefined,
  ) {}

  async start(): Promise<void> {
    this.consumer = await this.queue.consume(this.options.workers, (v) => this.visit(v));
    this.every(this.options.syncIntervalMs, (pass) => this.publish('sync', pass, dueForSync));
    this.every(this.options.recoveryIntervalMs, (pass) => this.publish('recovery', pass, dueForRecovery));
  }

  async stop(): Promise<void> {
    this.stopped = true;
    for (const timer of this.timers) clearTimeout(timer);
    await this.consumer?.stop();
  }

  /** Runs `job` at every multiple of `intervalMs` since the epoch, so instances agree on pass numbers. */
  private every(intervalMs: number, job: (pass: number) => Promise<void>): void {
    const schedule = () => {
      const now = Date.now();
      const timer = setTimeout(() => {
        void job(Math.round(Date.now() / intervalMs)).catch((error) => this.log(`pass failed: ${(error as Error).message}`));
        schedule();
      }, intervalMs - (now % intervalMs));
      this.timers = [...this.timers.filter((t) => t !== timer), timer];
    };
    schedule();
  }

  /** Publishes one pass's visits unless another instance does, and times the pass it published until every instance has done it. */
  async publish(kind: Visit['kind'], pass: number, due: (node: Node) => boolean): Promise<void> {
    const started = Date.now();
    const nodes = passOrder([...this.projection.readModel.all()].filter(due));
    if (nodes.length === 0) return;
    const published = await this.queue.publishPass(kind, pass, nodes.map((node) => node.uuid));
    // Another instance publishes this pass, and times it.
    if (published === null) return;
    this.metrics.passes.inc({ kind });
    this.metrics.visitsPublished.inc({ kind }, published);
    const next = started + (kind === 'sync' ? this.options.syncIntervalMs : this.options.recoveryIntervalMs);
    while (!this.stopped && Date.now() + PASS_POLL_MS < next && (await this.queue.unfinished()) > 0) await new Promise((resolve) => setTimeout(resolve, PASS_POLL_MS));
    if (!this.stopped) this.metrics.passSeconds.observe({ kind }, (Date.now() - started) / 1000);
  }

  /** One visit: the node as it is now, its BMC, and what to record. */
  async visit({ kind, nodeId }: Visit): Promise<void> {
    const node = this.projection.readModel.get(nodeId);
    // The node may have changed since the pass was published: check again.
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
