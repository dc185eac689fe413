/** Ironic's rules for operator-owned node fields: given a node, when it is registered, updated, deleted or moved, then these events or this refusal. */
import { describe, expect, it } from '@jest/globals';
import { type NodeCommand } from './commands.js';
import { decide, evolve } from './decider.js';
import { type DomainErrorType } from './errors.js';
import { type Node } from './node.js';
import { meta, NODE_ID, nodeIn } from './testing/fixtures.js';

function when(node: Node | null, command: Omit<NodeCommand, 'nodeId' | 'meta'>) {
  const events = decide({ nodeId: NODE_ID, meta: meta(), ...command } as NodeCommand, node);
  return { events, types: events.map((event) => event.type), node: events.reduce<Node | null>(evolve, node) };
}

const update = (changes: object, extra: object = {}) => ({ type: 'UpdateNode' as const, data: { changes, ...extra } });
/** A domain refusal of this kind (`type`, which decides the HTTP status) and text. */
const refusal = (type: DomainErrorType, message: unknown) => expect.objectContaining({ type, message });
const ALLOWED = '(enroll, inspecting, inspect wait, manageable, available)';

describe('hardware interfaces', () => {
  it('change only in enroll, inspecting, inspect wait, manageable and available, or in maintenance', () => {
    for (const state of ['enroll', 'inspecting', 'inspect wait', 'manageable', 'available'] as const) {
      expect(when(nodeIn(state, { reservation: null }), update({ console_interface: 'no-console' })).node?.console_interface).toBe('no-console');
    }
    expect(() => when(nodeIn('active'), update({ console_interface: 'no-console' }))).toThrow(
      refusal('conflict', `Node ${NODE_ID} can not have console_interface updated unless it is in one of allowed ${ALLOWED} states or in maintenance mode.`),
    );
    expect(when(nodeIn('active', { maintenance: true }), update({ console_interface: 'no-console' })).node?.console_interface).toBe('no-console');
  });

  it('may change in the same update that turns maintenance on, which comes first', () => {
    const { types, node } = when(nodeIn('active'), update({ console_interface: 'no-console' }, { maintenance: true }));
    expect(types).toEqual(['MaintenanceSet', 'NodeUpdated']);
    expect(node).toMatchObject({ maintenance: true, console_interface: 'no-console' });
    expect(when(nodeIn('manageable', { maintenance: true, maintenance_reason: 'r' }), update({ extra: { a: 1 } }, { maintenance: false })).types).toEqual(['NodeUpdated', 'MaintenanceCleared']);
  });

  it('go back to the hardware type’s default when set to null (a state change all the same)', () => {
    const node = nodeIn('manageable', { console_interface: 'no-console' });
    const { events } = when(node, update({ console_interface: null }));
    expect(events[0]).toMatchObject({ type: 'NodeUpdated', data: { changes: { console_interface: 'fake' } } });
    expect(() => when(nodeIn('active', { console_interface: 'no-console' }), update({ console_interface: null }))).toThrow(expect.objectContaining({ type: 'conflict' }));
    expect(when(nodeIn('manageable'), update({ console_interface: null })).events).toEqual([]);
  });

  it('are refused when the hardware type does not offer them, in Ironic’s words', () => {
    expect(() => when(nodeIn('manageable'), update({ power_interface: 'ipmitool' }))).toThrow(
      refusal('invalid_parameter', "Could not find the following interface in the 'ironic.hardware.interfaces.power' entrypoint: ipmitool. Valid interfaces are ['fake']."),
    );
    expect(() => when(null, { type: 'RegisterNode', data: { driver: 'redfish', bios_interface: 'fake', provision_state: 'enroll' } })).toThrow(
      refusal('invalid_parameter', "Could not find the following interface in the 'ironic.hardware.interfaces.bios' entrypoint: fake. Valid interfaces are ['redfish', 'no-bios']."),
    );
  });

  it('are checked against a new driver, or reset to its defaults with reset_interfaces', () => {
    expect(() => when(nodeIn('manageable'), update({ driver: 'ipmi' }))).toThrow(refusal('invalid_parameter', expect.stringContaining("'ironic.hardware.interfaces.bios' entrypoint: fake.")));
    const reset = when(nodeIn('manageable'), update({ driver: 'ipmi', vendor_interface: 'no-vendor' }, { reset_interfaces: true })).node!;
    expect(reset).toMatchObject({ driver: 'ipmi', power_interface: 'ipmitool', management_interface: 'ipmitool', bios_interface: 'no-bios', deploy_interface: 'direct', vendor_interface: 'no-vendor' });
    // A driver change alone is not bound to the interface states: the reset interfaces follow the driver.
    expect(when(nodeIn('active'), update({ driver: 'ipmi' }, { reset_interfaces: true })).node?.power_interface).toBe('ipmitool');
  });

  it('are the hardware type’s defaults at registration unless asked for (null counts as not asked)', () => {
    const { node } = when(null, { type: 'RegisterNode', data: { driver: 'redfish', power_interface: null, console_interface: 'no-console', provision_state: 'enroll' } });
    expect(node).toMatchObject({ power_interface: 'redfish', console_interface: 'no-console', boot_interface: 'pxe' });
  });
});

