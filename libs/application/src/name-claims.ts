import { NodeConflictError } from '@ironledger/domain';
import { ConcurrencyError, type EventStore, type RecordedEvent } from '@ironledger/event-store';

export const NAME_CLAIMED = 'NodeNameClaimed';
export const NAME_RELEASED = 'NodeNameReleased';

/** The stream recording which node holds a name (not a node stream: projections pass over it). */
export const nameStreamId = (name: string): string => `name-${name}`;

export interface NameClaimsOptions {
  /** The name a node has now, from its own stream (the read model may lag). */
  readonly currentName: (nodeId: string) => Promise<string | null | undefined>;
  /**
   * A claim younger than this stands even when its node does not (yet) hold the name: its
   * registration may still be on the way. Older, it is void unless its node holds the name (the
   * node was renamed or deleted, or never created, without the claim being released).
   */
  readonly graceMs?: number;
  readonly now?: () => number;
}

/**
 * Node names are unique, and the read model cannot promise that (it lags the store): two
 * creates of one name at the same moment would both pass a check against it. So a node claims
 * its name in the store before it takes it, in a stream per name whose last event says who holds
 * the name, and the store's expected-revision check lets only one claim through.
 */
export class NameClaims {
  private readonly graceMs: number;
  private readonly now: () => number;

  constructor(
    private readonly store: EventStore,
    private readonly options: NameClaimsOptions,
  ) {
    this.graceMs = options.graceMs ?? 60_000;
    this.now = options.now ?? Date.now;
  }

  /**
   * Claims `name` for `nodeId`: `true` when this call claimed it, `false` when the node held it
   * already; `NodeConflictError` when another node holds it.
   */
  async claim(name: string, nodeId: string, metadata: Record<string, unknown> = {}, maxAttempts = 5): Promise<boolean> {
    const claimed = [{ type: NAME_CLAIMED, data: { nodeId }, metadata }];
    // A name nobody ever had (the usual case) is claimed in one append, without reading.
    let last: RecordedEvent | undefined | null = null;
    for (let attempt = 1; attempt <= maxAttempts; attempt++) {
      if (last !== null) {
        const holder = last?.type === NAME_CLAIMED ? (last.data as { nodeId: string }).nodeId : undefined;
        if (holder === nodeId) return false;
        if (holder !== undefined && (await this.stands(last!, holder, name))) throw conflict(nodeId, name);
      }
      try {
        await this.store.append(nameStreamId(name), claimed, { expectedRevision: last ? last.revision : 'no_stream' });
        return true;
      } catch (error) {
        if (!(error instanceof ConcurrencyError)) throw error;
        last = (await this.store.readStream(nameStreamId(name))).at(-1);
      }
    }
    throw conflict(nodeId, name);
  }

  /** Gives up `nodeId`'s claim on `name`, if it still holds it. */
  async release(name: string, nodeId: string, metadata: Record<string, unknown> = {}): Promise<void> {
    const last = (await this.store.readStream(nameStreamId(name))).at(-1);
    if (last?.type !== NAME_CLAIMED || (last.data as { nodeId: string }).nodeId !== nodeId) return;
    try {
      await this.store.append(nameStreamId(name), [{ type: NAME_RELEASED, data: { nodeId }, metadata }], { expectedRevision: last.revision });
    } catch (error) {
      // Claimed again meanwhile: the name is no longer ours to release.
      if (!(error instanceof ConcurrencyError)) throw error;
    }
  }

  private async stands(claim: RecordedEvent, holder: string, name: string): Promise<boolean> {
    if (this.now() - Date.parse(claim.recordedAt) < this.graceMs) return true;
    return (await this.options.currentName(holder)) === name;
  }
}

function conflict(nodeId: string, name: string): NodeConflictError {
  return new NodeConflictError(nodeId, `A node with name ${name} already exists.`);
}
