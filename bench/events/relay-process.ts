/**
 * The event relay alone in its own process, as it will run inside the gateway: reads the store
 * named by JETSTREAM_STREAM / JETSTREAM_SUBJECT_PREFIX and writes RELAY_STREAM / RELAY_SUBJECT_PREFIX.
 * Prints `ready` once relaying; stops on SIGTERM.
 */
import { openEventStore, storeConfigFromEnv } from '@ironledger/event-store';
import { EventRelay } from '@ironledger/lifecycle-events';

const store = await openEventStore(storeConfigFromEnv());
const relay = new EventRelay({
  store,
  servers: process.env.NATS_URL,
  stream: process.env.RELAY_STREAM,
  subjectPrefix: process.env.RELAY_SUBJECT_PREFIX,
  onError: (error) => process.stderr.write(`relay: ${(error as Error).message}\n`),
});
await relay.start();
process.stdout.write(`ready at position ${relay.position}\n`);
process.on('SIGTERM', () => {
  void (async () => {
    await relay.stop();
    await store.close();
    process.exit(0);
  })();
});
