import { describe, expect, it } from '@jest/globals';
import { newNode, newPort, type Node, NodeConflictError } from '@ironledger/domain';
import { InMemoryEventStore } from '@ironledger/event-store';
import { type Claim, ClaimConflictError, claimsHeldBy, claimStreamId, connectorKey, UniqueClaims } from './unique-claims.js';

const NAME: Claim = { kind: 'name', value: 'rack-1' };
const MAC: Claim = { kind: 'mac', value: '52:54:00:12:34:56' };

const port = (address: string, uuid: string) => newPort({ uuid, address }, '2026-11-22T04:00:00Z');
const node = (uuid: string, fields: Partial<Node> = {}): Node => newNode(uuid, '2026-11-22T04:00:00Z', { provision_state: 'enroll', ...fields });

/** Claims on an in-memory store whose clock the test moves; `nodes` is what node streams say. */
function setup() {
  let now = Date.parse('2026-11-22T04:00:00Z');
  const nodes: Record<string, Node> = {};
  const store = new InMemoryEventStore({ clock: () => new Date(now) });
  const claims = new UniqueClaims(store, { currentState: async (_kind, nodeId) => nodes[nodeId] ?? null, graceMs: 60_000, now: () => now });
  return { store, claims, nodes, advance: (ms: number) => (now += ms) };
}

describe('UniqueClaims', () => {
  it('gives a value to one node only, and again to the node that holds it', async () => {
    const { claims } = setup();
    await expect(claims.claim(NAME, 'node-a')).resolves.toBe(true);
    await expect(claims.claim(NAME, 'node-b')).rejects.toThrow(new NodeConflictError('node-b', 'A node with name rack-1 already exists.'));
    await expect(claims.claim(NAME, 'node-a')).resolves.toBe(false);
    await expect(claims.claim(MAC, 'node-a')).resolves.toBe(true);
    const refusal = await claims.claim(MAC, 'node-b').catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(ClaimConflictError);
    expect(refusal).toMatchObject({ holder: 'node-a', message: 'A port with MAC address 52:54:00:12:34:56 already exists.' });
  });

  it('lets exactly one of many concurrent claims through', async () => {
    const { store, claims } = setup();
    const results = await Promise.allSettled(Array.from({ length: 20 }, (_, i) => claims.claim(MAC, `node-${i}`)));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(results.filter((r) => r.status === 'rejected').map((r) => (r as PromiseRejectedResult).reason)).toEqual(Array(19).fill(expect.any(NodeConflictError)));
    expect((await store.readStream(claimStreamId(MAC))).map((e) => e.type)).toEqual(['PortAddressClaimed']);
  });

  it('releases at once what a commit took from the node (its instance, after a tear-down), and keeps the rest', async () => {
    const { claims } = setup();
    const instance = '5f1c1a3e-9d0b-4c52-8d0e-2b7f4e6a9c11';
    const before = node('node-a', { name: 'rack-1', instance_uuid: instance });
    for (const claim of claimsHeldBy(before)) await claims.claim(claim, 'node-a');
    await claims.releaseGivenUp('node-a', before, { ...before, instance_uuid: null });
    await expect(claims.claim({ kind: 'instance', value: instance }, 'node-b')).resolves.toBe(true);
    await expect(claims.claim(NAME, 'node-b')).rejects.toBeInstanceOf(NodeConflictError);
  });

  it('keeps each kind of value in its own streams', async () => {
    const { claims } = setup();
    await claims.claim({ kind: 'name', value: 'x' }, 'node-a');
    await expect(claims.claim({ kind: 'port', value: 'x' }, 'node-b')).resolves.toBe(true);
    expect([NAME, MAC, { kind: 'port', value: 'p-1' }].map((claim) => claimStreamId(claim as Claim))).toEqual(['name-rack-1', 'mac-52:54:00:12:34:56', 'port-p-1']);
  });

  it('frees a released value for another node; only the holder releases', async () => {
    const { store, claims } = setup();
    await claims.claim(NAME, 'node-a', { requestId: 'req-1' });
    await claims.release(NAME, 'node-b');
    await expect(claims.claim(NAME, 'node-b')).rejects.toBeInstanceOf(NodeConflictError);
    await claims.release(NAME, 'node-a');
    await claims.claim(NAME, 'node-b');
    const stream = await store.readStream(claimStreamId(NAME));
    expect(stream.map((e) => [e.type, e.data])).toEqual([
      ['NodeNameClaimed', { nodeId: 'node-a' }],
      ['NodeNameReleased', { nodeId: 'node-a' }],
      ['NodeNameClaimed', { nodeId: 'node-b' }],
    ]);
    expect(stream[0].metadata).toEqual({ requestId: 'req-1' });
  });

  it('hands a value over from the node that holds it, in one append, and to nobody else', async () => {
    const { store, claims } = setup();
    await claims.claim(MAC, 'node-a');
    await expect(claims.claim(MAC, 'node-b', {}, { takeOverFrom: 'node-c' })).rejects.toBeInstanceOf(ClaimConflictError);
    await expect(claims.claim(MAC, 'node-b', {}, { takeOverFrom: 'node-a' })).resolves.toBe(true);
    await expect(claims.claim(MAC, 'node-a')).rejects.toBeInstanceOf(ClaimConflictError);
    expect((await store.readStream(claimStreamId(MAC))).map((e) => [e.type, e.data])).toEqual([
      ['PortAddressClaimed', { nodeId: 'node-a' }],
      ['PortAddressClaimed', { nodeId: 'node-b' }],
    ]);
  });

  it('tells whether a value is free without claiming it', async () => {
    const { store, claims } = setup();
    await expect(claims.ensureFree(MAC, 'node-a')).resolves.toBeUndefined();
    await claims.claim(MAC, 'node-a');
    await expect(claims.ensureFree(MAC, 'node-a')).resolves.toBeUndefined();
    await expect(claims.ensureFree(MAC, 'node-b')).rejects.toBeInstanceOf(ClaimConflictError);
    await expect(claims.ensureFree(MAC, 'node-b', { takeOverFrom: 'node-a' })).resolves.toBeUndefined();
    expect(await store.readStream(claimStreamId(MAC))).toHaveLength(1);
  });

  it('refuses a port group name, a volume connector’s type and ID, … with Ironic’s words', async () => {
    const { claims } = setup();
    const cases: [Claim, string][] = [
      [{ kind: 'portgroup', value: 'g-1' }, 'A portgroup with UUID g-1 already exists.'],
      [{ kind: 'portgroup_name', value: 'bond0' }, 'A portgroup with name bond0 already exists.'],
      [{ kind: 'portgroup_mac', value: MAC.value }, `A portgroup with MAC address ${MAC.value} already exists.`],
      [{ kind: 'volume_connector', value: 'c-1' }, 'A volume connector with UUID c-1 already exists.'],
      [{ kind: 'connector_id', value: connectorKey({ type: 'i:qn', connector_id: 'iqn.2026-11.org:x' }) }, 'A volume connector with type i:qn and connector ID iqn.2026-11.org:x already exists.'],
      [{ kind: 'volume_target', value: 't-1' }, 'A volume target with UUID t-1 already exists.'],
    ];
    for (const [claim, message] of cases) {
      await claims.claim(claim, 'node-a');
      await expect(claims.claim(claim, 'node-b')).rejects.toThrow(message);
    }
    // A port's MAC and a port group's MAC are different values.
    await expect(claims.claim(MAC, 'node-b')).resolves.toBe(true);
  });

  it('voids a claim left behind once its grace period is over and its node does not have the value', async () => {
    const { claims, nodes, advance } = setup();
    await claims.claim(MAC, 'node-a');
    // node-a's port may still be on its way: the claim stands.
    await expect(claims.claim(MAC, 'node-b')).rejects.toBeInstanceOf(NodeConflictError);
    advance(61_000);
    nodes['node-a'] = node('node-a', { ports: [port(MAC.value, 'p-1')] });
    await expect(claims.claim(MAC, 'node-b')).rejects.toBeInstanceOf(NodeConflictError);
    nodes['node-a'] = node('node-a', { ports: [] });
    await claims.claim(MAC, 'node-b');
    await expect(claims.claim(MAC, 'node-a')).rejects.toBeInstanceOf(NodeConflictError);
  });
});

