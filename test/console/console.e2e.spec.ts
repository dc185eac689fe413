/**
 * The operator console in a real browser (Debian's Chromium, headless) against the whole system:
 * the fleet's counts as the API counts them, the node table paged by markers, a verb run from
 * the console arriving in the live feed and in the node's timeline, the past through the time
 * slider, Ironic's refusals in its own words, and the live feed resumed after a reload. Also
 * `GET /v1/fleet`, the counts the console shows.
 */
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { type Browser, type BrowserContext, type Page } from 'playwright-core';
import { nodeStreamId } from '@ironledger/contracts';
import { apiClient, fault, type Json } from '../support/api.js';
import { eventually, launchChromium, screenshot } from '../support/browser.js';
import { enroll, power, provision } from '../support/nodes.js';
import { sleep } from '../support/system.js';
import { systemForFile } from '../support/system-for-file.js';

jest.setTimeout(120_000);

const system = systemForFile();
const call = apiClient(() => system.baseUrl);
/** More nodes than the smallest page holds. */
const NODES = 30;
const nameOf = (index: number) => `console-${String(index).padStart(2, '0')}`;

let uuids: string[];
let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  browser = await launchChromium();
  uuids = await Promise.all(Array.from({ length: NODES }, (_, index) => enroll(call, { name: nameOf(index) })));
  await provision(call, uuids[1]!, 'manage', 'manageable');
  await provision(call, uuids[2]!, 'manage', 'manageable');
  await provision(call, uuids[2]!, 'provide', 'available');
  await power(call, uuids[2]!, 'power on');
  expect((await call('PUT', `/v1/nodes/${uuids[3]}/maintenance`, { body: { reason: 'rack move' } })).status).toBe(202);
  context = await browser.newContext({ viewport: { width: 1440, height: 1000 } });
  page = await context.newPage();
}, 120_000);

afterAll(async () => {
  await browser?.close();
});

/** The counts a table of the fleet overview shows, by row name. */
async function countsShown(label: string): Promise<Record<string, number>> {
  const rows = await page.getByRole('table', { name: label, exact: true }).locator('tbody tr:has(th)').allInnerTexts();
  return Object.fromEntries(rows.map((row) => row.split('\t')).map(([name, count]) => [name!.trim(), Number(count!.replace(/\D/g, ''))]));
}

/** Counts of the nodes the API lists (at `at`, a past instant, when given): what the console must show. */
async function countsListed(at?: string) {
  const { status, json } = await call('GET', `/v1/nodes?fields=provision_state,power_state,maintenance,fault&limit=1000${at ? `&at=${at}` : ''}`);
  expect(status).toBe(200);
  const nodes = json.nodes as Json[];
  const tally = (key: (node: Json) => string | null) => {
    const counts: Record<string, number> = {};
    for (const node of nodes) {
      const value = key(node);
      if (value !== null) counts[value] = (counts[value] ?? 0) + 1;
    }
    return counts;
  };
  return {
    nodes: nodes.length,
    provision: tally((node) => node.provision_state as string),
    power: { 'power on': 0, 'power off': 0, none: 0, ...tally((node) => (node.power_state as string | null) ?? 'none') },
    maintenance: nodes.filter((node) => node.maintenance === true).length,
    fault: tally((node) => node.fault as string | null),
  };
}

const shownText = async (testId: string) => (await page.getByTestId(testId).textContent())?.trim();
const tableNames = () => page.getByRole('table', { name: 'Nodes' }).locator('tbody tr td:nth-child(2)').allInnerTexts();
const feedText = () => page.getByRole('list', { name: 'Events' }).innerText();
const highlighted = () => page.locator('[data-testid=state-diagram] g.node.current title').allTextContents();

