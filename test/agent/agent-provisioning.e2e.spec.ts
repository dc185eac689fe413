/**
 * Deploy, clean and rescue that do real work, driven by the real `baremetal` CLI: Redfish nodes
 * of the BMC simulator with `direct` deploy, booted by virtual media into simulated
 * ironic-python-agent ramdisks, which look their nodes up through the gateway, heartbeat, and
 * carry out the conductor's commands on the systems' simulated disks. The images come from an
 * HTTP server of this test; what was written is read back from the simulator's disks.
 */
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { spawn, spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { systemMacs } from '@ironledger/bmc-sim';
import { type Service, startBmcSim } from '../support/processes.js';
import { type RunningSystem, sleep, startSystem } from '../support/system.js';
import { type ImageServer, serveImages } from '../support/image-server.js';

jest.setTimeout(180_000);

type Json = Record<string, unknown>;

/** Callbacks time out quickly here, so that a ramdisk that never comes back fails its node within the test. */
const CALLBACK_TIMEOUT_S = 12;
const IMAGE = randomBytes(3 * 1024 * 1024 + 17);
const IMAGE_SHA256 = createHash('sha256').update(IMAGE).digest('hex');

let system: RunningSystem;
let sim: Service;
let simUrl: string;
let images: ImageServer | undefined;
let imagesUrl: string;
let nextSystem = 1;

beforeAll(async () => {
  const which = spawnSync('sh', ['-c', 'command -v baremetal'], { encoding: 'utf8' });
  if (which.status !== 0) throw new Error('the `baremetal` CLI is missing: run `bash scripts/install-ironic-client.sh` (as root) first');
  images = await serveImages(IMAGE);
  imagesUrl = images.url;
  system = await startSystem({ env: { CALLBACK_TIMEOUT_S: String(CALLBACK_TIMEOUT_S), COMMAND_TIMEOUT_MS: '30000' } });
  ({ sim, url: simUrl } = await startBmcSim({ BMC_SIM_SYSTEMS: '20', BMC_SIM_IRONIC_URL: system.baseUrl, BMC_SIM_AGENT_HEARTBEAT_MS: '1000', BMC_SIM_AGENT_BOOT_MS: '200' }));
}, 180_000);

afterAll(async () => {
  await sim?.stop();
  await system?.stop();
  await images?.close();
});

/** Runs `baremetal ARGS` against the gateway; resolves with its exit code and output. */
async function baremetal(...args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) if (!key.startsWith('OS_')) env[key] = value;
  const child = spawn('baremetal', args, { env: { ...env, OS_AUTH_TYPE: 'none', OS_ENDPOINT: system.baseUrl, PYTHONWARNINGS: 'ignore' }, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('close', resolve));
  return { code, stdout, stderr };
}

/** `baremetal ARGS`, which must succeed; its standard output. */
async function ok(...args: string[]): Promise<string> {
  const run = await baremetal(...args);
  if (run.code !== 0) throw new Error(`baremetal ${args.join(' ')} exited ${run.code}:\n${run.stderr}\n${run.stdout}\n${system.logs().slice(-6000)}`);
  return run.stdout;
}

async function api(path: string): Promise<Json> {
  return (await (await fetch(`${system.baseUrl}${path}`, { headers: { 'X-OpenStack-Ironic-API-Version': 'latest' } })).json()) as Json;
}

async function control(path: string, body?: Json): Promise<Json> {
  const response = await fetch(`${simUrl}/control${path}`, body ? { method: 'PUT', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) } : {});
  return (await response.json()) as Json;
}

/** How the agent's ramdisk boots: from the BMC's virtual CD (the default here), or over the network. */
const VIRTUAL_MEDIA = ['--boot-interface', 'redfish-virtual-media', '--driver-info', `deploy_iso=IMAGES/ipa.iso`, '--driver-info', `rescue_iso=IMAGES/ipa-rescue.iso`];
const PXE = ['--boot-interface', 'pxe', '--driver-info', 'deploy_kernel=IMAGES/ipa.kernel', '--driver-info', 'deploy_ramdisk=IMAGES/ipa.initramfs'];

