/**
 * Nobody who merely reaches the API can take over a deployment. A virtual-media node's agent gets
 * its token on the configuration floppy the conductor inserts beside the agent's ISO; an attacker
 * polling `GET /v1/lookup?node_uuid=` and heartbeating with its own callback URL from the moment
 * the deployment is accepted never sees the token, never receives a command, and the simulated
 * agent writes the image. A flood of refused look-ups and heartbeats is answered 429 and does not
 * hold the real agent up.
 */
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import { type AddressInfo } from 'node:net';
import { systemMacs } from '@ironledger/bmc-sim';
import { type Service, startBmcSim } from '../support/processes.js';
import { type RunningSystem, sleep, startSystem } from '../support/system.js';
import { type ImageServer, serveImages } from '../support/image-server.js';

jest.setTimeout(180_000);

type Json = Record<string, unknown>;

const IMAGE = randomBytes(2 * 1024 * 1024 + 5);
const IMAGE_SHA256 = createHash('sha256').update(IMAGE).digest('hex');
const HEADERS = { 'Content-Type': 'application/json', 'X-OpenStack-Ironic-API-Version': 'latest' };
/** A small flood limit, so that the flood test sees 429s quickly. */
const FLOOD_MAX_FAILURES = 20;

let system: RunningSystem;
let sim: Service;
let simUrl: string;
let images: ImageServer | undefined;
let imagesUrl: string;
/** What reached the attacker's own "agent": any command the conductor would send it. */
let attackerServer: http.Server;
let attackerUrl: string;
const attackerRequests: string[] = [];
let nextSystem = 1;

beforeAll(async () => {
  images = await serveImages(IMAGE);
  imagesUrl = images.url;
  attackerServer = http.createServer((request, response) => {
    attackerRequests.push(`${request.method} ${request.url}`);
    response.writeHead(200, { 'Content-Type': 'application/json', Connection: 'close' }).end(JSON.stringify({ commands: [] }));
  });
  await new Promise<void>((resolve) => attackerServer.listen(0, '127.0.0.1', resolve));
  attackerUrl = `http://127.0.0.1:${(attackerServer.address() as AddressInfo).port}/agent`;
  system = await startSystem({ env: { CALLBACK_TIMEOUT_S: '60', AGENT_FLOOD_MAX_FAILURES: String(FLOOD_MAX_FAILURES), AGENT_FLOOD_WINDOW_S: '5' } });
  ({ sim, url: simUrl } = await startBmcSim({ BMC_SIM_SYSTEMS: '6', BMC_SIM_IRONIC_URL: system.baseUrl, BMC_SIM_AGENT_HEARTBEAT_MS: '500', BMC_SIM_AGENT_BOOT_MS: '200', BMC_SIM_AGENT_LOOKUP_INTERVAL_MS: '100' }));
}, 180_000);

afterAll(async () => {
  await sim?.stop();
  await system?.stop();
  await images?.close();
  await new Promise((resolve) => attackerServer?.close(resolve));
});

async function call(method: string, path: string, body?: unknown): Promise<{ status: number; body: Json }> {
  const response = await fetch(`${system.baseUrl}${path}`, { method, headers: HEADERS, ...(body !== undefined && { body: JSON.stringify(body) }) });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as Json) : {} };
}

async function ok(method: string, path: string, body?: unknown): Promise<Json> {
  const answer = await call(method, path, body);
  if (answer.status >= 300) throw new Error(`${method} ${path} answered ${answer.status}: ${JSON.stringify(answer.body)}\n${system.logs().slice(-4000)}`);
  return answer.body;
}

async function until(uuid: string, state: string, timeoutMs = 90_000): Promise<Json> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const node = await ok('GET', `/v1/nodes/${uuid}`);
    if (node.provision_state === state && node.target_provision_state === null) return node;
    if (Date.now() > deadline) throw new Error(`node ${uuid} is ${String(node.provision_state)}, not ${state} (last_error ${String(node.last_error)})\n${system.logs().slice(-6000)}`);
    await sleep(100);
  }
}

