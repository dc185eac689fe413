import { type AllocationCommandHandler, type Handled, type HandleOptions, type NodeCommandHandler } from './command-handler.js';
import {
  assertNever,
  ALLOCATION_FAILURE,
  type Allocation,
  type AllocationCommand,
  type AllocationEvent,
  AllocationNotFoundError,
  backfillProblems,
  chooseCandidates,
  type CommandMeta,
  type DeallocateNode,
  DomainError,
  type Node,
  type NodeCommand,
  type NodeEvent,
  NamedError,
  NodeLockedError,
  NodeNotFoundError,
  type RecordAllocationOutcome,
  ResourceConflictError,
} from '@ironledger/domain';
import { ConcurrencyError } from '@ironledger/event-store';
import { withNameClaim } from './name-claims.js';
import { type FleetReadModel } from './read-model.js';
import { type UniqueClaims } from './unique-claims.js';

export interface AllocatorOptions {
  readonly conductorId: string;
  /** Passes over candidates that were locked (Ironic's `[conductor] node_locked_retry_attempts`, 3). */
  readonly lockedRetryAttempts?: number;
  /** Pause between those passes (`node_locked_retry_interval`, 1 s). */
  readonly lockedRetryIntervalMs?: number;
  /**
   * An allocation still `allocating` this long after it was created is finished or failed by
   * recovery even when its conductor lives (a restarted conductor keeps its id). Default 60 s.
   */
  readonly allocationTimeoutS?: number;
  /** Shuffles candidates (tests make it predictable). */
  readonly shuffle?: <T>(items: T[]) => T[];
}

export interface AllocatorParts {
  readonly nodes: NodeCommandHandler;
  readonly allocations: AllocationCommandHandler;
  /** The fleet as this conductor's projection sees it: where candidates are found. */
  readonly fleet: FleetReadModel;
  /** Until the fleet shows everything up to a store position (the projection's `waitFor`). */
  readonly caughtUp: (position: number) => Promise<unknown>;
  readonly claims: UniqueClaims;
}

/**
 * Ironic's `AllocationFailed`: a backfill the node does not fit. Ironic gives that exception no
 * status of its own, so the request fails with a 500 that carries the reason.
 */
export class AllocationFailedError extends NamedError {}

type AllocationHandled = Handled<AllocationEvent, Allocation>;
type Outcome = RecordAllocationOutcome['data'];

const nameOf = (allocation: Allocation | null) => allocation?.name ?? null;

/**
 * Allocations as a conductor carries them out. Creating one appends it `allocating` and answers;
 * then a node is picked among the candidates of the read model and reserved through the node's
 * own decider, appended with the node's expected revision (so of two allocations racing for one
 * node only one gets it, and the other moves on to its next candidate), and only then is the
 * outcome recorded on the allocation (compute, persist, then act). A crash in between leaves an
 * allocation `allocating` that `recover` finishes (a node names it) or fails (none does).
 */
export class Allocator {
  private readonly inFlight = new Set<Promise<void>>();
  private readonly shuffle: <T>(items: T[]) => T[];

  constructor(
    private readonly parts: AllocatorParts,
    private readonly options: AllocatorOptions,
    private readonly log: (message: string) => void = () => undefined,
  ) {
    this.shuffle = options.shuffle ?? shuffled;
  }

