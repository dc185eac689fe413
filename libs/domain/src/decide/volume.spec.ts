/** The node decider's volume connector and target commands, given/when/then. */
import { describe, expect, it } from '@jest/globals';
import { type NodeCommand } from '../commands.js';
import { replay } from '../decider.js';
import { InvalidStateError, NodeConflictError, NodeLockedError, VolumeConnectorNotFoundError, VolumeTargetNotFoundError } from '../errors.js';
import { type NodeEvent } from '../events.js';
import { type Node } from '../node.js';
import { NODE_ID, nodeIn } from '../testing/fixtures.js';
import { given, when } from '../testing/decider-specification.js';

type Step = Omit<NodeCommand, 'nodeId' | 'meta'>;

const OTHER = '5f0c1e8a-3d4b-4c6e-8f7a-000000000002';
const IQN = 'iqn.2026-11.org.example:n1';
const connector = (uuid: string, type = 'iqn', connector_id = IQN): Step => ({ type: 'AddVolumeConnector', data: { uuid, type, connector_id, extra: {} } });
const target = (uuid: string, boot_index: number, fields: object = {}): Step => ({
  type: 'AddVolumeTarget',
  data: { uuid, boot_index, volume_id: 'vol-1', volume_type: 'iscsi', properties: {}, extra: {}, ...fields },
});
const poweredOn = nodeIn('active', { power_state: 'power on' });
const poweredOff = nodeIn('manageable', { power_state: 'power off' });

describe('volume connectors', () => {
  it('are created on a node in any state and power state', () => {
    const { events, node } = when(poweredOn, connector('c1'));
    expect(events.map((e) => [e.type, e.data])).toEqual([['VolumeConnectorAdded', { uuid: 'c1', type: 'iqn', connector_id: IQN, extra: {} }]]);
    expect(node?.volume_connectors).toEqual([{ uuid: 'c1', type: 'iqn', connector_id: IQN, extra: {}, created_at: '2026-11-21T10:00:00.000Z', updated_at: null }]);
  });

  it('are unique by UUID and by type and connector ID together', () => {
    const node = when(poweredOff, connector('c1')).node;
    given(node).when(connector('c1', 'wwpn', 'x')).thenThrows(new NodeConflictError(NODE_ID, 'A volume connector with UUID c1 already exists.'));
    given(node).when(connector('c2')).thenThrows(new NodeConflictError(NODE_ID, `A volume connector with type iqn and connector ID ${IQN} already exists.`));
    expect(when(node, connector('c2', 'ip', IQN)).types).toEqual(['VolumeConnectorAdded']);
  });

  it('change and go only while the node is powered off', () => {
    const on = when(poweredOn, connector('c1')).node!;
    const update: Step = { type: 'UpdateVolumeConnector', data: { uuid: 'c1', changes: { extra: { a: 1 } } } };
    given(on).when(update).thenThrows(new InvalidStateError(NODE_ID, 'power on', 'volume connector update'));
    given(on).when(update).thenThrows(`The requested action "volume connector update" can not be performed on node "${NODE_ID}" while it is in state "power on".`);
    given({ ...on, power_state: null }).when(update).thenThrows('while it is in state "None".');
    // Even a change of nothing, as Ironic's conductor checks first.
    given(on).when({ type: 'UpdateVolumeConnector', data: { uuid: 'c1', changes: {} } }).thenThrows('The requested action "volume connector update"');
    given(on).when({ type: 'RemoveVolumeConnector', data: { uuid: 'c1' } }).thenThrows('The requested action "volume connector deletion"');
    const off = { ...on, power_state: 'power off' as const };
    expect(when(off, update).node?.volume_connectors[0]).toMatchObject({ extra: { a: 1 }, updated_at: '2026-11-21T10:00:00.000Z' });
    expect(when(off, { type: 'RemoveVolumeConnector', data: { uuid: 'c1' } }).node?.volume_connectors).toEqual([]);
    given(off).when({ type: 'RemoveVolumeConnector', data: { uuid: 'c9' } }).thenThrows(new VolumeConnectorNotFoundError('c9'));
    given({ ...off, reservation: 'other' }).when(update).thenThrows(NodeLockedError);
  });

  it('keep the type and connector ID pair unique when changed', () => {
    const node = when(when(poweredOff, connector('c1')).node, connector('c2', 'wwpn', 'w1')).node!;
    given(node).when({ type: 'UpdateVolumeConnector', data: { uuid: 'c2', changes: { type: 'iqn', connector_id: IQN } } }).thenThrows(
      `A volume connector with type iqn and connector ID ${IQN} already exists.`,
    );
  });

  it('move to another node when that node is powered off, whatever the power state of the one they leave', () => {
    const on = when(poweredOn, connector('c1')).node!;
    expect(when(on, { type: 'UpdateVolumeConnector', data: { uuid: 'c1', changes: {}, to_node: OTHER } }).types).toEqual(['VolumeConnectorMovedOut']);
    const receive = (powerState: 'power on' | 'power off'): [Node, Step] => [
      nodeIn('manageable', { uuid: OTHER, power_state: powerState }),
      { type: 'ReceiveVolumeConnector', data: { connector: on.volume_connectors[0]!, changes: { type: 'wwpn', connector_id: 'w9' }, from_node: NODE_ID } },
    ];
    expect(when(...receive('power off')).node?.volume_connectors[0]).toMatchObject({ uuid: 'c1', type: 'wwpn', connector_id: 'w9' });
    expect(() => when(...receive('power on'))).toThrow(new InvalidStateError(OTHER, 'power on', 'volume connector update'));
  });
});

