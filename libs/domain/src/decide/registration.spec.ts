/** Ironic's rules for operator-owned node fields: given a node, when it is registered, updated, deleted or moved, then these events or this refusal. */
import { describe, expect, it } from '@jest/globals';
import { type DomainErrorType, InvalidParameterError, NodeConflictError } from '../errors.js';
import { type Node } from '../node.js';
import { NODE_ID, nodeIn } from '../testing/fixtures.js';
import { given, when } from '../testing/decider-specification.js';

const update = (changes: object, extra: object = {}) => ({ type: 'UpdateNode' as const, data: { changes, ...extra } });
/** A domain refusal of this kind (`type`, which decides the HTTP status) and text. */
const refusal = (type: DomainErrorType, message: unknown) => expect.objectContaining({ type, message });
const ALLOWED = '(enroll, inspecting, inspect wait, manageable, available)';

describe('registration', () => {
  it('starts in enroll (or available for old clients) with time and actor from the command', () => {
    const { node } = given(null)
      .when({ type: 'RegisterNode', data: { driver: 'redfish', name: 'n1', provision_state: 'enroll' } })
      .then([
        expect.objectContaining({
          type: 'NodeRegistered',
          meta: { nodeId: NODE_ID, at: '2026-11-21T10:00:00.000Z', actor: 'operator', requestId: 'req-1', correlationId: 'req-1', causationId: 'req-1' },
        }),
      ]);
    expect(node).toMatchObject({ uuid: NODE_ID, name: 'n1', driver: 'redfish', provision_state: 'enroll', power_state: null, created_at: '2026-11-21T10:00:00.000Z', updated_at: null });
    expect(when(null, { type: 'RegisterNode', data: { driver: 'fake-hardware', provision_state: 'available' } }).node.provision_state).toBe('available');
  });

  it('refuses a second registration of the same uuid', () => {
    given(nodeIn('enroll')).when({ type: 'RegisterNode', data: { driver: 'fake-hardware', provision_state: 'enroll' } }).thenThrows(NodeConflictError);
  });

  it('gives a new node its hardware type’s default interfaces, and keeps the ones asked for', () => {
    const redfish = when(null, { type: 'RegisterNode', data: { driver: 'redfish', provision_state: 'enroll' } }).node;
    expect(redfish).toMatchObject({ power_interface: 'redfish', management_interface: 'redfish', deploy_interface: 'direct', network_interface: 'noop' });
    const flat = when(null, { type: 'RegisterNode', data: { driver: 'fake-hardware', network_interface: 'flat', provision_state: 'enroll' } }).node;
    expect(flat).toMatchObject({ power_interface: 'fake', network_interface: 'flat' });
  });

  it('refuses an interface the hardware type does not offer, in Ironic’s words, at registration and on update', () => {
    const refused = new InvalidParameterError(NODE_ID, "Could not find the following interface in the 'ironic.hardware.interfaces.boot' entrypoint: pxe. Valid interfaces are ['fake'].");
    given(null).when({ type: 'RegisterNode', data: { driver: 'fake-hardware', boot_interface: 'pxe', provision_state: 'enroll' } }).thenThrows(refused);
    given(nodeIn('manageable')).when(update({ boot_interface: 'pxe' })).thenThrows(refused);
    expect(when(nodeIn('manageable', { driver: 'redfish', ...{ power_interface: 'redfish', management_interface: 'redfish', boot_interface: 'pxe', deploy_interface: 'ramdisk', bios_interface: 'redfish', console_interface: 'no-console', inspect_interface: 'inspector', raid_interface: 'no-raid', rescue_interface: 'no-rescue', vendor_interface: 'no-vendor' } }), update({ bios_interface: 'no-bios' })).node.bios_interface).toBe('no-bios');
  });
});

