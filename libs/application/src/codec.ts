/** How domain events are stored: type, payload as data, who/when/why as metadata. */
import { type ResourceKind, resourceOfStream } from '@ironledger/contracts';
import {
  ALLOCATION_EVENT_TYPES,
  type AllocationEvent,
  CHASSIS_EVENT_TYPES,
  type ChassisEvent,
  DEPLOY_TEMPLATE_EVENT_TYPES,
  type DeployTemplateEvent,
  type Node,
  type NodeEvent,
  NODE_EVENT_TYPES,
  replay,
} from '@ironledger/domain';
import { type EventData, type RecordedEvent } from '@ironledger/event-store';

/** Any resource's domain event. */
export type DomainEvent = NodeEvent | ChassisEvent | AllocationEvent | DeployTemplateEvent;

/** The event types of each kind of resource, as its streams hold them. */
const EVENT_TYPES: Readonly<Record<ResourceKind, ReadonlySet<string>>> = {
  node: new Set(NODE_EVENT_TYPES),
  chassis: new Set(CHASSIS_EVENT_TYPES),
  allocation: new Set(ALLOCATION_EVENT_TYPES),
  deploy_template: new Set(DEPLOY_TEMPLATE_EVENT_TYPES),
};

/** What every domain event has. */
export interface StorableEvent {
  readonly type: string;
  readonly data: object;
  readonly meta: object;
}

/** A domain event as the store keeps it. */
export function toEventData(event: StorableEvent): EventData {
  return { type: event.type, data: event.data as Record<string, unknown>, metadata: event.meta as Record<string, unknown> };
}

/** A stored event of a resource's stream, as the domain event it holds, with its resource. */
export interface ResourceEvent {
  readonly kind: ResourceKind;
  readonly id: string;
  readonly event: DomainEvent;
}

/** The resource event a stored event holds, or `undefined` for other streams (claims) and unknown types. */
export function toResourceEvent(recorded: RecordedEvent): ResourceEvent | undefined {
  const resource = resourceOfStream(recorded.streamId);
  if (!resource || !EVENT_TYPES[resource.kind].has(recorded.type)) return undefined;
  return { kind: resource.kind, id: resource.id, event: { type: recorded.type, data: recorded.data, meta: recorded.metadata } as unknown as DomainEvent };
}

/** The node event a stored event holds, or `undefined` when it is not one. */
export function toNodeEvent(recorded: RecordedEvent): NodeEvent | undefined {
  const found = toResourceEvent(recorded);
  return found?.kind === 'node' ? (found.event as NodeEvent) : undefined;
}

/** The chassis event a stored event holds, or `undefined` when it is not one. */
export function chassisEventOf(recorded: RecordedEvent): ChassisEvent | undefined {
  const found = toResourceEvent(recorded);
  return found?.kind === 'chassis' ? (found.event as ChassisEvent) : undefined;
}

/** The allocation event a stored event holds, or `undefined` when it is not one. */
export function allocationEventOf(recorded: RecordedEvent): AllocationEvent | undefined {
  const found = toResourceEvent(recorded);
  return found?.kind === 'allocation' ? (found.event as AllocationEvent) : undefined;
}

/** The deploy template event a stored event holds, or `undefined` when it is not one. */
export function deployTemplateEventOf(recorded: RecordedEvent): DeployTemplateEvent | undefined {
  const found = toResourceEvent(recorded);
  return found?.kind === 'deploy_template' ? (found.event as DeployTemplateEvent) : undefined;
}

/** The events `fromRecorded` finds among `recorded`, in order. */
export function* eventsOf<E>(recorded: Iterable<RecordedEvent>, fromRecorded: (recorded: RecordedEvent) => E | undefined): Generator<E> {
  for (const r of recorded) {
    const event = fromRecorded(r);
    if (event) yield event;
  }
}

/** The node its recorded events make (the domain's `replay` over the stored form). */
export const replayRecorded = (recorded: Iterable<RecordedEvent>): Node | null => replay(eventsOf(recorded, toNodeEvent));
