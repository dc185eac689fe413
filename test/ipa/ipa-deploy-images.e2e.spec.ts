/**
 * The real ironic-python-agent 9.4.3 deploys images of the kinds Ironic 21.4 hands it, for
 * ironledger's conductor, onto a loop device the test reads: a qcow2 whole-disk image checked
 * against a sha512 (`image_os_hash_algo`/`image_os_hash_value`), converted by IPA's qemu-img;
 * a config drive given as JSON, which the conductor builds into an ISO as Ironic does, and one
 * given as a gzipped, base64 ISO, which IPA writes to a `config-2` partition at the end of the
 * disk; a wrong checksum, which fails the deployment in IPA's words; and a partition image,
 * which IPA writes into a root partition of `root_gb` it lays out (with the config drive beside
 * it) before its boot loader installation fails on the test's image, which holds no system. The
 * harness is ipa-host.ts; where loop devices or namespaces are missing the suite is skipped, saying why.
 */
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { gzipSync } from 'node:zlib';
import { systemMacs } from '@ironledger/bmc-sim';
import { followBoots, type IpaHost, whyIpaCannotRun } from './ipa-host.js';
import { gptImage, IMAGE_PARTITION as PARTITION, IpaStack } from './ipa-stack.js';

jest.setTimeout(300_000);

const MiB = 1024 * 1024;
const SECTOR = 512;
/** Room for the image, the 64 MiB config drive partition IPA adds at the end, and a 1 GiB root partition. */
const DISK_BYTES = 1280 * MiB;
/** The GPT header's signature, at LBA 1. */
const GPT_SIGNATURE = Buffer.from('EFI PART');

const unavailable = whyIpaCannotRun();
const suite = unavailable ? describe.skip : describe;
if (unavailable) console.warn(`test/ipa skipped: ${unavailable}`);

let stack: IpaStack;
let host: IpaHost;
let simUrl: string;
let imagesUrl: string;
let follower: ReturnType<typeof followBoots>;
let work: string;
const served = new Map<string, Buffer>();

beforeAll(async () => {
  if (unavailable) return;
  work = mkdtempSync(`${tmpdir()}/ipa-images-`);
  stack = await IpaStack.start({ diskBytes: DISK_BYTES, files: served });
  ({ host, simUrl, filesUrl: imagesUrl } = stack);
  // IPA retries a download whose checksum fails (9 times, 10 s apart, by default): once, at once, here.
  const retries = ['--image_download_connection_retries', '1', '--image_download_connection_retry_interval', '0'];
  follower = followBoots(simUrl, 1, host, stack.apiUrl, retries);
}, 180_000);

afterAll(async () => {
  await follower?.stop();
  await stack?.stop();
  if (work) rmSync(work, { recursive: true, force: true });
});

const ok = (method: string, path: string, body?: unknown) => stack.ok(method, path, body);
const until = (uuid: string, state: string) => stack.until(uuid, state);

/** Points the node at an image the test serves, with its checksum as instance_info fields. */
async function useImage(uuid: string, name: string, image: Buffer, fields: Record<string, string>): Promise<void> {
  served.set(`/${name}`, image);
  await ok('PATCH', `/v1/nodes/${uuid}`, [
    { op: 'add', path: '/instance_info/image_source', value: `${imagesUrl}/${name}` },
    ...Object.entries(fields).map(([field, value]) => ({ op: 'add', path: `/instance_info/${field}`, value })),
  ]);
}

const sha512 = (data: Buffer) => createHash('sha512').update(data).digest('hex');

