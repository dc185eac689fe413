import { type NodeEvent, NODE_EVENT_TYPES } from '@ironledger/domain';
import { type EventData, type RecordedEvent } from '@ironledger/event-store';
import { nodeIdOfStream } from './names.js';

const nodeEventTypes = new Set<string>(NODE_EVENT_TYPES);

/** A domain event as the store keeps it: its payload as data, who/when/why as metadata. */
export function toEventData(event: NodeEvent): EventData {
  return { type: event.type, data: event.data as Record<string, unknown>, metadata: event.meta as unknown as Record<string, unknown> };
}

/** The domain event a stored event holds, or `undefined` when it is not a node event. */
export function toNodeEvent(recorded: RecordedEvent): NodeEvent | undefined {
  if (!nodeEventTypes.has(recorded.type) || nodeIdOfStream(recorded.streamId) === undefined) return undefined;
  return { type: recorded.type, data: recorded.data, meta: recorded.metadata } as unknown as NodeEvent;
}
