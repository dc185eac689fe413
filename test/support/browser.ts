/**
 * A real browser for the console's end-to-end tests: Debian's Chromium (`scripts/chromium.sh
 * install`; never one Playwright downloads), headless through playwright-core, and the
 * screenshots the tests keep as artefacts in `.run/artifacts/console/`, some of which also renew
 * the README's pictures of the operator's main tasks.
 */
import { copyFileSync, existsSync, mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isDeepStrictEqual } from 'node:util';
import { expect } from '@jest/globals';
import { type Browser, chromium, type Page } from 'playwright-core';
import { sleep } from './system.js';

export const CHROMIUM = '/usr/bin/chromium';
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const ARTIFACTS = `${ROOT}.run/artifacts/console`;
const BUILT_CONSOLE = `${ROOT}apps/console/dist/index.html`;
/** Where the README's pictures of the main tasks are renewed (`CONSOLE_SCREENSHOTS=docs/console`); unset, they are left as they are. */
const README_SHOTS = process.env.CONSOLE_SCREENSHOTS;

/** Headless, and quiet: no sandbox (containers), no GPU, nothing fetched from the network on its own. */
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/** Launches Chromium, or fails at once saying how to get what is missing (the browser, or the console's build). */
export async function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: install Debian's chromium with \`bash scripts/chromium.sh install\` (npm test does)`);
  if (!existsSync(BUILT_CONSOLE)) throw new Error(`The console has not been built (no ${BUILT_CONSOLE}): run \`npm run build\` (npm test does)`);
  return chromium.launch({ executablePath: CHROMIUM, args: ARGS, timeout: 30_000 });
}

/**
 * Saves a screenshot of the page as `.run/artifacts/console/<name>.png`, and also at `copyTo` when
 * given; with `readme`, and `CONSOLE_SCREENSHOTS` set, also the screen as the operator sees it (not
 * the whole page, to keep the picture small) as `$CONSOLE_SCREENSHOTS/<readme>.png`. The artefact's path.
 */
export async function screenshot(page: Page, name: string, { fullPage = true, copyTo, readme }: { fullPage?: boolean; copyTo?: string; readme?: string } = {}): Promise<string> {
  mkdirSync(ARTIFACTS, { recursive: true });
  const path = `${ARTIFACTS}/${name}.png`;
  // From the top, where the page's sticky header belongs.
  await page.evaluate('window.scrollTo(0, 0)');
  await page.screenshot({ path, fullPage });
  if (copyTo) {
    const target = resolve(ROOT, copyTo);
    mkdirSync(dirname(target), { recursive: true });
    copyFileSync(path, target);
  }
  if (readme && README_SHOTS) {
    const target = resolve(ROOT, README_SHOTS, `${readme}.png`);
    mkdirSync(dirname(target), { recursive: true });
    await page.screenshot({ path: target, fullPage: false });
  }
  return path;
}

/**
 * Reads `read()` until it equals `expected` (deeply) or `timeoutMs` passes, then asserts on the
 * last value read, so that a failure shows what the page showed last.
 */
export async function eventually<T>(read: () => Promise<T>, expected: T, timeoutMs = 15_000): Promise<void> {
  let last = await read();
  for (const deadline = Date.now() + timeoutMs; !isDeepStrictEqual(last, expected) && Date.now() < deadline; last = await read()) await sleep(100);
  expect(last).toEqual(expected);
}
