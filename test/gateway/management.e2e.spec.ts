/**
 * A node's management sub-resources through the gateway, with a real conductor and JetStream
 * behind it, on fake hardware: Ironic 21.4's statuses, gates and texts (compared with the real
 * Ironic's fake-hardware answers), each change an event, and refusals that append nothing.
 */
import { describe, expect, it, jest } from '@jest/globals';
import { nodeStreamId } from '@ironledger/contracts';
import { apiClient, at, fault, type Json } from '../support/api.js';
import { sleep } from '../support/system.js';
import { systemForFile } from '../support/system-for-file.js';

jest.setTimeout(60_000);

const system = systemForFile();
const call = apiClient(() => system.baseUrl);

async function createNode(name: string, extra: Json = {}): Promise<string> {
  const created = await call('POST', '/v1/nodes', { body: { driver: 'fake-hardware', name, ...extra } });
  expect(created.status).toBe(201);
  return created.json.uuid as string;
}

const types = async (uuid: string) => (await (await system.store()).readStream(nodeStreamId(uuid))).map((event) => event.type);
const states = async (ident: string) => (await call('GET', `/v1/nodes/${ident}/states`)).json;

/** Polls the node's states until `reached` holds. */
async function until(ident: string, reached: (states: Json) => boolean, what: string): Promise<Json> {
  const deadline = Date.now() + 15_000;
  let last: Json = {};
  while (Date.now() < deadline) {
    last = await states(ident);
    if (reached(last)) return last;
    await sleep(20);
  }
  throw new Error(`node ${ident} did not reach ${what}: ${JSON.stringify(last)}\n${system.logs()}`);
}

const settled = (ident: string, state: string) => until(ident, (s) => s.provision_state === state && s.target_provision_state === null, state);

/** Each request answers with the status and faultstring given, and the log does not grow. */
async function refusals(cases: readonly [string, string, unknown, number, string, Record<string, string>?][]): Promise<void> {
  const before = await system.eventCount();
  for (const [method, path, body, status, message, headers] of cases) {
    const answer = await call(method, path, { ...(body === undefined ? {} : typeof body === 'string' ? { raw: body } : { body }), ...(headers && { headers }) });
    expect([method, path, JSON.stringify(body), answer.status, answer.status >= 400 ? fault(answer.json) : answer.text]).toEqual([method, path, JSON.stringify(body), status, message]);
  }
  expect(await system.eventCount()).toBe(before);
}

