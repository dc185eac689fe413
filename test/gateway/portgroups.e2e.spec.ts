/**
 * Port groups through the gateway: Ironic's API (1.23, 1.24, 1.26), what the CLI sends, moves
 * between nodes, the standalone-ports rules, and refusals with Ironic's words that append nothing.
 */
import { describe, expect, it, jest } from '@jest/globals';
import { apiClient, at, fault, type Json } from '../support/api.js';
import { enroll, nodeEventTypes, provision, storedEvents } from '../support/nodes.js';
import { systemForFile } from '../support/system-for-file.js';

jest.setTimeout(60_000);

const system = systemForFile();
const call = apiClient(() => system.baseUrl);
const mac = (n: number) => `52:54:00:b2:00:${n.toString(16).padStart(2, '0')}`;
const UNKNOWN = '0e8e4f3c-1b2a-4c5d-9e8f-7a6b5c4d3e2f';
const routeError = (body: Json) => JSON.parse(body.error_message as string) as Json;

describe('port groups', () => {
  it('creates (as the CLI sends it), shows by UUID or name, lists, changes and deletes a port group, each change an event', async () => {
    const node = await enroll(call, { name: 'pg-life' });
    const created = await call('POST', '/v1/portgroups', {
      body: { node_uuid: node, address: mac(1).toUpperCase(), name: 'pg-bond0', extra: { a: 1 }, properties: { miimon: 100 }, standalone_ports_supported: 'True' },
    });
    expect(created.status).toBe(201);
    const uuid = created.json.uuid as string;
    expect(created.headers.get('location')).toBe(`${system.baseUrl}/v1/portgroups/${uuid}`);
    expect(created.json).toEqual({
      uuid,
      created_at: expect.any(String),
      updated_at: null,
      address: mac(1),
      extra: { a: 1 },
      internal_info: {},
      mode: 'active-backup',
      name: 'pg-bond0',
      properties: { miimon: 100 },
      standalone_ports_supported: true,
      node_uuid: node,
      links: [{ href: `${system.baseUrl}/v1/portgroups/${uuid}`, rel: 'self' }, { href: `${system.baseUrl}/portgroups/${uuid}`, rel: 'bookmark' }],
      ports: [{ href: `${system.baseUrl}/v1/portgroups/${uuid}/ports`, rel: 'self' }, { href: `${system.baseUrl}/portgroups/${uuid}/ports`, rel: 'bookmark' }],
    });
    // Nothing is hidden at 1.23; only asking for mode and properties needs 1.26.
    expect(Object.keys((await call('GET', '/v1/portgroups/pg-bond0', { headers: at('1.23') })).json)).toContain('mode');
    expect((await call('GET', `/v1/portgroups/${uuid}?fields=name,mode`)).json).toEqual({ mode: 'active-backup', name: 'pg-bond0', links: expect.any(Array) });
    expect(((await call('GET', '/v1/portgroups/?node=pg-life')).json.portgroups as Json[])).toEqual([{ uuid, address: mac(1), name: 'pg-bond0', links: expect.any(Array) }]);
    expect(((await call('GET', `/v1/portgroups/detail?address=${mac(1)}`)).json.portgroups as Json[]).map((g) => g.properties)).toEqual([{ miimon: 100 }]);
    expect(((await call('GET', `/v1/nodes/${node}/portgroups`)).json.portgroups as Json[]).map((g) => g.uuid)).toEqual([uuid]);

    // `baremetal port group set … --unsupport-standalone-ports --mode 802.3ad --property miimon=200`, then `unset --name --address --extra a`.
    const set = await call('PATCH', '/v1/portgroups/pg-bond0', {
      body: [{ op: 'add', path: '/standalone_ports_supported', value: 'False' }, { op: 'add', path: '/mode', value: '802.3ad' }, { op: 'add', path: '/properties/miimon', value: 200 }],
    });
    expect(set.json).toMatchObject({ standalone_ports_supported: false, mode: '802.3ad', properties: { miimon: 200 }, updated_at: expect.any(String) });
    const unset = await call('PATCH', `/v1/portgroups/${uuid}`, { body: [{ op: 'remove', path: '/name' }, { op: 'remove', path: '/address' }, { op: 'remove', path: '/extra/a' }] });
    expect(unset.json).toMatchObject({ name: null, address: null, extra: {} });
    expect((await call('PATCH', `/v1/portgroups/${uuid}`, { body: [{ op: 'replace', path: '/mode', value: null }] })).json.mode).toBeNull();

    expect((await call('DELETE', `/v1/portgroups/${uuid}`)).status).toBe(204);
    expect((await call('GET', `/v1/portgroups/${uuid}`)).status).toBe(404);
    expect(await nodeEventTypes(system, node)).toEqual(['NodeRegistered', 'PortgroupAdded', 'PortgroupUpdated', 'PortgroupUpdated', 'PortgroupUpdated', 'PortgroupRemoved']);
    // Its name and MAC are free again, on any node.
    const other = await enroll(call, { name: 'pg-life-2' });
    expect((await call('POST', '/v1/portgroups', { body: { node_uuid: other, name: 'pg-bond0', address: mac(1) } })).status).toBe(201);
  });

  it('takes the default mode for an absent, null or empty one', async () => {
    const node = await enroll(call, { name: 'pg-modes' });
    for (const mode of [undefined, null, '']) {
      const created = await call('POST', '/v1/portgroups', { body: { node_uuid: node, ...(mode !== undefined && { mode }) } });
      expect(created.json.mode).toBe('active-backup');
    }
  });

  it('answers bad input with Ironic’s status and words, and appends nothing (and below 1.26 checks only the first operation, as Ironic does)', async () => {
    const node = await enroll(call, { name: 'pg-refusals' });
    const other = await enroll(call, { name: 'pg-refusals-2' });
    const group = (await call('POST', '/v1/portgroups', { body: { node_uuid: node, name: 'pg-taken', address: mac(10) } })).json.uuid as string;
    const full = (await call('POST', '/v1/portgroups', { body: { node_uuid: node, name: 'pg-full' } })).json.uuid as string;
    await call('POST', '/v1/ports', { body: { node_uuid: node, address: mac(11), portgroup_uuid: full } });
    const before = await storedEvents(system);
    const cases: [string, string, unknown, number, string, Record<string, string>?][] = [
      ['POST', '/v1/portgroups', { node_uuid: node, name: 'bad name' }, 400, "Cannot create portgroup with invalid name 'bad name'"],
      ['POST', '/v1/portgroups', { node_uuid: other, name: 'pg-taken' }, 409, 'A portgroup with name pg-taken already exists.'],
      ['POST', '/v1/portgroups', { node_uuid: other, address: mac(10) }, 409, `A portgroup with MAC address ${mac(10)} already exists.`],
      ['POST', '/v1/portgroups', { node_uuid: other, uuid: group }, 409, `A portgroup with UUID ${group} already exists.`],
      ['POST', '/v1/portgroups', { node_uuid: node, address: 'bad' }, 400, 'Expected valid MAC address for address: bad'],
      ['POST', '/v1/portgroups', { node_uuid: 'pg-refusals' }, 400, 'Expected UUID for node_uuid: pg-refusals'],
      ['POST', '/v1/portgroups', { node_uuid: UNKNOWN }, 400, `Node ${UNKNOWN} could not be found.`],
      ['POST', '/v1/portgroups', { node_uuid: node, internal_info: {} }, 400, "Schema error for portgroup: Additional properties are not allowed ('internal_info' was unexpected)"],
      ['POST', '/v1/portgroups', { node_uuid: node, standalone_ports_supported: 'maybe' }, 400, "Invalid standalone_ports_supported: Unrecognized value 'maybe', acceptable values are: '0', '1', 'f', 'false', 'n', 'no', 'off', 'on', 't', 'true', 'y', 'yes'"],
      ['POST', '/v1/portgroups', { node_uuid: node, standalone_ports_supported: null }, 400, "Field `standalone_ports_supported' cannot be None"],
      ['POST', '/v1/portgroups', { node_uuid: node, mode: '802.3ad' }, 406, 'Request not acceptable.', at('1.25')],
      ['POST', '/v1/portgroups', { node_uuid: node }, 404, 'Resource could not be found.', at('1.22')],
      ['GET', '/v1/portgroups', undefined, 404, 'Resource could not be found.', at('1.22')],
      ['GET', '/v1/portgroups/pg-nope', undefined, 404, 'Portgroup pg-nope could not be found.'],
      ['GET', '/v1/portgroups?shard=x', undefined, 400, 'Unexpected arguments: shard'],
      ['GET', '/v1/portgroups?sort_key=properties', undefined, 400, 'The sort_key value properties is an invalid field for sorting'],
      ['GET', '/v1/portgroups?fields=mode', undefined, 406, 'Request not acceptable.', at('1.25')],
      ['GET', '/v1/nodes/pg-refusals/portgroups', undefined, 404, 'Portgroup None could not be found.'],
      ['GET', `/v1/nodes/${node}/portgroups/${group}`, undefined, 403, 'Operation not permitted.'],
      ['PATCH', '/v1/portgroups/pg-taken', [{ op: 'replace', path: '/name', value: 'bad name' }], 400, "Portgroup pg-taken: Cannot change name to invalid name 'bad name'"],
      ['PATCH', `/v1/portgroups/${group}`, [{ op: 'remove', path: '/mode' }], 400, "'mode' is a mandatory attribute and can not be removed"],
      ['PATCH', `/v1/portgroups/${full}`, [{ op: 'replace', path: '/name', value: 'pg-taken' }], 409, 'A portgroup with name pg-taken already exists.'],
      ['PATCH', `/v1/portgroups/${group}`, [{ op: 'replace', path: '/uuid', value: UNKNOWN }], 400, 'Cannot patch /uuid. Only the following can be updated: address, extra, mode, name, node_uuid, properties, standalone_ports_supported'],
      ['PATCH', `/v1/portgroups/${group}`, [{ op: 'replace', path: '/mode', value: 'x' }, { op: 'add', path: '/extra/a', value: 1 }], 406, 'Request not acceptable.', at('1.25')],
      ['PATCH', `/v1/portgroups/${group}`, [{ op: 'replace', path: '/node_uuid', value: UNKNOWN }], 400, `Node ${UNKNOWN} could not be found.`],
      ['PATCH', `/v1/portgroups/${full}`, [{ op: 'replace', path: '/node_uuid', value: other }], 400, `Portgroup ${full} can not be associated with node ${other} because there are ports associated with this portgroup.`],
      ['DELETE', `/v1/portgroups/${full}`, undefined, 400, `Cannot complete the requested action because portgroup ${full} contains ports.`],
      ['DELETE', '/v1/portgroups/pg-nope', undefined, 404, 'Portgroup pg-nope could not be found.'],
    ];
    for (const [method, path, payload, status, message, headers] of cases) {
      const response = await call(method, path, { body: payload, ...(headers && { headers }) });
      expect([method, path, payload, response.status, fault(response.json)]).toEqual([method, path, payload, status, message]);
    }
    // The router's own refusals have pecan's body.
    expect(routeError((await call('GET', '/v1/portgroups/a%20b')).json)).toEqual({ code: 400, title: 'Bad Request', description: 'Expected UUID or name for portgroup: a b' });
    expect(routeError((await call('GET', `/v1/portgroups/${group}`, { headers: at('1.22') })).json)).toEqual({ code: 404, title: 'Not Found', description: '' });
    expect(routeError((await call('GET', `/v1/nodes/${node}/portgroups`, { headers: at('1.23') })).json)).toEqual({ code: 404, title: 'Not Found', description: '' });
    expect(await storedEvents(system)).toBe(before);
    // Below 1.26 Ironic 21.4.4 looks at the first operation only: a mode change after it is applied.
    const later = await call('PATCH', `/v1/portgroups/${group}`, { body: [{ op: 'add', path: '/extra/a', value: 1 }, { op: 'replace', path: '/mode', value: '802.3ad' }], headers: at('1.23') });
    expect([later.status, later.json.mode, later.json.extra]).toEqual([200, '802.3ad', { a: 1 }]);
  });

  it('moves an empty port group to a node in enroll, manageable or maintenance, as Ironic means it to', async () => {
    const from = await enroll(call, { name: 'pg-from' });
    const to = await enroll(call, { name: 'pg-to' });
    const group = (await call('POST', '/v1/portgroups', { body: { node_uuid: from, name: 'pg-moving', address: mac(20) } })).json.uuid as string;
    await provision(call, to, 'manage', 'manageable');
    await provision(call, to, 'provide', 'available');
    const refused = await call('PATCH', '/v1/portgroups/pg-moving', { body: [{ op: 'replace', path: '/node_uuid', value: to }] });
    expect([refused.status, fault(refused.json)]).toEqual([
      409,
      `Portgroup ${group} can not be associated to node ${to} unless the node is in a enroll, inspecting, inspect wait, manageable state or in maintenance mode.`,
    ]);
    expect((await call('PUT', `/v1/nodes/${to}/maintenance`, { body: {} })).status).toBe(202);
    const moved = await call('PATCH', '/v1/portgroups/pg-moving', { body: [{ op: 'replace', path: '/node_uuid', value: to }] });
    expect(moved.json).toMatchObject({ uuid: group, node_uuid: to, name: 'pg-moving', address: mac(20) });
    expect((await nodeEventTypes(system, from)).at(-1)).toBe('PortgroupMovedOut');
    expect((await nodeEventTypes(system, to)).at(-1)).toBe('PortgroupMovedIn');
    // Its name went with it: still taken.
    const taken = await call('POST', '/v1/portgroups', { body: { node_uuid: from, name: 'pg-moving' } });
    expect([taken.status, fault(taken.json)]).toEqual([409, 'A portgroup with name pg-moving already exists.']);
  });

  it('with the flat interface, keeps PXE-enabled members out of a group that stops supporting standalone ports', async () => {
    const node = await enroll(call, { name: 'pg-flat', network_interface: 'flat' });
    const group = (await call('POST', '/v1/portgroups', { body: { node_uuid: node } })).json.uuid as string;
    await call('POST', '/v1/ports', { body: { node_uuid: node, address: mac(30), portgroup_uuid: group } });
    const refused = await call('PATCH', `/v1/portgroups/${group}`, { body: [{ op: 'replace', path: '/standalone_ports_supported', value: false }] });
    expect([refused.status, fault(refused.json)]).toEqual([409, `standalone_ports_supported can not be set to False, because the port group ${group} contains port with 'pxe_enabled' is set to True`]);
  });
});
