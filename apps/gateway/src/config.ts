import { busSubjects, type BusSubjects } from '@ironledger/contracts';
import { type StoreConfig, storeConfigFromEnv } from '@ironledger/event-store';

/** Injection token of the `GatewayConfig`. */
export const GATEWAY_CONFIG = Symbol('GatewayConfig');

/** The gateway's settings, from the environment. */
export interface GatewayConfig {
  /** NATS_URL: the NATS server for conductor commands and heartbeats, and the JetStream store (default nats://127.0.0.1:4222). */
  readonly natsUrl: string;
  /** NATS_SUBJECT_PREFIX (default `ironledger`): the command bus's subjects, shared with the conductors. */
  readonly subjects: BusSubjects;
  /** GATEWAY_HOST: the address to listen on (default 127.0.0.1: no auth, so loopback only by default). */
  readonly host: string;
  /** GATEWAY_PORT: the port to listen on (default 6385, Ironic's). */
  readonly port: number;
  /**
   * The event store, read by the event-store lib: EVENT_STORE (`jetstream`, the default, or
   * `kurrentdb` with KURRENTDB_URL, e.g. kurrentdb://127.0.0.1:2113?tls=false), and for JetStream
   * NATS_URL plus the optional JETSTREAM_STREAM / JETSTREAM_SUBJECT_PREFIX (which let tests isolate themselves).
   */
  readonly store: StoreConfig;
  /** COMMAND_TIMEOUT_MS: how long to wait for a conductor's reply before answering 503 (default 10000). */
  readonly commandTimeoutMs: number;
  /** HEARTBEAT_INTERVAL_MS: the conductors' heartbeat interval, as they are configured (default 1000). */
  readonly heartbeatIntervalMs: number;
  /** DRIVERS: comma-separated hardware types the conductors serve, for `GET /v1/drivers` (default fake-hardware,ipmi,redfish). */
  readonly drivers: readonly string[];
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): GatewayConfig {
  const number = (name: string, fallback: number, { min = 1, max = Number.MAX_SAFE_INTEGER } = {}) => {
    const raw = env[name];
    const value = raw === undefined || raw === '' ? fallback : Number(raw);
    if (!Number.isInteger(value) || value < min || value > max) throw new Error(`${name} must be an integer from ${min} to ${max}, not "${raw}"`);
    return value;
  };
  return {
    natsUrl: env.NATS_URL || 'nats://127.0.0.1:4222',
    subjects: busSubjects(env.NATS_SUBJECT_PREFIX || undefined),
    host: env.GATEWAY_HOST || '127.0.0.1',
    port: number('GATEWAY_PORT', 6385, { min: 0, max: 65535 }),
    store: storeConfigFromEnv(env),
    commandTimeoutMs: number('COMMAND_TIMEOUT_MS', 10_000),
    heartbeatIntervalMs: number('HEARTBEAT_INTERVAL_MS', 1000),
    drivers: (env.DRIVERS || 'fake-hardware,ipmi,redfish').split(',').map((driver) => driver.trim()).filter(Boolean),
  };
}
