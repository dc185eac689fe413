import { describe, expect, it } from '@jest/globals';
import { type CommandMeta, type NodeCommand, NodeConflictError, NodeLockedError, InvalidStateError } from '@ironledger/domain';
import { InMemoryEventStore } from '@ironledger/event-store';
import { nodeStreamId } from '@ironledger/contracts';
import { NodeCommandHandler } from './command-handler.js';

const NODE = '6f1c4a3e-9a44-4c1c-9d7e-0a1f2b3c4d5e';
let request = 0;
const meta = (conductor = 'c1'): CommandMeta => ({ at: '2026-11-21T12:00:00Z', actor: 'op', requestId: `req-${++request}`, conductor });
const register: NodeCommand = { type: 'RegisterNode', nodeId: NODE, data: { driver: 'fake-hardware', provision_state: 'enroll' }, meta: meta() };
const provision = (target: string, conductor = 'c1'): NodeCommand => ({ type: 'RequestProvisionAction', nodeId: NODE, data: { target }, meta: meta(conductor) });
const manage = (conductor = 'c1') => provision('manage', conductor);

describe('NodeCommandHandler', () => {
  it('appends the decided events to the node’s stream with their audit metadata', async () => {
    const store = new InMemoryEventStore();
    const handler = new NodeCommandHandler(store);
    await handler.handle(register);
    const result = await handler.handle(manage());
    expect(result.state).toMatchObject({ provision_state: 'verifying', reservation: 'c1' });
    const stream = await store.readStream(nodeStreamId(NODE));
    expect(stream.map((e) => [e.type, e.revision])).toEqual([['NodeRegistered', 0], ['ProvisionStateChanged', 1]]);
    expect(stream[1].metadata).toMatchObject({ nodeId: NODE, actor: 'op', correlationId: expect.stringMatching(/^req-/) });
    expect(result.position).toBe(stream[1].position);
  });

  it('appends nothing when the domain refuses', async () => {
    const store = new InMemoryEventStore();
    const handler = new NodeCommandHandler(store);
    await handler.handle(register);
    await expect(handler.handle(provision('active'))).rejects.toThrow(InvalidStateError);
    expect(await store.readStream(nodeStreamId(NODE))).toHaveLength(1);
  });

  it('lets exactly one of two racing conductors take the node; the other is refused as locked', async () => {
    const store = new InMemoryEventStore();
    const a = new NodeCommandHandler(store);
    const b = new NodeCommandHandler(store);
    await a.handle(register);
    await b.load(NODE); // both now believe the node is in enroll at revision 0
    const results = await Promise.allSettled([a.handle(manage('c1')), b.handle(manage('c2'))]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const refused = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(refused.reason).toBeInstanceOf(NodeLockedError);
    expect((await store.readStream(nodeStreamId(NODE))).filter((e) => e.type === 'ProvisionStateChanged')).toHaveLength(1);
  });

  it('re-decides on a fresh stream when its cached node is stale', async () => {
    const store = new InMemoryEventStore();
    const a = new NodeCommandHandler(store);
    const b = new NodeCommandHandler(store);
    await a.handle(register);
    await b.load(NODE);
    await a.handle({ type: 'SetMaintenance', nodeId: NODE, data: { reason: 'rack move' }, meta: meta() });
    // b's cache is at revision 0; the append conflicts, b reloads and decides again.
    const result = await b.handle({ type: 'UpdateNode', nodeId: NODE, data: { changes: { name: 'n1' } }, meta: meta() });
    expect(result.state).toMatchObject({ name: 'n1', maintenance: true, maintenance_reason: 'rack move' });
  });
});

/** Counts the streams read, to show which commands are decided without reading. */
class CountingStore extends InMemoryEventStore {
  streamsRead = 0;
  override async readStream(streamId: string, fromRevision?: number) {
    this.streamsRead++;
    return super.readStream(streamId, fromRevision);
  }
}

describe('NodeCommandHandler creating nodes', () => {
  it('registers a new node without reading its stream', async () => {
    const store = new CountingStore();
    const result = await new NodeCommandHandler(store).handle(register);
    expect(result.state).toMatchObject({ uuid: NODE, provision_state: 'enroll' });
    expect(store.streamsRead).toBe(0);
  });

  it('still refuses a UUID that exists, appending nothing, when it was never read', async () => {
    const store = new CountingStore();
    await new NodeCommandHandler(store).handle(register);
    const other = new NodeCommandHandler(store);
    await expect(other.handle({ ...register, meta: meta('c2') })).rejects.toThrow(NodeConflictError);
    expect(store.streamsRead).toBe(1);
    expect(await store.readStream(nodeStreamId(NODE))).toHaveLength(1);
  });
});

describe('NodeCommandHandler with a cached node', () => {
  it('takes a hardware report that changes nothing as it is, without reading the stream', async () => {
    const store = new CountingStore();
    const handler = new NodeCommandHandler(store);
    await handler.handle(register);
    const report = { type: 'CacheBootMode', nodeId: NODE, data: { boot_mode: null, secure_boot: null }, meta: meta() } as const;
    expect((await handler.handle(report)).events).toEqual([]);
    expect((await handler.handle({ type: 'CacheBiosSettings', nodeId: NODE, data: { settings: [] }, meta: meta() })).events).toEqual([]);
    expect(store.streamsRead).toBe(0);
    // Any other no-op is decided again on the stream.
    expect((await handler.handle({ type: 'UpdateNode', nodeId: NODE, data: { changes: {} }, meta: meta() })).events).toEqual([]);
    expect(store.streamsRead).toBe(1);
  });
});

describe('NodeCommandHandler with a cache behind the stream', () => {
  it('decides a refusal again on the fresh stream before refusing', async () => {
    const store = new InMemoryEventStore();
    const a = new NodeCommandHandler(store);
    const b = new NodeCommandHandler(store);
    await a.handle(register);
    await b.load(NODE); // b caches the node in enroll
    await a.handle(manage('c1'));
    await a.handle({ type: 'RecordProvisionOutcome', nodeId: NODE, data: { outcome: 'succeeded' }, meta: meta('c1') });
    // On b's stale cache `provide` from enroll would be refused; on the stream the node is manageable.
    const result = await b.handle(provision('provide', 'c2'));
    expect(result.state).toMatchObject({ provision_state: 'cleaning', reservation: 'c2' });
  });
});
