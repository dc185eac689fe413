/**
 * The operator's tasks in the console, in a real browser (Debian's Chromium) against the whole
 * system: a node opened in a drawer in view on a 1024-px screen, times in ISO 8601 UTC and the
 * feed naming nodes by name; finding a node by name, UUID, instance UUID or MAC, sorting and
 * filtering the table; and a verb run on 20 nodes at once, with each node's answer, a
 * confirmation before a destructive one, and the nodes a delete removed leaving the selection.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { type Browser, type Page } from 'playwright-core';
import { apiClient, type Json } from '../support/api.js';
import { eventually, launchChromium, screenshot } from '../support/browser.js';
import { enroll, provision, until } from '../support/nodes.js';
import { systemForFile } from '../support/system-for-file.js';

jest.setTimeout(120_000);

const system = systemForFile();
const call = apiClient(() => system.baseUrl);
/** Nodes besides the bulk ones: more than fit the 1024-px screen's height. */
const NODES = 40;
const BULK = 20;
const nameOf = (index: number) => `task-${String(index).padStart(2, '0')}`;
const INSTANCE = randomUUID();
const MAC = '52:54:00:12:34:56';

let uuids: string[];
let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await launchChromium();
  uuids = [];
  // One after another, so that Ironic's default order (by id) is the order of the names.
  for (let index = 0; index < NODES; index++) uuids.push(await enroll(call, { name: nameOf(index), owner: index % 10 === 0 ? 'team-a' : 'team-b' }));
  expect((await call('PATCH', `/v1/nodes/${uuids[7]}`, { body: [{ op: 'add', path: '/instance_uuid', value: INSTANCE }] })).status).toBe(200);
  expect((await call('POST', '/v1/ports', { body: { node_uuid: uuids[9], address: MAC } })).status).toBe(201);
  expect((await call('PATCH', `/v1/nodes/${uuids[11]}`, { body: [{ op: 'add', path: '/retired', value: true }] })).status).toBe(200);
  const context = await browser.newContext({ viewport: { width: 1024, height: 768 } });
  page = await context.newPage();
}, 120_000);

afterAll(async () => {
  await browser?.close();
});

const table = () => page.getByRole('table', { name: 'Nodes' });
const tableNames = () => table().locator('tbody tr td:nth-child(2)').allInnerTexts();
const fitsWidth = () => page.evaluate(() => document.documentElement.scrollWidth <= innerWidth && [...document.querySelectorAll('.table-view')].every((view) => view.scrollWidth <= view.clientWidth));

describe('the console on a 1024-px screen', () => {
  it('fits the screen, opens a node in a drawer in view, says times in ISO 8601 UTC and names nodes in the feed', async () => {
    await page.goto(`${system.baseUrl}/console/`);
    await eventually(async () => (await tableNames()).length, NODES);
    await eventually(fitsWidth, true);
    await eventually(() => page.getByRole('status', { name: 'Event stream' }).textContent(), 'live');

    // The last row, far below the fold: the node opens where the operator is looking.
    const last = table().getByRole('button', { name: nameOf(NODES - 1), exact: true });
    await last.scrollIntoViewIfNeeded();
    await last.click();
    const drawer = page.getByRole('complementary', { name: `Node ${nameOf(NODES - 1)}` });
    await drawer.waitFor();
    const box = (await drawer.boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(1024);
    expect(box.y + box.height).toBeLessThanOrEqual(768);
    expect(await page.getByRole('button', { name: 'Back to now' }).isVisible()).toBe(true);

    const [response] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith(`/v1/nodes/${uuids[NODES - 1]}/states/provision`) && r.request().method() === 'PUT'),
      drawer.getByRole('button', { name: 'Manage', exact: true }).click(),
    ]);
    expect(response.status()).toBe(202);
    const feed = page.getByRole('list', { name: 'Events' });
    await feed.locator('li').filter({ hasText: 'manage: enroll → verifying' }).getByRole('button', { name: nameOf(NODES - 1), exact: true }).waitFor();
    expect((await call('PUT', `/v1/nodes/${uuids[3]}/maintenance`, { body: { reason: 'named in the feed' } })).status).toBe(202);
    await feed.locator('li').filter({ hasText: 'named in the feed' }).getByRole('button', { name: nameOf(3), exact: true }).waitFor();

    const times = await page.locator('time').allTextContents();
    expect(times.length).toBeGreaterThan(2);
    for (const time of times) expect(time).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    const logged = (await call('GET', `/v1/nodes/${uuids[NODES - 1]}/events`)).json.events as { meta: { at: string } }[];
    expect(await drawer.locator('time').last().textContent()).toBe(`${logged[0]!.meta.at.slice(0, 19)}Z`);

    const diagramWidth = async () => (await drawer.getByTestId('state-diagram').boundingBox())!.width;
    const fitted = await diagramWidth();
    await drawer.getByRole('button', { name: 'Zoom in' }).click();
    await drawer.getByRole('button', { name: 'Zoom in' }).click();
    expect(await drawer.getByTestId('diagram-zoom').textContent()).toBe('200%');
    expect(await diagramWidth()).toBeCloseTo(fitted * 2, 0);
    await screenshot(page, 'drawer-1024', { fullPage: false });

    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'detached' });
    expect(await fitsWidth()).toBe(true);
    await screenshot(page, 'table-1024', { fullPage: false });
  });
});

