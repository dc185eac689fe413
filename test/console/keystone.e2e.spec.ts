/**
 * The console under `AUTH_STRATEGY=keystone`, in a real browser against a real Keystone: its
 * files load without a token (a browser cannot send one when it loads a page) while every API
 * call still needs one; the page asks for a token, sends it on its calls and its event stream,
 * and shows a project only its own nodes and a system reader all of them; signing out, an invalid
 * token and one revoked while the page is open all bring the sign-in back.
 */
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { readdirSync } from 'node:fs';
import { type Browser, type BrowserContext, type Page } from 'playwright-core';
import { eventually, launchChromium, screenshot } from '../support/browser.js';
import { type RunningKeystone, startKeystone } from '../support/keystone.js';
import { type RunningSystem, startSystem } from '../support/system.js';

jest.setTimeout(120_000);

const asset = readdirSync(new URL('../../apps/console/dist/assets/', import.meta.url)).find((file) => file.endsWith('.js'));
const REFUSED = 'The gateway refused the token: it is not valid, or it has expired. Issue a new one and sign in again.';

let keystone: RunningKeystone;
let system: RunningSystem;
let browser: Browser;
let admin: string;
/** The two projects' nodes: the first project's (`mine`) and the second's (`theirs`). */
let mine: string;
let theirs: string;
let firstProject: string;

beforeAll(async () => {
  browser = await launchChromium();
  keystone = await startKeystone();
  const { file: credentialsFile } = await keystone.serviceCredentials();
  // Validations trusted for a second only, so that a revoked token is refused soon after.
  system = await startSystem({ env: { AUTH_STRATEGY: 'keystone', KEYSTONE_AUTH_FILE: credentialsFile, KEYSTONE_TOKEN_CACHE_TTL_MS: '1000' } });
  admin = await keystone.token(await keystone.userWith(['admin'], { system: true }), { system: true });
  firstProject = await keystone.createProject();
  const secondProject = await keystone.createProject();
  mine = await create('first-project-node', firstProject);
  theirs = await create('second-project-node', secondProject);
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await system?.stop();
  await keystone?.stop();
});

