import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { AllocationCommandHandler, Allocator, ChassisCommandHandler, DeployTemplateCommandHandler, LiveProjection, NodeCommandHandler, UniqueClaims } from '@ironledger/application';
import { claimStreamId, nodeStreamId } from '@ironledger/contracts';
import { type NodeCommand } from '@ironledger/domain';
import { fakeHardware } from '@ironledger/drivers';
import { InMemoryEventStore } from '@ironledger/event-store';
import { Conductor, type ConductorParts } from './conductor.js';
import { WorkRunner } from './work-runner.js';

const SELF = 'conductor-self';
const A = '7a1d3e55-0b6c-4f7e-9d21-000000000001';
const B = '7a1d3e55-0b6c-4f7e-9d21-000000000002';

let store: InMemoryEventStore;
let projection: LiveProjection;
let runner: WorkRunner;
let conductor: Conductor;
let parts: () => ConductorParts;

const request = (type: NodeCommand['type'], nodeId: string, data: object): unknown => ({ type, nodeId, data, meta: { at: new Date().toISOString(), actor: 'operator', requestId: `req-${type}` } });

beforeEach(async () => {
  store = new InMemoryEventStore();
  const handler = new NodeCommandHandler(store);
  projection = new LiveProjection(store);
  await projection.start();
  const drivers = new Map([['fake-hardware', fakeHardware()]]);
  runner = new WorkRunner(handler, drivers, { conductorId: SELF, automatedClean: true, workers: 2 });
  const claims = new UniqueClaims(store, { currentState: async (_kind, nodeId) => (await handler.load(nodeId)).state });
  const allocator = new Allocator({ nodes: handler, allocations: new AllocationCommandHandler(store), fleet: projection.readModel, caughtUp: (position) => projection.waitFor(position), claims }, { conductorId: SELF });
  parts = () => ({ id: SELF, nodes: handler, chassis: new ChassisCommandHandler(store), templates: new DeployTemplateCommandHandler(store), allocator, fleet: projection.readModel, drivers, runner, claims });
  conductor = new Conductor(parts());
});

afterEach(async () => {
  await runner.drain();
  await projection.stop();
  await store.close();
});

