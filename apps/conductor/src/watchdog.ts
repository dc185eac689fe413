import { type LiveProjection, type NodeCommandHandler } from '@ironledger/application';
import { type BusSubjects } from '@ironledger/contracts';
import { DomainError, INTROSPECTION_DONE_STATES, introspectionActive, type Node, type NodeCommand } from '@ironledger/domain';
import { type NatsConnection, type Subscription } from '@nats-io/transport-node';

/** Provision states that wait for a ramdisk callback, and fail when it does not come. */
const CALLBACK_STATES = new Set(['wait call-back', 'clean wait', 'inspect wait', 'rescue wait']);

/** How a timed-out introspection fails (the inspector's words). */
export const INTROSPECTION_TIMEOUT_ERROR = 'Introspection timeout';

export interface WatchdogOptions {
  readonly conductorId: string;
  readonly subjects: BusSubjects;
  readonly heartbeatIntervalMs: number;
  readonly callbackTimeoutS: number;
  /** An introspection still waiting for its inventory this long after it started fails (0: never). */
  readonly introspectionTimeoutS?: number;
  /** Finished introspection records older than this are dropped (0: kept forever). */
  readonly nodeStatusKeepTimeS?: number;
}

/**
 * Keeps the fleet's conductors honest. Every conductor announces itself on a heartbeat subject;
 * one silent for three intervals is dead, and the nodes it held are failed out of the states
 * that cannot be resumed (Ironic's STUCK_STATES_TREATED_AS_FAIL). Nodes left waiting for a
 * callback longer than the timeout fail too, and so do introspections whose ramdisk never
 * posted its inventory (ironic-inspector's `timeout`); finished introspection records past
 * their retention are dropped (its `node_status_keep_time`). Several conductors may try the
 * same node: the expected-revision check lets one win, and the others find nothing left to do.
 */
export class Watchdog {
  private readonly lastSeen = new Map<string, number>();
  private readonly startedAt = Date.now();
  private subscription?: Subscription;
  private timer?: NodeJS.Timeout;
  private sweeping = false;
  private sweeps = 0;

  constructor(
    private readonly nats: NatsConnection,
    private readonly projection: LiveProjection,
    private readonly handler: NodeCommandHandler,
    private readonly options: WatchdogOptions,
    private readonly log: (message: string) => void = () => undefined,
  ) {}

  start(): void {
    this.subscription = this.nats.subscribe(this.options.subjects.conductorHeartbeat, {
      callback: (_error, message) => {
        const id = message.string();
        if (id) this.lastSeen.set(id, Date.now());
      },
    });
    this.beat();
    this.timer = setInterval(() => {
      this.beat();
      void this.sweep();
    }, this.options.heartbeatIntervalMs);
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.subscription?.unsubscribe();
    while (this.sweeping) await new Promise((resolve) => setTimeout(resolve, 10));
  }

  /** Conductors heard from within the last three intervals. */
  alive(): string[] {
    const horizon = Date.now() - 3 * this.options.heartbeatIntervalMs;
    return [...this.lastSeen].filter(([, seen]) => seen >= horizon).map(([id]) => id);
  }

  private beat(): void {
    this.nats.publish(this.options.subjects.conductorHeartbeat, this.options.conductorId);
  }

  /** One pass: recover nodes of dead conductors, time out stale callbacks and introspections, drop old introspection records. */
  async sweep(now = Date.now()): Promise<void> {
    // Until we have listened for three intervals, silence proves nothing.
    if (this.sweeping || now - this.startedAt < 3 * this.options.heartbeatIntervalMs) return;
    this.sweeping = true;
    const run = ++this.sweeps;
    try {
      const alive = new Set([...this.alive(), this.options.conductorId]);
      const timeoutMs = this.options.callbackTimeoutS * 1000;
      for (const node of [...this.projection.readModel.all()]) {
        const meta = { at: new Date(now).toISOString(), actor: 'conductor', requestId: `watchdog-${this.options.conductorId}-${run}`, conductor: this.options.conductorId };
        if (node.reservation !== null && !alive.has(node.reservation)) {
          await this.send({ type: 'RecoverNode', nodeId: node.uuid, data: { deadConductor: node.reservation }, meta });
        } else if (
          node.provision_state === 'inspect wait' &&
          introspectionActive(node.introspection) &&
          this.expired(node.introspection.started_at, this.options.introspectionTimeoutS ?? 0, now)
        ) {
          // The inspector's timeout, counted from the introspection's start. The conductor's
          // callback timeout below applies to inspect wait too: whichever comes first fails it.
          await this.send({ type: 'RecordProvisionOutcome', nodeId: node.uuid, data: { outcome: 'failed', error: INTROSPECTION_TIMEOUT_ERROR }, meta });
        } else if (CALLBACK_STATES.has(node.provision_state) && now - Date.parse(node.provision_updated_at ?? node.created_at) > timeoutMs) {
          const error = `Timeout reached while waiting for callback for node ${node.uuid}`;
          await this.send({ type: 'RecordProvisionOutcome', nodeId: node.uuid, data: { outcome: 'failed', error }, meta });
        } else if (this.pastRetention(node, now)) {
          const keepMs = (this.options.nodeStatusKeepTimeS ?? 0) * 1000;
          await this.send({ type: 'ExpireIntrospection', nodeId: node.uuid, data: { finished_before: new Date(now - keepMs).toISOString() }, meta });
        }
      }
    } finally {
      this.sweeping = false;
    }
  }

  /** Whether more than `seconds` (0: never) have passed since `since`. */
  private expired(since: string, seconds: number, now: number): boolean {
    return seconds > 0 && now - Date.parse(since) > seconds * 1000;
  }

  private pastRetention(node: Node, now: number): boolean {
    const record = node.introspection;
    return !!record && INTROSPECTION_DONE_STATES.has(record.state) && record.finished_at !== null && this.expired(record.finished_at, this.options.nodeStatusKeepTimeS ?? 0, now);
  }

  private async send(command: NodeCommand): Promise<void> {
    try {
      const { events } = await this.handler.handle(command);
      if (events.length > 0) this.log(`${command.type} on node ${command.nodeId}: ${events.map((e) => e.type).join(', ')}`);
    } catch (error) {
      // Another conductor got there first, or the node moved on: nothing to do.
      if (!(error instanceof DomainError)) this.log(`${command.type} on node ${command.nodeId} failed: ${(error as Error).message}`);
    }
  }
}
