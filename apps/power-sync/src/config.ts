import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import { replicasFromEnv } from '@ironledger/bus';
import { busSubjects, type BusSubjects } from '@ironledger/contracts';
import { type DriverOptions, driverOptionsFromEnv } from '@ironledger/drivers';
import { type StoreConfig, storeConfigFromEnv } from '@ironledger/event-store';

/** Power sync's settings, from the environment, under Ironic's option names. */
export interface PowerSyncConfig {
  /** NATS_URL: the bus (commands to the conductors, the instances' heartbeats and pass ledger) and the JetStream store; one server or a comma-separated list. */
  readonly natsUrl: string;
  /** NATS_SUBJECT_PREFIX (default `ironledger`): the command bus's subjects, shared with the conductors. */
  readonly subjects: BusSubjects;
  /** COMMAND_TIMEOUT_MS (default 10000): how long to wait for a conductor to record what a visit found. */
  readonly commandTimeoutMs: number;
  /** HEARTBEAT_INTERVAL_MS: the heartbeat interval of the conductors, as they are configured, and of the power-sync instances (default 1000): who is alive, to send each node's findings to its owner and to share the passes. */
  readonly heartbeatIntervalMs: number;
  /** POWER_SYNC_ID: this instance's name in logs and events (default host-pid-random). */
  readonly instanceId: string;
  /** EVENT_STORE, KURRENTDB_URL, JETSTREAM_STREAM, JETSTREAM_SUBJECT_PREFIX, JETSTREAM_REPLICAS: see `storeConfigFromEnv`. */
  readonly store: StoreConfig;
  /** SYNC_POWER_STATE_INTERVAL (s, default 60): one pass over the fleet this often. */
  readonly syncIntervalS: number;
  /** SYNC_POWER_STATE_WORKERS (default 8): BMCs read at once by this instance. */
  readonly workers: number;
  /** FORCE_POWER_STATE_DURING_SYNC (default true): push a BMC back to the recorded state instead of recording the BMC's. */
  readonly force: boolean;
  /** POWER_STATE_SYNC_MAX_RETRIES (default 3): failures in a row before maintenance. */
  readonly maxRetries: number;
  /** POWER_FAILURE_RECOVERY_INTERVAL (s, default 300): how often nodes in power-failure maintenance are retried. */
  readonly recoveryIntervalS: number;
  /** POWER_SYNC_PASSES (default `IRONLEDGER_POWER_SYNC_PASSES`): the JetStream stream of the passes' plans and progress the instances share. */
  readonly passesStream: string;
  /** JETSTREAM_REPLICAS: that stream's copies in a NATS cluster, as the event store's (see `replicasFromEnv`). */
  readonly passesReplicas?: number;
  /** Driver settings (FAKE_STEP_DELAY_MS, REDFISH_* with REDFISH_MAX_SOCKETS, IPMI_*): see `driverOptionsFromEnv`. */
  readonly drivers: DriverOptions;
  /** METRICS_PORT (0, the default: off): serve Prometheus `/metrics`, `/healthz` and `/readyz` on this port. */
  readonly metricsPort: number;
  /** METRICS_HOST (default 127.0.0.1: unauthenticated, so loopback only unless told): the address of the metrics port. */
  readonly metricsHost: string;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): PowerSyncConfig {
  const number = (name: string, fallback: number, min = 0) => {
    const value = env[name] === undefined || env[name] === '' ? fallback : Number(env[name]);
    if (!Number.isFinite(value) || value < min) throw new Error(`${name} must be a number of at least ${min}, not "${env[name]}"`);
    return value;
  };
  return {
    natsUrl: env.NATS_URL ?? 'nats://127.0.0.1:4222',
    subjects: busSubjects(env.NATS_SUBJECT_PREFIX || undefined),
    commandTimeoutMs: number('COMMAND_TIMEOUT_MS', 10_000, 1),
    heartbeatIntervalMs: number('HEARTBEAT_INTERVAL_MS', 1000, 1),
    instanceId: env.POWER_SYNC_ID || `${hostname()}-${process.pid}-${randomBytes(3).toString('hex')}`,
    store: storeConfigFromEnv(env),
    syncIntervalS: number('SYNC_POWER_STATE_INTERVAL', 60, 0.1),
    workers: number('SYNC_POWER_STATE_WORKERS', 8, 1),
    force: (env.FORCE_POWER_STATE_DURING_SYNC ?? 'true').toLowerCase() !== 'false',
    maxRetries: number('POWER_STATE_SYNC_MAX_RETRIES', 3, 1),
    recoveryIntervalS: number('POWER_FAILURE_RECOVERY_INTERVAL', 300, 0.1),
    passesStream: env.POWER_SYNC_PASSES || 'IRONLEDGER_POWER_SYNC_PASSES',
    passesReplicas: replicasFromEnv(env),
    drivers: driverOptionsFromEnv(env),
    metricsPort: number('METRICS_PORT', 0),
    metricsHost: env.METRICS_HOST || '127.0.0.1',
  };
}
