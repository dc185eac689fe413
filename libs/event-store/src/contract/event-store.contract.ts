import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { ConcurrencyError } from '../errors.js';
import { type EventData, type EventStore, type ExpectedRevision, type RecordedEvent } from '../event-store.js';

/** A store for one test, isolated from every other, and how to get rid of it. */
export interface OpenedEventStore {
  readonly store: EventStore;
  dispose(): Promise<void>;
}

/** How long to wait for a subscription's next event, and for one that must not come. */
const EVENT_TIMEOUT_MS = 5_000;
const QUIET_MS = 200;

/** The semantics of the event-store port (see event-store.ts), run unchanged against every adapter. */
export function describeEventStoreContract(name: string, open: () => Promise<OpenedEventStore>): void {
  describe(`${name} satisfies the event-store contract`, () => {
    let store: EventStore;
    let dispose: () => Promise<void>;

    beforeEach(async () => {
      ({ store, dispose } = await open());
    });

    afterEach(async () => {
      await dispose();
    });

    describe('append and read back', () => {
      it('keeps types, data, metadata, revisions, positions and recordedAt', async () => {
        const data = { text: 'ünïcødé ✓', int: -42, float: 3.25, big: Number.MAX_SAFE_INTEGER, yes: true, no: false, nothing: null, list: [1, 'two', { three: [3] }], nested: { a: { b: { c: '' } } } };
        const metadata = { correlationId: 'c-1', causationId: 'k-9', actor: { user: 'ops', roles: ['admin'] } };
        const input: EventData[] = [
          { type: 'NodeEnrolled', data, metadata },
          { type: 'NodeInspected', data: { cpus: 64 } },
        ];
        const before = Date.now();
        const result = await store.append('node-1', input, { expectedRevision: 'no_stream' });
        const after = Date.now();
        (input[0].data.list as unknown[]).push('changed after append');

        const events = await store.readStream('node-1');

        expect(events.map(({ streamId, type, data, metadata, revision }) => ({ streamId, type, data, metadata, revision }))).toStrictEqual([
          { streamId: 'node-1', type: 'NodeEnrolled', data: { ...data, list: [1, 'two', { three: [3] }] }, metadata, revision: 0 },
          { streamId: 'node-1', type: 'NodeInspected', data: { cpus: 64 }, metadata: {}, revision: 1 },
        ]);
        expect(result).toEqual({ nextRevision: 1, position: events[1].position });
        expect(events[0].position).toBeLessThan(events[1].position);
        for (const { position, recordedAt } of events) {
          expect(Number.isSafeInteger(position) && position > 0).toBe(true);
          expect(new Date(recordedAt).toISOString()).toBe(recordedAt);
          // Generous: the store's clock may be another machine's.
          expect(Date.parse(recordedAt)).toBeGreaterThanOrEqual(before - 2_000);
          expect(Date.parse(recordedAt)).toBeLessThanOrEqual(after + 2_000);
        }
      });

      it('gives the same recorded events through readStream, readAll and a subscription', async () => {
        await store.append('node-1', [{ type: 'A', data: { n: 1 }, metadata: { m: 1 } }, { type: 'B', data: { n: 2 } }], { expectedRevision: 'no_stream' });
        await store.append('node-2', [{ type: 'C', data: { n: 3 } }], { expectedRevision: 'no_stream' });

        const all = await store.readAll();
        const subscription = store.subscribeToAll();
        const iterator = subscription[Symbol.asyncIterator]();
        const streamed = await take(iterator, 3);
        await subscription.close();

        expect(all.map((e) => e.type)).toEqual(['A', 'B', 'C']);
        expect(streamed).toStrictEqual(all);
        expect([...(await store.readStream('node-1')), ...(await store.readStream('node-2'))]).toStrictEqual(all);
      });

      it('reads a stream from a revision, and nothing for an unknown stream or past the end', async () => {
        await store.append('node-1', events(5, 'E'), { expectedRevision: 'no_stream' });

        expect((await store.readStream('node-1', 3)).map((e) => [e.type, e.revision])).toEqual([
          ['E3', 3],
          ['E4', 4],
        ]);
        expect(await store.readStream('node-1', 5)).toEqual([]);
        expect(await store.readStream('node-404')).toEqual([]);
        expect(await store.readAll()).toHaveLength(5);
      });

      it('keeps stream ids apart whatever characters they hold', async () => {
        const ids = ['a', 'a.b', 'a.*', 'a.>', 'a b', 'a%2Eb', 'a/b', 'ä✓'];
        for (const id of ids) await store.append(id, [{ type: 'Named', data: { id } }], { expectedRevision: 'no_stream' });

        for (const id of ids) {
          expect((await store.readStream(id)).map((e) => [e.streamId, e.data.id])).toEqual([[id, id]]);
        }
        expect((await store.readAll()).map((e) => e.streamId)).toEqual(ids);
      });

      it('rejects an empty append and stores nothing', async () => {
        await expect(store.append('node-1', [], { expectedRevision: 'any' })).rejects.toThrow();
        expect(await store.readAll()).toEqual([]);
      });
    });

    describe('expected revision', () => {
      it("'no_stream' succeeds on a new stream only", async () => {
        expect(await store.append('node-1', events(1), { expectedRevision: 'no_stream' })).toMatchObject({ nextRevision: 0 });

        await expectConflict(store.append('node-1', events(1), { expectedRevision: 'no_stream' }), 'node-1', 'no_stream', 0);
        expect(await store.readStream('node-1')).toHaveLength(1);
      });

      it('an exact revision succeeds only when it is the current one', async () => {
        await store.append('node-1', events(2), { expectedRevision: 'no_stream' });

        expect(await store.append('node-1', events(3), { expectedRevision: 1 })).toMatchObject({ nextRevision: 4 });
        await expectConflict(store.append('node-1', events(1), { expectedRevision: 1 }), 'node-1', 1, 4);
        await expectConflict(store.append('node-1', events(1), { expectedRevision: 7 }), 'node-1', 7, 4);
        await expectConflict(store.append('node-2', events(1), { expectedRevision: 0 }), 'node-2', 0, 'no_stream');
        expect(await store.readStream('node-1')).toHaveLength(5);
        expect(await store.readAll()).toHaveLength(5);
      });

      it("'any' appends to a new or an existing stream", async () => {
        expect(await store.append('node-1', events(2), { expectedRevision: 'any' })).toMatchObject({ nextRevision: 1 });
        expect(await store.append('node-1', events(1), { expectedRevision: 'any' })).toMatchObject({ nextRevision: 2 });
        expect((await store.readStream('node-1')).map((e) => e.revision)).toEqual([0, 1, 2]);
      });

      it.each<[string, ExpectedRevision]>([
        ['an exact revision', 0],
        ["'no_stream'", 'no_stream'],
      ])('of 50 concurrent appends expecting %s, exactly one succeeds', async (_, expectedRevision) => {
        const seeded = expectedRevision !== 'no_stream';
        if (seeded) await store.append('node-1', [{ type: 'Seeded', data: {} }], { expectedRevision: 'no_stream' });

        const outcomes = await Promise.allSettled(
          Array.from({ length: 50 }, (_, writer) => store.append('node-1', [{ type: 'Written', data: { writer } }], { expectedRevision })),
        );

        const winners = outcomes.flatMap((outcome, writer) => (outcome.status === 'fulfilled' ? [writer] : []));
        const losers = outcomes.flatMap((outcome) => (outcome.status === 'rejected' ? [outcome.reason] : []));
        expect(winners).toHaveLength(1);
        expect(losers).toHaveLength(49);
        for (const error of losers) expect(error).toBeInstanceOf(ConcurrencyError);
        const written = (await store.readStream('node-1')).map((e) => [e.type, e.revision, e.data.writer]);
        expect(written).toEqual([...(seeded ? [['Seeded', 0, undefined]] : []), ['Written', seeded ? 1 : 0, winners[0]]]);
      }, 30_000);

      it("concurrent 'any' appends all succeed with distinct, consecutive revisions", async () => {
        const results = await Promise.all(Array.from({ length: 20 }, (_, writer) => store.append('node-1', [{ type: 'Written', data: { writer } }], { expectedRevision: 'any' })));

        const stream = await store.readStream('node-1');
        expect(stream.map((e) => e.revision)).toEqual(Array.from({ length: 20 }, (_, i) => i));
        expect(results.map((r) => r.nextRevision).sort((a, b) => a - b)).toEqual(stream.map((e) => e.revision));
        expect(new Set(stream.map((e) => e.data.writer)).size).toBe(20);
      }, 30_000);
    });

    describe('commits and global order', () => {
      it('never splits a commit, even among concurrent ones', async () => {
        await Promise.all(
          Array.from({ length: 12 }, (_, commit) =>
            store.append(`node-${commit % 3}`, Array.from({ length: 5 }, (_, i) => ({ type: 'Part', data: { commit, i } })), { expectedRevision: 'any' }),
          ),
        );

        const all = await store.readAll();
        expect(all).toHaveLength(60);
        for (let start = 0; start < all.length; start += 5) {
          const commit = all.slice(start, start + 5);
          expect(commit.map((e) => e.data.i)).toEqual([0, 1, 2, 3, 4]);
          expect(new Set(commit.map((e) => e.data.commit)).size).toBe(1);
          expect(new Set(commit.map((e) => e.streamId)).size).toBe(1);
          expect(commit.map((e) => e.revision - commit[0].revision)).toEqual([0, 1, 2, 3, 4]);
        }
      }, 30_000);

      it('orders all streams by commit, with strictly increasing positions', async () => {
        const appends: [string, number][] = [
          ['node-a', 2],
          ['node-b', 1],
          ['node-a', 3],
          ['node-c', 1],
          ['node-b', 2],
        ];
        const results = [];
        for (const [id, count] of appends) results.push(await store.append(id, events(count, id), { expectedRevision: 'any' }));

        const all = await store.readAll();
        expect(all.map((e) => [e.streamId, e.revision])).toEqual([
          ['node-a', 0],
          ['node-a', 1],
          ['node-b', 0],
          ['node-a', 2],
          ['node-a', 3],
          ['node-a', 4],
          ['node-c', 0],
          ['node-b', 1],
          ['node-b', 2],
        ]);
        expectIncreasing(all.map((e) => e.position));
        // Each append reports the position of its own last event.
        expect(results.map((r) => r.position)).toEqual([1, 2, 5, 6, 8].map((i) => all[i].position));
      });
    });

    describe('readAll', () => {
      it('pages with after and limit, also from the middle of a commit', async () => {
        await seed(store, [4, 1, 7, 3, 2, 5, 3]);
        const all = await store.readAll();
        expect(all).toHaveLength(25);

        const pages: RecordedEvent[][] = [];
        for (let after = 0; pages.length < 10; ) {
          const page = await store.readAll({ after, limit: 7 });
          if (page.length === 0) break;
          pages.push(page);
          after = page[page.length - 1].position;
        }

        expect(pages.map((p) => p.length)).toEqual([7, 7, 7, 4]);
        expect(pages.flat()).toStrictEqual(all);
        expect(await store.readAll({ after: all[1].position, limit: 3 })).toStrictEqual(all.slice(2, 5));
        expect(await store.readAll({ after: all[24].position })).toEqual([]);
        expect(await store.readAll({ limit: 0 })).toEqual([]);
      });
    });

    describe('readAllPages', () => {
      it('gives what readAll gives, in pages of pageSize, also from the middle of a commit', async () => {
        const pagesOf = async (options: { after?: number; pageSize: number }) => {
          const pages: RecordedEvent[][] = [];
          for await (const page of store.readAllPages(options)) pages.push(page);
          return pages;
        };
        expect(await pagesOf({ pageSize: 7 })).toEqual([]);
        await seed(store, [4, 1, 7, 3, 2, 5, 3]);
        const all = await store.readAll();

        const pages = await pagesOf({ pageSize: 7 });
        expect(pages.map((p) => p.length)).toEqual([7, 7, 7, 4]);
        expect(pages.flat()).toStrictEqual(all);
        expect((await pagesOf({ after: all[1].position, pageSize: 10 })).map((p) => p.length)).toEqual([10, 10, 3]);
        expect((await pagesOf({ after: all[1].position, pageSize: 10 })).flat()).toStrictEqual(all.slice(2));
        expect(await pagesOf({ after: all[24].position, pageSize: 10 })).toEqual([]);
      });
    });

    describe('lastPosition', () => {
      it('is 0 for an empty store, then the position of the last event committed', async () => {
        expect(await store.lastPosition()).toBe(0);
        await seed(store, [2, 3]);
        const all = await store.readAll();
        expect(await store.lastPosition()).toBe(all.at(-1)!.position);
      });
    });

    describe('subscribeToAll', () => {
      it('from any checkpoint, delivers every later event once and in order, then live ones', async () => {
        await seed(store, [3, 1, 2, 4]);
        const checkpoints = [0, ...(await store.readAll()).map((e) => e.position)];
        expect(checkpoints).toHaveLength(11);

        for (const after of checkpoints) {
          const stored = (await store.readAll()).filter((e) => e.position > after);
          const subscription = store.subscribeToAll({ after });
          const iterator = subscription[Symbol.asyncIterator]();
          expect(await take(iterator, stored.length)).toStrictEqual(stored);

          const live = `live-${after}`;
          await store.append(live, events(2, live), { expectedRevision: 'no_stream' });
          expect(await take(iterator, 2)).toStrictEqual(await store.readStream(live));
          await expectQuietUntilClosed(iterator, () => subscription.close());
        }
      }, 60_000);

      it('delivers events appended while it waits, including concurrent ones, in global order', async () => {
        const subscription = store.subscribeToAll();
        const iterator = subscription[Symbol.asyncIterator]();
        const delivered = take(iterator, 30);
        await Promise.all(Array.from({ length: 10 }, (_, i) => store.append(`node-${i % 4}`, events(3, `c${i}-`), { expectedRevision: 'any' })));

        expect(await delivered).toStrictEqual(await store.readAll());
        await expectQuietUntilClosed(iterator, () => subscription.close());
      }, 30_000);

      it('resumes from a checkpoint after close, missing and repeating nothing', async () => {
        await seed(store, [3, 3]);
        const first = store.subscribeToAll();
        const received = await take(first[Symbol.asyncIterator](), 4);
        await first.close();
        await seed(store, [2, 1], 'later');

        const checkpoint = received[received.length - 1].position;
        const second = store.subscribeToAll({ after: checkpoint });
        const iterator = second[Symbol.asyncIterator]();
        received.push(...(await take(iterator, 5)));

        expect(received).toStrictEqual(await store.readAll());
        await expectQuietUntilClosed(iterator, () => second.close());
      }, 30_000);

      it('ends its iterator on close', async () => {
        await seed(store, [2]);
        const subscription = store.subscribeToAll();
        const iterator = subscription[Symbol.asyncIterator]();
        expect(await take(iterator, 1)).toHaveLength(1);

        await subscription.close();

        expect(await iterator.next()).toEqual({ done: true, value: undefined });
      });
    });

    describe('commit id', () => {
      it('stores a commit once however often it is appended with its expected revision, and returns the original result', async () => {
        const original = await store.append('node-1', events(2), { expectedRevision: 'no_stream', commitId: 'commit-1' });
        expect(await store.append('node-1', events(2), { expectedRevision: 'no_stream', commitId: 'commit-1' })).toEqual(original);
        const second = await store.append('node-1', events(1), { expectedRevision: 1, commitId: 'commit-2' });
        await store.append('node-1', events(1), { expectedRevision: 2 });

        // Retried once the stream has moved on: still the original results.
        expect(await store.append('node-1', events(2), { expectedRevision: 'no_stream', commitId: 'commit-1' })).toEqual(original);
        expect(await store.append('node-1', events(1), { expectedRevision: 1, commitId: 'commit-2' })).toEqual(second);
        // Another commit expecting a revision that one took is a conflict, not a retry.
        await expectConflict(store.append('node-1', events(1), { expectedRevision: 1, commitId: 'commit-3' }), 'node-1', 1, 3);

        expect((await store.readStream('node-1')).map((e) => e.revision)).toEqual([0, 1, 2, 3]);
        expect(await store.readAll()).toHaveLength(4);
      });

      it('stores the same events again under another commit id', async () => {
        await store.append('node-1', events(1), { expectedRevision: 'any', commitId: 'commit-1' });
        await store.append('node-1', events(1), { expectedRevision: 'any', commitId: 'commit-2' });

        expect((await store.readStream('node-1')).map((e) => [e.type, e.revision])).toEqual([
          ['E0', 0],
          ['E0', 1],
        ]);
      });
    });

    it('reads back a 10,000-event stream in full and in order', async () => {
      for (let revision = -1; revision < 9_999; revision += 500) {
        const batch = Array.from({ length: 500 }, (_, i) => ({ type: 'Tick', data: { n: revision + 1 + i } }));
        await store.append('node-big', batch, { expectedRevision: revision < 0 ? 'no_stream' : revision });
      }

      const stream = await store.readStream('node-big');

      expect(stream).toHaveLength(10_000);
      stream.forEach((event, i) => {
        expect(event.revision).toBe(i);
        expect(event.data.n).toBe(i);
      });
      expectIncreasing(stream.map((e) => e.position));
      expect((await store.readStream('node-big', 9_998)).map((e) => e.data.n)).toEqual([9_998, 9_999]);
    }, 60_000);
  });
}