suite('the real ironic-python-agent deploys images', () => {
  let uuid: string;
  let raw: Buffer;

  beforeAll(async () => {
    if (unavailable) return;
    raw = gptImage(6 * MiB);
    const created = await ok('POST', '/v1/nodes', {
      driver: 'redfish', name: 'ipa-images', boot_interface: 'redfish-virtual-media', deploy_interface: 'direct', automated_clean: false,
      driver_info: { redfish_address: `${simUrl}/bmc/1`, redfish_system_id: '/redfish/v1/Systems/1', redfish_username: 'admin', redfish_password: 'password', deploy_iso: `${imagesUrl}/ipa.iso` },
    });
    uuid = created.uuid as string;
    await ok('POST', '/v1/ports', { address: systemMacs(1)[0], node_uuid: uuid });
    await ok('PUT', `/v1/nodes/${uuid}/states/provision`, { target: 'manage' });
    await until(uuid, 'manageable');
    await ok('PUT', `/v1/nodes/${uuid}/states/provision`, { target: 'provide' });
    await until(uuid, 'available');
  });

  it('writes a qcow2 whole-disk image served over HTTP, checked against its sha512, converted to the disk', async () => {
    const qcow2 = toQcow2(raw);
    expect(qcow2.subarray(0, 4).toString('latin1')).toBe('QFI\xfb');
    await useImage(uuid, 'disk.qcow2', qcow2, { image_os_hash_algo: 'sha512', image_os_hash_value: sha512(qcow2) });
    await ok('PUT', `/v1/nodes/${uuid}/states/provision`, { target: 'active' });
    await until(uuid, 'active');

    expect(host.read(SECTOR, 8)).toEqual(GPT_SIGNATURE);
    expect(host.read(PARTITION.offset, PARTITION.length).equals(raw.subarray(PARTITION.offset, PARTITION.offset + PARTITION.length))).toBe(true);
    // IPA found a qcow2 (not raw) and converted it, verifying the sha512 it was given.
    expect(host.logs(1_000_000)).toMatch(/qemu-img convert .*-f qcow2/);
    expect(host.logs(1_000_000)).not.toMatch(/Image failed to verify/);
  });

  it('writes a config drive given as JSON, which the conductor builds into an ISO, to a config-2 partition at the end of the disk', async () => {
    await useImage(uuid, 'disk.raw', raw, { image_disk_format: 'raw', image_os_hash_algo: 'sha512', image_os_hash_value: sha512(raw) });
    await ok('PUT', `/v1/nodes/${uuid}/states/provision`, {
      target: 'rebuild', configdrive: { meta_data: { hostname: 'web-1', public_keys: { ops: 'ssh-ed25519 AAAA ops' } }, user_data: '#cloud-config\nruncmd: [true]\n' },
    });
    await until(uuid, 'active');

    const drive = configDrivePartition();
    expect(isoinfo(drive, '-d')).toMatch(/Volume id: config-2/);
    for (const version of ['latest', '2012-08-10']) {
      expect(JSON.parse(isoinfo(drive, '-J', '-x', `/openstack/${version}/meta_data.json`))).toEqual({
        hostname: 'web-1', public_keys: { ops: 'ssh-ed25519 AAAA ops' }, uuid, name: 'ipa-images',
      });
      expect(isoinfo(drive, '-J', '-x', `/openstack/${version}/user_data`)).toBe('#cloud-config\nruncmd: [true]\n');
    }
    expect(host.read(PARTITION.offset, PARTITION.length).equals(raw.subarray(PARTITION.offset, PARTITION.offset + PARTITION.length))).toBe(true);
  });

  it('writes a config drive given as a gzipped, base64 ISO as it is', async () => {
    const iso = genisoimage({ 'openstack/latest/meta_data.json': '{"uuid": "given", "hostname": "iso-1"}', 'openstack/latest/user_data': 'from an ISO\n' });
    await ok('PUT', `/v1/nodes/${uuid}/states/provision`, { target: 'rebuild', configdrive: gzipSync(iso).toString('base64') });
    await until(uuid, 'active');

    const drive = configDrivePartition();
    expect(drive.subarray(0, iso.length).equals(iso)).toBe(true);
    expect(JSON.parse(isoinfo(drive, '-J', '-x', '/openstack/latest/meta_data.json'))).toEqual({ uuid: 'given', hostname: 'iso-1' });
    expect(isoinfo(drive, '-J', '-x', '/openstack/latest/user_data')).toBe('from an ISO\n');
  });

  it('fails the deployment on a wrong checksum, in IPA’s own words', async () => {
    const other = gptImage(6 * MiB);
    const wrong = sha512(raw);
    await useImage(uuid, 'other.raw', other, { image_disk_format: 'raw', image_os_hash_algo: 'sha512', image_os_hash_value: wrong });
    await ok('PUT', `/v1/nodes/${uuid}/states/provision`, { target: 'rebuild' });
    const node = await until(uuid, 'deploy failed').catch((error: Error) => {
      throw new Error(`${error.message}\n--- IPA boots\n${follower.boots.join('\n')}\n--- IPA's log from its start\n${host.logs(1_000_000).slice(0, 6000)}`);
    });

    expect(node.last_error).toEqual(expect.stringContaining(`Deploy step deploy.write_image failed on node ${uuid}. Image failed to verify against checksum.`));
    // IPA 9.4.3 swaps the location and the image ID in this message.
    expect(node.last_error).toEqual(expect.stringContaining(`location: other.raw; image ID: ${host.disk}; image checksum: ${wrong}; verification checksum: ${sha512(other)}`));
    expect(host.logs(1_000_000)).toMatch(/Image download failed, 0 of 1: Error verifying image checksum/);
  });

  it('writes a partition image into a root partition of root_gb and a config drive beside it, as IPA lays the disk out; GRUB then finds no system to install into', async () => {
    const root = randomBytes(2 * MiB);
    await useImage(uuid, 'root.raw', root, { image_type: 'partition', root_gb: '1', image_disk_format: 'raw', image_os_hash_algo: 'sha512', image_os_hash_value: sha512(root) });
    await ok('PUT', `/v1/nodes/${uuid}/states/provision`, { target: 'rebuild', configdrive: { meta_data: { hostname: 'part-1' } } });
    const node = await until(uuid, 'deploy failed');

    const partitions = partitionTable();
    const rootPartition = partitions.find(([, sectors]) => sectors * SECTOR === 1024 * MiB);
    expect(rootPartition).toBeDefined();
    expect(host.read(rootPartition![0] * SECTOR, root.length).equals(root)).toBe(true);
    // The node deploys in UEFI (the default boot mode), which IPA reads from driver_internal_info: an EFI system partition of 200 MiB.
    expect(partitions.filter(([, sectors]) => sectors * SECTOR === 200 * MiB)).toHaveLength(1);
    const drives = partitions.map(([start]) => host.read(start * SECTOR, MiB)).filter((bytes) => bytes.subarray(32769, 32774).toString('latin1') === 'CD001');
    expect(drives).toHaveLength(1);
    expect(JSON.parse(isoinfo(drives[0]!, '-J', '-x', '/openstack/latest/meta_data.json'))).toEqual({ hostname: 'part-1', uuid, name: 'ipa-images' });
    // The image is random bytes, not a system: IPA's boot loader installation fails, and Ironic's words carry IPA's.
    expect(node.last_error).toEqual(expect.stringMatching(new RegExp(`^Failed to install a bootloader when deploying node ${uuid}: Installing GRUB2 boot loader to device ${host.disk} failed`)));
  });
});

