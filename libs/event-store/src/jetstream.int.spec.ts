import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { jetstreamManager, type JetStreamManager } from '@nats-io/jetstream';
import { connect, nanos, type NatsConnection } from '@nats-io/transport-node';
import { describeEventStoreContract } from './contract/index.js';
import { ConcurrencyError } from './errors.js';
import { decodePosition, DEDUPLICATION_WINDOW_MS, encodePosition, JetStreamEventStore, MAX_EVENTS_PER_COMMIT } from './jetstream.js';

const servers = process.env.NATS_URL ?? '';
if (!servers) {
  throw new Error('NATS_URL is not set: run the integration tests through `npm test`, which starts a nats-server (or set NATS_URL=$(bash scripts/nats.sh start)).');
}

let nc: NatsConnection;
let jsm: JetStreamManager;

beforeAll(async () => {
  nc = await connect({ servers });
  jsm = await jetstreamManager(nc);
});

afterAll(async () => {
  await nc.drain();
});

/** A store on its own JetStream stream and subjects, deleted afterwards. */
async function openIsolated() {
  const stream = `TEST_${randomUUID().replaceAll('-', '')}`;
  const options = { servers, stream, subjectPrefix: `test.${stream}` };
  const store = await JetStreamEventStore.connect(options);
  return {
    store,
    options,
    dispose: async () => {
      await store.close();
      await jsm.streams.delete(stream);
    },
  };
}

describeEventStoreContract('JetStreamEventStore', openIsolated);

