import { deflateRawSync, inflateRawSync } from 'node:zlib';
import { type Node, restoreNode } from '@ironledger/domain';

/** Which nodes a process keeps whole: those it acts for. */
export type KeepWhole = (node: Node) => boolean;

/** Cold nodes held whole for a while after they were read or changed (about 2.4 KB each). */
const RECENT_LIMIT = 4096;

/**
 * A read model's nodes by UUID, in creation order. Every node is held whole (as an object) unless
 * the process says which ones to keep whole (`keepWhole`): a conductor its share of the hash rings,
 * a power-sync instance its share of the pass. The others are packed: their JSON deflated against
 * a dictionary (the JSON of the first node packed: a fleet's nodes share most of their text), about
 * 110 bytes for a verified Redfish node instead of 2.4 KB, and unpacked whenever they are read. The
 * cold nodes read or changed most recently stay whole too, up to `RECENT_LIMIT` (a write-back
 * cache): a node going through a provision gets its events in quick succession and is packed once
 * it goes quiet, not once per event.
 */
export class NodeTable {
  /** A whole node, or a packed one (its deflated JSON as a one-byte string). */
  private readonly entries = new Map<string, Node | string>();
  /** Cold nodes held whole for now, least recently used first. */
  private readonly recent = new Set<string>();
  private keep?: KeepWhole;
  /** What `keep` was last decided from: the same reason again decides nothing anew. */
  private keptFor?: string;
  private dictionary?: Buffer;

  constructor(private readonly recentLimit = RECENT_LIMIT) {}

  get size(): number {
    return this.entries.size;
  }

  has(id: string): boolean {
    return this.entries.has(id);
  }

  keys(): IterableIterator<string> {
    return this.entries.keys();
  }

  /** The node `id`, unpacked if need be (and then held whole for a while). */
  get(id: string): Node | undefined {
    const entry = this.entries.get(id);
    if (entry === undefined) return undefined;
    if (typeof entry !== 'string') {
      if (this.recent.delete(id)) this.recent.add(id);
      return entry;
    }
    const node = this.unpack(entry);
    this.set(id, node);
    return node;
  }

  /** The node `id` without holding it whole: for reading through the whole fleet once. */
  peek(id: string): Node | undefined {
    const entry = this.entries.get(id);
    return typeof entry === 'string' ? this.unpack(entry) : entry;
  }

  set(id: string, node: Node): void {
    this.entries.set(id, node);
    this.recent.delete(id);
    if (!this.keep || this.keep(node)) return;
    this.recent.add(id);
    if (this.recent.size > this.recentLimit) this.packOldest();
  }

  delete(id: string): void {
    this.entries.delete(id);
    this.recent.delete(id);
  }

  /** Every node in creation order, packed ones unpacked one at a time (not held). */
  *values(): IterableIterator<Node> {
    for (const entry of this.entries.values()) yield typeof entry === 'string' ? this.unpack(entry) : entry;
  }

  /** The nodes held whole: every one `keepWhole` keeps, and the recently used ones. */
  *wholeNodes(): IterableIterator<Node> {
    for (const entry of this.entries.values()) if (typeof entry !== 'string') yield entry;
  }

  /**
   * From now on keeps whole only the nodes `keep` accepts (every node without one), and packs or
   * unpacks every node accordingly. `reason` names what `keep` was made from (the live members of
   * a ring, say): called again with the same reason, it changes nothing, since deciding anew
   * unpacks every packed node (about 20 µs each).
   */
  keepWhole(keep: KeepWhole | undefined, reason?: string): void {
    if (reason !== undefined && reason === this.keptFor) return;
    this.keep = keep;
    this.keptFor = reason;
    this.recent.clear();
    for (const [id, entry] of this.entries) {
      const node = typeof entry === 'string' ? this.unpack(entry) : entry;
      const whole = !keep || keep(node);
      if (whole && typeof entry === 'string') this.entries.set(id, node);
      else if (!whole && typeof entry !== 'string') this.entries.set(id, this.pack(node));
    }
  }

  /** Every node of `other` (another model's), held as there: states are values, packed ones immutable strings. */
  copyFrom(other: NodeTable): void {
    for (const [id, entry] of other.entries) this.entries.set(id, entry);
    for (const id of other.recent) this.recent.add(id);
    this.keep = other.keep;
    this.keptFor = other.keptFor;
    this.dictionary = other.dictionary;
  }

  private packOldest(): void {
    const [oldest] = this.recent;
    this.recent.delete(oldest);
    const entry = this.entries.get(oldest);
    if (entry !== undefined && typeof entry !== 'string') this.entries.set(oldest, this.pack(entry));
  }

  private pack(node: Node): string {
    const json = JSON.stringify(node);
    this.dictionary ??= Buffer.from(json);
    return deflateRawSync(json, { dictionary: this.dictionary }).toString('latin1');
  }

  private unpack(packed: string): Node {
    return restoreNode(JSON.parse(inflateRawSync(Buffer.from(packed, 'latin1'), { dictionary: this.dictionary }).toString()) as Node);
  }
}
