/**
 * Allocations through the gateway, with a real conductor and JetStream behind it: a node picked
 * for a request and the failures in Ironic's words, backfilling, every way an allocation ends,
 * the refusals that append nothing, and an allocation's history (log, past state, feed).
 */
import { describe, expect, it, jest } from '@jest/globals';
import { subscribeSse } from '@ironledger/client';
import { nodeStreamId, resourceStreamId } from '@ironledger/contracts';
import { apiClient, at, fault, type Json } from '../support/api.js';
import { eventually } from '../support/processes.js';
import { systemForFile } from '../support/system-for-file.js';

jest.setTimeout(90_000);

const system = systemForFile();
const call = apiClient(() => system.baseUrl);
const webob = (body: Json) => JSON.parse(body.error_message as string) as Json;
let serial = 0;

const allocationEvents = async (uuid: string) => (await (await system.store()).readStream(resourceStreamId('allocation', uuid))).map((e) => e.type);

/** Until the node's states satisfy `reached`. */
function states(ident: string, reached: (s: Json) => boolean, what: string): Promise<Json> {
  return eventually(async () => {
    const current = (await call('GET', `/v1/nodes/${ident}/states`)).json;
    return reached(current) ? current : undefined;
  }, 20_000, `node ${ident} ${what}`);
}

async function provision(ident: string, target: string, reached: string): Promise<void> {
  expect((await call('PUT', `/v1/nodes/${ident}/states/provision`, { body: { target } })).status).toBe(202);
  await states(ident, (s) => s.provision_state === reached && s.target_provision_state === null, reached);
}

/** A fake-hardware node of `resource_class`, available and powered off: a candidate for allocations. */
async function availableNode(resourceClass: string, extra: Json = {}, traits: string[] = []): Promise<string> {
  const created = await call('POST', '/v1/nodes', { body: { driver: 'fake-hardware', resource_class: resourceClass, ...extra } });
  expect(created.status).toBe(201);
  const uuid = created.json.uuid as string;
  await provision(uuid, 'manage', 'manageable');
  await provision(uuid, 'provide', 'available');
  if (traits.length > 0) expect((await call('PUT', `/v1/nodes/${uuid}/traits`, { body: { traits } })).status).toBe(204);
  expect((await call('PUT', `/v1/nodes/${uuid}/states/power`, { body: { target: 'power off' } })).status).toBe(202);
  await states(uuid, (s) => s.power_state === 'power off' && s.target_power_state === null, 'powered off');
  return uuid;
}

/** Until the allocation is no longer allocating. */
function settled(uuid: string): Promise<Json> {
  return eventually(async () => {
    const current = (await call('GET', `/v1/allocations/${uuid}`)).json;
    return current.state !== 'allocating' ? current : undefined;
  }, 20_000, `allocation ${uuid}`);
}

async function allocate(body: Json): Promise<Json> {
  const created = await call('POST', '/v1/allocations', { body });
  expect([created.status, created.text]).toEqual([201, expect.any(String)]);
  return settled(created.json.uuid as string);
}

const rc = () => `rc-${++serial}`;