/** A Redfish node of the next simulated system, deployed by the agent (or by `deploy`), with a port for its PXE NIC, manageable. */
async function enroll(boot: readonly string[] = VIRTUAL_MEDIA, deploy = 'direct'): Promise<{ uuid: string; n: number }> {
  const n = nextSystem++;
  const uuid = (
    await ok(
      'node', 'create', '--driver', 'redfish', '--name', `agent-${n}`, '--deploy-interface', deploy, '--rescue-interface', 'agent',
      '--driver-info', `redfish_address=${simUrl}/bmc/${n}`, '--driver-info', `redfish_system_id=/redfish/v1/Systems/${n}`,
      '--driver-info', 'redfish_username=admin', '--driver-info', 'redfish_password=password',
      ...boot.map((arg) => arg.replace('IMAGES', imagesUrl)),
      '-f', 'value', '-c', 'uuid',
    )
  ).trim();
  await ok('port', 'create', systemMacs(n)[0], '--node', uuid);
  await ok('node', 'manage', uuid, '--wait', '60');
  return { uuid, n };
}

/** Sets the image the next deployment writes. */
async function setImage(uuid: string, hash = IMAGE_SHA256): Promise<void> {
  await ok('node', 'set', uuid, '--instance-info', `image_source=${imagesUrl}/disk.raw`, '--instance-info', 'image_os_hash_algo=sha256', '--instance-info', `image_os_hash_value=${hash}`);
}

async function node(uuid: string): Promise<Json> {
  return api(`/v1/nodes/${uuid}`);
}

/** Until the node is in `state` (and, for a stable state, has no target left). */
async function until(uuid: string, state: string, timeoutMs = 90_000, settled = true): Promise<Json> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = await node(uuid);
    if (found.provision_state === state && (!settled || found.target_provision_state === null)) return found;
    if (Date.now() > deadline) throw new Error(`node ${uuid} is ${String(found.provision_state)}, not ${state} (last_error ${String(found.last_error)})\n${system.logs().slice(-6000)}`);
    await sleep(200);
  }
}

/** Until no conductor holds the node any more (a tear-down ended). */
async function released(uuid: string): Promise<Json> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const found = await node(uuid);
    if (found.reservation === null) return found;
    if (Date.now() > deadline) throw new Error(`node ${uuid} is still held by ${String(found.reservation)}\n${system.logs().slice(-6000)}`);
    await sleep(200);
  }
}

/** What the node's history says happened to its steps, e.g. `clean started deploy.erase_devices_metadata`. */
async function stepHistory(uuid: string): Promise<string[]> {
  const events = (await api(`/v1/nodes/${uuid}/events?limit=1000`)).events as { type: string; data: { kind: string; step: { interface: string; step: string } } }[];
  return events.filter((e) => e.type === 'StepStarted' || e.type === 'StepFinished').map((e) => `${e.data.kind} ${e.type === 'StepStarted' ? 'started' : 'finished'} ${e.data.step.interface}.${e.data.step.step}`);
}

