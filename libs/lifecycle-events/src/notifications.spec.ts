import { describe, expect, it } from '@jest/globals';
import { decide, evolve, newNode, type Node, type NodeEvent } from '@ironledger/domain';
import { type IronicNotification, provisionStatus, toNotifications } from './notifications.js';
import { REDACTED } from './redact.js';
import { SCRIPTED_NODE, SCRIPTED_PASSWORD, scriptedEvents } from './testing/scripted.js';

/** Notifications of a whole lifecycle, each event at position (index + 1) * 1000. */
function notify(events: readonly NodeEvent[]): { event: NodeEvent; notifications: IronicNotification[] }[] {
  let node: Node | null = null;
  return events.map((event, i) => {
    const before = node;
    node = evolve(node, event);
    return { event, notifications: toNotifications(event, { position: (i + 1) * 1000, before, after: node, host: 'gw-1' }) };
  });
}

describe('toNotifications', () => {
  const { events } = scriptedEvents();
  const all = notify(events);
  const flat = all.flatMap((n) => n.notifications);
  const data = (n: IronicNotification) => n.payload['ironic_object.data'];

  it('maps the scripted lifecycle to Ironic’s event types, with start/end/success/error as Ironic’s task manager gives them', () => {
    expect(flat.map((n) => n.event_type.replace('baremetal.node.', ''))).toEqual([
      'create.end',
      'provision_set.start', // enroll -> verifying
      'provision_set.end', // verifying -> manageable
      'provision_set.start', // manageable -> cleaning
      'provision_set.success', // cleaning -> clean wait
      'provision_set.success', // clean wait -> cleaning
      'provision_set.end', // cleaning -> available
      'power_set.start',
      'power_set.end',
      'provision_set.start', // available -> deploying
      'provision_set.success', // deploying -> wait call-back
      'provision_set.success',
      'provision_set.end', // deploying -> active
      'power_state_corrected.success',
      'maintenance_set.start',
      'maintenance_set.end',
      'update.end',
      'maintenance_set.start',
      'maintenance_set.end',
      'provision_set.start', // rebuild
      'provision_set.error', // deploying -> deploy failed
      'provision_set.start', // deploy failed -> deleting
      'provision_set.success', // deleting -> cleaning
      'provision_set.end',
    ]);
    expect(flat.filter((n) => n.priority === 'error').map((n) => n.event_type)).toEqual(['baremetal.node.provision_set.error']);
  });

  it('wraps each payload as an Ironic versioned object in an oslo.messaging envelope', () => {
    const [created] = flat;
    expect(created).toMatchObject({
      priority: 'info',
      event_type: 'baremetal.node.create.end',
      timestamp: '2026-03-01 08:01:00.000000',
      publisher_id: 'ironic-api.gw-1',
      message_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      payload: { 'ironic_object.namespace': 'ironic', 'ironic_object.name': 'NodeCRUDPayload', 'ironic_object.version': '1.14' },
    });
    expect(data(created)).toMatchObject({ uuid: SCRIPTED_NODE, provision_state: 'enroll', chassis_uuid: null, driver_info: { ipmi_password: REDACTED }, created_at: '2026-03-01T08:01:00+00:00' });
    expect(new Set(flat.map((n) => n.message_id)).size).toBe(flat.length);
    expect(notify(events).flatMap((n) => n.notifications).map((n) => n.message_id)).toEqual(flat.map((n) => n.message_id));
  });

  it('carries Ironic’s NodePayload fields, and none of the internals it leaves out', () => {
    const fields = Object.keys(data(flat.find((n) => n.payload['ironic_object.name'] === 'NodePayload')!));
    for (const field of ['uuid', 'name', 'driver', 'provision_state', 'target_provision_state', 'power_state', 'target_power_state', 'maintenance', 'maintenance_reason', 'fault', 'last_error', 'properties', 'extra', 'traits', 'conductor_group', 'owner', 'lessee', 'protected', 'retired', 'created_at', 'updated_at', 'provision_updated_at', 'network_interface', 'console_enabled']) {
      expect(fields).toContain(field);
    }
    for (const hidden of ['driver_info', 'instance_info', 'reservation', 'power_sync_failures', 'clean_steps']) expect(fields).not.toContain(hidden);
  });

  it('gives provision notifications the previous states and the machine event', () => {
    const deploy = flat.filter((n) => n.event_type === 'baremetal.node.provision_set.start')[2];
    expect(deploy.payload['ironic_object.name']).toBe('NodeSetProvisionStatePayload');
    expect(data(deploy)).toMatchObject({ provision_state: 'deploying', target_provision_state: 'active', previous_provision_state: 'available', previous_target_provision_state: null, event: 'deploy' });
    const failed = flat.find((n) => n.event_type === 'baremetal.node.provision_set.error')!;
    expect(data(failed)).toMatchObject({ provision_state: 'deploy failed', previous_provision_state: 'deploying', previous_target_provision_state: 'active', event: 'fail', last_error: 'deploy step write_image failed: checksum mismatch' });
    expect(failed.publisher_id).toBe('ironic-conductor.gw-1');
  });

  it('names the power state aimed at in power_set and the one corrected from in power_state_corrected', () => {
    const [start, end] = flat.filter((n) => n.event_type.startsWith('baremetal.node.power_set'));
    expect(data(start)).toMatchObject({ to_power: 'power on', power_state: null });
    expect(data(end)).toMatchObject({ to_power: 'power on', power_state: 'power on', target_power_state: null });
    const corrected = flat.find((n) => n.event_type === 'baremetal.node.power_state_corrected.success')!;
    expect(corrected.payload['ironic_object.name']).toBe('NodeCorrectedPowerStatePayload');
    expect(data(corrected)).toMatchObject({ from_power: 'power on', power_state: 'power off' });
  });

  it('shows maintenance before (start) and after (end) the change', () => {
    const [start, end] = flat.filter((n) => n.event_type.startsWith('baremetal.node.maintenance_set'));
    expect(data(start)).toMatchObject({ maintenance: false, maintenance_reason: null });
    expect(data(end)).toMatchObject({ maintenance: true, maintenance_reason: 'fan replacement' });
  });

  it('reports a failed power action as power_set.error, a deletion with the node as it was, and stays silent on power-sync bookkeeping', () => {
    const node = all.at(-1)!.event;
    const after = scriptedEvents().states.at(-1)!;
    const meta = { ...node.meta, at: '2026-03-01T09:00:00.000Z' };
    const [failed] = toNotifications({ type: 'PowerActionFailed', data: { requested: 'soft power off', error: 'BMC timeout' }, meta }, { position: 1, before: after, after: { ...after, last_error: 'BMC timeout' } });
    expect(failed).toMatchObject({ priority: 'error', event_type: 'baremetal.node.power_set.error' });
    expect(data(failed)).toMatchObject({ to_power: 'power off', last_error: 'BMC timeout' });
    const [deleted] = toNotifications({ type: 'NodeDeleted', data: { provision_state: 'available' }, meta }, { position: 2, before: after, after: null });
    expect(deleted.event_type).toBe('baremetal.node.delete.end');
    expect(data(deleted)).toMatchObject({ uuid: SCRIPTED_NODE, provision_state: 'available', driver_info: { ipmi_password: REDACTED } });
    expect(toNotifications({ type: 'PowerSyncFailed', data: { error: 'x', failures: 1 }, meta }, { position: 3, before: after, after })).toEqual([]);
    expect(toNotifications({ type: 'PowerSyncRecovered', data: { failures: 1 }, meta }, { position: 4, before: after, after })).toEqual([]);
  });

  it('never carries a BMC secret', () => {
    expect(JSON.stringify(flat)).not.toContain(SCRIPTED_PASSWORD);
  });
});

