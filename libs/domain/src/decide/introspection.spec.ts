/**
 * The node decider's introspection commands, given/when/then: the ramdisk's round
 * trip as one commit per step, every way an inspection ends, and the refusals.
 */
import { describe, expect, it } from '@jest/globals';
import { type NodeCommand, type ProcessInventory } from '../commands.js';
import { ABORTED_BY_OPERATOR, replay } from '../decider.js';
import { IntrospectionStateError, InvalidParameterError, InvalidStateError, NodeConflictError, NodeLockedError } from '../errors.js';
import { type NodeEvent } from '../events.js';
import { type Introspection, type IntrospectionData } from '../introspection.js';
import { newPort, type Node } from '../node.js';
import { CONDUCTOR, NODE_ID, nodeIn } from '../testing/fixtures.js';
import { given, when } from '../testing/decider-specification.js';

type Step = Omit<NodeCommand, 'nodeId' | 'meta'> & { meta?: NodeCommand['meta'] };

const GIB = 1024 ** 3;
const MAC1 = 'aa:bb:cc:00:00:01';
const MAC2 = 'aa:bb:cc:00:00:02';

const inventory: IntrospectionData = {
  inventory: {
    cpu: { count: 8, architecture: 'x86_64', flags: ['vmx'] },
    memory: { physical_mb: 32768 },
    disks: [{ name: '/dev/sda', size: 500 * GIB }],
    interfaces: [
      { name: 'eth0', mac_address: MAC1.toUpperCase(), ipv4_address: '10.0.0.5' },
      { name: 'eth1', mac_address: MAC2 },
    ],
    bmc_address: '10.1.0.5',
    boot: { current_boot_mode: 'uefi' },
  },
  boot_interface: `01-${MAC1.replace(/:/g, '-')}`,
};
const portUuids = { [MAC1]: 'port-1', [MAC2]: 'port-2' };

const process = (data: Partial<ProcessInventory['data']> = {}): Step => ({ type: 'ProcessInventory', data: { ...inventory, port_uuids: portUuids, ...data } });
const outcome = (data: object): Step => ({ type: 'RecordProvisionOutcome', data } as Step);
const record = (state: Introspection['state'], rest: Partial<Introspection> = {}): Introspection => ({ state, started_at: '2026-11-21T09:59:00.000Z', finished_at: null, error: null, ...rest });

/** A node the conductor holds in `inspecting`, having started the introspection record. */
function starting(): Node {
  const inspecting = when(nodeIn('manageable', { power_state: 'power off' }), { type: 'RequestProvisionAction', data: { target: 'inspect' } }).node!;
  return when(inspecting, { type: 'StartIntrospection', data: {} }).node!;
}

/** …and waiting for the ramdisk, which the conductor booted. */
function waitingNode(): Node {
  return when(starting(), outcome({ outcome: 'waiting', power_state: 'power on' })).node!;
}

describe('starting an introspection (the conductor, in inspecting)', () => {
  it('records the start before booting the ramdisk, then waits with the node powered on', () => {
    const started = when(nodeIn('inspecting'), { type: 'StartIntrospection', data: {} });
    expect(started.events[0]).toMatchObject({ type: 'IntrospectionStarted', data: { from: null, event: 'start', to: 'starting' } });
    expect(started.node?.introspection).toEqual({ state: 'starting', started_at: '2026-11-21T10:00:00.000Z', finished_at: null, error: null });

    const waited = when(started.node, outcome({ outcome: 'waiting', power_state: 'power on' }));
    expect(waited.types).toEqual(['PowerStateChanged', 'ProvisionStateChanged', 'IntrospectionWaiting']);
    expect(waited.node).toMatchObject({ provision_state: 'inspect wait', power_state: 'power on', reservation: null, introspection: { state: 'waiting' } });
  });

  it('starts again over a finished or failed record, keeping none of its outcome', () => {
    const again = when(nodeIn('inspecting', { introspection: record('error', { finished_at: '2026-11-21T09:00:00Z', error: 'boom' }) }), { type: 'StartIntrospection', data: {} });
    expect(again.events[0].data).toEqual({ from: 'error', event: 'start', to: 'starting' });
    expect(again.node?.introspection).toMatchObject({ state: 'starting', finished_at: null, error: null });
  });

  it('is the holding conductor’s alone, and only in inspecting', () => {
    given(nodeIn('inspecting', { reservation: 'conductor-b' })).when({ type: 'StartIntrospection', data: {} }).thenThrows(NodeLockedError);
    given(nodeIn('manageable')).when({ type: 'StartIntrospection', data: {} }).thenThrows(InvalidStateError);
    given(nodeIn('inspecting', { introspection: record('starting') })).when({ type: 'StartIntrospection', data: {} }).thenThrows(
      new IntrospectionStateError(NODE_ID, 'starting', 'start'),
    );
  });

  it('fails the record with the provision state when booting fails, or the conductor dies', () => {
    const failed = when(starting(), outcome({ outcome: 'failed', error: 'BMC refused power on' }));
    expect(failed.types).toEqual(['ProvisionStateChanged', 'IntrospectionFinished']);
    expect(failed.events[1].data).toEqual({ from: 'starting', event: 'error', to: 'error', error: 'BMC refused power on' });
    expect(failed.node).toMatchObject({ provision_state: 'inspect failed', last_error: 'BMC refused power on', introspection: { state: 'error', finished_at: '2026-11-21T10:00:00.000Z' } });

    const recovered = when(starting(), { type: 'RecoverNode', data: { deadConductor: CONDUCTOR } });
    expect(recovered.node?.introspection?.state).toBe('error');
  });

  it('leaves synchronous inspection (no ramdisk, no record) alone, but refuses to end a started one without its inventory', () => {
    expect(when(nodeIn('inspecting'), outcome({ outcome: 'succeeded' })).node).toMatchObject({ provision_state: 'manageable', introspection: null });
    given(starting()).when(outcome({ outcome: 'succeeded' })).thenThrows(new IntrospectionStateError(NODE_ID, 'starting', 'finish'));
    given(waitingNode()).when(outcome({ outcome: 'succeeded' })).thenThrows(IntrospectionStateError);
  });
});

