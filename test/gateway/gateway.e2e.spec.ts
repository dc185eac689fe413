/**
 * The gateway over real HTTP, with a real conductor and JetStream behind it: Ironic's API
 * flows, its error bodies, and the promise that refused requests append nothing.
 */
import { describe, expect, it, jest } from '@jest/globals';
import { nodeStreamId } from '@ironledger/contracts';
import { sleep } from '../support/system.js';
import { systemForFile } from '../support/system-for-file.js';

jest.setTimeout(60_000);

const LATEST = { 'X-OpenStack-Ironic-API-Version': 'latest' };
type Json = Record<string, unknown>;

const system = systemForFile({ env: { COMMAND_TIMEOUT_MS: '3000' } });

async function call(method: string, path: string, { body, headers = LATEST, raw }: { body?: unknown; headers?: Record<string, string>; raw?: string } = {}) {
  const response = await fetch(`${system.baseUrl}${path}`, {
    method,
    headers: { ...headers, ...(body !== undefined || raw !== undefined ? { 'Content-Type': 'application/json' } : {}) },
    body: raw ?? (body === undefined ? undefined : JSON.stringify(body)),
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, text, json: (text ? JSON.parse(text) : undefined) as Json };
}

/** The faultstring of an Ironic error body. */
function fault(body: Json): string {
  return (JSON.parse(body.error_message as string) as { faultstring: string }).faultstring;
}

async function createNode(name: string, extra: Json = {}, headers = LATEST): Promise<Json> {
  const created = await call('POST', '/v1/nodes', { body: { driver: 'fake-hardware', name, ...extra }, headers });
  expect(created.status).toBe(201);
  return created.json;
}

async function provision(ident: string, target: string, extra: Json = {}) {
  return call('PUT', `/v1/nodes/${ident}/states/provision`, { body: { target, ...extra } });
}

/** Polls the node's states until `reached` holds. */
async function until(ident: string, reached: (states: Json) => boolean, what: string): Promise<Json> {
  const deadline = Date.now() + 15_000;
  let last: Json = {};
  while (Date.now() < deadline) {
    last = (await call('GET', `/v1/nodes/${ident}/states`)).json;
    if (reached(last)) return last;
    await sleep(20);
  }
  throw new Error(`node ${ident} did not reach ${what}: ${JSON.stringify(last)}\n${system.logs()}`);
}

/** Until the node is stable in `state` (as the Ironic CLI's --wait does). */
function settle(ident: string, state: string, field: 'provision_state' | 'power_state' = 'provision_state'): Promise<Json> {
  const target = field === 'provision_state' ? 'target_provision_state' : 'target_power_state';
  return until(ident, (states) => states[field] === state && states[target] === null, state);
}

async function eventCount(uuid: string): Promise<number> {
  return (await (await system.store()).readStream(nodeStreamId(uuid))).length;
}

async function totalEvents(): Promise<number> {
  return (await (await system.store()).readAll()).length;
}

describe('versions', () => {
  it('serves the version documents with links built from the request host', async () => {
    const root = await call('GET', '/', { headers: {} });
    expect(root.json).toMatchObject({ name: 'OpenStack Ironic API', default_version: { id: 'v1', min_version: '1.1', version: '1.82' } });
    const v1 = await call('GET', '/v1', { headers: {} });
    expect(v1.headers.get('x-openstack-ironic-api-version')).toBe('1.1');
    expect(v1.headers.get('x-openstack-ironic-api-minimum-version')).toBe('1.1');
    expect(v1.headers.get('x-openstack-ironic-api-maximum-version')).toBe('1.82');
    expect(v1.headers.get('openstack-request-id')).toMatch(/^req-[0-9a-f-]{36}$/);
    expect(v1.json.links).toContainEqual({ href: `${system.baseUrl}/v1/`, rel: 'self' });
    expect(v1.json).not.toHaveProperty('conductors');
    const latest = await call('GET', '/v1', { headers: { 'OpenStack-API-Version': 'baremetal latest' } });
    expect(latest.headers.get('x-openstack-ironic-api-version')).toBe('1.82');
    expect(latest.json).toHaveProperty('conductors');
  });

  it('refuses versions out of range with the range headers, and garbage without', async () => {
    const tooNew = await call('GET', '/v1/nodes', { headers: { 'X-OpenStack-Ironic-API-Version': '1.99' } });
    expect(tooNew.status).toBe(406);
    expect(tooNew.headers.get('x-openstack-ironic-api-maximum-version')).toBe('1.82');
    expect(tooNew.text).toBe(
      '{"error_message":"{\\"code\\": 406, \\"title\\": \\"Not Acceptable\\", \\"description\\": \\"Version 1.99 was requested but the minor version is not supported by this service. The supported version range is: [1.1, 1.82].\\"}"}',
    );
    const garbage = await call('GET', '/v1/nodes', { headers: { 'X-OpenStack-Ironic-API-Version': 'foo' } });
    expect(garbage.status).toBe(406);
    expect(garbage.headers.get('x-openstack-ironic-api-maximum-version')).toBeNull();
    expect(JSON.parse(garbage.json.error_message as string)).toEqual({ code: 406, title: 'Not Acceptable', description: 'Invalid value for X-OpenStack-Ironic-API-Version header' });
  });

  it('refuses verbs the version does not have', async () => {
    const node = await createNode('v-old');
    const manage = await call('PUT', `/v1/nodes/${node.uuid}/states/provision`, { body: { target: 'manage' }, headers: { 'X-OpenStack-Ironic-API-Version': '1.3' } });
    expect(manage.status).toBe(406);
    const deploy = await call('PUT', `/v1/nodes/${node.uuid}/states/provision`, { body: { target: 'deploy' }, headers: { 'X-OpenStack-Ironic-API-Version': '1.72' } });
    expect(deploy.status).toBe(406);
  });
});

describe('a node through its life', () => {
  it('goes enroll → manageable → available → active → available → manageable → deleted', async () => {
    const created = await createNode('life-1');
    const uuid = created.uuid as string;
    expect(created).toMatchObject({ provision_state: 'enroll', power_state: null, name: 'life-1', driver_internal_info: {} });

    // Deploying an enrolled node is refused with Ironic's text, and appends nothing.
    const before = await eventCount(uuid);
    const refused = await provision(uuid, 'active');
    expect(refused.status).toBe(400);
    expect(fault(refused.json)).toBe(`The requested action "active" can not be performed on node "${uuid}" while it is in state "enroll".`);
    expect(await eventCount(uuid)).toBe(before);

    const accepted = await provision('life-1', 'manage');
    expect(accepted.status).toBe(202);
    expect(accepted.text).toBe('');
    expect(accepted.headers.get('location')).toBe(`${system.baseUrl}/v1/nodes/life-1/states`);
    await settle(uuid, 'manageable');
    expect((await provision(uuid, 'provide')).status).toBe(202);
    await settle(uuid, 'available');
    expect((await provision(uuid, 'active')).status).toBe(202);
    await settle(uuid, 'active');

    const busy = await call('DELETE', `/v1/nodes/${uuid}`);
    expect(busy.status).toBe(409);
    expect(fault(busy.json)).toContain(`Can not delete node "${uuid}" while it is in provision state "active".`);

    expect((await call('PUT', `/v1/nodes/${uuid}/states/power`, { body: { target: 'power off' } })).status).toBe(202);
    await settle(uuid, 'power off', 'power_state');
    expect((await call('PUT', `/v1/nodes/${uuid}/states/power`, { body: { target: 'power on' } })).status).toBe(202);
    await settle(uuid, 'power on', 'power_state');

    expect((await provision(uuid, 'deleted')).status).toBe(202);
    await settle(uuid, 'available');
    expect((await provision(uuid, 'manage')).status).toBe(202);
    await settle(uuid, 'manageable');

    const deleted = await call('DELETE', `/v1/nodes/${uuid}`);
    expect(deleted.status).toBe(204);
    const gone = await call('GET', `/v1/nodes/${uuid}`);
    expect(gone.status).toBe(404);
    expect(fault(gone.json)).toBe(`Node ${uuid} could not be found.`);
  });

  it('lets a ramdisk look its node up for a token, and resumes the deploy on a heartbeat with that token', async () => {
    const { uuid } = await createNode('hb-1', { driver_info: { fake_wait: 'deploy' } });
    const id = uuid as string;
    const beat = (extra: Json = {}) => call('POST', `/v1/heartbeat/${id}`, { body: { callback_url: 'http://10.0.0.9:9999', agent_version: '9.0', ...extra } });
    // No ramdisk may run on an available node: no look-up, and no token to heartbeat with.
    expect((await call('GET', `/v1/lookup?node_uuid=${id}`)).status).toBe(404);
    const early = await beat({ agent_token: 'guess' });
    expect([early.status, fault(early.json)]).toEqual([400, 'Invalid or missing agent token received.']);
    await provision(id, 'manage');
    await settle(id, 'manageable');
    await provision(id, 'provide');
    await settle(id, 'available');
    await provision(id, 'active');
    await until(id, (states) => states.provision_state === 'wait call-back', 'wait call-back');

    const before = await eventCount(id);
    const lookup = await call('GET', `/v1/lookup?node_uuid=${id}`);
    expect(lookup.status).toBe(200);
    const token = (lookup.json.config as Json).agent_token as string;
    expect(token).toMatch(/^[\w-]{43}$/);
    expect(Object.keys(lookup.json.node as Json)).toEqual(['uuid', 'properties', 'instance_info', 'driver_internal_info', 'links']);
    expect((lookup.json.node as Json).driver_internal_info).toEqual({ agent_secret_token: '******' });
    // A second look-up (another ramdisk claiming the node) gets no usable token, and appends nothing.
    const second = await call('GET', `/v1/lookup?node_uuid=${id}`);
    expect((second.json.config as Json).agent_token).toBe('******');
    expect(await eventCount(id)).toBe(before + 1);
    expect((await call('GET', `/v1/lookup?node_uuid=${id}`, { headers: { 'X-OpenStack-Ironic-API-Version': '1.21' } })).status).toBe(404);

    const refusals = [await beat(), await beat({ agent_token: 'wrong' }), await beat({ agent_token: token, agent_version: undefined })];
    expect(refusals.map((r) => [r.status, fault(r.json)])).toEqual([
      [400, 'Agent token is required for heartbeat processing.'],
      [400, 'Invalid or missing agent token received.'],
      [400, 'Agent did not transmit a version, and a version is required. Please update the agent being used.'],
    ]);
    expect(await eventCount(id)).toBe(before + 1);
    expect((await beat({ agent_token: token })).status).toBe(202);
    await settle(id, 'active');
    // The ramdisk's token and URL belong to that boot only.
    const node = await call('GET', `/v1/nodes/${id}?fields=driver_internal_info`);
    expect(node.json.driver_internal_info).toEqual({});
  });
});

describe('nodes', () => {
  it('refuses a duplicate name with 409', async () => {
    await createNode('dup-1');
    const again = await call('POST', '/v1/nodes', { body: { driver: 'fake-hardware', name: 'dup-1' } });
    expect(again.status).toBe(409);
    expect(fault(again.json)).toBe('A node with name dup-1 already exists.');
  });

  it('starts nodes created at 1.1 in available, shown as null (NOSTATE) at 1.1', async () => {
    const created = await call('POST', '/v1/nodes', { body: { driver: 'fake-hardware' }, headers: {} });
    expect(created.status).toBe(201);
    expect(created.headers.get('location')).toBe(`${system.baseUrl}/v1/nodes/${created.json.uuid}`);
    expect(created.json.provision_state).toBeNull();
    expect(created.json).not.toHaveProperty('name');
    const latest = await call('GET', `/v1/nodes/${created.json.uuid}`);
    expect(latest.json.provision_state).toBe('available');
    const named = await call('POST', '/v1/nodes', { body: { driver: 'fake-hardware', name: 'too-early' }, headers: {} });
    expect(named.status).toBe(406);
  });

  it('patches fields, refuses read-only ones, and masks secrets', async () => {
    const { uuid } = await createNode('patch-1', { driver_info: { ipmi_password: 'hunter2', ipmi_address: '10.0.0.1' } });
    expect((await call('GET', `/v1/nodes/${uuid}`)).json.driver_info).toEqual({ ipmi_password: '******', ipmi_address: '10.0.0.1' });
    const patched = await call('PATCH', `/v1/nodes/${uuid}`, {
      body: [
        { op: 'add', path: '/extra/rack', value: 'r7' },
        { op: 'replace', path: '/name', value: 'patch-2' },
        { op: 'replace', path: '/driver_info/ipmi_address', value: '10.0.0.2' },
      ],
    });
    expect(patched.status).toBe(200);
    expect(patched.json).toMatchObject({ name: 'patch-2', extra: { rack: 'r7' }, driver_info: { ipmi_password: '******', ipmi_address: '10.0.0.2' } });
    expect((await call('GET', '/v1/nodes/patch-2')).json.uuid).toBe(uuid);

    const before = await eventCount(uuid as string);
    const readOnly = await call('PATCH', `/v1/nodes/${uuid}`, { body: [{ op: 'replace', path: '/provision_state', value: 'active' }] });
    expect(readOnly.status).toBe(400);
    expect(fault(readOnly.json)).toMatch(/^Cannot patch \/provision_state\. Only the following can be updated: automated_clean, bios_interface, /);
    const badName = await call('PATCH', `/v1/nodes/${uuid}`, { body: [{ op: 'replace', path: '/name', value: 'dup-1' }] });
    expect(badName.status).toBe(409);
    expect(await eventCount(uuid as string)).toBe(before);

    const maintenance = await call('PATCH', `/v1/nodes/${uuid}`, { body: [{ op: 'replace', path: '/maintenance', value: true }] });
    expect(maintenance.json).toMatchObject({ maintenance: true });
  });

  it('sets and clears maintenance', async () => {
    const { uuid } = await createNode('maint-1');
    expect((await call('PUT', `/v1/nodes/${uuid}/maintenance`, { body: { reason: 'testing' } })).status).toBe(202);
    expect((await call('GET', `/v1/nodes/${uuid}`)).json).toMatchObject({ maintenance: true, maintenance_reason: 'testing' });
    // python-ironicclient sends an empty DELETE as application/octet-stream; Ironic accepts it.
    const unset = await fetch(`${system.baseUrl}/v1/nodes/${uuid}/maintenance`, { method: 'DELETE', headers: { ...LATEST, 'Content-Type': 'application/octet-stream' } });
    expect(unset.status).toBe(202);
    expect((await call('GET', `/v1/nodes/${uuid}`)).json).toMatchObject({ maintenance: false, maintenance_reason: null });
  });

  it('pages through the list with next links', async () => {
    for (const i of [1, 2, 3]) await createNode(`page-${i}`, { owner: 'pager' });
    const seen: string[] = [];
    let next: string | undefined = '/v1/nodes?owner=pager&limit=2';
    while (next) {
      const page = await call('GET', next.replace(system.baseUrl, ''));
      expect(page.status).toBe(200);
      const nodes = page.json.nodes as Json[];
      seen.push(...nodes.map((node) => node.name as string));
      expect(Object.keys(nodes[0] ?? { uuid: 1, instance_uuid: 1, maintenance: 1, power_state: 1, provision_state: 1, name: 1, links: 1 })).toEqual([
        'uuid', 'instance_uuid', 'maintenance', 'power_state', 'provision_state', 'name', 'links',
      ]);
      next = page.json.next as string | undefined;
    }
    expect(seen).toEqual(['page-1', 'page-2', 'page-3']);
    const detail = await call('GET', '/v1/nodes/detail?owner=pager&sort_key=name&sort_dir=desc');
    expect((detail.json.nodes as Json[]).map((node) => node.name)).toEqual(['page-3', 'page-2', 'page-1']);
    expect((detail.json.nodes as Json[])[0]).toHaveProperty('driver_info');
    const limited = await call('GET', '/v1/nodes?limit=0');
    expect(limited.status).toBe(400);
    expect(fault(limited.json)).toBe('Limit must be positive');
  });

  it('answers malformed and odd requests with 4xx, appending nothing', async () => {
    const { uuid } = await createNode('odd-1');
    const before = await totalEvents();
    const cases: [string, string, { body?: unknown; raw?: string }][] = [
      ['POST', '/v1/nodes', { raw: '{"driver": "fake-hardware",' }],
      ['POST', '/v1/nodes', { body: [1, 2] }],
      ['POST', '/v1/nodes', { body: { driver: 42 } }],
      ['POST', '/v1/nodes', { body: { driver: 'fake-hardware', flavor: 'x' } }],
      ['POST', '/v1/nodes', { body: { driver: 'fake-hardware', name: '1be26c0b-03f2-4d2e-ae87-c02d7f33c123' } }],
      ['POST', '/v1/nodes', { body: { driver: 'fake-hardware', extra: { big: 'x'.repeat(200_000) } } }],
      ['POST', '/v1/nodes', { raw: '{"driver":"fake-hardware","__proto__":{"polluted":true}}' }],
      ['PATCH', `/v1/nodes/${uuid}`, { body: { op: 'replace' } }],
      ['PATCH', `/v1/nodes/${uuid}`, { body: [{ op: 'remove', path: '/extra/nope' }] }],
      ['PUT', `/v1/nodes/${uuid}/states/provision`, { body: { target: 7 } }],
      ['PUT', `/v1/nodes/${uuid}/states/provision`, { body: { target: 'bogus' } }],
      ['PUT', `/v1/nodes/${uuid}/states/provision`, { body: { target: 'rescue' } }],
      ['PUT', `/v1/nodes/${uuid}/states/power`, { body: { target: 'power sideways' } }],
      ['PUT', `/v1/nodes/${uuid}/states/power`, { body: { target: 'power on', timeout: -1 } }],
      ['PUT', `/v1/nodes/${uuid}/states/power`, {}],
      ['GET', '/v1/nodes?limit=abc&sort_dir=sideways', {}],
      ['GET', '/v1/nodes?marker=not-a-uuid', {}],
      ['GET', `/v1/nodes/${uuid}?fields=nonsense`, {}],
    ];
    for (const [method, path, options] of cases) {
      const response = await call(method, path, options);
      expect([method, path, response.status >= 400 && response.status < 500]).toEqual([method, path, true]);
      expect(JSON.parse(response.json.error_message as string)).toMatchObject({ faultcode: 'Client', debuginfo: null });
    }
    // No route: Ironic's router answers, in its own body.
    const unknown = await call('GET', '/v1/no-such-thing');
    expect([unknown.status, unknown.json]).toEqual([404, { error_message: '{"code": 404, "title": "Not Found", "description": ""}' }]);
    const bogus = await provision(uuid as string, 'bogus');
    expect(fault(bogus.json)).toBe(`The requested action "bogus" can not be performed on node "${uuid}" while it is in state "enroll".`);
    const sideways = await call('PUT', '/v1/nodes/odd-1/states/power', { body: { target: 'power sideways' } });
    expect(fault(sideways.json)).toBe('The requested action "power sideways" can not be performed on node "odd-1" while it is in state "None".');
    expect(await totalEvents()).toBe(before);
  });
});

describe('fleet and operations', () => {
  it('lists the drivers and conductors', async () => {
    const drivers = await call('GET', '/v1/drivers');
    expect(drivers.json.drivers).toEqual(['fake-hardware', 'ipmi', 'manual-management', 'redfish'].map((name) => expect.objectContaining({ name, hosts: system.conductorIds, type: 'dynamic' })));
    const conductors = await call('GET', '/v1/conductors');
    expect(conductors.json.conductors).toEqual([expect.objectContaining({ hostname: system.conductorIds[0], alive: true })]);
  });

  it('rebuilds the projection to the same state', async () => {
    const report = await call('POST', '/v1/admin/rebuild');
    expect(report.status).toBe(200);
    expect(report.json).toMatchObject({ equal: true, differences: [] });
    expect(report.json.nodes).toBeGreaterThan(0);
  });

  it('answers 503 in Ironic form when no conductor answers', async () => {
    await system.stopConductors();
    const response = await call('POST', '/v1/nodes', { body: { driver: 'fake-hardware', name: 'orphan' } });
    expect(response.status).toBe(503);
    expect(JSON.parse(response.json.error_message as string)).toMatchObject({ faultcode: 'Server' });
    expect((await call('GET', '/healthz', { headers: {} })).status).toBe(200);
  });
});
