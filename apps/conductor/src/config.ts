import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import { busSubjects, type BusSubjects } from '@ironledger/contracts';
import { type DriverOptions, driverOptionsFromEnv } from '@ironledger/drivers';
import { type StoreConfig, storeConfigFromEnv } from '@ironledger/event-store';

/** The conductor's settings, from the environment (Ironic's option names where it has one). */
export interface ConductorConfig {
  /** NATS_URL: the NATS server (or a comma-separated list of a cluster's) for commands, heartbeats and the JetStream store. */
  readonly natsUrl: string;
  /** NATS_SUBJECT_PREFIX (default `ironledger`): the command bus's subjects, shared with the gateway. */
  readonly subjects: BusSubjects;
  /** CONDUCTOR_ID: this instance's name, shown as the nodes' `reservation` (default host-pid-random). */
  readonly conductorId: string;
  /**
   * CONDUCTOR_GROUP (Ironic `[conductor] conductor_group`, default ''): the group this conductor
   * says it serves; the API accepts a node's `conductor_group` only when a live conductor serves it.
   */
  readonly conductorGroup: string;
  /** EVENT_STORE, KURRENTDB_URL, JETSTREAM_STREAM, JETSTREAM_SUBJECT_PREFIX, JETSTREAM_REPLICAS: see `storeConfigFromEnv`. */
  readonly store: StoreConfig;
  /** AUTOMATED_CLEAN (Ironic `[conductor] automated_clean`, default true): clean on provide and after tear-down. */
  readonly automatedClean: boolean;
  /**
   * ALLOW_DELETING_AVAILABLE_NODES (Ironic `[conductor] allow_deleting_available_nodes`, default
   * true): `available` nodes may be deleted, besides those in `manageable`, `enroll` and `adopt failed`.
   */
  readonly allowDeletingAvailableNodes: boolean;
  /** Driver settings (FAKE_STEP_DELAY_MS, REDFISH_*, IPMI_*): see `driverOptionsFromEnv`. */
  readonly drivers: DriverOptions;
  /** HEARTBEAT_INTERVAL_MS: how often this conductor says it is alive; silent for 3 intervals = dead. */
  readonly heartbeatIntervalMs: number;
  /** CALLBACK_TIMEOUT_S (Ironic `deploy_callback_timeout` and friends, default 1800): wait states fail after this. */
  readonly callbackTimeoutS: number;
  /**
   * INTROSPECTION_TIMEOUT_S (ironic-inspector's `timeout`, default 3600; 0: never): an introspection
   * whose ramdisk has not posted its inventory this long after it started fails with "Introspection timeout".
   */
  readonly introspectionTimeoutS: number;
  /**
   * NODE_STATUS_KEEP_TIME_S (ironic-inspector's `node_status_keep_time`, default 0: keep forever):
   * finished introspection records older than this are dropped (an `IntrospectionExpired` event),
   * looked for once a minute, or as often as this if it is shorter.
   */
  readonly nodeStatusKeepTimeS: number;
  /**
   * RAMDISK_INSPECT_HARDWARE (default `ipmi,redfish`): hardware types whose inspection boots an
   * inspection ramdisk and waits for its inventory (Ironic's `inspector` inspect interface), unless
   * the node's inspect interface works through the BMC (`redfish`). Other types (fake-hardware)
   * decide through their driver (`fake_wait: ['inspect']`).
   */
  readonly ramdiskInspectHardware: ReadonlySet<string>;
  /** WORKERS (Ironic `[conductor] workers_pool_size`, default 100): driver work running at once. */
  readonly workers: number;
  /**
   * ALLOCATION_TIMEOUT_S (default 60): an allocation still `allocating` this long after it was
   * created is finished (a node names it) or failed by the watchdog, even if its conductor lives.
   */
  readonly allocationTimeoutS: number;
  /** NODE_LOCKED_RETRY_ATTEMPTS (Ironic `[conductor] node_locked_retry_attempts`, default 3): passes over locked allocation candidates. */
  readonly lockedRetryAttempts: number;
  /** NODE_LOCKED_RETRY_INTERVAL_S (Ironic `[conductor] node_locked_retry_interval`, default 1): the pause between them. */
  readonly lockedRetryIntervalMs: number;
  /** METRICS_PORT (0, the default: off): serve Prometheus `/metrics`, `/healthz` and `/readyz` on this port. */
  readonly metricsPort: number;
  /** METRICS_HOST (default 127.0.0.1: unauthenticated, so loopback only unless told): the address of the metrics port. */
  readonly metricsHost: string;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): ConductorConfig {
  const number = (name: string, fallback: number) => {
    const value = env[name] === undefined || env[name] === '' ? fallback : Number(env[name]);
    if (!Number.isFinite(value) || value < 0) throw new Error(`${name} must be a non-negative number, not "${env[name]}"`);
    return value;
  };
  return {
    natsUrl: env.NATS_URL ?? 'nats://127.0.0.1:4222',
    subjects: busSubjects(env.NATS_SUBJECT_PREFIX || undefined),
    conductorId: env.CONDUCTOR_ID || `${hostname()}-${process.pid}-${randomBytes(3).toString('hex')}`,
    conductorGroup: conductorGroup(env.CONDUCTOR_GROUP ?? ''),
    store: storeConfigFromEnv(env),
    automatedClean: (env.AUTOMATED_CLEAN ?? 'true').toLowerCase() !== 'false',
    allowDeletingAvailableNodes: (env.ALLOW_DELETING_AVAILABLE_NODES ?? 'true').toLowerCase() !== 'false',
    drivers: driverOptionsFromEnv(env),
    heartbeatIntervalMs: number('HEARTBEAT_INTERVAL_MS', 1000),
    callbackTimeoutS: number('CALLBACK_TIMEOUT_S', 1800),
    introspectionTimeoutS: number('INTROSPECTION_TIMEOUT_S', 3600),
    nodeStatusKeepTimeS: number('NODE_STATUS_KEEP_TIME_S', 0),
    ramdiskInspectHardware: new Set((env.RAMDISK_INSPECT_HARDWARE ?? 'ipmi,redfish').split(',').map((name) => name.trim()).filter(Boolean)),
    workers: number('WORKERS', 100),
    metricsPort: number('METRICS_PORT', 0),
    allocationTimeoutS: number('ALLOCATION_TIMEOUT_S', 60),
    lockedRetryAttempts: Math.max(1, number('NODE_LOCKED_RETRY_ATTEMPTS', 3)),
    lockedRetryIntervalMs: number('NODE_LOCKED_RETRY_INTERVAL_S', 1) * 1000,
    metricsHost: env.METRICS_HOST || '127.0.0.1',
  };
}

/** A conductor group as Ironic allows it (letters, digits, `_`, `-`, `.`), in lower case as nodes store theirs. */
function conductorGroup(value: string): string {
  if (!/^[a-zA-Z0-9_.-]*$/.test(value)) throw new Error(`CONDUCTOR_GROUP may hold only letters, digits, _, - and ., not "${value}"`);
  return value.toLowerCase();
}
