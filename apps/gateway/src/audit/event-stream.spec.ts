import { describe, expect, it } from '@jest/globals';
import { type ServerResponse } from 'node:http';
import { LiveProjection } from '@ironledger/application';
import { InMemoryEventStore } from '@ironledger/event-store';
import { streamEvents } from './event-stream.js';

describe('streamEvents', () => {
  it('reads the store before anything is sent: a store that times out rejects, and no 200 goes out', async () => {
    const store = new InMemoryEventStore();
    await store.append('node-a', [{ type: 'NodeDeleted', data: {} }], { expectedRevision: 'no_stream' });
    const projection = new LiveProjection(store);
    await projection.start();
    store.readAll = () => Promise.reject(Object.assign(new Error('timeout'), { name: 'TimeoutError' }));
    let started = false;
    const response = {} as ServerResponse;
    await expect(streamEvents(response, {}, store, projection, {}, 0, { start: () => (started = true) })).rejects.toMatchObject({ name: 'TimeoutError' });
    expect(started).toBe(false);
    await projection.stop();
  });
});