/** A Redfish node of the next simulated system booting the agent from virtual media, `available` (no cleaning), with an image to deploy. */
async function availableNode(): Promise<{ uuid: string; n: number }> {
  const n = nextSystem++;
  const created = await ok('POST', '/v1/nodes', {
    driver: 'redfish', name: `token-${n}`, boot_interface: 'redfish-virtual-media', deploy_interface: 'direct', automated_clean: false,
    driver_info: { redfish_address: `${simUrl}/bmc/${n}`, redfish_system_id: `/redfish/v1/Systems/${n}`, redfish_username: 'admin', redfish_password: 'password', deploy_iso: `${imagesUrl}/ipa.iso` },
  });
  const uuid = created.uuid as string;
  await ok('POST', '/v1/ports', { address: systemMacs(n)[0], node_uuid: uuid });
  await ok('PUT', `/v1/nodes/${uuid}/states/provision`, { target: 'manage' });
  await until(uuid, 'manageable');
  await ok('PUT', `/v1/nodes/${uuid}/states/provision`, { target: 'provide' });
  await until(uuid, 'available');
  await ok('PATCH', `/v1/nodes/${uuid}`, [
    { op: 'add', path: '/instance_info/image_source', value: `${imagesUrl}/disk.raw` },
    { op: 'add', path: '/instance_info/image_os_hash_algo', value: 'sha256' },
    { op: 'add', path: '/instance_info/image_os_hash_value', value: IMAGE_SHA256 },
  ]);
  return { uuid, n };
}

/**
 * An attacker on the network: polls the look-up of `uuid` and heartbeats with its own callback URL,
 * with any token the look-up shows (or a guess), as fast as the API answers, until stopped.
 */
function attack(uuid: string) {
  const seen = { lookups: 0, found: 0, tokens: [] as string[], heartbeats: new Map<number, number>() };
  let running = true;
  const loop = (async () => {
    while (running) {
      const lookup = await call('GET', `/v1/lookup?node_uuid=${uuid}`);
      seen.lookups++;
      if (lookup.status === 200) seen.found++;
      const token = (lookup.body.config as Json | undefined)?.agent_token;
      if (typeof token === 'string' && token !== '******') seen.tokens.push(token);
      const beat = await call('POST', `/v1/heartbeat/${uuid}`, { callback_url: attackerUrl, agent_version: '9.9.0', agent_token: seen.tokens.at(-1) ?? 'x'.repeat(43) });
      seen.heartbeats.set(beat.status, (seen.heartbeats.get(beat.status) ?? 0) + 1);
    }
  })();
  return {
    seen,
    stop: async () => {
      running = false;
      await loop;
    },
  };
}

/** Deploys and waits for `active`; resolves with how long it took. */
async function deploy(uuid: string): Promise<number> {
  const started = performance.now();
  await ok('PUT', `/v1/nodes/${uuid}/states/provision`, { target: 'active' });
  await until(uuid, 'active');
  return performance.now() - started;
}

