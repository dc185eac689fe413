/**
 * What subscribers receive, over NATS and over server-sent events alike: one JSON object per
 * node event, `{position, type, data, meta}`, where `position` is the event's global position in
 * the store (the checkpoint a subscriber keeps) and `type`/`data`/`meta` are the domain event
 * with its secrets redacted.
 */
import { NODE_EVENT_TYPES, type NodeEvent } from '@ironledger/domain';

export interface RelayedEvent {
  readonly position: number;
  readonly type: NodeEvent['type'];
  readonly data: NodeEvent['data'];
  readonly meta: NodeEvent['meta'];
}

/** An event as a subscriber receives it. */
export interface ReceivedEvent {
  /** Global position in the store: the checkpoint to resume after. */
  readonly position: number;
  readonly event: NodeEvent;
}

/** The JetStream stream the relay writes, unless configured otherwise. */
export const DEFAULT_RELAY_STREAM = 'IRONLEDGER_NODE_EVENTS';

/** Headers of every relayed message; the body is a `RelayedEvent`. */
export const RelayHeader = {
  /** The event's global position in the store (decimal). */
  position: 'Ironledger-Position',
  eventType: 'Ironledger-Event-Type',
  nodeId: 'Ironledger-Node-Id',
  /** JetStream's de-duplication id: the position, so no event is stored twice. */
  msgId: 'Nats-Msg-Id',
} as const;

export function toRelayedEvent(position: number, event: NodeEvent): RelayedEvent {
  return { position, type: event.type, data: event.data, meta: event.meta };
}

const eventTypes = new Set<string>(NODE_EVENT_TYPES);

/** Parses and checks a `RelayedEvent` (a message body, or an SSE `data:` field). */
export function parseRelayedEvent(json: string): ReceivedEvent {
  const value = JSON.parse(json) as Partial<RelayedEvent> | null;
  if (!value || typeof value !== 'object') throw new TypeError('A relayed event must be a JSON object');
  const { position, type, data, meta } = value;
  if (!Number.isSafeInteger(position) || (position as number) <= 0) throw new TypeError(`A relayed event needs a positive integer position, not ${JSON.stringify(position)}`);
  if (typeof type !== 'string' || !eventTypes.has(type)) throw new TypeError(`Unknown node event type ${JSON.stringify(type)}`);
  if (!data || typeof data !== 'object' || !meta || typeof meta !== 'object' || typeof meta.nodeId !== 'string') {
    throw new TypeError(`A relayed ${type} needs data and meta with a nodeId`);
  }
  return { position: position as number, event: { type, data, meta } as NodeEvent };
}
