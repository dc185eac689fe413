/**
 * The real ironic-python-agent 9.4.3 (Ironic 21.4's own) cleans and deploys a node of the
 * simulator for ironledger's conductor: the simulated BMC boots it from virtual media with the
 * conductor's configuration floppy, IPA looks the node up by its NIC's MAC, takes its token from
 * the floppy, heartbeats, and runs the clean and deploy steps the conductor sends on a loop
 * device, which the test reads. IPA runs confined (see ipa-host.ts); where loop devices or
 * namespaces are missing the suite is skipped, saying why.
 */
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { systemMacs } from '@ironledger/bmc-sim';
import { type Service, startBmcSim } from '../support/processes.js';
import { type RunningSystem, sleep, startSystem } from '../support/system.js';
import { followBoots, IpaHost, whyIpaCannotRun } from './ipa-host.js';

jest.setTimeout(300_000);

type Json = Record<string, unknown>;
const HEADERS = { 'Content-Type': 'application/json', 'X-OpenStack-Ironic-API-Version': 'latest' };
const MiB = 1024 * 1024;
/**
 * A whole-disk image: a GPT with one partition of random bytes, so that no byte of it is where it
 * is by chance (IPA refuses an image without a partition table, and then moves the GPT's backup
 * header to the end of the disk, so only the partition's bytes are compared).
 */
const IMAGE = gptImage(5 * MiB);
const IMAGE_SHA256 = createHash('sha256').update(IMAGE).digest('hex');
const PARTITION = { offset: MiB, length: 3 * MiB };
/** A GPT's header signature ("EFI PART", at LBA 1), which erase_devices_metadata must remove. */
const GPT_SIGNATURE = Buffer.from('EFI PART');

const unavailable = whyIpaCannotRun();
const suite = unavailable ? describe.skip : describe;
if (unavailable) console.warn(`test/ipa skipped: ${unavailable}`);

let system: RunningSystem;
let sim: Service;
let simUrl: string;
let images: http.Server;
let imagesUrl: string;
let host: IpaHost;
let follower: ReturnType<typeof followBoots>;

beforeAll(async () => {
  if (unavailable) return;
  host = IpaHost.create({ mac: systemMacs(1)[0]! });
  images = http.createServer((request, response) => {
    if (request.url === '/disk.raw') return void response.writeHead(200, { 'Content-Type': 'application/octet-stream', Connection: 'close' }).end(IMAGE);
    if (request.url?.endsWith('.iso')) return void response.writeHead(200, { Connection: 'close' }).end('the ramdisk is the real agent the test runs');
    response.writeHead(404, { Connection: 'close' }).end();
  });
  await new Promise<void>((resolve) => images.listen(0, '0.0.0.0', resolve));
  imagesUrl = `http://${host.hostAddress}:${(images.address() as AddressInfo).port}`;
  system = await startSystem({ gatewayHost: '0.0.0.0', env: { CALLBACK_TIMEOUT_S: '60' } });
  ({ sim, url: simUrl } = await startBmcSim({ BMC_SIM_SYSTEMS: '1', BMC_SIM_IRONIC_URL: system.baseUrl }));
  await fetch(`${simUrl}/control/bmc/1/agent`, { method: 'PUT', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ external: true }) });
  const apiUrl = system.baseUrl.replace('127.0.0.1', host.hostAddress);
  follower = followBoots(simUrl, 1, host, apiUrl);
}, 180_000);

afterAll(async () => {
  await follower?.stop();
  host?.destroy();
  await sim?.stop();
  await system?.stop();
  await new Promise((resolve) => (images ? images.close(resolve) : resolve(undefined)));
});

async function ok(method: string, path: string, body?: unknown): Promise<Json> {
  const response = await fetch(`${system.baseUrl}${path}`, { method, headers: HEADERS, ...(body !== undefined && { body: JSON.stringify(body) }) });
  const text = await response.text();
  if (response.status >= 300) throw new Error(`${method} ${path} answered ${response.status}: ${text}`);
  return text ? (JSON.parse(text) as Json) : {};
}

async function until(uuid: string, state: string, timeoutMs = 180_000): Promise<Json> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const node = await ok('GET', `/v1/nodes/${uuid}`);
    if (node.provision_state === state && node.target_provision_state === null) return node;
    const failed = typeof node.provision_state === 'string' && node.provision_state.endsWith('failed');
    if (failed || Date.now() > deadline) {
      throw new Error(`node is ${String(node.provision_state)}, not ${state} (last_error ${String(node.last_error)})\n--- IPA\n${host.logs(8000)}\n${system.logs().slice(-3000)}`);
    }
    await sleep(250);
  }
}

suite('the real ironic-python-agent', () => {
  let uuid: string;

  it('cleans the node: erase_devices_metadata removes the partition table it finds on the disk', async () => {
    const created = await ok('POST', '/v1/nodes', {
      driver: 'redfish', name: 'ipa-1', boot_interface: 'redfish-virtual-media', deploy_interface: 'direct',
      driver_info: { redfish_address: `${simUrl}/bmc/1`, redfish_system_id: '/redfish/v1/Systems/1', redfish_username: 'admin', redfish_password: 'password', deploy_iso: `${imagesUrl}/ipa.iso` },
    });
    uuid = created.uuid as string;
    await ok('POST', '/v1/ports', { address: systemMacs(1)[0], node_uuid: uuid });
    await ok('PUT', `/v1/nodes/${uuid}/states/provision`, { target: 'manage' });
    await until(uuid, 'manageable');
    execSgdisk(host.disk);
    expect(host.read(512, 8)).toEqual(GPT_SIGNATURE);

    await ok('PUT', `/v1/nodes/${uuid}/states/provision`, { target: 'provide' });
    await until(uuid, 'available');

    expect(host.read(512, 8)).not.toEqual(GPT_SIGNATURE);
    expect(host.read(0, MiB).every((byte) => byte === 0)).toBe(true);
    expect(host.logs(1_000_000)).toMatch(/erase_devices_metadata/);
    expect(follower.boots.length).toBeGreaterThanOrEqual(1);
  });

  it('deploys a whole-disk raw image from an HTTP server, checked against its sha256, onto the disk', async () => {
    await ok('PATCH', `/v1/nodes/${uuid}`, [
      { op: 'add', path: '/instance_info/image_source', value: `${imagesUrl}/disk.raw` },
      { op: 'add', path: '/instance_info/image_os_hash_algo', value: 'sha256' },
      { op: 'add', path: '/instance_info/image_os_hash_value', value: IMAGE_SHA256 },
    ]);
    await ok('PUT', `/v1/nodes/${uuid}/states/provision`, { target: 'active' });
    await until(uuid, 'active');

    expect(host.read(512, 8)).toEqual(GPT_SIGNATURE);
    expect(host.read(PARTITION.offset, PARTITION.length).equals(IMAGE.subarray(PARTITION.offset, PARTITION.offset + PARTITION.length))).toBe(true);
  });
});

/** A GPT on the disk, as an operating system left it. */
function execSgdisk(disk: string): void {
  execFileSync('sgdisk', ['--new=1:2048:+1M', disk], { stdio: 'ignore' });
}

function gptImage(bytes: number): Buffer {
  const dir = mkdtempSync(`${tmpdir()}/ipa-image-`);
  try {
    writeFileSync(`${dir}/disk.raw`, randomBytes(bytes));
    execFileSync('sgdisk', ['--new=1:2048:+3M', `${dir}/disk.raw`], { stdio: 'ignore' });
    return readFileSync(`${dir}/disk.raw`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
