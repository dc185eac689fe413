import { describe, expect, it } from '@jest/globals';
import { type CommandMeta, type NodeCommand } from '@ironledger/domain';
import { InMemoryEventStore } from '@ironledger/event-store';
import { AllocationCommandHandler, DeployTemplateCommandHandler, NodeCommandHandler } from './command-handler.js';
import { rebuildReadModel } from './projection.js';

let request = 0;
const meta = (): CommandMeta => ({ at: '2026-11-21T12:00:00Z', actor: 'op', requestId: `req-${++request}`, conductor: 'c1' });
const A = '00000000-0000-4000-8000-00000000000a';
const B = '00000000-0000-4000-8000-00000000000b';

describe('FleetReadModel ports', () => {
  it('finds ports by UUID and nodes by MAC, in creation order, and forgets removed ports and deleted nodes', async () => {
    const store = new InMemoryEventStore();
    const handler = new NodeCommandHandler(store);
    const send = (command: Omit<NodeCommand, 'meta'>) => handler.handle({ ...command, meta: meta() } as NodeCommand);
    for (const id of [A, B]) await send({ type: 'RegisterNode', nodeId: id, data: { driver: 'fake-hardware', provision_state: 'enroll' } });
    await send({ type: 'AddPort', nodeId: A, data: { uuid: 'pa1', address: 'aa:00:00:00:00:01' } });
    await send({ type: 'AddPort', nodeId: B, data: { uuid: 'pb1', address: 'bb:00:00:00:00:01' } });
    await send({ type: 'AddPort', nodeId: A, data: { uuid: 'pa2', address: 'aa:00:00:00:00:02' } });

    let model = await rebuildReadModel(store);
    expect([...model.ports()].map(({ port, node }) => [port.uuid, node.uuid])).toEqual([['pa1', A], ['pb1', B], ['pa2', A]]);
    expect(model.port('pb1')?.port.address).toBe('bb:00:00:00:00:01');
    expect(model.nodeWithAddress('aa:00:00:00:00:02')?.uuid).toBe(A);

    await send({ type: 'RemovePort', nodeId: A, data: { uuid: 'pa1' } });
    await send({ type: 'DeleteNode', nodeId: B, data: {} });
    model = await rebuildReadModel(store);
    expect([...model.ports()].map(({ port }) => port.uuid)).toEqual(['pa2']);
    expect(model.port('pa1')).toBeUndefined();
    expect(model.nodeWithAddress('aa:00:00:00:00:01')).toBeUndefined();
    expect(model.nodeWithAddress('bb:00:00:00:00:01')).toBeUndefined();
  });
});

describe('FleetReadModel names', () => {
  it('finds a node by its current name only, across renames, other events and deletion', async () => {
    const store = new InMemoryEventStore();
    const handler = new NodeCommandHandler(store);
    const send = (command: Omit<NodeCommand, 'meta'>) => handler.handle({ ...command, meta: meta() } as NodeCommand);
    await send({ type: 'RegisterNode', nodeId: A, data: { driver: 'fake-hardware', name: 'first', provision_state: 'enroll' } });
    await send({ type: 'RegisterNode', nodeId: B, data: { driver: 'fake-hardware', provision_state: 'enroll' } });
    await send({ type: 'UpdateNode', nodeId: A, data: { changes: { name: 'second' } } });
    await send({ type: 'RequestProvisionAction', nodeId: A, data: { target: 'manage' } });
    await send({ type: 'RecordProvisionOutcome', nodeId: A, data: { outcome: 'succeeded' } });
    await send({ type: 'UpdateNode', nodeId: B, data: { changes: { name: 'first' } } });

    let model = await rebuildReadModel(store);
    expect(model.get('second')?.uuid).toBe(A);
    expect(model.get('first')?.uuid).toBe(B);

    await send({ type: 'UpdateNode', nodeId: B, data: { changes: { name: null } } });
    await send({ type: 'DeleteNode', nodeId: A, data: {} });
    model = await rebuildReadModel(store);
    expect(model.get('first')).toBeUndefined();
    expect(model.get('second')).toBeUndefined();
    expect(model.get(B)?.name).toBeNull();
  });
});

describe('FleetReadModel allocations and deploy templates', () => {
  it('keeps them by UUID as their streams say, and counts them in checksums and differences', async () => {
    const store = new InMemoryEventStore();
    const allocations = new AllocationCommandHandler(store);
    const templates = new DeployTemplateCommandHandler(store);
    await allocations.handle({ type: 'CreateAllocation', allocationId: A, data: { name: 'a1', resource_class: 'rc', traits: [], candidate_nodes: [], extra: {}, owner: null }, meta: meta() });
    await templates.handle({ type: 'CreateDeployTemplate', templateId: B, data: { name: 'CUSTOM_T', steps: [{ interface: 'raid', step: 's', args: {}, priority: 1 }], extra: {} }, meta: meta() });
    const before = await rebuildReadModel(store);
    expect(before.allocations.get(A)).toMatchObject({ name: 'a1', state: 'allocating', conductor: 'c1' });
    expect(before.deployTemplates.get(B)).toMatchObject({ name: 'CUSTOM_T' });

    await allocations.handle({ type: 'RecordAllocationOutcome', allocationId: A, data: { outcome: 'failed', error: 'none' }, meta: meta() });
    await templates.handle({ type: 'DeleteDeployTemplate', templateId: B, data: {}, meta: meta() });
    const after = await rebuildReadModel(store);
    expect(after.allocations.get(A)).toMatchObject({ state: 'error', last_error: 'none' });
    expect(after.deployTemplates.size).toBe(0);
    expect(after.checksum()).not.toBe(before.checksum());
    expect(after.differences(before)).toEqual([`allocation:${A}`, `deploy_template:${B}`]);
  });
});

