/** The node decider's VIF commands: `noop` records nothing, `flat` binds as Ironic's VIF port-ID logic does. */
import { describe, expect, it } from '@jest/globals';
import { type NodeCommand } from '../commands.js';
import { attachedVifs } from '../decider.js';
import { InvalidInputError, NodeLockedError, ResourceConflictError } from '../errors.js';
import { newPort, type Node, type Port, type Portgroup } from '../node.js';
import { NODE_ID, nodeIn, portgroup as group } from '../testing/fixtures.js';
import { given, when } from '../testing/decider-specification.js';

type Step = Omit<NodeCommand, 'nodeId' | 'meta'>;

const port = (uuid: string, fields: Partial<Port> = {}): Port => ({ ...newPort({ uuid, address: `aa:bb:cc:00:00:${uuid.slice(-2)}` }, '2026-11-21T09:00:00.000Z'), ...fields });
const attach = (vif: string, options: object = {}): Step => ({ type: 'AttachVif', data: { vif, ...options } });
const detach = (vif: string): Step => ({ type: 'DetachVif', data: { vif } });
const flat = (ports: Port[], portgroups: Portgroup[] = []): Node => ({ ...nodeIn('active'), network_interface: 'flat', ports, portgroups });
const boundTo = (node: Node) => [...node.ports, ...node.portgroups].filter((item) => item.internal_info.tenant_vif_port_id).map((item) => `${item.uuid}=${String(item.internal_info.tenant_vif_port_id)}`);

describe('VIFs with the noop network interface', () => {
  it('attach and detach anything, record nothing, and list nothing', () => {
    const node = { ...nodeIn('active'), ports: [port('p01')] };
    given(node).when(attach('vif-1')).then([]);
    given(node).when(attach('vif-1')).then([]);
    given(node).when(detach('never-attached')).then([]);
    expect(attachedVifs(node)).toEqual([]);
    given({ ...node, provision_state: 'deploying', reservation: 'other' }).when(attach('vif-1')).thenThrows(NodeLockedError);
  });
});

describe('VIFs with the flat network interface', () => {
  it('bind to port groups first, then PXE-enabled ports, then the others, each VIF to a free one', () => {
    let node = flat([port('p01', { pxe_enabled: false }), port('p02'), port('p03', { portgroup_uuid: 'g1' }), port('p04', { portgroup_uuid: 'g1' })], [group('g1'), group('g2')]);
    for (const vif of ['vif-a', 'vif-b', 'vif-c']) node = when(node, attach(vif)).node;
    expect(boundTo(node)).toEqual(['p01=vif-c', 'p02=vif-b', 'g1=vif-a']);
    expect(attachedVifs(node)).toEqual(['vif-c', 'vif-b', 'vif-a']);
    given(node).when(attach('vif-d')).thenThrows(new InvalidInputError('Unable to attach VIF vif-d, not enough free physical ports.'));
  });

  it('records the binding as an event on the chosen port or group', () => {
    const { events, node } = when(flat([port('p01')]), attach('vif-a'));
    expect(events.map((e) => [e.type, e.data])).toEqual([['VifAttached', { vif: 'vif-a', port_uuid: 'p01', portgroup_uuid: null }]]);
    expect(node.ports[0]).toMatchObject({ internal_info: { tenant_vif_port_id: 'vif-a' }, updated_at: '2026-11-21T10:00:00.000Z' });
  });

  it('refuses a VIF attached already, naming where', () => {
    const node = when(flat([port('p01')], []), attach('vif-a')).node;
    given(node).when(attach('vif-a')).thenThrows(new ResourceConflictError('Unable to attach VIF because VIF vif-a is already attached to Ironic Port p01'));
    const grouped = when(flat([port('p01', { portgroup_uuid: 'g1' })], [group('g1')]), attach('vif-a')).node;
    given(grouped).when(attach('vif-a')).thenThrows('Unable to attach VIF because VIF vif-a is already attached to Ironic Portgroup g1');
  });

  it('takes the port or group asked for, and offers the free members of a group whose member holds a VIF one by one', () => {
    const node = flat(
      [port('p01'), port('p02', { portgroup_uuid: 'g1', internal_info: { tenant_vif_port_id: 'vif-x' } }), port('p03', { portgroup_uuid: 'g1', pxe_enabled: false }), port('p04', { pxe_enabled: false })],
      [group('g1')],
    );
    expect(boundTo(when(node, attach('vif-a', { port_uuid: 'p04' })).node)).toContain('p04=vif-a');
    expect(boundTo(when(node, attach('vif-a')).node)).toContain('p01=vif-a');
    expect(boundTo(when({ ...node, ports: node.ports.slice(1, 3) }, attach('vif-a')).node)).toContain('p03=vif-a');
    // As in Ironic, a port asked for by UUID is only taken when it is in no group.
    given(node).when(attach('vif-a', { port_uuid: 'p03' })).thenThrows('not enough free physical ports');
    given(node).when(attach('vif-a', { portgroup_uuid: 'g1' })).thenThrows('Unable to attach VIF vif-a, not enough free physical ports.');
    given(node).when(attach('vif-a', { port_uuid: 'nope' })).thenThrows('not enough free physical ports');
  });

  it('skips ports that do not suit the interface: a Smart NIC without port_id and hostname, or those without being one', () => {
    const link = { port_id: 'eth0', hostname: 'host-1' };
    given(flat([port('p01', { is_smartnic: true })])).when(attach('vif-a')).thenThrows('not enough free physical ports');
    given(flat([port('p01', { local_link_connection: link })])).when(attach('vif-a')).thenThrows('not enough free physical ports');
    expect(when(flat([port('p01', { is_smartnic: true, local_link_connection: link })]), attach('vif-a')).types).toEqual(['VifAttached']);
    expect(when(flat([port('p01', { is_smartnic: true, extra: { 'client-id': 'ib-1' } })]), attach('vif-a')).types).toEqual(['VifAttached']);
  });

  it('detaches from the group or port holding the VIF (a 400 when none does), dropping extra.vif_port_id too', () => {
    const node = when(flat([port('p01', { extra: { vif_port_id: 'vif-a', keep: 1 } })]), attach('vif-a')).node;
    const { events, node: after } = when(node, detach('vif-a'));
    expect(events.map((e) => [e.type, e.data])).toEqual([['VifDetached', { vif: 'vif-a', port_uuid: 'p01', portgroup_uuid: null }]]);
    expect(after.ports[0]).toMatchObject({ internal_info: {}, extra: { keep: 1 } });
    given(after).when(detach('vif-a')).thenThrows(new InvalidInputError(`Unable to detach VIF vif-a from node ${NODE_ID} because it is not attached to it.`));
  });
});
