/**
 * `GET /v1/nodes/{ident}/validate` through the gateway: whether each interface of a node has
 * what it needs, judged from the node as its hardware type reads it, in Ironic's shape and words.
 */
import { describe, expect, it, jest } from '@jest/globals';
import { apiClient, fault, type Json } from '../support/api.js';
import { systemForFile } from '../support/system-for-file.js';

jest.setTimeout(60_000);

const system = systemForFile();
const call = apiClient(() => system.baseUrl);

const ORDER = ['boot', 'deploy', 'management', 'network', 'power', 'bios', 'console', 'inspect', 'raid', 'rescue', 'storage'];

async function createNode(body: Json): Promise<string> {
  const created = await call('POST', '/v1/nodes', { body });
  expect(created.status).toBe(201);
  return created.json.uuid as string;
}

const validate = async (ident: string, version = 'latest') => (await call('GET', `/v1/nodes/${ident}/validate`, { headers: { 'X-OpenStack-Ironic-API-Version': version } })).json;

describe('GET /v1/nodes/{ident}/validate', () => {
  it('finds fake hardware ready on every interface, without reasons, in Ironic’s order, at every version', async () => {
    const uuid = await createNode({ driver: 'fake-hardware', name: 'val-fake' });
    const result = await validate(uuid);
    expect(Object.keys(result)).toEqual(ORDER);
    expect(Object.values(result)).toEqual(ORDER.map(() => ({ result: true })));
    expect(await validate(uuid, '1.1')).toEqual(result);
    expect((await call('GET', '/v1/nodes/validate?node=val-fake')).json).toEqual(result);
  });

  it('says which interfaces the hardware type does not support', async () => {
    const uuid = await createNode({ driver: 'fake-hardware', bios_interface: 'no-bios', console_interface: 'no-console', inspect_interface: 'no-inspect', raid_interface: 'no-raid', rescue_interface: 'no-rescue' });
    const result = await validate(uuid);
    for (const iface of ['bios', 'console', 'inspect', 'raid', 'rescue']) {
      expect(result[iface]).toEqual({ result: false, reason: `Driver fake-hardware does not support ${iface} (disabled or not implemented).` });
    }
    expect(result).toMatchObject({ power: { result: true }, deploy: { result: true }, storage: { result: true } });
  });

  it('reads a redfish node’s BMC settings and needs an image to deploy', async () => {
    const uuid = await createNode({ driver: 'redfish' });
    const missing = await validate(uuid);
    const reason = `Missing the following Redfish properties in node ${uuid} driver_info: ['redfish_address', 'redfish_username', 'redfish_password']`;
    expect(missing).toMatchObject({ power: { result: false, reason }, management: { result: false, reason }, bios: { result: false, reason }, inspect: { result: false, reason } });
    // The deploy interface validates the boot interface (iPXE by default) before the image, as Ironic 21.4 does.
    expect(missing.deploy).toEqual({ result: false, reason: `Node ${uuid} does not have any port associated with it` });
    // Ironic's redfish RAID interface checks only the target RAID configuration.
    expect(missing.raid).toEqual({ result: true });

    await call('PATCH', `/v1/nodes/${uuid}`, {
      body: [
        { op: 'add', path: '/driver_info', value: { redfish_address: 'https://bmc.example', redfish_username: 'admin', redfish_password: 'secret', redfish_auth_type: 'weird' } },
        { op: 'add', path: '/instance_info/image_source', value: 'http://images/img.qcow2' },
        { op: 'add', path: '/instance_info/image_checksum', value: 'f00d' },
      ],
    });
    // The default boot interface, iPXE, needs a port and the agent's kernel and ramdisk.
    expect((await validate(uuid)).boot).toEqual({ result: false, reason: `Node ${uuid} does not have any port associated with it` });
    await call('PATCH', `/v1/nodes/${uuid}`, {
      body: [
        { op: 'add', path: '/boot_interface', value: 'redfish-virtual-media' },
        { op: 'add', path: '/driver_info/deploy_iso', value: 'http://images/ipa.iso' },
      ],
    });
    expect((await validate(uuid)).power).toEqual({
      result: false,
      reason: `Invalid value "weird" set in driver_info/redfish_auth_type on node ${uuid}. The value should be one of "basic", "session" or "auto".`,
    });
    await call('PATCH', `/v1/nodes/${uuid}`, { body: [{ op: 'remove', path: '/driver_info/redfish_auth_type' }] });
    expect(await validate(uuid)).toMatchObject({ power: { result: true }, management: { result: true }, bios: { result: true }, deploy: { result: true }, boot: { result: true } });
  });

  it('reads an ipmi node’s BMC settings in Ironic’s words', async () => {
    const uuid = await createNode({ driver: 'ipmi', driver_info: { ipmi_address: '10.0.0.9', ipmi_port: 'abc' } });
    expect((await validate(uuid)).power).toEqual({ result: false, reason: 'ipmi_port "abc" is not a valid port.' });
    expect((await validate(await createNode({ driver: 'ipmi' }))).management).toEqual({ result: false, reason: "Missing the following IPMI credentials in node's driver_info: ['ipmi_address']." });
  });

  it('checks the instance’s traits for deployment', async () => {
    const uuid = await createNode({ driver: 'fake-hardware', instance_info: { traits: ['CUSTOM_GPU'] } });
    expect((await validate(uuid)).deploy).toEqual({ result: false, reason: `Cannot specify instance traits that are not also set on the node. Node ${uuid} is missing traits CUSTOM_GPU` });
  });

  it('refuses a node whose instance_info names an interface its hardware type lacks, and unknown or malformed nodes', async () => {
    const uuid = await createNode({ driver: 'fake-hardware', instance_info: { deploy_interface: 'nope' } });
    const refused = await call('GET', `/v1/nodes/${uuid}/validate`);
    expect([refused.status, fault(refused.json)]).toEqual([400, "Could not find the following interface in the 'ironic.hardware.interfaces.deploy' entrypoint: nope. Valid interfaces are ['fake']."]);
    const unknown = await call('GET', '/v1/nodes/val-nope/validate');
    expect([unknown.status, fault(unknown.json)]).toEqual([404, 'Node val-nope could not be found.']);
    const malformed = await call('GET', '/v1/nodes/bad%20name/validate');
    expect([malformed.status, malformed.json]).toEqual([400, { error_message: '{"code": 400, "title": "Bad Request", "description": "Expected UUID or name for node: bad name"}' }]);
  });
});