  /** An allocation command from the bus, decided and appended as this conductor (`meta.conductor`). */
  async execute(command: AllocationCommand, options: HandleOptions = {}): Promise<AllocationHandled> {
    const audit = { actor: command.meta.actor, requestId: command.meta.requestId, conductor: this.options.conductorId };
    const { allocations, claims } = this.parts;
    switch (command.type) {
      case 'CreateAllocation': {
        const created = await withNameClaim(claims, 'allocation_name', command.allocationId, command.data.name, audit, () => allocations.handle(command), nameOf);
        const allocation = created.state!;
        // Candidates are judged on a fleet that shows at least what the client saw before asking.
        const caughtUp = this.parts.caughtUp(created.position);
        if (allocation.backfill_node !== null) return caughtUp.then(() => this.backfill(allocation, command.meta));
        this.track(caughtUp.then(() => this.pick(allocation, command.meta)));
        return created;
      }
      case 'UpdateAllocation':
        return withNameClaim(claims, 'allocation_name', command.allocationId, command.data.changes.name, audit, () => allocations.handle(command, options), nameOf);
      case 'DeleteAllocation':
        return withNameClaim(claims, 'allocation_name', command.allocationId, undefined, audit, () => this.remove(command.allocationId, command.meta, true), nameOf);
      case 'RecordAllocationOutcome':
        return allocations.handle(command);
      default:
        return assertNever(command, 'allocation command');
    }
  }

  /**
   * After a node commit: an allocation that ended with the node's instance (torn down, instance
   * UUID removed) or with the node itself (deleted in maintenance) is deleted. Returns the
   * position of what was appended (0: nothing). Never throws: the node's commit stands, and an
   * allocation left behind is deleted by recovery.
   */
  async afterNodeCommit(previous: Node | null, events: readonly NodeEvent[], origin: CommandMeta): Promise<number> {
    let position = 0;
    for (const event of events) {
      const ended =
        event.type === 'NodeDeallocated' && (event.data.reason === 'tear-down' || event.data.reason === 'instance removed')
          ? event.data.allocation_uuid
          : event.type === 'NodeDeleted'
            ? (previous?.allocation_uuid ?? null)
            : null;
      if (ended !== null) await this.attempt(async () => (position = Math.max(position, await this.drop(ended, origin))), `deleting allocation ${ended}`);
    }
    return position;
  }

  /**
   * Recovery, for the watchdog: allocations left `allocating` by a conductor that died (or took
   * longer than the timeout) are finished when a node names them and failed otherwise; an active
   * allocation whose node no longer names it (its release was interrupted) is deleted; a node
   * naming an allocation that failed or is gone is released.
   */
  async recover(alive: ReadonlySet<string>, now: number, meta: CommandMeta): Promise<void> {
    const { fleet } = this.parts;
    const timeoutMs = (this.options.allocationTimeoutS ?? 60) * 1000;
    for (const allocation of [...fleet.allocations.all()]) {
      if (allocation.state === 'allocating' && (!alive.has(allocation.conductor ?? '') || now - Date.parse(allocation.created_at) > timeoutMs)) {
        const holder = fleet.holderOfAllocation(allocation.uuid);
        const outcome: Outcome = holder ? { outcome: 'succeeded', node_uuid: holder.uuid } : { outcome: 'failed', error: ALLOCATION_FAILURE.abandoned(allocation.uuid, allocation.conductor) };
        await this.attempt(() => this.finish(allocation, outcome, meta), `recovering allocation ${allocation.uuid}`);
      } else if (allocation.state === 'active' && fleet.get(allocation.node_uuid ?? '')?.allocation_uuid !== allocation.uuid) {
        await this.attempt(() => this.drop(allocation.uuid, meta), `deleting orphaned allocation ${allocation.uuid}`);
      }
    }
    for (const { allocationUuid, node } of [...fleet.allocationHolders()]) {
      const state = fleet.allocations.get(allocationUuid)?.state;
      if (state === undefined || state === 'error') {
        await this.attempt(() => this.parts.nodes.handle(this.deallocate(node.uuid, allocationUuid, 'recovery', meta)), `releasing node ${node.uuid}`);
      }
    }
  }

  /** Resolves when every pick started so far has ended. */
  async drain(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
  }

