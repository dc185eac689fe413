import { hostname } from 'node:os';
import { replicasFromEnv } from '@ironledger/bus';
import { busSubjects, type BusSubjects } from '@ironledger/contracts';
import { type RamdiskImageDefaults, ramdiskImagesFromEnv } from '@ironledger/drivers';
import { type StoreConfig, storeConfigFromEnv } from '@ironledger/event-store';
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
  /** GATEWAY_ID (default `<hostname>-<pid>`): the gateway's `instance` label in its metrics. */
  readonly instanceId: string;
  /**
   * The event store, read by the event-store lib: EVENT_STORE (`jetstream`, the default, or
   * `kurrentdb` with KURRENTDB_URL, e.g. kurrentdb://127.0.0.1:2113?tls=false), and for JetStream
   * NATS_URL plus the optional JETSTREAM_STREAM / JETSTREAM_SUBJECT_PREFIX (which let tests isolate themselves) and JETSTREAM_REPLICAS.
   */
  readonly store: StoreConfig;
  /** COMMAND_TIMEOUT_MS: how long to wait for a conductor's reply before answering 503 (default 10000). */
  readonly commandTimeoutMs: number;
  /** HEARTBEAT_INTERVAL_MS: the conductors' heartbeat interval, as they are configured (default 1000). */
  readonly heartbeatIntervalMs: number;
  /**
   * The event relay (subscribers' NATS stream): RELAY_STREAM (default `IRONLEDGER_NODE_EVENTS`),
   * EVENTS_SUBJECT_PREFIX (default `ironledger.events`), NOTIFICATIONS (`true`: also publish Ironic-style notifications under
   * `ironledger.notifications`; off by default, as Ironic's `notification_level` is), JETSTREAM_REPLICAS (the
   * stream's copies in a NATS cluster, as the event store's: see `replicasFromEnv`).
   */
  readonly relay: { readonly stream?: string; readonly subjectPrefix?: string; readonly notifications: boolean; readonly replicas?: number };
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
   * The conductors' default ramdisk images (DEPLOY_ISO, DEPLOY_KERNEL, …, read as the conductors
   * read them): `validate` and a deployment's checks judge nodes whose `driver_info` names none by them.
   */
  readonly ramdiskImages: RamdiskImageDefaults;
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
    relay: { stream: env.RELAY_STREAM || undefined, subjectPrefix: env.EVENTS_SUBJECT_PREFIX || undefined, notifications: flag('NOTIFICATIONS', false), replicas: replicasFromEnv(env) },
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
    events: { maxClients: number('EVENTS_MAX_CLIENTS', 256) },
    ramdiskImages: ramdiskImagesFromEnv(env),
  };
}

/** Discovery's switch: only the inspector's `enroll` hook is supported. */
function notFoundHook(value: string | undefined): boolean {
  if (!value) return false;
  if (value === 'enroll') return true;
  throw new Error(`NODE_NOT_FOUND_HOOK must be "enroll" or empty, not "${value}"`);
}
