import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { type RunningSystem, startSystem } from '../support/system.js';

jest.setTimeout(120_000);

/**
 * How the benchmarks run ironledger (`startSystem({ built: true })`): the built all-in-one app,
 * what `npm start` runs, not its source through the TypeScript loader.
 */
let system: RunningSystem;

beforeAll(async () => {
  system = await startSystem({ allInOne: true, built: true });
});

afterAll(async () => {
  await system?.stop();
});

describe('the built apps', () => {
  it('run from their dist, without the TypeScript loader, and serve the API', async () => {
    const [service] = system.processes();
    expect(service!.process.spawnargs.slice(1)).toEqual(['apps/all-in-one/dist/main.js']);
    const response = await fetch(`${system.baseUrl}/v1/nodes`, { headers: { 'X-OpenStack-Ironic-API-Version': 'latest' } });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ nodes: [] });
  });
});
