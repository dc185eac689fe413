/**
 * HTTP basic authentication (Ironic's `http_basic` strategy): version discovery stays open,
 * everything else needs a user of the htpasswd file, and that user is recorded as the actor.
 */
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import bcrypt from 'bcryptjs';
import { nodeStreamId } from '@ironledger/contracts';
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
});
