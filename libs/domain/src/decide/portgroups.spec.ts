/** The node decider's port group commands, given/when/then. */
import { describe, expect, it } from '@jest/globals';
import { type NodeCommand } from '../commands.js';
import { InvalidInputError, NodeConflictError, NodeLockedError, PortgroupNotFoundError, ResourceConflictError } from '../errors.js';
import { DEFAULT_PORTGROUP_FIELDS, newPort, type Port, type Portgroup } from '../node.js';
import { NODE_ID, nodeIn } from '../testing/fixtures.js';
import { given, when } from '../testing/decider-specification.js';

type Step = Omit<NodeCommand, 'nodeId' | 'meta'>;

const OTHER = '5f0c1e8a-3d4b-4c6e-8f7a-000000000002';
const MAC = 'aa:bb:cc:00:00:01';
const add = (uuid: string, fields: object = {}): Step => ({ type: 'AddPortgroup', data: { uuid, ...fields } });
const update = (uuid: string, changes: object, to_node?: string): Step => ({ type: 'UpdatePortgroup', data: { uuid, changes, ...(to_node && { to_node }) } });
const member = (uuid: string, fields: Partial<Port> = {}): Port => ({ ...newPort({ uuid, address: `aa:bb:cc:00:01:0${uuid.length}`, portgroup_uuid: 'g1' }, '2026-11-21T09:30:00.000Z'), ...fields });

describe('adding a port group', () => {
  it('records Ironic’s defaults (mode active-backup, standalone ports supported), on a node in any state', () => {
    const { events, node } = when(nodeIn('active'), add('g1'));
    expect(events.map((e) => [e.type, e.data])).toEqual([['PortgroupAdded', { ...DEFAULT_PORTGROUP_FIELDS, uuid: 'g1' }]]);
    expect(node?.portgroups).toEqual([{ ...DEFAULT_PORTGROUP_FIELDS, uuid: 'g1', internal_info: {}, created_at: '2026-11-21T10:00:00.000Z', updated_at: null }]);
    expect(when(nodeIn('manageable'), add('g1', { mode: '802.3ad', name: 'bond0', address: MAC, properties: { miimon: 100 } })).node?.portgroups[0]).toMatchObject({ mode: '802.3ad', name: 'bond0', address: MAC });
  });

  it('refuses a UUID, a name or a MAC another of the node’s groups has', () => {
    const node = when(nodeIn('manageable'), add('g1', { name: 'bond0', address: MAC })).node;
    given(node).when(add('g1')).thenThrows(new NodeConflictError(NODE_ID, 'A portgroup with UUID g1 already exists.'));
    given(node).when(add('g2', { name: 'bond0' })).thenThrows(new NodeConflictError(NODE_ID, 'A portgroup with name bond0 already exists.'));
    given(node).when(add('g2', { address: MAC })).thenThrows(new NodeConflictError(NODE_ID, `A portgroup with MAC address ${MAC} already exists.`));
    expect(when(node, add('g2', { name: '' })).types).toEqual(['PortgroupAdded']);
  });
});

describe('changing a port group', () => {
  const base = when(when(nodeIn('active'), add('g1', { name: 'bond0' })).node, add('g2', { name: 'bond1' })).node!;

  it('records what changes, in any provision state; a mode replaced with null stays null', () => {
    given(base).when(update('g1', { name: 'bond0' })).then([]);
    const { node } = when(base, update('g1', { name: 'bond9', mode: null, extra: { a: 1 } }), { at: '2026-11-21T11:00:00.000Z' });
    expect(node?.portgroups[0]).toMatchObject({ name: 'bond9', mode: null, extra: { a: 1 }, updated_at: '2026-11-21T11:00:00.000Z' });
  });

  it('refuses an unknown group, a taken name and a locked node', () => {
    given(base).when(update('g9', { name: 'x' })).thenThrows(new PortgroupNotFoundError('g9'));
    given(base).when(update('g1', { name: 'bond1' })).thenThrows('A portgroup with name bond1 already exists.');
    given({ ...base, provision_state: 'deploying', reservation: 'other' }).when(update('g1', { name: 'x' })).thenThrows(NodeLockedError);
  });

  it('with the flat interface, stops supporting standalone ports only without PXE-enabled or VIF-bound members', () => {
    const flat = { ...base, network_interface: 'flat', ports: [member('p1', { pxe_enabled: false, internal_info: { tenant_vif_port_id: 'vif-1' } }), member('p22')] };
    given(flat).when(update('g1', { standalone_ports_supported: false })).thenThrows(
      new ResourceConflictError('standalone_ports_supported can not be set to False, because the port group g1 contains port with VIF vif-1 is attached to this port'),
    );
    given({ ...flat, ports: [member('p22')] }).when(update('g1', { standalone_ports_supported: false })).thenThrows("contains port with 'pxe_enabled' is set to True");
    expect(when({ ...flat, network_interface: 'noop' }, update('g1', { standalone_ports_supported: false })).types).toEqual(['PortgroupUpdated']);
  });
});

describe('moving a port group to another node', () => {
  const source = when(nodeIn('active'), add('g1', { name: 'bond0' })).node!;
  const destination = nodeIn('manageable', { uuid: OTHER });
  const receive = (portgroup: Portgroup, changes: object = {}): Step => ({ type: 'ReceivePortgroup', data: { portgroup, changes, from_node: NODE_ID } });

  it('leaves a group without ports, and arrives at a node in enroll, inspecting, inspect wait, manageable or maintenance', () => {
    expect(when(source, update('g1', {}, OTHER)).types).toEqual(['PortgroupMovedOut']);
    given({ ...source, ports: [member('p1')] }).when(update('g1', {}, OTHER)).thenThrows(
      new InvalidInputError(`Portgroup g1 can not be associated with node ${OTHER} because there are ports associated with this portgroup.`),
    );
    expect(when(destination, receive(source.portgroups[0]!, { mode: '802.3ad' })).node?.portgroups[0]).toMatchObject({ uuid: 'g1', name: 'bond0', mode: '802.3ad' });
    given({ ...destination, provision_state: 'available' }).when(receive(source.portgroups[0]!)).thenThrows(
      new ResourceConflictError(`Portgroup g1 can not be associated to node ${OTHER} unless the node is in a enroll, inspecting, inspect wait, manageable state or in maintenance mode.`),
    );
    expect(when({ ...destination, provision_state: 'available', maintenance: true }, receive(source.portgroups[0]!)).types).toEqual(['PortgroupMovedIn']);
  });
});

describe('removing a port group', () => {
  it('is allowed in any state once the group has no ports (Ironic’s intended 400 otherwise)', () => {
    const node = when(nodeIn('active'), add('g1')).node!;
    expect(when(node, { type: 'RemovePortgroup', data: { uuid: 'g1' } }).node?.portgroups).toEqual([]);
    given({ ...node, ports: [member('p1')] }).when({ type: 'RemovePortgroup', data: { uuid: 'g1' } }).thenThrows(
      new InvalidInputError('Cannot complete the requested action because portgroup g1 contains ports.'),
    );
    given(node).when({ type: 'RemovePortgroup', data: { uuid: 'g9' } }).thenThrows(new PortgroupNotFoundError('g9'));
  });
});