describe('finding nodes', () => {
  const find = async (text: string) => {
    await page.getByRole('searchbox', { name: 'Name, UUID, instance UUID or MAC' }).fill(text);
    await page.getByRole('button', { name: 'Find', exact: true }).click();
  };

  it('finds a node by its name, its UUID, its instance’s UUID or a MAC of its ports, and says when nothing is found', async () => {
    await find(nameOf(4));
    await eventually(tableNames, [nameOf(4)]);
    await find(uuids[5]!.toUpperCase());
    await eventually(tableNames, [nameOf(5)]);
    await find(INSTANCE);
    await eventually(tableNames, [nameOf(7)]);
    await find(MAC.toUpperCase().replaceAll(':', '-'));
    await eventually(tableNames, [nameOf(9)]);
    await screenshot(page, 'search', { readme: 'search' });
    await find('no-such-node');
    await page.getByText('Nothing found for “no-such-node”.').waitFor();
    await page.getByRole('button', { name: 'Clear search' }).click();
    await eventually(async () => (await tableNames()).length, NODES);
  });

  it('sorts by a column with Ironic’s sort_key and sort_dir, and filters with Ironic’s list filters', async () => {
    const asked: URL[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname === '/v1/nodes') asked.push(url);
    });
    const listed = async (query: string) => ((await call('GET', `/v1/nodes?fields=name&limit=50&${query}`)).json.nodes as Json[]).map((node) => node.name as string);
    const header = (name: string) => table().getByRole('columnheader', { name });

    await header('Name').getByRole('button').click();
    await eventually(tableNames, await listed('sort_key=name&sort_dir=asc'));
    expect(await header('Name').getAttribute('aria-sort')).toBe('ascending');
    await header('Name').getByRole('button').click();
    const descending = await listed('sort_key=name&sort_dir=desc');
    expect(descending[0]).toBe(nameOf(NODES - 1));
    await eventually(tableNames, descending);
    expect(asked.some((url) => url.searchParams.get('sort_key') === 'name' && url.searchParams.get('sort_dir') === 'desc')).toBe(true);
    await header('Name').getByRole('button').click();
    expect(await header('Name').getAttribute('aria-sort')).toBeNull();

    await page.getByLabel('Retired', { exact: true }).selectOption('true');
    await eventually(tableNames, [nameOf(11)]);
    await page.getByLabel('Retired', { exact: true }).selectOption('');
    await page.getByLabel('Has instance', { exact: true }).selectOption('true');
    await eventually(tableNames, [nameOf(7)]);
    await page.getByLabel('Has instance', { exact: true }).selectOption('');
    await page.getByText('More filters').click();
    await page.getByLabel('Owner', { exact: true }).fill('team-a');
    await page.getByLabel('Owner', { exact: true }).press('Tab');
    await eventually(tableNames, [0, 10, 20, 30].map(nameOf));
    await page.getByLabel('Owner', { exact: true }).fill('');
    await page.getByLabel('Owner', { exact: true }).press('Tab');
    await eventually(async () => (await tableNames()).length, NODES);
  });
});