describe('allocations', () => {
  it('pick a node: 201 allocating at once, then active; the node names the allocation and takes its traits', async () => {
    const resourceClass = rc();
    await availableNode(resourceClass, {}, ['CUSTOM_SILVER']);
    const node = await availableNode(resourceClass, { name: 'alloc-gold' }, ['CUSTOM_GOLD', 'HW_CPU_X86_AVX2']);
    const created = await call('POST', '/v1/allocations', { body: { resource_class: resourceClass, name: 'a-gold', traits: ['CUSTOM_GOLD'], extra: { k: 'v' } } });
    expect(created.status).toBe(201);
    const uuid = created.json.uuid as string;
    expect(created.headers.get('location')).toBe(`${system.baseUrl}/v1/allocations/${uuid}`);
    expect(Object.keys(created.json)).toEqual(['uuid', 'created_at', 'updated_at', 'candidate_nodes', 'extra', 'last_error', 'name', 'owner', 'resource_class', 'state', 'traits', 'links', 'node_uuid']);
    expect(created.json).toMatchObject({ state: 'allocating', node_uuid: null, candidate_nodes: [], extra: { k: 'v' }, owner: null, traits: ['CUSTOM_GOLD'], last_error: null });

    const active = await settled(uuid);
    expect(active).toMatchObject({ state: 'active', node_uuid: node, last_error: null, updated_at: expect.any(String) });
    expect((await call('GET', `/v1/nodes/${node}?fields=allocation_uuid,instance_uuid,instance_info,provision_state`)).json).toMatchObject({
      allocation_uuid: uuid,
      instance_uuid: uuid,
      instance_info: { traits: ['CUSTOM_GOLD'] },
      provision_state: 'available',
    });
    expect((await call('GET', '/v1/allocations/a-gold')).json).toEqual(active);
    expect((await call('GET', `/v1/nodes/alloc-gold/allocation`)).json).toEqual(active);
    expect((await call('GET', `/v1/nodes/${node}/allocation?fields=uuid,Node_UUID`)).json).toEqual({ links: active.links, node_uuid: node, uuid });
    expect((await call('GET', `/v1/allocations/${uuid}`, { headers: at('1.59') })).json).not.toHaveProperty('owner');
    expect((await call('GET', `/v1/nodes/${node}`, { headers: at('1.51') })).json).not.toHaveProperty('allocation_uuid');
    expect(await allocationEvents(uuid)).toEqual(['AllocationCreated', 'AllocationSucceeded']);
  });

  it('keep candidates as node UUIDs and prefer the node named like the allocation', async () => {
    const resourceClass = rc();
    const others = [await availableNode(resourceClass), await availableNode(resourceClass)];
    const named = await availableNode(resourceClass, { name: 'pick-me' });
    const active = await allocate({ resource_class: resourceClass, name: 'pick-me', candidate_nodes: [others[0], 'pick-me', others[1]] });
    expect(active).toMatchObject({ state: 'active', node_uuid: named, candidate_nodes: [others[0], named, others[1]] });
  });

  it('fail with Ironic’s words when no node matches or none has the traits (a node without a power state is no candidate)', async () => {
    const resourceClass = rc();
    const created = await call('POST', '/v1/nodes', { body: { driver: 'fake-hardware', resource_class: resourceClass } });
    await provision(created.json.uuid as string, 'manage', 'manageable');
    await provision(created.json.uuid as string, 'provide', 'available');
    const unpowered = await allocate({ resource_class: resourceClass });
    expect(unpowered).toMatchObject({ state: 'error', node_uuid: null, last_error: `Failed to process allocation ${unpowered.uuid as string}: no available nodes match the resource class ${resourceClass}.` });
    const candidates = await allocate({ resource_class: resourceClass, candidate_nodes: [created.json.uuid] });
    expect(candidates.last_error).toBe(`Failed to process allocation ${candidates.uuid as string}: none of the requested nodes are available and match the resource class ${resourceClass}.`);
    const other = rc();
    await availableNode(other, {}, ['CUSTOM_GOLD']);
    const traits = await allocate({ resource_class: other, traits: ['CUSTOM_NONE'] });
    expect(traits.last_error).toBe(`Failed to process allocation ${traits.uuid as string}: no suitable nodes have the requested traits CUSTOM_NONE.`);
    expect(await allocationEvents(traits.uuid as string)).toEqual(['AllocationCreated', 'AllocationFailed']);
  });

  it('list with filters on their own fields, fields and Ironic’s next links', async () => {
    const resourceClass = rc();
    const node = await availableNode(resourceClass);
    const active = await allocate({ resource_class: resourceClass, name: 'listed-1' });
    const failed = await allocate({ resource_class: resourceClass, name: 'listed-2' });
    const uuids = async (query: string) => ((await call('GET', `/v1/allocations?${query}`)).json.allocations as Json[]).map((a) => a.uuid);
    expect(await uuids(`resource_class=${resourceClass}`)).toEqual([active.uuid, failed.uuid]);
    expect(await uuids(`node=${node}`)).toEqual([active.uuid]);
    expect(await uuids(`node=${node}&state=active`)).toEqual([active.uuid]);
    expect(await uuids(`node=${node}&state=error`)).toEqual([]);
    expect(await uuids(`resource_class=${resourceClass}&state=error`)).toEqual([failed.uuid]);
    expect(await uuids(`resource_class=${resourceClass}&state=bogus`)).toEqual([]);
    const page = await call('GET', `/v1/allocations/?resource_class=${resourceClass}&limit=1&fields=uuid,NAME`);
    expect(page.json).toEqual({
      allocations: [{ uuid: active.uuid, name: 'listed-1', links: active.links }],
      next: `${system.baseUrl}/v1/allocations?sort_key=id&sort_dir=asc&fields=uuid,name&limit=1&marker=${active.uuid as string}`,
    });
    expect(await uuids(`resource_class=${resourceClass}&marker=${active.uuid as string}`)).toEqual([failed.uuid]);
    expect(await uuids(`resource_class=${resourceClass}&sort_key=name&sort_dir=desc`)).toEqual([failed.uuid, active.uuid]);
  });

  it('change name and extra (1.57), in any state', async () => {
    const resourceClass = rc();
    await availableNode(resourceClass);
    const { uuid } = (await allocate({ resource_class: resourceClass, name: 'patch-1', extra: { a: 1 } })) as { uuid: string };
    const patched = await call('PATCH', '/v1/allocations/patch-1', { body: [{ op: 'add', path: '/name', value: 'patch-2' }, { op: 'add', path: '/extra/b', value: 2 }] });
    expect([patched.status, patched.json]).toEqual([200, expect.objectContaining({ uuid, name: 'patch-2', extra: { a: 1, b: 2 }, state: 'active' })]);
    const removed = await call('PATCH', `/v1/allocations/${uuid}`, { body: [{ op: 'remove', path: '/name' }, { op: 'remove', path: '/extra' }] });
    expect(removed.json).toMatchObject({ name: null, extra: {} });
    expect(await allocationEvents(uuid)).toEqual(['AllocationCreated', 'AllocationSucceeded', 'AllocationUpdated', 'AllocationUpdated']);
    // Names are free again once let go.
    await availableNode(resourceClass);
    expect((await allocate({ resource_class: resourceClass, name: 'patch-1' })).state).toBe('active');
  });

  it('end when deleted (also through the node), freeing the node but keeping instance_info', async () => {
    const resourceClass = rc();
    const node = await availableNode(resourceClass, { name: 'freed' });
    const { uuid } = (await allocate({ resource_class: resourceClass, traits: [] })) as { uuid: string };
    expect((await call('DELETE', `/v1/nodes/freed/allocation`)).status).toBe(204);
    expect((await call('GET', `/v1/allocations/${uuid}`)).status).toBe(404);
    expect((await call('GET', `/v1/nodes/${node}?fields=allocation_uuid,instance_uuid,instance_info`)).json).toMatchObject({ allocation_uuid: null, instance_uuid: null, instance_info: { traits: [] } });
    const again = (await allocate({ resource_class: resourceClass })) as { uuid: string };
    expect((await call('DELETE', `/v1/allocations/${again.uuid}`)).status).toBe(204);
    expect(await allocationEvents(uuid)).toEqual(['AllocationCreated', 'AllocationSucceeded', 'AllocationDeleted']);
    expect((await (await system.store()).readStream(nodeStreamId(node))).filter((e) => e.type === 'NodeDeallocated').map((e) => (e.data as Json).reason)).toEqual(['allocation deleted', 'allocation deleted']);
  });

  it('end at tear-down when the node is undeployed, when its instance UUID is removed, and with the node deleted in maintenance', async () => {
    const resourceClass = rc();
    const node = await availableNode(resourceClass);
    const deployed = (await allocate({ resource_class: resourceClass })) as { uuid: string };
    await provision(node, 'active', 'active');
    const refused = await call('DELETE', `/v1/allocations/${deployed.uuid}`);
    expect([refused.status, fault(refused.json)]).toEqual([409, `Cannot remove allocation ${deployed.uuid} for node ${node}, because the node is active (and maintenance mode is off)`]);
    const refusedRemoval = await call('PATCH', `/v1/nodes/${node}`, { body: [{ op: 'remove', path: '/instance_uuid' }] });
    expect([refusedRemoval.status, fault(refusedRemoval.json)]).toEqual([
      409,
      `Node ${node} with an allocation can not have instance_uuid removed unless it is in one of allowed (enroll, inspecting, inspect wait, manageable, available) states or in maintenance mode.`,
    ]);
    await provision(node, 'deleted', 'available');
    expect((await call('GET', `/v1/nodes/${node}?fields=allocation_uuid,instance_uuid`)).json).toMatchObject({ allocation_uuid: null, instance_uuid: null });
    await eventually(async () => ((await call('GET', `/v1/allocations/${deployed.uuid}`)).status === 404 ? true : undefined));

    const removed = (await allocate({ resource_class: resourceClass })) as { uuid: string };
    const patched = await call('PATCH', `/v1/nodes/${node}`, { body: [{ op: 'remove', path: '/instance_uuid' }] });
    expect([patched.status, patched.json.instance_uuid, patched.json.allocation_uuid]).toEqual([200, null, null]);
    expect((await call('GET', `/v1/allocations/${removed.uuid}`)).status).toBe(404);

    const withNode = (await allocate({ resource_class: resourceClass })) as { uuid: string };
    const busy = await call('DELETE', `/v1/nodes/${node}`);
    expect([busy.status, fault(busy.json)]).toEqual([409, `Node ${node} is associated with instance ${withNode.uuid}.`]);
    expect((await call('PUT', `/v1/nodes/${node}/maintenance`, { body: {} })).status).toBe(202);
    expect((await call('DELETE', `/v1/nodes/${node}`)).status).toBe(204);
    expect((await call('GET', `/v1/allocations/${withNode.uuid}`)).status).toBe(404);
  });

  it('backfill a deployed node at once (1.58); a node that does not fit is refused and the failed allocation kept', async () => {
    const resourceClass = rc();
    const node = await availableNode(resourceClass, { name: 'backfilled' }, ['CUSTOM_GOLD']);
    await provision(node, 'active', 'active');
    const created = await call('POST', '/v1/allocations', { body: { node: 'backfilled', name: 'backfill-1', traits: ['CUSTOM_GOLD'] } });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({ state: 'active', node_uuid: node, resource_class: resourceClass });
    expect((await call('GET', `/v1/nodes/${node}?fields=allocation_uuid,instance_uuid,instance_info`)).json).toMatchObject({
      allocation_uuid: created.json.uuid,
      instance_uuid: created.json.uuid,
      instance_info: { traits: ['CUSTOM_GOLD'] },
    });
    // Again: the node's instance UUID is the allocation's, which exists.
    const again = await call('POST', '/v1/allocations', { body: { node: node } });
    expect([again.status, fault(again.json)]).toEqual([409, `An allocation with UUID ${created.json.uuid as string} already exists.`]);

    const available = await availableNode(resourceClass);
    const refused = await call('POST', '/v1/allocations', { body: { node: available, resource_class: 'other', name: 'backfill-bad' } });
    const failed = (await call('GET', '/v1/allocations/backfill-bad')).json;
    const why = `Failed to process allocation ${failed.uuid as string}: Cannot backfill an allocation for node ${available}: Node must be in the "active" state, but the current state is "available"; Resource class ${resourceClass} does not match the requested resource class other.`;
    // Ironic's AllocationFailed has no status of its own: a 500 with faultcode Server.
    expect([refused.status, fault(refused.json), JSON.parse(refused.json.error_message as string).faultcode]).toEqual([500, why, 'Server']);
    expect(failed).toMatchObject({ state: 'error', node_uuid: null, last_error: why });
  });

  it('answer bad input with Ironic’s errors and append nothing', async () => {
    const resourceClass = rc();
    const node = await availableNode(resourceClass, { name: 'alloc-bad' });
    const existing = await allocate({ resource_class: resourceClass, name: 'taken' });
    await availableNode(rc(), { name: 'alloc-spare' });
    const before = await system.eventCount();
    const cases: [string, string, unknown, Record<string, string> | undefined, number, string][] = [
      ['POST', '/v1/allocations', { foo: 1, resource_class: 'x' }, undefined, 400, "Schema error for allocation: Additional properties are not allowed ('foo' was unexpected)"],
      ['POST', '/v1/allocations', [], undefined, 400, "Schema error for allocation: [] is not of type 'object'"],
      ['POST', '/v1/allocations', { traits: 'CUSTOM_A' }, undefined, 400, "Schema error for allocation: 'CUSTOM_A' is not of type 'array', 'null'"],
      ['POST', '/v1/allocations', { extra: 'x' }, undefined, 400, "Schema error for allocation: 'x' is not of type 'object', 'null'"],
      ['POST', '/v1/allocations', { name: 5 }, undefined, 400, "Schema error for allocation: 5 is not of type 'string', 'null'"],
      ['POST', '/v1/allocations', { resource_class: 'x'.repeat(81) }, undefined, 400, `Schema error for allocation: '${'x'.repeat(81)}' is too long`],
      ['POST', '/v1/allocations', { resource_class: 'x', traits: ['bad'] }, undefined, 400, "Schema error for allocation: 'bad' is not valid under any of the given schemas. Possible root cause: 'bad' does not match '^CUSTOM_[A-Z0-9_]+$'"],
      ['POST', '/v1/allocations', { resource_class: 'x', uuid: 'not-a-uuid' }, undefined, 400, 'Expected UUID for uuid: not-a-uuid'],
      ['POST', '/v1/allocations', { resource_class: 'x', owner: null }, at('1.59'), 406, 'Request not acceptable.'],
      ['POST', '/v1/allocations', { resource_class: 'x', name: 'r1 bad!' }, undefined, 400, "Cannot create allocation with invalid name 'r1 bad!'"],
      ['POST', '/v1/allocations', { node: 'alloc-bad' }, at('1.57'), 400, 'Cannot set node when creating an allocation in this API version'],
      ['POST', '/v1/allocations', { node: 'alloc-nope' }, undefined, 400, 'Node alloc-nope could not be found.'],
      ['POST', '/v1/allocations', {}, undefined, 400, 'The resource_class field is mandatory when not backfilling'],
      ['POST', '/v1/allocations', undefined, undefined, 400, 'The resource_class field is mandatory when not backfilling'],
      ['POST', '/v1/allocations', { resource_class: 'x', candidate_nodes: ['bad name!', 'alloc-bad'] }, undefined, 400, 'Nodes cannot be found: bad name!'],
      ['POST', '/v1/allocations', { resource_class: 'x', candidate_nodes: ['alloc-nope', 'alloc-bad', '11111111-2222-3333-4444-555555555555'] }, undefined, 400,
        'Nodes cannot be found: alloc-nope, 11111111-2222-3333-4444-555555555555'],
      ['POST', '/v1/allocations', { resource_class: 'x', name: 'taken' }, undefined, 409, 'An allocation with name taken already exists.'],
      ['POST', '/v1/allocations', { resource_class: 'x', uuid: existing.uuid }, undefined, 409, `An allocation with UUID ${existing.uuid as string} already exists.`],
      ['GET', '/v1/allocations/bad name', undefined, undefined, 400, 'Expected UUID or name for allocation_ident: bad name'],
      ['GET', '/v1/allocations/nope', undefined, undefined, 404, 'Allocation nope could not be found.'],
      ['GET', '/v1/allocations/detail', undefined, undefined, 404, 'Allocation detail could not be found.'],
      ['GET', '/v1/allocations/taken?fields=bogus', undefined, undefined, 400, 'Field(s) "bogus" are not valid'],
      ['GET', '/v1/allocations/taken?fields=owner', undefined, at('1.59'), 406, 'Request not acceptable.'],
      ['GET', '/v1/allocations?detail=true', undefined, undefined, 400, 'Unexpected arguments: detail'],
      ['GET', '/v1/allocations?foo=1&bar=2', undefined, undefined, 400, 'Unexpected arguments: bar, foo'],
      ['GET', '/v1/allocations?node=bad name', undefined, undefined, 400, 'Expected UUID or name for node: bad name'],
      ['GET', '/v1/allocations?node=alloc-nope', undefined, undefined, 400, 'Node alloc-nope could not be found.'],
      ['GET', '/v1/allocations?marker=taken', undefined, undefined, 400, 'Expected UUID for marker: taken'],
      ['GET', '/v1/allocations?marker=11111111-2222-3333-4444-555555555555', undefined, undefined, 404, 'Allocation 11111111-2222-3333-4444-555555555555 could not be found.'],
      ['GET', '/v1/allocations?limit=0', undefined, undefined, 400, 'Limit must be positive'],
      ['GET', '/v1/allocations?limit=abc', undefined, undefined, 400, 'Expected an integer for limit: abc'],
      ['GET', '/v1/allocations?sort_dir=up', undefined, undefined, 400, "Invalid sort direction: up. Acceptable values are 'asc' or 'desc'"],
      ['GET', '/v1/allocations?sort_key=traits', undefined, undefined, 400, 'The sort_key value traits is an invalid field for sorting'],
      ['GET', '/v1/allocations?sort_key=node_uuid', undefined, undefined, 400, 'The sort_key value "node_uuid" is an invalid field for sorting'],
      ['GET', '/v1/allocations?owner=p', undefined, at('1.59'), 406, 'Request not acceptable.'],
      ['PATCH', '/v1/allocations/taken', [{ op: 'add', path: '/name', value: 'x' }], at('1.56'), 405, 'The API version does not allow updating allocations'],
      ['PATCH', '/v1/allocations/bad x', [{ op: 'add', path: '/name', value: 'x' }], undefined, 400, 'Expected a logical name or UUID but received bad x.'],
      ['PATCH', '/v1/allocations/nope', [{ op: 'add', path: '/name', value: 'x' }], undefined, 404, 'Allocation nope could not be found.'],
      ['PATCH', '/v1/allocations/taken', [{ op: 'replace', path: '/resource_class', value: 'x' }], undefined, 400, 'Cannot patch /resource_class. Only the following can be updated: name, extra'],
      ['PATCH', '/v1/allocations/taken', [{ op: 'add', path: '/name', value: 'bad name' }], undefined, 400, "Cannot update allocation with invalid name 'bad name'"],
      ['PATCH', '/v1/allocations/taken', [{ op: 'replace', path: '/extra', value: 'str' }], undefined, 400, "Schema error for patch: 'str' is not of type 'object', 'null'"],
      ['DELETE', '/v1/allocations/bad name', undefined, undefined, 400, 'Expected UUID or name for allocation_ident: bad name'],
      ['DELETE', '/v1/allocations/nope', undefined, undefined, 404, 'Allocation nope could not be found.'],
      ['GET', '/v1/nodes/alloc-nope/allocation', undefined, undefined, 400, 'Node alloc-nope could not be found.'],
      ['GET', '/v1/nodes/alloc-spare/allocation', undefined, undefined, 404, 'Allocation for node alloc-spare was not found'],
      ['DELETE', '/v1/nodes/alloc-nope/allocation', undefined, undefined, 404, 'Node alloc-nope could not be found.'],
      ['DELETE', '/v1/nodes/alloc-spare/allocation', undefined, undefined, 404, 'Allocation for node alloc-spare was not found'],
      ['PATCH', `/v1/nodes/${node}`, [{ op: 'add', path: '/instance_uuid', value: '0f1e2d3c-4b5a-4978-8695-a4b3c2d1e0f9' }], undefined, 409, `Node ${node} is associated with instance ${existing.uuid as string}.`],
    ];
    for (const [method, path, body, headers, status, message] of cases) {
      const response = await call(method, path, { body, ...(headers && { headers }) });
      expect([method, path, response.status, response.json?.error_message ? fault(response.json) : response.text]).toEqual([method, path, status, message]);
    }
    const gates: [string, string, string, number, string][] = [
      ['GET', '/v1/allocations', '1.51', 404, 'The API version does not allow allocations'],
      ['GET', '/v1/allocations/taken', '1.51', 404, 'The API version does not allow allocations'],
      ['POST', '/v1/allocations', '1.51', 405, 'The API version does not allow allocations'],
      ['DELETE', '/v1/allocations/taken', '1.51', 405, 'The API version does not allow allocations'],
      ['GET', `/v1/nodes/${node}/allocation`, '1.51', 404, ''],
      ['DELETE', `/v1/nodes/${node}/allocation`, '1.51', 404, ''],
    ];
    for (const [method, path, version, status, description] of gates) {
      const response = await call(method, path, { headers: at(version), ...(method === 'POST' && { body: {} }) });
      expect([method, path, response.status, webob(response.json)]).toEqual([method, path, status, { code: status, title: status === 404 ? 'Not Found' : 'Method Not Allowed', description }]);
    }
    expect(await system.eventCount()).toBe(before);
  });

  it('keep their history: the raw log, their state at a past instant, and their events in the feed', async () => {
    const resourceClass = rc();
    await availableNode(resourceClass);
    const { uuid } = (await allocate({ resource_class: resourceClass, extra: { v: 1 } })) as { uuid: string };
    await call('PATCH', `/v1/allocations/${uuid}`, { body: [{ op: 'replace', path: '/extra/v', value: 2 }] });
    const events = (await call('GET', `/v1/allocations/${uuid}/events`)).json.events as Json[];
    expect(events.map((e) => [e.kind, e.type, (e.meta as Json).allocationId])).toEqual([
      ['allocation', 'AllocationCreated', uuid],
      ['allocation', 'AllocationSucceeded', uuid],
      ['allocation', 'AllocationUpdated', uuid],
    ]);
    const [created, succeeded] = events.map((e) => e.position as number) as [number, number];
    expect((await call('GET', `/v1/allocations/${uuid}?at=${created}`)).json).toMatchObject({ state: 'allocating', extra: { v: 1 }, node_uuid: null });
    expect((await call('GET', `/v1/allocations/${uuid}?at=${succeeded}`)).json).toMatchObject({ state: 'active', extra: { v: 1 } });
    expect((await call('GET', `/v1/allocations/${uuid}`)).json.extra).toEqual({ v: 2 });
    expect(((await call('GET', `/v1/allocations?at=${created - 1}`)).json.allocations as Json[]).some((a) => a.uuid === uuid)).toBe(false);

    const feed = subscribeSse({ baseUrl: system.baseUrl, from: created - 1, eventTypes: ['AllocationCreated', 'AllocationSucceeded', 'NodeAllocated'] });
    const seen: string[] = [];
    for await (const received of feed) {
      const meta = received.event.meta as { allocationId?: string };
      const data = received.event.data as { allocation_uuid?: string };
      if (meta.allocationId === uuid || data.allocation_uuid === uuid) seen.push(`${received.kind} ${received.event.type}`);
      if (seen.length === 3) break;
    }
    await feed.close();
    expect(seen).toEqual(['allocation AllocationCreated', 'node NodeAllocated', 'allocation AllocationSucceeded']);
  });
});
