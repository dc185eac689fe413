/**
 * Node traits and shards through the gateway, with a real conductor and JetStream behind it:
 * Ironic's API and words, every change a node event, and refusals that append nothing.
 */
import { describe, expect, it, jest } from '@jest/globals';
import { nodeStreamId } from '@ironledger/contracts';
import { apiClient, at, fault, type Json } from '../support/api.js';
import { eventually } from '../support/processes.js';
import { systemForFile } from '../support/system-for-file.js';

jest.setTimeout(60_000);

const system = systemForFile();
const call = apiClient(() => system.baseUrl);

const nodeEvents = async (uuid: string) => (await (await system.store()).readStream(nodeStreamId(uuid))).map((e) => e.type);

async function newNode(body: Json = {}, version = 'latest'): Promise<string> {
  const created = await call('POST', '/v1/nodes', { body: { driver: 'fake-hardware', ...body }, headers: at(version) });
  expect(created.status).toBe(201);
  return created.json.uuid as string;
}

/** `webob` error bodies: `{code, title, description}` inside `error_message`. */
const webob = (body: Json) => JSON.parse(body.error_message as string) as Json;

describe('node traits', () => {
  it('are set, added, listed sorted, shown in node views and removed, each change an event', async () => {
    const uuid = await newNode({ name: 'traits-1' });
    expect((await call('PUT', '/v1/nodes/traits-1/traits', { body: { traits: ['CUSTOM_B', 'HW_CPU_X86_AVX2', 'CUSTOM_A', 'CUSTOM_B'] } })).status).toBe(204);
    const added = await call('PUT', '/v1/nodes/traits-1/traits/CUSTOM_C');
    expect(added.status).toBe(204);
    expect(added.headers.get('location')).toBe(`${system.baseUrl}/v1/nodes/traits-1/traits/CUSTOM_C`);
    expect((await call('PUT', '/v1/nodes/traits-1/traits/CUSTOM_C', { body: {} })).status).toBe(204);
    expect((await call('GET', `/v1/nodes/${uuid}/traits`)).json).toEqual({ traits: ['CUSTOM_A', 'CUSTOM_B', 'CUSTOM_C', 'HW_CPU_X86_AVX2'] });

    expect((await call('GET', `/v1/nodes/${uuid}`)).json.traits).toEqual(['CUSTOM_A', 'CUSTOM_B', 'CUSTOM_C', 'HW_CPU_X86_AVX2']);
    expect((await call('GET', `/v1/nodes/${uuid}`, { headers: at('1.36') })).json).not.toHaveProperty('traits');
    expect((await call('GET', `/v1/nodes/${uuid}?fields=traits`)).json).toEqual({ traits: ['CUSTOM_A', 'CUSTOM_B', 'CUSTOM_C', 'HW_CPU_X86_AVX2'], links: expect.any(Array) });
    expect(((await call('GET', '/v1/nodes?fields=uuid,traits')).json.nodes as Json[]).find((n) => n.uuid === uuid)?.traits).toHaveLength(4);
    expect((await call('GET', `/v1/nodes/${uuid}?fields=traits`, { headers: at('1.36') })).status).toBe(406);

    expect((await call('DELETE', '/v1/nodes/traits-1/traits/CUSTOM_B')).status).toBe(204);
    expect((await call('GET', '/v1/nodes/traits-1/traits')).json).toEqual({ traits: ['CUSTOM_A', 'CUSTOM_C', 'HW_CPU_X86_AVX2'] });
    expect((await call('DELETE', '/v1/nodes/traits-1/traits')).status).toBe(204);
    expect((await call('DELETE', '/v1/nodes/traits-1/traits')).status).toBe(204);
    expect((await call('GET', '/v1/nodes/traits-1/traits')).json).toEqual({ traits: [] });
    expect(await nodeEvents(uuid)).toEqual(['NodeRegistered', 'NodeTraitsSet', 'NodeTraitAdded', 'NodeTraitRemoved', 'NodeTraitsSet']);
  });

  it('change in any provision state', async () => {
    const uuid = await newNode();
    expect((await call('PUT', `/v1/nodes/${uuid}/states/provision`, { body: { target: 'manage' } })).status).toBe(202);
    await eventually(async () => ((await call('GET', `/v1/nodes/${uuid}/states`)).json.provision_state === 'manageable' ? true : undefined));
    expect((await call('PUT', `/v1/nodes/${uuid}/traits/CUSTOM_ANY_STATE`)).status).toBe(204);
    expect((await call('GET', `/v1/nodes/${uuid}/traits`)).json).toEqual({ traits: ['CUSTOM_ANY_STATE'] });
  });

  it('answer bad input with Ironic’s errors and append nothing', async () => {
    const uuid = await newNode({ name: 'traits-bad' });
    await call('PUT', `/v1/nodes/${uuid}/traits`, { body: { traits: Array.from({ length: 50 }, (_, i) => `CUSTOM_T${i}`) } });
    const before = await system.eventCount();
    const oneOrAll =
      'A single node trait may be added via PUT /v1/nodes/<node identifier>/traits/<trait> with no body, or all node traits may be replaced via PUT /v1/nodes/<node identifier>/traits with the list of traits specified in the request body.';
    const long = `CUSTOM_${'A'.repeat(250)}`;
    const cases: [string, string, unknown, number, string][] = [
      ['PUT', '/traits', { traits: ['BAD'] }, 400, "Schema error for body: 'BAD' is not valid under any of the given schemas. Possible root cause: 'BAD' does not match '^CUSTOM_[A-Z0-9_]+$'"],
      ['PUT', '/traits', { traits: 'CUSTOM_X' }, 400, "Schema error for body: 'CUSTOM_X' is not of type 'array'"],
      ['PUT', '/traits', { traits: null }, 400, "Schema error for body: None is not of type 'array'"],
      ['PUT', '/traits', { traits: [1] }, 400, "Schema error for body: 1 is not of type 'string'"],
      ['PUT', '/traits', { foo: 1 }, 400, "Schema error for body: Additional properties are not allowed ('foo' was unexpected)"],
      ['PUT', '/traits', undefined, 400, oneOrAll],
      ['PUT', '/traits', {}, 400, oneOrAll],
      ['PUT', '/traits/CUSTOM_X', { traits: ['CUSTOM_X'] }, 400, oneOrAll],
      ['PUT', '/traits/CUSTOM_X', { a: 1 }, 400, "Schema error for body: Additional properties are not allowed ('a' was unexpected)"],
      ['PUT', '/traits/CUSTOM_X', [], 400, "Schema error for body: [] is not of type 'object'"],
      ['PUT', '/traits/custom_lower', undefined, 400, "Schema error for trait: 'custom_lower' is not valid under any of the given schemas. Possible root cause: 'custom_lower' does not match '^CUSTOM_[A-Z0-9_]+$'"],
      ['PUT', '/traits/NOT_A_TRAIT', undefined, 400, "Schema error for trait: 'NOT_A_TRAIT' is not valid under any of the given schemas. Possible root cause: 'NOT_A_TRAIT' does not match '^CUSTOM_[A-Z0-9_]+$'"],
      ['PUT', `/traits/${long}`, undefined, 400, `Schema error for trait: '${long}' is too long`],
      ['PUT', '/traits/CUSTOM_FIFTY_ONE', undefined, 400, `Could not modify traits for node ${uuid} as it would exceed the maximum number of traits per node (51 vs. 50)`],
      ['PUT', '/traits', { traits: [...Array.from({ length: 50 }, (_, i) => `CUSTOM_U${i}`), 'CUSTOM_V'] }, 400, `Could not modify traits for node ${uuid} as it would exceed the maximum number of traits per node (51 vs. 50)`],
      ['DELETE', '/traits/CUSTOM_NOPE', undefined, 404, `Node ${uuid} doesn't have a trait 'CUSTOM_NOPE'`],
      ['GET', '/traits?foo=1', undefined, 400, 'Unexpected arguments: foo'],
    ];
    for (const [method, path, body, status, message] of cases) {
      const response = await call(method, `/v1/nodes/traits-bad${path}`, { body });
      expect([method, path, response.status, response.json?.error_message ? fault(response.json) : response.text]).toEqual([method, path, status, message]);
    }
    for (const [method, path] of [['GET', '/traits'], ['PUT', '/traits/CUSTOM_A'], ['DELETE', '/traits'], ['DELETE', '/traits/CUSTOM_A']]) {
      const response = await call(method!, `/v1/nodes/traits-nope${path}`);
      expect([method, path, response.status, fault(response.json)]).toEqual([method, path, 404, 'Node traits-nope could not be found.']);
    }
    const old = at('1.36');
    expect([(await call('GET', '/v1/nodes/traits-bad/traits', { headers: old })).status, fault((await call('GET', '/v1/nodes/traits-bad/traits', { headers: old })).json)]).toEqual([406, 'Request not acceptable.']);
    const put = await call('PUT', '/v1/nodes/traits-bad/traits/CUSTOM_A', { headers: old });
    expect([put.status, webob(put.json)]).toEqual([405, { code: 405, title: 'Method Not Allowed', description: '' }]);
    const remove = await call('DELETE', '/v1/nodes/traits-bad/traits', { headers: old });
    expect([remove.status, fault(remove.json)]).toEqual([404, 'Resource could not be found.']);
    const viaNode = await call('POST', '/v1/nodes', { body: { driver: 'fake-hardware', traits: ['CUSTOM_A'] } });
    expect(viaNode.status).toBe(400);
    expect(await system.eventCount()).toBe(before);
  });
});

