/**
 * The node decider's port commands, given/when/then: creation with Ironic's defaults and
 * rules, changes and their state rules, moves between nodes (both halves), removal.
 */
import { describe, expect, it } from '@jest/globals';
import { type NodeCommand } from '../commands.js';
import { replay } from '../decider.js';
import { InvalidInputError, InvalidParameterError, NodeConflictError, NodeLockedError, PortNotFoundError, ResourceConflictError } from '../errors.js';
import { type NodeEvent } from '../events.js';
import { newPort, type Node, type Port } from '../node.js';
import { NODE_ID, nodeIn, portgroup as group } from '../testing/fixtures.js';
import { given, when } from '../testing/decider-specification.js';

type Step = Omit<NodeCommand, 'nodeId' | 'meta'>;

const MAC1 = 'aa:bb:cc:00:00:01';
const MAC2 = 'aa:bb:cc:00:00:02';
const OTHER = '5f0c1e8a-3d4b-4c6e-8f7a-000000000002';
const port = (uuid: string, address: string, fields: Partial<Port> = {}): Port => ({ ...newPort({ uuid, address }, '2026-11-21T09:30:00.000Z'), ...fields });
const add = (address: string, fields: object = {}, uuid = 'p1'): Step => ({ type: 'AddPort', data: { uuid, address, ...fields } });
const update = (uuid: string, changes: object, to_node?: string): Step => ({ type: 'UpdatePort', data: { uuid, changes, ...(to_node && { to_node }) } });

describe('adding a port', () => {
  it('records Ironic’s defaults and a lower-case MAC', () => {
    const { events, node } = when(nodeIn('manageable'), add('AA:BB:CC:00:00:09', { extra: { rack: 4 } }));
    expect(events[0]).toMatchObject({ type: 'PortAdded', data: { uuid: 'p1', address: 'aa:bb:cc:00:00:09', pxe_enabled: true, extra: { rack: 4 }, portgroup_uuid: null, source: 'api' } });
    expect(node?.ports).toEqual([newPort({ uuid: 'p1', address: 'aa:bb:cc:00:00:09', extra: { rack: 4 } }, '2026-11-21T10:00:00.000Z')]);
  });

  it('is allowed in any provision state, but not while another conductor holds the node', () => {
    expect(when(nodeIn('active'), add(MAC1)).types).toEqual(['PortAdded']);
    given(nodeIn('deploying')).when(add(MAC1)).thenThrows(NodeLockedError);
  });

  it('refuses a MAC or a UUID the node has already, and a malformed MAC', () => {
    const node = when(nodeIn('manageable'), add(MAC1)).node;
    given(node).when(add(MAC1.toUpperCase(), {}, 'p2')).thenThrows(new NodeConflictError(NODE_ID, `A port with MAC address ${MAC1} already exists.`));
    given(node).when(add(MAC2, {}, 'p1')).thenThrows(new NodeConflictError(NODE_ID, 'A port with UUID p1 already exists.'));
    given(node).when(add('not-a-mac', {}, 'p3')).thenThrows(new InvalidParameterError(NODE_ID, 'Expected valid MAC address for address: not-a-mac'));
  });

  it('joins a port group of the node, not an unknown one', () => {
    const node = { ...nodeIn('manageable'), portgroups: [group('g1')] };
    expect(when(node, add(MAC1, { portgroup_uuid: 'g1' })).node?.ports[0]?.portgroup_uuid).toBe('g1');
    given(node).when(add(MAC1, { portgroup_uuid: 'g9' })).thenThrows(new InvalidInputError('Portgroup g9 could not be found.'));
  });

  it('refuses a PXE-enabled member of a group without standalone ports only when pxe_enabled is given', () => {
    const node = { ...nodeIn('manageable'), portgroups: [group('g1', { standalone_ports_supported: false })] };
    given(node).when(add(MAC1, { portgroup_uuid: 'g1', pxe_enabled: true })).thenThrows(
      new ResourceConflictError("Port group g1 doesn't support standalone ports. This port cannot be created as a member of that portgroup as the port's 'pxe_enabled' field was set to True."),
    );
    expect(when(node, add(MAC1, { portgroup_uuid: 'g1' })).node?.ports[0]).toMatchObject({ pxe_enabled: true, portgroup_uuid: 'g1' });
    expect(when(node, add(MAC1, { portgroup_uuid: 'g1', pxe_enabled: false })).types).toEqual(['PortAdded']);
  });

  it('keeps one physical network per port group (null counts as one)', () => {
    const node = { ...nodeIn('manageable'), portgroups: [group('g1')], ports: [port('p0', MAC2, { portgroup_uuid: 'g1', physical_network: 'physA' })] };
    given(node).when(add(MAC1, { portgroup_uuid: 'g1', physical_network: 'physB' })).thenThrows(
      new ResourceConflictError('Port with physical network physB cannot become a member of port group g1 which has ports in physical network physA.'),
    );
    given(node).when(add(MAC1, { portgroup_uuid: 'g1' })).thenThrows('Port with physical network None cannot become a member of port group g1 which has ports in physical network physA.');
    expect(when(node, add(MAC1, { portgroup_uuid: 'g1', physical_network: 'physA' })).types).toEqual(['PortAdded']);
  });
});