describe('the agent through the baremetal CLI', () => {
  let uuid: string;
  let n: number;

  it('provide runs automated cleaning through the agent: erase_devices_metadata, then the host is off', async () => {
    ({ uuid, n } = await enroll());
    await control(`/bmc/${n}/disk`);
    await ok('node', 'provide', uuid, '--wait', '90');
    const provided = await until(uuid, 'available');
    expect(provided).toMatchObject({ power_state: 'power off', last_error: null, clean_step: {} });
    expect(await control(`/bmc/${n}/disk`)).toMatchObject({ metadataErased: true });
    expect(await stepHistory(uuid)).toEqual(['clean started deploy.erase_devices_metadata', 'clean finished deploy.erase_devices_metadata']);
    // The ramdisk was booted from the agent ISO and its token is gone with it.
    expect((provided.driver_internal_info as Json).agent_secret_token).toBeUndefined();
  });

  it('deploy --config-drive writes the image, checks its checksum, boots the instance, and records every step', async () => {
    await setImage(uuid);
    await ok('node', 'deploy', uuid, '--config-drive', JSON.stringify({ meta_data: { hostname: `agent-${n}` } }), '--wait', '90');
    const active = await until(uuid, 'active');
    expect(active).toMatchObject({ power_state: 'power on', last_error: null, deploy_step: {} });
    const disk = await control(`/bmc/${n}/disk`);
    expect(disk.image).toMatchObject({ sha256: IMAGE_SHA256, bytes: IMAGE.length });
    // A whole disk brings its boot loader; booting it in UEFI mode (the default), the agent registers it.
    expect((disk.image as Json).bootloader).toMatchObject({ root_uuid: expect.stringMatching(/^0x/), efi_system_part_uuid: null, target_boot_mode: 'uefi' });
    // The conductor built the JSON into the gzipped, base64 ISO the agent takes.
    expect((disk.image as Json).configdrive).toMatchObject({ source: 'inline', bytes: expect.any(Number) });
    const system = (await (await fetch(`${simUrl}/bmc/${n}/redfish/v1/Systems/${n}`, { headers: { Authorization: `Basic ${Buffer.from('admin:password').toString('base64')}` } })).json()) as Json;
    expect(system.PowerState).toBe('On');
    const steps = (await stepHistory(uuid)).filter((line) => line.startsWith('deploy'));
    expect(steps.filter((line) => line.includes('started'))).toEqual([
      'deploy started deploy.deploy', 'deploy started deploy.write_image', 'deploy started deploy.prepare_instance_boot',
      'deploy started deploy.tear_down_agent', 'deploy started deploy.switch_to_tenant_network', 'deploy started deploy.boot_instance',
    ]);
    expect(steps.filter((line) => line.includes('finished'))).toHaveLength(6);
  });

  it('rescue boots the rescue ramdisk with the password, and unrescue boots the instance again', async () => {
    await ok('node', 'rescue', uuid, '--rescue-password', 'letmein', '--wait', '90');
    await until(uuid, 'rescue');
    const agent = await control(`/bmc/${n}/agent`);
    expect(JSON.stringify(agent)).toContain('finalize_rescue');
    // Ironic's conductor sends a crypt SHA-256 hash of the password, never the password itself.
    expect(agent.rescue).toMatchObject({ hashed: true, passwordHash: expect.stringMatching(/^\$5\$[./0-9A-Za-z]{16}\$[./0-9A-Za-z]{43}$/) });
    await ok('node', 'unrescue', uuid, '--wait', '90');
    const back = await until(uuid, 'active');
    expect(back.power_state).toBe('power on');
    expect((back.instance_info as Json).rescue_password).toBeUndefined();
  });

  it('clean --clean-steps runs the operator’s steps on a manageable node', async () => {
    await ok('node', 'undeploy', uuid, '--wait', '90');
    await until(uuid, 'available');
    await ok('node', 'manage', uuid, '--wait', '60');
    await ok('node', 'clean', uuid, '--clean-steps', JSON.stringify([{ interface: 'deploy', step: 'erase_devices' }]), '--wait', '90');
    await until(uuid, 'manageable');
    expect((await control(`/bmc/${n}/disk`)).image ?? null).toBeNull();
    expect((await stepHistory(uuid)).slice(-2)).toEqual(['clean started deploy.erase_devices', 'clean finished deploy.erase_devices']);
  });
});

describe('network boot', () => {
  it('boots the agent with the pxe boot interface, recording what a PXE service serves the node', async () => {
    const { uuid, n } = await enroll(PXE);
    await ok('node', 'provide', uuid, '--wait', '90');
    await until(uuid, 'available');
    expect(await stepHistory(uuid)).toEqual(['clean started deploy.erase_devices_metadata', 'clean finished deploy.erase_devices_metadata']);
    const events = (await api(`/v1/nodes/${uuid}/events?limit=1000`)).events as { type: string; data: { config?: Json } }[];
    expect(events.find((e) => e.type === 'BootConfigRecorded')?.data.config).toEqual({
      node_uuid: uuid,
      mode: 'deploy',
      kernel: `${imagesUrl}/ipa.kernel`,
      ramdisk: `${imagesUrl}/ipa.initramfs`,
      kernel_params: 'nofb nomodeset vga=normal ipa-api-url=http://127.0.0.1:6385',
      mac_addresses: [systemMacs(n)[0]],
    });
    expect((await control(`/bmc/${n}/agent`)).bootedFrom).toBe('network');
  });
});

