import { hostname } from 'node:os';
import { replicasFromEnv } from '@ironledger/bus';
import { busSubjects, type BusSubjects } from '@ironledger/contracts';
import { type StoreConfig, storeConfigFromEnv } from '@ironledger/event-store';
import { type AgentFloodLimits } from './agent/agent-flood.js';
import { DEFAULT_SERVER_LIMITS, type ServerLimits } from './http/server-options.js';

/** Injection token of the `GatewayConfig`. */
export const GATEWAY_CONFIG = Symbol('GatewayConfig');

/** The gateway's settings, from the environment. */
export interface GatewayConfig {
  /** NATS_URL: the NATS server (or a comma-separated list of a cluster's) for conductor commands and heartbeats, and the JetStream store (default nats://127.0.0.1:4222). */
  readonly natsUrl: string;
  /** NATS_SUBJECT_PREFIX (default `ironledger`): the command bus's subjects, shared with the conductors. */
  readonly subjects: BusSubjects;
  /** GATEWAY_HOST: the address to listen on (default 127.0.0.1: no auth, so loopback only by default). */
  readonly host: string;
  /** GATEWAY_PORT: the port to listen on (default 6385, Ironic's). */
  readonly port: number;
  /** GATEWAY_ID (default `<hostname>-<pid>`): its id among the gateways. */
  readonly instanceId: string;
  /**
   * The event store, read by the event-store lib: EVENT_STORE (`jetstream`, the default, or
   * `kurrentdb` with KURRENTDB_URL, e.g. kurrentdb://127.0.0.1:2113?tls=false), and for JetStream
   * NATS_URL plus the optional JETSTREAM_STREAM / JETSTREAM_SUBJECT_PREFIX (which let tests isolate themselves) and JETSTREAM_REPLICAS.
   */
  readonly store: StoreConfig;
  /** COMMAND_TIMEOUT_MS: how long to wait for a conductor's reply, and then for the read model to show the write, before answering 503 (default 10000). */
  readonly commandTimeoutMs: number;
  /** HEARTBEAT_INTERVAL_MS: the conductors' heartbeat interval, as they are configured, and the gateways' own (default 1000). */
  readonly heartbeatIntervalMs: number;
  /**
   * READ_SYNC_TIMEOUT_MS (default 2000): how long a write waits for the other gateways' read models
   * to show it before it is acknowledged (a gateway slower than that is lagging, and says so on `/readyz`).
   */
  readonly readSyncTimeoutMs: number;
  /**
   * READ_MODEL_WHOLE_NODES (default 20,000): how many nodes the gateway keeps whole in its read
   * model, those read or changed most recently; the rest are packed (see `FleetReadModel.keepWhole`).
   * A gateway sharing its process's read model (the all-in-one) keeps every node whole.
   */
  readonly wholeNodes: number;
  /**
   * The event relay (subscribers' NATS stream): RELAY_STREAM (default `IRONLEDGER_NODE_EVENTS`),
   * EVENTS_SUBJECT_PREFIX (default `ironledger.events`), NOTIFICATIONS (`true`: also publish Ironic-style notifications under
   * `ironledger.notifications`; off by default, as Ironic's `notification_level` is), JETSTREAM_REPLICAS (the
   * stream's copies in a NATS cluster, as the event store's: see `replicasFromEnv`). RELAY_PROJECT_EVENTS
   * (default `true` with `AUTH_STRATEGY=keystone`, else `false`): also relay each node and
   * allocation event under the projects it belongs to, into RELAY_PROJECT_STREAM (default
   * `IRONLEDGER_PROJECT_EVENTS`) on PROJECT_EVENTS_SUBJECT_PREFIX (default `ironledger.projects`),
   * where tenants' NATS permissions select their own.
   */
  readonly relay: {
    readonly stream?: string;
    readonly subjectPrefix?: string;
    readonly notifications: boolean;
    readonly replicas?: number;
    readonly projects: false | { readonly stream?: string; readonly subjectPrefix?: string };
  };
  /** What `POST /v1/continue` does besides applying the inventory (ironic-inspector's options). */
  readonly inspector: InspectorConfig;
  /**
   * Connection deadlines: HTTP_HEADERS_TIMEOUT_MS (default 10000: a client slower to send its
   * headers is cut off), HTTP_REQUEST_TIMEOUT_MS (30000, the whole request), HTTP_KEEPALIVE_TIMEOUT_MS
   * (5000, an idle kept-alive connection), HTTP_IDLE_TIMEOUT_MS (60000, a connection on which nothing moves).
   */
  readonly http: ServerLimits;
  /** EVENTS_MAX_CLIENTS (default 256): `GET /v1/events` streams open at once; more get 429. */
  readonly events: { readonly maxClients: number };
  /**
   * AGENT_FLOOD_MAX_FAILURES (default 30) and AGENT_FLOOD_WINDOW_S (default 10): refused ramdisk
   * look-ups and heartbeats one address may send before its refusals are answered 429, until it
   * has gone the window without one (see `AgentFloodGuard`; successes are never limited).
   */
  readonly agentFlood: AgentFloodLimits;
  /** Prometheus metrics: `GET /metrics` on the API's port (authenticated as the API is), and these. */
  readonly metrics: MetricsConfig;
}