describe('FleetReadModel sub-resources', () => {
  it('finds port groups by UUID, name and MAC, volume connectors and targets by UUID, each with its node', async () => {
    const store = new InMemoryEventStore();
    const handler = new NodeCommandHandler(store);
    const send = (command: Omit<NodeCommand, 'meta'>) => handler.handle({ ...command, meta: meta() } as NodeCommand);
    for (const id of [A, B]) await send({ type: 'RegisterNode', nodeId: id, data: { driver: 'fake-hardware', provision_state: 'enroll' } });
    await send({ type: 'AddPortgroup', nodeId: A, data: { uuid: 'ga1', name: 'bond0', address: 'aa:00:00:00:01:01' } });
    await send({ type: 'AddPortgroup', nodeId: B, data: { uuid: 'gb1' } });
    await send({ type: 'AddVolumeConnector', nodeId: B, data: { uuid: 'cb1', type: 'iqn', connector_id: 'iqn.x', extra: {} } });
    await send({ type: 'AddVolumeTarget', nodeId: A, data: { uuid: 'ta1', volume_type: 'iscsi', boot_index: 0, volume_id: 'v', properties: {}, extra: {} } });

    let model = await rebuildReadModel(store);
    expect([...model.portgroups.all()].map(({ item, node }) => [item.uuid, node.uuid])).toEqual([['ga1', A], ['gb1', B]]);
    expect(model.portgroups.byKey('bond0')?.item.uuid).toBe('ga1');
    expect(model.portgroups.byKey('aa:00:00:00:01:01')?.node.uuid).toBe(A);
    expect(model.volumeConnectors.get('cb1')?.node.uuid).toBe(B);
    expect(model.volumeTargets.get('ta1')?.item.boot_index).toBe(0);

    await send({ type: 'UpdatePortgroup', nodeId: A, data: { uuid: 'ga1', changes: { name: 'bond1' } } });
    await send({ type: 'DeleteNode', nodeId: B, data: {} });
    model = await rebuildReadModel(store);
    expect(model.portgroups.byKey('bond0')).toBeUndefined();
    expect(model.portgroups.byKey('bond1')?.item.uuid).toBe('ga1');
    expect(model.portgroups.get('gb1')).toBeUndefined();
    expect(model.volumeConnectors.get('cb1')).toBeUndefined();
  });

  it('keeps a port moved to another node in its place, with its new node, its MAC pointing there', async () => {
    const store = new InMemoryEventStore();
    const handler = new NodeCommandHandler(store);
    const send = (command: Omit<NodeCommand, 'meta'>) => handler.handle({ ...command, meta: meta() } as NodeCommand);
    for (const id of [A, B]) await send({ type: 'RegisterNode', nodeId: id, data: { driver: 'fake-hardware', provision_state: 'enroll' } });
    await send({ type: 'AddPort', nodeId: A, data: { uuid: 'pa1', address: 'aa:00:00:00:00:01' } });
    await send({ type: 'AddPort', nodeId: A, data: { uuid: 'pa2', address: 'aa:00:00:00:00:02' } });
    const { previous } = await send({ type: 'UpdatePort', nodeId: A, data: { uuid: 'pa1', changes: {}, to_node: B } });
    const moving = previous!.ports[0]!;

    let model = await rebuildReadModel(store);
    expect(model.port('pa1')).toBeUndefined();
    expect(model.nodeWithAddress('aa:00:00:00:00:01')).toBeUndefined();
    await send({ type: 'ReceivePort', nodeId: B, data: { port: moving, changes: { address: 'aa:00:00:00:00:03' }, from_node: A } });
    model = await rebuildReadModel(store);
    expect([...model.ports()].map(({ port, node }) => [port.uuid, node.uuid])).toEqual([['pa1', B], ['pa2', A]]);
    expect(model.nodeWithAddress('aa:00:00:00:00:03')?.uuid).toBe(B);
    expect(model.nodeWithAddress('aa:00:00:00:00:01')).toBeUndefined();
  });
});

describe('FleetReadModel copy', () => {
  it('is equal to the model it copies, then goes on apart from it (nodes, names, ports)', async () => {
    const store = new InMemoryEventStore();
    const handler = new NodeCommandHandler(store);
    const send = (command: Omit<NodeCommand, 'meta'>) => handler.handle({ ...command, meta: meta() } as NodeCommand);
    await send({ type: 'RegisterNode', nodeId: A, data: { driver: 'fake-hardware', name: 'a', provision_state: 'enroll', driver_info: { ipmi_password: 'first' } } });
    await send({ type: 'AddPort', nodeId: A, data: { uuid: 'pa1', address: 'aa:00:00:00:00:01' } });
    const model = await rebuildReadModel(store);
    const copy = model.copy();
    expect(copy.checksum()).toBe(model.checksum());
    expect(copy.position).toBe(model.position);
    expect(copy.differences(model)).toEqual([]);

    await send({ type: 'UpdateNode', nodeId: A, data: { changes: { name: 'renamed', driver_info: { ipmi_password: 'second' } } } });
    await send({ type: 'RemovePort', nodeId: A, data: { uuid: 'pa1' } });
    for (const event of await store.readAll({ after: model.position })) model.apply(event);

    expect(model.get('renamed')?.uuid).toBe(A);
    expect(copy.get('renamed')).toBeUndefined();
    expect(copy.get('a')?.uuid).toBe(A);
    expect(model.port('pa1')).toBeUndefined();
    expect(copy.port('pa1')?.node.uuid).toBe(A);
    expect(model.get(A)?.driver_info).toEqual({ ipmi_password: 'second' });
    expect(copy.get(A)?.driver_info).toEqual({ ipmi_password: 'first' });
    expect(copy.differences(model)).toEqual([A]);
  });
});