describe('JetStreamEventStore on JetStream', () => {
  it('stores one message per commit, positioned at sequence × stride + index', async () => {
    const { store, options, dispose } = await openIsolated();
    try {
      await store.append('node-1', [{ type: 'A', data: {} }, { type: 'B', data: {} }, { type: 'C', data: {} }], { expectedRevision: 'no_stream' });
      const result = await store.append('node-2', [{ type: 'D', data: {} }], { expectedRevision: 'no_stream' });

      expect((await store.readAll()).map((e) => e.position)).toEqual([1000, 1001, 1002, 2000]);
      expect(result).toEqual({ nextRevision: 0, position: 2000 });
      expect(decodePosition(encodePosition(7, 998))).toEqual({ sequence: 7, index: 998 });
      const info = await jsm.streams.info(options.stream);
      expect(info.state.messages).toBe(2);
      expect(info.config.storage).toBe('file');
      expect(info.config.subjects).toEqual([`${options.subjectPrefix}.>`]);
      expect(info.config.duplicate_window).toBe(nanos(DEDUPLICATION_WINDOW_MS));
    } finally {
      await dispose();
    }
  });

  it('names the revision a commit takes in its message id, and has the server remember ids for 5 minutes on an existing stream too', async () => {
    const stream = `TEST_${randomUUID().replaceAll('-', '')}`;
    const subjectPrefix = `test.${stream}`;
    // A stream as an earlier version created it: the server's default window, 2 minutes.
    await jsm.streams.add({ name: stream, subjects: [`${subjectPrefix}.>`] });
    expect((await jsm.streams.info(stream)).config.duplicate_window).toBe(nanos(120_000));
    const store = await JetStreamEventStore.connect({ servers, stream, subjectPrefix });
    try {
      expect(DEDUPLICATION_WINDOW_MS).toBe(300_000);
      expect((await jsm.streams.info(stream)).config.duplicate_window).toBe(nanos(DEDUPLICATION_WINDOW_MS));
      await store.append('node-1', [{ type: 'A', data: {} }, { type: 'B', data: {} }], { expectedRevision: 'no_stream' });
      await store.append('node-1', [{ type: 'C', data: {} }], { expectedRevision: 1 });
      await store.append('a@1', [{ type: 'D', data: {} }], { expectedRevision: 'any' });

      const ids = await Promise.all([1, 2, 3].map(async (seq) => (await jsm.streams.getMessage(stream, { seq }))?.header.get('Nats-Msg-Id')));
      expect(ids).toEqual(['node-1@0', 'node-1@2', 'a@1@0']);
    } finally {
      await store.close();
      await jsm.streams.delete(stream);
    }
  });

  it(`rejects a commit of more than ${MAX_EVENTS_PER_COMMIT} events`, async () => {
    const { store, dispose } = await openIsolated();
    try {
      const events = Array.from({ length: MAX_EVENTS_PER_COMMIT + 1 }, () => ({ type: 'E', data: {} }));
      await expect(store.append('node-1', events, { expectedRevision: 'any' })).rejects.toThrow(`A commit holds 1 to ${MAX_EVENTS_PER_COMMIT} events`);
      expect(await store.readAll()).toEqual([]);
    } finally {
      await dispose();
    }
  });

  it('does not store a duplicate Nats-Msg-Id twice', async () => {
    const { store, options, dispose } = await openIsolated();
    try {
      const first = await store.append('node-1', [{ type: 'A', data: {} }], { expectedRevision: 'no_stream', commitId: 'c-1' });
      const again = await store.append('node-1', [{ type: 'A', data: {} }], { expectedRevision: 'no_stream', commitId: 'c-1' });

      expect(again).toEqual(first);
      expect((await jsm.streams.info(options.stream)).state.messages).toBe(1);
    } finally {
      await dispose();
    }
  });

  it('lets the server reject a writer whose check passed before another writer committed', async () => {
    const { store, options, dispose } = await openIsolated();
    const rival = await JetStreamEventStore.connect(options);
    try {
      await store.append('node-1', [{ type: 'First', data: {} }], { expectedRevision: 'no_stream' });
      // Let the rival commit after our check, just before our publish.
      const requests = store['requests'];
      const request = requests.request.bind(requests);
      const spy = jest.spyOn(requests, 'request').mockImplementationOnce(async (...args) => {
        await rival.append('node-1', [{ type: 'Rival', data: {} }], { expectedRevision: 0 });
        return request(...args);
      });

      const error = await store.append('node-1', [{ type: 'Stale', data: {} }], { expectedRevision: 0 }).catch((e: unknown) => e);

      expect(spy.mock.calls[0][2].headers?.get('Nats-Expected-Last-Subject-Sequence')).toBe('1');
      expect(error).toBeInstanceOf(ConcurrencyError);
      expect(error).toMatchObject({ streamId: 'node-1', expected: 0, actual: 1 });
      expect((await store.readStream('node-1')).map((e) => e.type)).toEqual(['First', 'Rival']);
    } finally {
      await rival.close();
      await dispose();
    }
  });

  it('publishes against the head it wrote or read last without reading it again, and a stale head still loses', async () => {
    const { store, options, dispose } = await openIsolated();
    const rival = await JetStreamEventStore.connect(options);
    try {
      const headReads = jest.spyOn(store['jsm'].streams, 'getMessage');
      await store.append('node-1', [{ type: 'A', data: {} }], { expectedRevision: 'no_stream' });
      await store.append('node-1', [{ type: 'B', data: {} }], { expectedRevision: 0 });
      await store.append('node-1', [{ type: 'C', data: {} }], { expectedRevision: 'any' });
      expect(headReads).not.toHaveBeenCalled();

      await rival.append('node-1', [{ type: 'Rival', data: {} }], { expectedRevision: 2 });
      const stale = await store.append('node-1', [{ type: 'Stale', data: {} }], { expectedRevision: 2 }).catch((e: unknown) => e);
      expect(stale).toMatchObject({ streamId: 'node-1', expected: 2, actual: 3 });
      expect(stale).toBeInstanceOf(ConcurrencyError);
      expect(await store.append('node-1', [{ type: 'D', data: {} }], { expectedRevision: 'any' })).toMatchObject({ nextRevision: 4 });
      expect(await store.append('node-2', [{ type: 'E', data: {} }], { expectedRevision: 'no_stream' })).toMatchObject({ nextRevision: 0 });
      await expect(rival.append('node-2', [{ type: 'Late', data: {} }], { expectedRevision: 'no_stream' })).rejects.toBeInstanceOf(ConcurrencyError);

      // A stream read also tells the head: the rival appends after reading without asking again.
      headReads.mockClear();
      expect(await rival.readStream('node-1')).toHaveLength(5);
      const rivalReads = jest.spyOn(rival['jsm'].streams, 'getMessage');
      expect(await rival.append('node-1', [{ type: 'F', data: {} }], { expectedRevision: 4 })).toMatchObject({ nextRevision: 5 });
      expect(rivalReads).not.toHaveBeenCalled();
      expect((await store.readStream('node-1')).map((e) => e.type)).toEqual(['A', 'B', 'C', 'Rival', 'D', 'F']);
    } finally {
      await rival.close();
      await dispose();
    }
  });

  it('reads a stream of a few commits without setting up a consumer, and a longer one through a consumer from where the single reads ended', async () => {
    const { store, options, dispose } = await openIsolated();
    const requests = nc.subscribe(`$JS.API.CONSUMER.>`);
    let consumersCreated = 0;
    void (async () => {
      for await (const request of requests) if (request.subject.includes(`.CREATE.${options.stream}`)) consumersCreated++;
    })();
    try {
      // Interleaved with another stream's commits, which the reads of one stream skip.
      for (let revision = 0; revision < 40; revision++) {
        await store.append('long', [{ type: 'Counted', data: { n: revision } }], { expectedRevision: revision === 0 ? 'no_stream' : revision - 1 });
        if (revision < 2) await store.append('short', [{ type: `Short${revision}`, data: {} }], { expectedRevision: revision === 0 ? 'no_stream' : 0 });
      }
      const short = await store.readStream('short');
      await nc.flush();
      const forShort = consumersCreated;
      expect(short.map((event) => event.type)).toEqual(['Short0', 'Short1']);

      const long = await store.readStream('long');
      expect(long.map((event) => [event.revision, event.data.n])).toEqual(Array.from({ length: 40 }, (_, n) => [n, n]));
      expect((await store.readStream('long', 35)).map((event) => event.revision)).toEqual([35, 36, 37, 38, 39]);
      await nc.flush();
      expect({ forShort, forLong: consumersCreated - forShort }).toEqual({ forShort: 0, forLong: 2 });
      // The same events, to the millisecond of their time, as the whole log holds them.
      const all = await store.readAll();
      expect(short).toEqual(all.filter((event) => event.streamId === 'short'));
      expect(long).toEqual(all.filter((event) => event.streamId === 'long'));
    } finally {
      requests.unsubscribe();
      await dispose();
    }
  });

  it('leaves no consumers behind once reads and subscriptions are done', async () => {
    const { store, options, dispose } = await openIsolated();
    try {
      await store.append('node-1', [{ type: 'A', data: {} }, { type: 'B', data: {} }], { expectedRevision: 'no_stream' });
      await store.append('node-2', [{ type: 'C', data: {} }], { expectedRevision: 'no_stream' });
      expect(await store.readStream('node-1')).toHaveLength(2);
      expect(await store.readAll({ limit: 1 })).toHaveLength(1);
      const subscription = store.subscribeToAll();
      expect((await subscription[Symbol.asyncIterator]().next()).value?.type).toBe('A');
      await subscription.close();

      // Deleting a consumer is not awaited by the store: give the server a moment.
      let consumers = await jsm.consumers.list(options.stream).next();
      for (let tries = 0; consumers.length > 0 && tries < 20; tries++) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        consumers = await jsm.consumers.list(options.stream).next();
      }
      expect(consumers).toEqual([]);
    } finally {
      await dispose();
    }
  });

  it('ends its subscriptions when the store closes', async () => {
    const { store, options } = await openIsolated();
    try {
      await store.append('node-1', [{ type: 'A', data: {} }], { expectedRevision: 'no_stream' });
      const iterator = store.subscribeToAll()[Symbol.asyncIterator]();
      expect((await iterator.next()).value?.type).toBe('A');
      const next = iterator.next();

      await store.close();

      expect(await next).toEqual({ done: true, value: undefined });
    } finally {
      await jsm.streams.delete(options.stream);
    }
  });

  it('reopens an existing stream without losing its events', async () => {
    const { store, options, dispose } = await openIsolated();
    try {
      await store.append('node-1', [{ type: 'A', data: { kept: true } }], { expectedRevision: 'no_stream' });
      const reopened = await JetStreamEventStore.connect(options);
      try {
        expect((await reopened.readStream('node-1')).map((e) => e.data)).toEqual([{ kept: true }]);
        expect(await reopened.append('node-1', [{ type: 'B', data: {} }], { expectedRevision: 0 })).toMatchObject({ nextRevision: 1 });
      } finally {
        await reopened.close();
      }
    } finally {
      await dispose();
    }
  });
});
