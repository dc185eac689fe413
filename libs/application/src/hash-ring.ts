/**
 * Which conductor owns a node: a consistent hash ring per (conductor group, hardware type), as
 * Ironic spreads nodes over the conductors that are alive. Each member is placed on the ring at
 * 2^exponent points; a key belongs to the member of the first point at or after the key's hash,
 * going round. A member joining takes keys only for itself, and one leaving gives only its own
 * keys away, so ownership changes no more than the roster does. Pure: no clock, no I/O.
 */

/** Ironic's `hash_partition_exponent`: every member stands at 2^5 points of the ring. */
export const DEFAULT_PARTITION_EXPONENT = 5;

/** A 32-bit hash of `text` (FNV-1a over UTF-16 code units, then a finalizer so that near-equal texts land far apart). */
export function ringHash(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  hash ^= hash >>> 16;
  hash = Math.imul(hash, 0x85ebca6b);
  hash ^= hash >>> 13;
  hash = Math.imul(hash, 0xc2b2ae35);
  hash ^= hash >>> 16;
  return hash >>> 0;
}

/** A consistent hash ring over a set of members. */
export class HashRing {
  /** The members, sorted and distinct. */
  readonly members: readonly string[];
  /** Point hashes in ascending order, and the member standing at each. */
  private readonly points: Uint32Array;
  private readonly holders: readonly string[];

  constructor(members: Iterable<string>, partitionExponent = DEFAULT_PARTITION_EXPONENT) {
    if (!Number.isInteger(partitionExponent) || partitionExponent < 0 || partitionExponent > 16) throw new RangeError(`partition exponent must be an integer from 0 to 16, not ${partitionExponent}`);
    this.members = [...new Set(members)].sort();
    const placed = this.members.flatMap((member) => Array.from({ length: 2 ** partitionExponent }, (_, i) => ({ hash: ringHash(`${member}#${i}`), member })));
    // Ties (vanishingly rare) are broken by member, so that every process builds the same ring.
    placed.sort((a, b) => a.hash - b.hash || (a.member < b.member ? -1 : a.member > b.member ? 1 : 0));
    this.points = Uint32Array.from(placed, (point) => point.hash);
    this.holders = placed.map((point) => point.member);
  }

  /** The member owning `key`; undefined on an empty ring. */
  ownerOf(key: string): string | undefined {
    return this.ownersOf(key, 1)[0];
  }

  /** Up to `count` distinct members for `key`: its owner first, then the next members met going round (those that take it over should the ones before leave). */
  ownersOf(key: string, count: number): string[] {
    const owners: string[] = [];
    if (this.points.length === 0) return owners;
    const start = this.firstPointFrom(ringHash(key));
    for (let step = 0; step < this.points.length && owners.length < count; step++) {
      const member = this.holders[(start + step) % this.points.length];
      if (!owners.includes(member)) owners.push(member);
    }
    return owners;
  }

  /** Index of the first point at or after `hash` (0 past the last: the ring wraps). */
  private firstPointFrom(hash: number): number {
    let low = 0;
    let high = this.points.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.points[middle] < hash) low = middle + 1;
      else high = middle;
    }
    return low === this.points.length ? 0 : low;
  }
}

/** A conductor as the rings see it: its id, its conductor group, and the hardware types it enables. */
export interface RingMember {
  readonly id: string;
  readonly group: string;
  readonly drivers: readonly string[];
}

/** What the rings need of a node: which ring (its group and hardware type) and its key there (its UUID). */
export interface RingNode {
  readonly uuid: string;
  readonly driver: string;
  readonly conductor_group: string;
}

/** The ring's name for a conductor group and hardware type (groups compare case-insensitively, as Ironic stores them in lower case). */
export const ringName = (group: string, driver: string): string => `${group.toLowerCase()}:${driver}`;

/**
 * One hash ring per (conductor group, hardware type) over the given conductors, as Ironic builds
 * them: a node maps only to conductors of its own group that enable its hardware type, and to
 * none when there is no such conductor.
 */
export class ConductorRings {
  private readonly rings = new Map<string, HashRing>();

  constructor(members: Iterable<RingMember>, partitionExponent = DEFAULT_PARTITION_EXPONENT) {
    const byRing = new Map<string, string[]>();
    for (const member of members) {
      for (const driver of new Set(member.drivers)) {
        const name = ringName(member.group, driver);
        byRing.set(name, [...(byRing.get(name) ?? []), member.id]);
      }
    }
    for (const [name, ids] of byRing) this.rings.set(name, new HashRing(ids, partitionExponent));
  }

  /** The ring for a group and hardware type, if any conductor serves them. */
  ringFor(group: string, driver: string): HashRing | undefined {
    return this.rings.get(ringName(group, driver));
  }

  /** The conductor owning `node`; undefined when no conductor serves its group and hardware type. */
  ownerOf(node: RingNode): string | undefined {
    return this.ringFor(node.conductor_group, node.driver)?.ownerOf(node.uuid);
  }
}

/** A conductor as a roster knows it: its card, and whether it is alive now. */
export type RosterMember = RingMember & { readonly alive: boolean };

/** The rings over the live members of a roster, built again only when who is alive (or what they serve) changes. */
export class RosterRings {
  private signature?: string;
  private rings = new ConductorRings([]);

  constructor(
    private readonly members: () => readonly RosterMember[],
    private readonly partitionExponent = DEFAULT_PARTITION_EXPONENT,
  ) {}

  /** The rings as of now. */
  current(): ConductorRings {
    const live = this.members().filter((member) => member.alive);
    const signature = JSON.stringify(live.map(({ id, group, drivers }) => [id, group, drivers]));
    if (signature !== this.signature) {
      this.rings = new ConductorRings(live, this.partitionExponent);
      this.signature = signature;
    }
    return this.rings;
  }
}

/**
 * Which live conductor owns the node a message goes to, for a sender that knows the nodes
 * (`nodeOf`, its read model) and the roster: undefined for a message that names no node, a node
 * the sender does not know (yet), or one no live conductor serves.
 */
export function nodeOwnerLookup(members: () => readonly RosterMember[], nodeOf: (nodeId: string) => RingNode | undefined): (message: object) => string | undefined {
  const rings = new RosterRings(members);
  return (message) => {
    const nodeId = (message as { nodeId?: unknown }).nodeId;
    const node = typeof nodeId === 'string' ? nodeOf(nodeId) : undefined;
    return node && rings.current().ownerOf(node);
  };
}