const call = (token: string | null, method: string, path: string, body?: unknown) =>
  fetch(`${system.baseUrl}${path}`, {
    method,
    redirect: 'manual',
    headers: { ...(token !== null && { 'X-Auth-Token': token }), 'Content-Type': 'application/json', 'X-OpenStack-Ironic-API-Version': '1.82' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

async function create(name: string, owner: string): Promise<string> {
  const response = await call(admin, 'POST', '/v1/nodes', { name, driver: 'fake-hardware', owner });
  expect(response.status).toBe(201);
  return ((await response.json()) as { uuid: string }).uuid;
}

/** Changes both nodes, the other project's first: an event about it would reach the feed before mine's. */
async function changeBoth(step: string): Promise<void> {
  for (const node of [theirs, mine]) expect((await call(admin, 'PATCH', `/v1/nodes/${node}`, [{ op: 'add', path: '/extra/step', value: step }])).status).toBe(200);
}

const projectReader = async () => keystone.token(await keystone.userWith(['reader'], { project: firstProject }), { project: firstProject });

async function openConsole(): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  expect((await page.goto(`${system.baseUrl}/console/`))?.status()).toBe(200);
  return { context, page };
}

const signInHeading = (page: Page) => page.getByRole('heading', { name: 'Sign in with a Keystone token' });

async function signIn(page: Page, token: string): Promise<void> {
  await page.getByLabel('Token', { exact: true }).fill(token);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

const fleetNodes = async (page: Page) => (await page.getByTestId('fleet-nodes').textContent())?.trim();
const tableNames = async (page: Page) => (await page.getByRole('table', { name: 'Nodes' }).locator('tbody tr td:nth-child(2)').allInnerTexts()).sort();
/** The nodes the live feed's events are about, once each. */
const feedNodes = async (page: Page) => [...new Set(await page.getByRole('list', { name: 'Events' }).locator('button[title]').evaluateAll((buttons) => buttons.map((button) => button.getAttribute('title'))))].sort();
const streamState = (page: Page) => page.getByRole('status', { name: 'Event stream' }).textContent();

describe('the console under Keystone', () => {
  it('serves its page and assets without a token, while every API call still needs one', async () => {
    const page = await call(null, 'GET', '/console/');
    expect([page.status, page.headers.get('content-type')]).toEqual([200, 'text/html; charset=utf-8']);
    expect(await page.text()).toContain(`/console/assets/${asset}`);
    expect((await call(null, 'GET', `/console/assets/${asset}`)).status).toBe(200);
    const redirect = await call(null, 'GET', '/console');
    expect([redirect.status, redirect.headers.get('location')]).toEqual([301, '/console/']);
    expect((await call(null, 'GET', '/console/assets/missing.js')).status).toBe(404);
    // A token the page does not need, and Keystone does not know, does not keep the page away.
    expect((await call('not-a-token', 'GET', '/console/')).status).toBe(200);
    for (const path of ['/v1/fleet', '/v1/nodes', '/v1/events', `/v1/nodes/${mine}/events`]) {
      for (const token of [null, 'not-a-token']) {
        const response = await call(token, 'GET', path);
        expect([path, response.status, response.headers.get('www-authenticate')]).toEqual([path, 401, `Keystone uri="${keystone.url}/v3"`]);
      }
    }
  });

  it('asks for a token, then shows a project reader only its project’s node, its events included, until signed out', async () => {
    const { context, page } = await openConsole();
    await signInHeading(page).waitFor();
    expect(await page.getByText('openstack token issue -f value -c id').count()).toBe(1);
    expect(await page.getByRole('alert').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Sign in' }).isDisabled()).toBe(true);
    // The form alone, small: the README's picture.
    await page.setViewportSize({ width: 1024, height: 420 });
    await screenshot(page, 'keystone-sign-in', { fullPage: false, readme: 'sign-in' });
    await page.setViewportSize({ width: 1440, height: 900 });

    await signIn(page, await projectReader());
    await eventually(() => fleetNodes(page), '1');
    await eventually(() => tableNames(page), ['first-project-node']);
    await eventually(() => streamState(page), 'live');
    await changeBoth('project');
    await eventually(() => feedNodes(page), [mine]);
    expect(await page.getByRole('list', { name: 'Events' }).innerText()).not.toContain(theirs.slice(0, 8));

    await page.getByRole('button', { name: 'Sign out' }).click();
    await signInHeading(page).waitFor();
    expect(await page.getByRole('alert').count()).toBe(0);
    expect(await page.evaluate(() => Object.keys(sessionStorage))).toEqual([]);
    await context.close();
  });

  it('shows a system reader every project’s nodes and events', async () => {
    const systemReader = await keystone.token(await keystone.userWith(['reader'], { system: true }), { system: true });
    const { context, page } = await openConsole();
    await signIn(page, systemReader);
    await eventually(() => fleetNodes(page), '2');
    await eventually(() => tableNames(page), ['first-project-node', 'second-project-node']);
    await eventually(() => streamState(page), 'live');
    await changeBoth('system');
    await eventually(() => feedNodes(page), [mine, theirs].sort());
    // The token stays for the tab: a reload signs in with it again.
    await page.reload();
    await eventually(() => fleetNodes(page), '2');
    expect(await signInHeading(page).count()).toBe(0);
    await context.close();
  });

  it('refuses an invalid token with a clear message, and asks for another', async () => {
    const { context, page } = await openConsole();
    await signIn(page, 'not-a-token');
    await eventually(() => page.getByRole('alert').textContent(), REFUSED);
    expect(await signInHeading(page).count()).toBe(1);
    expect(await page.evaluate(() => Object.keys(sessionStorage))).toEqual([]);
    await screenshot(page, 'keystone-refused', { fullPage: false });
    await context.close();
  });

  it('brings the sign-in back when Keystone no longer accepts the token the page holds', async () => {
    const token = await projectReader();
    const { context, page } = await openConsole();
    await signIn(page, token);
    await eventually(() => fleetNodes(page), '1');
    await eventually(() => streamState(page), 'live');
    // Revoked as an expired token is refused; the next calls the page makes (after the next event) are refused with it.
    const revoked = await fetch(`${keystone.url}/v3/auth/tokens`, { method: 'DELETE', headers: { 'X-Auth-Token': admin, 'X-Subject-Token': token } });
    expect(revoked.status).toBe(204);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await changeBoth('revoked');
    await eventually(() => page.getByRole('alert').textContent(), REFUSED);
    expect(await signInHeading(page).count()).toBe(1);
    expect(await page.getByRole('table', { name: 'Nodes' }).count()).toBe(0);
    await context.close();
  });
});
