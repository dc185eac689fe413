import { describe, expect, it } from '@jest/globals';
import { describeEventStoreContract } from './contract/index.js';
import { type RecordedEvent, type SubscribeOptions, type Subscription } from './event-store.js';
import { InMemoryEventStore } from './in-memory.js';
import { SharedSubscriptionStore } from './shared-subscriptions.js';

describeEventStoreContract('SharedSubscriptionStore over InMemoryEventStore', async () => {
  const store = new SharedSubscriptionStore(new InMemoryEventStore());
  return { store, dispose: () => store.close() };
});

/** An in-memory store that counts its live subscriptions, and can make them fail. */
class WatchedStore extends InMemoryEventStore {
  opened = 0;
  open = 0;
  failure?: Error;

  override subscribeToAll(options?: SubscribeOptions): Subscription {
    const inner = super.subscribeToAll(options);
    this.opened++;
    this.open++;
    let closed = false;
    const close = async () => {
      if (!closed) this.open--;
      closed = true;
      await inner.close();
    };
    const failure = () => this.failure;
    async function* events() {
      try {
        for await (const event of inner) {
          if (failure()) throw failure();
          yield event;
        }
      } finally {
        await close();
      }
    }
    return { [Symbol.asyncIterator]: events, close };
  }
}

async function append(store: { append: InMemoryEventStore['append'] }, count: number, prefix = 's'): Promise<void> {
  for (let i = 0; i < count; i++) await store.append(`${prefix}-${i}`, [{ type: 'E', data: { i } }], { expectedRevision: 'any' });
}

async function take(subscription: Subscription, count: number): Promise<RecordedEvent[]> {
  const taken: RecordedEvent[] = [];
  const iterator = subscription[Symbol.asyncIterator]();
  while (taken.length < count) {
    const next = await iterator.next();
    if (next.done) break;
    taken.push(next.value);
  }
  return taken;
}

const positions = (events: readonly RecordedEvent[]) => events.map((event) => event.position);

describe('SharedSubscriptionStore', () => {
  it('serves every subscriber from one subscription of the store, and ends it with the last one', async () => {
    const inner = new WatchedStore();
    const store = new SharedSubscriptionStore(inner);
    const subscriptions = [store.subscribeToAll(), store.subscribeToAll(), store.subscribeToAll()];
    await append(store, 5);
    const received = await Promise.all(subscriptions.map((subscription) => take(subscription, 5)));
    expect(received.map(positions)).toEqual(Array(3).fill([1, 2, 3, 4, 5]));
    expect(inner.opened).toBe(1);
    for (const subscription of subscriptions) await subscription.close();
    expect(inner.open).toBe(0);
  });

  it('lets a subscriber that joins behind the feed catch up from its checkpoint, then follow it', async () => {
    const inner = new WatchedStore();
    const store = new SharedSubscriptionStore(inner);
    await append(store, 10);
    const ahead = store.subscribeToAll({ after: 10 });
    const behind = store.subscribeToAll({ after: 3 });
    await append(store, 2, 'later');
    expect(positions(await take(ahead, 2))).toEqual([11, 12]);
    expect(positions(await take(behind, 9))).toEqual([4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(inner.opened).toBe(1);
    await Promise.all([ahead.close(), behind.close()]);
  });

  it('brings a subscriber that fell too far behind back through the store, missing and repeating nothing', async () => {
    const store = new SharedSubscriptionStore(new WatchedStore(), 4);
    const keen = store.subscribeToAll();
    const slow = store.subscribeToAll();
    const keenTakes = take(keen, 30);
    await append(store, 30);
    expect(positions(await keenTakes)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
    expect(positions(await take(slow, 30))).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
    await Promise.all([keen.close(), slow.close()]);
  });

  it('fails every subscriber when the store subscription fails; the next subscription starts afresh', async () => {
    const inner = new WatchedStore();
    const store = new SharedSubscriptionStore(inner);
    const first = store.subscribeToAll();
    const second = store.subscribeToAll();
    await append(store, 2);
    expect(positions(await take(first, 2))).toEqual([1, 2]);
    inner.failure = new Error('connection lost');
    await append(store, 1, 'after');
    await expect(take(first, 1)).rejects.toThrow('connection lost');
    // The second subscriber still gets what came before the failure.
    const iterator = second[Symbol.asyncIterator]();
    expect(positions([(await iterator.next()).value as RecordedEvent, (await iterator.next()).value as RecordedEvent])).toEqual([1, 2]);
    await expect(iterator.next()).rejects.toThrow('connection lost');
    inner.failure = undefined;
    const again = store.subscribeToAll({ after: 2 });
    expect(positions(await take(again, 1))).toEqual([3]);
    expect(inner.opened).toBe(2);
    await again.close();
  });
});
