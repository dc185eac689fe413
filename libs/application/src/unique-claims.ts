import { type Node, NodeConflictError } from '@ironledger/domain';
import { ConcurrencyError, type EventStore, type RecordedEvent } from '@ironledger/event-store';

interface ClaimKind {
  /** Claims on a value are the stream `<streamPrefix><value>` (not a node stream: projections pass over it). */
  readonly streamPrefix: string;
  readonly claimed: string;
  readonly released: string;
  /** The refusal when another node holds the value (Ironic's words). */
  readonly taken: (value: string) => string;
  /** Whether `node` has the value now. */
  readonly heldBy: (node: Node, value: string) => boolean;
}

/** What must be unique across the fleet, and how claims on it are recorded. */
export const CLAIM_KINDS = {
  name: {
    streamPrefix: 'name-',
    claimed: 'NodeNameClaimed',
    released: 'NodeNameReleased',
    taken: (name) => `A node with name ${name} already exists.`,
    heldBy: (node, name) => node.name === name,
  },
  mac: {
    streamPrefix: 'mac-',
    claimed: 'PortAddressClaimed',
    released: 'PortAddressReleased',
    taken: (mac) => `A port with MAC address ${mac} already exists.`,
    heldBy: (node, mac) => node.ports.some((port) => port.address === mac),
  },
  port: {
    streamPrefix: 'port-',
    claimed: 'PortUuidClaimed',
    released: 'PortUuidReleased',
    taken: (uuid) => `A port with UUID ${uuid} already exists.`,
    heldBy: (node, uuid) => node.ports.some((port) => port.uuid === uuid),
  },
} as const satisfies Record<string, ClaimKind>;

/** A value no two nodes may have at once: a node name, a port's MAC address or a port UUID. */
export interface Claim {
  readonly kind: keyof typeof CLAIM_KINDS;
  readonly value: string;
}

/** Another node holds the value: Ironic's 409. */
export class ClaimConflictError extends NodeConflictError {
  constructor(
    nodeId: string,
    readonly claim: Claim,
    /** The node holding the value. */
    readonly holder: string,
  ) {
    super(nodeId, CLAIM_KINDS[claim.kind].taken(claim.value));
  }
}

export const claimStreamId = ({ kind, value }: Claim): string => `${CLAIM_KINDS[kind].streamPrefix}${value}`;

/** Everything `node` has that no other node may have. */
export function claimsHeldBy(node: Node | null): Claim[] {
  if (!node) return [];
  const held: Claim[] = node.name ? [{ kind: 'name', value: node.name }] : [];
  for (const port of node.ports) held.push({ kind: 'mac', value: port.address }, { kind: 'port', value: port.uuid });
  return held;
}

export interface UniqueClaimsOptions {
  /** A node as its own stream says now (the read model may lag). */
  readonly currentNode: (nodeId: string) => Promise<Node | null>;
  /**
   * A claim younger than this stands even when its node does not (yet) have the value: the
   * command that claimed it may still be on the way. Older, it is void unless its node has the
   * value (the node gave it up, was deleted or never got it, without the claim being released).
   */
  readonly graceMs?: number;
  readonly now?: () => number;
}

/**
 * Names, MAC addresses and port UUIDs are unique, and the read model cannot promise that (it
 * lags the store): two commands taking one value at the same moment would both pass a check
 * against it. So a node claims the value in the store before it takes it, in a stream per value
 * whose last event says who holds it, and the store's expected-revision check lets only one
 * claim through.
 */
export class UniqueClaims {
  private readonly graceMs: number;
  private readonly now: () => number;

  constructor(
    private readonly store: EventStore,
    private readonly options: UniqueClaimsOptions,
  ) {
    this.graceMs = options.graceMs ?? 60_000;
    this.now = options.now ?? Date.now;
  }

  /**
   * Claims the value for `nodeId`: `true` when this call claimed it, `false` when the node held
   * it already; `ClaimConflictError` when another node holds it.
   */
  async claim(claim: Claim, nodeId: string, metadata: Record<string, unknown> = {}, maxAttempts = 5): Promise<boolean> {
    const kind = CLAIM_KINDS[claim.kind];
    const claimed = [{ type: kind.claimed, data: { nodeId }, metadata }];
    // A value nobody ever had (the usual case) is claimed in one append, without reading.
    let last: RecordedEvent | undefined | null = null;
    for (let attempt = 1; attempt <= maxAttempts; attempt++) {
      if (last !== null) {
        const holder = last?.type === kind.claimed ? (last.data as { nodeId: string }).nodeId : undefined;
        if (holder === nodeId) return false;
        if (holder !== undefined && (await this.stands(last!, holder, claim))) throw new ClaimConflictError(nodeId, claim, holder);
      }
      try {
        await this.store.append(claimStreamId(claim), claimed, { expectedRevision: last ? last.revision : 'no_stream' });
        return true;
      } catch (error) {
        if (!(error instanceof ConcurrencyError)) throw error;
        last = (await this.store.readStream(claimStreamId(claim))).at(-1);
      }
    }
    // Still contended after several attempts: as good as taken.
    throw new NodeConflictError(nodeId, CLAIM_KINDS[claim.kind].taken(claim.value));
  }

  /** Gives up `nodeId`'s claim, if it still holds it. */
  async release(claim: Claim, nodeId: string, metadata: Record<string, unknown> = {}): Promise<void> {
    const kind = CLAIM_KINDS[claim.kind];
    const last = (await this.store.readStream(claimStreamId(claim))).at(-1);
    if (last?.type !== kind.claimed || (last.data as { nodeId: string }).nodeId !== nodeId) return;
    try {
      await this.store.append(claimStreamId(claim), [{ type: kind.released, data: { nodeId }, metadata }], { expectedRevision: last.revision });
    } catch (error) {
      // Claimed again meanwhile: the value is no longer ours to release.
      if (!(error instanceof ConcurrencyError)) throw error;
    }
  }

  private async stands(claimed: RecordedEvent, holder: string, claim: Claim): Promise<boolean> {
    if (this.now() - Date.parse(claimed.recordedAt) < this.graceMs) return true;
    const node = await this.options.currentNode(holder);
    return node !== null && CLAIM_KINDS[claim.kind].heldBy(node, claim.value);
  }
}