describe('claimsHeldBy', () => {
  it('lists the name, and the MAC address and UUID of every port', () => {
    expect(claimsHeldBy(null)).toEqual([]);
    expect(claimsHeldBy(node('n', { name: null }))).toEqual([]);
    expect(claimsHeldBy(node('n', { name: 'rack-1', ports: [port(MAC.value, 'p-1')] }))).toEqual([NAME, MAC, { kind: 'port', value: 'p-1' }]);
  });

  it('lists what port groups, volume connectors and targets hold', () => {
    const group = { uuid: 'g-1', name: 'bond0', address: null, extra: {}, internal_info: {}, mode: null, properties: {}, standalone_ports_supported: true, created_at: 'x', updated_at: null };
    const connector = { uuid: 'c-1', type: 'iqn', connector_id: 'iqn.x', extra: {}, created_at: 'x', updated_at: null };
    const target = { uuid: 't-1', volume_type: 'iscsi', properties: {}, boot_index: 0, volume_id: 'v', extra: {}, created_at: 'x', updated_at: null };
    expect(claimsHeldBy(node('n', { portgroups: [group], volume_connectors: [connector], volume_targets: [target] }))).toEqual([
      { kind: 'portgroup', value: 'g-1' },
      { kind: 'portgroup_name', value: 'bond0' },
      { kind: 'volume_connector', value: 'c-1' },
      { kind: 'connector_id', value: 'iqn:iqn.x' },
      { kind: 'volume_target', value: 't-1' },
    ]);
  });
});