describe('many nodes at once', () => {
  it('runs a verb on 20 nodes selected by a filter, with each node’s answer, and confirms a destructive one first', async () => {
    const bulk: string[] = [];
    for (let index = 0; index < BULK; index++) bulk.push(await enroll(call, { name: `bulk-${String(index).padStart(2, '0')}`, resource_class: 'bulk' }));
    await page.reload();
    await page.getByText('More filters').click();
    await page.getByLabel('Resource class', { exact: true }).fill('bulk');
    await page.getByLabel('Resource class', { exact: true }).press('Tab');
    await eventually(async () => (await tableNames()).length, BULK);
    await page.getByRole('button', { name: 'Select all nodes matching the filters' }).click();
    const selected = page.getByTestId('selected-count');
    await eventually(() => selected.textContent(), `${BULK} nodes selected`);
    const results = page.getByRole('list', { name: 'Results by node' }).locator('li');
    const status = page.getByTestId('bulk-status');
    const runOnAll = () => page.getByRole('button', { name: `Run on ${BULK} nodes` }).click();

    await page.getByLabel('Verb', { exact: true }).selectOption('Manage');
    await runOnAll();
    await eventually(() => status.textContent(), `Manage: ${BULK} of ${BULK} answered, ${BULK} accepted, 0 refused.`);
    expect((await results.allInnerTexts()).sort()).toEqual(bulk.map((_, index) => `bulk-${String(index).padStart(2, '0')}: accepted`));
    for (const uuid of bulk) {
      await until(call, uuid, (node) => node.provision_state === 'manageable', 'manageable');
      await provision(call, uuid, 'provide', 'available');
    }
    expect(((await call('GET', '/v1/nodes?resource_class=bulk&provision_state=available&limit=100')).json.nodes as Json[]).length).toBe(BULK);

    // Refusals are per node, in Ironic's words.
    await page.getByLabel('Verb', { exact: true }).selectOption('Provide');
    await runOnAll();
    await eventually(() => status.textContent(), `Provide: ${BULK} of ${BULK} answered, 0 accepted, ${BULK} refused.`);
    expect(await results.first().innerText()).toMatch(/^bulk-\d\d: .*"provide".* can not be performed .*"available"/);
    await screenshot(page, 'bulk-refused', { readme: 'bulk' });

    // A destructive verb asks first; cancelling sends nothing.
    const deletes: string[] = [];
    page.on('request', (request) => request.method() === 'DELETE' && deletes.push(request.url()));
    await page.getByLabel('Verb', { exact: true }).selectOption('Delete');
    await runOnAll();
    const confirm = page.getByRole('alertdialog', { name: 'Confirm Delete' });
    await confirm.waitFor();
    await screenshot(page, 'bulk-confirm');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'detached' });
    expect(deletes).toEqual([]);
    await runOnAll();
    await confirm.getByRole('button', { name: `Delete ${BULK} nodes` }).click();
    await eventually(() => status.textContent(), `Delete: ${BULK} of ${BULK} answered, ${BULK} accepted, 0 refused.`);
    expect(deletes).toHaveLength(BULK);
    expect(await page.getByRole('progressbar', { name: 'Delete progress' }).getAttribute('value')).toBe(String(BULK));
    // The nodes deleted leave the selection; their answers stay in view until it is cleared.
    await eventually(() => selected.textContent(), '0 nodes selected');
    expect(await page.getByRole('button', { name: 'Run on 0 nodes' }).isDisabled()).toBe(true);
    await screenshot(page, 'bulk-done');
    expect(((await call('GET', '/v1/nodes?resource_class=bulk&limit=100')).json.nodes as Json[]).length).toBe(0);
    await page.getByRole('button', { name: 'Clear selection' }).click();
    await page.getByRole('region', { name: 'Selected nodes' }).waitFor({ state: 'detached' });
  });
});

