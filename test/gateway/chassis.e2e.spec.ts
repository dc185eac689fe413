/**
 * Chassis through the gateway, with a real conductor and JetStream behind it: Ironic's API,
 * nodes in a chassis, the refusals that append nothing, and chassis events in the log and the feed.
 */
import { describe, expect, it, jest } from '@jest/globals';
import { subscribeSse } from '@ironledger/client';
import { resourceStreamId } from '@ironledger/contracts';
import { apiClient, fault, type Json } from '../support/api.js';
import { systemForFile } from '../support/system-for-file.js';

jest.setTimeout(60_000);

const system = systemForFile();
const call = apiClient(() => system.baseUrl);

const chassisEvents = async (uuid: string) => (await (await system.store()).readStream(resourceStreamId('chassis', uuid))).map((e) => e.type);

describe('chassis', () => {
  it('creates, shows, lists, updates and deletes a chassis, each change an event', async () => {
    const created = await call('POST', '/v1/chassis', { body: { description: 'rack 12', extra: { row: 'B' } } });
    expect(created.status).toBe(201);
    const uuid = created.json.uuid as string;
    expect(created.headers.get('location')).toBe(`${system.baseUrl}/v1/chassis/${uuid}`);
    expect(created.json).toMatchObject({ description: 'rack 12', extra: { row: 'B' }, updated_at: null });
    expect(created.json.nodes).toEqual([[{ href: `${system.baseUrl}/v1/chassis/${uuid}/nodes`, rel: 'self' }, { href: `${system.baseUrl}/chassis/${uuid}/nodes`, rel: 'bookmark' }]]);

    const list = await call('GET', '/v1/chassis');
    expect((list.json.chassis as Json[]).find((c) => c.uuid === uuid)).toEqual({ uuid, description: 'rack 12', links: expect.any(Array) });
    expect(((await call('GET', '/v1/chassis/detail')).json.chassis as Json[]).find((c) => c.uuid === uuid)).toHaveProperty('extra', { row: 'B' });
    expect((await call('GET', `/v1/chassis/${uuid}?fields=description`)).json).toEqual({ description: 'rack 12', links: expect.any(Array) });

    const patched = await call('PATCH', `/v1/chassis/${uuid}`, { body: [{ op: 'replace', path: '/description', value: 'rack 13' }, { op: 'add', path: '/extra/slot', value: 4 }] });
    expect(patched.status).toBe(200);
    expect(patched.json).toMatchObject({ description: 'rack 13', extra: { row: 'B', slot: 4 } });
    expect(patched.json.updated_at).toEqual(expect.any(String));

    expect((await call('DELETE', `/v1/chassis/${uuid}`)).status).toBe(204);
    expect((await call('GET', `/v1/chassis/${uuid}`)).status).toBe(404);
    expect(await chassisEvents(uuid)).toEqual(['ChassisCreated', 'ChassisUpdated', 'ChassisDeleted']);
  });

  it('keeps nodes in a chassis, lists them, and refuses to delete a chassis that has nodes', async () => {
    const uuid = (await call('POST', '/v1/chassis', { body: {} })).json.uuid as string;
    const node = await call('POST', '/v1/nodes', { body: { driver: 'fake-hardware', chassis_uuid: uuid } });
    expect(node.status).toBe(201);
    expect(node.json.chassis_uuid).toBe(uuid);
    const other = (await call('POST', '/v1/nodes', { body: { driver: 'fake-hardware' } })).json.uuid as string;

    const inChassis = await call('GET', `/v1/chassis/${uuid}/nodes`);
    expect((inChassis.json.nodes as Json[]).map((n) => n.uuid)).toEqual([node.json.uuid]);
    expect(((await call('GET', `/v1/nodes?chassis_uuid=${uuid}`)).json.nodes as Json[]).map((n) => n.uuid)).toEqual([node.json.uuid]);

    const refused = await call('DELETE', `/v1/chassis/${uuid}`);
    expect([refused.status, fault(refused.json)]).toEqual([400, `Cannot complete the requested action because chassis ${uuid} contains nodes.`]);
    expect(await chassisEvents(uuid)).toEqual(['ChassisCreated']);

    const moved = await call('PATCH', `/v1/nodes/${other}`, { body: [{ op: 'add', path: '/chassis_uuid', value: uuid }] });
    expect(moved.json.chassis_uuid).toBe(uuid);
    for (const id of [node.json.uuid, other]) expect((await call('PATCH', `/v1/nodes/${id}`, { body: [{ op: 'remove', path: '/chassis_uuid' }] })).status).toBe(200);
    expect((await call('DELETE', `/v1/chassis/${uuid}`)).status).toBe(204);
  });

  it('answers bad input with Ironic’s errors and appends nothing', async () => {
    const before = await system.eventCount();
    const cases: [string, string, unknown, number, string][] = [
      ['POST', '/v1/chassis', { bogus: 1 }, 400, "Schema error for chassis: Additional properties are not allowed ('bogus' was unexpected)"],
      ['POST', '/v1/chassis', { uuid: 'not-a-uuid' }, 400, 'Expected UUID for uuid: not-a-uuid'],
      ['POST', '/v1/chassis', { description: 'x'.repeat(256) }, 400, `Schema error for chassis: '${'x'.repeat(256)}' is too long`],
      ['POST', '/v1/chassis', { extra: 'text' }, 400, "Schema error for chassis: 'text' is not of type 'object', 'null'"],
      ['GET', '/v1/chassis/not-a-uuid', undefined, 400, 'Expected UUID for chassis_uuid: not-a-uuid'],
      ['GET', '/v1/chassis/0e8e4f3c-1b2a-4c5d-9e8f-7a6b5c4d3e2f', undefined, 404, 'Chassis 0e8e4f3c-1b2a-4c5d-9e8f-7a6b5c4d3e2f could not be found.'],
      ['POST', '/v1/nodes', { driver: 'fake-hardware', chassis_uuid: '0e8e4f3c-1b2a-4c5d-9e8f-7a6b5c4d3e2f' }, 400, 'Chassis 0e8e4f3c-1b2a-4c5d-9e8f-7a6b5c4d3e2f could not be found.'],
      ['POST', '/v1/nodes', { driver: 'fake-hardware', chassis_uuid: 'bad' }, 400, 'Expected UUID for chassis_uuid: bad'],
    ];
    for (const [method, path, body, status, message] of cases) {
      const response = await call(method, path, { body });
      expect([method, path, response.status, fault(response.json)]).toEqual([method, path, status, message]);
    }
    expect(await system.eventCount()).toBe(before);
  });

  it('keeps a chassis’ history: its raw log, its state at a past instant, and its events in the feed', async () => {
    const uuid = (await call('POST', '/v1/chassis', { body: { description: 'before' } })).json.uuid as string;
    await call('PATCH', `/v1/chassis/${uuid}`, { body: [{ op: 'replace', path: '/description', value: 'after' }] });
    const log = await call('GET', `/v1/chassis/${uuid}/events`);
    const events = log.json.events as Json[];
    expect(events.map((e) => [e.kind, e.type, (e.meta as Json).chassisId])).toEqual([['chassis', 'ChassisCreated', uuid], ['chassis', 'ChassisUpdated', uuid]]);
    const created = events[0]!.position as number;
    expect((await call('GET', `/v1/chassis/${uuid}?at=${created}`)).json.description).toBe('before');
    expect((await call('GET', `/v1/chassis/${uuid}`)).json.description).toBe('after');
    expect(((await call('GET', `/v1/chassis?at=${created - 1}`)).json.chassis as Json[]).some((c) => c.uuid === uuid)).toBe(false);

    const feed = subscribeSse({ baseUrl: system.baseUrl, from: created - 1, eventTypes: ['ChassisCreated', 'ChassisUpdated'] });
    const seen: string[] = [];
    for await (const received of feed) {
      if ((received.event.meta as { chassisId?: string }).chassisId === uuid) seen.push(`${received.kind} ${received.event.type}`);
      if (seen.length === 2) break;
    }
    await feed.close();
    expect(seen).toEqual(['chassis ChassisCreated', 'chassis ChassisUpdated']);
  });
});
