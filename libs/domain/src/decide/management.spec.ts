import { describe, expect, it } from '@jest/globals';
import { InvalidParameterError, InvalidStateError, NodeLockedError, NotFoundError, ResourceConflictError } from '../errors.js';
import { type ManagementAction } from '../management.js';
import { type Node } from '../node.js';
import { UNSTABLE_STATES } from '../states.js';
import { CONDUCTOR, meta, NODE_ID, nodeIn } from '../testing/fixtures.js';
import { given, when } from '../testing/decider-specification.js';
import { workAfter } from '../work.js';

/** A node whose lock CONDUCTOR holds for `action`. */
const lockedFor = (action: ManagementAction, overrides: Partial<Node> = {}) => nodeIn('manageable', { reservation: CONDUCTOR, management_action: action, ...overrides });
const succeeded = { type: 'RecordManagementOutcome' as const, data: { outcome: 'succeeded' as const } };
const failed = (error: string) => ({ type: 'RecordManagementOutcome' as const, data: { outcome: 'failed' as const, error } });

describe('synchronous management calls', () => {
  it('take the node’s lock for the call, keeping last_error', () => {
    const { events, node } = when(nodeIn('active', { last_error: 'old' }), { type: 'SetBootDevice', data: { boot_device: 'pxe', persistent: true } });
    expect(events).toEqual([expect.objectContaining({ type: 'ManagementActionStarted', data: { action: { kind: 'set_boot_device', boot_device: 'pxe', persistent: true }, reservation: CONDUCTOR } })]);
    expect(node).toMatchObject({ reservation: CONDUCTOR, management_action: { kind: 'set_boot_device' }, last_error: 'old' });
    expect(workAfter(node, events)).toBeNull();
    expect(when(nodeIn('manageable'), { type: 'InjectNmi', data: {} }).node.management_action).toEqual({ kind: 'inject_nmi' });
    expect(when(nodeIn('manageable'), { type: 'SetIndicatorState', data: { component: 'system', indicator: 'led', state: 'on' } }).node.management_action).toEqual({
      kind: 'set_indicator_state', component: 'system', indicator: 'led', state: 'on',
    });
  });

  it('are refused while another call or operation holds the node, in maintenance too', () => {
    given(nodeIn('cleaning')).when({ type: 'InjectNmi', data: {} }).thenThrows(NodeLockedError);
    given(lockedFor({ kind: 'inject_nmi' })).when({ type: 'SetBootDevice', data: { boot_device: 'pxe', persistent: false } }).thenThrows(NodeLockedError);
    expect(when(nodeIn('manageable', { maintenance: true }), { type: 'InjectNmi', data: {} }).events).toHaveLength(1);
  });

  it('record what was done and release the lock', () => {
    const cases: [ManagementAction, object][] = [
      [{ kind: 'set_boot_device', boot_device: 'disk', persistent: false }, { type: 'BootDeviceSet', data: { boot_device: 'disk', persistent: false } }],
      [{ kind: 'inject_nmi' }, { type: 'NmiInjected', data: {} }],
      [{ kind: 'set_indicator_state', component: 'chassis', indicator: 'c1', state: 'blinking' }, { type: 'IndicatorSet', data: { component: 'chassis', indicator: 'c1', state: 'blinking' } }],
    ];
    for (const [action, event] of cases) {
      const { events, node } = when(lockedFor(action), succeeded);
      expect(events).toEqual([expect.objectContaining(event)]);
      expect(node).toMatchObject({ reservation: null, management_action: null });
    }
  });

  it('record a failure with the driver’s words, leaving last_error alone', () => {
    const { events, node } = when(lockedFor({ kind: 'inject_nmi' }, { last_error: 'old' }), failed('BMC said no'));
    expect(events).toEqual([expect.objectContaining({ type: 'ManagementActionFailed', data: { action: { kind: 'inject_nmi' }, error: 'BMC said no' } })]);
    expect(node).toMatchObject({ reservation: null, management_action: null, last_error: 'old' });
  });

  it('take an outcome only from the conductor holding the node, for the call it holds it for', () => {
    given(lockedFor({ kind: 'inject_nmi' })).when({ ...succeeded, meta: meta({ conductor: 'conductor-b' }) }).thenThrows(NodeLockedError);
    given(nodeIn('manageable')).when(succeeded).thenThrows(InvalidStateError);
  });
});