describe('Metal3’s nodes: iPXE boot and RAID through the agent', () => {
  const IPXE = ['--boot-interface', 'ipxe', '--raid-interface', 'agent', '--driver-info', 'deploy_kernel=IMAGES/ipa.kernel', '--driver-info', 'deploy_ramdisk=IMAGES/ipa.initramfs'];
  const raidSteps = (...steps: string[]) => JSON.stringify(steps.map((step) => ({ interface: 'raid', step })));

  it('boot the agent from the iPXE script recorded for the node, and clean with the agent’s RAID steps, which need a target configuration', async () => {
    const { uuid, n } = await enroll(IPXE);
    await baremetal('node', 'clean', uuid, '--clean-steps', raidSteps('create_configuration'), '--wait', '90');
    const failed = await until(uuid, 'clean failed', 90_000, false);
    expect(String(failed.last_error)).toContain(`Node ${uuid} has no target RAID configuration.`);
    const events = (await api(`/v1/nodes/${uuid}/events?limit=1000`)).events as { type: string; data: { config?: Json } }[];
    expect(events.find((e) => e.type === 'BootConfigRecorded')?.data.config).toMatchObject({
      mode: 'deploy',
      ipxe_script: `#!ipxe\nkernel ${imagesUrl}/ipa.kernel nofb nomodeset vga=normal ipa-api-url=http://127.0.0.1:6385 initrd=ramdisk\ninitrd --name ramdisk ${imagesUrl}/ipa.initramfs\nboot\n`,
    });
    expect((await control(`/bmc/${n}/agent`)).bootedFrom).toBe('network');

    // Software RAID, which the agent's generic hardware manager builds: the node records what it built.
    await ok('node', 'manage', uuid, '--wait', '60');
    const software = { logical_disks: [{ size_gb: 100, raid_level: '1', is_root_volume: true, controller: 'software' }] };
    await ok('node', 'set', uuid, '--target-raid-config', JSON.stringify(software));
    await ok('node', 'clean', uuid, '--clean-steps', raidSteps('delete_configuration', 'create_configuration'), '--wait', '90');
    const built = await until(uuid, 'manageable');
    expect((await stepHistory(uuid)).slice(-4)).toEqual([
      'clean started raid.delete_configuration', 'clean finished raid.delete_configuration', 'clean started raid.create_configuration', 'clean finished raid.create_configuration',
    ]);
    expect(built.raid_config).toEqual({ ...software, last_updated: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d(\.\d{6})?$/) });
    expect(built.properties).toMatchObject({ local_gb: 100, capabilities: expect.stringContaining('raid_level:1') });

    await ok('node', 'clean', uuid, '--clean-steps', raidSteps('delete_configuration'), '--wait', '90');
    expect((await until(uuid, 'manageable')).raid_config).toEqual({});

    // Hardware RAID the generic manager does not build: it reports nothing built, which Ironic's hook refuses.
    await ok('node', 'set', uuid, '--target-raid-config', JSON.stringify({ logical_disks: [{ size_gb: 'MAX', raid_level: '1', is_root_volume: true }] }));
    await baremetal('node', 'clean', uuid, '--clean-steps', raidSteps('create_configuration'), '--wait', '90');
    const refused = await until(uuid, 'clean failed', 90_000, false);
    expect(String(refused.last_error)).toContain(
      `For node ${uuid}, post clean step hook _create_configuration_final failed for clean step {'interface': 'raid', 'step': 'create_configuration'`,
    );
    expect(String(refused.last_error)).toContain(`IronicException: Agent ramdisk didn't return a proper command result while building RAID on ${uuid}.`);
    expect(refused.raid_config).toEqual({});
  });

  it('offer no RAID steps without the agent RAID interface', async () => {
    const { uuid } = await enroll(IPXE.map((arg) => (arg === 'agent' ? 'no-raid' : arg)));
    await baremetal('node', 'clean', uuid, '--clean-steps', raidSteps('delete_configuration'), '--wait', '90');
    const failed = await until(uuid, 'clean failed', 90_000, false);
    expect(String(failed.last_error)).toContain(`Node ${uuid} does not support this clean step: {"interface":"raid","step":"delete_configuration"}`);
  });
});