describe('boot device', () => {
  it('reads the fake’s one-time PXE boot, lists its one device, and sets it holding the node’s lock', async () => {
    const uuid = await createNode('mgmt-boot');
    expect((await call('GET', '/v1/nodes/mgmt-boot/management/boot_device')).json).toEqual({ boot_device: 'pxe', persistent: false });
    expect((await call('GET', '/v1/nodes/mgmt-boot/management/boot_device/supported')).json).toEqual({ supported_boot_devices: ['pxe'] });
    const set = await call('PUT', '/v1/nodes/mgmt-boot/management/boot_device', { body: { boot_device: 'pxe', persistent: true } });
    expect([set.status, set.text, set.headers.get('location')]).toEqual([204, '', null]);
    for (const persistent of [null, 'on', 1]) expect((await call('PUT', `/v1/nodes/${uuid}/management/boot_device`, { body: { boot_device: 'pxe', persistent } })).status).toBe(204);
    expect(await types(uuid)).toEqual(['NodeRegistered', ...Array<string[]>(4).fill(['ManagementActionStarted', 'BootDeviceSet']).flat()]);
    const events = (await call('GET', `/v1/nodes/${uuid}/events`)).json.events as Json[];
    expect(events.at(-2)).toMatchObject({ type: 'ManagementActionStarted', data: { action: { kind: 'set_boot_device', boot_device: 'pxe', persistent: true } } });
    expect((await call('GET', `/v1/nodes/${uuid}`)).json).toMatchObject({ reservation: null, last_error: null });
  });

  it('refuses what Ironic refuses, with its words, appending nothing', async () => {
    await createNode('mgmt-boot-refusals');
    const path = '/v1/nodes/mgmt-boot-refusals/management/boot_device';
    const acceptable = "'0', '1', 'f', 'false', 'n', 'no', 'off', 'on', 't', 'true', 'y', 'yes'";
    await refusals([
      ['PUT', path, { boot_device: 'disk' }, 400, 'Invalid boot device disk specified.'],
      ['PUT', path, { boot_device: 'bogus' }, 400, 'Invalid boot device bogus specified.'],
      ['PUT', path, { boot_device: null }, 400, 'Invalid boot device None specified.'],
      ['PUT', path, { persistent: true }, 400, 'Missing mandatory parameter: boot_device'],
      ['PUT', path, [1], 400, 'Missing mandatory parameter: boot_device'],
      ['PUT', path, { boot_device: 5 }, 400, 'Expected string for boot_device: 5'],
      ['PUT', path, { boot_device: true }, 400, 'Expected string for boot_device: True'],
      ['PUT', path, { boot_device: 'pxe', persistent: 'maybe' }, 400, `Invalid persistent: Unrecognized value 'maybe', acceptable values are: ${acceptable}`],
      ['PUT', path, { boot_device: 'pxe', persistent: 5 }, 400, `Invalid persistent: Unrecognized value '5', acceptable values are: ${acceptable}`],
      ['PUT', path, { boot_device: 'pxe', foo: 1, bar: 2 }, 400, 'Unexpected arguments: bar, foo'],
      ['PUT', '/v1/nodes/nope/management/boot_device', { foo: 1 }, 400, 'Unexpected arguments: foo'],
      ['PUT', '/v1/nodes/nope/management/boot_device', { boot_device: 'pxe' }, 404, 'Node nope could not be found.'],
      ['PUT', `${path}/supported`, {}, 400, 'Invalid boot device supported specified.'],
      ['GET', `${path}?foo=1`, undefined, 400, 'Unexpected arguments: foo'],
      ['GET', `${path}/supported?x=1`, undefined, 400, 'Unexpected arguments: x'],
      ['GET', path, undefined, 404, 'Node mgmt-boot-refusals could not be found.', at('1.1')],
    ]);
    const management = await call('GET', '/v1/nodes/mgmt-boot-refusals/management');
    expect([management.status, management.json]).toEqual([405, { error_message: '{"code": 405, "title": "Method Not Allowed", "description": ""}' }]);
  });

  it('records a failed call and answers 500, leaving last_error alone', async () => {
    const uuid = await createNode('mgmt-boot-fails', { driver_info: { fake_fail: 'management' } });
    const failed = await call('PUT', '/v1/nodes/mgmt-boot-fails/management/boot_device', { body: { boot_device: 'pxe' } });
    expect([failed.status, JSON.parse(failed.json.error_message as string)]).toEqual([
      500,
      { faultcode: 'Server', faultstring: `Fake management failed on node ${uuid} (driver_info.fake_fail).`, debuginfo: null },
    ]);
    expect(await types(uuid)).toEqual(['NodeRegistered', 'ManagementActionStarted', 'ManagementActionFailed']);
    expect((await call('GET', `/v1/nodes/${uuid}`)).json).toMatchObject({ reservation: null, last_error: null });
  });

  it('holds the node while the BMC works: other calls and actions get Ironic’s 409', async () => {
    const uuid = await createNode('mgmt-boot-slow', { driver_info: { fake_delay_ms: 1500 } });
    const slow = call('PUT', '/v1/nodes/mgmt-boot-slow/management/boot_device', { body: { boot_device: 'pxe' } });
    await sleep(500);
    const node = (await call('GET', `/v1/nodes/${uuid}`)).json;
    expect(node.reservation).toEqual(expect.any(String));
    const locked = `Node ${uuid} is locked by host ${node.reservation as string}, please retry after the current operation is completed.`;
    await refusals([
      ['GET', `/v1/nodes/${uuid}/management/boot_device`, undefined, 409, locked],
      ['PUT', `/v1/nodes/${uuid}/states/provision`, { target: 'manage' }, 409, locked],
      ['PUT', `/v1/nodes/${uuid}/states/boot_mode`, { target: 'uefi' }, 409, locked],
    ]);
    expect((await slow).status).toBe(204);
    expect((await call('GET', `/v1/nodes/${uuid}`)).json.reservation).toBeNull();
  });
});