describe('asynchronous management calls', () => {
  it('take the lock, clear last_error and leave the call to the conductor’s work', () => {
    const { events, node } = when(nodeIn('active', { last_error: 'old' }), { type: 'SetBootMode', data: { target: 'uefi' } });
    expect(node).toMatchObject({ reservation: CONDUCTOR, last_error: null, management_action: { kind: 'set_boot_mode', target: 'uefi' } });
    expect(workAfter(node, events)).toEqual({ kind: 'management', action: { kind: 'set_boot_mode', target: 'uefi' } });
  });

  it('record the new boot mode, secure boot state or console mode', () => {
    expect(when(lockedFor({ kind: 'set_boot_mode', target: 'bios' }), succeeded).node).toMatchObject({ boot_mode: 'bios', reservation: null });
    expect(when(lockedFor({ kind: 'set_secure_boot', target: true }), succeeded).node).toMatchObject({ secure_boot: true, reservation: null });
    expect(when(lockedFor({ kind: 'set_console', enabled: true }), succeeded).node).toMatchObject({ console_enabled: true, reservation: null });
  });

  it('put a failure in last_error in Ironic’s words', () => {
    const error = (action: ManagementAction) => when(lockedFor(action), failed('no luck')).node.last_error;
    expect(error({ kind: 'set_boot_mode', target: 'uefi' })).toBe("Failed to change boot mode to 'uefi: no luck");
    expect(error({ kind: 'set_secure_boot', target: false })).toBe("Failed to change secure_boot state to 'False': no luck");
    expect(error({ kind: 'set_console', enabled: true })).toBe(`Error enabling the console on node ${NODE_ID}. Reason: no luck`);
    expect(error({ kind: 'set_console', enabled: false })).toBe(`Error disabling the console on node ${NODE_ID}. Reason: no luck`);
    expect(error({ kind: 'set_console', enabled: null })).toBe('Async execution of _set_console_mode failed with error: no luck');
  });

  it('refuse a target that is not a boot mode, and a secure boot state of null, in Ironic’s words', () => {
    for (const target of ['UEFI', 'legacy', null]) {
      given(nodeIn('manageable')).when({ type: 'SetBootMode', data: { target: target as 'uefi' } }).thenThrows(
        new InvalidParameterError(NODE_ID, `Invalid boot mode ${target ?? 'None'} requested for node. Allowed boot modes are: bios, uefi`),
      );
    }
    given(nodeIn('manageable')).when({ type: 'SetSecureBoot', data: { target: null as unknown as boolean } }).thenThrows(
      'Invalid secure_boot None requested for node. Allowed secure_boot states are: True, False) ',
    );
  });

  it.each(UNSTABLE_STATES)('leave boot mode and secure boot alone in %s (409, Ironic’s unformatted text)', (state) => {
    const transitioning = new ResourceConflictError(
      'Node is in %(state)s state. Since node is transitioning, the boot mode will not be set as this may interfere with ongoing changes and result in erroneous modification. Try again later.',
    );
    given(nodeIn(state)).when({ type: 'SetBootMode', data: { target: 'uefi' } }).thenThrows(transitioning);
    given(nodeIn(state)).when({ type: 'SetSecureBoot', data: { target: true } }).thenThrows(transitioning);
  });

  it('console: refused without a console interface, nothing when already so, a null accepted', () => {
    given(nodeIn('manageable', { console_interface: 'no-console' })).when({ type: 'SetConsoleMode', data: { enabled: false } }).thenThrows(
      new InvalidParameterError(NODE_ID, 'Driver fake-hardware does not support console (disabled or not implemented).'),
    );
    given(nodeIn('manageable', { console_enabled: true })).when({ type: 'SetConsoleMode', data: { enabled: true } }).then([]);
    given(nodeIn('cleaning')).when({ type: 'SetConsoleMode', data: { enabled: false } }).then([]);
    expect(when(nodeIn('manageable'), { type: 'SetConsoleMode', data: { enabled: null } }).node.management_action).toEqual({ kind: 'set_console', enabled: null });
    given(lockedFor({ kind: 'set_console', enabled: null })).when(succeeded).thenThrows(InvalidStateError);
  });
});

