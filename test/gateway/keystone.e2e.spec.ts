/**
 * `AUTH_STRATEGY=keystone` against a real Keystone (Debian's, started for this file): tokens are
 * validated with the service's own credentials from a file, nothing but version discovery and
 * the ramdisk's callbacks works without a valid token, and the token's user is the actor. The
 * second gateway runs with an operator's policy file (`POLICY_FILE`); a bad one stops a gateway.
 */
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { nodeStreamId } from '@ironledger/contracts';
import { keystoneValidator, parseServiceCredentials } from '../../apps/gateway/src/http/keystone.js';
import { type KeystoneUser, type RunningKeystone, startKeystone } from '../support/keystone.js';
import { spawnService } from '../support/processes.js';
import { type RunningSystem, startSystem } from '../support/system.js';

jest.setTimeout(60_000);

let keystone: RunningKeystone;
let system: RunningSystem;
let credentialsFile: string;
let operator: KeystoneUser;

beforeAll(async () => {
  keystone = await startKeystone();
  // The service's own user, as a cloud registers Ironic: role `service` in project `service`.
  const serviceProject = await keystone.createProject('service');
  const ironic = await keystone.userWith(['service'], { project: serviceProject });
  credentialsFile = join(mkdtempSync(join(tmpdir(), 'ironledger-keystone-')), 'keystone_authtoken.conf');
  writeFileSync(
    credentialsFile,
    `[DEFAULT]\n# Ironic's own section and option names\n[keystone_authtoken]\nauth_url = ${keystone.url}/v3\nusername = ${ironic.name}\npassword = ${ironic.password}\nproject_name = service\nuser_domain_id = default\nproject_domain_id = default\n`,
    { mode: 0o600 },
  );
  operator = await keystone.userWith(['admin'], { system: true });
  const policyFile = join(mkdtempSync(join(tmpdir(), 'ironledger-policy-')), 'policy.yaml');
  // Only system readers may list nodes; everything else as Ironic ships it.
  writeFileSync(policyFile, '"baremetal:node:list": "role:reader and system_scope:all"\n');
  system = await startSystem({ env: { AUTH_STRATEGY: 'keystone', KEYSTONE_AUTH_FILE: credentialsFile }, gateways: 2, gatewayEnv: [{}, { POLICY_FILE: policyFile }] });
}, 180_000);

afterAll(async () => {
  await system?.stop();
  await keystone?.stop();
});

const get = (path: string, token?: string) => fetch(`${system.baseUrl}${path}`, { headers: token ? { 'X-Auth-Token': token } : {} });