describe('RAID through the BMC: the redfish RAID interface', () => {
  const raidStep = (step: string, args?: Json) => JSON.stringify([{ interface: 'raid', step, ...(args && { args }) }]);
  /** The volumes the simulated BMC of system n has, as `RAIDType CapacityBytes`, read over Redfish. */
  async function volumes(n: number): Promise<string[]> {
    const get = async (path: string) =>
      (await (await fetch(`${simUrl}${path}`, { headers: { Authorization: `Basic ${Buffer.from('admin:password').toString('base64')}` } })).json()) as Json;
    const members = (await get(`/bmc/${n}/redfish/v1/Systems/${n}/Storage/1/Volumes`)).Members as { '@odata.id': string }[];
    return Promise.all(members.map(async (member) => {
      const volume = await get(member['@odata.id']);
      return `${String(volume.RAIDType)} ${String(volume.CapacityBytes)}`;
    }));
  }
  const LAST_UPDATED = /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d(\.\d{6})?$/;

  it('is a redfish node’s default; manual cleaning builds the target configuration as volumes of the BMC’s storage, the node records them, and delete_configuration removes them', async () => {
    const { uuid, n } = await enroll();
    expect((await node(uuid)).raid_interface).toBe('redfish');

    // No target: Ironic's step fails reading it; arguments the step does not take are refused before any step runs.
    await baremetal('node', 'clean', uuid, '--clean-steps', raidStep('create_configuration'), '--wait', '90');
    expect((await until(uuid, 'clean failed', 90_000, false)).last_error).toBe("'logical_disks'");
    await ok('node', 'manage', uuid, '--wait', '60');
    await baremetal('node', 'clean', uuid, '--clean-steps', raidStep('create_configuration', { bogus: 1 }), '--wait', '90');
    expect(String((await until(uuid, 'clean failed', 90_000, false)).last_error)).toContain(
      `Cannot clean node ${uuid}: clean step {'interface': 'raid', 'step': 'create_configuration', 'args': {'bogus': 1}} has these unexpected arguments: bogus`,
    );
    await ok('node', 'manage', uuid, '--wait', '60');

    const target = { logical_disks: [{ size_gb: 100, raid_level: '1', is_root_volume: true }, { size_gb: 200, raid_level: '0' }] };
    await ok('node', 'set', uuid, '--target-raid-config', JSON.stringify(target));
    await ok('node', 'clean', uuid, '--clean-steps', raidStep('create_configuration', { create_nonroot_volumes: true }), '--wait', '90');
    const built = await until(uuid, 'manageable');
    expect((await stepHistory(uuid)).slice(-2)).toEqual(['clean started raid.create_configuration', 'clean finished raid.create_configuration']);
    expect(await volumes(n)).toEqual([`RAID0 ${200 * 1024 ** 3}`, `RAID1 ${100 * 1024 ** 3}`]);
    // What the BMC has, as Ironic reads it back: no root volume there, so the properties stay as they were.
    expect(built.raid_config).toEqual({
      logical_disks: [
        { id: '1', name: 'Volume 1', controller: '1', size_gb: 200, raid_level: '0' },
        { id: '2', name: 'Volume 2', controller: '1', size_gb: 100, raid_level: '1' },
      ],
      last_updated: expect.stringMatching(LAST_UPDATED),
    });
    expect(built.properties).not.toHaveProperty('root_device');

    await ok('node', 'clean', uuid, '--clean-steps', raidStep('delete_configuration'), '--wait', '90');
    const deleted = await until(uuid, 'manageable');
    expect(await volumes(n)).toEqual([]);
    expect(deleted.raid_config).toEqual({ logical_disks: [], last_updated: expect.stringMatching(LAST_UPDATED) });
  });

  it('deletes the volumes as a deploy step when the operator asks for it', async () => {
    const { uuid, n } = await enroll();
    await ok('node', 'set', uuid, '--target-raid-config', JSON.stringify({ logical_disks: [{ size_gb: 10, raid_level: '1' }] }));
    await ok('node', 'clean', uuid, '--clean-steps', raidStep('create_configuration'), '--wait', '90');
    await until(uuid, 'manageable');
    expect(await volumes(n)).toEqual([`RAID1 ${10 * 1024 ** 3}`]);
    await ok('node', 'set', uuid, '--no-automated-clean');
    await ok('node', 'provide', uuid, '--wait', '90');
    await setImage(uuid);
    await ok('node', 'deploy', uuid, '--deploy-steps', JSON.stringify([{ interface: 'raid', step: 'delete_configuration', args: {}, priority: 95 }]), '--wait', '90');
    const deployed = await until(uuid, 'active');
    expect((await stepHistory(uuid)).filter((line) => line.startsWith('deploy started')).slice(0, 3)).toEqual([
      'deploy started deploy.deploy', 'deploy started raid.delete_configuration', 'deploy started deploy.write_image',
    ]);
    expect(await volumes(n)).toEqual([]);
    expect(deployed.raid_config).toEqual({ logical_disks: [], last_updated: expect.stringMatching(LAST_UPDATED) });
  });
});

