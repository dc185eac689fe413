/**
 * Volume connectors and targets through the gateway (API 1.32): Ironic's documents and views,
 * the power-state rules, moves between nodes, secrets masked in views and served events, and
 * refusals with Ironic's words that append nothing.
 */
import { describe, expect, it, jest } from '@jest/globals';
import { apiClient, at, fault, type Json } from '../support/api.js';
import { enroll, nodeEventTypes, power, storedEvents } from '../support/nodes.js';
import { systemForFile } from '../support/system-for-file.js';

jest.setTimeout(60_000);

const system = systemForFile();
const call = apiClient(() => system.baseUrl);
const UNKNOWN = '0e8e4f3c-1b2a-4c5d-9e8f-7a6b5c4d3e2f';
const links = (path: string) => [{ href: `${system.baseUrl}/v1/${path}`, rel: 'self' }, { href: `${system.baseUrl}/${path}`, rel: 'bookmark' }];

describe('volume', () => {
  it('serves the volume documents, for the fleet and for any node path', async () => {
    expect((await call('GET', '/v1/volume')).json).toEqual({ links: links('volume/'), connectors: links('volume/connectors'), targets: links('volume/targets') });
    expect((await call('GET', '/v1/nodes/no-such-node/volume')).json).toEqual({
      links: links('nodes/no-such-node/volume/'),
      connectors: links('nodes/no-such-node/volume/connectors'),
      targets: links('nodes/no-such-node/volume/targets'),
    });
    const old = await call('GET', '/v1/volume', { headers: at('1.31') });
    expect([old.status, fault(old.json)]).toEqual([404, 'Resource could not be found.']);
    expect(JSON.parse((await call('GET', '/v1/volume/connectors', { headers: at('1.31') })).json.error_message as string)).toEqual({ code: 404, title: 'Not Found', description: '' });
  });

  it('creates connectors and targets on a node in any power state, and changes or deletes them only powered off, each change an event', async () => {
    const node = await enroll(call, { name: 'vol-life' });
    const connector = await call('POST', '/v1/volume/connectors', { body: { node_uuid: node, type: 'iqn', connector_id: 'iqn.2026-11.org.vol:n1', extra: { a: 'b' } } });
    expect(connector.status).toBe(201);
    const c = connector.json.uuid as string;
    expect(connector.headers.get('location')).toBe(`${system.baseUrl}/v1/volume/connectors/${c}`);
    expect(Object.keys(connector.json)).toEqual(['uuid', 'created_at', 'updated_at', 'connector_id', 'extra', 'type', 'links', 'node_uuid']);
    const target = await call('POST', '/v1/volume/targets', {
      body: { node_uuid: node, volume_type: 'iscsi', boot_index: 0, volume_id: 'vol-1', properties: { auth_password: 'secret1', nested: { password: 'p2' }, target_lun: 0 } },
    });
    expect(target.status).toBe(201);
    const t = target.json.uuid as string;
    expect(Object.keys(target.json)).toEqual(['uuid', 'created_at', 'updated_at', 'boot_index', 'extra', 'properties', 'volume_id', 'volume_type', 'links', 'node_uuid']);
    expect(target.json.properties).toEqual({ auth_password: '******', nested: { password: '******' }, target_lun: 0 });

    expect((await call('GET', `/v1/volume/connectors/?node=vol-life`)).json.connectors).toEqual([{ uuid: c, connector_id: 'iqn.2026-11.org.vol:n1', type: 'iqn', links: expect.any(Array), node_uuid: node }]);
    expect((await call('GET', `/v1/nodes/${node}/volume/targets?detail=True`)).json.targets).toEqual([expect.objectContaining({ uuid: t, properties: { auth_password: '******', nested: { password: '******' }, target_lun: 0 } })]);
    expect((await call('GET', `/v1/volume/targets/${t}?fields=uuid,properties`)).json).toEqual({ uuid: t, properties: expect.objectContaining({ auth_password: '******' }), links: expect.any(Array) });

    let before = await storedEvents(system);
    const refused = await call('PATCH', `/v1/volume/connectors/${c}`, { body: [] });
    expect([refused.status, fault(refused.json)]).toEqual([400, `The requested action "volume connector update" can not be performed on node "${node}" while it is in state "None".`]);
    expect(await storedEvents(system)).toBe(before);
    await power(call, node, 'power on');
    before = await storedEvents(system);
    const deletion = await call('DELETE', `/v1/volume/targets/${t}`);
    expect([deletion.status, fault(deletion.json)]).toEqual([400, `The requested action "volume target deletion" can not be performed on node "${node}" while it is in state "power on".`]);
    expect(await storedEvents(system)).toBe(before);

    await power(call, node, 'power off');
    // `baremetal volume target set --property target_lun=2`: the stored secret stays as it was.
    const set = await call('PATCH', `/v1/volume/targets/${t}`, { body: [{ op: 'add', path: '/properties/target_lun', value: 2 }, { op: 'add', path: '/boot_index', value: 1 }] });
    expect(set.json).toMatchObject({ boot_index: 1, properties: { auth_password: '******', nested: { password: '******' }, target_lun: 2 } });
    const renamed = await call('PATCH', `/v1/volume/connectors/${c}`, { body: [{ op: 'add', path: '/type', value: 'wwnn' }, { op: 'add', path: '/connector_id', value: '2000000000000001' }] });
    expect(renamed.json).toMatchObject({ type: 'wwnn', connector_id: '2000000000000001' });
    expect((await call('DELETE', `/v1/volume/connectors/${c}`)).status).toBe(204);
    expect((await call('DELETE', `/v1/volume/targets/${t}`)).status).toBe(204);
    expect((await nodeEventTypes(system, node)).filter((type) => type.startsWith('Volume'))).toEqual([
      'VolumeConnectorAdded', 'VolumeTargetAdded', 'VolumeTargetUpdated', 'VolumeConnectorUpdated', 'VolumeConnectorRemoved', 'VolumeTargetRemoved',
    ]);
    // The type and ID of the deleted connector are free again.
    expect((await call('POST', '/v1/volume/connectors', { body: { node_uuid: node, type: 'wwnn', connector_id: '2000000000000001' } })).status).toBe(201);
  });

  it('masks target secrets in the events it serves', async () => {
    const node = await enroll(call, { name: 'vol-secret' });
    await call('POST', '/v1/volume/targets', { body: { node_uuid: node, volume_type: 'iscsi', boot_index: 0, volume_id: 'v', properties: { auth_password: 'hunter2' } } });
    const log = await call('GET', `/v1/nodes/${node}/events`);
    const added = (log.json.events as Json[]).find((event) => event.type === 'VolumeTargetAdded')!;
    expect((added.data as Json).properties).toEqual({ auth_password: '******' });
    expect(log.text).not.toContain('hunter2');
    // The store keeps the secret: only what is served is masked.
    expect(JSON.stringify(await (await system.store()).readAll({ after: 0, limit: 100_000 }))).toContain('hunter2');
  });

  it('moves a connector off a powered-on node onto a powered-off one, and refuses the other way', async () => {
    const on = await enroll(call, { name: 'vol-on' });
    const off = await enroll(call, { name: 'vol-off' });
    await power(call, on, 'power on');
    await power(call, off, 'power off');
    const c = (await call('POST', '/v1/volume/connectors', { body: { node_uuid: on, type: 'iqn', connector_id: 'iqn.vol-move' } })).json.uuid as string;
    const moved = await call('PATCH', `/v1/volume/connectors/${c}`, { body: [{ op: 'replace', path: '/node_uuid', value: off }] });
    expect(moved.json).toMatchObject({ uuid: c, node_uuid: off });
    expect((await nodeEventTypes(system, on)).at(-1)).toBe('VolumeConnectorMovedOut');
    const back = await call('PATCH', `/v1/volume/connectors/${c}`, { body: [{ op: 'replace', path: '/node_uuid', value: on }] });
    expect([back.status, fault(back.json)]).toEqual([400, `The requested action "volume connector update" can not be performed on node "${on}" while it is in state "power on".`]);
    expect((await call('GET', `/v1/volume/connectors/${c}`)).json.node_uuid).toBe(off);
  });

  it('answers bad input with Ironic’s status and words, and appends nothing', async () => {
    const node = await enroll(call, { name: 'vol-refusals' });
    const other = await enroll(call, { name: 'vol-refusals-2' });
    await power(call, node, 'power off');
    await power(call, other, 'power off');
    const c = (await call('POST', '/v1/volume/connectors', { body: { node_uuid: node, type: 'iqn', connector_id: 'iqn.vol-taken' } })).json.uuid as string;
    const t = (await call('POST', '/v1/volume/targets', { body: { node_uuid: node, volume_type: 'iscsi', boot_index: 0, volume_id: 'v' } })).json.uuid as string;
    await call('POST', '/v1/volume/targets', { body: { node_uuid: other, volume_type: 'iscsi', boot_index: 0, volume_id: 'v' } });
    const before = await storedEvents(system);
    const cases: [string, string, unknown, number, string][] = [
      ['POST', '/v1/volume/connectors', { node_uuid: other, type: 'iqn', connector_id: 'iqn.vol-taken' }, 409, 'A volume connector with type iqn and connector ID iqn.vol-taken already exists.'],
      ['POST', '/v1/volume/connectors', { node_uuid: other, type: 'ip', connector_id: '10.0.0.1', uuid: c }, 409, `A volume connector with UUID ${c} already exists.`],
      ['POST', '/v1/volume/connectors', { node_uuid: UNKNOWN, type: 'iqn', connector_id: 'x' }, 400, `Invalid input for field/attribute node_uuid. Value: '${UNKNOWN}'. `],
      ['POST', '/v1/volume/connectors', { node_uuid: 'vol-refusals', type: 'iqn', connector_id: 'x' }, 400, 'Expected UUID for node_uuid: vol-refusals'],
      ['POST', '/v1/volume/connectors', { node_uuid: node, type: 'iqn', connector_id: 5 }, 400, "Schema error for connector: 5 is not of type 'string'"],
      ['POST', '/v1/volume/connectors', { node_uuid: node, type: 'iqn' }, 400, "Schema error for connector: 'connector_id' is a required property"],
      ['POST', '/v1/volume/targets', { node_uuid: node, volume_type: 'iscsi', boot_index: 0, volume_id: 'v2' }, 409, "A volume target with boot index '0' for the same node already exists."],
      ['POST', '/v1/volume/targets', { node_uuid: node, volume_type: 'iscsi', boot_index: '2', volume_id: 'v' }, 400, "Schema error for target: '2' is not of type 'integer'"],
      ['POST', '/v1/volume/targets', { node_uuid: node, volume_type: 'iscsi', boot_index: null, volume_id: 'v' }, 400, "Schema error for target: None is not of type 'integer'"],
      ['GET', '/v1/volume/connectors/detail', undefined, 400, 'Expected UUID for connector_uuid: detail'],
      ['GET', `/v1/volume/connectors/${UNKNOWN}`, undefined, 404, `Volume connector ${UNKNOWN} could not be found.`],
      ['GET', '/v1/volume/targets/bad', undefined, 400, 'Expected UUID for target_uuid: bad'],
      ['GET', '/v1/volume/connectors?detail=true&fields=uuid', undefined, 400, "Can't fetch a subset of fields with 'detail' set"],
      ['GET', '/v1/volume/connectors?sort_key=extra', undefined, 400, 'The sort_key value extra is an invalid field for sorting'],
      ['GET', '/v1/volume/connectors?node=nope', undefined, 404, 'Node nope could not be found.'],
      ['GET', '/v1/volume/targets?volume_id=x', undefined, 400, 'Unexpected arguments: volume_id'],
      ['GET', '/v1/volume/targets?sort_key=properties', undefined, 400, 'The sort_key value properties is an invalid field for sorting'],
      ['GET', '/v1/nodes/vol-refusals/volume/connectors', undefined, 404, 'Node vol-refusals could not be found.'],
      ['GET', `/v1/nodes/${node}/volume/targets/${t}`, undefined, 403, 'Operation not permitted.'],
      ['PATCH', `/v1/volume/connectors/${c}`, [{ op: 'replace', path: '/node_uuid', value: 'vol-refusals-2' }], 400, 'Expected a UUID for node_uuid, but received vol-refusals-2.'],
      ['PATCH', `/v1/volume/connectors/${c}`, [{ op: 'replace', path: '/node_uuid', value: UNKNOWN }], 400, `Node ${UNKNOWN} could not be found.`],
      ['PATCH', `/v1/volume/connectors/${c}`, [{ op: 'remove', path: '/type' }], 400, "Schema error for patch: 'type' is a required property"],
      ['PATCH', `/v1/volume/connectors/${c}`, [{ op: 'add', path: '/connector_id', value: 2000000000000001 }], 400, "Schema error for patch: 2000000000000001 is not of type 'string'"],
      ['PATCH', `/v1/volume/targets/${t}`, [{ op: 'replace', path: '/node_uuid', value: other }], 409, "A volume target with boot index '0' for the same node already exists."],
      ['PATCH', `/v1/volume/targets/${t}`, [{ op: 'replace', path: '/uuid', value: UNKNOWN }], 400, 'Cannot patch /uuid. Only the following can be updated: boot_index, extra, node_uuid, properties, volume_id, volume_type'],
    ];
    for (const [method, path, payload, status, message] of cases) {
      const response = await call(method, path, { body: payload });
      expect([method, path, payload, response.status, fault(response.json)]).toEqual([method, path, payload, status, message]);
    }
    expect(await storedEvents(system)).toBe(before);
  });

  it('lists with Ironic’s defaults, paging and next links (detail=True only when asked)', async () => {
    const node = await enroll(call, { name: 'vol-lists' });
    for (const n of [1, 2, 3]) await call('POST', '/v1/volume/connectors', { body: { node_uuid: node, type: 'iqn', connector_id: `iqn.vol-list-${n}` } });
    const path = `/v1/nodes/${node}/volume/connectors`;
    const page = await call('GET', `${path}?limit=2`);
    const [, second] = page.json.connectors as Json[];
    expect(page.json.next).toBe(`${system.baseUrl}${path}?sort_key=id&sort_dir=asc&fields=uuid,node_uuid,type,connector_id&limit=2&marker=${second!.uuid as string}`);
    expect((await call('GET', `${path}?limit=2&detail=false`)).json.next).toBe(page.json.next);
    expect((await call('GET', `${path}?limit=2&detail=True`)).json.next).toBe(`${system.baseUrl}${path}?sort_key=id&sort_dir=asc&detail=True&limit=2&marker=${second!.uuid as string}`);
    expect(((await call('GET', `${path}?sort_key=connector_id&sort_dir=desc`)).json.connectors as Json[]).map((c) => c.connector_id)).toEqual(['iqn.vol-list-3', 'iqn.vol-list-2', 'iqn.vol-list-1']);
  });
});