export interface MetricsConfig {
  /**
   * METRICS_PORT (0, the default: off): serve `/metrics`, `/healthz` and `/readyz` on this port
   * too, unauthenticated, as the conductors and power sync do, for scrapers that bring no credentials.
   */
  readonly port: number;
  /** METRICS_HOST (default 127.0.0.1: unauthenticated, so loopback only unless told): the address of the metrics port. */
  readonly host: string;
  /** STUCK_NODE_THRESHOLD_S (default 3600): a node in a `… wait` or `… failed` state for longer counts as stuck (`ironledger_fleet_stuck_nodes`). */
  readonly stuckNodeThresholdS: number;
}

export interface InspectorConfig {
  /**
   * NODE_NOT_FOUND_HOOK (ironic-inspector's `[processing] node_not_found_hook`): `enroll` turns
   * discovery on, so that an unknown machine's inventory enrolls it; empty (the default): off.
   */
  readonly discovery: boolean;
  /** ENROLL_NODE_DRIVER (`[discovery] enroll_node_driver`, default fake-hardware): the driver of discovered nodes. */
  readonly enrollNodeDriver: string;
  /** INSPECTOR_POWER_OFF (`[processing] power_off`, default true): power nodes off once their inventory is in. */
  readonly powerOff: boolean;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): GatewayConfig {
  const number = (name: string, fallback: number, { min = 1, max = Number.MAX_SAFE_INTEGER } = {}) => {
    const raw = env[name];
    const value = raw === undefined || raw === '' ? fallback : Number(raw);
    if (!Number.isInteger(value) || value < min || value > max) throw new Error(`${name} must be an integer from ${min} to ${max}, not "${raw}"`);
    return value;
  };
  const flag = (name: string, fallback: boolean) => {
    const raw = (env[name] ?? '').toLowerCase();
    if (raw === '') return fallback;
    if (raw === 'true' || raw === '1') return true;
    if (raw === 'false' || raw === '0') return false;
    throw new Error(`${name} must be true or false, not "${env[name]}"`);
  };
  return {
    natsUrl: env.NATS_URL || 'nats://127.0.0.1:4222',
    subjects: busSubjects(env.NATS_SUBJECT_PREFIX || undefined),
    host: env.GATEWAY_HOST || '127.0.0.1',
    port: number('GATEWAY_PORT', 6385, { min: 0, max: 65535 }),
    instanceId: env.GATEWAY_ID || `${hostname()}-${process.pid}`,
    store: storeConfigFromEnv(env),
    commandTimeoutMs: number('COMMAND_TIMEOUT_MS', 10_000),
    heartbeatIntervalMs: number('HEARTBEAT_INTERVAL_MS', 1000),
    readSyncTimeoutMs: number('READ_SYNC_TIMEOUT_MS', 2000),
    relay: {
      stream: env.RELAY_STREAM || undefined,
      subjectPrefix: env.EVENTS_SUBJECT_PREFIX || undefined,
      notifications: flag('NOTIFICATIONS', false),
      replicas: replicasFromEnv(env),
      projects: flag('RELAY_PROJECT_EVENTS', env.AUTH_STRATEGY === 'keystone') && { stream: env.RELAY_PROJECT_STREAM || undefined, subjectPrefix: env.PROJECT_EVENTS_SUBJECT_PREFIX || undefined },
    },
    inspector: {
      discovery: notFoundHook(env.NODE_NOT_FOUND_HOOK),
      enrollNodeDriver: env.ENROLL_NODE_DRIVER || 'fake-hardware',
      powerOff: flag('INSPECTOR_POWER_OFF', true),
    },
    http: {
      headersTimeoutMs: number('HTTP_HEADERS_TIMEOUT_MS', DEFAULT_SERVER_LIMITS.headersTimeoutMs),
      requestTimeoutMs: number('HTTP_REQUEST_TIMEOUT_MS', DEFAULT_SERVER_LIMITS.requestTimeoutMs),
      keepAliveTimeoutMs: number('HTTP_KEEPALIVE_TIMEOUT_MS', DEFAULT_SERVER_LIMITS.keepAliveTimeoutMs),
      idleTimeoutMs: number('HTTP_IDLE_TIMEOUT_MS', DEFAULT_SERVER_LIMITS.idleTimeoutMs),
    },
    wholeNodes: number('READ_MODEL_WHOLE_NODES', 20_000, { min: 0 }),
    events: { maxClients: number('EVENTS_MAX_CLIENTS', 256) },
    agentFlood: { maxFailures: number('AGENT_FLOOD_MAX_FAILURES', 30), windowMs: number('AGENT_FLOOD_WINDOW_S', 10) * 1000 },
    metrics: { port: number('METRICS_PORT', 0, { min: 0, max: 65535 }), host: env.METRICS_HOST || '127.0.0.1', stuckNodeThresholdS: number('STUCK_NODE_THRESHOLD_S', 3600) },
  };
}

/** Discovery's switch: only the inspector's `enroll` hook is supported. */
function notFoundHook(value: string | undefined): boolean {
  if (!value) return false;
  if (value === 'enroll') return true;
  throw new Error(`NODE_NOT_FOUND_HOOK must be "enroll" or empty, not "${value}"`);
}