describe('partition images', () => {
  it('need root_gb; are written into the partitions asked for, with the boot loader installed by the agent', async () => {
    const { uuid, n } = await enroll();
    await ok('node', 'set', uuid, '--no-automated-clean');
    await ok('node', 'provide', uuid, '--wait', '90');
    await setImage(uuid);
    await ok('node', 'set', uuid, '--instance-info', 'image_type=partition');
    const refused = await baremetal('node', 'deploy', uuid);
    expect(refused.stderr).toContain(`Failed to validate deploy or power info for node ${uuid}: Some parameters were missing in node's instance_info. Missing are: ['root_gb']`);

    // A root partition smaller than the image: the agent refuses to write it.
    await ok('node', 'set', uuid, '--instance-info', 'root_gb=0');
    await ok('node', 'deploy', uuid);
    const failed = await until(uuid, 'deploy failed', 60_000, false);
    expect(failed.last_error).toContain('Root partition is too small for requested image. Image virtual size: 4 MB, Root size: 0 MB');

    await ok('node', 'set', uuid, '--instance-info', 'root_gb=10', '--instance-info', 'swap_mb=512');
    await ok('node', 'deploy', uuid, '--wait', '90');
    await until(uuid, 'active');
    const { image } = (await control(`/bmc/${n}/disk`)) as { image: { sha256: string; partitions: { uuids: Record<string, string> }; bootloader: Json } };
    expect(image).toMatchObject({ sha256: IMAGE_SHA256, partitions: { root_mb: 10240, swap_mb: 512, ephemeral_mb: 0 } });
    // UEFI by default: the boot loader goes into the root and the EFI system partitions the agent made.
    expect(image.bootloader).toMatchObject({
      root_uuid: image.partitions.uuids['root uuid'],
      efi_system_part_uuid: image.partitions.uuids['efi system partition uuid'],
      target_boot_mode: 'uefi',
    });
    expect((await control(`/bmc/${n}`)).powerState).toBe('On');
  });
});