describe('updates', () => {
  it('record only what changed', () => {
    given(nodeIn('enroll', { name: 'a' }))
      .when(update({ name: 'a', extra: { rack: 4 } }))
      .then([expect.objectContaining({ type: 'NodeUpdated', data: expect.objectContaining({ changes: { extra: { rack: 4 } } }) })]);
    given(nodeIn('enroll', { name: 'a' })).when(update({ name: 'a' })).then([]);
  });

  it('refuse to move an instance-associated node to another instance', () => {
    given(nodeIn('active', { instance_uuid: 'i-1' })).when(update({ instance_uuid: 'i-2' })).thenThrows(NodeConflictError);
  });
});

describe('hardware interfaces', () => {
  it('change only in enroll, inspecting, inspect wait, manageable and available, or in maintenance', () => {
    for (const state of ['enroll', 'inspecting', 'inspect wait', 'manageable', 'available'] as const) {
      expect(when(nodeIn(state, { reservation: null }), update({ console_interface: 'no-console' })).node?.console_interface).toBe('no-console');
    }
    given(nodeIn('active')).when(update({ console_interface: 'no-console' })).thenThrows(
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
    given(nodeIn('active', { console_interface: 'no-console' })).when(update({ console_interface: null })).thenThrows(expect.objectContaining({ type: 'conflict' }));
    given(nodeIn('manageable')).when(update({ console_interface: null })).then([]);
  });

  it('are refused when the hardware type does not offer them, in Ironic’s words', () => {
    given(nodeIn('manageable')).when(update({ power_interface: 'ipmitool' })).thenThrows(
      refusal('invalid_parameter', "Could not find the following interface in the 'ironic.hardware.interfaces.power' entrypoint: ipmitool. Valid interfaces are ['fake']."),
    );
    given(null).when({ type: 'RegisterNode', data: { driver: 'redfish', bios_interface: 'fake', provision_state: 'enroll' } }).thenThrows(
      refusal('invalid_parameter', "bios interface implementation 'fake' is not supported by hardware type RedfishHardware."),
    );
    given(null).when({ type: 'RegisterNode', data: { driver: 'ipmi', boot_interface: 'bogus', provision_state: 'enroll' } }).thenThrows(
      refusal('invalid_parameter', "Could not find the following interface in the 'ironic.hardware.interfaces.boot' entrypoint: bogus. Valid interfaces are ['fake', 'ipxe', 'pxe', 'redfish-virtual-media']."),
    );
  });

  it('are what Ironic 21.4 offers a type: ipmi with iPXE boot and RAID through the agent (Metal3)', () => {
    const { node } = when(null, { type: 'RegisterNode', data: { driver: 'ipmi', boot_interface: 'ipxe', raid_interface: 'agent', provision_state: 'enroll' } });
    expect(node).toMatchObject({ boot_interface: 'ipxe', raid_interface: 'agent' });
    const updated = when(node!, update({ boot_interface: 'pxe', raid_interface: 'no-raid', console_interface: 'ipmitool-socat', storage_interface: 'external' })).node;
    expect(updated).toMatchObject({ boot_interface: 'pxe', raid_interface: 'no-raid', console_interface: 'ipmitool-socat', storage_interface: 'external' });
  });

  it('are checked against a new driver, or reset to its defaults with reset_interfaces', () => {
    given(nodeIn('manageable')).when(update({ driver: 'ipmi' })).thenThrows(refusal('invalid_parameter', "bios interface implementation 'fake' is not supported by hardware type IPMIHardware."));
    const reset = when(nodeIn('manageable'), update({ driver: 'ipmi', vendor_interface: 'no-vendor' }, { reset_interfaces: true })).node!;
    expect(reset).toMatchObject({ driver: 'ipmi', power_interface: 'ipmitool', management_interface: 'ipmitool', bios_interface: 'no-bios', deploy_interface: 'direct', vendor_interface: 'no-vendor' });
    // A driver change alone is not bound to the interface states: the reset interfaces follow the driver.
    expect(when(nodeIn('active'), update({ driver: 'ipmi' }, { reset_interfaces: true })).node?.power_interface).toBe('ipmitool');
  });

  it('are the hardware type’s defaults at registration unless asked for (null counts as not asked)', () => {
    const { node } = when(null, { type: 'RegisterNode', data: { driver: 'redfish', power_interface: null, console_interface: 'no-console', provision_state: 'enroll' } });
    expect(node).toMatchObject({ power_interface: 'redfish', console_interface: 'no-console', boot_interface: 'ipxe' });
  });
});

describe('protected nodes', () => {
  it('are made protected only in active or rescue', () => {
    expect(when(nodeIn('active'), update({ protected: true, protected_reason: 'prod' })).node).toMatchObject({ protected: true, protected_reason: 'prod' });
    expect(when(nodeIn('rescue'), update({ protected: true })).node?.protected).toBe(true);
    given(nodeIn('enroll')).when(update({ protected: true })).thenThrows(
      refusal('conflict', `Node ${NODE_ID} can only be made protected in provision states 'active' or 'rescue', the current state is 'enroll'`),
    );
  });

  it('lose their reason when unprotected; a reason needs the flag', () => {
    expect(when(nodeIn('active', { protected: true, protected_reason: 'prod' }), update({ protected: false })).node).toMatchObject({ protected: false, protected_reason: null });
    given(nodeIn('active')).when(update({ protected_reason: 'why' })).thenThrows(refusal('invalid_parameter', 'The protected_reason field can only be set when protected is True'));
  });

  it('are never deleted, undeployed or rebuilt (403), not even in maintenance', () => {
    const node = nodeIn('active', { protected: true, maintenance: true });
    const forbidden = refusal('forbidden', `Node ${NODE_ID} is protected and cannot be undeployed, rebuilt or deleted`);
    given(node).when({ type: 'DeleteNode', data: {} }).thenThrows(forbidden);
    for (const target of ['deleted', 'undeploy']) given(nodeIn('active', { protected: true })).when({ type: 'RequestProvisionAction', data: { target } }).thenThrows(forbidden);
    given(nodeIn('active', { protected: true })).when({ type: 'RequestProvisionAction', data: { target: 'rebuild' } }).thenThrows(forbidden);
    expect(when(nodeIn('active', { protected: true }), { type: 'RequestProvisionAction', data: { target: 'rescue', rescue_password: 'pw' } }).node?.provision_state).toBe('rescuing');
  });
});

describe('retired nodes', () => {
  it('retire in any state but available; un-retiring drops the reason; a reason needs the flag', () => {
    expect(when(nodeIn('manageable'), update({ retired: true, retired_reason: 'old' })).node).toMatchObject({ retired: true, retired_reason: 'old' });
    given(nodeIn('available')).when(update({ retired: true })).thenThrows(
      refusal('conflict', `Node ${NODE_ID} can not have 'retired' set in provision state 'available', the current state is 'available'`),
    );
    expect(when(nodeIn('active', { retired: true, retired_reason: 'old' }), update({ retired: null })).node).toMatchObject({ retired: null, retired_reason: null });
    given(nodeIn('active')).when(update({ retired_reason: 'old' })).thenThrows(refusal('invalid_parameter', 'The retired_reason field can only be set when retired is True'));
  });

  it('cannot be provided', () => {
    given(nodeIn('manageable', { retired: true })).when({ type: 'RequestProvisionAction', data: { target: 'provide' } }).thenThrows(
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
    given(node).when(update({ instance_uuid: 'i-2' })).thenThrows(refusal('conflict', `Node ${NODE_ID} is associated with instance i-1.`));
    given(node).when(update({ instance_uuid: 'i-1' })).then([]);
    expect(when(node, update({ instance_uuid: null })).node?.instance_uuid).toBeNull();
  });

  it('resource_class is set in any state, changed only in the five states (maintenance does not help)', () => {
    expect(when(nodeIn('active'), update({ resource_class: 'gold' })).node?.resource_class).toBe('gold');
    expect(when(nodeIn('manageable', { resource_class: 'gold' }), update({ resource_class: 'silver' })).node?.resource_class).toBe('silver');
    given(nodeIn('active', { resource_class: 'gold', maintenance: true })).when(update({ resource_class: null })).thenThrows(
      refusal('conflict', `Node ${NODE_ID} can not have resource_class updated unless it is in one of allowed ${ALLOWED} states.`),
    );
  });

  it('instance_info and driver_info may change on an active node', () => {
    expect(when(nodeIn('active'), update({ instance_info: { image_source: 'http://x/img' }, driver_info: { a: 1 } })).node).toMatchObject({ instance_info: { image_source: 'http://x/img' }, driver_info: { a: 1 } });
  });

  it('the scheduler’s properties are non-negative integers, or strings of them', () => {
    expect(when(nodeIn('enroll'), update({ properties: { cpus: '4', memory_mb: 1024, local_gb: 0 } })).node?.properties).toEqual({ cpus: '4', memory_mb: 1024, local_gb: 0 });
    given(nodeIn('enroll')).when(update({ properties: { cpus: -1, memory_mb: 'abc', other: 'x' } })).thenThrows(
      refusal('invalid_parameter', `The following properties for node ${NODE_ID} should be non-negative integers, but provided values are: cpus=-1, memory_mb=abc`),
    );
    given(null).when({ type: 'RegisterNode', data: { driver: 'fake-hardware', properties: { local_gb: [1] }, provision_state: 'enroll' } }).thenThrows(
      refusal('invalid_parameter', `The following properties for node ${NODE_ID} should be non-negative integers, but provided values are: local_gb=[1]`),
    );
  });
});

describe('deletion', () => {
  it('deletes only in the delete-allowed states, or in maintenance', () => {
    expect(when(nodeIn('manageable'), { type: 'DeleteNode', data: {} }).node).toBeNull();
    given(nodeIn('active')).when({ type: 'DeleteNode', data: {} }).thenThrows(/Can not delete node .* while it is in provision state "active"/);
    expect(when(nodeIn('available', { maintenance: true }), { type: 'DeleteNode', data: {} }).node).toBeNull();
  });

  it('is allowed in manageable, enroll, adopt failed and available, elsewhere only in maintenance', () => {
    for (const state of ['manageable', 'enroll', 'adopt failed', 'available'] as const) expect(when(nodeIn(state), { type: 'DeleteNode', data: {} }).types).toEqual(['NodeDeleted']);
    given(nodeIn('active')).when({ type: 'DeleteNode', data: {} }).thenThrows(
      refusal(
        'conflict',
        `Can not delete node "${NODE_ID}" while it is in provision state "active". Valid provision states to perform deletion are: "('manageable', 'enroll', 'adopt failed', 'available')", or set the node into maintenance mode`,
      ),
    );
    expect(when(nodeIn('active', { maintenance: true }), { type: 'DeleteNode', data: {} }).types).toEqual(['NodeDeleted']);
  });

  it('leaves available nodes alone when the conductor is told to', () => {
    given(nodeIn('available')).when({ type: 'DeleteNode', data: { allow_deleting_available: false } }).thenThrows(
      refusal(
        'conflict',
        `Can not delete node "${NODE_ID}" while it is in provision state "available". Valid provision states to perform deletion are: "('manageable', 'enroll', 'adopt failed')", or set the node into maintenance mode`,
      ),
    );
  });

  it('keeps a node with an instance, unless in maintenance', () => {
    given(nodeIn('manageable', { instance_uuid: 'i-1' })).when({ type: 'DeleteNode', data: {} }).thenThrows(refusal('conflict', `Node ${NODE_ID} is associated with instance i-1.`));
    expect(when(nodeIn('active', { instance_uuid: 'i-1', maintenance: true }), { type: 'DeleteNode', data: {} }).types).toEqual(['NodeDeleted']);
  });
});

describe('deployment in maintenance', () => {
  it('is refused for deploy and rebuild', () => {
    const message = `The provisioning operation can't be performed on node ${NODE_ID} because it's in maintenance mode.`;
    given(nodeIn('available', { maintenance: true })).when({ type: 'RequestProvisionAction', data: { target: 'active' } }).thenThrows(refusal('invalid_parameter', message));
    given(nodeIn('active', { maintenance: true })).when({ type: 'RequestProvisionAction', data: { target: 'rebuild' } }).thenThrows(refusal('invalid_parameter', message));
  });
});