describe('NMI and indicators', () => {
  it('answers inject_nmi as Ironic does on fake hardware', async () => {
    await createNode('mgmt-nmi');
    await refusals([
      ['PUT', '/v1/nodes/mgmt-nmi/management/inject_nmi', {}, 400, 'Driver fake-hardware does not support inject_nmi (disabled or not implemented).'],
      ['PUT', '/v1/nodes/mgmt-nmi/management/inject_nmi', undefined, 400, 'Driver fake-hardware does not support inject_nmi (disabled or not implemented).'],
      ['PUT', '/v1/nodes/mgmt-nmi/management/inject_nmi', {}, 404, 'Resource could not be found.', at('1.28')],
      ['PUT', '/v1/nodes/nope/management/inject_nmi', {}, 404, 'Resource could not be found.', at('1.28')],
      ['PUT', '/v1/nodes/mgmt-nmi/management/inject_nmi', { x: 1 }, 400, 'Unexpected arguments: x'],
    ]);
  });

  it('lists the fake’s indicators at any version, reads them, and refuses to set them', async () => {
    const uuid = await createNode('mgmt-led');
    for (const version of ['1.1', '1.62', '1.82']) {
      const list = await call('GET', `/v1/nodes/${uuid}/management/indicators?component=system`, { headers: at(version) });
      expect(list.json).toEqual({
        indicators: [
          { name: 'led-0@chassis', component: 'chassis', readonly: true, states: ['off', 'on'], links: links(`nodes/${uuid}/management/indicators/led-0@chassis`) },
          { name: 'led@system', component: 'system', readonly: false, states: ['blinking', 'off', 'on'], links: links(`nodes/${uuid}/management/indicators/led@system`) },
        ],
      });
    }
    expect((await call('GET', '/v1/nodes/mgmt-led/management/indicators/led@system')).json).toEqual({ state: 'on' });
    expect((await call('GET', '/v1/nodes/mgmt-led/management/indicators/led-0@chassis')).json).toEqual({ state: 'on' });
    const path = '/v1/nodes/mgmt-led/management/indicators';
    await refusals([
      ['GET', `${path}/led@disk`, undefined, 400, 'Invalid component disk specified.'],
      ['GET', `${path}/foo@system`, undefined, 400, 'Invalid indicator foo specified.'],
      ['GET', `${path}/a@b@c`, undefined, 400, 'Invalid component b@c specified.'],
      ['GET', `${path}/led`, undefined, 400, 'Malformed indicator name "led"'],
      ['GET', `${path}/led@system?x=1`, undefined, 400, 'Unexpected arguments: x'],
      ['PUT', `${path}/led@system`, { state: 'on' }, 400, 'Driver fake-hardware does not support set_indicator_state (disabled or not implemented).'],
      ['PUT', `${path}/a@b@c`, { state: 'on' }, 400, 'Driver fake-hardware does not support set_indicator_state (disabled or not implemented).'],
      ['PUT', `${path}/led@system`, {}, 400, 'Missing mandatory parameter: state'],
      ['PUT', `${path}/led@system`, { state: 5 }, 400, 'Expected string for state: 5'],
      ['PUT', `${path}/led`, { state: 'on' }, 400, 'Malformed indicator name "led"'],
    ]);
  });
});

const links = (path: string) => [
  { href: `${system.baseUrl}/v1/${path}`, rel: 'self' },
  { href: `${system.baseUrl}/${path}`, rel: 'bookmark' },
];