describe('processing the ramdisk’s inventory', () => {
  it('updates properties, merges capabilities, adds ports, finishes and returns to manageable in one commit', () => {
    const node = { ...waitingNode(), properties: { capabilities: 'profile:compute', vendor: 'x' } };
    const { events, types, node: after } = when(node, process(), { at: '2026-11-21T10:05:00.000Z' });
    expect(types).toEqual(['InventoryProcessed', 'PortAdded', 'PortAdded', 'IntrospectionFinished', 'ProvisionStateChanged']);
    expect(events[0].data).toEqual({
      from: 'waiting',
      event: 'process',
      to: 'processing',
      properties: { cpus: '8', cpu_arch: 'x86_64', memory_mb: '32768', local_gb: '499', capabilities: 'profile:compute,boot_mode:uefi,cpu_vt:true' },
      ports_added: [MAC1, MAC2],
      ports_skipped: [],
      interfaces_excluded: [],
      bmc_address: '10.1.0.5',
      error: null,
      inventory: inventory.inventory,
      plugin_data: {
        boot_interface: inventory.boot_interface,
        cpus: '8',
        cpu_arch: 'x86_64',
        memory_mb: '32768',
        local_gb: '499',
        interfaces: { eth0: { mac_address: MAC1, pxe: true }, eth1: { mac_address: MAC2, pxe: false } },
        macs: [MAC1, MAC2],
      },
    });
    expect(events[3].data).toEqual({ from: 'processing', event: 'finish', to: 'finished', error: null });
    expect(events[4].data).toMatchObject({ from: 'inspect wait', to: 'manageable', event: 'done' });
    expect(after).toMatchObject({
      provision_state: 'manageable',
      target_provision_state: null,
      properties: { vendor: 'x', cpus: '8', local_gb: '499' },
      introspection: { state: 'finished', finished_at: '2026-11-21T10:05:00.000Z', error: null },
      inventory: { inventory: inventory.inventory, plugin_data: expect.objectContaining({ macs: [MAC1, MAC2] }) },
    });
    expect(after?.ports).toEqual([
      newPort({ uuid: 'port-1', address: MAC1, pxe_enabled: true }, '2026-11-21T10:05:00.000Z'),
      newPort({ uuid: 'port-2', address: MAC2, pxe_enabled: false }, '2026-11-21T10:05:00.000Z'),
    ]);
  });

  it('skips MACs that are already ports, here or on another node, and says so', () => {
    const node = { ...waitingNode(), ports: [newPort({ uuid: 'old', address: MAC1 }, '2026-11-21T08:00:00Z')] };
    const { events, node: after } = when(node, process({ addresses_in_use: { [MAC2]: 'other-node' } }));
    expect(events[0].data).toMatchObject({
      ports_added: [],
      ports_skipped: [
        { address: MAC1, reason: 'a port of this node already has it' },
        { address: MAC2, reason: 'a port of node other-node already has it' },
      ],
    });
    expect(after?.ports?.map((p) => p.uuid)).toEqual(['old']);
  });

  it('powers the node off afterwards when asked to (the inspector’s power_off)', () => {
    const { types, node } = when(waitingNode(), process({ power_off: true }));
    expect(types.at(-1)).toBe('PowerActionStarted');
    expect(node).toMatchObject({ provision_state: 'manageable', target_power_state: 'power off', reservation: CONDUCTOR });
  });

  it('records a failure the ramdisk reports, applies nothing, and fails the inspection', () => {
    const { types, events, node } = when(waitingNode(), process({ error: 'no disks found' }));
    expect(types).toEqual(['InventoryProcessed', 'IntrospectionFinished', 'ProvisionStateChanged']);
    expect(events[1].data).toEqual({ from: 'processing', event: 'error', to: 'error', error: 'Ramdisk reported error: no disks found' });
    expect(node).toMatchObject({ provision_state: 'inspect failed', last_error: 'Ramdisk reported error: no disks found', ports: [], properties: {} });
  });

  it('refuses unusable inventories with nothing appended', () => {
    const bad = { ...inventory, inventory: { ...inventory.inventory, interfaces: [{ name: 'lo', mac_address: '00:00:00:00:00:00' }] } };
    given(waitingNode()).when(process(bad)).thenThrows(InvalidParameterError);
    given(waitingNode()).when(process({ port_uuids: {} })).thenThrows(/No port UUID/);
  });

  it('is refused outside inspect wait, while the node is locked, and on a record that cannot process', () => {
    given(nodeIn('manageable')).when(process()).thenThrows(new InvalidStateError(NODE_ID, 'manageable', 'process introspection data'));
    given({ ...waitingNode(), reservation: 'c9', target_power_state: 'power off' }).when(process()).thenThrows(NodeLockedError);
    // No record at all (an inspection from before introspection existed): the default `finished` cannot process.
    given(nodeIn('inspect wait')).when(process()).thenThrows(new IntrospectionStateError(NODE_ID, 'finished', 'process'));
  });

  it('fails the introspection when the refused event is strict and the record can fail (the inspector’s strict mode)', () => {
    const node = nodeIn('inspect wait', { introspection: record('processing') });
    const { types, events, node: after } = when(node, process());
    expect(types).toEqual(['ProvisionStateChanged', 'IntrospectionFinished']);
    expect(events[1].data).toEqual({ from: 'processing', event: 'error', to: 'error', error: "Invalid event: Can not transition from state 'processing' on event 'process' (no defined transition)" });
    expect(after).toMatchObject({ provision_state: 'inspect failed', introspection: { state: 'error' } });
  });
});

