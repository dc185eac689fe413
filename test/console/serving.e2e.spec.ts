/**
 * How the gateway serves the console: behind HTTP basic authentication like the API (so a
 * browser that was given credentials uses the page, its API calls and its event stream, and one
 * that was not gets nothing), at one address, with its hashed assets cached for good; and a
 * clear answer, not a failure, where the console was not built.
 */
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import bcrypt from 'bcryptjs';
import { type Browser } from 'playwright-core';
import { PUBLIC_ROUTES } from '../../apps/gateway/src/http/http-context.js';
import { fault, type Json } from '../support/api.js';
import { eventually, launchChromium, screenshot } from '../support/browser.js';
import { type RunningSystem, startSystem } from '../support/system.js';
import { systemForFile } from '../support/system-for-file.js';

jest.setTimeout(120_000);

const users = join(mkdtempSync(join(tmpdir(), 'ironledger-console-')), 'htpasswd');
writeFileSync(users, `alice:${bcrypt.hashSync('s3cret', 4)}\n`);
const system = systemForFile({ env: { AUTH_STRATEGY: 'http_basic', HTTP_BASIC_AUTH_USER_FILE: users } });
const alice = { authorization: `Basic ${Buffer.from('alice:s3cret').toString('base64')}` };
const asset = readdirSync(new URL('../../apps/console/dist/assets/', import.meta.url)).find((file) => file.endsWith('.js'));

const get = (path: string, headers: Record<string, string> = {}) => fetch(`${system.baseUrl}${path}`, { headers, redirect: 'manual' });

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

describe('the console behind http_basic', () => {
  it('is not a public route: without valid credentials the page, its assets and its redirect get 401', async () => {
    expect([...PUBLIC_ROUTES].filter((route) => route.startsWith('/console'))).toEqual([]);
    const wrong = { authorization: `Basic ${Buffer.from('alice:wrong').toString('base64')}` };
    for (const path of ['/console', '/console/', `/console/assets/${asset}`, '/console/assets/missing.js', '/console/index.html']) {
      for (const headers of [{}, wrong]) {
        const response = await get(path, headers);
        expect([path, response.status, response.headers.get('www-authenticate')]).toEqual([path, 401, 'Basic realm="Baremetal API"']);
      }
    }
  });

  it('serves the page at /console/, its one address, and its hashed assets for good', async () => {
    const redirect = await get('/console?x=1', alice);
    expect([redirect.status, redirect.headers.get('location')]).toEqual([301, '/console/?x=1']);
    const page = await get('/console/', alice);
    expect([page.status, page.headers.get('content-type'), page.headers.get('cache-control')]).toEqual([200, 'text/html; charset=utf-8', 'no-cache']);
    expect(await page.text()).toContain(`/console/assets/${asset}`);
    const script = await get(`/console/assets/${asset}`, alice);
    expect([script.status, script.headers.get('cache-control')]).toEqual([200, 'private, max-age=31536000, immutable']);
    expect(script.headers.get('content-type')).toMatch(/javascript/);
    expect((await get('/console/assets/missing.js', alice)).status).toBe(404);
  });

  it('works in a browser given credentials: counts, the event stream, and verbs recorded as the user', async () => {
    const created = await fetch(`${system.baseUrl}/v1/nodes`, {
      method: 'POST',
      headers: { ...alice, 'content-type': 'application/json', 'x-openstack-ironic-api-version': 'latest' },
      body: JSON.stringify({ driver: 'fake-hardware', name: 'basic-1' }),
    });
    expect(created.status).toBe(201);
    const { uuid } = (await created.json()) as Json;
    const context = await browser.newContext({ httpCredentials: { username: 'alice', password: 's3cret' } });
    const page = await context.newPage();
    expect((await page.goto(`${system.baseUrl}/console/#node=${uuid}`))?.status()).toBe(200);
    await eventually(async () => (await page.getByTestId('fleet-nodes').textContent())?.trim(), '1');
    await eventually(() => page.getByRole('status', { name: 'Event stream' }).textContent(), 'live');
    await page.getByRole('button', { name: 'Manage', exact: true }).click();
    const row = page.getByRole('table', { name: 'Timeline' }).getByRole('row').filter({ hasText: 'manage: enroll → verifying' });
    await row.waitFor();
    expect(await row.innerText()).toContain('alice');
    await page.getByRole('list', { name: 'Events' }).getByText('manage: enroll → verifying').waitFor();
    await screenshot(page, 'http-basic');
    await context.close();
  });

  it('shows a browser without credentials nothing of the console', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    // Headless, nobody answers the browser's credentials prompt: the page load fails on the 401.
    const refused = page.waitForResponse(`${system.baseUrl}/console/`);
    await expect(page.goto(`${system.baseUrl}/console/`)).rejects.toThrow(/ERR_INVALID_AUTH_CREDENTIALS/);
    expect((await refused).status()).toBe(401);
    expect(await page.getByRole('heading', { name: 'ironledger' }).count()).toBe(0);
    await context.close();
  });
});

describe('a gateway whose console was not built', () => {
  let bare: RunningSystem;
  beforeAll(async () => {
    bare = await startSystem({ conductors: 0, env: { CONSOLE_DIR: join(mkdtempSync(join(tmpdir(), 'ironledger-console-')), 'dist') } });
  }, 120_000);
  afterAll(async () => {
    await bare?.stop();
  });

  it('starts, and answers /console/ with 503 saying to run the build', async () => {
    expect((await fetch(`${bare.baseUrl}/v1`)).status).toBe(200);
    const response = await fetch(`${bare.baseUrl}/console/`);
    expect(response.status).toBe(503);
    expect(fault((await response.json()) as Json)).toMatch(/^The console has not been built \(no .*\/index\.html\): run `npm run build`\.$/);
  });
});
