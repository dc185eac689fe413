import { type LiveProjection } from '@ironledger/application';
import { type ConductorClient } from '@ironledger/bus';
import { type Node } from '@ironledger/domain';
import { type HardwareType } from '@ironledger/drivers';
import { Counter, type Registry } from 'prom-client';
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

/** What power sync counts, for Prometheus. */
export class PowerSyncMetrics {
  readonly passes: Counter<'kind'>;
  readonly visitsPublished: Counter<'kind'>;
  readonly reads: Counter<'kind'>;
  /** Events recorded by power sync: failures, corrections, restores, maintenance set and cleared. */
  readonly recorded: Counter<'event'>;

  constructor(registry: Registry) {
    const counter = <L extends string>(name: string, help: string, label: L) => new Counter<L>({ name: `ironledger_power_sync_${name}`, help, labelNames: [label], registers: [registry] });
    this.passes = counter('passes_total', 'Passes this instance published (sync or recovery).', 'kind');
    this.visitsPublished = counter('visits_published_total', 'Node visits this instance put on the shared queue first.', 'kind');
    this.reads = counter('bmc_reads_total', 'BMC power reads done by this instance.', 'kind');
    this.recorded = counter('events_total', 'Events power sync caused, by type.', 'event');
  }
}

/**
 * Ironic's `_sync_power_states`, spread over instances. At each interval boundary every instance
 * publishes the pass (the nodes due, failed-last-time first) to the shared work queue, where the
 * server keeps each visit once; every instance takes visits from the queue, reads the BMC, and
 * sends what it found to the conductors as a `RecordPowerSync` command, so each decision is an
 * event. A recovery pass over nodes in power-failure maintenance runs on its own interval.
 */
export class PowerSync {
  private timers: NodeJS.Timeout[] = [];
  private consumer?: { stop(): Promise<void> };

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

  /** Publishes one pass's visits. */
  async publish(kind: Visit['kind'], pass: number, due: (node: Node) => boolean): Promise<void> {
    const nodes = passOrder([...this.projection.readModel.all()].filter(due));
    if (nodes.length === 0) return;
    const published = await this.queue.publish(nodes.map((node) => ({ kind, pass, nodeId: node.uuid })));
    this.metrics.passes.inc({ kind });
    this.metrics.visitsPublished.inc({ kind }, published);
  }

  /** One visit: the node as it is now, its BMC, and what to record. */
  async visit({ kind, nodeId }: Visit): Promise<void> {
    const node = this.projection.readModel.get(nodeId);
    // The node may have changed since the pass was published: check again.
    if (!node || !(kind === 'sync' ? dueForSync(node) : dueForRecovery(node))) return;
    const hardware = this.drivers.get(node.driver);
    if (!hardware) return;
    this.metrics.reads.inc({ kind });
    const data = await visit(node, hardware.power, this.options);
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
