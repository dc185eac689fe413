/**
 * `cinder` storage through the gateway and a real conductor, on an `ipmi` node whose BMC is
 * OpenIPMI's ipmi_sim: a node booting from an iSCSI volume validates and deploys as Ironic 21.4
 * does without a Cinder service (`IRONIC_CINDER_DEPLOY`, recorded the same way): powered off,
 * then failed in Ironic's words.
 */
import { describe, expect, it, jest } from '@jest/globals';
import { apiClient, type Json } from '../support/api.js';
import { sleep } from '../support/system.js';
import { ipmiSimForFile } from '../support/ipmi-sim-for-file.js';
import { systemForFile } from '../support/system-for-file.js';
import { IRONIC_CINDER_DEPLOY } from './ironic-21.4-interfaces.recorded.js';

jest.setTimeout(90_000);

const sim = ipmiSimForFile({ IPMI_SIM_POWER: '1' });
const system = systemForFile();
const call = apiClient(() => system.baseUrl);

async function until(uuid: string, reached: (node: Json) => boolean, what: string): Promise<Json> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const node = (await call('GET', `/v1/nodes/${uuid}`)).json;
    if (reached(node)) return node;
    if (Date.now() > deadline) throw new Error(`node ${uuid} never got to ${what}: ${JSON.stringify(node)}`);
    await sleep(200);
  }
}

describe('cinder storage without Cinder', () => {
  it('validates a node booting from an iSCSI volume, then fails its deployment after powering it off, as Ironic does', async () => {
    const created = await call('POST', '/v1/nodes', {
      body: {
        driver: 'ipmi',
        storage_interface: 'cinder',
        network_interface: 'noop',
        automated_clean: false,
        properties: { capabilities: 'iscsi_boot:true' },
        driver_info: {
          deploy_kernel: 'http://127.0.0.1:8000/ipa.kernel',
          deploy_ramdisk: 'http://127.0.0.1:8000/ipa.initramfs',
          ipmi_address: '127.0.0.1',
          ipmi_port: sim.port,
          ipmi_username: 'admin',
          ipmi_password: 'password',
        },
      },
    });
    expect(created.status).toBe(201);
    const uuid = created.json.uuid as string;
    expect((await call('POST', '/v1/ports', { body: { node_uuid: uuid, address: '52:54:00:aa:cc:01' } })).status).toBe(201);
    expect((await call('POST', '/v1/volume/connectors', { body: { node_uuid: uuid, type: 'iqn', connector_id: 'iqn.2026-01.org.example:node' } })).status).toBe(201);
    const target = { node_uuid: uuid, volume_type: 'iscsi', boot_index: 0, volume_id: '04452bed-5367-4202-8bf5-de4335ac56d2' };
    expect((await call('POST', '/v1/volume/targets', { body: target })).status).toBe(201);

    const validation = (await call('GET', `/v1/nodes/${uuid}/validate`)).json;
    expect(Object.fromEntries(Object.keys(IRONIC_CINDER_DEPLOY.validate).map((name) => [name, validation[name]]))).toEqual(IRONIC_CINDER_DEPLOY.validate);

    expect((await call('PUT', `/v1/nodes/${uuid}/states/provision`, { body: { target: 'manage' } })).status).toBe(202);
    await until(uuid, (node) => node.provision_state === 'manageable', 'manageable');
    expect((await call('PUT', `/v1/nodes/${uuid}/states/provision`, { body: { target: 'provide' } })).status).toBe(202);
    await until(uuid, (node) => node.provision_state === 'available', 'available');
    expect(sim.power()).toBe('1');

    expect((await call('PUT', `/v1/nodes/${uuid}/states/provision`, { body: { target: 'active' } })).status).toBe(202);
    const failed = await until(uuid, (node) => node.provision_state === 'deploy failed', 'deploy failed');
    const expected = JSON.parse(JSON.stringify(IRONIC_CINDER_DEPLOY.deployed).replaceAll('{uuid}', uuid)) as Json;
    expect(Object.fromEntries(Object.keys(expected).map((key) => [key, failed[key]]))).toEqual(expected);
    expect(sim.power()).toBe('0');
  });
});
