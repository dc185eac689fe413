/**
 * The one place that builds stream ids and NATS subjects, so every service agrees on them.
 *
 * Subjects (all under `ironledger.`; the command bus's prefix is NATS_SUBJECT_PREFIX):
 * - `ironledger.conductor.command`      request/reply: a node command for any conductor (queue group `conductors`)
 * - `ironledger.conductor.heartbeat`    each live conductor publishes its id here every interval
 * - `ironledger.events.node.<nodeId>.<EventType>`
 *                                      every node event, once, as the event relay republishes it into
 *                                      the JetStream stream `IRONLEDGER_NODE_EVENTS` (secrets removed).
 *                                      Subscribe to one node with `ironledger.events.node.<nodeId>.>`,
 *                                      one event type with `ironledger.events.node.*.<EventType>`, or
 *                                      everything with `ironledger.events.>`.
 * - `ironledger.notifications.<event_type>`
 *                                      Ironic-style notifications (core NATS, lossy like Ironic's), e.g.
 *                                      `ironledger.notifications.baremetal.node.provision_set.end`; the
 *                                      dots of Ironic's event type become subject tokens, so
 *                                      `ironledger.notifications.baremetal.node.power_set.*` works.
 *
 * A value that becomes one subject token (a node id) is percent-encoded, and so are `.` and `*`,
 * as the JetStream store does for stream ids; UUIDs pass unchanged. The lifecycle prefixes can be
 * changed (tests give every run its own), the shape under them cannot.
 */
const NODE_STREAM_PREFIX = 'node-';

/** The event stream of one node. */
export const nodeStreamId = (nodeId: string): string => `${NODE_STREAM_PREFIX}${nodeId}`;

/** The node a stream belongs to, or `undefined` for streams that are not node streams. */
export const nodeIdOfStream = (streamId: string): string | undefined =>
  streamId.startsWith(NODE_STREAM_PREFIX) ? streamId.slice(NODE_STREAM_PREFIX.length) : undefined;

/**
 * The command bus's subjects under `prefix` (NATS_SUBJECT_PREFIX, default `ironledger`), so that
 * several systems (say, test runs) can share one NATS server without answering each other.
 */
export function busSubjects(prefix = 'ironledger') {
  return {
    /** Node commands, answered by one conductor of the `conductors` queue group. */
    conductorCommand: `${prefix}.conductor.command`,
    /** Liveness: each conductor publishes its id here every heartbeat interval. */
    conductorHeartbeat: `${prefix}.conductor.heartbeat`,
  } as const;
}
export type BusSubjects = ReturnType<typeof busSubjects>;

export const CONDUCTOR_QUEUE = 'conductors';

/** Where the event relay publishes node events, unless configured otherwise. */
export const NODE_EVENTS_SUBJECT_PREFIX = 'ironledger.events';
/** Where the event relay publishes Ironic-style notifications, unless configured otherwise. */
export const NOTIFICATIONS_SUBJECT_PREFIX = 'ironledger.notifications';

/** `value` as a single subject token: no `.`, `*`, `>` or whitespace left in it. */
export const subjectToken = (value: string): string => {
  if (value === '') throw new RangeError('A subject token must not be empty');
  return encodeURIComponent(value).replace(/[.*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
};

/** The subject one node event is published on: `<prefix>.node.<nodeId>.<EventType>`. */
export const nodeEventSubject = (nodeId: string, eventType: string, prefix: string = NODE_EVENTS_SUBJECT_PREFIX): string =>
  `${prefix}.node.${subjectToken(nodeId)}.${subjectToken(eventType)}`;

/**
 * The subject filter for node events of one node and/or one event type (each omitted one is a
 * wildcard): `<prefix>.>`, `<prefix>.node.<nodeId>.>`, `<prefix>.node.*.<EventType>` or
 * `<prefix>.node.<nodeId>.<EventType>`.
 */
export const nodeEventFilter = ({ nodeId, eventType }: { nodeId?: string; eventType?: string } = {}, prefix: string = NODE_EVENTS_SUBJECT_PREFIX): string => {
  if (nodeId === undefined && eventType === undefined) return `${prefix}.>`;
  const node = nodeId === undefined ? '*' : subjectToken(nodeId);
  return eventType === undefined ? `${prefix}.node.${node}.>` : `${prefix}.node.${node}.${subjectToken(eventType)}`;
};

/** The subject of one Ironic-style notification, e.g. `ironledger.notifications.baremetal.node.create.end`. */
export const notificationSubject = (eventType: string, prefix: string = NOTIFICATIONS_SUBJECT_PREFIX): string => {
  if (!/^[a-z0-9_]+(\.[a-z0-9_]+)*$/.test(eventType)) throw new RangeError(`Not an Ironic notification event type: "${eventType}"`);
  return `${prefix}.${eventType}`;
};