describe('protected nodes', () => {
  it('are made protected only in active or rescue', () => {
    expect(when(nodeIn('active'), update({ protected: true, protected_reason: 'prod' })).node).toMatchObject({ protected: true, protected_reason: 'prod' });
    expect(when(nodeIn('rescue'), update({ protected: true })).node?.protected).toBe(true);
    expect(() => when(nodeIn('enroll'), update({ protected: true }))).toThrow(
      refusal('conflict', `Node ${NODE_ID} can only be made protected in provision states 'active' or 'rescue', the current state is 'enroll'`),
    );
  });

  it('lose their reason when unprotected; a reason needs the flag', () => {
    expect(when(nodeIn('active', { protected: true, protected_reason: 'prod' }), update({ protected: false })).node).toMatchObject({ protected: false, protected_reason: null });
    expect(() => when(nodeIn('active'), update({ protected_reason: 'why' }))).toThrow(refusal('invalid_parameter', 'The protected_reason field can only be set when protected is True'));
  });

  it('are never deleted, undeployed or rebuilt (403), not even in maintenance', () => {
    const node = nodeIn('active', { protected: true, maintenance: true });
    const forbidden = refusal('forbidden', `Node ${NODE_ID} is protected and cannot be undeployed, rebuilt or deleted`);
    expect(() => when(node, { type: 'DeleteNode', data: {} })).toThrow(forbidden);
    for (const target of ['deleted', 'undeploy']) expect(() => when(nodeIn('active', { protected: true }), { type: 'RequestProvisionAction', data: { target } })).toThrow(forbidden);
    expect(() => when(nodeIn('active', { protected: true }), { type: 'RequestProvisionAction', data: { target: 'rebuild' } })).toThrow(forbidden);
    expect(when(nodeIn('active', { protected: true }), { type: 'RequestProvisionAction', data: { target: 'rescue' } }).node?.provision_state).toBe('rescuing');
  });
});

describe('retired nodes', () => {
  it('retire in any state but available; un-retiring drops the reason; a reason needs the flag', () => {
    expect(when(nodeIn('manageable'), update({ retired: true, retired_reason: 'old' })).node).toMatchObject({ retired: true, retired_reason: 'old' });
    expect(() => when(nodeIn('available'), update({ retired: true }))).toThrow(
      refusal('conflict', `Node ${NODE_ID} can not have 'retired' set in provision state 'available', the current state is 'available'`),
    );
    expect(when(nodeIn('active', { retired: true, retired_reason: 'old' }), update({ retired: null })).node).toMatchObject({ retired: null, retired_reason: null });
    expect(() => when(nodeIn('active'), update({ retired_reason: 'old' }))).toThrow(refusal('invalid_parameter', 'The retired_reason field can only be set when retired is True'));
  });

  it('cannot be provided', () => {
    expect(() => when(nodeIn('manageable', { retired: true }), { type: 'RequestProvisionAction', data: { target: 'provide' } })).toThrow(
      refusal('invalid_parameter', `The providing operation can't be performed on node ${NODE_ID} because it is retired.`),
    );
  });

  it('end their undeployment in manageable, after cleaning', () => {
    let node: Node | null = nodeIn('active', { retired: true });
    node = when(node, { type: 'RequestProvisionAction', data: { target: 'undeploy' } }).node;
    node = when(node, { type: 'RecordProvisionOutcome', data: { outcome: 'succeeded' } }).node;
    expect(node?.provision_state).toBe('cleaning');
    node = when(node, { type: 'RecordProvisionOutcome', data: { outcome: 'succeeded' } }).node;
    expect(node).toMatchObject({ provision_state: 'manageable', target_provision_state: null });
  });
});

