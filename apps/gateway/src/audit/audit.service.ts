import { type FleetReadModel, type LiveProjection, toResourceEvent, type WholeNodes } from '@ironledger/application';
import { nodeStreamId, type ResourceKind, resourceStreamId } from '@ironledger/contracts';
import { type Node } from '@ironledger/domain';
import { type EventStore, type RecordedEvent } from '@ironledger/event-store';
import { nodeAt, parsePointInTime, type PointInTime, readFleetAt, redactSecrets, resolveNodeId, toRelayedEvent } from '@ironledger/lifecycle-events';
import { ApiError, badRequest } from '../http/errors.js';

/**
 * What auditors ask: a node's stream, and node or fleet state at a past instant. These read the
 * store itself (the log is the history); current state stays with the projection.
 */
export class AuditService {
  constructor(
    private readonly store: EventStore,
    private readonly projection: LiveProjection,
    /** The nodes a past fleet keeps whole, as the live one does (see `FleetReadModel.keepWhole`). */
    private readonly whole?: WholeNodes,
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

  /** Every resource as it was at `at` (nodes, chassis, …). */
  modelAt(at: string): Promise<FleetReadModel> {
    return readFleetAt(this.store, pointInTime(at), undefined, this.whole);
  }

  /**
   * The raw log of one resource other than a node (`GET /v1/<resources>/{uuid}/events`), after a
   * position, with who, why and when, secrets masked; `next` is the position to read on from.
   */
  async resourceEvents(kind: ResourceKind, uuid: string, after: number, limit: number) {
    const stream = (await this.store.readStream(resourceStreamId(kind, uuid))).filter((recorded) => recorded.position > after);
    if (stream.length === 0 && after === 0) throw new ApiError(404, `No ${kind.replace('_', ' ')} ${uuid} ever existed.`);
    const page = stream.slice(0, limit);
    const events = page.flatMap((recorded) => {
      const found = toResourceEvent(recorded);
      return found ? [{ ...toRelayedEvent(recorded.position, kind, redactSecrets(found.event)), revision: recorded.revision, recorded_at: recorded.recordedAt }] : [];
    });
    return { events, next: stream.length > limit ? page.at(-1)!.position : undefined };
  }
}

function pointInTime(at: string): PointInTime {
  try {
    return parsePointInTime(at);
  } catch (error) {
    throw badRequest((error as Error).message);
  }
}
