import { describe, expect, it } from '@jest/globals';
import { type CommandMeta, type InterfaceCheck, type NodeCommand, NodeConflictError, NodeLockedError, InvalidStateError } from '@ironledger/domain';
import { InMemoryEventStore } from '@ironledger/event-store';
import { nodeStreamId } from '@ironledger/contracts';
import { NodeCommandHandler, StaleBasisError } from './command-handler.js';

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

  it('asks the drivers’ check about the node as it is at the revision the decision is appended against', async () => {
    const store = new InMemoryEventStore();
    const needsBmc: InterfaceCheck = (node, name) => (name === 'power' && !node.driver_info.bmc ? 'no BMC address' : undefined);
    const a = new NodeCommandHandler(store, undefined, undefined, needsBmc);
    const b = new NodeCommandHandler(store, undefined, undefined, needsBmc);
    await a.handle({ ...register, data: { ...register.data, driver_info: { bmc: 'https://bmc' } } } as NodeCommand);
    await b.load(NODE); // b believes the node has its BMC address
    await a.handle({ type: 'UpdateNode', nodeId: NODE, data: { changes: { driver_info: {} } }, meta: meta() });
    const powerOn: NodeCommand = { type: 'RequestPowerAction', nodeId: NODE, data: { target: 'power on' }, meta: meta() };
    await expect(b.handle(powerOn)).rejects.toThrow(expect.objectContaining({ type: 'invalid_parameter', message: 'no BMC address' }));
    expect((await store.readStream(nodeStreamId(NODE))).map((e) => e.type)).not.toContain('PowerActionStarted');
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

describe('NodeCommandHandler with a command worked out on a read model', () => {
  const rename = (name: string): NodeCommand => ({ type: 'UpdateNode', nodeId: NODE, data: { changes: { name } }, meta: meta() });

  it('decides it when the node has no event after the basis, cached or not', async () => {
    const store = new InMemoryEventStore();
    const { position } = await new NodeCommandHandler(store).handle(register);
    expect((await new NodeCommandHandler(store).handle(rename('n1'), { basis: position })).state).toMatchObject({ name: 'n1' });
  });

  it('refuses it as stale, appending nothing, when the node changed after the basis (even if its cache does not know)', async () => {
    const store = new InMemoryEventStore();
    const a = new NodeCommandHandler(store);
    const b = new NodeCommandHandler(store);
    const { position: basis } = await a.handle(register);
    await b.load(NODE); // b caches the node as the basis saw it
    const { position: changed } = await a.handle(rename('n1'));
    const refusal = b.handle(rename('n2'), { basis });
    await expect(refusal).rejects.toThrow(StaleBasisError);
    await expect(refusal).rejects.toMatchObject({ type: 'stale', basis, position: changed });
    expect((await store.readStream(nodeStreamId(NODE))).map((event) => event.type)).toEqual(['NodeRegistered', 'NodeUpdated']);
    // Worked out again on the newer state, it stands.
    expect((await b.handle(rename('n2'), { basis: changed })).state).toMatchObject({ name: 'n2' });
  });
});
