/**
 * An allocation: a request for a node with a resource class and traits (Ironic's
 * `/v1/allocations`). Its own aggregate, in a stream of its own; the node it gets names it in
 * `allocation_uuid` (and takes its UUID as `instance_uuid`).
 *
 * Life of an allocation: created `allocating` by the conductor that took the request; that
 * conductor picks a node among the candidates its read model shows (`chooseCandidates`),
 * reserves it with the node's own decider (`AllocateNode`, appended with the node's expected
 * revision, so two allocations never get one node), then records the outcome here:
 * `active` with the node, or `error` with why. Backfilling (`backfill_node`) gives the
 * allocation a node that was deployed without one.
 */
import { auditMeta, type CommandMeta } from './commands.js';
import { InvalidInputError, InvalidStateError, NotFoundError, ResourceConflictError } from './errors.js';
import { type AuditMeta } from './events.js';
import { type JsonObject, type Node } from './node.js';
import { type AllocationState } from './states.js';
import { isValidTrait } from './traits.js';
import { assertNever } from './assert-never.js';

/** What an allocation asks for, as its creator gave it. */
export interface AllocationFields {
  readonly name: string | null;
  readonly resource_class: string | null;
  /** Traits the node must have, as requested (order and duplicates kept, as Ironic keeps them). */
  readonly traits: readonly string[];
  /** Node UUIDs the allocation may pick from (empty: any node). */
  readonly candidate_nodes: readonly string[];
  readonly extra: JsonObject;
  /** The project the node must belong to (as owner or lessee), if any. */
  readonly owner: string | null;
}

export interface Allocation extends AllocationFields {
  readonly uuid: string;
  readonly state: AllocationState;
  readonly last_error: string | null;
  /** The node the allocation holds, once `active`. */
  readonly node_uuid: string | null;
  /** The node a backfill asked for (`node` in the request), if it was one. */
  readonly backfill_node: string | null;
  /** The conductor that works on the allocation while it is `allocating`. */
  readonly conductor: string | null;
  readonly created_at: string;
  readonly updated_at: string | null;
}

/** The fields `PATCH /v1/allocations/{id}` may change. */
export type AllocationChanges = Partial<Pick<AllocationFields, 'name' | 'extra'>>;

interface AllocationCommandOf<T extends string, D = object> {
  readonly type: T;
  readonly allocationId: string;
  readonly data: D;
  readonly meta: CommandMeta;
}

/** `POST /v1/allocations`; with `backfill_node`, a backfill of that node (a UUID). */
export type CreateAllocation = AllocationCommandOf<'CreateAllocation', AllocationFields & { readonly backfill_node?: string | null }>;
/** The conductor working on an allocation records how picking (or backfilling) a node went. */
export type RecordAllocationOutcome = AllocationCommandOf<
  'RecordAllocationOutcome',
  { readonly outcome: 'succeeded'; readonly node_uuid: string } | { readonly outcome: 'failed'; readonly error: string }
>;
export type UpdateAllocation = AllocationCommandOf<'UpdateAllocation', { readonly changes: AllocationChanges }>;
/** Deleting; the conductor releases the allocation's node first. */
export type DeleteAllocation = AllocationCommandOf<'DeleteAllocation'>;
export type AllocationCommand = CreateAllocation | RecordAllocationOutcome | UpdateAllocation | DeleteAllocation;

export const ALLOCATION_COMMAND_TYPES: readonly AllocationCommand['type'][] = ['CreateAllocation', 'RecordAllocationOutcome', 'UpdateAllocation', 'DeleteAllocation'];

interface AllocationEventOf<T extends string, D> {
  readonly type: T;
  readonly data: D;
  readonly meta: AuditMeta & { readonly allocationId: string };
}

export type AllocationCreated = AllocationEventOf<'AllocationCreated', AllocationFields & { readonly backfill_node: string | null; readonly conductor: string | null }>;
export type AllocationSucceeded = AllocationEventOf<'AllocationSucceeded', { readonly node_uuid: string }>;
export type AllocationFailed = AllocationEventOf<'AllocationFailed', { readonly last_error: string }>;
export type AllocationUpdated = AllocationEventOf<'AllocationUpdated', { readonly changes: AllocationChanges }>;
export type AllocationDeleted = AllocationEventOf<'AllocationDeleted', { readonly node_uuid: string | null }>;
export type AllocationEvent = AllocationCreated | AllocationSucceeded | AllocationFailed | AllocationUpdated | AllocationDeleted;

export const ALLOCATION_EVENT_TYPES: readonly AllocationEvent['type'][] = ['AllocationCreated', 'AllocationSucceeded', 'AllocationFailed', 'AllocationUpdated', 'AllocationDeleted'];

