/**
 * The console on a 10,000-node fleet, in a real browser (Debian's Chromium): how long the page
 * takes to show the fleet's counts and the table's first page, and how long a filter change
 * takes to show the filtered page. The console reads one page at a time and the counts from
 * `GET /v1/fleet`, so neither grows with the fleet; the bounds here are loose enough for a loaded
 * 2-core machine and tight enough to catch a console that lists the whole fleet. The timings are
 * printed and kept in `.run/artifacts/console/fleet-10k.json`.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { type Browser, type Page } from 'playwright-core';
import { apiClient } from '../support/api.js';
import { ARTIFACTS, eventually, launchChromium, screenshot } from '../support/browser.js';
import { systemForFile } from '../support/system-for-file.js';

jest.setTimeout(600_000);

const FLEET = 10_000;
/** Nodes in the class filtered on: few enough to fit one page. */
const RARE = 20;
const PARALLEL = 16;

const system = systemForFile();
const call = apiClient(() => system.baseUrl);
let browser: Browser;
let page: Page;
const timings: Record<string, number> = {};

beforeAll(async () => {
  browser = await launchChromium();
  const started = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: PARALLEL }, async () => {
      while (next < FLEET) {
        const index = next++;
        const created = await call('POST', '/v1/nodes', { body: { driver: 'fake-hardware', name: `n-${String(index).padStart(5, '0')}`, resource_class: index % (FLEET / RARE) === 0 ? 'rare' : 'common' } });
        if (created.status !== 201) throw new Error(`Enrolling failed: ${created.status} ${created.text}`);
      }
    }),
  );
  timings.enrollSeconds = Math.round((performance.now() - started) / 100) / 10;
  page = await (await browser.newContext({ viewport: { width: 1440, height: 1000 } })).newPage();
}, 600_000);

afterAll(async () => {
  await browser?.close();
  mkdirSync(ARTIFACTS, { recursive: true });
  writeFileSync(`${ARTIFACTS}/fleet-10k.json`, `${JSON.stringify(timings, null, 2)}\n`);
  console.log(`console on ${FLEET} nodes:`, timings);
});

const rows = () => page.getByRole('table', { name: 'Nodes' }).locator('tbody tr').count();

describe(`the console on a ${FLEET.toLocaleString('en')}-node fleet`, () => {
  it('loads with the counts and the first page, and shows a filtered page after a filter change, each within seconds', async () => {
    const started = performance.now();
    await page.goto(`${system.baseUrl}/console/`);
    await eventually(async () => (await page.getByTestId('fleet-nodes').textContent())?.trim(), FLEET.toLocaleString(), 30_000);
    await eventually(rows, 50, 30_000);
    timings.pageLoadMs = Math.round(performance.now() - started);

    await page.getByText('More filters').click();
    const filter = page.getByLabel('Resource class', { exact: true });
    await filter.fill('rare');
    const changed = performance.now();
    await filter.press('Tab');
    await eventually(rows, RARE, 30_000);
    timings.filterChangeMs = Math.round(performance.now() - changed);

    const sorted = performance.now();
    await page.getByRole('columnheader', { name: 'Name' }).getByRole('button').click();
    await eventually(async () => (await page.getByRole('table', { name: 'Nodes' }).locator('tbody tr td:nth-child(2)').first().textContent())?.trim(), 'n-00000', 30_000);
    timings.sortChangeMs = Math.round(performance.now() - sorted);
    await screenshot(page, 'fleet-10k', { fullPage: false });

    expect(timings.pageLoadMs).toBeLessThan(10_000);
    expect(timings.filterChangeMs).toBeLessThan(3_000);
    expect(timings.sortChangeMs).toBeLessThan(3_000);
  });
});
