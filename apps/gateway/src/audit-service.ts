import { type LiveProjection } from '@ironledger/application';
import { nodeStreamId } from '@ironledger/contracts';
import { type Node } from '@ironledger/domain';
import { type EventStore, type RecordedEvent } from '@ironledger/event-store';
import { nodeAt, parsePointInTime, type PointInTime, readFleetAt, resolveNodeId } from '@ironledger/lifecycle-events';
import { ApiError, badRequest } from './errors.js';

/**
 * What auditors ask: a node's stream, and node or fleet state at a past instant. These read the
 * store itself (the log is the history); current state stays with the projection.
 */
export class AuditService {
  constructor(
    private readonly store: EventStore,
    private readonly projection: LiveProjection,
  ) {}

  /** The UUID of a node that exists now (by UUID or name) or existed once (by UUID, or by its last name). */
  async nodeId(ident: string): Promise<string> {
    const current = this.projection.readModel.get(ident);
    if (current) return current.uuid;
    const past = await resolveNodeId(this.store, ident);
    if (!past) throw new ApiError(404, `Node ${ident} could not be found.`);
    return past;
  }

  async stream(ident: string): Promise<{ nodeId: string; events: RecordedEvent[] }> {
    const nodeId = await this.nodeId(ident);
    return { nodeId, events: await this.store.readStream(nodeStreamId(nodeId)) };
  }

  /** A node as it was at `at` (a log position or an ISO 8601 time). */
  async nodeAt(ident: string, at: string): Promise<Node> {
    const node = nodeAt((await this.stream(ident)).events, pointInTime(at));
    if (!node) throw new ApiError(404, `Node ${ident} did not exist at ${at}.`);
    return node;
  }

  /** The fleet as it was at `at`, folding the log up to that instant. */
  async fleetAt(at: string): Promise<Node[]> {
    return [...(await readFleetAt(this.store, pointInTime(at))).all()];
  }
}

function pointInTime(at: string): PointInTime {
  try {
    return parsePointInTime(at);
  } catch (error) {
    throw badRequest((error as Error).message);
  }
}
