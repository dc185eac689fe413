import { type Allocator, ConductorRings, type FleetReadModel, type LiveProjection, mayNeedWatching, type NodeCommandHandler, type RingMember, type RingNode, watchdogAction, type WatchdogFacts } from '@ironledger/application';
import { type CommandMeta, DomainError, type Node, type NodeCommand, type NodeEvent } from '@ironledger/domain';

export interface WatchdogOptions {
  readonly conductorId: string;
  /** How often to sweep (the conductors' heartbeat interval). */
  readonly heartbeatIntervalMs: number;
  readonly callbackTimeoutS: number;
  /** An introspection still waiting for its inventory this long after it started fails (0: never). */
  readonly introspectionTimeoutS?: number;
  /** Finished introspection records older than this are dropped (0: kept forever). */
  readonly nodeStatusKeepTimeS?: number;
  /**
   * This conductor's group and hardware types, as its heartbeat announces them: with them, a sweep
   * looks after only the nodes the hash rings over the live conductors give this one (and those
   * it holds); without, every node.
   */
  readonly ring?: Omit<RingMember, 'id'>;
  /**
   * Whether the read model is this conductor's own (not shared with a gateway in the same
   * process): it then keeps whole only the nodes of this conductor's share (`keepOwnShare`).
   */
  readonly ownReadModel?: boolean;
}

/**
 * How often a sweep also looks at the nodes only an introspection record's retention concerns
 * (ironic-inspector's `clean_up_period`), or as often as the retention if that is shorter: a record
 * is dropped within twice its retention.
 */
export const RECORD_SWEEP_INTERVAL_MS = 60_000;

/** Who is alive among the conductors (the bus's `Roster`). */
export interface Liveness {
  alive(): string[];
  /** Whether silence proves anything now (not just after start, a bus outage or a stall). */
  heardLongEnough(): boolean;
  /** Every conductor heard from, with its group and hardware types, and whether it is alive now. */
  members(): readonly (RingMember & { readonly alive: boolean })[];
}

/** Whether a node is `conductorId`'s by the rings over the live conductors (this one with its own card), or nobody's: built once per sweep. */
export function ringOwnership(roster: Liveness, conductorId: string, card: Omit<RingMember, 'id'>): (node: RingNode) => boolean {
  const others = roster.members().filter((member) => member.alive && member.id !== conductorId);
  const rings = new ConductorRings([...others, { id: conductorId, ...card }]);
  return (node) => {
    const owner = rings.ownerOf(node);
    return owner === undefined || owner === conductorId;
  };
}

/**
 * Keeps whole in `model` only the nodes this conductor acts for, those the rings give it (`owns`)
 * and those it holds, and the rest of the fleet packed (`FleetReadModel.keepWhole`): decided anew
 * when the live conductors change, by a pass that runs between other work.
 */
export function keepOwnShare(model: FleetReadModel, roster: Liveness, conductorId: string, owns: (node: RingNode) => boolean): void {
  const live = roster.members().filter((member) => member.alive && member.id !== conductorId).map((member) => `${member.id}/${member.group}/${member.drivers.join(',')}`);
  void model.keepWhole({ keep: (node) => node.reservation === conductorId || owns(node), reason: live.sort().join(' ') });
}

/** This conductor's own work (the `WorkRunner`): which nodes it works on, how to take one up again, and what a commit leaves to do. */
export interface OwnWork {
  isWorkingOn(nodeId: string): boolean;
  resume(node: Node): void;
  afterCommit(node: Node | null, events: readonly NodeEvent[], meta: CommandMeta): void;
}

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
 * Each node is looked after by the conductor the hash rings over the live conductors give it to
 * (`ConductorRings`) instead of by every conductor at once; a node no live conductor's ring
 * covers is looked after by every conductor, as before partitioning.
 *
 * A node this conductor holds but runs no work for (its commit went through while the reply
 * or the outcome got lost in a bus outage, or this conductor restarted under the same id) is
 * taken up again: a live conductor never leaves a node locked.
 *
 * What to do about each node is a pure function's choice (`watchdogAction`); this class only
 * schedules the sweeps, gathers the facts and sends what was chosen. A sweep runs every heartbeat
 * interval but looks only at the nodes held or waiting (`mayNeedWatching`), a few among a quiet
 * fleet; the others concern it only when introspection records expire, once a minute at most.
 */