describe('vendor methods', () => {
  const call = (method: string, http_method = 'POST', args = {}) => ({ type: 'CallVendorMethod' as const, data: { method, http_method, args } });
  const ipmitool = (overrides: Partial<Node> = {}) => nodeIn('active', { driver: 'ipmi', vendor_interface: 'ipmitool', last_error: 'old', ...overrides });

  it('take the lock and leave the call to the conductor’s work, keeping last_error as Ironic does', () => {
    const { events, node } = when(ipmitool(), call('bmc_reset', 'post', { warm: false }));
    const action = { kind: 'vendor_method', method: 'bmc_reset', http_method: 'POST', args: { warm: false } };
    expect(events).toEqual([expect.objectContaining({ type: 'ManagementActionStarted', data: { action, reservation: CONDUCTOR } })]);
    expect(node).toMatchObject({ reservation: CONDUCTOR, management_action: action, last_error: 'old' });
    expect(workAfter(node, events)).toEqual({ kind: 'management', action });
  });

  it('are refused in Ironic’s words and order: unknown method, HTTP method, lock, missing raw_bytes', () => {
    given(nodeIn('manageable', { driver: 'ipmi', vendor_interface: 'no-vendor' })).when(call('send_raw')).thenThrows(new InvalidParameterError(NODE_ID, 'No handler for method send_raw'));
    given(ipmitool({ reservation: 'other' })).when(call('reset_bmc')).thenThrows(new InvalidParameterError(NODE_ID, 'No handler for method reset_bmc'));
    given(ipmitool({ reservation: 'other' })).when(call('send_raw', 'GET')).thenThrows(new InvalidParameterError(NODE_ID, 'The method send_raw does not support HTTP GET'));
    given(ipmitool({ reservation: 'other' })).when(call('send_raw')).thenThrows(NodeLockedError);
    for (const raw_bytes of [undefined, '', 0, false, [], {}]) {
      given(ipmitool()).when(call('send_raw', 'POST', raw_bytes === undefined ? {} : { raw_bytes })).thenThrows(new InvalidParameterError(NODE_ID, 'Parameter raw_bytes (string of bytes) was not specified.'));
    }
  });

  it('record the call, or its failure in last_error as Ironic’s conductor writes it when its worker ends with an error, and release the lock', () => {
    const action: ManagementAction = { kind: 'vendor_method', method: 'send_raw', http_method: 'POST', args: { raw_bytes: '0x06 0x01' } };
    const done = when(lockedFor(action, { vendor_interface: 'ipmitool', last_error: 'old' }), succeeded);
    expect(done.events).toEqual([expect.objectContaining({ type: 'VendorMethodCalled', data: { method: 'send_raw' } })]);
    expect(done.node).toMatchObject({ reservation: null, management_action: null, last_error: 'old' });
    const broken = when(lockedFor(action, { vendor_interface: 'ipmitool', last_error: null }), failed('IPMI "raw 0x06 0x01" failed'));
    const last_error = 'Async execution of send_raw failed with error: IPMI "raw 0x06 0x01" failed';
    expect(broken.events).toEqual([expect.objectContaining({ type: 'ManagementActionFailed', data: { action, error: 'IPMI "raw 0x06 0x01" failed', last_error } })]);
    expect(broken.node).toMatchObject({ reservation: null, management_action: null, last_error });
  });

  it('leave an error the node already has, and a synchronous method’s failure (the caller gets it), out of last_error', () => {
    const eject: ManagementAction = { kind: 'vendor_method', method: 'eject_vmedia', http_method: 'POST', args: {} };
    expect(when(lockedFor(eject, { vendor_interface: 'redfish', last_error: 'earlier' }), failed('no media')).node.last_error).toBe('earlier');
    expect(when(lockedFor(eject, { vendor_interface: 'redfish', last_error: null }), failed('no media')).node.last_error).toBe('Async execution of eject_vmedia failed with error: no media');
    const list: ManagementAction = { kind: 'vendor_method', method: 'get_all_subscriptions', http_method: 'GET', args: {} };
    const sync = when(lockedFor(list, { vendor_interface: 'redfish', last_error: null }), failed('BMC says no'));
    expect(sync.events).toEqual([expect.objectContaining({ type: 'ManagementActionFailed', data: { action: list, error: 'BMC says no' } })]);
    expect(sync.node.last_error).toBeNull();
  });
});