describe('how else an introspection ends', () => {
  it('times out: the watchdog fails the waiting record with the timeout edge', () => {
    const { types, events, node } = when(waitingNode(), outcome({ outcome: 'failed', error: 'Introspection timeout' }));
    expect(types).toEqual(['ProvisionStateChanged', 'IntrospectionFinished']);
    expect(events[1].data).toEqual({ from: 'waiting', event: 'timeout', to: 'error', error: 'Introspection timeout' });
    expect(node).toMatchObject({ provision_state: 'inspect failed', last_error: 'Introspection timeout', introspection: { state: 'error', error: 'Introspection timeout' } });
  });

  it('is aborted by the operator: waiting → aborting → error', () => {
    const { types, events, node } = when(waitingNode(), { type: 'RequestProvisionAction', data: { target: 'abort' } });
    expect(types).toEqual(['ProvisionStateChanged', 'IntrospectionAborted', 'IntrospectionFinished']);
    expect(events[1].data).toEqual({ from: 'waiting', event: 'abort', to: 'aborting' });
    expect(events[2].data).toEqual({ from: 'aborting', event: 'abort_end', to: 'error', error: ABORTED_BY_OPERATOR });
    expect(node).toMatchObject({ provision_state: 'inspect failed', introspection: { state: 'error', error: 'Canceled by operator' } });
  });

  it('expires once finished for long enough, and only then', () => {
    const done = nodeIn('manageable', { introspection: record('finished', { finished_at: '2026-11-21T10:00:00.000Z' }) });
    const expire = (before: string): Step => ({ type: 'ExpireIntrospection', data: { finished_before: before } });
    given(done).when(expire('2026-11-21T10:00:00.000Z')).then([]);
    const expired = when(done, expire('2026-11-21T10:00:01.000Z'));
    expect(expired.events[0]).toMatchObject({ type: 'IntrospectionExpired', data: { state: 'finished', finished_at: '2026-11-21T10:00:00.000Z', error: null } });
    expect(expired.node?.introspection).toBeNull();
    given(waitingNode()).when(expire('2030-01-01T00:00:00.000Z')).then([]);
    given(nodeIn('manageable')).when(expire('2030-01-01T00:00:00.000Z')).then([]);
  });
});

