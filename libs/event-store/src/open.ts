import { replicasFromEnv } from '@ironledger/bus';
import { type EventStore } from './event-store.js';
import { JetStreamEventStore } from './jetstream.js';

/** Which store a service uses, as its environment says. */
export type StoreConfig =
  | { readonly kind: 'jetstream'; readonly servers: string; readonly stream?: string; readonly subjectPrefix?: string; readonly replicas?: number }
  | { readonly kind: 'kurrentdb'; readonly url: string };

/**
 * Reads EVENT_STORE (`jetstream`, the default, or `kurrentdb`), NATS_URL (one server or a
 * comma-separated list), JETSTREAM_STREAM, JETSTREAM_SUBJECT_PREFIX, JETSTREAM_REPLICAS (see
 * `replicasFromEnv`) and KURRENTDB_URL.
 */
export function storeConfigFromEnv(env: NodeJS.ProcessEnv = process.env): StoreConfig {
  const kind = env.EVENT_STORE || 'jetstream';
  if (kind === 'kurrentdb') {
    if (!env.KURRENTDB_URL) throw new Error('EVENT_STORE=kurrentdb needs KURRENTDB_URL, e.g. kurrentdb://127.0.0.1:2113?tls=false');
    return { kind, url: env.KURRENTDB_URL };
  }
  if (kind !== 'jetstream') throw new Error(`EVENT_STORE must be jetstream or kurrentdb, not "${kind}"`);
  return {
    kind,
    servers: env.NATS_URL || 'nats://127.0.0.1:4222',
    stream: env.JETSTREAM_STREAM || undefined,
    subjectPrefix: env.JETSTREAM_SUBJECT_PREFIX || undefined,
    replicas: replicasFromEnv(env),
  };
}

export async function openEventStore(config: StoreConfig): Promise<EventStore> {
  if (config.kind === 'kurrentdb') {
    // Loaded only when configured: the KurrentDB client brings gRPC and a native addon.
    const { KurrentDbEventStore } = await import('./kurrentdb.js');
    return KurrentDbEventStore.connect(config.url);
  }
  return JetStreamEventStore.connect(config);
}
