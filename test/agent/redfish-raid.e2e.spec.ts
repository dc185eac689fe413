/**
 * The `redfish` RAID interface through the HTTP API, a real conductor on NATS and the BMC
 * simulator with its simulated agent: BMCs that apply volume changes at the next reboot
 * (`OnReset`: the node is rebooted and waits, unlocked, in `clean wait` or `wait call-back`
 * while the conductor polls the task monitors) or as tasks answered 202 on `Immediate`; the `apply_configuration` deploy step, and the refusals of RAID steps in Ironic's
 * words (a deploy step without its required argument; a clean that boots no ramdisk).
 */
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { createHash, randomBytes } from 'node:crypto';
import { systemMacs } from '@ironledger/bmc-sim';
import { nodeStreamId } from '@ironledger/contracts';
import { apiClient, fault, type Json } from '../support/api.js';
import { type Service, startBmcSim } from '../support/processes.js';
import { type RunningSystem, sleep, startSystem } from '../support/system.js';
import { type ImageServer, serveImages } from '../support/image-server.js';

jest.setTimeout(180_000);

const IMAGE = randomBytes(1024 * 1024 + 5);
const GIB = 1024 ** 3;
const LAST_UPDATED = /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d(\.\d{6})?$/;

let system: RunningSystem;
let sim: Service;
let simUrl: string;
let images: ImageServer | undefined;
let imagesUrl: string;
let nextSystem = 1;
const call = apiClient(() => system.baseUrl);

beforeAll(async () => {
  images = await serveImages(IMAGE);
  imagesUrl = images.url;
  // Task monitors polled every half second here (Ironic's default is a minute); a wait fails after 20 s.
  system = await startSystem({ env: { CALLBACK_TIMEOUT_S: '20', REDFISH_RAID_CONFIG_STATUS_INTERVAL_S: '0.5', COMMAND_TIMEOUT_MS: '30000' } });
  ({ sim, url: simUrl } = await startBmcSim({ BMC_SIM_SYSTEMS: '8', BMC_SIM_IRONIC_URL: system.baseUrl, BMC_SIM_AGENT_HEARTBEAT_MS: '1000', BMC_SIM_AGENT_BOOT_MS: '200' }));
}, 180_000);

afterAll(async () => {
  await sim?.stop();
  await system?.stop();
  await images?.close();
});

async function control(n: number, body?: Json): Promise<Json> {
  const response = await fetch(`${simUrl}/control/bmc/${n}`, body ? { method: 'PUT', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) } : {});
  return (await response.json()) as Json;
}

/** The volumes system n's BMC has, as `RAIDType CapacityBytes`, read over Redfish. */
async function volumes(n: number): Promise<string[]> {
  const get = async (path: string) => (await (await fetch(`${simUrl}${path}`, { headers: { Authorization: `Basic ${Buffer.from('admin:password').toString('base64')}` } })).json()) as Json;
  const members = (await get(`/bmc/${n}/redfish/v1/Systems/${n}/Storage/1/Volumes`)).Members as { '@odata.id': string }[];
  return Promise.all(members.map(async (member) => {
    const volume = await get(member['@odata.id']);
    return `${String(volume.RAIDType)} ${String(volume.CapacityBytes)}`;
  }));
}

/** A manageable Redfish node of the next simulated system, its agent booted by virtual media, with a port and a target RAID configuration. */
async function enroll(target?: Json): Promise<{ uuid: string; n: number }> {
  const n = nextSystem++;
  const driver_info = {
    redfish_address: `${simUrl}/bmc/${n}`, redfish_system_id: `/redfish/v1/Systems/${n}`, redfish_username: 'admin', redfish_password: 'password',
    deploy_iso: `${imagesUrl}/ipa.iso`,
  };
  const created = await call('POST', '/v1/nodes', { body: { driver: 'redfish', name: `raid-${n}`, deploy_interface: 'direct', boot_interface: 'redfish-virtual-media', driver_info } });
  expect(created.status).toBe(201);
  const uuid = created.json.uuid as string;
  expect((await call('POST', '/v1/ports', { body: { address: systemMacs(n)[0], node_uuid: uuid } })).status).toBe(201);
  if (target) expect((await call('PUT', `/v1/nodes/${uuid}/states/raid`, { body: target })).status).toBe(204);
  await provision(uuid, { target: 'manage' });
  await until(uuid, 'manageable');
  return { uuid, n };
}

async function provision(uuid: string, body: Json): Promise<void> {
  const answer = await call('PUT', `/v1/nodes/${uuid}/states/provision`, { body });
  if (answer.status !== 202) throw new Error(`${JSON.stringify(body)}: ${answer.status} ${answer.text}`);
}

