/**
 * The one place that builds stream ids and NATS subjects, so every service agrees on them.
 *
 * Subjects (all under `ironledger.`; the command bus's prefix is NATS_SUBJECT_PREFIX):
 * - `ironledger.conductor.command`      request/reply: a node command for any conductor (queue group `conductors`)
 * - `ironledger.conductor.heartbeat`    each live conductor publishes its id here every interval
 * - `ironledger.gateway.heartbeat`      each live gateway publishes its id here every interval
 * - `ironledger.powersync.heartbeat`    each live power-sync instance publishes its id here every interval
 * - `ironledger.gateway.sync`           request/reply: every gateway answers once its read model holds a position
 * - `ironledger.agent.heartbeat`        the gateway that took a ramdisk agent's heartbeat publishes its node and
 *                                      time here (core NATS), so that every gateway knows each agent's last one
 * - `ironledger.events.<kind>.<id>.<EventType>` (kind `node`, `chassis`, …)
 *                                      every resource event, once, as the event relay republishes it into
 *                                      the JetStream stream `IRONLEDGER_NODE_EVENTS` (secrets removed).
 *                                      Subscribe to one node with `ironledger.events.node.<nodeId>.>`,
 *                                      one event type with `ironledger.events.node.*.<EventType>`, or
 *                                      everything with `ironledger.events.>`.
 * - `ironledger.projects.<owner>.<lessee>.<kind>.<id>.<EventType>` (kind `node` or `allocation`)
 *                                      the same events again, for tenants: each node and allocation event
 *                                      under the projects it belongs to (`%` for none), in the JetStream
 *                                      stream `IRONLEDGER_PROJECT_EVENTS`, so that NATS permissions can give
 *                                      a project `ironledger.projects.<project>.>` (what it owns) and
 *                                      `ironledger.projects.*.<project>.>` (what it leases) and nothing else.
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
/**
 * The kinds of resource that are aggregates of their own, each instance in its own stream
 * `<prefix><uuid>`. (Ports, port groups and volume connectors and targets belong to their node.)
 */
export const RESOURCE_STREAM_PREFIXES = { node: 'node-', chassis: 'chassis-', allocation: 'allocation-', deploy_template: 'deploy-template-' } as const;
export type ResourceKind = keyof typeof RESOURCE_STREAM_PREFIXES;
export const RESOURCE_KINDS = Object.keys(RESOURCE_STREAM_PREFIXES) as ResourceKind[];

/** The event stream of one resource. */
export const resourceStreamId = (kind: ResourceKind, id: string): string => `${RESOURCE_STREAM_PREFIXES[kind]}${id}`;

/** The resource a stream belongs to, or `undefined` for other streams (claims). */
export function resourceOfStream(streamId: string): { readonly kind: ResourceKind; readonly id: string } | undefined {
  for (const kind of RESOURCE_KINDS) {
    const prefix = RESOURCE_STREAM_PREFIXES[kind];
    if (streamId.startsWith(prefix)) return { kind, id: streamId.slice(prefix.length) };
  }
  return undefined;
}

/** The event stream of one node. */
export const nodeStreamId = (nodeId: string): string => resourceStreamId('node', nodeId);

/** The node a stream belongs to, or `undefined` for streams that are not node streams. */
export const nodeIdOfStream = (streamId: string): string | undefined =>
  streamId.startsWith(RESOURCE_STREAM_PREFIXES.node) ? streamId.slice(RESOURCE_STREAM_PREFIXES.node.length) : undefined;

/**
 * What must be unique across the fleet, each claimed in a stream of its own per value (see
 * `UniqueClaims`): node names, port MAC addresses and UUIDs, port group UUIDs, names and MAC
 * addresses, volume connector UUIDs and (type, connector ID) pairs, volume target UUIDs, instance
 * UUIDs, allocation and deploy template names. These are not resource streams (no prefix starts
 * with a resource's), so projections pass over them.
 */
export const CLAIM_STREAM_PREFIXES = {
  name: 'name-',
  mac: 'mac-',
  port: 'port-',
  portgroup: 'portgroup-',
  portgroup_name: 'portgroup-name-',
  portgroup_mac: 'portgroup-mac-',
  volume_connector: 'volume-connector-',
  connector_id: 'volume-connector-id-',
  volume_target: 'volume-target-',
  instance: 'instance-',
  allocation_name: 'allocation_name-',
  template_name: 'template_name-',
} as const;
export type ClaimKind = keyof typeof CLAIM_STREAM_PREFIXES;