describe('the console', () => {
  it('shows the fleet’s counts as the API counts its nodes', async () => {
    await page.goto(`${system.baseUrl}/console/`);
    const listed = await countsListed();
    await eventually(() => shownText('fleet-nodes'), String(listed.nodes));
    expect(listed).toMatchObject({ nodes: NODES, maintenance: 1, provision: { enroll: 28, manageable: 1, available: 1 } });
    expect(await countsShown('Provision states')).toEqual(listed.provision);
    expect(await countsShown('Power states')).toEqual(listed.power);
    expect(await shownText('fleet-maintenance')).toBe(String(listed.maintenance));
    expect(await countsShown('Faults by kind')).toEqual(listed.fault);
    await eventually(() => page.getByRole('status', { name: 'Event stream' }).textContent(), 'live');
    await screenshot(page, 'fleet');
  });

  it('pages the node table by markers, one page of at most 200 nodes at a time, and filters it', async () => {
    const asked: URL[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname === '/v1/nodes') asked.push(url);
    });
    const listed = async (query: string) => ((await call('GET', `/v1/nodes?fields=uuid,name&${query}`)).json.nodes as Json[]).map(({ uuid, name }) => ({ uuid: uuid as string, name: name as string }));
    const first = await listed('limit=25');
    const second = await listed(`limit=25&marker=${first.at(-1)!.uuid}`);
    expect([first.length, second.length]).toEqual([25, NODES - 25]);

    await page.getByLabel('Per page').selectOption('25');
    await eventually(tableNames, first.map(({ name }) => name));
    await page.getByRole('button', { name: 'Next' }).click();
    await eventually(tableNames, second.map(({ name }) => name));
    expect(await page.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Previous' }).click();
    await eventually(tableNames, first.map(({ name }) => name));

    expect(asked.length).toBeGreaterThanOrEqual(3);
    expect(asked.filter((url) => !(Number(url.searchParams.get('limit')) <= 200))).toEqual([]);
    expect(asked.some((url) => url.searchParams.get('marker') === first.at(-1)!.uuid && url.searchParams.get('limit') === '25')).toBe(true);
    expect(asked.every((url) => !url.searchParams.has('offset'))).toBe(true);

    await page.getByLabel('Provision state', { exact: true }).selectOption('manageable');
    await eventually(tableNames, [nameOf(1)]);
    await page.getByLabel('Provision state', { exact: true }).selectOption('');
    await page.getByLabel('Maintenance', { exact: true }).selectOption('true');
    await eventually(tableNames, [nameOf(3)]);
    await page.getByLabel('Maintenance', { exact: true }).selectOption('');
    // A count of the overview filters the table too.
    await page.getByRole('table', { name: 'Provision states' }).getByRole('button', { name: 'available' }).click();
    await eventually(tableNames, [nameOf(2)]);
    await page.getByLabel('Provision state', { exact: true }).selectOption('');
    await eventually(tableNames, first.map(({ name }) => name));
  });

  it('runs a verb from the console, and shows it in the live feed and in the node’s timeline with who asked and the request id', async () => {
    const uuid = uuids[5]!;
    await page.getByRole('button', { name: nameOf(5), exact: true }).click();
    await page.getByRole('heading', { name: `Node ${nameOf(5)}` }).waitFor();
    await eventually(highlighted, ['enroll']);
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith(`/v1/nodes/${uuid}/states/provision`) && r.request().method() === 'PUT'),
      page.getByRole('button', { name: 'Manage', exact: true }).click(),
    ]);
    expect(response.status()).toBe(202);
    expect(response.request().headers()['x-openstack-ironic-api-version']).toBe('1.82');
    const requestId = response.headers()['openstack-request-id']!;
    expect(requestId).toMatch(/^req-/);
    await page.getByRole('status').filter({ hasText: 'Manage: accepted' }).waitFor();

    await page.getByRole('list', { name: 'Events' }).getByText('manage: enroll → verifying').waitFor();
    const row = page.getByRole('table', { name: 'Timeline' }).getByRole('row').filter({ hasText: requestId }).filter({ hasText: 'manage: enroll → verifying' });
    await row.waitFor();
    expect(await row.innerText()).toContain('noauth');
    await eventually(() => shownText('node-provision-state'), 'manageable');
    await eventually(highlighted, ['manageable']);
    // What the feed and the timeline show is what the store holds: the node's log, event for event.
    const logged = (await call('GET', `/v1/nodes/${uuid}/events`)).json.events as Json[];
    await eventually(() => page.getByRole('table', { name: 'Timeline' }).locator('tbody tr').evaluateAll((rows) => rows.map((row) => Number(row.getAttribute('data-position')))), logged.map((event) => event.position as number).reverse());
    expect(await feedText()).toContain('verifying → manageable');
    await screenshot(page, 'node');

    await page.getByRole('button', { name: 'Close the node' }).click();
    await screenshot(page, 'overview', { fullPage: false, copyTo: process.env.CONSOLE_SCREENSHOT });
  });

  it('shows the node and the fleet as they were at an instant picked on the time slider', async () => {
    const uuid = await enroll(call, { name: 'console-past' });
    // Whole seconds apart, as the slider picks instants to the second.
    await sleep(1100);
    await provision(call, uuid, 'manage', 'manageable');
    const events = (await call('GET', `/v1/nodes/${uuid}/events`)).json.events as { type: string; meta: { at: string } }[];
    const instant = Math.ceil(Date.parse(events[0]!.meta.at) / 1000);
    expect(instant * 1000).toBeLessThan(Date.parse(events.find((event) => event.type === 'ProvisionStateChanged')!.meta.at));
    const at = new Date(instant * 1000).toISOString();

    await page.goto(`${system.baseUrl}/console/#node=${uuid}`);
    await eventually(() => shownText('node-provision-state'), 'manageable');
    await page.getByLabel('Time', { exact: true }).fill(String(instant));
    await eventually(() => shownText('node-provision-state'), 'enroll');
    await eventually(highlighted, ['enroll']);
    const past = await countsListed(at);
    await eventually(() => shownText('fleet-nodes'), String(past.nodes));
    expect(await countsShown('Provision states')).toEqual(past.provision);
    expect(await page.getByRole('note').innerText()).toContain('as it was at');
    expect(await page.getByRole('button', { name: 'Manage', exact: true }).isDisabled()).toBe(true);
    // The timeline shows the events after the instant, marked as such.
    expect(await page.getByRole('table', { name: 'Timeline' }).locator('tbody tr.later').count()).toBeGreaterThan(0);
    await screenshot(page, 'past');

    await page.getByRole('button', { name: 'Back to now' }).click();
    await eventually(() => shownText('node-provision-state'), 'manageable');
    await eventually(() => shownText('fleet-nodes'), String(NODES + 1));
  });

  it('shows Ironic’s refusal of a verb in its own words', async () => {
    const uuid = uuids[0]!;
    await page.getByRole('button', { name: nameOf(0), exact: true }).click();
    await eventually(() => shownText('node-provision-state'), 'enroll');
    await page.getByRole('button', { name: 'Deploy', exact: true }).click();
    // The deploy dialog left blank deploys with the node's own instance_info.
    await page.getByRole('dialog', { name: 'Deploy' }).getByRole('button', { name: 'Start deployment' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'Deploy refused' });
    await alert.waitFor();
    // A refusal records nothing, so asking again gets the same words.
    const refusal = await call('PUT', `/v1/nodes/${uuid}/states/provision`, { body: { target: 'active' } });
    expect(refusal.status).toBe(400);
    expect(await alert.innerText()).toBe(`Deploy refused: ${fault(refusal.json)}`);
    await screenshot(page, 'refused');
  });

  it('resumes the live feed after a reload from the last event it saw', async () => {
    const checkpoint = async () => Number(await page.evaluate('localStorage.getItem("ironledger.console.lastEventId")'));
    const saved = await checkpoint();
    expect(saved).toBeGreaterThan(0);
    await page.close();
    // While no console is open:
    expect((await call('PUT', `/v1/nodes/${uuids[6]}/maintenance`, { body: { reason: 'while away' } })).status).toBe(202);
    page = await context.newPage();
    const stream = page.waitForRequest((request) => new URL(request.url()).pathname === '/v1/events');
    await page.goto(`${system.baseUrl}/console/`);
    expect(new URL((await stream).url()).searchParams.get('from')).toBe(String(saved));
    await page.getByRole('list', { name: 'Events' }).getByText('maintenance on: while away').waitFor();
    await eventually(async () => (await checkpoint()) > saved, true);
  });
});