describe('boot mode and secure boot', () => {
  it('accept with 202 and a Location naming the node as given, then fail on fake hardware into last_error, as Ironic does', async () => {
    const uuid = await createNode('mgmt-mode');
    const mode = await call('PUT', '/v1/nodes/mgmt-mode/states/boot_mode', { body: { target: 'uefi' } });
    expect([mode.status, mode.text, mode.headers.get('location')]).toEqual([202, '', `${system.baseUrl}/v1/nodes/mgmt-mode/states`]);
    await until(uuid, (s) => s.last_error !== null, 'a boot mode failure');
    expect((await states(uuid)).last_error).toBe("Failed to change boot mode to 'uefi: Driver fake-hardware does not support set_boot_mode (disabled or not implemented).");
    // A new request clears the old error before it is answered.
    const secure = await call('PUT', `/v1/nodes/${uuid}/states/secure_boot`, { body: { target: 'on' } });
    expect([secure.status, secure.headers.get('location')]).toEqual([202, `${system.baseUrl}/v1/nodes/${uuid}/states`]);
    await until(uuid, (s) => typeof s.last_error === 'string' && s.last_error.includes('secure_boot'), 'a secure boot failure');
    expect(await states(uuid)).toMatchObject({
      last_error: "Failed to change secure_boot state to 'True': Driver fake-hardware does not support set_secure_boot_state (disabled or not implemented).",
      boot_mode: null,
      secure_boot: null,
    });
    expect(await types(uuid)).toEqual(['NodeRegistered', 'ManagementActionStarted', 'ManagementActionFailed', 'ManagementActionStarted', 'ManagementActionFailed']);
    expect((await call('GET', `/v1/nodes/${uuid}/states`, { headers: at('1.74') })).json).not.toHaveProperty('boot_mode');
  });

  it('refuse bad targets, old versions and transient states with Ironic’s words', async () => {
    const uuid = await createNode('mgmt-mode-refusals', { driver_info: { fake_wait: 'clean' } });
    const mode = '/v1/nodes/mgmt-mode-refusals/states/boot_mode';
    const secure = '/v1/nodes/mgmt-mode-refusals/states/secure_boot';
    await refusals([
      ['PUT', mode, { target: 'uefi' }, 404, 'This endpoint is supported starting with the API version 1.76', at('1.75')],
      ['PUT', '/v1/nodes/nope/states/boot_mode', { target: 'uefi' }, 404, 'Node nope could not be found.', at('1.75')],
      ['PUT', '/v1/nodes/nope/states/boot_mode', {}, 400, 'Missing mandatory parameter: target', at('1.75')],
      ['PUT', mode, { target: 'UEFI' }, 400, 'Invalid boot mode UEFI requested for node. Allowed boot modes are: bios, uefi'],
      ['PUT', mode, { target: 'legacy' }, 400, 'Invalid boot mode legacy requested for node. Allowed boot modes are: bios, uefi'],
      ['PUT', mode, { target: null }, 400, 'Invalid boot mode None requested for node. Allowed boot modes are: bios, uefi'],
      ['PUT', mode, { target: 1 }, 400, 'Expected string for target: 1'],
      ['PUT', mode, { target: 'uefi', x: 1 }, 400, 'Unexpected arguments: x'],
      ['PUT', secure, { target: true }, 404, 'This endpoint is supported starting with the API version 1.76', at('1.75')],
      ['PUT', secure, { target: null }, 400, 'Invalid secure_boot None requested for node. Allowed secure_boot states are: True, False) '],
      ['PUT', secure, { target: 'maybe' }, 400, "Invalid target: Unrecognized value 'maybe', acceptable values are: '0', '1', 'f', 'false', 'n', 'no', 'off', 'on', 't', 'true', 'y', 'yes'"],
    ]);
    expect((await call('PUT', `/v1/nodes/${uuid}/states/provision`, { body: { target: 'manage' } })).status).toBe(202);
    await settled(uuid, 'manageable');
    expect((await call('PUT', `/v1/nodes/${uuid}/states/provision`, { body: { target: 'clean', clean_steps: [{ interface: 'deploy', step: 'erase_devices' }] } })).status).toBe(202);
    await until(uuid, (s) => s.provision_state === 'clean wait', 'clean wait');
    const transitioning = 'Node is in %(state)s state. Since node is transitioning, the boot mode will not be set as this may interfere with ongoing changes and result in erroneous modification. Try again later.';
    await refusals([
      ['PUT', mode, { target: 'bios' }, 409, transitioning],
      ['PUT', secure, { target: false }, 409, transitioning],
    ]);
  });

  it('are cached from the hardware at verify: fake hardware reports neither', async () => {
    const uuid = await createNode('mgmt-mode-cache');
    await call('PUT', `/v1/nodes/${uuid}/states/boot_mode`, { body: { target: 'bios' } });
    await until(uuid, (s) => s.last_error !== null, 'the boot mode failure');
    expect((await call('PUT', `/v1/nodes/${uuid}/states/provision`, { body: { target: 'manage' } })).status).toBe(202);
    expect(await settled(uuid, 'manageable')).toMatchObject({ last_error: null, boot_mode: null, secure_boot: null });
  });
});