describe('the agent token of a virtual-media boot', () => {
  it('never reaches an attacker racing the real agent from the moment the deployment is accepted; the image lands on the disk', async () => {
    const { uuid, n } = await availableNode();
    attackerRequests.length = 0;
    const attacker = attack(uuid);
    let waiting: Json | null = null;
    try {
      await ok('PUT', `/v1/nodes/${uuid}/states/provision`, { target: 'active' });
      // The node shows that its token was made before the boot, never the token itself.
      for (const deadline = Date.now() + 30_000; !waiting && Date.now() < deadline; ) {
        const shown = await ok('GET', `/v1/nodes/${uuid}`);
        if ((shown.driver_internal_info as Json).agent_secret_token) waiting = shown.driver_internal_info as Json;
        await sleep(20);
      }
      await until(uuid, 'active');
    } finally {
      await attacker.stop();
    }
    expect(waiting).toMatchObject({ agent_secret_token: '******', agent_secret_token_pregenerated: true });
    expect(attacker.seen.tokens).toEqual([]);
    expect(attackerRequests).toEqual([]);
    // It raced: its look-ups found the node while the ramdisk booted and ran (they see only a masked token).
    expect(attacker.seen.found).toBeGreaterThan(5);
    // Its heartbeats were refused (400), and once past the limit answered 429; none was accepted.
    expect(attacker.seen.heartbeats.get(202)).toBeUndefined();
    const disk = (await (await fetch(`${simUrl}/control/bmc/${n}/disk`)).json()) as Json;
    expect(disk.image).toMatchObject({ sha256: IMAGE_SHA256, bytes: IMAGE.length });
    // The real agent took its token from the floppy, and the floppy went with the ramdisk.
    const agent = (await (await fetch(`${simUrl}/control/bmc/${n}/agent`)).json()) as Json;
    expect(agent).toMatchObject({ bootedFrom: 'cd', floppyError: null, floppyUrl: expect.stringMatching(/\/vmedia\/[A-Za-z0-9_-]+\.img$/) });
    expect((await fetch(agent.floppyUrl as string)).status).toBe(404);
    // The token was in the log before the node booted: made by the conductor, marked pregenerated.
    const events = (await ok('GET', `/v1/nodes/${uuid}/events?limit=1000`)).events as { type: string; data: Json }[];
    const issued = events.filter((event) => event.type === 'AgentTokenIssued');
    expect(issued).toHaveLength(1);
    expect(issued[0]!.data).toMatchObject({ pregenerated: true });
    // Before the boot: the outcome of the work that booted the ramdisk (its first step plan) comes after it.
    expect(events.indexOf(issued[0]!)).toBeLessThan(events.findIndex((event) => event.type === 'StepsPlanned'));
  });

  it('answers a flood of refused look-ups and heartbeats with 429s, and the real agent’s deployment still finishes in about the same time', async () => {
    const quiet = await availableNode();
    const calmMs = await deploy(quiet.uuid);

    const { uuid, n } = await availableNode();
    const statuses = new Map<number, number>();
    let flooding = true;
    const flooder = async () => {
      while (flooding) {
        const lookup = await call('GET', `/v1/lookup?node_uuid=${randomUUID()}`);
        const beat = await call('POST', `/v1/heartbeat/${uuid}`, { callback_url: attackerUrl, agent_version: '9.9.0', agent_token: 'y'.repeat(43) });
        for (const status of [lookup.status, beat.status]) statuses.set(status, (statuses.get(status) ?? 0) + 1);
      }
    };
    const flooders = Array.from({ length: 8 }, flooder);
    let floodedMs: number;
    try {
      floodedMs = await deploy(uuid);
    } finally {
      flooding = false;
      await Promise.all(flooders);
    }
    const limited = statuses.get(429) ?? 0;
    console.log(`deploy: ${Math.round(calmMs)} ms without a flood, ${Math.round(floodedMs)} ms under a flood of ${[...statuses.values()].reduce((a, b) => a + b, 0)} requests (${JSON.stringify(Object.fromEntries(statuses))})`);
    expect(limited).toBeGreaterThan(0);
    expect(statuses.get(202)).toBeUndefined();
    expect(statuses.get(200)).toBeUndefined();
    const disk = (await (await fetch(`${simUrl}/control/bmc/${n}/disk`)).json()) as Json;
    expect(disk.image).toMatchObject({ sha256: IMAGE_SHA256 });
    expect(floodedMs).toBeLessThan(calmMs * 3 + 5000);
    // 429s are Ironic's error body, with a Retry-After.
    const answer = await fetch(`${system.baseUrl}/v1/lookup?node_uuid=${randomUUID()}`, { headers: HEADERS });
    expect(answer.status).toBe(429);
    expect(answer.headers.get('retry-after')).toMatch(/^\d+$/);
    const body = (await answer.json()) as { error_message: string };
    expect(JSON.parse(body.error_message)).toMatchObject({ faultcode: 'Client', faultstring: expect.stringContaining('Too many') });
  });
});
