import { describe, expect, it } from '@jest/globals';
import { Microversion } from '../http/microversion.js';
import { ironicTime } from '../http/views.js';
import { listItemView, nodeView, nodeViewJson, parseFields, statesView } from './node.view.js';
import { aNode, NODE_UUID } from '../testing/nodes.js';

const base = 'http://127.0.0.1:6385';
const at = (minor: number) => ({ version: new Microversion(minor), baseUrl: base, conductor: '127.0.0.1' });
const links = (path: string) => [
  { href: `${base}/v1/${path}`, rel: 'self' },
  { href: `${base}/${path}`, rel: 'bookmark' },
];

/** Ironic 21.4's `GET /v1/nodes/{uuid}` at 1.82 (RESULTS.md), key order included. */
const IRONIC_1_82_KEYS = [
  'uuid', 'created_at', 'updated_at', 'automated_clean', 'bios_interface', 'boot_interface', 'boot_mode', 'clean_step', 'conductor_group',
  'console_enabled', 'console_interface', 'deploy_interface', 'deploy_step', 'description', 'driver', 'driver_info', 'driver_internal_info',
  'extra', 'fault', 'inspection_finished_at', 'inspection_started_at', 'inspect_interface', 'instance_info', 'instance_uuid', 'last_error',
  'lessee', 'maintenance', 'maintenance_reason', 'management_interface', 'name', 'network_data', 'network_interface', 'owner',
  'power_interface', 'power_state', 'properties', 'protected', 'protected_reason', 'provision_state', 'provision_updated_at', 'raid_config',
  'raid_interface', 'rescue_interface', 'reservation', 'resource_class', 'retired', 'retired_reason', 'secure_boot', 'shard',
  'storage_interface', 'target_power_state', 'target_provision_state', 'target_raid_config', 'traits', 'vendor_interface', 'links',
  'conductor', 'allocation_uuid', 'chassis_uuid', 'ports', 'states', 'portgroups', 'volume',
];

/** The same node at 1.1. */
const IRONIC_1_1_KEYS = [
  'uuid', 'created_at', 'updated_at', 'console_enabled', 'driver', 'driver_info', 'extra', 'instance_info', 'instance_uuid', 'last_error',
  'maintenance', 'maintenance_reason', 'power_state', 'properties', 'provision_state', 'provision_updated_at', 'reservation',
  'target_power_state', 'target_provision_state', 'links', 'chassis_uuid', 'ports',
];

