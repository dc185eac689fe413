/**
 * HTTP basic authentication (Ironic's `http_basic` strategy): version discovery stays open,
 * everything else needs a user of the htpasswd file, and that user is recorded as the actor.
 */
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import bcrypt from 'bcryptjs';
import { nodeStreamId } from '@ironledger/contracts';
import { PUBLIC_ROUTES } from '../../apps/gateway/src/http/http-context.js';
import { encodedVariants, gatewayRoutes, rawRequest } from '../support/routes.js';
import { type RunningSystem, startSystem } from '../support/system.js';

jest.setTimeout(60_000);

let system: RunningSystem;
const alice = `Basic ${Buffer.from('alice:s3cret').toString('base64')}`;

beforeAll(async () => {
  const users = join(mkdtempSync(join(tmpdir(), 'ironledger-auth-')), 'htpasswd');
  writeFileSync(users, `alice:${bcrypt.hashSync('s3cret', 4)}\n`);
  system = await startSystem({ env: { AUTH_STRATEGY: 'http_basic', HTTP_BASIC_AUTH_USER_FILE: users } });
}, 120_000);

afterAll(async () => {
  await system?.stop();
});

const spelledWithV1 = (path: string) => decodeURIComponent(path.split('/')[1]!) === 'v1';
const get = (path: string, authorization?: string) => fetch(`${system.baseUrl}${path}`, { headers: authorization ? { authorization } : {} });

describe('http_basic authentication', () => {
  it('keeps version discovery open', async () => {
    expect((await get('/')).status).toBe(200);
    expect((await get('/v1')).status).toBe(200);
  });

  it('refuses resources without valid credentials, in Ironic’s error format', async () => {
    const anonymous = await get('/v1/nodes');
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get('www-authenticate')).toBe('Basic realm="Baremetal API"');
    expect(JSON.parse(((await anonymous.json()) as { error_message: string }).error_message)).toMatchObject({ faultcode: 'Client' });
    expect((await get('/v1/nodes', `Basic ${Buffer.from('alice:wrong').toString('base64')}`)).status).toBe(401);
    expect((await get('/v1/nodes', alice)).status).toBe(200);
  });

  it('refuses every route that is not public, however its URL is spelled, without valid credentials', async () => {
    const routes = gatewayRoutes();
    expect(routes.length).toBeGreaterThan(30);
    const wrong = `Basic ${Buffer.from('alice:wrong').toString('base64')}`;
    const admitted: string[] = [];
    // A public route of `/v1` is public only when spelled with `/v1`: its un-prefixed spellings are guarded too.
    const guarded = (path: string) => (PUBLIC_ROUTES.has(path) ? (path.startsWith('/v1/') ? encodedVariants(path.replace(/:[^/]+/g, 'x')).filter((variant) => !spelledWithV1(variant)) : []) : encodedVariants(path.replace(/:[^/]+/g, 'x')));
    for (const { method, path } of routes) {
      for (const variant of guarded(path)) {
        for (const headers of [{}, { authorization: wrong }] as Record<string, string>[]) {
          const response = await rawRequest(system.baseUrl, method, variant, headers, method === 'GET' || method === 'DELETE' ? undefined : '{}');
          if (response.status !== 401) admitted.push(`${method} ${variant} ${headers.authorization ? '(wrong password)' : ''} → ${response.status}`);
        }
      }
    }
    expect(admitted).toEqual([]);
  });

  it('refuses unknown and mangled paths too, and keeps the public routes open', async () => {
    for (const path of ['/nope', '/v1/nope', '/V1/nodes', '/v1//nodes', '/%2576%31/nodes', '/v1/nodes/%2e%2e/admin/rebuild']) {
      expect([path, (await rawRequest(system.baseUrl, 'GET', path)).status]).toEqual([path, 401]);
    }
    for (const path of ['/', '/v1', '/%761', '/v1/', '/healthz']) expect([path, (await rawRequest(system.baseUrl, 'GET', path)).status]).toEqual([path, 200]);
    expect((await rawRequest(system.baseUrl, 'POST', '/v%31/heartbeat/no-such-node', {}, '{}')).status).not.toBe(401);
  });

  it('opens the ramdisk’s routes only when spelled with /v1, as Ironic matches its public routes on the path as sent', async () => {
    // Ironic 21.4.4 with http_basic: GET /v1/lookup 404 and POST /v1/heartbeat/abc 400 without credentials; /lookup and /heartbeat/abc 401, and with them 404 (lookup came with 1.22).
    expect((await rawRequest(system.baseUrl, 'GET', '/v1/lookup')).status).not.toBe(401);
    for (const [method, path] of [['GET', '/lookup'], ['GET', '/lookup?node_uuid=x'], ['POST', '/heartbeat/abc'], ['POST', '/%68eartbeat/abc'], ['POST', '/continue']]) {
      expect([method, path, (await rawRequest(system.baseUrl, method!, path!, {}, method === 'POST' ? '{}' : undefined)).status]).toEqual([method, path, 401]);
    }
    expect((await get('/lookup', alice)).status).toBe(404);
    expect((await get('/nodes', alice)).status).toBe(200);
  });

  it('records the authenticated user as the actor of what the request caused', async () => {
    const created = await fetch(`${system.baseUrl}/v1/nodes`, {
      method: 'POST',
      headers: { authorization: alice, 'content-type': 'application/json', 'x-openstack-ironic-api-version': 'latest' },
      body: JSON.stringify({ driver: 'fake-hardware' }),
    });
    expect(created.status).toBe(201);
    const { uuid } = (await created.json()) as { uuid: string };
    const [registered] = await (await system.store()).readStream(nodeStreamId(uuid));
    expect(registered.metadata).toMatchObject({ actor: 'alice', requestId: created.headers.get('openstack-request-id') });
  });

  const cli = existsSync('/usr/bin/baremetal') ? it : it.skip;
  cli('lets the real baremetal CLI in with http_basic credentials, and keeps it out with wrong ones', () => {
    const baremetal = (password: string, ...args: string[]) =>
      spawnSync('/usr/bin/baremetal', ['--os-auth-type', 'http_basic', '--os-username', 'alice', '--os-password', password, '--os-endpoint', system.baseUrl, ...args], { encoding: 'utf8', env: { ...process.env, OS_CLOUD: '' } });
    const created = baremetal('s3cret', 'node', 'create', '--driver', 'fake-hardware', '--name', 'cli-basic', '-f', 'value', '-c', 'uuid');
    expect([created.status, created.stderr]).toEqual([0, '']);
    expect(baremetal('s3cret', 'node', 'set', 'cli-basic', '--extra', 'rack=r7').status).toBe(0);
    expect(baremetal('s3cret', 'node', 'show', 'cli-basic', '-f', 'value', '-c', 'extra').stdout.trim()).toBe("{'rack': 'r7'}");
    const refused = baremetal('wrong', 'node', 'list');
    expect(refused.status).not.toBe(0);
    expect(refused.stderr).toContain('HTTP 401');
  });
});
