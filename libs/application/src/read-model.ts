import { createHash } from 'node:crypto';
import {
  assertNever,
  type Allocation,
  type AllocationEvent,
  type Chassis,
  type ChassisEvent,
  type DeployTemplate,
  type DeployTemplateEvent,
  evolve,
  evolveAllocation,
  evolveChassis,
  evolveDeployTemplate,
  type Node,
  type NodeEvent,
  type Port,
  type Portgroup,
  type VolumeConnector,
  type VolumeTarget,
} from '@ironledger/domain';
import { type RecordedEvent } from '@ironledger/event-store';
import { toResourceEvent } from './codec.js';
import { type NodeSummary, NodeTable, type SummarySequence, type WholeNodes } from './node-table.js';

/** An event as the read model applied it, with its resource before and after it. */
export type AppliedEvent =
  | AppliedTo<'node', NodeEvent, Node>
  | AppliedTo<'chassis', ChassisEvent, Chassis>
  | AppliedTo<'allocation', AllocationEvent, Allocation>
  | AppliedTo<'deploy_template', DeployTemplateEvent, DeployTemplate>;

interface AppliedTo<K extends string, E, S> {
  readonly kind: K;
  readonly recorded: RecordedEvent;
  readonly event: E;
  readonly before: S | null;
  readonly after: S | null;
}

/** The node events among applied events. */
export type AppliedNodeEvent = Extract<AppliedEvent, { kind: 'node' }>;

/** Resources of one kind by UUID, in creation order. */
export class ResourceMap<S extends { readonly uuid: string }> {
  private readonly byUuid = new Map<string, S>();

  get(uuid: string): S | undefined {
    return this.byUuid.get(uuid);
  }

  all(): IterableIterator<S> {
    return this.byUuid.values();
  }

  get size(): number {
    return this.byUuid.size;
  }

  /** Sets (or, with `null`, deletes) the resource `uuid`; returns what it was. */
  put(uuid: string, state: S | null): S | null {
    const before = this.byUuid.get(uuid) ?? null;
    if (state) this.byUuid.set(uuid, state);
    else this.byUuid.delete(uuid);
    return before;
  }

  /** Every resource of `other` (states are values: they are shared, not copied). */
  copyFrom(other: ResourceMap<S>): void {
    for (const [uuid, state] of other.byUuid) this.byUuid.set(uuid, state);
  }

  /** `kind:uuid` lines of every resource's state, sorted, for checksums and comparisons. */
  lines(kind: string): Map<string, string> {
    return new Map([...this.byUuid].map(([uuid, state]) => [`${kind}:${uuid}`, JSON.stringify(state)]));
  }
}

/** One of a node's sub-resources (a port, a port group, …) with its node. */
export interface NodeItem<T> {
  readonly item: T;
  readonly node: Node;
}

/**
 * A node's sub-resources of one kind across the fleet: by UUID and by their other unique keys
 * (a port's MAC, a port group's name), in creation order. An item moved to another node keeps
 * its place, as its database id does in Ironic.
 */
export class NodeItems<T extends { readonly uuid: string }> {
  /** UUID → owning node, in creation order. */
  private readonly owners = new Map<string, string>();
  /** Other unique key → UUID. */
  private readonly uuidsByKey = new Map<string, string>();

  constructor(
    private readonly nodes: { get(id: string): Node | undefined },
    private readonly itemsOf: (node: Node) => readonly T[],
    private readonly keysOf: (item: T) => readonly (string | null)[] = () => [],
  ) {}

  get(uuid: string): NodeItem<T> | undefined {
    const node = this.nodes.get(this.owners.get(uuid) ?? '');
    const item = node && this.itemsOf(node).find((candidate) => candidate.uuid === uuid);
    return node && item ? { item, node } : undefined;
  }

  /** The item with this other unique key (a port's MAC, a port group's name or MAC). */
  byKey(key: string): NodeItem<T> | undefined {
    const uuid = this.uuidsByKey.get(key);
    return uuid === undefined ? undefined : this.get(uuid);
  }

  /** Every item with its node, in creation order. */
  *all(): IterableIterator<NodeItem<T>> {
    for (const uuid of this.owners.keys()) {
      const found = this.get(uuid);
      if (found) yield found;
    }
  }

  /** The index of `other` (of another model's nodes). */
  copyFrom(other: NodeItems<T>): void {
    for (const [uuid, owner] of other.owners) this.owners.set(uuid, owner);
    for (const [key, uuid] of other.uuidsByKey) this.uuidsByKey.set(key, uuid);
  }

  /** Indexes what the node's event did to its items; `movedTo`: the node the items it lost went to. */
  update(nodeId: string, before: Node | null, after: Node | null, movedTo?: string): void {
    const [was, is] = [before ? this.itemsOf(before) : [], after ? this.itemsOf(after) : []];
    if (was === is) return;
    const kept = new Set(is.map((item) => item.uuid));
    for (const item of was) {
      for (const key of this.keysOf(item)) if (key !== null && this.uuidsByKey.get(key) === item.uuid) this.uuidsByKey.delete(key);
      if (kept.has(item.uuid) || this.owners.get(item.uuid) !== nodeId) continue;
      if (movedTo === undefined) this.owners.delete(item.uuid);
      else this.owners.set(item.uuid, movedTo);
    }
    for (const item of is) {
      this.owners.set(item.uuid, nodeId);
      for (const key of this.keysOf(item)) if (key !== null) this.uuidsByKey.set(key, item.uuid);
    }
  }
}

