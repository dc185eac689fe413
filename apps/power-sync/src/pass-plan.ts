import { HashRing, ringHash } from '@ironledger/application';
import { type Node } from '@ironledger/domain';

/**
 * How many parts an instance's share of a pass is read in, one after the other. An instance
 * records how many leading parts it has finished; whoever takes its share over after it died
 * starts after them. A node's part depends on its id alone, so that every instance cuts every
 * share the same way whatever it knows of the nodes' state.
 */
export const PARTS = 64;

/** The part of a share a node is read in. */
export const partOf = (nodeId: string): number => ringHash(`part:${nodeId}`) % PARTS;

/**
 * The order of a share: part by part; within a part, nodes that failed last time first, so that
 * a broken BMC is noticed early.
 */
export function readingOrder<T extends Pick<Node, 'uuid' | 'power_sync_failures'>>(nodes: Iterable<T>): T[] {
  return [...nodes]
    .map((node) => ({ node, part: partOf(node.uuid) }))
    .sort((a, b) => a.part - b.part || b.node.power_sync_failures - a.node.power_sync_failures || a.node.uuid.localeCompare(b.node.uuid))
    .map(({ node }) => node);
}

/**
 * Each instance's points on a pass's ring, as a power of two. A pass lasts as long as its largest
 * share, so the shares must be even: at Ironic's 2^5 (the conductors' rings) two instances may
 * split 100,000 nodes 38/62 (`bench-0` and `bench-1` do); at 2^8 within a few percent.
 */
const PARTITION_EXPONENT = 8;

/**
 * The power-sync instances one pass was planned on, and who reads which node in it: a consistent
 * hash ring over them gives each node one owner. Pure: no clock, no I/O.
 */
export class PassPlan {
  readonly members: readonly string[];
  private readonly ring: HashRing;

  constructor(members: Iterable<string>) {
    this.ring = new HashRing(members, PARTITION_EXPONENT);
    this.members = this.ring.members;
  }

  /** The member whose share holds the node. */
  ownerOf(nodeId: string): string | undefined {
    return this.ring.ownerOf(nodeId);
  }

  /**
   * Who reads the node once the `gone` members are gone: the first member that is not, going
   * round the ring from the node. That is the owner a ring over the members left would give it,
   * so a member's going moves only its own nodes, each to one survivor.
   */
  readerOf(nodeId: string, gone: ReadonlySet<string>): string | undefined {
    return this.ring.ownersOf(nodeId, this.members.length).find((member) => !gone.has(member));
  }
}