describe('console', () => {
  it('is enabled and disabled asynchronously; its info shows only while enabled', async () => {
    const uuid = await createNode('mgmt-console');
    expect((await call('GET', '/v1/nodes/mgmt-console/states/console')).json).toEqual({ console_enabled: false, console_info: null });
    const enable = await call('PUT', '/v1/nodes/mgmt-console/states/console', { body: { enabled: true } });
    expect([enable.status, enable.text, enable.headers.get('location')]).toEqual([202, '', `${system.baseUrl}/v1/nodes/mgmt-console/states/console`]);
    await until(uuid, (s) => s.console_enabled === true, 'the console on');
    expect((await call('GET', '/v1/nodes/mgmt-console/states/console')).json).toEqual({ console_enabled: true, console_info: {} });
    // Asking for what is so already is accepted and does nothing.
    const before = await system.eventCount();
    expect((await call('PUT', `/v1/nodes/${uuid}/states/console`, { body: { enabled: 'yes' } })).status).toBe(202);
    expect(await system.eventCount()).toBe(before);
    expect((await call('PUT', `/v1/nodes/${uuid}/states/console`, { body: { enabled: 'off' } })).status).toBe(202);
    await until(uuid, (s) => s.console_enabled === false, 'the console off');
    expect(await types(uuid)).toEqual(['NodeRegistered', 'ManagementActionStarted', 'ConsoleModeSet', 'ManagementActionStarted', 'ConsoleModeSet']);
  });

  it('takes a null as Ironic does, failing afterwards; refuses no-console and bad arguments', async () => {
    const uuid = await createNode('mgmt-console-odd');
    expect((await call('PUT', `/v1/nodes/${uuid}/states/console`, { body: { enabled: null } })).status).toBe(202);
    await until(uuid, (s) => s.last_error !== null, 'the failure');
    expect(await states(uuid)).toMatchObject({ console_enabled: false, last_error: "Async execution of _set_console_mode failed with error: Field `console_enabled' cannot be None" });

    await createNode('mgmt-no-console', { console_interface: 'no-console' });
    const unsupported = 'Driver fake-hardware does not support console (disabled or not implemented).';
    await refusals([
      ['PUT', '/v1/nodes/mgmt-no-console/states/console', { enabled: true }, 400, unsupported],
      ['PUT', '/v1/nodes/mgmt-no-console/states/console', { enabled: false }, 400, unsupported],
      ['PUT', '/v1/nodes/mgmt-console-odd/states/console', {}, 400, 'Missing mandatory parameter: enabled'],
      ['PUT', '/v1/nodes/mgmt-console-odd/states/console', { enabled: 'nah' }, 400, "Invalid enabled: Unrecognized value 'nah', acceptable values are: '0', '1', 'f', 'false', 'n', 'no', 'off', 'on', 't', 'true', 'y', 'yes'"],
      ['PUT', '/v1/nodes/mgmt-console-odd/states/console', { enabled: true, z: 1 }, 400, 'Unexpected arguments: z'],
      ['PUT', '/v1/nodes/nope/states/console', { enabled: true }, 404, 'Node nope could not be found.'],
      ['GET', '/v1/nodes/mgmt-console-odd/states/console?x=1', undefined, 400, 'Unexpected arguments: x'],
    ]);
    expect((await call('GET', '/v1/nodes/mgmt-no-console/states/console')).json).toEqual({ console_enabled: false, console_info: null });
  });
});

