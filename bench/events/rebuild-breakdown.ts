/**
 * Where a rebuild's time goes (diagnostic for `rebuild.bench.ts --breakdown`): the benchmark
 * store's commit messages read by one ordered consumer and left alone, then the same log read
 * as `rebuildReadModel` reads it (`EventStore.readAllPages`: the messages decoded into events)
 * without folding them.
 */
import { jetstream } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { BENCH_STORE, natsUrl, openBenchStore } from './common.js';

export type Phase = 'transport' | 'decode';

/** Seconds to go through the whole benchmark store up to `phase`. */
export async function timePhase(phase: Phase): Promise<{ seconds: number }> {
  return phase === 'transport' ? timeTransport() : timeDecoding();
}

async function timeTransport(): Promise<{ seconds: number }> {
  const nc = await connect({ servers: natsUrl() });
  try {
    const started = performance.now();
    const consumer = await jetstream(nc).consumers.get(BENCH_STORE.stream, { opt_start_seq: 1 });
    const messages = await consumer.consume({ max_messages: 10_000 });
    for await (const m of messages) if (m.info.pending === 0) break;
    await messages.close();
    return { seconds: (performance.now() - started) / 1000 };
  } finally {
    await nc.close();
  }
}

async function timeDecoding(): Promise<{ seconds: number }> {
  const store = await openBenchStore();
  try {
    const started = performance.now();
    for await (const _ of store.readAllPages({ pageSize: 10_000 }));
    return { seconds: (performance.now() - started) / 1000 };
  } finally {
    await store.close();
  }
}
