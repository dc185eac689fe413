/**
 * The real ironic-python-agent 9.4.3 deploys images of the kinds Ironic 21.4 hands it, for
 * ironledger's conductor, onto a loop device the test reads: a qcow2 whole-disk image checked
 * against a sha512 (`image_os_hash_algo`/`image_os_hash_value`), converted by IPA's qemu-img;
 * a config drive given as JSON, which the conductor builds into an ISO as Ironic does, and one
 * given as a gzipped, base64 ISO, which IPA writes to a `config-2` partition at the end of the
 * disk; a wrong checksum, which fails the deployment in IPA's words; and a partition image,
 * a root file system holding this machine's GRUB (grub-root.sh), which IPA writes into a root
 * partition of `root_gb` it lays out (with the config drive beside it) and then boots the way
 * the node boots. For BIOS, on an msdos or a GPT disk, IPA runs the image's own grub-install
 * against the disk and its grub-mkconfig, as on a real server. For UEFI it must mount the EFI
 * system partition it made, and this kernel has no vfat: that deployment fails, in IPA's words.
 * The harness is ipa-host.ts; where loop devices or namespaces are missing the suite is skipped, saying why.
 */
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { fileURLToPath } from 'node:url';
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
/** Makes the partition image: a root file system with this machine's GRUB. */
const GRUB_ROOT_SCRIPT = fileURLToPath(new URL('./grub-root.sh', import.meta.url));
/** The messages of GRUB's boot code for BIOS (boot.img), which grub-install writes into the MBR. */
const GRUB_BOOT_MESSAGES = Buffer.from('GRUB \0Geom\0Hard Disk\0Read\0 Error', 'latin1');
/** Whether this kernel mounts FAT file systems, as IPA does with the EFI system partition it makes. */
const VFAT = /\tvfat$/m.test(readFileSync('/proc/filesystems', 'utf8'));

