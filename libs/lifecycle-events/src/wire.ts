/**
 * What subscribers receive, over NATS and over server-sent events alike: one JSON object per
 * event of any resource, `{position, kind, type, data, meta}`, where `position` is the event's
 * global position in the store (the checkpoint a subscriber keeps), `kind` the resource it
 * happened to (`node`, `chassis`, …; messages relayed before other kinds existed have none and
 * are node events) and `type`/`data`/`meta` the domain event with its secrets redacted.
 */
import { type DomainEvent } from '@ironledger/application';
import { RESOURCE_KINDS, type ResourceKind } from '@ironledger/contracts';
import { ALLOCATION_EVENT_TYPES, CHASSIS_EVENT_TYPES, DEPLOY_TEMPLATE_EVENT_TYPES, NODE_EVENT_TYPES } from '@ironledger/domain';

export interface RelayedEvent {
  readonly position: number;
  readonly kind: ResourceKind;
  readonly type: DomainEvent['type'];
  readonly data: DomainEvent['data'];
  readonly meta: DomainEvent['meta'];
}

/** An event as a subscriber receives it. */
export interface ReceivedEvent {
  /** Global position in the store: the checkpoint to resume after. */
  readonly position: number;
  readonly kind: ResourceKind;
  readonly event: DomainEvent;
}

/** The JetStream stream the relay writes, unless configured otherwise. */
export const DEFAULT_RELAY_STREAM = 'IRONLEDGER_NODE_EVENTS';
/** The JetStream stream of the project event relay (each project's node and allocation events), unless configured otherwise. */
export const DEFAULT_PROJECT_RELAY_STREAM = 'IRONLEDGER_PROJECT_EVENTS';

/** Headers of every relayed message; the body is a `RelayedEvent`. */
export const RelayHeader = {
  /** The event's global position in the store (decimal). */
  position: 'Ironledger-Position',
  eventType: 'Ironledger-Event-Type',
  /** The resource's kind and UUID. */
  kind: 'Ironledger-Resource-Kind',
  resourceId: 'Ironledger-Resource-Id',
  /** JetStream's de-duplication id: the position, so no event is stored twice. */
  msgId: 'Nats-Msg-Id',
} as const;

export function toRelayedEvent(position: number, kind: ResourceKind, event: DomainEvent): RelayedEvent {
  return { position, kind, type: event.type, data: event.data, meta: event.meta };
}

/** The metadata key naming the resource of each kind's events. */
export const RESOURCE_ID_KEY: Readonly<Record<ResourceKind, string>> = { node: 'nodeId', chassis: 'chassisId', allocation: 'allocationId', deploy_template: 'templateId' };

const EVENT_TYPES: Readonly<Record<ResourceKind, ReadonlySet<string>>> = {
  node: new Set(NODE_EVENT_TYPES),
  chassis: new Set(CHASSIS_EVENT_TYPES),
  allocation: new Set(ALLOCATION_EVENT_TYPES),
  deploy_template: new Set(DEPLOY_TEMPLATE_EVENT_TYPES),
};

/** The UUID of the resource an event happened to. */
export function resourceIdOf({ kind, event }: Pick<ReceivedEvent, 'kind' | 'event'>): string {
  return (event.meta as unknown as Record<string, string>)[RESOURCE_ID_KEY[kind]]!;
}

/** Parses and checks a `RelayedEvent` (a message body, or an SSE `data:` field). */
export function parseRelayedEvent(json: string): ReceivedEvent {
  const value = JSON.parse(json) as Partial<RelayedEvent> | null;
  if (!value || typeof value !== 'object') throw new TypeError('A relayed event must be a JSON object');
  const { position, kind = 'node', type, data, meta } = value;
  if (!Number.isSafeInteger(position) || (position as number) <= 0) throw new TypeError(`A relayed event needs a positive integer position, not ${JSON.stringify(position)}`);
  if (!RESOURCE_KINDS.includes(kind)) throw new TypeError(`Unknown resource kind ${JSON.stringify(kind)}`);
  if (typeof type !== 'string' || !EVENT_TYPES[kind].has(type)) throw new TypeError(`Unknown ${kind} event type ${JSON.stringify(type)}`);
  const idKey = RESOURCE_ID_KEY[kind];
  if (!data || typeof data !== 'object' || !meta || typeof meta !== 'object' || typeof (meta as unknown as Record<string, unknown>)[idKey] !== 'string') {
    throw new TypeError(`A relayed ${type} needs data and meta with a ${idKey}`);
  }
  return { position: position as number, kind, event: { type, data, meta } as DomainEvent };
}