describe('keystone authentication', () => {
  it('keeps version discovery open and refuses everything else without a valid token, in Ironic’s error format', async () => {
    expect((await get('/')).status).toBe(200);
    expect((await get('/v1')).status).toBe(200);
    const anonymous = await get('/v1/nodes');
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get('www-authenticate')).toBe(`Keystone uri="${keystone.url}/v3"`);
    expect(JSON.parse(((await anonymous.json()) as { error_message: string }).error_message)).toMatchObject({ faultcode: 'Client', faultstring: 'Authentication required' });
    expect((await get('/v1/nodes', 'gAAAAA-not-a-token')).status).toBe(401);
    // A basic credential is no token.
    expect((await fetch(`${system.baseUrl}/v1/nodes`, { headers: { authorization: `Basic ${Buffer.from(`${operator.name}:${operator.password}`).toString('base64')}` } })).status).toBe(401);
    expect((await get('/v1/nodes', await keystone.token(operator, { system: true }))).status).toBe(200);
  });

  it('records the token’s user as the actor of what the request causes', async () => {
    const token = await keystone.token(operator, { system: true });
    const created = await fetch(`${system.baseUrl}/v1/nodes`, {
      method: 'POST',
      headers: { 'X-Auth-Token': token, 'Content-Type': 'application/json', 'X-OpenStack-Ironic-API-Version': '1.82' },
      body: JSON.stringify({ name: 'ks-actor', driver: 'fake-hardware' }),
    });
    expect(created.status).toBe(201);
    const { uuid } = (await created.json()) as { uuid: string };
    const [registered] = await (await system.store()).readStream(nodeStreamId(uuid));
    expect(registered!.metadata).toMatchObject({ actor: operator.name });
  });

  it('refuses a token Keystone revoked once the short cache has let it go', async () => {
    let later = 0;
    const user = await keystone.userWith(['reader'], { system: true });
    const token = await keystone.token(user, { system: true });
    const validator = keystoneValidator(parseServiceCredentials(readFileSync(credentialsFile, 'utf8')), { cacheTtlMs: 60_000, now: () => Date.now() + later });
    expect(await validator.validate(token)).toMatchObject({ user: user.name, system: 'all', projectId: null, roles: ['reader'] });
    const revoke = await fetch(`${keystone.url}/v3/auth/tokens`, { method: 'DELETE', headers: { 'X-Auth-Token': await keystone.token({ name: 'admin', password: keystone.adminPassword }, { system: true }), 'X-Subject-Token': token } });
    expect(revoke.status).toBe(204);
    // Still trusted while cached (that is what keeps validation off the request path)…
    expect(await validator.validate(token)).not.toBeNull();
    later = 61_000;
    // …and refused once the cache let it go.
    expect(await validator.validate(token)).toBeNull();
  });

  it('gives the caller’s project and roles from a project-scoped token', async () => {
    const project = await keystone.createProject();
    const member = await keystone.userWith(['member'], { project });
    const validator = keystoneValidator(parseServiceCredentials(readFileSync(credentialsFile, 'utf8')));
    // Keystone's implied roles: member implies reader.
    expect(await validator.validate(await keystone.token(member, { project }))).toMatchObject({ user: member.name, projectId: project, system: null, roles: expect.arrayContaining(['member', 'reader']) });
  });

  it('shows a project only the nodes it owns or leases, and answers 404 for the others', async () => {
    const admin = await keystone.token(operator, { system: true });
    const api = (token: string) => (method: string, path: string, body?: unknown) =>
      fetch(`${system.baseUrl}${path}`, { method, headers: { 'X-Auth-Token': token, 'Content-Type': 'application/json', 'X-OpenStack-Ironic-API-Version': '1.82' }, body: body === undefined ? undefined : JSON.stringify(body) });
    const [owner, lessee, stranger] = [await keystone.createProject(), await keystone.createProject(), await keystone.createProject()];
    const create = async (name: string, fields: Record<string, string>) => {
      const response = await api(admin)('POST', '/v1/nodes', { name, driver: 'fake-hardware', ...fields });
      expect(response.status).toBe(201);
      return ((await response.json()) as { uuid: string }).uuid;
    };
    const leased = await create('ks-leased', { owner, lessee });
    const unowned = await create('ks-unowned', {});
    const names = async (token: string) => (((await (await api(token)('GET', '/v1/nodes')).json()) as { nodes: { name: string }[] }).nodes.map((node) => node.name).filter((name) => name.startsWith('ks-')).sort());
    const reader = async (project: string) => keystone.token(await keystone.userWith(['reader'], { project }), { project });

    expect(await names(await reader(owner))).toEqual(['ks-leased']);
    expect(await names(await reader(lessee))).toEqual(['ks-leased']);
    // Not `admin`: Ironic 21.4 as shipped (old defaults still or'ed in) lets any admin see every node.
    const strangerToken = await keystone.token(await keystone.userWith(['member', 'reader'], { project: stranger }), { project: stranger });
    expect(await names(strangerToken)).toEqual([]);
    expect((await api(strangerToken)('GET', `/v1/nodes/${leased}`)).status).toBe(404);
    expect((await api(await reader(owner))('GET', `/v1/nodes/${unowned}`)).status).toBe(404);
    const shown = async (project: string) => (await (await api(await reader(project))('GET', `/v1/nodes/${leased}`)).json()) as Record<string, unknown>;
    // Project readers are below Ironic's filter threshold: the owner may still read the node's internal fields, the lessee sees them redacted, in Ironic's words.
    expect(await shown(owner)).toMatchObject({ uuid: leased, last_error: null });
    expect(await shown(lessee)).toMatchObject({ uuid: leased, last_error: '** Value Redacted - Requires baremetal:node:get:last_error permission. **' });
    const chassis = ((await (await api(admin)('POST', '/v1/chassis', {})).json()) as { uuid: string }).uuid;
    expect((await api(admin)('PATCH', `/v1/nodes/${leased}`, [{ op: 'add', path: '/chassis_uuid', value: chassis }])).status).toBe(200);
    const inChassis = async (token: string) => (((await (await api(token)('GET', `/v1/chassis/${chassis}/nodes`)).json()) as { nodes: { uuid: string }[] }).nodes.map((node) => node.uuid));
    expect(await inChassis(strangerToken)).toEqual([]);
    expect(await inChassis(await reader(lessee))).toEqual([leased]);
    expect(await names(await keystone.token(await keystone.userWith(['reader'], { system: true }), { system: true }))).toEqual(['ks-actor', 'ks-leased', 'ks-unowned']);
  });

  it('hides a volume target’s properties from a project member who patches it, as Ironic’s answer to a patch does', async () => {
    const call = (token: string, method: string, path: string, body?: unknown) =>
      fetch(`${system.baseUrl}${path}`, { method, headers: { 'X-Auth-Token': token, 'Content-Type': 'application/json', 'X-OpenStack-Ironic-API-Version': '1.82' }, body: body === undefined ? undefined : JSON.stringify(body) });
    const admin = await keystone.token(operator, { system: true });
    const project = await keystone.createProject();
    const node = ((await (await call(admin, 'POST', '/v1/nodes', { name: 'ks-volume', driver: 'fake-hardware', owner: project })).json()) as { uuid: string }).uuid;
    // Targets change only while the node is powered off.
    expect((await call(admin, 'PUT', `/v1/nodes/${node}/states/power`, { target: 'power off' })).status).toBe(202);
    for (const deadline = Date.now() + 20_000; Date.now() < deadline; await new Promise((resolve) => setTimeout(resolve, 100))) {
      const { power_state, target_power_state } = (await (await call(admin, 'GET', `/v1/nodes/${node}`)).json()) as Record<string, unknown>;
      if (power_state === 'power off' && target_power_state === null) break;
    }
    const created = await call(admin, 'POST', '/v1/volume/targets', { node_uuid: node, volume_type: 'iscsi', volume_id: 'ks-volume', boot_index: 0, properties: { target_iqn: 'iqn.2026-11.org:ks' } });
    expect(created.status).toBe(201);
    const target = (await created.json()) as { uuid: string; properties: unknown };
    expect(target.properties).toEqual({ target_iqn: 'iqn.2026-11.org:ks' });
    const member = await keystone.token(await keystone.userWith(['member', 'reader'], { project }), { project });
    const patched = await call(member, 'PATCH', `/v1/volume/targets/${target.uuid}`, [{ op: 'add', path: '/extra/rack', value: 'r1' }]);
    expect(patched.status).toBe(200);
    expect(await patched.json()).toMatchObject({
      extra: { rack: 'r1' },
      properties: { redacted_contents: '** Value redacted: Requires permission baremetal:volume:view_target_properties access. Permission denied. **' },
    });
    expect(((await (await call(admin, 'GET', `/v1/volume/targets/${target.uuid}`)).json()) as { properties: unknown }).properties).toEqual({ target_iqn: 'iqn.2026-11.org:ks' });
  });

  it('takes the operator’s policy file in place of Ironic’s rules of the same names', async () => {
    const project = await keystone.createProject();
    const reader = await keystone.token(await keystone.userWith(['reader'], { project }), { project });
    const list = (baseUrl: string, token: string) => fetch(`${baseUrl}/v1/nodes`, { headers: { 'X-Auth-Token': token } });
    expect((await list(system.baseUrls[0]!, reader)).status).toBe(200);
    const refused = await list(system.baseUrls[1]!, reader);
    expect(refused.status).toBe(403);
    expect(JSON.parse(((await refused.json()) as { error_message: string }).error_message)).toMatchObject({ faultstring: 'Access was denied to the following resource: baremetal:node:list' });
    expect((await list(system.baseUrls[1]!, await keystone.token(operator, { system: true }))).status).toBe(200);
  });

  it('does not start with a policy file it cannot use, and says which and why', async () => {
    const bad = join(mkdtempSync(join(tmpdir(), 'ironledger-policy-')), 'policy.yaml');
    writeFileSync(bad, '"baremetal:node:get": "role:reader and ("\n');
    const gateway = spawnService('apps/gateway/src/main.ts', { AUTH_STRATEGY: 'keystone', KEYSTONE_AUTH_FILE: credentialsFile, POLICY_FILE: bad, GATEWAY_PORT: '0' }, 'bad-policy');
    if (!gateway.exited()) await new Promise((resolve) => gateway.process.once('exit', resolve));
    expect(gateway.process.exitCode).not.toBe(0);
    expect(gateway.output()).toContain(`The policy file ${bad}: policy rule "baremetal:node:get": a check is missing at the end`);
  });
});