describe('other fields', () => {
  it('instance_uuid is set once: another instance is refused, the same one changes nothing, removal is allowed', () => {
    const node = nodeIn('active', { instance_uuid: 'i-1' });
    expect(() => when(node, update({ instance_uuid: 'i-2' }))).toThrow(refusal('conflict', `Node ${NODE_ID} is associated with instance i-1.`));
    expect(when(node, update({ instance_uuid: 'i-1' })).events).toEqual([]);
    expect(when(node, update({ instance_uuid: null })).node?.instance_uuid).toBeNull();
  });

  it('resource_class is set in any state, changed only in the five states (maintenance does not help)', () => {
    expect(when(nodeIn('active'), update({ resource_class: 'gold' })).node?.resource_class).toBe('gold');
    expect(when(nodeIn('manageable', { resource_class: 'gold' }), update({ resource_class: 'silver' })).node?.resource_class).toBe('silver');
    expect(() => when(nodeIn('active', { resource_class: 'gold', maintenance: true }), update({ resource_class: null }))).toThrow(
      refusal('conflict', `Node ${NODE_ID} can not have resource_class updated unless it is in one of allowed ${ALLOWED} states.`),
    );
  });

  it('instance_info and driver_info may change on an active node', () => {
    expect(when(nodeIn('active'), update({ instance_info: { image_source: 'http://x/img' }, driver_info: { a: 1 } })).node).toMatchObject({ instance_info: { image_source: 'http://x/img' }, driver_info: { a: 1 } });
  });

  it('the scheduler’s properties are non-negative integers, or strings of them', () => {
    expect(when(nodeIn('enroll'), update({ properties: { cpus: '4', memory_mb: 1024, local_gb: 0 } })).node?.properties).toEqual({ cpus: '4', memory_mb: 1024, local_gb: 0 });
    expect(() => when(nodeIn('enroll'), update({ properties: { cpus: -1, memory_mb: 'abc', other: 'x' } }))).toThrow(
      refusal('invalid_parameter', `The following properties for node ${NODE_ID} should be non-negative integers, but provided values are: cpus=-1, memory_mb=abc`),
    );
    expect(() => when(null, { type: 'RegisterNode', data: { driver: 'fake-hardware', properties: { local_gb: [1] }, provision_state: 'enroll' } })).toThrow(
      refusal('invalid_parameter', `The following properties for node ${NODE_ID} should be non-negative integers, but provided values are: local_gb=[1]`),
    );
  });
});

describe('deletion', () => {
  it('is allowed in manageable, enroll, adopt failed and available, elsewhere only in maintenance', () => {
    for (const state of ['manageable', 'enroll', 'adopt failed', 'available'] as const) expect(when(nodeIn(state), { type: 'DeleteNode', data: {} }).types).toEqual(['NodeDeleted']);
    expect(() => when(nodeIn('active'), { type: 'DeleteNode', data: {} })).toThrow(
      refusal(
        'conflict',
        `Can not delete node "${NODE_ID}" while it is in provision state "active". Valid provision states to perform deletion are: "('manageable', 'enroll', 'adopt failed', 'available')", or set the node into maintenance mode`,
      ),
    );
    expect(when(nodeIn('active', { maintenance: true }), { type: 'DeleteNode', data: {} }).types).toEqual(['NodeDeleted']);
  });

  it('leaves available nodes alone when the conductor is told to', () => {
    expect(() => when(nodeIn('available'), { type: 'DeleteNode', data: { allow_deleting_available: false } })).toThrow(
      refusal(
        'conflict',
        `Can not delete node "${NODE_ID}" while it is in provision state "available". Valid provision states to perform deletion are: "('manageable', 'enroll', 'adopt failed')", or set the node into maintenance mode`,
      ),
    );
  });

  it('keeps a node with an instance, unless in maintenance', () => {
    expect(() => when(nodeIn('manageable', { instance_uuid: 'i-1' }), { type: 'DeleteNode', data: {} })).toThrow(refusal('conflict', `Node ${NODE_ID} is associated with instance i-1.`));
    expect(when(nodeIn('active', { instance_uuid: 'i-1', maintenance: true }), { type: 'DeleteNode', data: {} }).types).toEqual(['NodeDeleted']);
  });
});

describe('deployment in maintenance', () => {
  it('is refused for deploy and rebuild', () => {
    const message = `The provisioning operation can't be performed on node ${NODE_ID} because it's in maintenance mode.`;
    expect(() => when(nodeIn('available', { maintenance: true }), { type: 'RequestProvisionAction', data: { target: 'active' } })).toThrow(refusal('invalid_parameter', message));
    expect(() => when(nodeIn('active', { maintenance: true }), { type: 'RequestProvisionAction', data: { target: 'rebuild' } })).toThrow(refusal('invalid_parameter', message));
  });
});