describe('the conductor', () => {
  it('refuses a malformed command without touching the store', async () => {
    expect(await conductor.execute({ type: 'RegisterNode', nodeId: A })).toEqual({ ok: false, error: { type: 'invalid_command', message: expect.stringContaining('Malformed command') } });
    expect(await conductor.execute({ type: 'EraseEverything', nodeId: A, data: {}, meta: { at: 'x', actor: 'y', requestId: 'z' } })).toMatchObject({ ok: false, error: { type: 'invalid_command' } });
    expect(await store.readAll({ after: 0, limit: 10 })).toEqual([]);
  });

  it('appends what the domain decides and answers with the node and the commit position', async () => {
    const reply = await conductor.execute(request('RegisterNode', A, { driver: 'fake-hardware', name: 'rack-1', provision_state: 'enroll' }));
    expect(reply).toMatchObject({ ok: true, state: { uuid: A, name: 'rack-1', provision_state: 'enroll' }, events: [{ type: 'NodeRegistered' }] });
    const log = await store.readAll({ after: 0, limit: 10 });
    expect(reply.ok && reply.position).toBe(log.at(-1)!.position);
  });

  it('refuses a driver no conductor serves, with Ironic’s words', async () => {
    expect(await conductor.execute(request('RegisterNode', A, { driver: 'idrac', provision_state: 'enroll' }))).toEqual({
      ok: false,
      error: { type: 'invalid_parameter', message: 'No valid host was found. Reason: No conductor service registered which supports driver idrac for conductor group "".' },
    });
  });

  it('gives a name to one node only: the claim is the rule, and a refused command leaves no claim behind', async () => {
    await conductor.execute(request('RegisterNode', A, { driver: 'fake-hardware', name: 'rack-1', provision_state: 'enroll' }));
    expect(await conductor.execute(request('RegisterNode', B, { driver: 'fake-hardware', name: 'rack-1', provision_state: 'enroll' }))).toEqual({ ok: false, error: { type: 'conflict', message: 'A node with name rack-1 already exists.' } });
    // B does not exist: a rename of it is refused by the domain after B claimed the new name, which it gives back.
    expect(await conductor.execute(request('UpdateNode', B, { changes: { name: 'rack-2' } }))).toMatchObject({ ok: false, error: { type: 'not_found' } });
    expect((await store.readStream(claimStreamId({ kind: 'name', value: 'rack-2' }))).map((e) => e.type)).toEqual(['NodeNameClaimed', 'NodeNameReleased']);
  });

  it('frees a node’s name when the node is renamed', async () => {
    await conductor.execute(request('RegisterNode', A, { driver: 'fake-hardware', name: 'rack-1', provision_state: 'enroll' }));
    await conductor.execute(request('UpdateNode', A, { changes: { name: 'rack-9' } }));
    expect(await conductor.execute(request('RegisterNode', B, { driver: 'fake-hardware', name: 'rack-1', provision_state: 'enroll' }))).toMatchObject({ ok: true });
  });

  it('takes the node for the work it starts, and the work runs', async () => {
    await conductor.execute(request('RegisterNode', A, { driver: 'fake-hardware', provision_state: 'enroll' }));
    const reply = await conductor.execute(request('RequestProvisionAction', A, { target: 'manage' }));
    expect(reply).toMatchObject({ ok: true, state: { provision_state: 'verifying', reservation: SELF } });
    await runner.drain();
    const last = (await store.readAll({ after: 0, limit: 100 })).at(-1)!;
    await projection.waitFor(last.position);
    expect(projection.readModel.get(A)).toMatchObject({ provision_state: 'manageable', reservation: null });
  });

  it('deletes available nodes unless its setting says otherwise, and records the setting it decided with', async () => {
    for (const id of [A, B]) await conductor.execute(request('RegisterNode', id, { driver: 'fake-hardware', provision_state: 'available' }));
    expect(await conductor.execute(request('DeleteNode', A, {}))).toMatchObject({ ok: true, state: null, events: [{ type: 'NodeDeleted' }] });
    const strict = new Conductor({ ...parts(), allowDeletingAvailableNodes: false });
    expect(await strict.execute(request('DeleteNode', B, { allow_deleting_available: true }))).toMatchObject({
      ok: false,
      error: { type: 'conflict', message: expect.stringContaining(`"('manageable', 'enroll', 'adopt failed')"`) },
    });
  });

  it('associates an instance with one node only, in Ironic’s words, and frees it with the node', async () => {
    const instance = '0c7a4b2e-1d3f-4e5a-9b8c-7d6e5f4a3b2c';
    await conductor.execute(request('RegisterNode', A, { driver: 'fake-hardware', instance_uuid: instance, provision_state: 'enroll' }));
    expect(await conductor.execute(request('RegisterNode', B, { driver: 'fake-hardware', instance_uuid: instance, provision_state: 'enroll' }))).toEqual({
      ok: false,
      error: { type: 'conflict', message: `Instance ${instance} is already associated with a node, it cannot be associated with this other node ${B}` },
    });
    await conductor.execute(request('RegisterNode', B, { driver: 'fake-hardware', provision_state: 'enroll' }));
    await conductor.execute(request('UpdateNode', A, { changes: { instance_uuid: null } }));
    expect(await conductor.execute(request('UpdateNode', B, { changes: { instance_uuid: instance } }))).toMatchObject({ ok: true, state: { instance_uuid: instance } });
  });

  it('keeps a MAC address on one port of one node', async () => {
    for (const id of [A, B]) await conductor.execute(request('RegisterNode', id, { driver: 'fake-hardware', provision_state: 'enroll' }));
    const mac = '52:54:00:aa:bb:01';
    expect(await conductor.execute(request('AddPort', A, { uuid: '9f2b7c1e-0000-4000-8000-00000000000a', address: mac }))).toMatchObject({ ok: true });
    expect(await conductor.execute(request('AddPort', B, { uuid: '9f2b7c1e-0000-4000-8000-00000000000b', address: mac.toUpperCase() }))).toEqual({
      ok: false,
      error: { type: 'conflict', message: `A port with MAC address ${mac} already exists.` },
    });
  });

  it('claims nothing for a command one of whose values another node holds', async () => {
    for (const id of [A, B]) await conductor.execute(request('RegisterNode', id, { driver: 'fake-hardware', provision_state: 'enroll' }));
    const port = '9f2b7c1e-0000-4000-8000-0000000000c1';
    await conductor.execute(request('AddPort', A, { uuid: port, address: '52:54:00:aa:cc:01' }));
    expect(await conductor.execute(request('AddPort', B, { uuid: port, address: '52:54:00:aa:cc:02' }))).toMatchObject({ ok: false, error: { message: `A port with UUID ${port} already exists.` } });
    expect(await store.readStream(claimStreamId({ kind: 'mac', value: '52:54:00:aa:cc:02' }))).toEqual([]);
  });

  describe('moving a port, port group, volume connector or target to another node', () => {
    const P = '9f2b7c1e-0000-4000-8000-0000000000a1';
    const MAC = '52:54:00:aa:bb:0a';
    const stream = async (claim: Parameters<typeof claimStreamId>[0]) => (await store.readStream(claimStreamId(claim))).map((e) => [e.type, e.data]);

    beforeEach(async () => {
      for (const id of [A, B]) await conductor.execute(request('RegisterNode', id, { driver: 'fake-hardware', provision_state: 'enroll' }));
      await conductor.execute(request('AddPort', A, { uuid: P, address: MAC }));
    });

    it('takes the port out of one node and into the other, handing its MAC and UUID over, and answers with the new node', async () => {
      const reply = await conductor.execute(request('UpdatePort', A, { uuid: P, changes: { extra: { moved: true } }, to_node: B }));
      expect(reply).toMatchObject({ ok: true, state: { uuid: B, ports: [{ uuid: P, address: MAC, extra: { moved: true } }] }, events: [{ type: 'PortMovedIn' }] });
      expect((await store.readStream(nodeStreamId(A))).map((e) => e.type).slice(-1)).toEqual(['PortMovedOut']);
      expect(await stream({ kind: 'mac', value: MAC })).toEqual([['PortAddressClaimed', { nodeId: A }], ['PortAddressClaimed', { nodeId: B }]]);
      expect(await stream({ kind: 'port', value: P })).toEqual([['PortUuidClaimed', { nodeId: A }], ['PortUuidClaimed', { nodeId: B }]]);
      // The MAC is B's now: A cannot take it back, and a new address given on the way frees the old one.
      expect(await conductor.execute(request('AddPort', A, { uuid: '9f2b7c1e-0000-4000-8000-0000000000a2', address: MAC }))).toMatchObject({ ok: false, error: { type: 'conflict' } });
      expect(await conductor.execute(request('UpdatePort', B, { uuid: P, changes: { address: '52:54:00:aa:bb:0b' }, to_node: A }))).toMatchObject({ ok: true, state: { uuid: A } });
      expect(await conductor.execute(request('AddPort', B, { uuid: '9f2b7c1e-0000-4000-8000-0000000000a3', address: MAC }))).toMatchObject({ ok: true });
    });

    it('appends nothing and claims nothing when either node refuses, or the destination does not exist', async () => {
      await conductor.execute(request('RequestPowerAction', B, { target: 'power on' }));
      await runner.drain();
      await conductor.execute(request('AddVolumeConnector', A, { uuid: 'c1', type: 'iqn', connector_id: 'iqn.a', extra: {} }));
      const start = (await store.readAll({ after: 0, limit: 1000 })).length;
      expect(await conductor.execute(request('UpdateVolumeConnector', A, { uuid: 'c1', changes: {}, to_node: B }))).toEqual({
        ok: false,
        error: { type: 'invalid_state', message: `The requested action "volume connector update" can not be performed on node "${B}" while it is in state "power on".` },
      });
      expect(await conductor.execute(request('UpdatePort', A, { uuid: P, changes: {}, to_node: '9f2b7c1e-0000-4000-8000-0000000000ff' }))).toEqual({
        ok: false,
        error: { type: 'invalid_parameter', message: 'Node 9f2b7c1e-0000-4000-8000-0000000000ff could not be found.' },
      });
      expect((await store.readAll({ after: 0, limit: 1000 })).length).toBe(start);
    });

    it('puts the item back where it was, with its claims, when the destination changed and refuses it after all', async () => {
      const powerOf = (node: string, to: string) => ({
        type: 'PowerStateCorrected',
        data: { from: null, to },
        metadata: { nodeId: node, at: new Date().toISOString(), actor: 'power-sync', requestId: 'r', correlationId: 'r', causationId: 'r' },
      });
      await store.append(nodeStreamId(B), [powerOf(B, 'power off')], { expectedRevision: 'any' });
      await conductor.execute(request('AddVolumeConnector', A, { uuid: 'c1', type: 'iqn', connector_id: 'iqn.a', extra: {} }));
      // B is powered on between the conductor's decision and its append.
      const append = store.append.bind(store);
      store.append = async (streamId, events, options) => {
        if (streamId === nodeStreamId(B) && events.some((e) => e.type === 'VolumeConnectorMovedIn')) await append(streamId, [powerOf(B, 'power on')], { expectedRevision: 'any' });
        return append(streamId, events, options);
      };
      expect(await conductor.execute(request('UpdateVolumeConnector', A, { uuid: 'c1', changes: {}, to_node: B }))).toMatchObject({ ok: false, error: { type: 'invalid_state' } });
      expect((await store.readStream(nodeStreamId(A))).map((e) => e.type).slice(-2)).toEqual(['VolumeConnectorMovedOut', 'VolumeConnectorMovedIn']);
      expect((await new NodeCommandHandler(store).load(A)).state!.volume_connectors.map((c) => c.uuid)).toEqual(['c1']);
      expect((await stream({ kind: 'volume_connector', value: 'c1' })).at(-1)).toEqual(['VolumeConnectorUuidClaimed', { nodeId: A }]);
      expect((await stream({ kind: 'connector_id', value: 'iqn:iqn.a' })).at(-1)).toEqual(['VolumeConnectorIdClaimed', { nodeId: A }]);
    });

    it('takes no Receive… command from the bus', async () => {
      const port = (await new NodeCommandHandler(store).load(A)).state!.ports[0];
      expect(await conductor.execute(request('ReceivePort', B, { port, changes: {}, from_node: A }))).toMatchObject({ ok: false, error: { type: 'invalid_command' } });
      expect((await new NodeCommandHandler(store).load(B)).state!.ports).toEqual([]);
    });

    it('joins a port only to a port group of its own node', async () => {
      await conductor.execute(request('AddPortgroup', B, { uuid: 'gb' }));
      const last = (await store.readAll({ after: 0, limit: 1000 })).at(-1)!;
      await projection.waitFor(last.position);
      expect(await conductor.execute(request('UpdatePort', A, { uuid: P, changes: { portgroup_uuid: 'gb' } }))).toEqual({
        ok: false,
        error: { type: 'invalid_parameter', message: 'Port can not be added to a portgroup belonging to a different node.' },
      });
      expect(await conductor.execute(request('UpdatePort', A, { uuid: P, changes: { portgroup_uuid: 'gb' }, to_node: B }))).toMatchObject({ ok: true });
    });
  });
});