const unavailable = whyIpaCannotRun();
const suite = unavailable ? describe.skip : describe;
if (unavailable) console.warn(`test/ipa skipped: ${unavailable}`);
// The UEFI case pins what this kernel does (IPA cannot mount the EFI system partition); with vfat, IPA would go on.
if (VFAT) console.warn('test/ipa: the UEFI partition-image case is skipped: it expects a kernel without vfat');

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

  describe('a partition image', () => {
    /** A root file system with GRUB for BIOS and the programs IPA runs in its chroot, and its file system's UUID. */
    let image: Buffer;
    let fsUuid: string;

    beforeAll(() => {
      if (unavailable) return;
      fsUuid = execFileSync('bash', [GRUB_ROOT_SCRIPT, `${work}/root.img`], { encoding: 'utf8' }).trim();
      image = readFileSync(`${work}/root.img`);
    });

    /** Rebuilds the node with the image, in the boot mode (and disk label) of `capabilities`; a mark in IPA's log from before. */
    async function deploy(capabilities: Record<string, string>, hostname: string): Promise<number> {
      const mark = host.logMark();
      await useImage(uuid, 'root.raw', image, { image_type: 'partition', root_gb: '1', image_disk_format: 'raw', image_os_hash_algo: 'sha512', image_os_hash_value: sha512(image) });
      await ok('PATCH', `/v1/nodes/${uuid}`, [{ op: 'add', path: '/instance_info/capabilities', value: capabilities }]);
      const { provision_state: state } = await ok('GET', `/v1/nodes/${uuid}`);
      await ok('PUT', `/v1/nodes/${uuid}/states/provision`, { target: state === 'available' ? 'active' : 'rebuild', configdrive: { meta_data: { hostname } } });
      return mark;
    }

    /** The root partition of root_gb, its file system the image's; its start in sectors. */
    function rootPartition(): number {
      const root = partitionTable().find(([, sectors]) => sectors * SECTOR === 1024 * MiB);
      expect(root).toBeDefined();
      expect(blkid(host.read(root![0] * SECTOR, image.length), 'UUID')).toBe(fsUuid);
      return root![0];
    }

    /** A file of the root file system on the disk, read with debugfs. */
    function rootFile(start: number, path: string): Buffer {
      writeFileSync(`${work}/root-fs.img`, host.read(start * SECTOR, image.length));
      rmSync(`${work}/root-file`, { force: true });
      execFileSync('debugfs', ['-R', `dump ${path} ${work}/root-file`, `${work}/root-fs.img`], { stdio: 'ignore' });
      return readFileSync(`${work}/root-file`);
    }

    /** What proves grub-install ran for BIOS against the test's disk: GRUB's boot code in the MBR, its core image at `coreOffset`, grub.cfg on the root. */
    function expectGrubForBios(root: number, coreOffset: number, log: string): void {
      expect(host.read(0, 440).includes(GRUB_BOOT_MESSAGES)).toBe(true);
      expect(host.read(510, 2)).toEqual(Buffer.from([0x55, 0xaa]));
      // grub-install keeps the core image it embeds in /boot/grub/i386-pc; it patches the embedded
      // copy's first two sectors (where its own sectors are, the partition to read), not the rest.
      const core = rootFile(root, '/boot/grub/i386-pc/core.img');
      expect(core.length).toBeGreaterThan(10_000);
      expect(host.read(coreOffset + 2 * SECTOR, core.length - 2 * SECTOR).equals(core.subarray(2 * SECTOR))).toBe(true);
      const config = rootFile(root, '/boot/grub/grub.cfg').toString();
      expect(config).toMatch(/^# It is automatically generated by grub-mkconfig/m);
      expect(config).toContain('### BEGIN /etc/grub.d/10_linux ###');
      // IPA gave grub-install the loop device, the only disk in its /dev.
      expect(log).toContain(`GRUB2 will be installed on disks ['${host.disk}']`);
      expect(log).toContain(`GRUB2 successfully installed on ${host.disk}`);
    }

    it('for BIOS: IPA lays out an msdos disk and runs the image’s grub-install against it, which writes the MBR and embeds GRUB after it', async () => {
      const mark = await deploy({ boot_mode: 'bios' }, 'bios-1');
      await until(uuid, 'active');

      expect(blkid(host.read(0, MiB), 'PTTYPE')).toBe('dos');
      const root = rootPartition();
      expect(configDrives()).toEqual([{ hostname: 'bios-1', uuid, name: 'ipa-images' }]);
      // msdos: the core image goes into the gap between the MBR and the first partition.
      expect(Math.min(...partitionTable().map(([start]) => start))).toBeGreaterThanOrEqual(MiB / SECTOR);
      expectGrubForBios(root, SECTOR, host.logsSince(mark));
    });

    it('for BIOS on a GPT disk (the disk_label capability): IPA adds a BIOS boot partition, where grub-install embeds GRUB', async () => {
      const mark = await deploy({ boot_mode: 'bios', disk_label: 'gpt' }, 'bios-2');
      await until(uuid, 'active');

      expect(host.read(SECTOR, 8)).toEqual(GPT_SIGNATURE);
      const root = rootPartition();
      expect(configDrives()).toEqual([{ hostname: 'bios-2', uuid, name: 'ipa-images' }]);
      // IPA's BIOS boot partition: 1 MiB, GPT type "BIOS boot" (21686148-6449-6E6F-744E-656564454649).
      const biosBoot = execFileSync('sgdisk', ['--print', host.disk], { encoding: 'utf8' }).match(/^\s*(\d+)\s+(\d+)\s+\d+\s+1024\.0 KiB\s+EF02\s/m);
      expect(biosBoot).not.toBeNull();
      expectGrubForBios(root, Number(biosBoot![2]) * SECTOR, host.logsSince(mark));
    });

    (VFAT ? it.skip : it)('for UEFI: IPA makes an EFI system partition of 200 MiB beside the root and fails at mounting it, since this kernel has no vfat', async () => {
      const mark = await deploy({ boot_mode: 'uefi' }, 'part-1');
      const node = await until(uuid, 'deploy failed');
      const log = host.logsSince(mark);

      expect(host.read(SECTOR, 8)).toEqual(GPT_SIGNATURE);
      rootPartition();
      const esp = partitionTable().filter(([, sectors]) => sectors * SECTOR === 200 * MiB);
      expect(esp).toHaveLength(1);
      expect(blkid(host.read(esp[0]![0] * SECTOR, MiB), 'TYPE')).toBe('vfat');
      expect(configDrives()).toEqual([{ hostname: 'part-1', uuid, name: 'ipa-images' }]);
      // This "ramdisk" booted without UEFI (no /sys/firmware/efi): IPA leaves the UEFI boot entries alone.
      expect(log).toContain('Boot mode mismatch: target boot mode is uefi, current boot mode is bios');
      // IPA mounted the root (found by its UUID) for its chroot, then the EFI system partition in it, which fails here.
      expect(log).toMatch(new RegExp(`Command: mount ${host.disk}p1 /tmp/\\w+/boot/efi\\n`));
      expect(log).toMatch(/mount: \/tmp\/\w+\/boot\/efi: unknown filesystem type 'vfat'/);
      // IPA 9.4.3 looks for "already mounted" in the exception itself, not in its text: what it reports is that TypeError.
      expect(node.last_error).toBe(`Failed to install a bootloader when deploying node ${uuid}: argument of type 'ProcessExecutionError' is not iterable`);
    });
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

/** The meta_data.json of every config drive on the disk: each partition that starts with an ISO 9660 file system. */
function configDrives(): unknown[] {
  return partitionTable().map(([start]) => host.read(start * SECTOR, MiB)).filter((bytes) => bytes.subarray(32769, 32774).toString('latin1') === 'CD001')
    .map((drive) => JSON.parse(isoinfo(drive, '-J', '-x', '/openstack/latest/meta_data.json')) as unknown);
}

/** One value blkid reads from `bytes` (the start of a disk or a partition), e.g. TYPE, UUID, PTTYPE. */
function blkid(bytes: Buffer, tag: string): string {
  writeFileSync(`${work}/probe.img`, bytes);
  return execFileSync('blkid', ['-p', '-o', 'value', '-s', tag, `${work}/probe.img`], { encoding: 'utf8' }).trim();
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
