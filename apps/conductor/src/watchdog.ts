import { type LiveProjection, type NodeCommandHandler } from '@ironledger/application';
import { callbackTimeoutError, type CommandMeta, DomainError, INTROSPECTION_DONE_STATES, introspectionActive, type Node, type NodeCommand, type NodeEvent, WAITING_STATES } from '@ironledger/domain';
import { type Allocator } from './allocator.js';

/** How a timed-out introspection fails (the inspector's words). */
export const INTROSPECTION_TIMEOUT_ERROR = 'Introspection timeout';

export interface WatchdogOptions {
  readonly conductorId: string;
  /** How often to sweep (the conductors' heartbeat interval). */
  readonly heartbeatIntervalMs: number;
  readonly callbackTimeoutS: number;
  /** An introspection still waiting for its inventory this long after it started fails (0: never). */
  readonly introspectionTimeoutS?: number;
  /** Finished introspection records older than this are dropped (0: kept forever). */
  readonly nodeStatusKeepTimeS?: number;
}

/** Who is alive among the conductors (the bus's `Roster`). */
export interface Liveness {
  alive(): string[];
  /** Whether silence proves anything now (not just after start, a bus outage or a stall). */
  heardLongEnough(): boolean;
}

/** This conductor's own work (the `WorkRunner`): which nodes it works on, how to take one up again, and what a commit leaves to do. */
export interface OwnWork {
  isWorkingOn(nodeId: string): boolean;
  resume(node: Node): void;
  afterCommit(node: Node | null, events: readonly NodeEvent[], meta: CommandMeta): void;
}

/** A node this conductor holds without working on it is an orphan once it has been still this long (a commit's work starts within milliseconds). */
export const ORPHAN_GRACE_MS = 5000;

/**
 * Keeps the fleet's conductors honest. Every conductor announces itself on the roster; one
 * silent for three intervals is dead, and the nodes it held are failed out of the states
 * that cannot be resumed (Ironic's STUCK_STATES_TREATED_AS_FAIL). Nodes left waiting for a
 * callback longer than the timeout fail too, and so do introspections whose ramdisk never
 * posted its inventory (ironic-inspector's `timeout`); finished introspection records past
 * their retention are dropped (its `node_status_keep_time`). Allocations a dead conductor left
 * `allocating` are finished or failed (`Allocator.recover`). Several conductors may try the
 * same node: the expected-revision check lets one win, and the others find nothing left to do.
 *
 * A node this conductor holds but runs no work for (its commit went through while the reply
 * or the outcome got lost in a bus outage, or this conductor restarted under the same id) is
 * taken up again: a live conductor never leaves a node locked.
 */
export class Watchdog {
  private timer?: NodeJS.Timeout;
  private sweeping = false;
  private sweeps = 0;

  constructor(
    private readonly roster: Liveness,
    private readonly projection: LiveProjection,
    private readonly handler: NodeCommandHandler,
    private readonly options: WatchdogOptions,
    private readonly log: (message: string) => void = () => undefined,
    /** What the watchdog takes care of besides nodes: allocations left allocating, and this conductor's own work. */
    private readonly around: { readonly allocations?: Pick<Allocator, 'recover'>; readonly work?: OwnWork } = {},
  ) {}

  start(): void {
    this.timer = setInterval(() => void this.sweep(), this.options.heartbeatIntervalMs);
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    while (this.sweeping) await new Promise((resolve) => setTimeout(resolve, 10));
  }

  /** One pass: recover nodes and allocations of dead conductors, time out stale callbacks and introspections, drop old introspection records. */
  async sweep(now = Date.now()): Promise<void> {
    if (this.sweeping || !this.roster.heardLongEnough()) return;
    this.sweeping = true;
    const run = ++this.sweeps;
    try {
      const alive = new Set([...this.roster.alive(), this.options.conductorId]);
      const timeoutMs = this.options.callbackTimeoutS * 1000;
      // Built once per sweep, not per node: a sweep looks at every node of the fleet every heartbeat
      // interval and usually sends nothing (100,000 nodes: 87 ms of CPU a sweep with one per node, 20 ms without).
      const meta = { at: new Date(now).toISOString(), actor: 'conductor', requestId: `watchdog-${this.options.conductorId}-${run}`, conductor: this.options.conductorId };
      for (const node of [...this.projection.readModel.all()]) {
        if (node.reservation !== null && !alive.has(node.reservation)) {
          await this.send({ type: 'RecoverNode', nodeId: node.uuid, data: { deadConductor: node.reservation }, meta });
        } else if (node.reservation === this.options.conductorId && this.orphaned(node, now)) {
          await this.resumeOrphan(node.uuid);
        } else if (
          node.provision_state === 'inspect wait' &&
          introspectionActive(node.introspection) &&
          this.expired(node.introspection.started_at, this.options.introspectionTimeoutS ?? 0, now)
        ) {
          // The inspector's timeout, counted from the introspection's start. The conductor's
          // callback timeout below applies to inspect wait too: whichever comes first fails it.
          await this.send({ type: 'RecordProvisionOutcome', nodeId: node.uuid, data: { outcome: 'failed', error: INTROSPECTION_TIMEOUT_ERROR }, meta });
        } else if (WAITING_STATES.has(node.provision_state) && now - Date.parse(node.provision_updated_at ?? node.created_at) > timeoutMs) {
          await this.send({ type: 'RecordProvisionOutcome', nodeId: node.uuid, data: { outcome: 'failed', error: callbackTimeoutError(node) }, meta });
        } else if (this.pastRetention(node, now)) {
          const keepMs = (this.options.nodeStatusKeepTimeS ?? 0) * 1000;
          await this.send({ type: 'ExpireIntrospection', nodeId: node.uuid, data: { finished_before: new Date(now - keepMs).toISOString() }, meta });
        }
      }
      await this.around.allocations?.recover(alive, now, meta);
    } finally {
      this.sweeping = false;
    }
  }

  /** Held by this conductor, still for a while, and no work of this conductor runs for it. */
  private orphaned(node: Node, now: number): boolean {
    return this.around.work !== undefined && !this.around.work.isWorkingOn(node.uuid) && now - Date.parse(node.updated_at ?? node.created_at) > ORPHAN_GRACE_MS;
  }

  /** Takes up an orphan's work, once its stream (not only the projection) says this conductor still holds it. */
  private async resumeOrphan(nodeId: string): Promise<void> {
    try {
      const { state } = await this.handler.load(nodeId);
      if (state?.reservation !== this.options.conductorId || this.around.work!.isWorkingOn(nodeId)) return;
      this.log(`node ${nodeId} is held by this conductor but no work runs for it (${state.target_power_state !== null ? 'power action' : state.provision_state}): resuming it`);
      this.around.work!.resume(state);
    } catch (error) {
      this.log(`could not look at node ${nodeId}: ${(error as Error).message}`);
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
      const { events, state } = await this.handler.handle(command);
      if (events.length > 0) this.log(`${command.type} on node ${command.nodeId}: ${events.map((e) => e.type).join(', ')}`);
      // A timeout can leave work to this conductor (tearing the ramdisk down).
      this.around.work?.afterCommit(state, events, command.meta);
    } catch (error) {
      // Another conductor got there first, or the node moved on: nothing to do.
      if (!(error instanceof DomainError)) this.log(`${command.type} on node ${command.nodeId} failed: ${(error as Error).message}`);
    }
  }
}
