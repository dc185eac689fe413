/**
 * Drivers and conductors through the gateway, from two conductors' heartbeats (one in conductor
 * group `rack1`): the hardware types they serve with their interfaces and properties, the
 * conductors themselves, and the conductor groups nodes may take.
 */
import { describe, expect, it, jest } from '@jest/globals';
import { apiClient, type ApiResponse, at, fault, type Json } from '../support/api.js';
import { systemForFile } from '../support/system-for-file.js';

jest.setTimeout(60_000);

const system = systemForFile({ conductors: 2, conductorEnv: [{}, { CONDUCTOR_GROUP: 'Rack1' }] });
const call = apiClient(() => system.baseUrl);
const links = (path: string) => [
  { href: `${system.baseUrl}/v1/${path}`, rel: 'self' },
  { href: `${system.baseUrl}/${path}`, rel: 'bookmark' },
];

const [plain, grouped] = [0, 1].map((i) => () => system.conductorIds[i]!);
const failure = (response: ApiResponse) => ({ status: response.status, message: fault(response.json) });

describe('GET /v1/drivers', () => {
  it('lists the hardware types live conductors serve, with their hosts, properties link and type', async () => {
    const list = await call('GET', '/v1/drivers');
    expect(list.json.drivers).toEqual(
      ['fake-hardware', 'ipmi', 'manual-management', 'redfish'].map((name) => ({ name, hosts: [plain(), grouped()].sort(), links: links(`drivers/${name}`), properties: links(`drivers/${name}/properties`), type: 'dynamic' })),
    );
    expect((await call('GET', '/v1/drivers', { headers: at('1.29') })).json.drivers).toContainEqual({ name: 'ipmi', hosts: expect.any(Array), links: links('drivers/ipmi'), properties: links('drivers/ipmi/properties') });
    expect((await call('GET', '/v1/drivers/?type=classic')).json).toEqual({ drivers: [] });
    expect((await call('GET', '/v1/drivers/?fields=name,hosts')).json.drivers).toContainEqual({ name: 'redfish', hosts: expect.any(Array), links: links('drivers/redfish') });
  });

  it('details each interface’s default and enabled implementations, as this build offers them', async () => {
    const detail = ((await call('GET', '/v1/drivers/?detail=True')).json.drivers as Json[]).find((driver) => driver.name === 'redfish')!;
    expect(detail).toMatchObject({
      default_power_interface: 'redfish',
      enabled_power_interfaces: ['redfish'],
      default_bios_interface: 'redfish',
      enabled_bios_interfaces: ['redfish', 'no-bios'],
      default_deploy_interface: 'direct',
      default_storage_interface: 'noop',
      default_rescue_interface: 'no-rescue',
      default_vendor_interface: 'redfish',
      enabled_vendor_interfaces: ['redfish', 'no-vendor'],
    });
    const fake = (await call('GET', '/v1/drivers/fake-hardware')).json;
    expect(fake).toMatchObject({ name: 'fake-hardware', type: 'dynamic', default_network_interface: 'noop', enabled_raid_interfaces: ['fake', 'no-raid'] });
    const old = (await call('GET', '/v1/drivers/fake-hardware', { headers: at('1.37') })).json;
    expect(old).toHaveProperty('default_storage_interface');
    expect(old).not.toHaveProperty('default_rescue_interface');
    expect(old).not.toHaveProperty('default_bios_interface');
    expect(Object.keys((await call('GET', '/v1/drivers/fake-hardware', { headers: at('1.1') })).json)).toEqual(['name', 'hosts', 'links']);
    expect((await call('GET', '/v1/drivers/ipmi?fields=name,default_power_interface')).json).toEqual({ name: 'ipmi', links: links('drivers/ipmi'), default_power_interface: 'ipmitool' });
  });

  it('answers bad queries and unknown drivers in Ironic’s words', async () => {
    const cases: [string, string, number, string][] = [
      ['/v1/drivers/?type=x', '1.82', 400, '"type" filter must be one of "classic" or "dynamic", if specified.'],
      ['/v1/drivers/?detail=false', '1.29', 406, 'Request not acceptable. The minimal required API version should be 1.30'],
      ['/v1/drivers/?type=dynamic', '1.29', 406, 'Request not acceptable. The minimal required API version should be 1.30'],
      ['/v1/drivers/?fields=name', '1.76', 406, 'Request not acceptable.'],
      ['/v1/drivers/?fields=name,default_power_interface', '1.82', 400, 'Field(s) "default_power_interface" are not valid'],
      ['/v1/drivers/?fields=name&detail=True', '1.82', 400, 'Can not specify ?detail=True and fields in the same request.'],
      ['/v1/drivers/?foo=1', '1.82', 400, 'Unexpected arguments: foo'],
      ['/v1/drivers/nope', '1.82', 404, 'Could not find the following driver(s) or hardware type(s): nope.'],
      ['/v1/drivers/nope/properties', '1.82', 404, "The driver 'nope' is unknown."],
      ['/v1/drivers/nope/raid/logical_disk_properties', '1.82', 404, "The driver 'nope' is unknown."],
      ['/v1/drivers/nope/vendor_passthru/methods', '1.82', 404, "The driver 'nope' is unknown."],
      ['/v1/drivers/fake-hardware/raid/logical_disk_properties', '1.11', 406, 'Request not acceptable.'],
      ['/v1/drivers/ipmi/raid/logical_disk_properties', '1.82', 404, 'Driver ipmi does not support raid (disabled or not implemented).'],
    ];
    for (const [path, version, status, message] of cases) expect(failure(await call('GET', path, { headers: at(version) }))).toEqual({ status, message });
  });

  it('describes the driver_info keys each hardware type reads, RAID disks, and no vendor methods', async () => {
    expect(Object.keys((await call('GET', '/v1/drivers/redfish/properties')).json)).toEqual([
      'redfish_address', 'redfish_system_id', 'redfish_username', 'redfish_password', 'redfish_verify_ca', 'redfish_auth_type',
    ]);
    expect((await call('GET', '/v1/drivers/ipmi/properties')).json).toMatchObject({ ipmi_address: 'IP address or hostname of the node. Required.', ipmi_port: 'remote IPMI RMCP port. Optional.' });
    expect(Object.keys((await call('GET', '/v1/drivers/fake-hardware/properties')).json)).toEqual(['fake_delay_ms', 'fake_fail', 'fake_wait']);
    const raid = (await call('GET', '/v1/drivers/fake-hardware/raid/logical_disk_properties')).json;
    // redfish's default RAID interface is Ironic's, `redfish`, which has the same disk properties.
    expect((await call('GET', '/v1/drivers/redfish/raid/logical_disk_properties')).json).toEqual(raid);
    expect(Object.keys(raid)).toEqual(['raid_level', 'size_gb', 'volume_name', 'is_root_volume', 'share_physical_disks', 'disk_type', 'interface_type', 'number_of_physical_disks', 'controller', 'physical_disks']);
    expect(raid.raid_level).toBe("RAID level for the logical disk. Valid values are 'JBOD', '0', '1', '2', '5', '6', '1+0', '5+0' and '6+0'. Required.");
    expect((await call('GET', '/v1/drivers/fake-hardware/vendor_passthru/methods')).json).toEqual({});
  });

  it('refuses every driver vendor method call as Ironic does a method no interface has', async () => {
    for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE']) {
      expect(failure(await call(method, '/v1/drivers/fake-hardware/vendor_passthru?method=lookup'))).toEqual({ status: 400, message: 'No handler for method lookup' });
    }
    expect(failure(await call('POST', '/v1/drivers/fake-hardware/vendor_passthru/lookup', { body: {} }))).toEqual({ status: 400, message: 'No handler for method lookup' });
    expect(failure(await call('POST', '/v1/drivers/fake-hardware/vendor_passthru', { body: {} }))).toEqual({ status: 400, message: 'Missing mandatory parameter: method' });
    expect(failure(await call('POST', '/v1/drivers/nope/vendor_passthru?method=lookup', { body: {} }))).toEqual({ status: 404, message: "The driver 'nope' is unknown." });
  });
});