/** Every resource's current state (nodes with their ports, chassis, …), folded from the global event order. */
export class FleetReadModel {
  readonly chassis = new ResourceMap<Chassis>();
  readonly allocations = new ResourceMap<Allocation>();
  readonly deployTemplates = new ResourceMap<DeployTemplate>();
  private readonly nodes = new NodeTable();
  private readonly idsByName = new Map<string, string>();
  /** The node naming each allocation (`allocation_uuid`), and each instance (`instance_uuid`). */
  private readonly idsByAllocation = new Map<string, string>();
  private readonly idsByInstance = new Map<string, string>();
  /** Ports by UUID and by MAC address. */
  readonly portIndex = new NodeItems<Port>(this.nodes, (node) => node.ports, (port) => [port.address]);
  /** Port groups by UUID, by name and by MAC address (names and MACs cannot collide: a name with a `:` is no valid name). */
  readonly portgroups = new NodeItems<Portgroup>(this.nodes, (node) => node.portgroups, (group) => [group.name, group.address]);
  readonly volumeConnectors = new NodeItems<VolumeConnector>(this.nodes, (node) => node.volume_connectors);
  readonly volumeTargets = new NodeItems<VolumeTarget>(this.nodes, (node) => node.volume_targets);
  /** Position of the last event applied (0: none). */
  position = 0;

  /** Folds one stored event in; returns what it did to its resource (nothing for events of other streams). */
  apply(recorded: RecordedEvent): AppliedEvent | undefined {
    this.position = recorded.position;
    const found = toResourceEvent(recorded);
    if (!found) return undefined;
    switch (found.kind) {
      case 'node':
        return this.applyToNode(recorded, found.id, found.event as NodeEvent);
      case 'chassis': {
        const event = found.event as ChassisEvent;
        const before = this.chassis.get(found.id) ?? null;
        const after = evolveChassis(before, event);
        this.chassis.put(found.id, after);
        return { kind: 'chassis', recorded, event, before, after };
      }
      case 'allocation': {
        const event = found.event as AllocationEvent;
        const before = this.allocations.get(found.id) ?? null;
        const after = evolveAllocation(before, event);
        this.allocations.put(found.id, after);
        return { kind: 'allocation', recorded, event, before, after };
      }
      case 'deploy_template': {
        const event = found.event as DeployTemplateEvent;
        const before = this.deployTemplates.get(found.id) ?? null;
        const after = evolveDeployTemplate(before, event);
        this.deployTemplates.put(found.id, after);
        return { kind: 'deploy_template', recorded, event, before, after };
      }
      default:
        return assertNever(found.kind, 'resource kind');
    }
  }

  private applyToNode(recorded: RecordedEvent, streamNodeId: string, event: NodeEvent): AppliedNodeEvent {
    const before = this.nodes.get(streamNodeId) ?? null;
    const after = evolve(before, event);
    // The indexes keep the node's own UUID string: the id cut from the stream id is a slice that
    // would keep the whole stream id in memory as long as the node is indexed.
    const own = (before ?? after)?.uuid;
    const nodeId = own === streamNodeId ? own : streamNodeId;
    if (after) this.nodes.set(nodeId, after);
    else this.nodes.delete(nodeId);
    // Most events leave the name alone; updating the index only on a change keeps rebuilds fast.
    reindex(this.idsByName, nodeId, before?.name, after?.name);
    reindex(this.idsByAllocation, nodeId, before?.allocation_uuid, after?.allocation_uuid);
    reindex(this.idsByInstance, nodeId, before?.instance_uuid, after?.instance_uuid);
    const movedTo = 'to_node' in event.data ? event.data.to_node : undefined;
    this.portIndex.update(nodeId, before, after, movedTo);
    this.portgroups.update(nodeId, before, after, movedTo);
    this.volumeConnectors.update(nodeId, before, after, movedTo);
    this.volumeTargets.update(nodeId, before, after, movedTo);
    return { kind: 'node', recorded, event, before, after };
  }

  /**
   * A model in the same state at the same position, that goes on apart from this one. Node and
   * other states are values that `evolve` never changes: both models share them.
   */
  copy(): FleetReadModel {
    const copy = new FleetReadModel();
    copy.chassis.copyFrom(this.chassis);
    copy.allocations.copyFrom(this.allocations);
    copy.deployTemplates.copyFrom(this.deployTemplates);
    copy.nodes.copyFrom(this.nodes);
    for (const [name, id] of this.idsByName) copy.idsByName.set(name, id);
    for (const [allocation, id] of this.idsByAllocation) copy.idsByAllocation.set(allocation, id);
    for (const [instance, id] of this.idsByInstance) copy.idsByInstance.set(instance, id);
    copy.portIndex.copyFrom(this.portIndex);
    copy.portgroups.copyFrom(this.portgroups);
    copy.volumeConnectors.copyFrom(this.volumeConnectors);
    copy.volumeTargets.copyFrom(this.volumeTargets);
    copy.position = this.position;
    return copy;
  }

