/**
 * A whole-log read on a thread of its own (`readAllPages` of a long log) when the NATS server
 * goes: it fails as a read on the caller's thread does. A test of its own, since it needs a
 * server to stop; the thread's other tests are beside it in libs/event-store.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { JetStreamEventStore, StoreUnavailableError } from '@ironledger/event-store';
import { appendCommits } from '@ironledger/event-store/contract';
import { PrivateNats } from '../support/nats-server.js';

/** More commits than the reader asks for ahead of its caller (4 batches of 1,000). */
const COMMITS = 6000;

describe('a whole-log read on a thread when the NATS server goes', () => {
  let nats: PrivateNats;

  beforeAll(async () => {
    nats = await PrivateNats.start();
  });

  afterAll(async () => {
    await nats.destroy();
  });

  it('fails with StoreUnavailableError after the events it had, as a read on the caller\'s thread does', async () => {
    const store = await JetStreamEventStore.connect({ servers: nats.url, readOnThreadFrom: 1 });
    try {
      await appendCommits(store, COMMITS);
      const pages = store.readAllPages({ pageSize: 1000 });
      const first = await pages.next();
      expect(first.value).toHaveLength(1000);
      await nats.outage();
      let read = 1000;
      const rest = (async () => {
        for await (const page of { [Symbol.asyncIterator]: () => pages }) read += page.length;
      })();
      await expect(rest).rejects.toBeInstanceOf(StoreUnavailableError);
      // What the reader had asked for before the outage (4,000 commits of at most 3 events), and no more.
      expect(read).toBeLessThan(12_000);
    } finally {
      await nats.resume();
      await store.close();
    }
  }, 60_000);
});