  /** Picks a node for a new allocation and records how it went; never throws. */
  private async pick(allocation: Allocation, origin: CommandMeta): Promise<void> {
    const meta = this.ownMeta(origin);
    try {
      const { fleet } = this.parts;
      // Only nodes that may match are unpacked (see `FleetReadModel.keepWhole`): available ones of the resource class asked for.
      const available = fleet.summaries().filter((node) => node.provision_state === 'available' && node.resource_class === allocation.resource_class);
      const choice = chooseCandidates(allocation, available.map((node) => fleet.get(node.uuid)!), this.shuffle);
      if (!choice.ok) return await this.finish(allocation, { outcome: 'failed', error: choice.error }, meta);
      let candidates = choice.nodes;
      for (let pass = 1; ; pass++) {
        const locked: Node[] = [];
        for (const node of candidates) {
          const result = await this.reserve(node, allocation, meta);
          if (result === 'reserved') return await this.finish(allocation, { outcome: 'succeeded', node_uuid: node.uuid }, meta);
          if (result === 'locked') locked.push(node);
        }
        if (locked.length === 0) return await this.finish(allocation, { outcome: 'failed', error: ALLOCATION_FAILURE.filteredOut(allocation.uuid) }, meta);
        if (pass >= (this.options.lockedRetryAttempts ?? 3)) return await this.finish(allocation, { outcome: 'failed', error: ALLOCATION_FAILURE.locked(allocation.uuid, locked.length) }, meta);
        await new Promise((resolve) => setTimeout(resolve, this.options.lockedRetryIntervalMs ?? 1000));
        candidates = locked;
      }
    } catch (error) {
      const outcome: Outcome = { outcome: 'failed', error: `Unexpected exception during allocation: ${(error as Error).message}` };
      await this.attempt(() => this.finish(allocation, outcome, meta), `failing allocation ${allocation.uuid}`);
    }
  }

  /** Gives `node` to the allocation through the node's decider: refused when it no longer fits or another allocation got it first. */
  private async reserve(node: Node, allocation: Allocation, meta: CommandMeta): Promise<'reserved' | 'locked' | 'refused'> {
    try {
      await this.parts.nodes.handle(this.allocate(node.uuid, allocation, false, meta));
      return 'reserved';
    } catch (error) {
      if (error instanceof NodeLockedError || error instanceof ConcurrencyError) return 'locked';
      if (error instanceof DomainError) return 'refused';
      throw error;
    }
  }

  /**
   * Backfilling: the node a request names takes the allocation at once, or the allocation fails
   * and the request is refused with why (Ironic keeps the failed allocation too).
   */
  private async backfill(allocation: Allocation, meta: CommandMeta): Promise<AllocationHandled> {
    const nodeId = allocation.backfill_node!;
    const refuse = async (error: DomainError | AllocationFailedError): Promise<never> => {
      await this.finish(allocation, { outcome: 'failed', error: error.message }, meta);
      throw error;
    };
    const node = this.parts.fleet.get(nodeId);
    const problems = node ? backfillProblems(node, allocation) : [];
    if (problems.length > 0) return refuse(new AllocationFailedError(ALLOCATION_FAILURE.backfill(allocation.uuid, nodeId, problems)));
    const holder = this.parts.fleet.holderOfInstance(allocation.uuid);
    if (holder && holder.uuid !== nodeId) return refuse(new ResourceConflictError(`Instance ${allocation.uuid} is already associated with a node, it cannot be associated with this other node ${nodeId}`));
    try {
      await this.parts.nodes.handle(this.allocate(nodeId, allocation, true, meta));
    } catch (error) {
      if (error instanceof DomainError) return refuse(error);
      throw error;
    }
    return this.parts.allocations.handle(this.outcome(allocation.uuid, { outcome: 'succeeded', node_uuid: nodeId }, meta));
  }

  /**
   * Records the outcome on the allocation. One the allocation no longer takes (it was deleted,
   * or recovery gave up on it meanwhile) gives the node it got back.
   */
  private async finish(allocation: Allocation, outcome: Outcome, meta: CommandMeta): Promise<void> {
    try {
      await this.parts.allocations.handle(this.outcome(allocation.uuid, outcome, meta));
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      if (outcome.outcome === 'succeeded') await this.parts.nodes.handle(this.deallocate(outcome.node_uuid, allocation.uuid, 'recovery', meta));
    }
  }