/** The disk's partitions as the kernel's tools read its table: start and size in sectors. */
function partitionTable(): [number, number][] {
  return execFileSync('partx', ['--show', '--noheadings', '--output', 'START,SECTORS', host.disk], { encoding: 'utf8' })
    .trim().split('\n').map((line) => line.trim().split(/\s+/).map(Number) as [number, number]);
}

/** The partition IPA added for the config drive, read from the disk: the last of its GPT, 64 MiB at the disk's end. */
function configDrivePartition(): Buffer {
  expect(host.read(SECTOR, 8)).toEqual(GPT_SIGNATURE);
  const partitions = partitionTable();
  expect(partitions.length).toBeGreaterThanOrEqual(2);
  const [start, sectors] = partitions.at(-1)!;
  // sgdisk's `-64MB` from the end, aligned.
  expect(sectors * SECTOR).toBeGreaterThanOrEqual(64 * MiB);
  expect(sectors * SECTOR).toBeLessThan(66 * MiB);
  expect((start + sectors) * SECTOR).toBeGreaterThan(DISK_BYTES - MiB);
  return host.read(start * SECTOR, 4 * MiB);
}

function isoinfo(image: Buffer, ...args: string[]): string {
  const file = `${work}/drive.iso`;
  writeFileSync(file, image);
  return execFileSync('isoinfo', ['-i', file, ...args], { encoding: 'utf8' });
}

/** A config drive ISO made as Ironic's clients make one (openstacksdk's `configdrive.pack`). */
function genisoimage(files: Record<string, string>): Buffer {
  const dir = `${work}/iso-src`;
  rmSync(dir, { recursive: true, force: true });
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(`${dir}/${path.split('/').slice(0, -1).join('/')}`, { recursive: true });
    writeFileSync(`${dir}/${path}`, content);
  }
  execFileSync('genisoimage', ['-o', `${work}/given.iso`, '-ldots', '-allow-lowercase', '-allow-multidot', '-l', '-quiet', '-J', '-r', '-V', 'config-2', dir], { stdio: 'ignore' });
  return readFileSync(`${work}/given.iso`);
}

function toQcow2(image: Buffer): Buffer {
  writeFileSync(`${work}/disk.raw`, image);
  execFileSync('qemu-img', ['convert', '-f', 'raw', '-O', 'qcow2', `${work}/disk.raw`, `${work}/disk.qcow2`], { stdio: 'ignore' });
  return readFileSync(`${work}/disk.qcow2`);
}