export class Watchdog {
  private timer?: NodeJS.Timeout;
  private sweeping = false;
  private sweeps = 0;
  private lastRecordSweep = -Infinity;

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
    // A sweep that fails (a fault of its own: the commands it sends catch theirs) is said and tried again on the next tick, not left to end the process.
    this.timer = setInterval(() => this.sweep().catch((error: unknown) => this.log(`watchdog sweep failed: ${(error as Error).stack ?? String(error)}`)), this.options.heartbeatIntervalMs);
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    while (this.sweeping) await new Promise((resolve) => setTimeout(resolve, 10));
  }

  /** One pass: recover nodes and allocations of dead conductors, time out stale callbacks and introspections, drop old introspection records (see `watchdogAction`). */
  async sweep(now = Date.now()): Promise<void> {
    if (this.sweeping || !this.roster.heardLongEnough()) return;
    this.sweeping = true;
    const run = ++this.sweeps;
    try {
      const { conductorId, callbackTimeoutS, introspectionTimeoutS, nodeStatusKeepTimeS } = this.options;
      const alive = new Set([...this.roster.alive(), conductorId]);
      // Built once per sweep, not per node: a sweep looks at every node of the fleet every heartbeat
      // interval and usually sends nothing (100,000 nodes: 87 ms of CPU a sweep with one per node, 20 ms without).
      const meta = { at: new Date(now).toISOString(), actor: 'conductor', requestId: `watchdog-${conductorId}-${run}`, conductor: conductorId };
      const work = this.around.work;
      const owns = this.options.ring && ringOwnership(this.roster, conductorId, this.options.ring);
      const facts: WatchdogFacts = {
        conductorId, alive, callbackTimeoutS, introspectionTimeoutS, nodeStatusKeepTimeS, meta,
        ...(work && { workingOn: (nodeId: string) => work.isWorkingOn(nodeId) }),
        ...(owns && { owns }),
      };
      const model = this.projection.readModel;
      if (owns && this.options.ownReadModel) keepOwnShare(model, this.roster, conductorId, owns);
      const keepMs = (nodeStatusKeepTimeS ?? 0) * 1000;
      const recordsDue = keepMs > 0 && now - this.lastRecordSweep >= Math.min(RECORD_SWEEP_INTERVAL_MS, keepMs);
      if (recordsDue) this.lastRecordSweep = now;
      // A node neither held nor waiting, and another conductor's node, are passed over on their
      // summaries (`watchdogAction` would choose nothing for them): with each of 100,000 quiet
      // nodes looked up on the rings every second, the conductor spent 8.4 CPU s per 75 s, 0.6
      // since. Only this conductor's own are unpacked, and kept whole from then on.
      for (const summary of model.summaries()) {
        if (!recordsDue && !mayNeedWatching(summary)) continue;
        if (owns && summary.reservation !== conductorId && !owns(summary)) continue;
        // The node as the sweep began, without a lookup; should it need action, as it is now (an
        // earlier action of this sweep may have changed it).
        const then = model.wholeOf(summary);
        if (!then || !watchdogAction(then, now, facts)) continue;
        const node = model.get(summary.uuid);
        const action = node && watchdogAction(node, now, facts);
        if (action?.kind === 'send') await this.send(action.command);
        else if (action?.kind === 'resume') await this.resumeOrphan(summary.uuid);
      }
      await this.around.allocations?.recover(alive, now, meta);
    } finally {
      this.sweeping = false;
    }
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
