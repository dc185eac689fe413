import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import { busSubjects, type BusSubjects } from '@ironledger/contracts';
import { type StoreConfig, storeConfigFromEnv } from '@ironledger/event-store';

/** The conductor's settings, from the environment (Ironic's option names where it has one). */
export interface ConductorConfig {
  /** NATS_URL: the NATS server (or cluster seed) for commands, heartbeats and the JetStream store. */
  readonly natsUrl: string;
  /** NATS_SUBJECT_PREFIX (default `ironledger`): the command bus's subjects, shared with the gateway. */
  readonly subjects: BusSubjects;
  /** CONDUCTOR_ID: this instance's name, shown as the nodes' `reservation` (default host-pid-random). */
  readonly conductorId: string;
  /** EVENT_STORE, KURRENTDB_URL, JETSTREAM_STREAM, JETSTREAM_SUBJECT_PREFIX: see `storeConfigFromEnv`. */
  readonly store: StoreConfig;
  /** AUTOMATED_CLEAN (Ironic `[conductor] automated_clean`, default true): clean on provide and after tear-down. */
  readonly automatedClean: boolean;
  /** FAKE_STEP_DELAY_MS: how long each fake-hardware step takes unless the node says otherwise. */
  readonly fakeStepDelayMs: number;
  /** HEARTBEAT_INTERVAL_MS: how often this conductor says it is alive; silent for 3 intervals = dead. */
  readonly heartbeatIntervalMs: number;
  /** CALLBACK_TIMEOUT_S (Ironic `deploy_callback_timeout` and friends, default 1800): wait states fail after this. */
  readonly callbackTimeoutS: number;
  /** WORKERS (Ironic `[conductor] workers_pool_size`, default 100): driver work running at once. */
  readonly workers: number;
  /** METRICS_PORT (0, the default: off): serve Prometheus `/metrics`, `/healthz` and `/readyz` on this port. */
  readonly metricsPort: number;
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
    store: storeConfigFromEnv(env),
    automatedClean: (env.AUTOMATED_CLEAN ?? 'true').toLowerCase() !== 'false',
    fakeStepDelayMs: number('FAKE_STEP_DELAY_MS', 0),
    heartbeatIntervalMs: number('HEARTBEAT_INTERVAL_MS', 1000),
    callbackTimeoutS: number('CALLBACK_TIMEOUT_S', 1800),
    workers: number('WORKERS', 100),
    metricsPort: number('METRICS_PORT', 0),
  };
}
