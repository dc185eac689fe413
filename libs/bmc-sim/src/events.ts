/**
 * The Redfish EventService of each service (BMC n, enclosure -e, the root 0): its event
 * subscriptions, created, listed, read and deleted as a BMC does. No event is ever sent (a test
 * event is accepted and dropped); the subscriptions are what a client manages.
 */
import { redfishError } from './resources.js';

/** The event types a subscription may ask for (`EventTypesForSubscription`). */
export const EVENT_TYPES = ['Alert', 'ResourceAdded', 'ResourceRemoved', 'ResourceUpdated', 'StatusChange'] as const;

export interface Subscription {
  readonly Id: string;
  readonly Destination: string;
  readonly Protocol: string;
  readonly Context: string;
  readonly EventTypes: readonly string[];
  readonly HttpHeaders: readonly unknown[];
}

/** A change's answer: the subscription made, or a Redfish error with its status. */
export type SubscriptionAnswer = { readonly ok: true; readonly subscription: Subscription } | { readonly ok: false; readonly status: number; readonly body: unknown };

/** Properties a client may set when it subscribes. */
const WRITABLE = new Set(['Destination', 'Protocol', 'Context', 'EventTypes', 'HttpHeaders']);

export class EventSubscriptions {
  private readonly byOwner = new Map<number, Map<string, Subscription>>();
  private nextId = 1;

  list(owner: number): Subscription[] {
    return [...(this.byOwner.get(owner)?.values() ?? [])];
  }

  get(owner: number, id: string): Subscription | undefined {
    return this.byOwner.get(owner)?.get(id);
  }

  /** Subscribes as the body asks, refusing what a BMC refuses: no destination, an unknown property, a wrong type or value. */
  create(owner: number, body: unknown): SubscriptionAnswer {
    if (body === null || typeof body !== 'object' || Array.isArray(body)) return refused(400, redfishError('PropertyMissing', 'Destination'));
    const fields = body as Record<string, unknown>;
    const unknown = Object.keys(fields).find((name) => !WRITABLE.has(name));
    if (unknown !== undefined) return refused(400, redfishError('PropertyUnknown', unknown));
    const { Destination: destination, Protocol: protocol = 'Redfish', Context: context = '', EventTypes: eventTypes = ['Alert'], HttpHeaders: headers = [] } = fields;
    if (destination === undefined) return refused(400, redfishError('PropertyMissing', 'Destination'));
    if (typeof destination !== 'string' || !/^https?:\/\/[^/\s]+/.test(destination)) return refused(400, redfishError('PropertyValueFormatError', String(destination), 'Destination'));
    if (protocol !== 'Redfish') return refused(400, redfishError('PropertyValueNotInList', String(protocol), 'Protocol'));
    if (typeof context !== 'string') return refused(400, redfishError('PropertyValueTypeError', String(context), 'Context'));
    if (!Array.isArray(eventTypes)) return refused(400, redfishError('PropertyValueTypeError', String(eventTypes), 'EventTypes'));
    const unsupported = eventTypes.find((type) => !(EVENT_TYPES as readonly unknown[]).includes(type));
    if (unsupported !== undefined) return refused(400, redfishError('PropertyValueNotInList', String(unsupported), 'EventTypes'));
    if (!Array.isArray(headers)) return refused(400, redfishError('PropertyValueTypeError', String(headers), 'HttpHeaders'));
    const subscription: Subscription = { Id: String(this.nextId++), Destination: destination, Protocol: protocol, Context: context, EventTypes: eventTypes as string[], HttpHeaders: headers };
    let subscriptions = this.byOwner.get(owner);
    if (!subscriptions) this.byOwner.set(owner, (subscriptions = new Map()));
    subscriptions.set(subscription.Id, subscription);
    return { ok: true, subscription };
  }

  /** Whether there was such a subscription to delete. */
  delete(owner: number, id: string): boolean {
    return this.byOwner.get(owner)?.delete(id) ?? false;
  }

  removeOwner(owner: number): void {
    this.byOwner.delete(owner);
  }
}

function refused(status: number, body: unknown): SubscriptionAnswer {
  return { ok: false, status, body };
}

export function eventServicePath(prefix: string): string {
  return `${prefix}/redfish/v1/EventService`;
}

export function subscriptionPath(prefix: string, subscription: Subscription): string {
  return `${eventServicePath(prefix)}/Subscriptions/${subscription.Id}`;
}

export function eventServiceResource(prefix: string) {
  const path = eventServicePath(prefix);
  return {
    '@odata.type': '#EventService.v1_7_0.EventService',
    '@odata.id': path,
    Id: 'EventService',
    Name: 'Event Service',
    ServiceEnabled: true,
    Status: { State: 'Enabled', Health: 'OK' },
    DeliveryRetryAttempts: 3,
    DeliveryRetryIntervalSeconds: 60,
    EventTypesForSubscription: EVENT_TYPES,
    Subscriptions: { '@odata.id': `${path}/Subscriptions` },
    // sushy requires the service's actions; the test event is accepted and, like every event here, not sent.
    Actions: { '#EventService.SubmitTestEvent': { target: `${path}/Actions/EventService.SubmitTestEvent` } },
  };
}

export function subscriptionCollection(prefix: string, subscriptions: readonly Subscription[]) {
  return {
    '@odata.type': '#EventDestinationCollection.EventDestinationCollection',
    '@odata.id': `${eventServicePath(prefix)}/Subscriptions`,
    Name: 'Event Subscriptions Collection',
    'Members@odata.count': subscriptions.length,
    Members: subscriptions.map((subscription) => ({ '@odata.id': subscriptionPath(prefix, subscription) })),
  };
}

export function subscriptionResource(prefix: string, subscription: Subscription) {
  return {
    '@odata.type': '#EventDestination.v1_10_0.EventDestination',
    '@odata.id': subscriptionPath(prefix, subscription),
    Name: 'Event Subscription',
    ...subscription,
    SubscriptionType: 'RedfishEvent',
  };
}
