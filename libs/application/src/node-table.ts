import { deflateRawSync, inflateRawSync } from 'node:zlib';
import { type Node, restoreNode } from '@ironledger/domain';

/** Which nodes a process keeps whole: those it acts for. */
export type KeepWhole = (node: Node) => boolean;

/** What a read model keeps whole, and why (see `NodeTable.keepWhole`). */
export interface WholeNodes {
  /** The nodes to keep whole. */
  readonly keep: KeepWhole;
  /** How many others read or changed most recently stay whole too (`RECENT_LIMIT` by default). */
  readonly recent?: number;
  /** What `keep` was made from (the live members of a ring, say): the same reason again decides nothing anew. */
  readonly reason?: string;
}

/**
 * What a packed node keeps unpacked beside it: what the API's lists filter, sort and narrow by
 * (and the fields of their default view), what the fleet's census counts, who holds the node, and
 * what power sync plans a pass by.
 */
export const SUMMARY_FIELDS = [
  'uuid', 'name', 'instance_uuid', 'maintenance', 'retired', 'provision_state', 'power_state', 'driver', 'resource_class', 'fault',
  'conductor_group', 'owner', 'lessee', 'chassis_uuid', 'description', 'shard', 'reservation', 'created_at', 'provision_updated_at', 'agent',
  'target_power_state', 'power_sync_failures',
] as const satisfies readonly (keyof Node)[];

/** A node's summary (a whole node is its own). */
export type NodeSummary = Pick<Node, (typeof SUMMARY_FIELDS)[number]>;

/**
 * The nodes' summaries in creation order as a sequence, for paging through a large fleet from a
 * marker without copying it: `at` gives `undefined` where a node was deleted. Valid until the table
 * next changes (a request reads it in one go).
 */
export interface SummarySequence {
  readonly length: number;
  at(index: number): NodeSummary | undefined;
  /** The position of the node `uuid`, or -1. */
  positionOf(uuid: string): number;
}

/** A packed node: its summary, and its JSON deflated (as a one-byte string). */
type PackedNode = NodeSummary & { readonly packed: string };

const isPacked = (entry: Node | PackedNode): entry is PackedNode => 'packed' in entry;

/** One literal, every field in one order: one hidden class for every packed node. */
function packedNode(packed: string, node: Node): PackedNode {
  return {
    packed, uuid: node.uuid, name: node.name, instance_uuid: node.instance_uuid, maintenance: node.maintenance, retired: node.retired,
    provision_state: node.provision_state, power_state: node.power_state, driver: node.driver, resource_class: node.resource_class,
    fault: node.fault, conductor_group: node.conductor_group, owner: node.owner, lessee: node.lessee, chassis_uuid: node.chassis_uuid,
    description: node.description, shard: node.shard, reservation: node.reservation, created_at: node.created_at,
    provision_updated_at: node.provision_updated_at, agent: node.agent, target_power_state: node.target_power_state,
    power_sync_failures: node.power_sync_failures,
  };
}

/** Every node packed but the `count` read or changed most recently (a process acting for the whole fleet, but holding only part of it whole). */
export function mostRecentlyUsed(count: number): WholeNodes {
  return { keep: () => false, recent: count, reason: `the ${count} most recently used` };
}

/** Cold nodes held whole for a while after they were read or changed (about 2.2 KB each). */
const RECENT_LIMIT = 4096;

/** Empty slots (deleted nodes) left before the entries are compacted, at least: a quarter of them. */
const MIN_COMPACTION = 1024;

/** Nodes a `keepWhole` pass looks at before it lets other work run. */
const PASS_SLICE = 256;

/**
 * A read model's nodes by UUID, in creation order. Every node is held whole (as an object) unless
 * the process says which ones to keep whole (`keepWhole`): a conductor its share of the hash rings,
 * a power-sync instance its share of the pass. The others are packed: their JSON deflated against
 * a dictionary (the JSON of the first node packed: a fleet's nodes share most of their text), about
 * 130 bytes for a verified Redfish node instead of 2.2 KB, beside their summary (what lists filter
 * and count by: `summaries`), and unpacked whenever they are read. The cold nodes read or changed
 * most recently stay whole too, up to `RECENT_LIMIT` (a write-back cache): a node going through a
 * provision gets its events in quick succession and is packed once it goes quiet, not once per event.
 */
export class NodeTable {
  /** Each node's slot: slots are in creation order, so a list finds its marker's place at once. */
  private readonly slots = new Map<string, number>();
  /** The entries by slot; a deleted node's slot is empty until the next compaction. */
  private entries: Array<Node | PackedNode | undefined> = [];
  private emptySlots = 0;
  /** How many entries are packed. */
  private packedCount = 0;
  /** Cold nodes held whole for now, least recently used first. */
  private readonly recent = new Set<string>();
  private keep?: KeepWhole;
  /** What `keep` was last decided from. */
  private keptFor?: string;
  private recentLimit = RECENT_LIMIT;
  /** `keepWhole` passes begun: one that sees a later one begun stops. */
  private passes = 0;
  private dictionary?: Buffer;

  get size(): number {
    return this.slots.size;
  }

  /** How many nodes are held packed now. */
  get packed(): number {
    return this.packedCount;
  }

  keys(): IterableIterator<string> {
    return this.slots.keys();
  }

  /** The node `id`, unpacked if need be (and then held whole for a while). */
  get(id: string): Node | undefined {
    const entry = this.entry(id);
    if (entry === undefined) return undefined;
    if (!isPacked(entry)) {
      if (this.recent.delete(id)) this.recent.add(id);
      return entry;
    }
    const node = this.unpack(entry);
    this.set(id, node);
    return node;
  }