describe('RAID', () => {
  const disks = { logical_disks: [{ size_gb: 100, raid_level: '1+0', volume_name: 'root', is_root_volume: true, controller: 'RAID.1', physical_disks: ['d1', 'd2'] }, { size_gb: 'MAX', raid_level: '5' }] };

  it('keeps the target configuration as given, and clears it with {} or an empty body', async () => {
    const uuid = await createNode('mgmt-raid');
    const set = await call('PUT', '/v1/nodes/mgmt-raid/states/raid', { body: disks });
    expect([set.status, set.text]).toEqual([204, '']);
    expect((await states(uuid)).target_raid_config).toEqual(disks);
    expect(JSON.stringify((await call('GET', `/v1/nodes/${uuid}`)).json.target_raid_config)).toBe(JSON.stringify(disks));
    expect((await call('PUT', '/v1/nodes/mgmt-raid/states/raid', { raw: '' })).status).toBe(204);
    expect((await states(uuid)).target_raid_config).toEqual({});
    expect((await call('PUT', '/v1/nodes/mgmt-raid/states/raid', { body: {} })).status).toBe(204);
    expect(await types(uuid)).toEqual(['NodeRegistered', 'TargetRaidConfigSet', 'TargetRaidConfigSet', 'TargetRaidConfigSet']);
  });

  it('checks it against Ironic’s schema, with its words', async () => {
    const uuid = await createNode('mgmt-raid-refusals');
    await createNode('mgmt-no-raid', { raid_interface: 'no-raid' });
    const path = '/v1/nodes/mgmt-raid-refusals/states/raid';
    const invalid = (message: string) => `RAID config validation error: ${message}`;
    await refusals([
      ['PUT', path, {}, 406, 'Request not acceptable.', at('1.11')],
      ['PUT', '/v1/nodes/nope/states/raid', {}, 404, 'Node nope could not be found.', at('1.11')],
      ['PUT', path, [1], 400, "Expected types <class 'dict'> for target_raid_config: [1]"],
      ['PUT', path, 'null', 400, "Expected types <class 'dict'> for target_raid_config: None"],
      ['PUT', path, '"x"', 400, "Expected types <class 'dict'> for target_raid_config: x"],
      ['PUT', path, { logical_disks: [] }, 400, invalid('[] is too short')],
      ['PUT', path, { logical_disks: [{ size_gb: 10 }] }, 400, invalid("'raid_level' is a required property")],
      ['PUT', path, { logical_disks: [{ size_gb: 10, raid_level: '7' }] }, 400, invalid("'7' is not one of ['JBOD', '0', '1', '2', '5', '6', '1+0', '5+0', '6+0']")],
      ['PUT', path, { logical_disks: [{ size_gb: -1, raid_level: '1' }] }, 400, invalid('-1 is less than the minimum of 0')],
      ['PUT', path, { logical_disks: [{ size_gb: '10', raid_level: '1' }] }, 400, invalid("'10' is not one of ['MAX']")],
      ['PUT', path, { logical_disks: [{ size_gb: 10, raid_level: '1', foo: 1 }] }, 400, invalid("Additional properties are not allowed ('foo' was unexpected)")],
      ['PUT', path, { ...disks, extra: 1 }, 400, invalid("Additional properties are not allowed ('extra' was unexpected)")],
      ['PUT', path, { logical_disks: [{ size_gb: 10, raid_level: '1', physical_disks: ['a'] }] }, 400, invalid("'controller' is a dependency of 'physical_disks'")],
      ['PUT', path, { logical_disks: [{ size_gb: 10, raid_level: '1', number_of_physical_disks: 0 }] }, 400, invalid('0 is less than or equal to the minimum of 0')],
      ['PUT', path, { logical_disks: [{ size_gb: 10, raid_level: '1', is_root_volume: true }, { size_gb: 'MAX', raid_level: '0', is_root_volume: true }] }, 400, 'Raid config cannot have more than one root volume. 2 root volumes were specified'],
      ['PUT', path, { foo: 1 }, 400, invalid("'logical_disks' is a required property")],
      ['PUT', '/v1/nodes/mgmt-no-raid/states/raid', disks, 404, 'Driver fake-hardware does not support raid (disabled or not implemented).'],
    ]);
    expect((await call('PUT', '/v1/nodes/mgmt-no-raid/states/raid', { body: {} })).status).toBe(204);
    expect(await types(uuid)).toEqual(['NodeRegistered']);
  });

  it('describes the logical disk properties of a driver’s default RAID interface', async () => {
    const properties = await call('GET', '/v1/drivers/fake-hardware/raid/logical_disk_properties');
    expect(Object.keys(properties.json)).toEqual(['raid_level', 'size_gb', 'volume_name', 'is_root_volume', 'share_physical_disks', 'disk_type', 'interface_type', 'number_of_physical_disks', 'controller', 'physical_disks']);
    await refusals([
      ['GET', '/v1/drivers/fake-hardware/raid/logical_disk_properties', undefined, 406, 'Request not acceptable.', at('1.11')],
      ['GET', '/v1/drivers/nonexist/raid/logical_disk_properties', undefined, 404, "The driver 'nonexist' is unknown."],
      ['GET', '/v1/drivers/ipmi/raid/logical_disk_properties', undefined, 404, 'Driver ipmi does not support raid (disabled or not implemented).'],
    ]);
  });
});