describe('the ramdisk deploy interface', () => {
  it('deploy boots the instance’s own ISO from the virtual CD, persistently; undeploy ejects it and cleans through the agent', async () => {
    const { uuid, n } = await enroll(VIRTUAL_MEDIA, 'ramdisk');
    await ok('node', 'provide', uuid, '--wait', '90');
    const refused = await baremetal('node', 'deploy', uuid);
    expect(refused.stderr).toContain(`Failed to validate deploy or power info for node ${uuid}: Cannot validate image information for node ${uuid} because one or more parameters are missing from its instance_info`);
    await ok('node', 'set', uuid, '--instance-info', `boot_iso=${imagesUrl}/live.iso`);
    await ok('node', 'deploy', uuid, '--wait', '60');
    expect(await until(uuid, 'active')).toMatchObject({ power_state: 'power on' });
    expect(await control(`/bmc/${n}`)).toMatchObject({
      powerState: 'On',
      boot: { target: 'Cd', enabled: 'Continuous' },
      virtualMedia: { Cd: { image: `${imagesUrl}/live.iso`, inserted: true } },
    });
    // Nothing is written: the instance is the ISO.
    expect((await control(`/bmc/${n}/disk`)).image).toBeNull();

    await ok('node', 'undeploy', uuid, '--wait', '90');
    await until(uuid, 'available');
    expect(await stepHistory(uuid)).toContain('clean finished deploy.erase_devices_metadata');
    expect(await control(`/bmc/${n}`)).toMatchObject({ powerState: 'Off', virtualMedia: {} });
  });
});

describe('deploy steps', () => {
  it('runs the steps of the deploy templates the instance’s traits name, and the operator’s --deploy-steps', async () => {
    const { uuid } = await enroll();
    await ok('node', 'set', uuid, '--no-automated-clean');
    await ok('node', 'provide', uuid, '--wait', '90');
    // A template that wipes the old disk's metadata before the image is written, and the operator leaving out the network switch.
    await ok('deploy', 'template', 'create', 'CUSTOM_WIPE_FIRST', '--steps', JSON.stringify([{ interface: 'deploy', step: 'erase_devices_metadata', args: {}, priority: 95 }]));
    await ok('node', 'add', 'trait', uuid, 'CUSTOM_WIPE_FIRST');
    await setImage(uuid);
    await ok('node', 'set', uuid, '--instance-info', 'traits=["CUSTOM_WIPE_FIRST"]');
    await ok('node', 'deploy', uuid, '--deploy-steps', JSON.stringify([{ interface: 'deploy', step: 'switch_to_tenant_network', args: {}, priority: 0 }]), '--wait', '90');
    await until(uuid, 'active');
    expect((await stepHistory(uuid)).filter((line) => line.startsWith('deploy started'))).toEqual([
      'deploy started deploy.deploy', 'deploy started deploy.erase_devices_metadata', 'deploy started deploy.write_image',
      'deploy started deploy.prepare_instance_boot', 'deploy started deploy.tear_down_agent', 'deploy started deploy.boot_instance',
    ]);
  });
});