function events(count: number, prefix = 'E'): EventData[] {
  return Array.from({ length: count }, (_, i) => ({ type: `${prefix}${i}`, data: { i } }));
}

/** One commit of `size` events per entry, on rotating streams. */
async function seed(store: EventStore, sizes: number[], prefix = 'seed'): Promise<void> {
  for (const [i, size] of sizes.entries()) {
    await store.append(`${prefix}-${i % 3}`, events(size, `${prefix}${i}-`), { expectedRevision: 'any' });
  }
}

async function expectConflict(append: Promise<unknown>, streamId: string, expected: ExpectedRevision, actual: number | 'no_stream'): Promise<void> {
  const error = await append.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ConcurrencyError);
  expect(error).toMatchObject({ streamId, expected, actual });
}

function expectIncreasing(positions: number[]): void {
  positions.slice(1).forEach((position, i) => expect(position).toBeGreaterThan(positions[i]));
}

/** The next `count` events, failing instead of hanging when they do not come. */
async function take(iterator: AsyncIterator<RecordedEvent>, count: number): Promise<RecordedEvent[]> {
  const taken: RecordedEvent[] = [];
  while (taken.length < count) {
    const next = await within(iterator.next(), EVENT_TIMEOUT_MS, `event ${taken.length + 1} of ${count}`);
    if (next.done) throw new Error(`The subscription ended after ${taken.length} of ${count} events`);
    taken.push(next.value);
  }
  return taken;
}

/** Nothing more arrives; then closing ends the iterator, also while it waits. */
async function expectQuietUntilClosed(iterator: AsyncIterator<RecordedEvent>, close: () => Promise<void>): Promise<void> {
  const next = iterator.next();
  const timeout = new Promise((resolve) => setTimeout(resolve, QUIET_MS, 'quiet'));
  expect(await Promise.race([next, timeout])).toBe('quiet');
  await within(close(), EVENT_TIMEOUT_MS, 'close');
  expect(await within(next, EVENT_TIMEOUT_MS, 'the end after close')).toEqual({ done: true, value: undefined });
}

async function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`Timed out after ${ms} ms waiting for ${what}`)), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
