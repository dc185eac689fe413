/**
 * The real ironic-python-agent 9.4.3 (Ironic 21.4's own) through the rest of a node's life with
 * ironledger: in-band inspection (IPA's collectors post the inventory to the gateway's
 * inspector-compatible `POST /v1/continue`), the end of a deployment as IPA expects it (the
 * agent's token on the configuration floppy, its heartbeats carrying it, other heartbeats refused;
 * `tear_down_agent` asks IPA to power the machine off before the instance boots from disk), and
 * rescue with a password that reaches IPA hashed, then unrescue. IPA runs confined (see
 * ipa-host.ts); where loop devices or namespaces are missing the suite is skipped, saying why.
 */
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { systemMacs } from '@ironledger/bmc-sim';
import { sleep } from '../support/system.js';
import { followBoots, type IpaHost, whyIpaCannotRun } from './ipa-host.js';
import { gptImage, IpaStack, type Json } from './ipa-stack.js';

jest.setTimeout(300_000);

const MiB = 1024 * 1024;
const GiB = 1024 * MiB;
/** The disk: sparse, and of IPA's least root device size (4 GiB) and more. */
const DISK_BYTES = 5 * GiB;
const MAC = systemMacs(1)[0]!;
const IMAGE = gptImage(5 * MiB);
const IMAGE_SHA256 = createHash('sha256').update(IMAGE).digest('hex');
const RESCUE_PASSWORD = 'open sesame';
/** The instance: the image, from the test's HTTP server, with its sha256. */
const IMAGE_PATCH = () => [
  { op: 'add', path: '/instance_info/image_source', value: `${imagesUrl}/disk.raw` },
  { op: 'add', path: '/instance_info/image_os_hash_algo', value: 'sha256' },
  { op: 'add', path: '/instance_info/image_os_hash_value', value: IMAGE_SHA256 },
];

const unavailable = whyIpaCannotRun();
const suite = unavailable ? describe.skip : describe;
if (unavailable) console.warn(`test/ipa skipped: ${unavailable}`);

let stack: IpaStack;
let host: IpaHost;
let simUrl: string;
let imagesUrl: string;
let apiUrl: string;
let follower: ReturnType<typeof followBoots> | undefined;
/** The simulated BMC's count of resets (power actions) when the deployment began. */
let resetsBeforeDeploy: number;

beforeAll(async () => {
  if (unavailable) return;
  // No automated cleaning: ipa-clean-deploy.e2e.spec.ts covers it, and here it would only take time.
  stack = await IpaStack.start({ diskBytes: DISK_BYTES, env: { AUTOMATED_CLEAN: 'false' }, files: new Map([['/disk.raw', IMAGE]]) });
  ({ host, simUrl, filesUrl: imagesUrl, apiUrl } = stack);
}, 180_000);

afterAll(async () => {
  await follower?.stop();
  await stack?.stop();
});

const request = (method: string, path: string, body?: unknown) => stack.request(method, path, body);
const ok = (method: string, path: string, body?: unknown) => stack.ok(method, path, body);
const until = (uuid: string, state: string, timeoutMs?: number) => stack.until(uuid, state, timeoutMs);
const failure = (node: Json, wanted: string) => stack.failure(node, wanted);

/** Waits for `check` to hold of the node, for as long as it is in one of `states`. */
async function whileIn(uuid: string, states: readonly string[], check: (node: Json) => boolean): Promise<Json> {
  for (;;) {
    const node = await ok('GET', `/v1/nodes/${uuid}`);
    if (check(node)) return node;
    if (!states.includes(String(node.provision_state))) throw failure(node, `one of ${states.join(', ')}`);
    await sleep(100);
  }
}

