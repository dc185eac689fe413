/**
 * Where a rebuild's time goes (diagnostic for `rebuild.bench.ts --breakdown`): the benchmark
 * store's commit messages read by ONE ordered consumer (no paging), then the same plus decoding
 * (headers and JSON), then the same plus folding into the read model. It decodes the JetStream
 * adapter's message layout by itself (stream id and first revision in headers, a JSON array of
 * events in the body, position = sequence × 1000 + index), so it follows that adapter's format.
 */
import { jetstream } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { FleetReadModel } from '@ironledger/application';
import { type EventData } from '@ironledger/event-store';
import { BENCH_STORE, natsUrl } from './common.js';

export type Phase = 'transport' | 'decode' | 'fold';

/** Seconds to go through the whole benchmark store up to `phase`. */
export async function timePhase(phase: Phase): Promise<{ seconds: number; events: number; messages: number }> {
  const nc = await connect({ servers: natsUrl() });
  try {
    const started = performance.now();
    const consumer = await jetstream(nc).consumers.get(BENCH_STORE.stream, { opt_start_seq: 1 });
    const messages = await consumer.consume({ max_messages: 10_000 });
    const model = new FleetReadModel();
    let count = 0;
    let events = 0;
    for await (const m of messages) {
      count++;
      if (phase !== 'transport') {
        const streamId = m.headers?.get('Ironledger-Stream-Id') ?? '';
        const first = Number(m.headers?.get('Ironledger-First-Revision'));
        const list = m.json<Required<EventData>[]>();
        events += list.length;
        if (phase === 'fold') {
          for (let i = 0; i < list.length; i++) {
            const { type, data, metadata } = list[i];
            model.apply({ streamId, type, data, metadata, revision: first + i, position: m.seq * 1000 + i, recordedAt: '' });
          }
        }
      }
      if (m.info.pending === 0) break;
    }
    await messages.close();
    return { seconds: (performance.now() - started) / 1000, events, messages: count };
  } finally {
    await nc.close();
  }
}