  /** A node by UUID or by name. */
  get(idOrName: string): Node | undefined {
    return this.nodes.get(idOrName) ?? this.nodes.get(this.idsByName.get(idOrName) ?? '');
  }

  /** The node `id` (a UUID), unpacked if packed but not held whole for it (see `keepWhole`): for a node read once. */
  peek(id: string): Node | undefined {
    return this.nodes.peek(id);
  }

  /** Every node in creation order (a packed node is unpacked for it: see `keepWhole`). */
  all(): IterableIterator<Node> {
    return this.nodes.values();
  }

  /** The node naming this allocation as its own. */
  holderOfAllocation(allocationUuid: string): Node | undefined {
    const id = this.idsByAllocation.get(allocationUuid);
    return id === undefined ? undefined : this.nodes.get(id);
  }

  /** The node of this instance. */
  holderOfInstance(instanceUuid: string): Node | undefined {
    const id = this.idsByInstance.get(instanceUuid);
    return id === undefined ? undefined : this.nodes.get(id);
  }

  /** Every node naming an allocation, with it. */
  *allocationHolders(): IterableIterator<{ allocationUuid: string; node: Node }> {
    for (const [allocationUuid, id] of [...this.idsByAllocation]) {
      const node = this.nodes.get(id);
      if (node) yield { allocationUuid, node };
    }
  }

  /** Keeps whole only the nodes a process acts for (every node without `whole`), and the others packed (see `NodeTable`). */
  keepWhole(whole: WholeNodes | undefined): Promise<void> {
    return this.nodes.keepWhole(whole);
  }

  /** Every node's summary, in creation order: what lists filter by, without unpacking a node. */
  summaries(): NodeSummary[] {
    return this.nodes.summaries();
  }

  /** The whole node of a summary just taken from `summaries` (see `NodeTable.wholeOf`). */
  wholeOf(summary: NodeSummary): Node | undefined {
    return this.nodes.wholeOf(summary);
  }

  /** The same, as a sequence a list pages through from its marker without copying the fleet. */
  inCreationOrder(): SummarySequence {
    return this.nodes.inCreationOrder();
  }

  /** The nodes held whole: all of them, or those `keepWhole` keeps that have been read since, and a few recently used. */
  wholeNodes(): IterableIterator<Node> {
    return this.nodes.wholeNodes();
  }

  /** A port by UUID, with its node. */
  port(uuid: string): { port: Port; node: Node } | undefined {
    const found = this.portIndex.get(uuid);
    return found && { port: found.item, node: found.node };
  }

  /** Every port with its node, in the order the ports were created. */
  *ports(): IterableIterator<{ port: Port; node: Node }> {
    for (const { item, node } of this.portIndex.all()) yield { port: item, node };
  }

  /** The node that has a port with this MAC address (lower case). */
  nodeWithAddress(address: string): Node | undefined {
    return this.portIndex.byKey(address)?.node;
  }

  get size(): number {
    return this.nodes.size;
  }

  /** How many nodes are held packed (see `keepWhole`). */
  get packedNodes(): number {
    return this.nodes.packed;
  }

  /** A digest of every resource's state, independent of the order they were created in (nodes first, as they always were). */
  checksum(): string {
    const hash = createHash('sha256');
    for (const id of [...this.nodes.keys()].sort()) hash.update(JSON.stringify(this.nodes.peek(id))).update('\n');
    const others = this.otherLines();
    for (const key of [...others.keys()].sort()) hash.update(key).update(others.get(key)!).update('\n');
    return hash.digest('hex');
  }

  /** Nodes (by UUID) and other resources (`kind:uuid`) whose state differs between this model and `other`. */
  differences(other: FleetReadModel): string[] {
    const ids = new Set([...this.nodes.keys(), ...other.nodes.keys()]);
    const nodes = [...ids].filter((id) => JSON.stringify(this.nodes.peek(id)) !== JSON.stringify(other.nodes.peek(id)));
    const [mine, theirs] = [this.otherLines(), other.otherLines()];
    const rest = [...new Set([...mine.keys(), ...theirs.keys()])].filter((key) => mine.get(key) !== theirs.get(key));
    return [...nodes, ...rest].sort();
  }

  /** The resources other than nodes, as `kind:uuid` → state lines. */
  private otherLines(): Map<string, string> {
    return new Map([...this.chassis.lines('chassis'), ...this.allocations.lines('allocation'), ...this.deployTemplates.lines('deploy_template')]);
  }
}

/** Moves `id` in a unique index from the key it had to the key it has. */
function reindex(index: Map<string, string>, id: string, was: string | null | undefined, is: string | null | undefined): void {
  if (was === is) return;
  if (was && index.get(was) === id) index.delete(was);
  if (is) index.set(is, id);
}
