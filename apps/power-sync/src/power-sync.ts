import { type LiveProjection } from '@ironledger/application';
import { type ConductorClient } from '@ironledger/contracts';
import { type Node } from '@ironledger/domain';
import { type HardwareType } from '@ironledger/drivers';
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

/** What power sync has done, for /metrics. */
export class PowerSyncMetrics {
  passes = 0;
  visitsPublished = 0;
  reads = 0;
  failures = 0;
  corrections = 0;
  restores = 0;
  maintenanceSet = 0;
  maintenanceCleared = 0;
}

/**
 * Ironic's `_sync_power_states`, spread over instances. At each interval boundary every instance
 * publishes the pass (the nodes due, failed-last-time first) to the shared work queue, where the
 * server keeps each visit once; every instance takes visits from the queue, reads the BMC, and
 * sends what it found to the conductors as a `RecordPowerSync` command, so each decision is an
 * event. A recovery pass over nodes in power-failure maintenance runs on its own interval.
 */
export class PowerSync {
  readonly metrics = new PowerSyncMetrics();
  private timers: NodeJS.Timeout[] = [];
  private consumer?: { stop(): Promise<void> };

  constructor(
    private readonly projection: LiveProjection,
    private readonly queue: PowerSyncQueue,
    private readonly conductors: ConductorClient,
    private readonly drivers: ReadonlyMap<string, HardwareType>,
    private readonly options: PowerSyncOptions,
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
    if (kind === 'sync') this.metrics.passes++;
    this.metrics.visitsPublished += published;
  }

  /** One visit: the node as it is now, its BMC, and what to record. */
  async visit({ kind, nodeId }: Visit): Promise<void> {
    const node = this.projection.readModel.get(nodeId);
    // The node may have changed since the pass was published: check again.
    if (!node || !(kind === 'sync' ? dueForSync(node) : dueForRecovery(node))) return;
    const hardware = this.drivers.get(node.driver);
    if (!hardware) return;
    this.metrics.reads++;
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
    for (const event of reply.events) {
      if (event.type === 'PowerSyncFailed') this.metrics.failures++;
      if (event.type === 'PowerStateCorrected') this.metrics.corrections++;
      if (event.type === 'PowerStateRestored') this.metrics.restores++;
      if (event.type === 'MaintenanceSet') this.metrics.maintenanceSet++;
      if (event.type === 'MaintenanceCleared') this.metrics.maintenanceCleared++;
    }
  }
}
