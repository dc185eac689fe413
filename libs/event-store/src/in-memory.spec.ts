import { describe, expect, it } from '@jest/globals';
import { describeEventStoreContract } from './contract/index.js';
import { InMemoryEventStore } from './in-memory.js';

describeEventStoreContract('InMemoryEventStore', async () => {
  const store = new InMemoryEventStore();
  return { store, dispose: () => store.close() };
});

describe('InMemoryEventStore', () => {
  it('numbers positions 1, 2, 3… and stamps events with its clock', async () => {
    const times = ['2030-01-01T00:00:00.000Z', '2030-01-02T03:04:05.678Z'];
    const store = new InMemoryEventStore({ clock: () => new Date(times.shift() ?? 'no more times') });

    await store.append('node-1', [{ type: 'A', data: {} }, { type: 'B', data: {} }], { expectedRevision: 'no_stream' });
    await store.append('node-2', [{ type: 'C', data: {} }], { expectedRevision: 'no_stream' });

    expect((await store.readAll()).map((e) => [e.type, e.position, e.recordedAt])).toEqual([
      ['A', 1, '2030-01-01T00:00:00.000Z'],
      ['B', 2, '2030-01-01T00:00:00.000Z'],
      ['C', 3, '2030-01-02T03:04:05.678Z'],
    ]);
  });

  it('ends its subscriptions when closed', async () => {
    const store = new InMemoryEventStore();
    const iterator = store.subscribeToAll()[Symbol.asyncIterator]();
    const next = iterator.next();

    await store.close();

    expect(await next).toEqual({ done: true, value: undefined });
  });
});