describe('BIOS settings', () => {
  const applied = (settings: Json[]) => ({ target: 'clean', clean_steps: [{ interface: 'bios', step: 'apply_configuration', args: { settings } }] });

  it('are set by the fake’s clean steps, cached as events, and shown as Ironic shows them', async () => {
    const uuid = await createNode('mgmt-bios');
    await call('PUT', `/v1/nodes/${uuid}/states/provision`, { body: { target: 'manage' } });
    await settled(uuid, 'manageable');
    await call('PUT', `/v1/nodes/${uuid}/states/provision`, { body: applied([{ name: 'ProcVirtualization', value: 'Enabled' }, { name: 'NumCores', value: 4 }, { name: 'BootMode', value: 'Uefi' }]) });
    await settled(uuid, 'manageable');
    const list = await call('GET', '/v1/nodes/mgmt-bios/bios');
    const settings = list.json.bios as Json[];
    expect(settings.map((setting) => [setting.name, setting.value])).toEqual([['BootMode', 'Uefi'], ['NumCores', '4'], ['ProcVirtualization', 'Enabled']]);
    expect(settings[0]).toEqual({ created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}\+00:00$/), updated_at: null, name: 'BootMode', value: 'Uefi', links: links('nodes/mgmt-bios/bios/BootMode') });
    const detail = (await call('GET', '/v1/nodes/mgmt-bios/bios?detail=True')).json.bios as Json[];
    expect(Object.keys(detail[0]!)).toEqual(['created_at', 'updated_at', 'name', 'value', 'attribute_type', 'allowable_values', 'lower_bound', 'max_length', 'min_length', 'read_only', 'reset_required', 'unique', 'upper_bound', 'links']);
    expect(detail[0]).toMatchObject({ attribute_type: null, allowable_values: [], upper_bound: null });
    expect(Object.keys(((await call('GET', '/v1/nodes/mgmt-bios/bios?fields=value,NAME')).json.bios as Json[])[0]!)).toEqual(['created_at', 'updated_at', 'value', 'name', 'links']);
    const one = await call('GET', '/v1/nodes/mgmt-bios/bios/NumCores');
    expect(one.json).toEqual({ NumCores: expect.objectContaining({ name: 'NumCores', value: '4', read_only: null, links: links(`nodes/${uuid}/bios/NumCores`) }) });
    expect(Object.keys((await call('GET', '/v1/nodes/mgmt-bios/bios/NumCores', { headers: at('1.73') })).json.NumCores as Json)).toEqual(['created_at', 'updated_at', 'name', 'value', 'links']);

    // A second apply replaces the set: a changed value gets updated_at, the others go.
    await call('PUT', `/v1/nodes/${uuid}/states/provision`, { body: applied([{ name: 'NumCores', value: '8' }, { name: 'Alpha', value: true }]) });
    await settled(uuid, 'manageable');
    const replaced = (await call('GET', '/v1/nodes/mgmt-bios/bios')).json.bios as Json[];
    expect(replaced.map((setting) => [setting.name, setting.value, setting.updated_at === null])).toEqual([['Alpha', 'True', true], ['NumCores', '8', false]]);
    expect(replaced[1]!.created_at).toBe(settings[1]!.created_at);

    await call('PUT', `/v1/nodes/${uuid}/states/provision`, { body: { target: 'clean', clean_steps: [{ interface: 'bios', step: 'factory_reset' }] } });
    await settled(uuid, 'manageable');
    expect((await call('GET', '/v1/nodes/mgmt-bios/bios')).json).toEqual({ bios: [] });
    expect((await types(uuid)).filter((type) => type === 'BiosSettingsCached')).toHaveLength(3);
  });

  it('fail a clean step without settings in Ironic’s words', async () => {
    const uuid = await createNode('mgmt-bios-fails');
    await call('PUT', `/v1/nodes/${uuid}/states/provision`, { body: { target: 'manage' } });
    await settled(uuid, 'manageable');
    await call('PUT', `/v1/nodes/${uuid}/states/provision`, { body: { target: 'clean', clean_steps: [{ interface: 'bios', step: 'apply_configuration' }] } });
    expect(await until(uuid, (s) => s.provision_state === 'clean failed', 'clean failed')).toMatchObject({
      provision_state: 'clean failed',
      last_error: `Cannot clean node ${uuid}: clean step {'interface': 'bios', 'step': 'apply_configuration'} is missing these required arguments: settings (List of BIOS settings, each item needs to contain a dictionary with name/value pairs)`,
    });
  });

  it('refuse what Ironic refuses', async () => {
    const uuid = await createNode('mgmt-bios-refusals');
    await call('PUT', `/v1/nodes/${uuid}/states/provision`, { body: { target: 'manage' } });
    await settled(uuid, 'manageable');
    await call('PUT', `/v1/nodes/${uuid}/states/provision`, { body: applied([{ name: 'NumCores', value: 4 }]) });
    await settled(uuid, 'manageable');
    const path = '/v1/nodes/mgmt-bios-refusals/bios';
    const acceptable = "'0', '1', 'f', 'false', 'n', 'no', 'off', 'on', 't', 'true', 'y', 'yes'";
    await refusals([
      ['GET', `${path}?detail=true`, undefined, 400, 'Invalid query parameter ?detail=True received.', at('1.73')],
      ['GET', `${path}?detail=false`, undefined, 400, 'Invalid query parameter ?detail=False received.', at('1.73')],
      ['GET', `${path}?fields=name,Value`, undefined, 400, "Invalid query parameter ?fields=['name', 'value'] received.", at('1.73')],
      ['GET', `${path}?fields=name&detail=true`, undefined, 400, 'Can not specify ?detail=True and fields in the same request.'],
      ['GET', `${path}?detail=maybe`, undefined, 400, `Invalid detail: Unrecognized value 'maybe', acceptable values are: ${acceptable}`],
      ['GET', `${path}?x=1`, undefined, 400, 'Unexpected arguments: x'],
      ['GET', `${path}?fields=foo`, undefined, 500, "'BIOSSetting' object has no attribute 'foo'"],
      ['GET', `${path}/Nope`, undefined, 404, `Node ${uuid} doesn't have a BIOS setting 'Nope'`],
      ['GET', `${path}/Proc%20Virt`, undefined, 400, 'Expected name for setting_name: Proc Virt'],
      ['GET', `${path}/NumCores?detail=true`, undefined, 400, 'Unexpected arguments: detail'],
      ['GET', '/v1/nodes/nope/bios', undefined, 404, 'Node nope could not be found.'],
    ]);
    for (const old of [path, `${path}/NumCores`]) {
      const answer = await call('GET', old, { headers: at('1.39') });
      expect([answer.status, answer.json]).toEqual([404, { error_message: '{"code": 404, "title": "Not Found", "description": ""}' }]);
    }
  });
});