suite('the real ironic-python-agent through inspection, deployment and rescue', () => {
  let uuid: string;

  it('inspects the node: IPA posts its inventory to /v1/continue, which records its properties and ports', async () => {
    const created = await ok('POST', '/v1/nodes', {
      driver: 'redfish', name: 'ipa-life-1', boot_interface: 'redfish-virtual-media', deploy_interface: 'direct', rescue_interface: 'agent', inspect_interface: 'inspector',
      driver_info: { redfish_address: `${simUrl}/bmc/1`, redfish_system_id: '/redfish/v1/Systems/1', redfish_username: 'admin', redfish_password: 'password', deploy_iso: `${imagesUrl}/ipa.iso`, rescue_iso: `${imagesUrl}/ipa.iso` },
    });
    uuid = created.uuid as string;
    const port = await ok('POST', '/v1/ports', { address: MAC, node_uuid: uuid });
    await ok('PUT', `/v1/nodes/${uuid}/states/provision`, { target: 'manage' });
    await until(uuid, 'manageable');

    await ok('PUT', `/v1/nodes/${uuid}/states/provision`, { target: 'inspect' });
    await whileIn(uuid, ['inspecting', 'inspect wait'], (node) => node.provision_state === 'inspect wait');
    // The inspector's boot (PXE, not Ironic's) gives the ramdisk the callback URL on its command line.
    await host.start(apiUrl, null, ['--inspection_callback_url', `${apiUrl}/v1/continue`]);
    const inspected = await until(uuid, 'manageable', 120_000);
    // IPA logs its success after /v1/continue has answered, so the node may be manageable first.
    expect(await host.logged(/inspection finished successfully/)).toBe(true);
    await host.stop();

    const inventory = (await ok('GET', `/v1/nodes/${uuid}/inventory`)).inventory as Json;
    const cpu = inventory.cpu as Json;
    const memory = inventory.memory as Json;
    expect(cpu.count).toBe(cpus().length);
    expect(cpu.architecture).toBe('x86_64');
    expect((inventory.interfaces as Json[]).map((iface) => iface.mac_address)).toContain(MAC);
    // The root device is the test's disk: 5 GiB, one kept back for partitioning, as the inspector does.
    expect((inventory.disks as Json[]).map((disk) => disk.name)).toEqual([host.disk]);
    expect(inspected.properties).toMatchObject({ cpus: String(cpus().length), cpu_arch: 'x86_64', local_gb: '4' });
    // Without dmidecode's answer (a virtual machine may give none) IPA sends no memory size, and the inspector sets none.
    if (typeof memory.physical_mb === 'number') expect((inspected.properties as Json).memory_mb).toBe(String(memory.physical_mb));
    else expect(inspected.properties).not.toHaveProperty('memory_mb');
    expect(inspected.inspection_finished_at).toEqual(expect.any(String));
    // The inspector's `power_off`: the conductor powers the node off once the inventory is in.
    expect(await powerStateSettled(uuid, 'power off')).toBe('power off');
    const ports = (await ok('GET', `/v1/ports?node_uuid=${uuid}&fields=uuid,address`)).ports as Json[];
    expect(ports.map(({ uuid: portUuid, address }) => ({ portUuid, address }))).toEqual([{ portUuid: port.uuid, address: MAC }]);
  });

  it('deploys with the agent token from the floppy; heartbeats without it or with another are refused', async () => {
    follower = followBoots(simUrl, 1, host, apiUrl);
    await ok('PUT', `/v1/nodes/${uuid}/states/provision`, { target: 'provide' });
    await until(uuid, 'available');
    await ok('PATCH', `/v1/nodes/${uuid}`, IMAGE_PATCH());
    resetsBeforeDeploy = (await bmcState()).resets as number;
    await ok('PUT', `/v1/nodes/${uuid}/states/provision`, { target: 'active' });
    // IPA's first heartbeat: the node knows where IPA listens.
    const beating = await whileIn(uuid, ['deploying', 'wait call-back'], (node) => typeof (node.driver_internal_info as Json).agent_url === 'string');
    const callbackUrl = (beating.driver_internal_info as Json).agent_url as string;
    expect(callbackUrl).toBe(`http://${host.agentAddress}:9999`);
    const floppyToken = readFloppyParameters(`${host.stateDir}/floppy.img`)['ipa-agent-token'];
    expect(floppyToken).toMatch(/^\S{20,}$/);

    const beat = (token?: string) => request('POST', `/v1/heartbeat/${uuid}`, { callback_url: callbackUrl, agent_version: '9.4.3', ...(token !== undefined && { agent_token: token }) });
    const missing = await beat();
    expect(missing.status).toBe(400);
    expect(JSON.stringify(missing.body)).toContain('Agent token is required for heartbeat processing.');
    const wrong = await beat(`${floppyToken}x`);
    expect(wrong.status).toBe(400);
    expect(JSON.stringify(wrong.body)).toContain('Invalid or missing agent token received.');

    const active = await until(uuid, 'active');
    expect(host.read(512, 8)).toEqual(Buffer.from('EFI PART'));
    // IPA's heartbeats carried the floppy's token: the conductor took them and drove it to the end.
    expect(host.logs(1_000_000)).toMatch(/heartbeat successful/);
    expect(host.logs(1_000_000)).not.toMatch(/error sending heartbeat/);
    expect((active.driver_internal_info as Json).agent_url).toBeUndefined();
  });

  it('ends the deployment as Ironic does: IPA powers the machine off, then the instance boots from disk', async () => {
    // tear_down_agent's standby.power_off: IPA ran the machine's poweroff.
    expect(host.logs(1_000_000)).toMatch(/Powering off system/);
    expect(follower!.shutdowns).toEqual(['poweroff']);
    const node = await ok('GET', `/v1/nodes/${uuid}`);
    expect(node.power_state).toBe('power on');
    // The BMC powered the host on twice (the ramdisk, the instance) and never off: the conductor
    // waited for IPA's power-off instead of cutting the power under it.
    expect(await bmcState()).toMatchObject({ resets: resetsBeforeDeploy + 2, lastResetType: 'On' });
    const bmc = await (await fetch(`${simUrl}/control/bmc/1/agent`)).json() as Json;
    expect(bmc.phase).not.toBe('external');
    expect(host.running()).toBe(false);
  });

  it('rescues with a password that reaches IPA as a SHA-256 crypt hash, then unrescues', async () => {
    await ok('PUT', `/v1/nodes/${uuid}/states/provision`, { target: 'rescue', rescue_password: RESCUE_PASSWORD });
    const rescued = await until(uuid, 'rescue');
    // Ironic's rescue clean-up: the password is forgotten and the ramdisk's media ejected.
    expect(rescued.instance_info).not.toHaveProperty('rescue_password');
    expect(await insertedMedia()).toEqual([]);
    const passwordFile = `${host.stateDir}/etc/ipa-rescue-config/ipa-rescue-password`;
    expect(existsSync(passwordFile)).toBe(true);
    const hash = readFileSync(passwordFile, 'utf8');
    expect(hash).toMatch(/^\$5\$[./0-9A-Za-z]{16}\$[./0-9A-Za-z]{43}$/);
    expect(systemCrypt(RESCUE_PASSWORD, hash)).toBe(hash);
    expect(systemCrypt('another password', hash)).not.toBe(hash);
    // IPA stops once finalize_rescue has answered, leaving the machine to the rescue user.
    const deadline = Date.now() + 30_000;
    while (host.running() && Date.now() < deadline) await sleep(200);
    expect(host.running()).toBe(false);

    await ok('PUT', `/v1/nodes/${uuid}/states/provision`, { target: 'unrescue' });
    const back = await until(uuid, 'active');
    expect(back.power_state).toBe('power on');
    expect((back.instance_info as Json).rescue_password).toBeUndefined();
  });

  it('with deploy_forces_oob_reboot, ends the deployment with IPA flushing its disks and the BMC powering off', async () => {
    await ok('PUT', `/v1/nodes/${uuid}/states/provision`, { target: 'deleted' });
    await until(uuid, 'available');
    // Undeploying took the instance's image away with the rest of instance_info.
    await ok('PATCH', `/v1/nodes/${uuid}`, [...IMAGE_PATCH(), { op: 'add', path: '/driver_info/deploy_forces_oob_reboot', value: true }]);
    // IPA logs the commands it runs only when debugging.
    await follower!.stop();
    follower = followBoots(simUrl, 1, host, apiUrl, ['--debug']);
    const resetsBefore = (await bmcState()).resets as number;
    await ok('PUT', `/v1/nodes/${uuid}/states/provision`, { target: 'active' });
    await until(uuid, 'active');

    expect(host.logs(1_000_000)).toMatch(/Executing command: standby\.sync/);
    // IPA ran no poweroff this time: the BMC powered the host off (ramdisk on, off, instance on).
    expect(follower!.shutdowns).toEqual([]);
    expect(await bmcState()).toMatchObject({ resets: resetsBefore + 3, lastResetType: 'On' });
  });
});