describe('changing a port', () => {
  const manageable = { ...nodeIn('manageable'), portgroups: [group('g1'), group('g2', { standalone_ports_supported: false })], ports: [port('p1', MAC1), port('p2', MAC2)] };

  it('records only what changes, with the time of the change', () => {
    given(manageable).when(update('p1', { extra: {}, address: MAC1 })).then([]);
    const { events, node } = when(manageable, update('p1', { extra: { a: 1 }, address: 'aa:bb:cc:00:00:03' }), { at: '2026-11-21T11:00:00.000Z' });
    expect(events.map((e) => e.data)).toEqual([{ uuid: 'p1', changes: { extra: { a: 1 }, address: 'aa:bb:cc:00:00:03' } }]);
    expect(node?.ports[0]).toMatchObject({ extra: { a: 1 }, address: 'aa:bb:cc:00:00:03', updated_at: '2026-11-21T11:00:00.000Z' });
    expect(node?.updated_at).toBe(manageable.updated_at);
  });

  it('refuses an unknown port and a MAC of another of its ports', () => {
    given(manageable).when(update('p9', { extra: { a: 1 } })).thenThrows(new PortNotFoundError('p9'));
    given(manageable).when(update('p1', { address: MAC2 })).thenThrows(new NodeConflictError(NODE_ID, `A port with MAC address ${MAC2} already exists.`));
  });

  it('changes connectivity attributes only in enroll, inspecting, inspect wait, manageable or maintenance', () => {
    for (const state of ['enroll', 'inspect wait', 'manageable'] as const) expect(when({ ...manageable, provision_state: state }, update('p1', { pxe_enabled: false })).types).toEqual(['PortUpdated']);
    const available = { ...manageable, provision_state: 'available' as const };
    for (const changes of [{ pxe_enabled: false }, { physical_network: 'p' }, { local_link_connection: { port_id: 'x', switch_id: MAC2 } }, { portgroup_uuid: 'g1' }]) {
      given(available).when(update('p1', changes)).thenThrows(
        new ResourceConflictError(
          `Port p1 can not have any connectivity attributes (physical_network, pxe_enabled, portgroup_id, local_link_connection) updated unless node ${NODE_ID} is in a enroll, inspecting, inspect wait, manageable state or in maintenance mode. The current state is available.`,
        ),
      );
    }
    expect(when({ ...available, maintenance: true }, update('p1', { pxe_enabled: false })).types).toEqual(['PortUpdated']);
    expect(when(available, update('p1', { extra: { a: 1 }, is_smartnic: true })).types).toEqual(['PortUpdated']);
  });

  it('changes the address of an active node’s port (or one with an instance) only in maintenance', () => {
    const message = `Cannot update hardware address for port p1 as node ${NODE_ID} is active or has instance UUID assigned`;
    given({ ...manageable, provision_state: 'active' }).when(update('p1', { address: 'aa:bb:cc:00:00:05' })).thenThrows(new ResourceConflictError(message));
    given({ ...manageable, instance_uuid: 'i-1' }).when(update('p1', { address: 'aa:bb:cc:00:00:05' })).thenThrows(message);
    expect(when({ ...manageable, provision_state: 'active', maintenance: true }, update('p1', { address: 'aa:bb:cc:00:00:05' })).types).toEqual(['PortUpdated']);
    expect(when({ ...manageable, provision_state: 'available' }, update('p1', { address: 'aa:bb:cc:00:00:05' })).types).toEqual(['PortUpdated']);
  });

  it('joins and leaves port groups of its node, one physical network per group', () => {
    const joined = when(manageable, update('p1', { portgroup_uuid: 'g1' })).node!;
    expect(joined.ports[0]?.portgroup_uuid).toBe('g1');
    expect(when(joined, update('p1', { portgroup_uuid: null })).node?.ports[0]?.portgroup_uuid).toBeNull();
    given(manageable).when(update('p1', { portgroup_uuid: 'g9' })).thenThrows(new InvalidInputError('Portgroup g9 could not be found.'));
    given(joined).when(update('p2', { portgroup_uuid: 'g1', physical_network: 'physB' })).thenThrows(
      'Port with physical network physB cannot become a member of port group g1 which has ports in physical network None.',
    );
    given(when(joined, update('p2', { portgroup_uuid: 'g1' })).node).when(update('p2', { physical_network: 'physB' })).thenThrows(ResourceConflictError);
  });

  it('with the flat interface, keeps PXE-enabled and VIF-bound ports out of groups without standalone ports (noop checks nothing)', () => {
    const flat = { ...manageable, network_interface: 'flat' };
    given(flat).when(update('p1', { portgroup_uuid: 'g2' })).thenThrows(
      new ResourceConflictError("Port group g2 doesn't support standalone ports. This port p1 cannot be  a member of that port group because of: 'pxe_enabled' was set to True"),
    );
    expect(when(flat, update('p1', { portgroup_uuid: 'g2', pxe_enabled: false })).types).toEqual(['PortUpdated']);
    const bound = { ...flat, ports: [port('p1', MAC1, { portgroup_uuid: 'g2', internal_info: { tenant_vif_port_id: 'vif-1' } })] };
    given(bound).when(update('p1', { extra: { a: 1 } })).thenThrows("because of: 'pxe_enabled' was set to True, VIF vif-1 is attached to the port");
    expect(when(manageable, update('p1', { portgroup_uuid: 'g2' })).types).toEqual(['PortUpdated']);
  });

  it('waits while another conductor holds the node', () => {
    given({ ...manageable, provision_state: 'cleaning', reservation: 'other' }).when(update('p1', { extra: { a: 1 } })).thenThrows(NodeLockedError);
  });
});