describe('volume targets', () => {
  it('are created in any state, one per boot index on a node', () => {
    const node = when(poweredOn, target('t1', 0, { properties: { auth_password: 's3cret' } })).node!;
    expect(node.volume_targets[0]).toMatchObject({ uuid: 't1', boot_index: 0, properties: { auth_password: 's3cret' } });
    given(node).when(target('t2', 0)).thenThrows(new NodeConflictError(NODE_ID, "A volume target with boot index '0' for the same node already exists."));
    given(node).when(target('t1', 1)).thenThrows('A volume target with UUID t1 already exists.');
    expect(when(node, target('t2', -1, { volume_id: 'vol-1' })).types).toEqual(['VolumeTargetAdded']);
  });

  it('change and go only while the node is powered off; a changed boot index stays unique', () => {
    const on = when(when(poweredOn, target('t1', 0)).node, target('t2', 1)).node!;
    given(on).when({ type: 'UpdateVolumeTarget', data: { uuid: 't1', changes: { volume_id: 'v2' } } }).thenThrows('The requested action "volume target update"');
    given(on).when({ type: 'RemoveVolumeTarget', data: { uuid: 't1' } }).thenThrows('The requested action "volume target deletion"');
    const off = { ...on, power_state: 'power off' as const };
    given(off).when({ type: 'UpdateVolumeTarget', data: { uuid: 't2', changes: { boot_index: 0 } } }).thenThrows("A volume target with boot index '0' for the same node already exists.");
    expect(when(off, { type: 'UpdateVolumeTarget', data: { uuid: 't2', changes: { boot_index: 5 } } }).node?.volume_targets[1]?.boot_index).toBe(5);
    given(off).when({ type: 'RemoveVolumeTarget', data: { uuid: 't9' } }).thenThrows(new VolumeTargetNotFoundError('t9'));
  });

  it('move to a powered-off node whose boot indexes they do not take', () => {
    const source = when(poweredOn, target('t1', 0), { at: '2026-11-21T09:00:00.000Z' }).node!;
    const destination = when(nodeIn('manageable', { uuid: OTHER, power_state: 'power off' }), target('t5', 0)).node!;
    const receive = (changes: object): Step => ({ type: 'ReceiveVolumeTarget', data: { target: source.volume_targets[0]!, changes, from_node: NODE_ID } });
    given(destination).when(receive({})).thenThrows("A volume target with boot index '0' for the same node already exists.");
    expect(when(destination, receive({ boot_index: 1 })).node?.volume_targets.map((t) => [t.uuid, t.boot_index])).toEqual([['t1', 1], ['t5', 0]]);
  });

  it('replay to the same node', () => {
    const history: NodeEvent[] = [];
    let node: Node | null = poweredOff;
    for (const step of [target('t1', 0), connector('c1'), { type: 'UpdateVolumeTarget', data: { uuid: 't1', changes: { properties: { a: 1 } } } }, { type: 'RemoveVolumeConnector', data: { uuid: 'c1' } }] as Step[]) {
      const result = when(node, step);
      history.push(...result.events);
      node = result.node;
    }
    expect(replay(history, poweredOff)).toEqual(node);
  });
});