describe('GET /v1/fleet', () => {
  it('counts the fleet as its nodes are listed, at the read model’s position', async () => {
    const { status, headers, json } = await call('GET', '/v1/fleet');
    expect(status).toBe(200);
    expect(headers.get('x-openstack-ironic-api-version')).toBe('1.82');
    const listed = await countsListed();
    const { none, ...powered } = listed.power;
    expect(json).toMatchObject({ nodes: listed.nodes, maintenance: listed.maintenance, fault: listed.fault, power_state: { ...powered, null: none } });
    expect(Object.fromEntries(Object.entries(json.provision_state as Record<string, number>).filter(([, count]) => count > 0))).toEqual(listed.provision);
    expect(json.position).toBe(Math.max(...((await (await system.store()).readAll({ after: 0, limit: 1_000_000 })).map((event) => event.position))));
    expect(Date.parse(json.since as string)).toBeLessThanOrEqual(Date.now());
  });

  it('counts the fleet as it was at a past position or time', async () => {
    const uuid = await enroll(call, { name: 'fleet-later' });
    const [registered] = await (await system.store()).readStream(nodeStreamId(uuid));
    const before = (await call('GET', `/v1/fleet?at=${registered!.position - 1}`)).json;
    const now = (await call('GET', '/v1/fleet')).json;
    expect(now.nodes).toBe((before.nodes as number) + 1);
    expect((now.provision_state as Json).enroll).toBe(((before.provision_state as Json).enroll as number) + 1);
    expect(before.position).toBeLessThan(registered!.position);
    const byTime = (await call('GET', `/v1/fleet?at=${new Date(Date.parse(registered!.metadata.at as string) - 1).toISOString()}`)).json;
    expect(byTime.nodes).toBe(before.nodes);
  });

  it('refuses what it does not take, in Ironic’s words', async () => {
    const badInstant = await call('GET', '/v1/fleet?at=yesterday');
    expect([badInstant.status, fault(badInstant.json)]).toEqual([400, '"yesterday" is neither a log position nor an ISO 8601 time']);
    const unexpected = await call('GET', '/v1/fleet?limit=1');
    expect([unexpected.status, fault(unexpected.json)]).toEqual([400, 'Unexpected arguments: limit']);
  });
});
