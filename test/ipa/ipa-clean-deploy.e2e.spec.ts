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
import { createHash } from 'node:crypto';
import { systemMacs } from '@ironledger/bmc-sim';
import { followBoots, type IpaHost, whyIpaCannotRun } from './ipa-host.js';
import { gptImage, IMAGE_PARTITION as PARTITION, IpaStack } from './ipa-stack.js';

jest.setTimeout(300_000);

const MiB = 1024 * 1024;
const IMAGE = gptImage(5 * MiB);
const IMAGE_SHA256 = createHash('sha256').update(IMAGE).digest('hex');
/** A GPT's header signature ("EFI PART", at LBA 1), which erase_devices_metadata must remove. */
const GPT_SIGNATURE = Buffer.from('EFI PART');

const unavailable = whyIpaCannotRun();
const suite = unavailable ? describe.skip : describe;
if (unavailable) console.warn(`test/ipa skipped: ${unavailable}`);

let stack: IpaStack;
let host: IpaHost;
let simUrl: string;
let imagesUrl: string;
let follower: ReturnType<typeof followBoots>;

beforeAll(async () => {
  if (unavailable) return;
  stack = await IpaStack.start({ files: new Map([['/disk.raw', IMAGE]]) });
  ({ host, simUrl, filesUrl: imagesUrl } = stack);
  follower = followBoots(simUrl, 1, host, stack.apiUrl);
}, 180_000);

afterAll(async () => {
  await follower?.stop();
  await stack?.stop();
});

const ok = (method: string, path: string, body?: unknown) => stack.ok(method, path, body);
const until = (uuid: string, state: string, timeoutMs?: number) => stack.until(uuid, state, timeoutMs);

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