describe('allocations through the conductor', () => {
  const allocate = (allocationId: string, backfill_node: string) =>
    conductor.execute({
      type: 'CreateAllocation',
      allocationId,
      data: { name: null, resource_class: 'gold', traits: [], candidate_nodes: [], extra: {}, owner: null, backfill_node },
      meta: { at: new Date().toISOString(), actor: 'operator', requestId: `req-${allocationId}` },
    });

  beforeEach(async () => {
    await conductor.execute(request('RegisterNode', A, { driver: 'fake-hardware', provision_state: 'available', resource_class: 'gold' }));
  });

  it('answers a backfill the node does not fit with a 500 carrying the reason (Ironic’s AllocationFailed)', async () => {
    expect(await allocate('2b000000-0000-4000-8000-000000000001', A)).toEqual({ ok: false, error: { type: 'internal', message: expect.stringContaining(`Cannot backfill an allocation for node ${A}`) } });
  });

  it('deletes the allocation a node command ends before it answers', async () => {
    const nodes = parts().nodes;
    const meta = { at: new Date().toISOString(), actor: 'operator', requestId: 'req-deploy', conductor: SELF };
    await nodes.handle({ type: 'RecordPowerSync', nodeId: A, data: { outcome: 'read', power_state: 'power off' }, meta });
    await nodes.handle({ type: 'RequestProvisionAction', nodeId: A, data: { target: 'active' }, meta });
    await nodes.handle({ type: 'RecordProvisionOutcome', nodeId: A, data: { outcome: 'succeeded' }, meta });
    const id = '2b000000-0000-4000-8000-000000000002';
    expect(await allocate(id, A)).toMatchObject({ ok: true, state: { state: 'active', node_uuid: A } });
    // An active node lets its instance go in maintenance only.
    await nodes.handle({ type: 'SetMaintenance', nodeId: A, data: { reason: null }, meta });
    expect(await conductor.execute(request('UpdateNode', A, { changes: { instance_uuid: null } }))).toMatchObject({ ok: true, state: { allocation_uuid: null } });
    expect((await store.readStream(`allocation-${id}`)).map((e) => e.type)).toEqual(['AllocationCreated', 'AllocationSucceeded', 'AllocationDeleted']);
  });
});