/** The node's power state once it is `wanted`, or as it is after 30 seconds. */
async function powerStateSettled(uuid: string, wanted: string): Promise<unknown> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const { power_state: state } = await ok('GET', `/v1/nodes/${uuid}`);
    if (state === wanted || Date.now() > deadline) return state;
    await sleep(250);
  }
}

/** The images in the simulated BMC's virtual media drives. */
async function insertedMedia(): Promise<unknown[]> {
  const redfish = (path: string) => fetch(`${simUrl}/bmc/1${path}`, { headers: { Authorization: `Basic ${Buffer.from('admin:password').toString('base64')}` } }).then((r) => r.json() as Promise<Json>);
  const collection = await redfish('/redfish/v1/Managers/1/VirtualMedia');
  const drives = await Promise.all((collection.Members as { '@odata.id': string }[]).map((member) => redfish(member['@odata.id'].replace(/^.*(\/redfish\/)/, '$1'))));
  return drives.filter((drive) => drive.Inserted === true).map((drive) => drive.Image);
}

async function bmcState(): Promise<Json> {
  return (await (await fetch(`${simUrl}/control/bmc/1`)).json()) as Json;
}

/** The `key=value` parameters of a configuration floppy's parameters.txt. */
function readFloppyParameters(image: string): Record<string, string> {
  const text = execFileSync('mcopy', ['-n', '-i', image, '::parameters.txt', '-'], { encoding: 'utf8' });
  return Object.fromEntries(text.split(/\s+/).filter(Boolean).map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]));
}

/** The machine's crypt(3) of `password` with the salt of `hash`. */
function systemCrypt(password: string, hash: string): string {
  const script = 'import sys, warnings\nwarnings.simplefilter("ignore")\nimport crypt\nprint(crypt.crypt(sys.argv[1], sys.argv[2]))';
  return execFileSync('/usr/bin/python3', ['-c', script, password, hash], { encoding: 'utf8' }).trim();
}
