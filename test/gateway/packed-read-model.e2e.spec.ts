/**
 * A gateway holding its nodes packed (READ_MODEL_WHOLE_NODES=0: every node packed, unpacked only
 * when read) answers every node list, filter, sort, page, field selection and past instant
 * exactly as a gateway holding every node whole, both on the same fleet and the same NATS.
 */
import { describe, expect, it, jest } from '@jest/globals';
import { apiClient, type Json } from '../support/api.js';
import { eventually } from '../support/processes.js';
import { systemForFile } from '../support/system-for-file.js';

jest.setTimeout(120_000);

const system = systemForFile({ conductors: 2, conductorEnv: [{}, { CONDUCTOR_GROUP: 'rack-2' }], gateways: 2, gatewayEnv: [{ READ_MODEL_WHOLE_NODES: '0' }, { READ_MODEL_WHOLE_NODES: '100000' }] });
const packed = apiClient(() => system.baseUrls[0]!);
const whole = apiClient(() => system.baseUrls[1]!);
const NODES = 24;

/** A response with each gateway's own address taken out of its links. */
async function answer(call: typeof packed, baseUrl: string, path: string) {
  const response = await call('GET', path);
  return { status: response.status, body: response.text.split(baseUrl).join('<gateway>') };
}

/** Both gateways' answers to `path`, the first (packed) one checked to equal the second's. */
async function same(path: string) {
  const [fromPacked, fromWhole] = await Promise.all([answer(packed, system.baseUrls[0]!, path), answer(whole, system.baseUrls[1]!, path)]);
  expect({ path, ...fromPacked }).toEqual({ path, ...fromWhole });
  return fromWhole;
}

const heldPacked = async (baseUrl: string) => Number(/ironledger_gateway_read_model_nodes\{[^}]*held="packed"[^}]*\} (\d+)/.exec(await (await fetch(`${baseUrl}/metrics`)).text())?.[1]);

describe('a gateway holding its nodes packed', () => {
  const uuids: string[] = [];
  let chassis: string;
  let position: number;

  it('serves a fleet it holds packed', async () => {
    chassis = (await whole('POST', '/v1/chassis', { body: { description: 'rack 1' } })).json.uuid as string;
    for (let n = 0; n < NODES; n++) {
      const body: Json = {
        driver: 'fake-hardware',
        name: `packed-${String(n).padStart(2, '0')}`,
        resource_class: n % 3 === 0 ? 'gold' : 'silver',
        owner: n % 4 === 0 ? 'project-a' : null,
        lessee: n % 5 === 0 ? 'project-b' : null,
        conductor_group: n % 6 === 0 ? 'rack-2' : '',
        description: n % 7 === 0 ? `Spare Node ${n}` : null,
        shard: n % 2 === 0 ? 'east' : null,
        extra: { slot: n },
        ...(n % 8 === 0 ? { chassis_uuid: chassis } : {}),
      };
      const created = await whole('POST', '/v1/nodes', { body });
      expect({ status: created.status, text: created.status === 201 ? '' : created.text }).toEqual({ status: 201, text: '' });
      uuids.push(created.json.uuid as string);
    }
    for (const [n, uuid] of uuids.entries()) {
      if (n % 3 === 1) expect((await whole('PUT', `/v1/nodes/${uuid}/maintenance`, { body: { reason: `check ${n}` } })).status).toBe(202);
      if (n % 5 === 2) expect((await whole('PATCH', `/v1/nodes/${uuid}`, { body: [{ op: 'add', path: '/instance_uuid', value: `00000000-0000-4000-8000-0000000000${String(n).padStart(2, '0')}` }] })).status).toBe(200);
    }
    position = (await system.eventCount()) - 3;
    expect((await whole('PATCH', `/v1/nodes/${uuids[3]}`, { body: [{ op: 'replace', path: '/name', value: 'renamed-03' }] })).status).toBe(200);
    await eventually(async () => ((await packed('GET', '/v1/nodes/renamed-03')).status === 200 ? true : undefined), 10_000, 'the packed gateway to catch up');
    expect(await heldPacked(system.baseUrls[0]!)).toBe(NODES);
    expect(await heldPacked(system.baseUrls[1]!)).toBe(0);
  });

  it('lists, filters, sorts and pages as a gateway holding them whole', async () => {
    const all = await same('/v1/nodes');
    expect((JSON.parse(all.body) as { nodes: Json[] }).nodes).toHaveLength(NODES);
    for (const query of [
      'detail=true', 'limit=5', `limit=5&marker=${uuids[6]}`, 'sort_key=name&sort_dir=desc&limit=7', `sort_key=name&limit=4&marker=${uuids[9]}`,
      'sort_key=maintenance_reason', 'sort_key=updated_at&sort_dir=desc', 'sort_key=resource_class&limit=10', 'sort_key=last_error&limit=3',
      'resource_class=gold', 'owner=project-a', 'lessee=project-b', 'project=project-b', 'conductor_group=rack-2', 'description_contains=spare',
      'shard=east', 'sharded=false', 'maintenance=true', 'maintenance=false&associated=true', 'associated=false&limit=3', 'provision_state=enroll',
      `chassis_uuid=${chassis}`, 'instance_uuid=00000000-0000-4000-8000-000000000002', 'fields=uuid,name,extra,owner', 'fields=uuid,maintenance_reason&maintenance=true',
      `marker=${uuids[23]}`, 'marker=00000000-0000-4000-8000-999999999999', 'driver=fake-hardware&limit=2', `at=${position}`, `at=${position}&sort_key=name`,
    ]) {
      await same(`/v1/nodes?${query}`);
    }
    await same('/v1/nodes/detail?limit=6&sort_key=owner');
    await same(`/v1/chassis/${chassis}/nodes`);
    await same('/v1/shards');
    for (const uuid of uuids) await same(`/v1/nodes/${uuid}`);
    await same('/v1/nodes/renamed-03?fields=name,extra');
  });

  it('counts the fleet from what it holds packed', async () => {
    const metric = /^ironledger_fleet_nodes\S* \S+$/gm;
    const [fromPacked, fromWhole] = await Promise.all(system.baseUrls.map(async (url) => (await (await fetch(`${url}/metrics`)).text()).match(metric)));
    expect(fromPacked).toEqual(fromWhole);
    expect(fromPacked!.length).toBeGreaterThan(0);
  });
});