describe('moving a port to another node', () => {
  const source = { ...nodeIn('manageable'), portgroups: [group('g1')], ports: [port('p1', MAC1, { internal_info: { tenant_vif_port_id: 'vif-1' } }), port('p2', MAC2, { portgroup_uuid: 'g1' })] };
  const destination = { ...nodeIn('manageable', { uuid: OTHER }), portgroups: [group('g3')], ports: [port('p0', 'aa:bb:cc:00:00:10', { created_at: '2026-11-21T08:00:00.000Z' }), port('p5', 'aa:bb:cc:00:00:11', { created_at: '2026-11-21T11:00:00.000Z' })] };
  const receive = (moving: Port, changes: object = {}): Step => ({ type: 'ReceivePort', data: { port: moving, changes, from_node: NODE_ID } });

  it('leaves its node (PortMovedOut) and arrives, changed, at the other in its place by creation time (PortMovedIn)', () => {
    expect(when(source, update('p1', { extra: { a: 1 } }, OTHER)).events.map((e) => [e.type, e.data])).toEqual([['PortMovedOut', { uuid: 'p1', address: MAC1, to_node: OTHER }]]);
    expect(when(source, update('p1', {}, OTHER)).node?.ports.map((p) => p.uuid)).toEqual(['p2']);
    const { events, node } = when(destination, receive(source.ports[0]!, { extra: { a: 1 } }), { at: '2026-11-21T12:00:00.000Z' });
    expect(events.map((e) => e.type)).toEqual(['PortMovedIn']);
    expect(node?.ports.map((p) => p.uuid)).toEqual(['p0', 'p1', 'p5']);
    expect(node?.ports[1]).toEqual({ ...source.ports[0], extra: { a: 1 }, updated_at: '2026-11-21T12:00:00.000Z' });
  });

  it('does not take a port group of the node it leaves along, and joins only groups of the destination', () => {
    given(source).when(update('p2', {}, OTHER)).thenThrows(new InvalidInputError('Port can not be added to a portgroup belonging to a different node.'));
    expect(when(source, update('p2', { portgroup_uuid: 'g3' }, OTHER)).types).toEqual(['PortMovedOut']);
    expect(when(destination, receive(source.ports[1]!, { portgroup_uuid: 'g3' })).node?.ports.find((p) => p.uuid === 'p2')?.portgroup_uuid).toBe('g3');
    given(destination).when(receive(source.ports[1]!, { portgroup_uuid: 'g1' })).thenThrows('Portgroup g1 could not be found.');
  });

  it('follows the destination’s rules: its state for connectivity and address changes, its lock, its MACs', () => {
    const active = { ...destination, provision_state: 'active' as const };
    expect(when(active, receive(source.ports[0]!)).types).toEqual(['PortMovedIn']);
    given(active).when(receive(source.ports[0]!, { pxe_enabled: false })).thenThrows(/can not have any connectivity attributes/);
    given(active).when(receive(source.ports[0]!, { address: 'aa:bb:cc:00:00:20' })).thenThrows(/Cannot update hardware address/);
    given({ ...destination, provision_state: 'cleaning', reservation: 'other' }).when(receive(source.ports[0]!)).thenThrows(NodeLockedError);
    given(destination).when(receive(port('p1', 'aa:bb:cc:00:00:10'))).thenThrows('A port with MAC address aa:bb:cc:00:00:10 already exists.');
  });

  it('puts a port handed back where it was, without rules', () => {
    const back: Step = { type: 'ReceivePort', data: { port: source.ports[0]!, changes: {}, from_node: OTHER, returning: true } };
    const left = when(source, update('p1', {}, OTHER)).node!;
    const returned = when({ ...left, provision_state: 'active', reservation: 'other' }, back).node;
    expect(returned?.ports.find((p) => p.uuid === 'p1')).toEqual(source.ports[0]);
  });
});