describe('GET /v1/conductors', () => {
  it('lists the conductors with their group and liveness; in detail with their hardware types and times', async () => {
    const list = (await call('GET', '/v1/conductors')).json.conductors as Json[];
    expect(list).toEqual(
      expect.arrayContaining([
        { hostname: plain(), conductor_group: '', links: links(`conductors/${plain()}`), alive: true },
        { hostname: grouped(), conductor_group: 'rack1', links: links(`conductors/${grouped()}`), alive: true },
      ]),
    );
    const detail = ((await call('GET', '/v1/conductors/?detail=True')).json.conductors as Json[]).find((c) => c.hostname === grouped())!;
    expect(Object.keys(detail)).toEqual(['created_at', 'updated_at', 'hostname', 'conductor_group', 'drivers', 'links', 'alive']);
    expect(detail).toMatchObject({ drivers: ['fake-hardware', 'ipmi', 'redfish', 'manual-management'], created_at: expect.stringMatching(/\.\d{6}\+00:00$/) });
    expect((await call('GET', `/v1/conductors/${plain()}`)).json).toMatchObject({ hostname: plain(), conductor_group: '', drivers: ['fake-hardware', 'ipmi', 'redfish', 'manual-management'], alive: true });
    expect((await call('GET', '/v1/conductors/?fields=hostname,alive')).json.conductors).toContainEqual({ hostname: plain(), links: links(`conductors/${plain()}`), alive: true });
    const page = (await call('GET', '/v1/conductors?limit=1&sort_key=hostname')).json;
    expect(page.next).toBe(`${system.baseUrl}/v1/conductors?sort_key=hostname&sort_dir=asc&fields=hostname,conductor_group,alive&limit=1&marker=${(page.conductors as Json[])[0]!.hostname as string}`);
  });

  it('answers what it does not know in Ironic’s words, and nothing below 1.49', async () => {
    const cases: [string, string, number, string][] = [
      ['/v1/conductors', '1.48', 404, 'Resource could not be found.'],
      ['/v1/conductors/nope', '1.82', 404, 'Conductor nope could not be found.'],
      ['/v1/conductors/?fields=bogus', '1.82', 400, 'Field(s) "bogus" are not valid'],
      ['/v1/conductors/?fields=hostname&detail=True', '1.82', 400, 'Can not specify ?detail=True and fields in the same request.'],
      ['/v1/conductors/?sort_key=alive', '1.82', 400, 'The sort_key value alive is an invalid field for sorting'],
      ['/v1/conductors/?sort_key=bogus', '1.82', 400, 'The sort_key value "bogus" is an invalid field for sorting'],
      ['/v1/conductors/?marker=nope', '1.82', 404, 'Conductor nope could not be found.'],
    ];
    for (const [path, version, status, message] of cases) expect(failure(await call('GET', path, { headers: at(version) }))).toEqual({ status, message });
  });
});

describe('conductor groups of nodes', () => {
  it('takes a group a live conductor serves, lower case on update; others are refused as Ironic’s NoValidHost', async () => {
    const created = await call('POST', '/v1/nodes', { body: { driver: 'fake-hardware', conductor_group: 'rack1' } });
    expect(created.json).toMatchObject({ conductor_group: 'rack1' });
    expect(failure(await call('POST', '/v1/nodes', { body: { driver: 'fake-hardware', conductor_group: 'Rack1' } }))).toEqual({
      status: 400,
      message: 'No valid host was found. Reason: No conductor service registered which supports driver fake-hardware for conductor group "Rack1".',
    });
    const uuid = created.json.uuid as string;
    expect((await call('PATCH', `/v1/nodes/${uuid}`, { body: [{ op: 'replace', path: '/conductor_group', value: 'RACK1' }] })).json).toMatchObject({ conductor_group: 'rack1' });
    expect((await call('PATCH', `/v1/nodes/${uuid}`, { body: [{ op: 'remove', path: '/conductor_group' }] })).json).toMatchObject({ conductor_group: '' });
    expect(((await call('GET', '/v1/nodes?conductor_group=rack1')).json.nodes as Json[]).map((node) => node.uuid)).toEqual([]);
  });
});