describe('discovering an unknown machine', () => {
  it('enrolls it and processes its inventory in one commit, through enrolling', () => {
    const { types, events, node } = when(null, { type: 'DiscoverNode', data: { ...inventory, port_uuids: portUuids, driver: 'ipmi', driver_info: { ipmi_address: '10.1.0.5' } } });
    expect(types).toEqual(['NodeRegistered', 'IntrospectionStarted', 'InventoryProcessed', 'PortAdded', 'PortAdded', 'IntrospectionFinished']);
    expect(events[1].data).toEqual({ from: null, event: null, to: 'enrolling' });
    expect(events[2].data).toMatchObject({ from: 'enrolling', to: 'processing' });
    expect(node).toMatchObject({ provision_state: 'enroll', driver: 'ipmi', driver_info: { ipmi_address: '10.1.0.5' }, properties: { cpus: '8' }, introspection: { state: 'finished' } });
    expect(node?.ports).toHaveLength(2);
  });

  it('refuses a node that exists', () => {
    given(nodeIn('enroll')).when({ type: 'DiscoverNode', data: { ...inventory, port_uuids: portUuids, driver: 'ipmi', driver_info: {} } }).thenThrows(NodeConflictError);
  });
});

describe('a full cycle replays to the same node', () => {
  it('folds the history of inspect → start → wait → process into the live node', () => {
    const history: NodeEvent[] = [];
    let node: Node | null = null;
    for (const step of [
      { type: 'RegisterNode', data: { driver: 'fake-hardware', provision_state: 'enroll' } },
      { type: 'RequestProvisionAction', data: { target: 'manage' } },
      { type: 'RecordProvisionOutcome', data: { outcome: 'succeeded' } },
      { type: 'AddPort', data: { uuid: 'p0', address: MAC1 } },
      { type: 'RequestProvisionAction', data: { target: 'inspect' } },
      { type: 'StartIntrospection', data: {} },
      { type: 'RecordProvisionOutcome', data: { outcome: 'waiting', power_state: 'power on' } },
      { type: 'ProcessInventory', data: { ...inventory, port_uuids: portUuids } },
    ] as Step[]) {
      const result = when(node, step);
      history.push(...result.events);
      node = result.node;
    }
    expect(replay(history)).toEqual(node);
    expect(node).toMatchObject({ provision_state: 'manageable', introspection: { state: 'finished' } });
    expect(node?.ports?.map((p) => p.address)).toEqual([MAC1, MAC2]);
  });
});

describe('recording what an out-of-band inspection found (the conductor, in inspecting)', () => {
  const found = (data: Partial<Extract<NodeCommand, { type: 'RecordInspectedHardware' }>['data']> = {}): Step => ({
    type: 'RecordInspectedHardware',
    data: { properties: { cpus: 8, cpu_arch: 'x86_64', memory_mb: '32768', local_gb: '499' }, macs: [MAC1, MAC2], port_uuids: portUuids, addresses_in_use: {}, ...data },
  });

  it('sets the properties and adds a port per MAC, then the outcome takes the node back to manageable without an introspection record', () => {
    const recorded = when(nodeIn('inspecting'), found());
    expect(recorded.types).toEqual(['NodeUpdated', 'PortAdded', 'PortAdded']);
    expect(recorded.node?.properties).toEqual({ cpus: 8, cpu_arch: 'x86_64', memory_mb: '32768', local_gb: '499' });
    expect(recorded.node?.ports.map(({ uuid, address, pxe_enabled }) => ({ uuid, address, pxe_enabled }))).toEqual([
      { uuid: 'port-1', address: MAC1, pxe_enabled: true },
      { uuid: 'port-2', address: MAC2, pxe_enabled: true },
    ]);
    const done = when(recorded.node, outcome({ outcome: 'succeeded' }));
    expect(done.node).toMatchObject({ provision_state: 'manageable', target_provision_state: null, reservation: null, introspection: null });
  });

  it('leaves a MAC that a port of this node or another already has', () => {
    const node = nodeIn('inspecting', { properties: { cpus: 8, cpu_arch: 'x86_64', memory_mb: '32768', local_gb: '499' }, ports: [newPort({ uuid: 'mine', address: MAC1, pxe_enabled: false }, '2026-11-21T09:00:00.000Z')] });
    given(node).when(found({ addresses_in_use: { [MAC2]: 'other-node' } })).then([]);
  });

  it('is refused outside inspecting, and without a UUID for a new port', () => {
    given(nodeIn('manageable')).when(found()).thenThrows(InvalidStateError);
    given(nodeIn('inspecting')).when(found({ port_uuids: {} })).thenThrows(InvalidParameterError);
  });
});