describe('shards', () => {
  it('counts nodes per shard, nodes without one as "None", most first', async () => {
    for (const shard of ['sh-x', 'sh-x', '', 'sh-y']) await newNode({ shard });
    const unsharded = ((await call('GET', '/v1/nodes?fields=shard')).json.nodes as Json[]).filter((n) => n.shard === null).length;
    const { shards } = (await call('GET', '/v1/shards')).json as { shards: Json[] };
    expect(shards).toEqual(expect.arrayContaining([{ name: 'None', count: unsharded }, { name: 'sh-x', count: 2 }, { name: '', count: 1 }, { name: 'sh-y', count: 1 }]));
    expect(shards.map((s) => s.count)).toEqual([...shards.map((s) => s.count as number)].sort((a, b) => b - a));
    expect(shards.findIndex((s) => s.name === '')).toBeLessThan(shards.findIndex((s) => s.name === 'sh-y'));
  });

  it('are a node field from 1.82, set on create and by PATCH, and node list filters', async () => {
    const mixed = await newNode({ shard: 'Sh-Mixed' });
    const lower = await newNode({ shard: 'sh-lower' });
    const none = await newNode({ shard: null }, '1.81');
    expect((await call('GET', `/v1/nodes/${lower}`)).json.shard).toBe('sh-lower');
    expect((await call('GET', `/v1/nodes/${lower}`, { headers: at('1.81') })).json).not.toHaveProperty('shard');
    const patched = await call('PATCH', `/v1/nodes/${none}`, { body: [{ op: 'add', path: '/shard', value: 'sh-patched' }] });
    expect([patched.status, patched.json.shard]).toEqual([200, 'sh-patched']);
    expect((await call('PATCH', `/v1/nodes/${none}`, { body: [{ op: 'remove', path: '/shard' }] })).json.shard).toBeNull();

    const listed = async (query: string) => ((await call('GET', `/v1/nodes?${query}`)).json.nodes as Json[]).map((n) => n.uuid);
    expect(await listed('shard=SH-LOWER')).toEqual([lower]);
    expect(await listed('shard=Sh-Mixed')).toEqual([]);
    expect(await listed('shard=sh-lower,sh-nothing')).toEqual([lower]);
    expect(await listed('shard=')).toEqual([]);
    expect(await listed('sharded=true')).toEqual(expect.arrayContaining([mixed, lower]));
    expect(await listed('sharded=true')).not.toContain(none);
    expect(await listed('sharded=false')).toContain(none);
    expect(await listed('sharded=false')).not.toContain(lower);
    expect(await listed('sharded=true&shard=sh-lower')).toEqual([lower]);
    expect(((await call('GET', '/v1/nodes/detail?shard=sh-lower')).json.nodes as Json[]).map((n) => n.shard)).toEqual(['sh-lower']);
  });

  it('answer bad input with Ironic’s errors and append nothing', async () => {
    const uuid = await newNode();
    const before = await system.eventCount();
    const cases: [string, string, unknown, Record<string, string>, number, string][] = [
      ['GET', '/v1/nodes?sharded=maybe', undefined, at('1.82'), 400, "Invalid sharded: Unrecognized value 'maybe', acceptable values are: '0', '1', 'f', 'false', 'n', 'no', 'off', 'on', 't', 'true', 'y', 'yes'"],
      ['GET', '/v1/nodes?shard=a&shard=b', undefined, at('1.82'), 400, "Expected string for shard: ['a', 'b']"],
      ['GET', '/v1/nodes?shard=a', undefined, at('1.81'), 406, 'Request not acceptable. The minimal required API version should be 1.82'],
      ['GET', '/v1/nodes/detail?sharded=true', undefined, at('1.81'), 406, 'Request not acceptable. The minimal required API version should be 1.82'],
      ['POST', '/v1/nodes', { driver: 'fake-hardware', shard: 'x' }, at('1.81'), 406, 'Request not acceptable.'],
      ['PATCH', `/v1/nodes/${uuid}`, [{ op: 'add', path: '/shard', value: 'x' }], at('1.81'), 406, 'Request not acceptable.'],
      ['GET', '/v1/shards?foo=1', undefined, at('1.82'), 400, 'Unexpected arguments: foo'],
      ['GET', '/v1/shards/x', undefined, at('1.82'), 404, 'The resource could not be found.'],
    ];
    for (const [method, path, body, headers, status, message] of cases) {
      const response = await call(method, path, { body, headers });
      expect([method, path, response.status, fault(response.json)]).toEqual([method, path, status, message]);
    }
    const gates: [string, string, number, string][] = [
      ['GET', '1.81', 404, 'The API version does not allow shards'],
      ['POST', '1.81', 405, 'The API version does not allow shards'],
      ['POST', '1.82', 405, ''],
      ['DELETE', '1.82', 405, ''],
    ];
    for (const [method, version, status, description] of gates) {
      const response = await call(method, '/v1/shards', { headers: at(version) });
      expect([method, version, response.status, webob(response.json)]).toEqual([method, version, status, { code: status, title: status === 404 ? 'Not Found' : 'Method Not Allowed', description }]);
    }
    expect(await system.eventCount()).toBe(before);
  });
});