describe('provisionStatus', () => {
  it.each([
    ['manage', 'enroll', 'verifying', 'start'],
    ['done', 'deploying', 'active', 'end'],
    ['manage', 'available', 'manageable', 'success'],
    ['wait', 'deploying', 'wait call-back', 'success'],
    ['fail', 'deploying', 'deploy failed', 'error'],
    ['fail', 'verifying', 'enroll', 'error'],
    ['abort', 'clean wait', 'clean failed', 'end'],
  ] as const)('%s from %s to %s is %s', (event, from, to, status) => {
    expect(provisionStatus(event, from, to)).toBe(status);
  });
});

describe('port notifications', () => {
  it('notifies baremetal.port.create.end and delete.end with Ironic’s PortCRUDPayload', () => {
    const { states } = scriptedEvents();
    let node = states.at(-1)!;
    const meta = { at: '2026-03-02T10:00:00.000Z', actor: 'alice', requestId: 'req-p', conductor: 'c1' };
    const port = { uuid: '0a1b2c3d-0000-4000-8000-000000000001', address: '52:54:00:12:34:56' };
    const [added] = decide({ type: 'AddPort', nodeId: SCRIPTED_NODE, data: port, meta }, node);
    const before = node;
    node = evolve(node, added)!;
    const [created] = toNotifications(added, { position: 1, before, after: node });
    expect(created).toMatchObject({ event_type: 'baremetal.port.create.end', priority: 'info', payload: { 'ironic_object.name': 'PortCRUDPayload', 'ironic_object.version': '1.4' } });
    expect(created.payload['ironic_object.data']).toEqual({
      address: port.address, extra: {}, local_link_connection: {}, pxe_enabled: true, physical_network: null, created_at: '2026-03-02T10:00:00+00:00',
      updated_at: null, uuid: port.uuid, is_smartnic: false, name: null, node_uuid: SCRIPTED_NODE, portgroup_uuid: null,
    });
    const [removed] = decide({ type: 'RemovePort', nodeId: SCRIPTED_NODE, data: { uuid: port.uuid }, meta }, node);
    const [deleted] = toNotifications(removed, { position: 2, before: node, after: evolve(node, removed) });
    expect(deleted.event_type).toBe('baremetal.port.delete.end');
    expect(deleted.payload['ironic_object.data']).toMatchObject({ uuid: port.uuid, address: port.address });
  });

  it('notifies port updates, and a move once (update.end from the node it went to); VIF bindings not at all', () => {
    const { states } = scriptedEvents();
    let node = states.at(-1)!;
    const meta = { at: '2026-03-02T10:00:00.000Z', actor: 'alice', requestId: 'req-p', conductor: 'c1' };
    const port = { uuid: '0a1b2c3d-0000-4000-8000-000000000001', address: '52:54:00:12:34:56' };
    node = evolve(node, decide({ type: 'AddPort', nodeId: SCRIPTED_NODE, data: port, meta }, node)[0]!)!;
    const [updated] = decide({ type: 'UpdatePort', nodeId: SCRIPTED_NODE, data: { uuid: port.uuid, changes: { extra: { a: 1 } } }, meta }, node);
    const [update] = toNotifications(updated!, { position: 3, before: node, after: evolve(node, updated!) });
    expect(update).toMatchObject({ event_type: 'baremetal.port.update.end', payload: { 'ironic_object.data': { extra: { a: 1 }, updated_at: '2026-03-02T10:00:00+00:00' } } });
    const [movedOut] = decide({ type: 'UpdatePort', nodeId: SCRIPTED_NODE, data: { uuid: port.uuid, changes: {}, to_node: 'other' }, meta }, node);
    expect(toNotifications(movedOut!, { position: 4, before: node, after: evolve(node, movedOut!) })).toEqual([]);
    const movedIn: NodeEvent = { type: 'PortMovedIn', data: { port: node.ports.at(-1)!, from_node: SCRIPTED_NODE }, meta: { ...updated!.meta, nodeId: 'other' } };
    expect(toNotifications(movedIn, { position: 5, before: null, after: null }).map((n) => [n.event_type, n.payload['ironic_object.data'].node_uuid])).toEqual([['baremetal.port.update.end', 'other']]);
    const vif: NodeEvent = { type: 'VifAttached', data: { vif: 'v', port_uuid: port.uuid, portgroup_uuid: null }, meta: updated!.meta };
    expect(toNotifications(vif, { position: 6, before: node, after: node })).toEqual([]);
  });

  it('sends nothing for in-band inspection bookkeeping (ironic-inspector has no notifications)', () => {
    const { states } = scriptedEvents();
    const node = states.at(-1)!;
    const meta = { ...scriptedEvents().events[0].meta };
    expect(toNotifications({ type: 'IntrospectionFinished', data: { from: 'processing', event: 'finish', to: 'finished', error: null }, meta }, { position: 1, before: node, after: node })).toEqual([]);
  });
});