describe('recovery', () => {
  it('releases the lock of a dead conductor with a failure naming the call', () => {
    const { events, node } = when(lockedFor({ kind: 'set_boot_mode', target: 'bios' }, { reservation: 'dead-1' }), { type: 'RecoverNode', data: { deadConductor: 'dead-1' } });
    expect(events).toEqual([expect.objectContaining({ type: 'ManagementActionFailed' })]);
    expect(node).toMatchObject({
      reservation: null,
      management_action: null,
      last_error: "Failed to change boot mode to 'bios: Conductor dead-1 stopped while the node was setting the boot mode to bios.",
    });
  });
});

describe('the target RAID configuration', () => {
  const config = { logical_disks: [{ size_gb: 'MAX', raid_level: '1', is_root_volume: true }] };

  it('is kept as given, or cleared with {} whatever the RAID interface', () => {
    expect(when(nodeIn('active'), { type: 'SetTargetRaidConfig', data: { target_raid_config: config } }).node.target_raid_config).toEqual(config);
    const noRaid = nodeIn('active', { raid_interface: 'no-raid', target_raid_config: config });
    expect(when(noRaid, { type: 'SetTargetRaidConfig', data: { target_raid_config: {} } }).node.target_raid_config).toEqual({});
  });

  it('is refused when invalid (400), without a RAID interface (404), or while the node is held (409)', () => {
    given(nodeIn('active')).when({ type: 'SetTargetRaidConfig', data: { target_raid_config: { logical_disks: [] } } }).thenThrows(
      new InvalidParameterError(NODE_ID, 'RAID config validation error: [] is too short'),
    );
    given(nodeIn('active', { raid_interface: 'no-raid' })).when({ type: 'SetTargetRaidConfig', data: { target_raid_config: config } }).thenThrows(
      new NotFoundError('Driver fake-hardware does not support raid (disabled or not implemented).'),
    );
    given(nodeIn('deploying')).when({ type: 'SetTargetRaidConfig', data: { target_raid_config: {} } }).thenThrows(NodeLockedError);
  });
});

describe('what the conductor reads from the hardware', () => {
  it('replaces the BIOS settings, recording only what changed, with when each appeared and last changed', () => {
    const read = (settings: { name: string; value: string }[], node: Node, at: string) => when(node, { type: 'CacheBiosSettings', data: { settings }, meta: meta({ at }) });
    const first = read([{ name: 'A', value: '1' }, { name: 'B', value: '2' }], nodeIn('cleaning'), '2026-11-21T10:00:00.000Z');
    expect(first.events).toEqual([expect.objectContaining({ type: 'BiosSettingsCached', data: { set: [{ name: 'A', value: '1' }, { name: 'B', value: '2' }], removed: [] } })]);
    expect(read([{ name: 'B', value: '2' }, { name: 'A', value: '1' }], first.node, '2026-11-21T11:00:00.000Z').events).toEqual([]);
    const second = read([{ name: 'B', value: '3' }, { name: 'C', value: '4' }], first.node, '2026-11-21T12:00:00.000Z');
    expect(second.events[0]!.data).toEqual({ set: [{ name: 'B', value: '3' }, { name: 'C', value: '4' }], removed: ['A'] });
    expect(second.node.bios_settings).toEqual([
      { name: 'B', value: '3', created_at: '2026-11-21T10:00:00.000Z', updated_at: '2026-11-21T12:00:00.000Z' },
      { name: 'C', value: '4', created_at: '2026-11-21T12:00:00.000Z', updated_at: null },
    ]);
    expect(() => read([], nodeIn('cleaning', { reservation: 'conductor-b' }), '2026-11-21T12:00:00.000Z')).toThrow(NodeLockedError);
  });

  it('records the boot mode and secure boot state when they differ', () => {
    const node = nodeIn('verifying', { boot_mode: 'uefi', secure_boot: true });
    given(node).when({ type: 'CacheBootMode', data: { boot_mode: 'uefi', secure_boot: true } }).then([]);
    expect(when(node, { type: 'CacheBootMode', data: { boot_mode: null, secure_boot: null } }).node).toMatchObject({ boot_mode: null, secure_boot: null });
  });
});