  /** The node `id` without holding it whole: for reading through the whole fleet once. */
  peek(id: string): Node | undefined {
    const entry = this.entry(id);
    return entry !== undefined && isPacked(entry) ? this.unpack(entry) : entry;
  }

  set(id: string, node: Node): void {
    this.put(id, node);
    this.recent.delete(id);
    if (!this.keep || this.keep(node)) return;
    this.recent.add(id);
    if (this.recent.size > this.recentLimit) this.packOldest();
  }

  delete(id: string): void {
    this.put(id, undefined);
    this.recent.delete(id);
  }

  /** Every node in creation order, packed ones unpacked one at a time (not held). */
  *values(): IterableIterator<Node> {
    for (const entry of this.entries) if (entry !== undefined) yield isPacked(entry) ? this.unpack(entry) : entry;
  }

  /**
   * Every node's summary in creation order, nothing unpacked (a whole node is its own, a packed node
   * carries it), as a new array: made in one go it costs half what iterating a generator does.
   */
  summaries(): NodeSummary[] {
    if (this.emptySlots === 0) return this.entries.slice() as NodeSummary[];
    const summaries = new Array<NodeSummary>(this.slots.size);
    let next = 0;
    for (const entry of this.entries) if (entry !== undefined) summaries[next++] = entry;
    return summaries;
  }

  /** The whole node of a summary just taken from `summaries`: the summary itself when the node is whole (no lookup), else unpacked as `get` does. */
  wholeOf(summary: NodeSummary): Node | undefined {
    return 'packed' in summary ? this.get(summary.uuid) : (summary as Node);
  }

  /** Every node's summary in creation order, as a sequence (see `SummarySequence`): a list's page is read off it from the marker. */
  inCreationOrder(): SummarySequence {
    const { entries, slots } = this;
    return { length: entries.length, at: (index) => entries[index], positionOf: (uuid) => slots.get(uuid) ?? -1 };
  }

  /** The nodes held whole: those `keepWhole` keeps that have been read since (or never packed), and the recently used ones. */
  *wholeNodes(): IterableIterator<Node> {
    for (const entry of this.entries) if (entry !== undefined && !isPacked(entry)) yield entry;
  }

  /**
   * From now on keeps whole only the nodes `whole` keeps (every node without it). Nodes it no
   * longer keeps are packed by a pass over the table, a few hundred at a time between other work
   * (a pass over 100,000 nodes takes seconds: it must not stall a service); packed nodes it now
   * keeps stay packed until they are read (`get` then keeps them whole). Called again for the same
   * reason, it changes nothing. Resolves when its pass ends, or a later call has taken over.
   */
  async keepWhole(whole: WholeNodes | undefined): Promise<void> {
    if (whole?.reason !== undefined && whole.reason === this.keptFor) return;
    const keep = whole?.keep;
    this.keep = keep;
    this.keptFor = whole?.reason;
    this.recentLimit = whole?.recent ?? RECENT_LIMIT;
    this.recent.clear();
    const pass = ++this.passes;
    let done = 0;
    for (const id of this.slots.keys()) {
      if (pass !== this.passes) return;
      const entry = this.entry(id)!;
      if (!isPacked(entry) && keep && !keep(entry)) this.put(id, this.pack(entry));
      if (++done % PASS_SLICE === 0) await new Promise((resolve) => setImmediate(resolve));
    }
  }

  /** Every node of `other` (another model's), held as there: states and packed nodes are values. */
  copyFrom(other: NodeTable): void {
    for (const id of other.slots.keys()) this.put(id, other.entry(id)!);
    for (const id of other.recent) this.recent.add(id);
    this.keep = other.keep;
    this.keptFor = other.keptFor;
    this.recentLimit = other.recentLimit;
    this.dictionary = other.dictionary;
  }

  private packOldest(): void {
    const [oldest] = this.recent;
    this.recent.delete(oldest);
    const entry = this.entry(oldest);
    if (entry !== undefined && !isPacked(entry)) this.put(oldest, this.pack(entry));
  }

  private entry(id: string): Node | PackedNode | undefined {
    const slot = this.slots.get(id);
    return slot === undefined ? undefined : this.entries[slot];
  }

  /** Sets (or, with `undefined`, deletes) the entry `id`, counting packed ones. */
  private put(id: string, entry: Node | PackedNode | undefined): void {
    const slot = this.slots.get(id);
    const was = slot === undefined ? undefined : this.entries[slot];
    if (was !== undefined && isPacked(was)) this.packedCount--;
    if (entry !== undefined && isPacked(entry)) this.packedCount++;
    if (slot !== undefined && entry !== undefined) this.entries[slot] = entry;
    else if (entry !== undefined) {
      this.slots.set(id, this.entries.length);
      this.entries.push(entry);
    } else if (slot !== undefined) {
      this.entries[slot] = undefined;
      this.slots.delete(id);
      if (++this.emptySlots > MIN_COMPACTION && this.emptySlots * 4 > this.entries.length) this.compact();
    }
  }

  /** Drops the empty slots: the slots map iterates in creation order, as the entries are. */
  private compact(): void {
    this.entries = this.entries.filter((entry) => entry !== undefined);
    let slot = 0;
    for (const id of this.slots.keys()) this.slots.set(id, slot++);
    this.emptySlots = 0;
  }

  private pack(node: Node): PackedNode {
    const json = JSON.stringify(node);
    this.dictionary ??= Buffer.from(json);
    return packedNode(deflateRawSync(json, { dictionary: this.dictionary }).toString('latin1'), node);
  }

  private unpack({ packed }: PackedNode): Node {
    return restoreNode(JSON.parse(inflateRawSync(Buffer.from(packed, 'latin1'), { dictionary: this.dictionary }).toString()) as Node);
  }
}