describe('what goes wrong', () => {
  /** An available node of a fresh system (not cleaned: that is tested above), its image set, `settings` on its agent. */
  async function availableWith(settings: Json, hash?: string): Promise<{ uuid: string; n: number }> {
    const enrolled = await enroll();
    await ok('node', 'set', enrolled.uuid, '--no-automated-clean');
    await ok('node', 'provide', enrolled.uuid, '--wait', '90');
    await until(enrolled.uuid, 'available');
    await setImage(enrolled.uuid, hash);
    await control(`/bmc/${enrolled.n}/agent`, settings);
    return enrolled;
  }

  it('a deployment without an image is refused before the node moves, and nothing is appended', async () => {
    const { uuid } = await enroll();
    await ok('node', 'set', uuid, '--no-automated-clean');
    await ok('node', 'provide', uuid, '--wait', '90');
    const before = await system.eventCount();
    const run = await baremetal('node', 'deploy', uuid);
    expect(run.code).not.toBe(0);
    expect(run.stderr).toContain(`Failed to validate deploy or power info for node ${uuid}: Node ${uuid} failed to validate deploy image info. Some parameters were missing. Missing are: ['instance_info.image_source']`);
    expect(await system.eventCount()).toBe(before);
    expect((await node(uuid)).provision_state).toBe('available');
  });

  it('a wrong checksum and a corrupted write fail the deployment with the agent’s message', async () => {
    const [wrong, corrupt] = await Promise.all([availableWith({ fault: 'none' }, 'f'.repeat(64)), availableWith({ fault: 'corrupt-write' })]);
    await Promise.all([ok('node', 'deploy', wrong.uuid), ok('node', 'deploy', corrupt.uuid)]);
    for (const { uuid, n } of [wrong, corrupt]) {
      const failed = await until(uuid, 'deploy failed', 60_000, false);
      expect(failed.last_error).toMatch(new RegExp(`^Deploy step deploy\\.write_image failed on node ${uuid}\\. .*checksum`, 'i'));
      expect(await stepHistory(uuid)).toContain('deploy started deploy.write_image');
      // Then the ramdisk is torn down, as Ironic's failure handler does: host off, media out.
      expect(await released(uuid)).toMatchObject({ power_state: 'power off', last_error: failed.last_error });
      expect(await control(`/bmc/${n}`)).toMatchObject({ powerState: 'Off', virtualMedia: {} });
    }
  });

  it('a ramdisk that never boots or dies mid-write times the deployment out; abort ends a clean that waits for one', async () => {
    const [never, dies] = await Promise.all([availableWith({ fault: 'never-boots' }), availableWith({ fault: 'dies-mid-write', diskBytesPerSecond: 1024 * 1024 })]);
    await Promise.all([ok('node', 'deploy', never.uuid), ok('node', 'deploy', dies.uuid)]);
    for (const { uuid } of [never, dies]) {
      const failed = await until(uuid, 'deploy failed', (CALLBACK_TIMEOUT_S + 30) * 1000, false);
      expect(failed.last_error).toBe(`Timeout reached while waiting for callback for node ${uuid}`);
    }
    expect(await stepHistory(dies.uuid)).toContain('deploy started deploy.write_image');
    // The timed-out deployment's ramdisk is torn down: its virtual CD ejected.
    await released(never.uuid);
    expect((await control(`/bmc/${never.n}`)).virtualMedia).toEqual({});

    const { uuid, n } = await enroll();
    await control(`/bmc/${n}/agent`, { fault: 'never-boots' });
    await ok('node', 'provide', uuid);
    await until(uuid, 'clean wait', 30_000, false);
    expect((await control(`/bmc/${n}`)).powerState).toBe('On');
    await ok('node', 'abort', uuid);
    expect((await until(uuid, 'clean failed', 30_000, false)).last_error).toBe('By request, the clean operation was aborted');
    // As Ironic's tear-down of cleaning: the host off, the ramdisk's media out, the reason kept.
    expect(await released(uuid)).toMatchObject({ power_state: 'power off', last_error: 'By request, the clean operation was aborted' });
    expect(await control(`/bmc/${n}`)).toMatchObject({ powerState: 'Off', virtualMedia: {} });
    const types = ((await api(`/v1/nodes/${uuid}/events?limit=1000`)).events as { type: string }[]).map((e) => e.type);
    expect(types.slice(-3)).toEqual(['ProvisionStateChanged', 'ManagementActionStarted', 'RamdiskTornDown']);
  });

  it('a slow disk only makes the deployment slower: its heartbeats keep the node from timing out', async () => {
    const bytesPerSecond = Math.ceil(IMAGE.length / (CALLBACK_TIMEOUT_S + 3));
    const slow = await availableWith({ fault: 'none', diskBytesPerSecond: bytesPerSecond });
    const started = Date.now();
    await ok('node', 'deploy', slow.uuid, '--wait', '120');
    await until(slow.uuid, 'active');
    expect(Date.now() - started).toBeGreaterThan(CALLBACK_TIMEOUT_S * 1000);
    expect((await control(`/bmc/${slow.n}/disk`)).image).toMatchObject({ sha256: IMAGE_SHA256 });
  });
});