describe('removing a port', () => {
  const node = { ...nodeIn('active'), ports: [port('p1', MAC1), port('p2', MAC2, { internal_info: { tenant_vif_port_id: 'vif-2' } })] };

  it('is allowed in any state, unless a VIF is bound to the port out of maintenance', () => {
    expect(when(node, { type: 'RemovePort', data: { uuid: 'p1' } }).node?.ports.map((p) => p.uuid)).toEqual(['p2']);
    given(node).when({ type: 'RemovePort', data: { uuid: 'p2' } }).thenThrows(new ResourceConflictError('Cannot delete the port p2 as it is bound to VIF vif-2 for tenant use.'));
    expect(when({ ...node, maintenance: true }, { type: 'RemovePort', data: { uuid: 'p2' } }).types).toEqual(['PortRemoved']);
    const cleaning = { ...node, ports: [port('p3', MAC1, { internal_info: { cleaning_vif_port_id: 'vif-c' } })] };
    given(cleaning).when({ type: 'RemovePort', data: { uuid: 'p3' } }).thenThrows('Cannot delete the port p3 as it is bound to VIF vif-c for cleaning use.');
    given(node).when({ type: 'RemovePort', data: { uuid: 'p9' } }).thenThrows(new PortNotFoundError('p9'));
  });
});

describe('a port’s history', () => {
  it('replays to the same node', () => {
    const history: NodeEvent[] = [];
    let node: Node | null = { ...nodeIn('manageable'), portgroups: [group('g1')] };
    const start = node;
    for (const step of [add(MAC1), update('p1', { portgroup_uuid: 'g1', extra: { x: 1 } }), add(MAC2, {}, 'p2'), { type: 'RemovePort', data: { uuid: 'p1' } }] as Step[]) {
      const result = when(node, step);
      history.push(...result.events);
      node = result.node;
    }
    expect(replay(history, start)).toEqual(node);
    expect(node?.ports.map((p) => p.uuid)).toEqual(['p2']);
  });
});