describe('management calls', () => {
  const nodeEvents = async (id: string) => (await store.readStream(`node-${id}`)).map((e) => e.type);
  const query = (nodeId: string, data: object) => conductor.execute({ type: 'QueryHardware', nodeId, data, meta: { at: new Date().toISOString(), actor: 'operator', requestId: 'req-q' } });

  it('makes a synchronous call while holding the node, and answers once the driver is done', async () => {
    await conductor.execute(request('RegisterNode', A, { driver: 'fake-hardware', provision_state: 'enroll' }));
    const reply = await conductor.execute(request('SetBootDevice', A, { boot_device: 'pxe', persistent: true }));
    expect(reply).toMatchObject({ ok: true, events: [{ type: 'ManagementActionStarted', data: { reservation: SELF } }, { type: 'BootDeviceSet' }], state: { reservation: null } });
    expect(reply.ok && reply.position).toBe((await store.readAll({ after: 0, limit: 100 })).at(-1)!.position);
  });

  it('refuses what the driver does not take before appending anything', async () => {
    await conductor.execute(request('RegisterNode', A, { driver: 'fake-hardware', provision_state: 'enroll' }));
    expect(await conductor.execute(request('SetBootDevice', A, { boot_device: 'disk', persistent: false }))).toEqual({ ok: false, error: { type: 'invalid_parameter', message: 'Invalid boot device disk specified.' } });
    expect(await conductor.execute(request('InjectNmi', A, {}))).toEqual({
      ok: false,
      error: { type: 'invalid_parameter', message: 'Driver fake-hardware does not support inject_nmi (disabled or not implemented).' },
    });
    expect(await conductor.execute(request('SetIndicatorState', A, { component: 'system', indicator: 'led', state: 'on' }))).toMatchObject({ ok: false, error: { type: 'invalid_parameter' } });
    expect(await nodeEvents(A)).toEqual(['NodeRegistered']);
  });

  it('records a call the hardware failed, and says where', async () => {
    await conductor.execute(request('RegisterNode', A, { driver: 'fake-hardware', driver_info: { fake_fail: 'management' }, provision_state: 'enroll' }));
    const reply = await conductor.execute(request('SetBootDevice', A, { boot_device: 'pxe', persistent: false }));
    const last = (await store.readAll({ after: 0, limit: 100 })).at(-1)!;
    expect(reply).toEqual({ ok: false, error: { type: 'driver_failed', message: `Fake management failed on node ${A} (driver_info.fake_fail).`, position: last.position } });
    expect(await nodeEvents(A)).toEqual(['NodeRegistered', 'ManagementActionStarted', 'ManagementActionFailed']);
  });

  it('leaves asynchronous calls to the node’s work, which records how they went', async () => {
    await conductor.execute(request('RegisterNode', A, { driver: 'fake-hardware', provision_state: 'enroll' }));
    expect(await conductor.execute(request('SetConsoleMode', A, { enabled: true }))).toMatchObject({ ok: true, state: { reservation: SELF } });
    await runner.drain();
    expect(await nodeEvents(A)).toEqual(['NodeRegistered', 'ManagementActionStarted', 'ConsoleModeSet']);
    await conductor.execute(request('SetBootMode', A, { target: 'uefi' }));
    await runner.drain();
    expect(await nodeEvents(A)).toEqual(['NodeRegistered', 'ManagementActionStarted', 'ConsoleModeSet', 'ManagementActionStarted', 'ManagementActionFailed']);
  });

  it('answers questions about the hardware through the driver, refusing a node that is held or missing', async () => {
    await conductor.execute(request('RegisterNode', A, { driver: 'fake-hardware', provision_state: 'enroll' }));
    expect(await query(A, { what: 'boot_device' })).toEqual({ ok: true, result: { boot_device: 'pxe', persistent: false } });
    expect(await query(A, { what: 'supported_boot_devices' })).toEqual({ ok: true, result: ['pxe'] });
    expect(await query(A, { what: 'indicator_state', component: 'disk', indicator: 'led' })).toEqual({ ok: false, error: { type: 'invalid_parameter', message: 'Invalid component disk specified.' } });
    expect(await query(A, { what: 'console' })).toEqual({ ok: true, result: { console_enabled: false, console_info: null } });
    expect(await query(B, { what: 'boot_device' })).toEqual({ ok: false, error: { type: 'not_found', message: `Node ${B} could not be found.` } });
    await conductor.execute(request('RequestProvisionAction', A, { target: 'manage' }));
    expect(await query(A, { what: 'boot_device' })).toMatchObject({ ok: false, error: { type: 'locked' } });
    expect(await query(A, { what: 'supported_boot_devices' })).toMatchObject({ ok: true });
  });

  it('judges a node’s validation with its settings, and refuses one whose interfaces cannot be loaded with Ironic’s 400', async () => {
    await conductor.execute(request('RegisterNode', A, { driver: 'fake-hardware', provision_state: 'enroll' }));
    expect(await query(A, { what: 'validate' })).toMatchObject({ ok: true, result: { boot: { result: true }, deploy: { result: true }, power: { result: true } } });
    await conductor.execute(request('UpdateNode', A, { changes: { instance_info: { deploy_interface: 'nope' } } }));
    expect(await query(A, { what: 'validate' })).toEqual({
      ok: false,
      error: { type: 'invalid_parameter', message: "Could not find the following interface in the 'ironic.hardware.interfaces.deploy' entrypoint: nope. Valid interfaces are ['fake']." },
    });
  });

  it('adds the steps of the deploy templates an agent deployment’s instance names, before the operator’s', async () => {
    const template = { name: 'CUSTOM_RAID', steps: [{ interface: 'raid', step: 'create_configuration', args: {}, priority: 90 }], extra: {} };
    const templateId = '7a1d3e55-0b6c-4f7e-9d21-0000000000aa';
    await conductor.execute({ type: 'CreateDeployTemplate', templateId, data: template, meta: { at: new Date().toISOString(), actor: 'operator', requestId: 'req-t' } });
    await conductor.execute(request('RegisterNode', A, { driver: 'fake-hardware', provision_state: 'enroll' }));
    for (const target of ['manage', 'provide']) {
      await conductor.execute(request('RequestProvisionAction', A, { target }));
      await runner.drain();
    }
    await conductor.execute(request('UpdateNode', A, { changes: { instance_info: { deploy_interface: 'direct', traits: ['CUSTOM_RAID'] } } }));
    await projection.waitFor((await store.readAll({ after: 0, limit: 1000 })).at(-1)!.position);
    const operatorStep = { interface: 'deploy', step: 'write_image', args: {}, priority: 80 };
    const reply = await conductor.execute(request('RequestProvisionAction', A, { target: 'active', deploy_steps: [operatorStep] }));
    expect(reply).toMatchObject({ ok: true, events: [{ type: 'ProvisionStateChanged', data: { deploy_steps: [...template.steps, operatorStep] } }] });
  });
});
