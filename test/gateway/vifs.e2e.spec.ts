/**
 * VIFs through the gateway (API 1.28): with `noop` (fake hardware's default, as on Ironic)
 * nothing is recorded; with `flat` a VIF is bound to a port group or port as Ironic binds it, each
 * binding an event; refusals with Ironic's status and words append nothing.
 */
import { describe, expect, it, jest } from '@jest/globals';
import { apiClient, at, fault, type Json } from '../support/api.js';
import { enroll, nodeEventTypes, provision, storedEvents } from '../support/nodes.js';
import { systemForFile } from '../support/system-for-file.js';

jest.setTimeout(60_000);

const system = systemForFile();
const call = apiClient(() => system.baseUrl);
const mac = (n: number) => `52:54:00:c2:00:${n.toString(16).padStart(2, '0')}`;
const vifs = async (node: string) => ((await call('GET', `/v1/nodes/${node}/vifs`)).json.vifs as Json[]).map((vif) => vif.id);

describe('VIFs', () => {
  it('with the noop network interface, attaches and detaches anything, records nothing and lists nothing', async () => {
    const node = await enroll(call, { name: 'vif-noop' });
    expect((await call('GET', `/v1/nodes/${node}`)).json.network_interface).toBe('noop');
    await call('POST', '/v1/ports', { body: { node_uuid: node, address: mac(1) } });
    const before = await storedEvents(system);
    expect((await call('POST', `/v1/nodes/${node}/vifs`, { body: { id: 'vif-a', extra_key: 'anything' } })).status).toBe(204);
    expect((await call('POST', '/v1/nodes/vif-noop/vifs', { body: { id: 'vif-a' } })).status).toBe(204);
    expect((await call('DELETE', `/v1/nodes/${node}/vifs/never-attached`)).status).toBe(204);
    expect(await vifs(node)).toEqual([]);
    expect(await storedEvents(system)).toBe(before);
  });

  it('with the flat network interface, binds port groups first, then PXE-enabled ports, each binding an event, and detaches', async () => {
    const node = await enroll(call, { name: 'vif-flat', network_interface: 'flat' });
    const group = (await call('POST', '/v1/portgroups', { body: { node_uuid: node } })).json.uuid as string;
    const plain = (await call('POST', '/v1/ports', { body: { node_uuid: node, address: mac(10), pxe_enabled: false } })).json.uuid as string;
    const pxe = (await call('POST', '/v1/ports', { body: { node_uuid: node, address: mac(11) } })).json.uuid as string;
    await call('POST', '/v1/ports', { body: { node_uuid: node, address: mac(12), portgroup_uuid: group } });
    // A deployed node takes VIFs too (Nova attaches them before and after deploying).
    await provision(call, node, 'manage', 'manageable');
    await provision(call, node, 'provide', 'available');
    await provision(call, node, 'active', 'active');
    for (const vif of ['vif-1', 'vif-2', 'vif-3']) expect((await call('POST', `/v1/nodes/${node}/vifs`, { body: { id: vif } })).status).toBe(204);
    expect((await call('GET', `/v1/portgroups/${group}`)).json.internal_info).toEqual({ tenant_vif_port_id: 'vif-1' });
    expect((await call('GET', `/v1/ports/${pxe}`)).json.internal_info).toEqual({ tenant_vif_port_id: 'vif-2' });
    expect((await call('GET', `/v1/ports/${plain}`)).json.internal_info).toEqual({ tenant_vif_port_id: 'vif-3' });
    // Ports first, then port groups.
    expect(await vifs(node)).toEqual(['vif-3', 'vif-2', 'vif-1']);

    const before = await storedEvents(system);
    const again = await call('POST', `/v1/nodes/${node}/vifs`, { body: { id: 'vif-2' } });
    expect([again.status, fault(again.json)]).toEqual([409, `Unable to attach VIF because VIF vif-2 is already attached to Ironic Port ${pxe}`]);
    const full = await call('POST', `/v1/nodes/${node}/vifs`, { body: { id: 'vif-4' } });
    expect([full.status, fault(full.json)]).toEqual([400, 'Unable to attach VIF vif-4, not enough free physical ports.']);
    const unknown = await call('DELETE', `/v1/nodes/${node}/vifs/vif-9`);
    expect([unknown.status, fault(unknown.json)]).toEqual([400, `Unable to detach VIF vif-9 from node ${node} because it is not attached to it.`]);
    expect(await storedEvents(system)).toBe(before);

    expect((await call('DELETE', `/v1/nodes/${node}/vifs/vif-1`)).status).toBe(204);
    expect((await call('GET', `/v1/portgroups/${group}`)).json.internal_info).toEqual({});
    expect(await vifs(node)).toEqual(['vif-3', 'vif-2']);
    expect((await call('POST', `/v1/nodes/${node}/vifs`, { body: { id: 'vif-5', portgroup_uuid: group } })).status).toBe(204);
    expect((await nodeEventTypes(system, node)).filter((type) => type.startsWith('Vif'))).toEqual(['VifAttached', 'VifAttached', 'VifAttached', 'VifDetached', 'VifAttached']);
  });

  it('answers bad input with Ironic’s status and words, and appends nothing', async () => {
    const node = await enroll(call, { name: 'vif-refusals', network_interface: 'flat' });
    const before = await storedEvents(system);
    const cases: [string, string, unknown, number, string][] = [
      ['POST', `/v1/nodes/${node}/vifs`, {}, 400, "Schema error for vif: 'id' is a required property"],
      ['POST', `/v1/nodes/${node}/vifs`, { id: 5 }, 400, "Schema error for vif: 5 is not of type 'string'"],
      ['POST', `/v1/nodes/${node}/vifs`, { id: 'bad id' }, 400, 'Expected UUID or name for id: bad id'],
      ['POST', `/v1/nodes/${node}/vifs`, { id: 'vif-a', port_uuid: 'p', portgroup_uuid: 'g' }, 400, 'Cannot specify both port_uuid and portgroup_uuid'],
      ['POST', `/v1/nodes/${node}/vifs`, { id: 'vif-a' }, 400, 'Unable to attach VIF vif-a, not enough free physical ports.'],
      ['POST', '/v1/nodes/vif-nope/vifs', { id: 'vif-a' }, 404, 'Node vif-nope could not be found.'],
      ['GET', '/v1/nodes/vif-nope/vifs', undefined, 404, 'Node vif-nope could not be found.'],
      ['DELETE', `/v1/nodes/${node}/vifs/bad%20id`, undefined, 400, 'Expected UUID or name for vif_id: bad id'],
    ];
    for (const [method, path, payload, status, message] of cases) {
      const response = await call(method, path, { body: payload });
      expect([method, path, payload, response.status, fault(response.json)]).toEqual([method, path, payload, status, message]);
    }
    const old = await call('GET', `/v1/nodes/${node}/vifs`, { headers: at('1.27') });
    expect([old.status, JSON.parse(old.json.error_message as string)]).toEqual([404, { code: 404, title: 'Not Found', description: '' }]);
    expect(await storedEvents(system)).toBe(before);
  });
});