/** Until the node is in `state` (and, for a stable state, has no target left). */
async function until(uuid: string, state: string, timeoutMs = 90_000, settled = true): Promise<Json> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = (await call('GET', `/v1/nodes/${uuid}`)).json;
    if (found.provision_state === state && (!settled || found.target_provision_state === null)) return found;
    if (Date.now() > deadline) throw new Error(`node ${uuid} is ${String(found.provision_state)}, not ${state} (last_error ${String(found.last_error)})\n${system.logs().slice(-6000)}`);
    await sleep(200);
  }
}

/** The node's recorded events of `type`. */
async function recorded(uuid: string, type: string): Promise<{ type: string; data: unknown }[]> {
  return (await (await system.store()).readStream(nodeStreamId(uuid))).filter((event) => event.type === type);
}

/**
 * Until the node waits in `state` on the BMC's RAID tasks (its `rounds`-th submission recorded),
 * held by the simulator: it stays there, unlocked, while the conductor polls (every half second)
 * and appends nothing; then the simulator lets the tasks finish.
 */
async function heldInWait(uuid: string, n: number, state: string, rounds: number): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (!((await call('GET', `/v1/nodes/${uuid}`)).json.provision_state === state && (await recorded(uuid, 'RaidTasksSubmitted')).length === rounds)) {
    if (Date.now() > deadline) throw new Error(`node ${uuid} never waited in ${state} for RAID tasks\n${system.logs().slice(-6000)}`);
    await sleep(100);
  }
  const streamLength = async () => (await (await system.store()).readStream(nodeStreamId(uuid))).filter((event) => event.type !== 'AgentHeartbeatRecorded').length;
  const before = await streamLength();
  await sleep(1600);
  const waiting = (await call('GET', `/v1/nodes/${uuid}`)).json;
  expect([waiting.provision_state, waiting.reservation]).toEqual([state, null]);
  expect(await streamLength()).toBe(before);
  await control(n, { raidTaskMs: 0 });
}

const raidStep = (step: string, args?: Json) => [{ interface: 'raid', step, ...(args && { args }) }];
const boots = async (n: number) => Number((await control(n)).boots);


describe('BMCs that apply RAID changes later', () => {
  it('OnReset: cleaning submits one volume at a time and reboots the node for each; the node waits in clean wait while the conductor polls the task monitors, then records what the BMC has', async () => {
    const { uuid, n } = await enroll({ logical_disks: [{ size_gb: 100, raid_level: '1', is_root_volume: true }, { size_gb: 200, raid_level: '0' }] });
    // The simulator holds the first volume's task after the reboot, until told.
    await control(n, { raidApplyTime: 'OnReset', raidTaskMs: 600_000 });
    const before = await boots(n);
    await provision(uuid, { target: 'clean', clean_steps: raidStep('create_configuration') });
    await heldInWait(uuid, n, 'clean wait', 1);
    const built = await until(uuid, 'manageable');
    expect((await recorded(uuid, 'RaidTasksSubmitted')).map((event) => (event.data as { tasks: { monitors: string[] } }).tasks.monitors)).toEqual([
      [`/bmc/${n}/redfish/v1/Systems/${n}/Storage/1/TaskMonitors/1`],
      [`/bmc/${n}/redfish/v1/Systems/${n}/Storage/1/TaskMonitors/2`],
    ]);
    expect(built.last_error).toBeNull();
    expect(await volumes(n)).toEqual([`RAID0 ${200 * GIB}`, `RAID1 ${100 * GIB}`]);
    expect(built.raid_config).toEqual({
      logical_disks: [
        { id: '1', name: 'Volume 1', controller: '1', size_gb: 200, raid_level: '0' },
        { id: '2', name: 'Volume 2', controller: '1', size_gb: 100, raid_level: '1' },
      ],
      last_updated: expect.stringMatching(LAST_UPDATED),
    });
    // The ramdisk's boot, and one reboot per volume.
    expect(await boots(n)).toBe(before + 3);

    await provision(uuid, { target: 'clean', clean_steps: raidStep('delete_configuration') });
    expect((await until(uuid, 'manageable')).raid_config).toEqual({ logical_disks: [], last_updated: expect.stringMatching(LAST_UPDATED) });
    expect(await volumes(n)).toEqual([]);
  });

  it('Immediate answered with a task (202): the step waits for its monitor and needs no reboot', async () => {
    const { uuid, n } = await enroll({ logical_disks: [{ size_gb: 10, raid_level: '1' }] });
    await control(n, { raidTaskMs: 1500 });
    await provision(uuid, { target: 'clean', clean_steps: raidStep('create_configuration') });
    const built = await until(uuid, 'manageable');
    expect(await volumes(n)).toEqual([`RAID1 ${10 * GIB}`]);
    expect(built.raid_config).toMatchObject({ logical_disks: [{ id: '1', raid_level: '1', size_gb: 10 }] });
  });
});

