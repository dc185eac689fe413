import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createServer, type Server } from 'node:http';
import { simulatedInventory, systemMacs } from './ramdisk.js';
import { BmcSim } from './server.js';

const BASIC = `Basic ${Buffer.from('admin:password').toString('base64')}`;

/** A stand-in for the gateway's `/v1/continue`: records every post, answers `status(n)` for the n-th. */
interface Callback {
  readonly posts: { body: string; at: number }[];
  status: (n: number) => number;
}

let server: Server;
let callback: Callback;
let sim: BmcSim;

beforeAll(async () => {
  callback = { posts: [], status: () => 200 };
  server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      callback.posts.push({ body, at: Date.now() });
      response.writeHead(callback.status(callback.posts.length), { 'Content-Type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  sim = await BmcSim.start({ port: 0, systems: 5, ramdisk: { callbackUrl: `http://127.0.0.1:${port}/v1/continue`, delayMs: 50 } });
});

afterAll(async () => {
  await sim.close();
  await new Promise((resolve) => server.close(resolve));
});

const reset = (n: number, ResetType: string) =>
  fetch(`${sim.url}/bmc/${n}/redfish/v1/Systems/${n}/Actions/ComputerSystem.Reset`, { method: 'POST', headers: { Authorization: BASIC, 'Content-Type': 'application/json' }, body: JSON.stringify({ ResetType }) });
const ramdisk = (n: number, body?: object) =>
  fetch(`${sim.url}/control/bmc/${n}/ramdisk`, body ? { method: 'PUT', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) } : {});

async function postsAfter(start: number, count: number, waitMs = 2000): Promise<string[]> {
  const deadline = Date.now() + waitMs;
  while (Date.now() < deadline && callback.posts.length < start + count) await new Promise((resolve) => setTimeout(resolve, 20));
  return callback.posts.slice(start).map((post) => post.body);
}

describe('simulated inspection ramdisks', () => {
  it('post the system’s inventory when it powers on, with the simulator’s host as BMC address', async () => {
    const start = callback.posts.length;
    expect((await reset(1, 'On')).status).toBe(204);
    const [posted] = await postsAfter(start, 1);
    expect(JSON.parse(posted)).toEqual(simulatedInventory(1, '127.0.0.1'));
    expect(JSON.parse(posted).inventory.interfaces.map((i: { mac_address: string }) => i.mac_address)).toEqual(systemMacs(1));
    // Powering on a host that is on does not boot it; a restart does.
    expect((await reset(1, 'On')).status).toBe(204);
    expect((await reset(1, 'ForceOff')).status).toBe(204);
    expect(await postsAfter(start + 1, 1, 300)).toEqual([]);
    expect((await reset(1, 'ForceRestart')).status).toBe(204);
    expect(await postsAfter(start + 1, 1)).toHaveLength(1);
  });

  it('post nothing, or garbage, as the control API says, and report their settings', async () => {
    expect((await ramdisk(2, { mode: 'never' })).status).toBe(200);
    expect(await (await ramdisk(3, { mode: 'garbage', delayMs: 0 })).json()).toMatchObject({ mode: 'garbage', delayMs: 0 });
    const start = callback.posts.length;
    await reset(2, 'On');
    await reset(3, 'On');
    const posts = await postsAfter(start, 2, 500);
    expect(posts).toHaveLength(1);
    expect(() => JSON.parse(posts[0])).toThrow();
    const described = (await (await ramdisk(3)).json()) as { lastPost: { status: number }; inventory: unknown };
    expect(described.lastPost).toMatchObject({ status: 200, attempts: 1 });
    expect((await ramdisk(3, { mode: 'sometimes' })).status).toBe(400);
    expect((await ramdisk(3, { color: 'red' })).status).toBe(400);
  });

  it('post again while the callback answers busy (409), as a ramdisk retries', async () => {
    await ramdisk(4, { mode: 'inventory', delayMs: 0 });
    const start = callback.posts.length;
    callback.status = (n) => (n <= start + 2 ? 409 : 200);
    await reset(4, 'On');
    expect(await postsAfter(start, 3, 5000)).toHaveLength(3);
    callback.status = () => 200;
    expect(await (await ramdisk(4)).json()).toMatchObject({ lastPost: { status: 200, attempts: 3 } });
  });

  it('change a range of systems through the fleet control', async () => {
    const answer = await fetch(`${sim.url}/control/fleet/ramdisk`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ mode: 'never', from: 4, to: 9 }) });
    expect(await answer.json()).toEqual({ updated: 2 });
    expect(await (await ramdisk(5)).json()).toMatchObject({ mode: 'never' });
  });
});