/** The stream of the claims on one fleet-unique value. */
export const claimStreamId = ({ kind, value }: { readonly kind: ClaimKind; readonly value: string }): string => `${CLAIM_STREAM_PREFIXES[kind]}${value}`;

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
    /** Liveness of the gateways (each publishes its id here every heartbeat interval), so that a write waits for every one of them (`gatewaySync`). */
    gatewayHeartbeat: `${prefix}.gateway.heartbeat`,
    /** Liveness of the power-sync instances (each publishes its id here every heartbeat interval): the ring they share the passes by. */
    powerSyncHeartbeat: `${prefix}.powersync.heartbeat`,
    /** Request/reply to every gateway: answered once its read model has reached the position asked for (read-your-writes across gateways). */
    gatewaySync: `${prefix}.gateway.sync`,
    /** Ramdisk agents' liveness: `{ node, at }` of each heartbeat a gateway took, for every gateway (heartbeats that change nothing append no event). */
    agentHeartbeat: `${prefix}.agent.heartbeat`,
  } as const;
}
export type BusSubjects = ReturnType<typeof busSubjects>;

export const CONDUCTOR_QUEUE = 'conductors';

/**
 * The subject only `conductorId` takes commands on (besides the queue group's): where a node's
 * commands go when the hash rings name the conductor owning it. Characters a NATS subject token
 * cannot hold (dots, wildcards, white space) are written as `%` and their hex code.
 */
export function conductorOwnSubject(subjects: BusSubjects, conductorId: string): string {
  const token = conductorId.replace(/[\s.*>%]/g, (c) => `%${c.charCodeAt(0).toString(16).padStart(2, '0')}`);
  return `${subjects.conductorCommand}.${token}`;
}

/** Where the event relay publishes node events, unless configured otherwise. */
export const NODE_EVENTS_SUBJECT_PREFIX = 'ironledger.events';
/** Where the project event relay publishes each project's node and allocation events, unless configured otherwise. */
export const PROJECT_EVENTS_SUBJECT_PREFIX = 'ironledger.projects';
/** Where the event relay publishes Ironic-style notifications, unless configured otherwise. */
export const NOTIFICATIONS_SUBJECT_PREFIX = 'ironledger.notifications';

/** `value` as a single subject token: no `.`, `*`, `>` or whitespace left in it. */
export const subjectToken = (value: string): string => {
  if (value === '') throw new RangeError('A subject token must not be empty');
  return encodeURIComponent(value).replace(/[.*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
};

/** The subject one resource event is published on: `<prefix>.<kind>.<id>.<EventType>` (e.g. `ironledger.events.chassis.<uuid>.ChassisCreated`). */
export const resourceEventSubject = (kind: ResourceKind, id: string, eventType: string, prefix: string = NODE_EVENTS_SUBJECT_PREFIX): string =>
  `${prefix}.${kind}.${subjectToken(id)}.${subjectToken(eventType)}`;

/** The token of "no project" in a project event's subject: `subjectToken` never makes a lone `%`. */
export const NO_PROJECT_TOKEN = '%';

/** The subject of a node or allocation event for the projects it belongs to: `<prefix>.<owner>.<lessee>.<kind>.<id>.<EventType>`. */
export function projectEventSubject(projects: { readonly owner: string | null; readonly lessee: string | null }, kind: ResourceKind, id: string, eventType: string, prefix: string = PROJECT_EVENTS_SUBJECT_PREFIX): string {
  const token = (project: string | null) => (project ? subjectToken(project) : NO_PROJECT_TOKEN);
  return resourceEventSubject(kind, id, eventType, `${prefix}.${token(projects.owner)}.${token(projects.lessee)}`);
}

/** The two filters of one project's events: those of what it owns, and those of what it leases. */
export function projectEventFilters(project: string, prefix: string = PROJECT_EVENTS_SUBJECT_PREFIX): { readonly owned: string; readonly leased: string } {
  const token = subjectToken(project);
  return { owned: `${prefix}.${token}.>`, leased: `${prefix}.*.${token}.>` };
}

/**
 * A tenant's NATS permissions (a user's `permissions` in nats-server's configuration): live
 * subscriptions to the events of what its project owns or leases, and nothing else. No
 * JetStream API: a consumer's name is one subject token, so a permission cannot keep one
 * project from reading another's consumer; a tenant resumes through `GET /v1/events` instead.
 */
export function projectSubscriberPermissions(project: string, prefix: string = PROJECT_EVENTS_SUBJECT_PREFIX): { publish: { deny: string[] }; subscribe: { allow: string[] } } {
  const { owned, leased } = projectEventFilters(project, prefix);
  return { publish: { deny: ['>'] }, subscribe: { allow: [owned, leased] } };
}

/** The subject one node event is published on: `<prefix>.node.<nodeId>.<EventType>`. */
export const nodeEventSubject = (nodeId: string, eventType: string, prefix: string = NODE_EVENTS_SUBJECT_PREFIX): string => resourceEventSubject('node', nodeId, eventType, prefix);

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