describe('the server in the drawer', () => {
  it('shows its driver, traits, port groups and inventory, and what to do next about a failure', async () => {
    const uuid = await enroll(call, { name: 'seen-1', driver_info: { fake_fail: 'verify' } });
    expect((await call('PUT', `/v1/nodes/${uuid}/traits`, { body: { traits: ['CUSTOM_GPU'] } })).status).toBe(204);
    expect((await call('POST', '/v1/portgroups', { body: { node_uuid: uuid, name: 'bond0', address: '52:54:00:aa:bb:cc' } })).status).toBe(201);
    expect((await call('PUT', `/v1/nodes/${uuid}/states/provision`, { body: { target: 'manage' } })).status).toBe(202);
    await until(call, uuid, (node) => node.target_provision_state === null && node.last_error !== null, 'a failed verification');

    await page.goto(`${system.baseUrl}/console/#node=${uuid}`);
    const drawer = page.getByRole('complementary', { name: 'Node seen-1' });
    await drawer.getByRole('note', { name: 'What to do next' }).getByText(/^Verification failed/).waitFor();
    const part = (title: string) => drawer.locator('details', { has: page.locator('summary', { hasText: title }) });
    await part('Driver and interfaces').locator('summary').click();
    expect(await part('Driver and interfaces').innerText()).toContain('fake-hardware');
    await part('Driver info').locator('summary').click();
    expect(await part('Driver info').innerText()).toContain('fake_fail');
    await part('Traits').locator('summary').click();
    expect(await part('Traits').innerText()).toContain('CUSTOM_GPU');
    await part('Port groups').locator('summary').click();
    await part('Port groups').getByRole('cell', { name: 'bond0' }).waitFor();
    await part('Inventory').locator('summary').click();
    await part('Inventory').getByText('not inspected').waitFor();
    await screenshot(page, 'details');
    // For the README: the drawer from its top, the advice and the verbs above the details opened.
    await drawer.evaluate((element) => element.scrollTo(0, 0));
    await screenshot(page, 'details-top', { fullPage: false, readme: 'drawer' });
  });

  it('cleans with the steps chosen and rescues with a password, from the drawer', async () => {
    const uuid = await enroll(call, { name: 'steps-1' });
    await provision(call, uuid, 'manage', 'manageable');
    await page.goto(`${system.baseUrl}/console/#node=${uuid}`);
    const drawer = page.getByRole('complementary', { name: 'Node steps-1' });
    const state = () => drawer.getByTestId('node-provision-state').textContent();
    await eventually(state, 'manageable');

    const clean = page.getByRole('dialog', { name: 'Clean' });
    // Escape closes the dialog first, the drawer only after.
    await drawer.getByRole('button', { name: 'Clean', exact: true }).click();
    await clean.waitFor();
    await page.keyboard.press('Escape');
    await clean.waitFor({ state: 'detached' });
    expect(await drawer.isVisible()).toBe(true);
    await drawer.getByRole('button', { name: 'Clean', exact: true }).click();
    await clean.getByLabel(/Erase the disks’ metadata/).check();
    const [cleaning] = await Promise.all([page.waitForRequest((request) => request.url().endsWith('/states/provision')), clean.getByRole('button', { name: 'Start cleaning' }).click()]);
    expect(cleaning.postDataJSON()).toEqual({ target: 'clean', clean_steps: [{ interface: 'deploy', step: 'erase_devices_metadata' }] });
    const events = async () => ((await call('GET', `/v1/nodes/${uuid}/events`)).json.events as Json[]).filter((event) => event.type === 'ProvisionStateChanged').map((event) => (event.data as Json).to);
    await eventually(async () => (await events()).includes('cleaning') && (await state()) === 'manageable', true);

    await provision(call, uuid, 'provide', 'available');
    await provision(call, uuid, 'active', 'active');
    await eventually(state, 'active');
    await drawer.getByRole('button', { name: 'Rescue', exact: true }).click();
    const rescue = page.getByRole('dialog', { name: 'Rescue' });
    await rescue.getByLabel('Rescue password').fill('s3cret-rescue');
    const [rescuing] = await Promise.all([page.waitForRequest((request) => request.url().endsWith('/states/provision')), rescue.getByRole('button', { name: 'Start rescue' }).click()]);
    expect(rescuing.postDataJSON()).toEqual({ target: 'rescue', rescue_password: 's3cret-rescue' });
    await eventually(state, 'rescue');
    expect((await call('GET', `/v1/nodes/${uuid}`)).json.instance_info).not.toHaveProperty('rescue_password', 's3cret-rescue');
    await drawer.getByRole('button', { name: 'Unrescue', exact: true }).click();
    await eventually(state, 'active');
  });
});