describe('nodeView', () => {
  it('shows every field of Ironic 1.82, in its order, with fake-hardware defaults', () => {
    const view = nodeView(aNode(), at(82));
    expect(Object.keys(view)).toEqual(IRONIC_1_82_KEYS);
    expect(view).toMatchObject({
      uuid: NODE_UUID,
      created_at: '2026-11-21T22:54:08.773000+00:00',
      automated_clean: null,
      bios_interface: 'fake',
      network_interface: 'noop',
      storage_interface: 'noop',
      clean_step: {},
      conductor_group: '',
      console_enabled: false,
      provision_state: 'available',
      traits: [],
      conductor: '127.0.0.1',
      links: links(`nodes/${NODE_UUID}`),
      states: links(`nodes/${NODE_UUID}/states`),
      volume: links(`nodes/${NODE_UUID}/volume`),
    });
  });

  it('shows at 1.1 only the fields of 1.1, and available as null (NOSTATE)', () => {
    const view = nodeView(aNode(), at(1));
    expect(Object.keys(view)).toEqual(IRONIC_1_1_KEYS);
    expect(view.provision_state).toBeNull();
    expect(nodeView(aNode(), at(2)).provision_state).toBe('available');
    expect(nodeView(aNode({ provision_state: 'enroll' }), at(1)).provision_state).toBe('enroll');
  });

  it('hides each field below the version that introduced it', () => {
    const cases: [string, number][] = [
      ['driver_internal_info', 3], ['name', 5], ['inspection_started_at', 6], ['clean_step', 7], ['raid_config', 12], ['states', 14],
      ['network_interface', 20], ['resource_class', 21], ['portgroups', 24], ['boot_interface', 31], ['volume', 32], ['storage_interface', 33],
      ['traits', 37], ['rescue_interface', 38], ['bios_interface', 40], ['fault', 42], ['deploy_step', 44], ['conductor_group', 46],
      ['automated_clean', 47], ['protected', 48], ['conductor', 49], ['owner', 50], ['description', 51], ['allocation_uuid', 52],
      ['retired', 61], ['lessee', 65], ['network_data', 66], ['boot_mode', 75], ['shard', 82],
    ];
    for (const [field, since] of cases) {
      expect([field, field in nodeView(aNode(), at(since - 1))]).toEqual([field, false]);
      expect([field, field in nodeView(aNode(), at(since))]).toEqual([field, true]);
    }
  });

  it('masks secrets in driver_info, at any depth, as oslo does (an SNMP key is no secret to it)', () => {
    const node = aNode({ driver_info: { ipmi_password: 'x', ipmi_username: 'admin', nested: { AuthToken: 't', port: 623 }, client_secret: 's', snmp_auth_key: 'k' } });
    expect(nodeView(node, at(82)).driver_info).toEqual({ ipmi_password: '******', ipmi_username: 'admin', nested: { AuthToken: '******', port: 623 }, client_secret: '******', snmp_auth_key: 'k' });
  });

  it('shows the holder of the node as its conductor', () => {
    expect(nodeView(aNode({ reservation: 'c-7' }), at(82)).conductor).toBe('c-7');
    expect(nodeView(aNode(), { ...at(82), conductor: null }).conductor).toBeNull();
  });

  it('cuts the view down to the requested fields, always keeping links', () => {
    expect(nodeView(aNode(), at(82), ['provision_state', 'last_error'])).toEqual({ last_error: null, provision_state: 'available', links: links(`nodes/${NODE_UUID}`) });
  });

  it('renders as JSON text for each state and context apart', () => {
    const node = aNode();
    const contexts = [at(82), at(1), { ...at(82), baseUrl: 'http://gateway.example:6385' }, { ...at(82), conductor: 'other' }];
    const fieldLists = [undefined, ['provision_state'], ['provision_state', 'last_error']];
    for (let round = 0; round < 2; round++) {
      for (const context of contexts) {
        for (const fields of fieldLists) expect(JSON.parse(nodeViewJson(node, context, fields))).toEqual(nodeView(node, context, fields));
      }
    }
    const changed = aNode({ provision_state: 'manageable', last_error: 'boom' });
    expect(JSON.parse(nodeViewJson(changed, at(82), ['provision_state', 'last_error']))).toMatchObject({ provision_state: 'manageable', last_error: 'boom' });
  });

  it('lists nodes with the default fields in Ironic order', () => {
    const item = listItemView(aNode(), at(82));
    expect(Object.keys(item)).toEqual(['uuid', 'instance_uuid', 'maintenance', 'power_state', 'provision_state', 'name', 'links']);
    expect(Object.keys(listItemView(aNode(), at(1)))).toEqual(['uuid', 'instance_uuid', 'maintenance', 'power_state', 'provision_state', 'links']);
  });
});

describe('statesView', () => {
  it('has the shape of Ironic 1.82', () => {
    expect(statesView(aNode({ provision_state: 'active' }), new Microversion(82))).toEqual({
      console_enabled: false,
      last_error: null,
      power_state: 'power off',
      provision_state: 'active',
      target_power_state: null,
      target_provision_state: null,
      provision_updated_at: '2026-11-21T22:55:12.570000+00:00',
      raid_config: {},
      target_raid_config: {},
      boot_mode: null,
      secure_boot: null,
    });
  });
});

describe('parseFields', () => {
  it('needs 1.8, refuses too-new fields with 406 and unknown fields with 400, reads names trimmed, lower-cased, once', () => {
    expect(parseFields(undefined, new Microversion(82))).toBeUndefined();
    expect(() => parseFields('uuid', new Microversion(7))).toThrow(expect.objectContaining({ status: 406 }));
    expect(() => parseFields('uuid,bogus', new Microversion(82))).toThrow(expect.objectContaining({ status: 400, message: 'Field bogus is not a valid field.' }));
    expect(() => parseFields('owner', new Microversion(49))).toThrow(expect.objectContaining({ status: 406 }));
    expect(() => parseFields('bogus,shard', new Microversion(81))).toThrow(expect.objectContaining({ status: 406 }));
    expect(() => parseFields('children', new Microversion(82))).toThrow(expect.objectContaining({ status: 400, message: 'Field children is not a valid field.' }));
    expect(parseFields(' NAME,name, owner ', new Microversion(50))).toEqual(['name', 'owner']);
  });
});