describe('apply_configuration, a deploy step', () => {
  const steps = (args: Json, priority = 95) => [{ interface: 'raid', step: 'apply_configuration', args, priority }];

  it('makes raid_config the node’s target and builds its root volume (non-root ones only when asked), before the image is written', async () => {
    const { uuid, n } = await enroll();
    expect((await call('PATCH', `/v1/nodes/${uuid}`, { body: [{ op: 'replace', path: '/automated_clean', value: false }] })).status).toBe(200);
    await provision(uuid, { target: 'provide' });
    await until(uuid, 'available');
    const image = [
      { op: 'add', path: '/instance_info/image_source', value: `${imagesUrl}/disk.raw` },
      { op: 'add', path: '/instance_info/image_os_hash_algo', value: 'sha256' },
      { op: 'add', path: '/instance_info/image_os_hash_value', value: createHash('sha256').update(IMAGE).digest('hex') },
    ];
    expect((await call('PATCH', `/v1/nodes/${uuid}`, { body: image })).status).toBe(200);
    const raid_config = { logical_disks: [{ size_gb: 50, raid_level: '1', is_root_volume: true }, { size_gb: 20, raid_level: '0' }] };
    // Applied at the reboot and held there: the deployment waits in wait call-back while the conductor polls.
    await control(n, { raidApplyTime: 'OnReset', raidTaskMs: 600_000 });
    await provision(uuid, { target: 'active', deploy_steps: steps({ raid_config }) });
    await heldInWait(uuid, n, 'wait call-back', 1);
    const deployed = await until(uuid, 'active');
    expect(deployed.target_raid_config).toEqual(raid_config);
    expect(await volumes(n)).toEqual([`RAID1 ${50 * GIB}`]);
    expect(deployed.raid_config).toMatchObject({ logical_disks: [{ raid_level: '1', size_gb: 50 }] });
    const events = await (await system.store()).readStream(nodeStreamId(uuid));
    const started = events.filter((event) => event.type === 'StepStarted').map((event) => (event.data as { step: { step: string } }).step.step);
    expect(started.slice(0, 3)).toEqual(['deploy', 'apply_configuration', 'write_image']);
  });

  it('is refused (400) before anything is appended when a step with a priority lacks raid_config or takes what it does not', async () => {
    const { uuid } = await enroll();
    expect((await call('PATCH', `/v1/nodes/${uuid}`, { body: [{ op: 'replace', path: '/automated_clean', value: false }] })).status).toBe(200);
    await provision(uuid, { target: 'provide' });
    await until(uuid, 'available');
    const before = (await (await system.store()).readStream(nodeStreamId(uuid))).length;
    const missing = await call('PUT', `/v1/nodes/${uuid}/states/provision`, { body: { target: 'active', deploy_steps: steps({}) } });
    expect([missing.status, fault(missing.json)]).toEqual([
      400,
      `Failed to validate deploy or power info for node ${uuid}: Validation of deploy steps from "deploy steps" argument failed.deploy step {'interface': 'raid', 'step': 'apply_configuration', 'args': {}, 'priority': 95} is missing these required arguments: raid_config (The RAID configuration to apply.)`,
    ]);
    const unexpected = await call('PUT', `/v1/nodes/${uuid}/states/provision`, { body: { target: 'active', deploy_steps: steps({ raid_config: {}, wipe: true }) } });
    expect(unexpected.status).toBe(400);
    expect(fault(unexpected.json)).toContain("'priority': 95} has these unexpected arguments: wipe");
    expect((await (await system.store()).readStream(nodeStreamId(uuid))).length).toBe(before);
  });
});

describe('without the ramdisk', () => {
  it('a clean with disable_ramdisk refuses the RAID steps in Ironic’s words and boots nothing', async () => {
    const { uuid, n } = await enroll({ logical_disks: [{ size_gb: 10, raid_level: '0' }] });
    const before = await boots(n);
    await provision(uuid, { target: 'clean', clean_steps: raidStep('create_configuration'), disable_ramdisk: true });
    const failed = await until(uuid, 'clean failed', 60_000, false);
    expect(failed.last_error).toBe(`Cannot clean node ${uuid}: clean step {'interface': 'raid', 'step': 'create_configuration'} requires booting a ramdisk`);
    expect(await boots(n)).toBe(before);
    expect(await volumes(n)).toEqual([]);
  });
});
