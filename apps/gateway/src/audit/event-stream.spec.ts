import { describe, expect, it } from '@jest/globals';
import { type ServerResponse } from 'node:http';
import { LiveProjection } from '@ironledger/application';
import { InMemoryEventStore } from '@ironledger/event-store';
import { type EventReach, matches, streamEvents } from './event-stream.js';

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

describe('matches, for a caller held to one project', () => {
  const change = (kind: string, before: object | null, after: object | null) =>
    ({ kind, recorded: { position: 1 }, event: { type: 'x', meta: { nodeId: 'n1' } }, before, after }) as unknown as Parameters<typeof matches>[0];
  const reach: EventReach = { project: 'p1', everyOf: new Set(), ownAllocations: true };

  it('passes its nodes’ events, judged by the owner or lessee after the event (before it, for a deletion)', () => {
    expect(matches(change('node', null, { owner: 'p1', lessee: null }), { reach })).toBe(true);
    expect(matches(change('node', null, { owner: 'p2', lessee: 'p1' }), { reach })).toBe(true);
    expect(matches(change('node', { owner: 'p1', lessee: null }, { owner: 'p2', lessee: null }), { reach })).toBe(false);
    expect(matches(change('node', { owner: 'p2', lessee: null }, { owner: 'p1', lessee: null }), { reach })).toBe(true);
    expect(matches(change('node', { owner: 'p1', lessee: null }, null), { reach })).toBe(true);
    expect(matches(change('node', { owner: null, lessee: null }, null), { reach })).toBe(false);
  });

  it('passes its own allocations’ events when it may list allocations, and other kinds only when their rules let it see every one', () => {
    expect(matches(change('allocation', null, { owner: 'p1' }), { reach })).toBe(true);
    expect(matches(change('allocation', null, { owner: 'p2' }), { reach })).toBe(false);
    expect(matches(change('allocation', null, { owner: 'p1' }), { reach: { ...reach, ownAllocations: false } })).toBe(false);
    expect(matches(change('chassis', null, {}), { reach })).toBe(false);
    expect(matches(change('deploy_template', null, {}), { reach })).toBe(false);
    expect(matches(change('chassis', null, {}), { reach: { ...reach, everyOf: new Set(['chassis']) } })).toBe(true);
    expect(matches(change('allocation', null, { owner: 'p2' }), { reach: { ...reach, everyOf: new Set(['allocation']) } })).toBe(true);
  });
});
