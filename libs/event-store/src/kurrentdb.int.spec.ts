import { randomUUID } from 'node:crypto';
import { it } from '@jest/globals';
import { describeEventStoreContract } from './contract/index.js';
import { KurrentDbEventStore } from './kurrentdb.js';

const url = process.env.KURRENTDB_URL;

if (url) {
  // A server outlives runs and $all is shared: every opened store sees only its own streams.
  const run = randomUUID().slice(0, 8);
  let opened = 0;
  describeEventStoreContract('KurrentDB', async () => {
    const store = await KurrentDbEventStore.connect(url, { streamPrefix: `contract-${run}-${++opened}-` });
    return { store, dispose: () => store.close() };
  });
} else {
  const reason = 'KurrentDB contract suite SKIPPED: set KURRENTDB_URL=kurrentdb://host:2113?tls=false to run it';
  process.stderr.write(`${reason}\n`);
  it.skip(reason, () => {});
}