/** (Ironic: 404) */
export class AllocationNotFoundError extends NotFoundError {
  constructor(readonly allocationId: string) {
    super(`Allocation ${allocationId} could not be found.`);
  }
}

/** Ironic's logical names: RFC 3986 unreserved characters, at most 255 of them. */
export function isValidAllocationName(name: string): boolean {
  return name.length <= 255 && /^[A-Za-z0-9\-._~]+$/.test(name);
}

/** Ironic's words for an allocation that could not get a node. */
export const ALLOCATION_FAILURE = {
  noNodes: (a: Pick<Allocation, 'uuid' | 'resource_class' | 'candidate_nodes'>) =>
    failed(a.uuid, a.candidate_nodes.length > 0
      ? `none of the requested nodes are available and match the resource class ${a.resource_class ?? 'None'}`
      : `no available nodes match the resource class ${a.resource_class ?? 'None'}`),
  noTraits: (a: Pick<Allocation, 'uuid' | 'traits'>) => failed(a.uuid, `no suitable nodes have the requested traits ${[...new Set(a.traits)].join(', ')}`),
  locked: (uuid: string, count: number) => failed(uuid, `could not reserve any of ${count} suitable nodes`),
  filteredOut: (uuid: string) => failed(uuid, 'all nodes were filtered out during reservation'),
  backfill: (uuid: string, nodeId: string, problems: readonly string[]) => failed(uuid, `Cannot backfill an allocation for node ${nodeId}: ${problems.join('; ')}`),
  /** ironledger's own: the conductor working on the allocation stopped (or took too long) before any node named it. */
  abandoned: (uuid: string, conductor: string | null) => failed(uuid, `conductor ${conductor ?? 'None'} stopped before it reserved a node`),
} as const;

function failed(uuid: string, error: string): string {
  return `Failed to process allocation ${uuid}: ${error}.`;
}

/** Whether `node` has every trait of `traits`. */
function hasTraits(node: Node, traits: readonly string[]): boolean {
  const own = new Set(node.traits);
  return traits.every((trait) => own.has(trait));
}

/**
 * Whether `node` may be given to `allocation` now, before traits (Ironic's candidate query):
 * available, powered (a known power state), not in maintenance, without an instance or an
 * allocation, of the allocation's resource class, among its candidates, and its owner's or lessee's.
 */
export function matchesAllocation(node: Node, allocation: Pick<Allocation, 'resource_class' | 'candidate_nodes' | 'owner'>): boolean {
  return (
    node.provision_state === 'available' &&
    node.power_state !== null &&
    !node.maintenance &&
    node.instance_uuid === null &&
    node.allocation_uuid === null &&
    node.resource_class !== null &&
    node.resource_class === allocation.resource_class &&
    (allocation.candidate_nodes.length === 0 || allocation.candidate_nodes.includes(node.uuid)) &&
    (!allocation.owner || node.owner === allocation.owner || node.lessee === allocation.owner)
  );
}

/** Whether `node` still fits `allocation` (the node decider's check before it takes an allocation). */
export function fitsAllocation(node: Node, allocation: Pick<Allocation, 'resource_class' | 'candidate_nodes' | 'owner' | 'traits'>): boolean {
  return matchesAllocation(node, allocation) && hasTraits(node, allocation.traits);
}

export type Candidates = { readonly ok: true; readonly nodes: Node[] } | { readonly ok: false; readonly error: string };

/**
 * The nodes to try for `allocation`, in order: those matching it, then those with all its
 * traits, in random order (`shuffle`, the caller's: the domain has no randomness), the node
 * whose name is the allocation's name first. Or why there are none, in Ironic's words.
 */
export function chooseCandidates(allocation: Allocation, fleet: Iterable<Node>, shuffle: <T>(items: T[]) => T[]): Candidates {
  const matching = [...fleet].filter((node) => matchesAllocation(node, allocation));
  if (matching.length === 0) return { ok: false, error: ALLOCATION_FAILURE.noNodes(allocation) };
  const suitable = matching.filter((node) => hasTraits(node, allocation.traits));
  if (suitable.length === 0) return { ok: false, error: ALLOCATION_FAILURE.noTraits(allocation) };
  const nodes = shuffle(suitable);
  const named = allocation.name ? nodes.findIndex((node) => node.name === allocation.name) : -1;
  if (named > 0) nodes.unshift(...nodes.splice(named, 1));
  return { ok: true, nodes };
}