  /** Deletes an allocation, releasing its node first (`checked`: with the refusals of an operator's request). */
  private async remove(allocationId: string, meta: CommandMeta, checked: boolean): Promise<AllocationHandled> {
    const { allocations } = this.parts;
    const current = (await allocations.load(allocationId)).state;
    if (!current) throw new AllocationNotFoundError(allocationId);
    if (current.node_uuid !== null) await this.release(current.node_uuid, current.uuid, checked ? 'allocation deleted' : 'recovery', meta);
    let handled: AllocationHandled;
    try {
      handled = await allocations.handle({ type: 'DeleteAllocation', allocationId, data: {}, meta });
    } catch (error) {
      // Deleted meanwhile by recovery, which found it released: what was asked is done.
      if (error instanceof AllocationNotFoundError) return { events: [], previous: current, state: null, position: 0 };
      throw error;
    }
    // It got its node between the look and the deletion (a pick finishing): that node goes back too.
    const held = handled.previous?.node_uuid ?? null;
    if (held !== null && held !== current.node_uuid) {
      await this.release(held, current.uuid, 'recovery', meta).catch((error: Error) => this.log(`releasing node ${held} of deleted allocation ${current.uuid}: ${error.message}`));
    }
    return handled;
  }

  /** The node lets the allocation go; a node that is gone has nothing to let go. */
  private async release(nodeId: string, allocationId: string, reason: DeallocateNode['data']['reason'], meta: CommandMeta): Promise<void> {
    try {
      await this.parts.nodes.handle(this.deallocate(nodeId, allocationId, reason, meta));
    } catch (error) {
      if (!(error instanceof NodeNotFoundError)) throw error;
    }
  }

  /** Deletes an allocation whose node let it go (or is gone); one already deleted is left alone. */
  private async drop(allocationId: string, meta: CommandMeta): Promise<number> {
    const audit = { actor: meta.actor, requestId: meta.requestId, conductor: this.options.conductorId };
    try {
      const handled = await withNameClaim(this.parts.claims, 'allocation_name', allocationId, undefined, audit, () => this.remove(allocationId, meta, false), nameOf);
      return handled.position;
    } catch (error) {
      if (error instanceof AllocationNotFoundError) return 0;
      throw error;
    }
  }

  private allocate(nodeId: string, allocation: Allocation, backfill: boolean, meta: CommandMeta): NodeCommand {
    const { resource_class, traits, candidate_nodes, owner } = allocation;
    return { type: 'AllocateNode', nodeId, data: { allocation_uuid: allocation.uuid, resource_class, traits, candidate_nodes, owner, backfill }, meta };
  }

  private deallocate(nodeId: string, allocationId: string, reason: DeallocateNode['data']['reason'], meta: CommandMeta): NodeCommand {
    return { type: 'DeallocateNode', nodeId, data: { allocation_uuid: allocationId, reason }, meta };
  }

  private outcome(allocationId: string, data: Outcome, meta: CommandMeta): AllocationCommand {
    return { type: 'RecordAllocationOutcome', allocationId, data, meta };
  }

  /** Work this conductor does on its own after answering, caused by the request that started it. */
  private ownMeta(origin: CommandMeta): CommandMeta {
    return { ...origin, at: new Date().toISOString(), actor: 'conductor', conductor: this.options.conductorId, causationId: origin.requestId };
  }

  private track(work: Promise<void>): void {
    this.inFlight.add(work);
    void work.finally(() => this.inFlight.delete(work));
  }

  /** Runs a recovery step; another conductor doing the same, or a refusal, just means nothing is left to do. */
  private async attempt(step: () => Promise<unknown>, what: string): Promise<void> {
    try {
      await step();
    } catch (error) {
      if (!(error instanceof DomainError)) this.log(`${what} failed: ${(error as Error).message}`);
    }
  }
}

/** A Fisher–Yates shuffle of a copy (Python's `random.shuffle`, as Ironic does). */
function shuffled<T>(items: T[]): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}
