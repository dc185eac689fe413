import { describe, expect, it } from '@jest/globals';
import { NodeConflictError } from '@ironledger/domain';
import { InMemoryEventStore } from '@ironledger/event-store';
import { NAME_CLAIMED, NAME_RELEASED, NameClaims, nameStreamId } from './name-claims.js';

/** Claims on an in-memory store whose clock the test moves; `names` is what node streams say. */
function setup(names: Record<string, string> = {}) {
  let now = Date.parse('2026-11-22T04:00:00Z');
  const store = new InMemoryEventStore({ clock: () => new Date(now) });
  const claims = new NameClaims(store, { currentName: async (nodeId) => names[nodeId], graceMs: 60_000, now: () => now });
  return { store, claims, names, advance: (ms: number) => (now += ms) };
}

describe('NameClaims', () => {
  it('gives a name to one node only, and again to the node that holds it', async () => {
    const { claims, names } = setup();
    await expect(claims.claim('rack-1', 'node-a')).resolves.toBe(true);
    names['node-a'] = 'rack-1';
    await expect(claims.claim('rack-1', 'node-b')).rejects.toThrow(new NodeConflictError('node-b', 'A node with name rack-1 already exists.'));
    await expect(claims.claim('rack-1', 'node-a')).resolves.toBe(false);
  });

  it('lets exactly one of many concurrent claims through', async () => {
    const { store, claims } = setup();
    const results = await Promise.allSettled(Array.from({ length: 20 }, (_, i) => claims.claim('rack-1', `node-${i}`)));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(results.filter((r) => r.status === 'rejected').map((r) => (r as PromiseRejectedResult).reason)).toEqual(Array(19).fill(expect.any(NodeConflictError)));
    expect((await store.readStream(nameStreamId('rack-1'))).map((e) => e.type)).toEqual([NAME_CLAIMED]);
  });

  it('frees a released name for another node; only the holder releases', async () => {
    const { store, claims } = setup();
    await claims.claim('rack-1', 'node-a', { requestId: 'req-1' });
    await claims.release('rack-1', 'node-b');
    await expect(claims.claim('rack-1', 'node-b')).rejects.toBeInstanceOf(NodeConflictError);
    await claims.release('rack-1', 'node-a');
    await claims.claim('rack-1', 'node-b');
    const stream = await store.readStream(nameStreamId('rack-1'));
    expect(stream.map((e) => [e.type, e.data])).toEqual([
      [NAME_CLAIMED, { nodeId: 'node-a' }],
      [NAME_RELEASED, { nodeId: 'node-a' }],
      [NAME_CLAIMED, { nodeId: 'node-b' }],
    ]);
    expect(stream[0].metadata).toEqual({ requestId: 'req-1' });
  });

  it('voids a claim left behind once its grace period is over and its node does not have the name', async () => {
    const { claims, names, advance } = setup();
    await claims.claim('rack-1', 'node-a');
    // node-a's registration may still be on its way: the claim stands.
    await expect(claims.claim('rack-1', 'node-b')).rejects.toBeInstanceOf(NodeConflictError);
    advance(61_000);
    names['node-a'] = 'rack-1';
    await expect(claims.claim('rack-1', 'node-b')).rejects.toBeInstanceOf(NodeConflictError);
    names['node-a'] = 'renamed';
    await claims.claim('rack-1', 'node-b');
    await expect(claims.claim('rack-1', 'node-a')).rejects.toBeInstanceOf(NodeConflictError);
  });
});