/** Why `node` cannot be backfilled into `allocation`, in Ironic's words (empty: it can). */
export function backfillProblems(node: Node, allocation: Pick<Allocation, 'resource_class' | 'traits' | 'candidate_nodes'>): string[] {
  const problems: string[] = [];
  if (node.provision_state !== 'active') problems.push(`Node must be in the "active" state, but the current state is "${node.provision_state}"`);
  if (allocation.resource_class && node.resource_class !== allocation.resource_class) {
    problems.push(`Resource class ${node.resource_class ?? 'None'} does not match the requested resource class ${allocation.resource_class}`);
  }
  if (allocation.traits.length > 0 && !hasTraits(node, allocation.traits)) {
    // Ironic prints its trait list object here, which shows one `Trait` per trait of the node.
    const shown = `TraitList(created_at=<?>,objects=[${node.traits.map(() => 'Trait').join(',')}],updated_at=<?>)`;
    problems.push(`List of traits ${shown} does not match the requested traits ${pythonList(allocation.traits)}`);
  }
  if (allocation.candidate_nodes.length > 0 && !allocation.candidate_nodes.includes(node.uuid)) {
    problems.push(`Candidate nodes must be empty or contain the target node, but got ${pythonList(allocation.candidate_nodes)}`);
  }
  return problems;
}

/** A list of strings as Python prints it: `['a', 'b']`. */
function pythonList(items: readonly string[]): string {
  return `[${items.map((item) => `'${item}'`).join(', ')}]`;
}

export function decideAllocation(command: AllocationCommand, allocation: Allocation | null): AllocationEvent[] {
  const meta = { allocationId: command.allocationId, ...auditMeta(command.meta) };
  if (command.type === 'CreateAllocation') {
    if (allocation) throw new ResourceConflictError(`An allocation with UUID ${command.allocationId} already exists.`);
    const { backfill_node = null, ...fields } = command.data;
    checkName(fields.name, 'create');
    if (!fields.resource_class && !backfill_node) throw new InvalidInputError('The resource_class field is mandatory when not backfilling');
    const invalid = fields.traits.find((trait) => !isValidTrait(trait));
    if (invalid !== undefined) throw new InvalidInputError(`Invalid trait ${JSON.stringify(invalid)}: a trait is a standard name or CUSTOM_ followed by A-Z, 0-9 and _.`);
    const data = {
      name: fields.name,
      resource_class: fields.resource_class,
      traits: [...fields.traits],
      candidate_nodes: [...fields.candidate_nodes],
      extra: fields.extra,
      owner: fields.owner,
      backfill_node,
      conductor: command.meta.conductor ?? null,
    };
    return [{ type: 'AllocationCreated', data, meta }];
  }
  if (!allocation) throw new AllocationNotFoundError(command.allocationId);
  switch (command.type) {
    case 'RecordAllocationOutcome': {
      if (allocation.state !== 'allocating') throw new InvalidStateError(allocation.uuid, allocation.state, 'record allocation outcome', `Allocation ${allocation.uuid} is no longer allocating: it is ${allocation.state}.`);
      const { data } = command;
      return data.outcome === 'succeeded'
        ? [{ type: 'AllocationSucceeded', data: { node_uuid: data.node_uuid }, meta }]
        : [{ type: 'AllocationFailed', data: { last_error: data.error }, meta }];
    }
    case 'UpdateAllocation': {
      const given = command.data.changes;
      if (given.name !== undefined) checkName(given.name, 'update');
      const changes: { name?: string | null; extra?: JsonObject } = {};
      if (given.name !== undefined && given.name !== allocation.name) changes.name = given.name;
      if (given.extra !== undefined && JSON.stringify(given.extra) !== JSON.stringify(allocation.extra)) changes.extra = given.extra;
      return Object.keys(changes).length === 0 ? [] : [{ type: 'AllocationUpdated', data: { changes }, meta }];
    }
    case 'DeleteAllocation':
      return [{ type: 'AllocationDeleted', data: { node_uuid: allocation.node_uuid }, meta }];
    default:
      return assertNever(command);
  }
}

export function evolveAllocation(allocation: Allocation | null, event: AllocationEvent): Allocation | null {
  switch (event.type) {
    case 'AllocationCreated':
      return { uuid: event.meta.allocationId, ...event.data, state: 'allocating', last_error: null, node_uuid: null, created_at: event.meta.at, updated_at: null };
    case 'AllocationSucceeded':
      return allocation && { ...allocation, state: 'active', node_uuid: event.data.node_uuid, conductor: null, updated_at: event.meta.at };
    case 'AllocationFailed':
      return allocation && { ...allocation, state: 'error', node_uuid: null, last_error: event.data.last_error, conductor: null, updated_at: event.meta.at };
    case 'AllocationUpdated':
      return allocation && { ...allocation, ...event.data.changes, updated_at: event.meta.at };
    case 'AllocationDeleted':
      return null;
    default:
      return assertNever(event);
  }
}

/** An empty name is stored as given and skips the check, as in Ironic. */
function checkName(name: string | null, verb: 'create' | 'update'): void {
  if (name && !isValidAllocationName(name)) throw new InvalidInputError(`Cannot ${verb} allocation with invalid name '${name}'`);
}
