/**
 * The container image, checked by reading it (no Docker engine here): it installs the way
 * `npm test` does, on a Node that every locked dependency accepts, and it ships every bin the
 * workspaces declare.
 */
import { describe, expect, it } from '@jest/globals';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const read = (path: string) => readFileSync(`${ROOT}/${path}`, 'utf8');
// npm's own version-range logic, as npm applies `engines`.
const semver = createRequire(import.meta.url)('semver') as { satisfies(version: string, range: string): boolean };

const dockerfile = read('Dockerfile');
/** The instructions, without comments. */
const instructions = dockerfile.split('\n').filter((line) => !line.trimStart().startsWith('#')).join('\n');
const image = /^ARG NODE_IMAGE=node:(\d+)[^\s]*$/m.exec(instructions);

describe('the Dockerfile', () => {
  it('builds on a Node that every locked package accepts, and not on Node 20 (end of life)', () => {
    expect(image).not.toBeNull();
    const major = Number(image![1]);
    expect(major).toBeGreaterThanOrEqual(22);
    const lock = JSON.parse(read('package-lock.json')) as { packages: Record<string, { engines?: { node?: string }; optional?: boolean; dev?: boolean }> };
    // The newest release of that major line is what the image tag resolves to; x.99.99 stands for it.
    const refused = Object.entries(lock.packages)
      .filter(([, entry]) => entry.engines?.node && !semver.satisfies(`${major}.99.99`, entry.engines.node))
      .map(([name, entry]) => `${name} needs node ${entry.engines!.node}`);
    expect(refused).toEqual([]);
  });

  it('installs the way npm test does (npm install from the lock file), never with npm ci', () => {
    expect(instructions).not.toMatch(/npm ci\b/);
    expect(instructions).toMatch(/^RUN bash scripts\/setup\.sh$/m);
    expect(read('scripts/setup.sh')).toMatch(/npm install --no-audit --no-fund/);
  });

  it('ships what every workspace bin points at', () => {
    const copiesBin = /cp -R "\$ws\/bin"/.test(instructions);
    for (const group of ['apps', 'libs']) {
      for (const name of readdirSync(`${ROOT}/${group}`)) {
        if (!existsSync(`${ROOT}/${group}/${name}/package.json`)) continue;
        const { bin = {} } = JSON.parse(read(`${group}/${name}/package.json`)) as { bin?: Record<string, string> };
        for (const target of Object.values(bin)) {
          expect([`${group}/${name}`, target.startsWith('dist/') || (target.startsWith('bin/') && copiesBin)]).toEqual([`${group}/${name}`, true]);
        }
      }
    }
  });
});