describe('secrets', () => {
  it('masks instance_info as Ironic does: secret keys, a config drive and an image URL', () => {
    const node = aNode({ instance_info: { image_source: 'http://x', image_url: 'http://swift/tempurl?sig=1', configdrive: { meta_data: {} }, admin_password: 'p', root_gb: 10 } });
    expect(nodeView(node, at(82), ['instance_info']).instance_info).toEqual({ image_source: 'http://x', image_url: '******', configdrive: '******', admin_password: '******', root_gb: 10 });
  });

  it('shows every other field as stored, whatever the secrets hold and whatever its keys are named', () => {
    const node = aNode({
      provision_state: 'manageable',
      instance_uuid: 'f3c2d1e0-9b8a-4c7d-8e6f-5a4b3c2d1e0f',
      driver_info: { ipmi_password: 'manageable' },
      instance_info: { configdrive: 'f3c2d1e0-9b8a-4c7d-8e6f-5a4b3c2d1e0f', image_url: 'n1' },
      extra: { key1: 'value1', password: 'pw', note: 'password=abc' },
      properties: { secret: 's', cpus: 4 },
      last_error: 'token=abc refused',
    });
    const view = nodeView(node, at(82));
    expect(view).toMatchObject({ uuid: NODE_UUID, name: 'n1', provision_state: 'manageable', instance_uuid: 'f3c2d1e0-9b8a-4c7d-8e6f-5a4b3c2d1e0f', extra: node.extra, properties: node.properties, last_error: 'token=abc refused' });
    expect(listItemView(node, at(82))).toMatchObject({ uuid: NODE_UUID, name: 'n1', provision_state: 'manageable', instance_uuid: node.instance_uuid });
    expect(statesView(node, new Microversion(82))).toMatchObject({ provision_state: 'manageable', last_error: 'token=abc refused' });
  });

  it('masks the agent’s token, and driver_info text copied into the PXE configuration', () => {
    const node = aNode({ agent: { token: 't'.repeat(43), url: 'http://10.0.0.5:9999', version: '9', last_heartbeat: null }, boot_config: { kernel: 'k', kernel_params: 'nofb password=x' } });
    expect(nodeView(node, at(82), ['driver_internal_info']).driver_internal_info).toEqual({ agent_url: 'http://10.0.0.5:9999', agent_version: '9', agent_secret_token: '******', pxe_config: { kernel: 'k', kernel_params: 'nofb password=******' } });
  });
});

describe('nodeView with fields', () => {
  it('writes uuid first, then the fields in the order asked, links, then conductor, allocation and chassis', () => {
    const view = nodeView(aNode(), at(82), ['provision_state', 'chassis_uuid', 'name', 'uuid', 'driver', 'conductor']);
    expect(Object.keys(view)).toEqual(['uuid', 'provision_state', 'name', 'driver', 'links', 'conductor', 'chassis_uuid']);
  });

  it('shows inspect wait as inspecting before 1.39', () => {
    expect(nodeView(aNode({ provision_state: 'inspect wait' }), at(38), ['provision_state']).provision_state).toBe('inspecting');
    expect(nodeView(aNode({ provision_state: 'inspect wait' }), at(39), ['provision_state']).provision_state).toBe('inspect wait');
  });
});

describe('ironicTime', () => {
  it('prints microseconds and +00:00', () => {
    expect(ironicTime('2026-11-21T22:55:48Z')).toBe('2026-11-21T22:55:48.000000+00:00');
    expect(ironicTime('2026-11-21T22:55:48.123Z')).toBe('2026-11-21T22:55:48.123000+00:00');
    expect(ironicTime('2026-11-21T23:55:48.5+01:00')).toBe('2026-11-21T22:55:48.500000+00:00');
    expect(ironicTime(null)).toBeNull();
  });
});