describe('port group and volume notifications', () => {
  const meta = { at: '2026-03-02T10:00:00.000Z', actor: 'alice', requestId: 'req-v', conductor: 'c1' };
  const apply = (node: Node, command: Parameters<typeof decide>[0]) => {
    const [event] = decide(command, node);
    const after = evolve(node, event!)!;
    return { after, notifications: toNotifications(event!, { position: 7, before: node, after }) };
  };

  it('notifies baremetal.portgroup.create/update/delete.end with Ironic’s PortgroupCRUDPayload', () => {
    let node = scriptedEvents().states.at(-1)!;
    const created = apply(node, { type: 'AddPortgroup', nodeId: SCRIPTED_NODE, data: { uuid: 'g1', name: 'bond0' }, meta });
    expect(created.notifications[0]).toMatchObject({ event_type: 'baremetal.portgroup.create.end', payload: { 'ironic_object.name': 'PortgroupCRUDPayload', 'ironic_object.version': '1.0' } });
    expect(created.notifications[0]!.payload['ironic_object.data']).toEqual({
      address: null, extra: {}, mode: 'active-backup', name: 'bond0', node_uuid: SCRIPTED_NODE, properties: {}, standalone_ports_supported: true,
      created_at: '2026-03-02T10:00:00+00:00', updated_at: null, uuid: 'g1',
    });
    node = created.after;
    expect(apply(node, { type: 'UpdatePortgroup', nodeId: SCRIPTED_NODE, data: { uuid: 'g1', changes: { mode: '802.3ad' } }, meta }).notifications.map((n) => n.event_type)).toEqual(['baremetal.portgroup.update.end']);
    expect(apply(node, { type: 'RemovePortgroup', nodeId: SCRIPTED_NODE, data: { uuid: 'g1' }, meta }).notifications.map((n) => n.event_type)).toEqual(['baremetal.portgroup.delete.end']);
  });

  it('notifies baremetal.volumeconnector.* and baremetal.volumetarget.*, with a target’s secrets masked', () => {
    const node = { ...scriptedEvents().states.at(-1)!, power_state: 'power off' as const };
    const connector = apply(node, { type: 'AddVolumeConnector', nodeId: SCRIPTED_NODE, data: { uuid: 'c1', type: 'iqn', connector_id: 'iqn.x', extra: {} }, meta });
    expect(connector.notifications[0]).toMatchObject({ event_type: 'baremetal.volumeconnector.create.end', payload: { 'ironic_object.name': 'VolumeConnectorCRUDPayload' } });
    expect(connector.notifications[0]!.payload['ironic_object.data']).toMatchObject({ type: 'iqn', connector_id: 'iqn.x', node_uuid: SCRIPTED_NODE });
    const target = apply(node, {
      type: 'AddVolumeTarget',
      nodeId: SCRIPTED_NODE,
      data: { uuid: 't1', volume_type: 'iscsi', boot_index: 0, volume_id: 'v', properties: { auth_password: 'pw' }, extra: {} },
      meta,
    });
    expect(target.notifications[0]).toMatchObject({ event_type: 'baremetal.volumetarget.create.end', payload: { 'ironic_object.data': { properties: { auth_password: REDACTED }, boot_index: 0 } } });
    expect(apply(target.after, { type: 'RemoveVolumeTarget', nodeId: SCRIPTED_NODE, data: { uuid: 't1' }, meta }).notifications.map((n) => n.event_type)).toEqual(['baremetal.volumetarget.delete.end']);
  });

  it('notifies nothing for what an inspection through the BMC records (Ironic’s conductor saves it without a notification)', () => {
    const node = newNode('00000000-0000-4000-8000-000000000042', '2026-03-01T08:00:00.000Z', { driver: 'redfish', provision_state: 'inspecting', reservation: 'c1' });
    const meta = { at: '2026-03-01T08:01:00.000Z', actor: 'conductor', requestId: 'req-1', conductor: 'c1' };
    const data = { properties: { cpus: 8, cpu_arch: 'x86_64', memory_mb: '1024', local_gb: '10' }, macs: ['52:54:00:00:00:01'], port_uuids: { '52:54:00:00:00:01': 'port-1' } };
    const events = decide({ type: 'RecordInspectedHardware', nodeId: node.uuid, data, meta }, node);
    expect(events.map((event) => event.type)).toEqual(['NodeUpdated', 'PortAdded']);
    let state: Node | null = node;
    const notifications = events.flatMap((event, i) => {
      const before = state;
      state = evolve(state, event);
      return toNotifications(event, { position: i + 1, before, after: state, host: 'gw-1' });
    });
    expect(notifications).toEqual([]);
  });
});
