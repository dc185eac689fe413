/**
 * (c) How long a relay takes to republish a whole existing log into an empty relay stream (the
 * gateway's first start on a store that already holds history), on the 1,000,000-event store of
 * seed.ts. One run (it writes a million messages); the relay stream is deleted afterwards.
 *
 *   NATS_URL=$(bash scripts/nats.sh start) node --import ./scripts/register-ts.mjs bench/events/relay-catchup.bench.ts
 */
import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { EventRelay } from '@ironledger/lifecycle-events';
import { BENCH_STORE, fmt, machine, markdownTable, natsUrl, openBenchStore } from './common.js';
import { seed } from './seed.js';

const store = await openBenchStore();
const seeded = await seed(store, 1_000_000);
const relayStream = `${BENCH_STORE.stream}_RELAY_CATCHUP`;
const relay = new EventRelay({ store, servers: natsUrl(), stream: relayStream, subjectPrefix: `${BENCH_STORE.subjectPrefix}-catchup.events`, onError: (e) => process.stderr.write(`relay: ${(e as Error).message}\n`) });
// The last node event: the commit before the seeding's marker (positions are sequence × 1000 + index).
const marker = (await store.readStream('bench-seed-complete'))[0].position;
const head = (await store.readAll({ after: marker - 2000 })).filter((e) => e.streamId.startsWith('node-')).at(-1)!.position;
const started = performance.now();
await relay.start();
while (!(await relay.waitFor(head, 5000))) {
  process.stderr.write(`relayed up to position ${fmt(relay.position)} after ${fmt((performance.now() - started) / 1000)} s\n`);
}
const seconds = (performance.now() - started) / 1000;
await relay.stop();
await store.close();
const nc = await connect({ servers: natsUrl() });
const jsm = await jetstreamManager(nc);
const { state } = await jsm.streams.info(relayStream);
await jsm.streams.delete(relayStream);
await nc.close();

console.log(`\n### Relay catch-up: republishing an existing log of ${fmt(seeded.events)} events\n`);
console.log(`${machine()}; one run.\n`);
console.log(
  markdownTable(
    ['what', 'result'],
    [
      ['events relayed (messages in the relay stream)', fmt(state.messages)],
      ['time', `${fmt(seconds, 1)} s`],
      ['rate', `${fmt(state.messages / seconds)} events/s`],
    ],
  ),
);
