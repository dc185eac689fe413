/**
 * The `redfish` RAID interface (libs/drivers) against the simulator over real HTTP, through a
 * recording proxy so that the wire requests can be checked against Ironic 21.4's: the drives it
 * picks and the order of its POSTs to the Volumes collection (`Immediate`), its DELETEs, the
 * configuration it reads back for the node, and its refusals in Ironic’s words; and BMCs that apply
 * changes at the next reboot (`OnReset`: reboot, then the tasks the step waits for, polled as the
 * conductor polls them) or as tasks (202 on `Immediate`, waited for at once).
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { type JsonObject, type Node, type RaidTasks } from '@ironledger/domain';
import { BmcSim } from '@ironledger/bmc-sim';
import { DriverError, type RaidDriver, type RaidRound, type RaidTaskTiming, RedfishConnections, redfishNode, redfishRaid } from '@ironledger/drivers';
import { type Recorder, startRecorder } from '../support/http-recorder.js';

const GIB = 1024 ** 3;
let sim: BmcSim;
let recorder: Recorder;
let connections: RedfishConnections;

beforeAll(async () => {
  sim = await BmcSim.start({ port: 0, systems: 14 });
  recorder = await startRecorder(sim.url);
  connections = new RedfishConnections({ requestTimeoutMs: 2000 });
});
afterAll(async () => {
  await connections.close();
  await recorder.close();
  await sim.close();
});

/** Reboots of each system the interface asked for, done through the simulator's reset action. */
const reboots = new Map<number, number>();
const rebootOf = async (target: Node) => {
  const n = Number(/\/bmc\/(\d+)$/.exec(String(target.driver_info.redfish_address))![1]);
  reboots.set(n, (reboots.get(n) ?? 0) + 1);
  const auth = `Basic ${Buffer.from('admin:password').toString('base64')}`;
  await fetch(`${sim.url}/bmc/${n}/redfish/v1/Systems/${n}/Actions/ComputerSystem.Reset`, { method: 'POST', headers: { Authorization: auth, 'Content-Type': 'application/json' }, body: JSON.stringify({ ResetType: 'ForceRestart' }) });
};
const FAST = { immediatePollMs: 50 };
const driver = (timing: Partial<RaidTaskTiming> = FAST) => redfishRaid(connections, { reboot: rebootOf, timing });
/** The configuration a step that finished at once records (it may not wait for tasks). */
const doneOf = (round: RaidRound): JsonObject => {
  if (!('done' in round)) throw new Error(`the step waits for tasks: ${JSON.stringify(round.tasks)}`);
  return round.done;
};
/** The interface, for BMCs that apply changes at once: each step ends in its call. */
const raid = (timing?: Partial<RaidTaskTiming>) => {
  const steps = driver(timing);
  return {
    createConfiguration: async (target: Node, args: typeof ALL) => doneOf(await steps.createConfiguration(target, args)),
    deleteConfiguration: async (target: Node) => doneOf(await steps.deleteConfiguration(target)),
  };
};
/** Waits a step out as the conductor does, polling its tasks every 50 ms: the rounds of tasks it waited for, and what it ended with. */
async function waitedOut(steps: RaidDriver, target: Node, first: RaidRound): Promise<{ rounds: RaidTasks[]; config: JsonObject }> {
  const rounds: RaidTasks[] = [];
  let round = first;
  while ('tasks' in round) {
    rounds.push(round.tasks);
    let next: RaidRound | 'running';
    do {
      await new Promise((resolve) => setTimeout(resolve, 50));
      next = await steps.checkTasks(target, round.tasks);
    } while (next === 'running');
    round = next;
  }
  return { rounds, config: round.done };
}
const node = (n: number, target: JsonObject = {}): Node => ({
  ...redfishNode(n, { redfish_address: `${recorder.url}/bmc/${n}`, redfish_username: 'admin', redfish_password: 'password', redfish_auth_type: 'basic' }),
  target_raid_config: target,
});
const storage = (n: number) => `/bmc/${n}/redfish/v1/Systems/${n}/Storage/1`;
const drive = (n: number, id: string) => ({ '@odata.id': `${storage(n)}/Drives/${id}` });
/** The requests that changed something (no GETs), as `[METHOD, path, body]`. */
const changes = () =>
  recorder
    .take()
    .filter((exchange) => exchange.method !== 'GET')
    .map((exchange) => [exchange.method, exchange.url, exchange.requestBody === '' ? null : JSON.parse(exchange.requestBody)]);
const ALL = { createRootVolume: true, createNonrootVolumes: true };

async function failure(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DriverError);
  return (error as Error).message;
}

describe('create_configuration', () => {
  it('places each logical disk on drives with room, POSTs the volumes applied at once, and reads the configuration back', async () => {
    const target: JsonObject = { logical_disks: [{ size_gb: 100, raid_level: '1', is_root_volume: true }, { size_gb: 200, raid_level: '0', volume_name: 'data' }] };
    recorder.take();
    const config = await raid().createConfiguration(node(1, target), ALL);
    // Ironic places the first disk on the first two drives and the second on the next free one,
    // then submits them in the order its search left them: the last placed first.
    expect(changes()).toEqual([
      ['POST', `${storage(1)}/Volumes`, { RAIDType: 'RAID0', CapacityBytes: 200 * GIB, Links: { Drives: [drive(1, 'Disk.2')] }, '@Redfish.OperationApplyTime': 'Immediate' }],
      ['POST', `${storage(1)}/Volumes`, { RAIDType: 'RAID1', CapacityBytes: 100 * GIB, Links: { Drives: [drive(1, 'Disk.0'), drive(1, 'Disk.1')] }, '@Redfish.OperationApplyTime': 'Immediate' }],
    ]);
    expect(sim.storages.volumes(1).map(({ raidType, drives }) => [raidType, drives])).toEqual([['RAID0', ['Disk.2']], ['RAID1', ['Disk.0', 'Disk.1']]]);
    expect(config).toEqual({
      logical_disks: [
        { id: '1', name: 'Volume 1', controller: '1', size_gb: 200, raid_level: '0' },
        { id: '2', name: 'Volume 2', controller: '1', size_gb: 100, raid_level: '1' },
      ],
    });
  });

  it('creates the root volume or the others only, as its arguments say, and sizes MAX on the drives named', async () => {
    const target: JsonObject = {
      logical_disks: [
        { size_gb: 50, raid_level: '1', is_root_volume: true },
        { size_gb: 'MAX', raid_level: '0', controller: '1', physical_disks: ['Disk.3'] },
      ],
    };
    await raid().createConfiguration(node(2, target), { createRootVolume: false, createNonrootVolumes: true });
    // 480 GiB in whole 64 MiB stripes.
    expect(sim.storages.volumes(2).map(({ raidType, capacityBytes, drives }) => [raidType, capacityBytes, drives])).toEqual([['RAID0', 480 * GIB, ['Disk.3']]]);
    const config = await raid().createConfiguration(node(3, target), { createRootVolume: true, createNonrootVolumes: false });
    expect(config).toEqual({ logical_disks: [{ id: '1', name: 'Volume 1', controller: '1', size_gb: 50, raid_level: '1' }] });
  });

  it('fails in Ironic’s words when there is no target, a MAX disk names no drives, the drives cannot hold it, or the level is not one it builds', async () => {
    const n = 4;
    expect(await failure(raid().createConfiguration(node(n), ALL))).toBe("'logical_disks'");
    const max = { size_gb: 'MAX', raid_level: '1' };
    expect(await failure(raid().createConfiguration(node(n, { logical_disks: [max] }), ALL))).toBe(
      `create_configuration called with invalid target_raid_configuration for node ${node(n).uuid}. 'physical_disks' is missing from logical_disk while 'size_gb'='MAX' was requested: {'size_gb': 'MAX', 'raid_level': '1'}`,
    );
    expect(await failure(raid().createConfiguration(node(n, { logical_disks: [{ size_gb: 2000, raid_level: '0' }] }), ALL))).toBe(
      'Redfish exception occurred. Error: failed to find matching physical disks for all logical disks',
    );
    expect(await failure(raid().createConfiguration(node(n, { logical_disks: [{ size_gb: 10, raid_level: '2' }] }), ALL))).toBe('Redfish exception occurred. Error: Cannot calculate spans for RAID level "2"');
    expect(await failure(raid().createConfiguration(node(n, { logical_disks: [{ size_gb: 10, raid_level: '1', controller: '1', physical_disks: ['Disk.0'] }] }), ALL))).toBe(
      'Redfish exception occurred. Error: The number of physical drives (1) is too few for the required number of overhead drives (1)',
    );
    expect(sim.storages.volumes(n)).toEqual([]);
  });

  it('fails with the BMC’s refusal when its controller cannot build the level', async () => {
    const message = await failure(raid().createConfiguration(node(5, { logical_disks: [{ size_gb: 10, raid_level: '6' }] }), ALL));
    expect(message).toMatch(new RegExp(`^Redfish exception occurred\\. Error: HTTP POST .*${storage(5)}/Volumes returned code 400\\. .*The value 'RAID6' for the property RAIDType is not in the list of acceptable values`));
    expect(sim.storages.volumes(5)).toEqual([]);
  });
});

describe('delete_configuration', () => {
  it('DELETEs every volume with a RAID type, applied at once, and reads back an empty configuration', async () => {
    await raid().createConfiguration(node(6, { logical_disks: [{ size_gb: 10, raid_level: '1' }, { size_gb: 10, raid_level: '0' }] }), ALL);
    recorder.take();
    expect(await raid().deleteConfiguration(node(6))).toEqual({ logical_disks: [] });
    expect(changes()).toEqual([
      ['DELETE', `${storage(6)}/Volumes/1`, { '@Redfish.OperationApplyTime': 'Immediate' }],
      ['DELETE', `${storage(6)}/Volumes/2`, { '@Redfish.OperationApplyTime': 'Immediate' }],
    ]);
    expect(sim.storages.volumes(6)).toEqual([]);
    // Nothing to delete: nothing is sent.
    expect(await raid().deleteConfiguration(node(6))).toEqual({ logical_disks: [] });
    expect(changes()).toEqual([]);
  });
});

describe('BMCs that apply volume changes later', () => {
  const volumesPath = (n: number) => `${storage(n)}/Volumes`;

  it('OnReset: submits one volume per controller and reboots the node; the step waits for the task, whose poll submits the next; records what the BMC then has', async () => {
    const n = 11;
    sim.control(n, { raidApplyTime: 'OnReset' });
    const target: JsonObject = { logical_disks: [{ size_gb: 100, raid_level: '1', is_root_volume: true }, { size_gb: 200, raid_level: '0' }] };
    recorder.take();
    const steps = driver();
    const first = await steps.createConfiguration(node(n, target), ALL);
    // One change submitted, the node rebooted: the step waits for its task, the other volume pending.
    expect(first).toEqual({ tasks: { operation: 'create', monitors: [`${storage(n)}/TaskMonitors/1`], pending: [[expect.objectContaining({ raid_level: '1', is_root_volume: true })]] } });
    expect(reboots.get(n)).toBe(1);
    const { rounds, config } = await waitedOut(steps, node(n, target), first);
    const log = recorder.take();
    const posts = log.filter((exchange) => exchange.method === 'POST' && exchange.url === volumesPath(n));
    expect(posts.map((exchange) => JSON.parse(exchange.requestBody)['@Redfish.OperationApplyTime'])).toEqual(['OnReset', 'OnReset']);
    // The second volume is asked for only once the first one's task is done.
    const monitorGets = log.map((exchange, at) => [exchange, at] as const).filter(([exchange]) => exchange.method === 'GET' && exchange.url.includes('/TaskMonitors/'));
    const secondPost = log.indexOf(posts[1]!);
    expect(monitorGets.some(([exchange, at]) => exchange.url.endsWith('/TaskMonitors/1') && at < secondPost)).toBe(true);
    expect(rounds.map(({ monitors, pending }) => [monitors, pending])).toEqual([[[`${storage(n)}/TaskMonitors/1`], [[expect.anything()]]], [[`${storage(n)}/TaskMonitors/2`], []]]);
    expect(reboots.get(n)).toBe(2);
    expect(config).toEqual({
      logical_disks: [
        { id: '1', name: 'Volume 1', controller: '1', size_gb: 200, raid_level: '0' },
        { id: '2', name: 'Volume 2', controller: '1', size_gb: 100, raid_level: '1' },
      ],
    });

    recorder.take();
    const deleted = await waitedOut(steps, node(n), await steps.deleteConfiguration(node(n)));
    expect(deleted.config).toEqual({ logical_disks: [] });
    expect(deleted.rounds.map(({ operation, pending }) => [operation, pending])).toEqual([['delete', true], ['delete', false]]);
    expect(changes().filter(([method]) => method === 'DELETE')).toEqual([
      ['DELETE', `${volumesPath(n)}/1`, { '@Redfish.OperationApplyTime': 'OnReset' }],
      ['DELETE', `${volumesPath(n)}/2`, { '@Redfish.OperationApplyTime': 'OnReset' }],
    ]);
    expect(reboots.get(n)).toBe(4);
    expect(sim.storages.volumes(n)).toEqual([]);
  });

  it('OnReset: a change no reboot applies leaves its task running, polled without anything submitted again (the callback timeout ends the wait)', async () => {
    const n = 12;
    sim.control(n, { raidApplyTime: 'OnReset' });
    const neverBoots = redfishRaid(connections, { reboot: async () => undefined, timing: FAST });
    const target = node(n, { logical_disks: [{ size_gb: 10, raid_level: '0' }] });
    const round = await neverBoots.createConfiguration(target, ALL);
    expect(round).toEqual({ tasks: { operation: 'create', monitors: [`${storage(n)}/TaskMonitors/1`], pending: [] } });
    recorder.take();
    for (let poll = 0; poll < 3; poll++) expect(await neverBoots.checkTasks(target, (round as { tasks: RaidTasks }).tasks)).toBe('running');
    expect(changes()).toEqual([]);
    expect(sim.storages.volumes(n)).toEqual([]);
  });

  it('Immediate with a task monitor (202): waits for the task there and then, without a reboot, as sushy does', async () => {
    const n = 13;
    sim.control(n, { raidTaskMs: 200 });
    recorder.take();
    const config = await raid().createConfiguration(node(n, { logical_disks: [{ size_gb: 10, raid_level: '0' }] }), ALL);
    expect(config).toEqual({ logical_disks: [{ id: '1', name: 'Volume 1', controller: '1', size_gb: 10, raid_level: '0' }] });
    expect(recorder.take().filter((exchange) => exchange.url.includes('/TaskMonitors/')).length).toBeGreaterThan(1);
    expect(reboots.get(n)).toBeUndefined();
    expect(await raid().deleteConfiguration(node(n))).toEqual({ logical_disks: [] });
    expect(reboots.get(n)).toBeUndefined();
  });

  it('Immediate with a task that outlasts sushy’s wait fails in Ironic’s words', async () => {
    const n = 14;
    sim.control(n, { raidTaskMs: 60_000 });
    const message = await failure(raid({ ...FAST, immediateTimeoutMs: 200 }).createConfiguration(node(n, { logical_disks: [{ size_gb: 10, raid_level: '0' }] }), ALL));
    expect(message).toMatch(new RegExp(`^Redfish exception occurred\\. Error: Unable to connect to http://[^ ]+${storage(n)}/TaskMonitors/1\\. Error: Timeout waiting for task monitor http://[^ ]+${storage(n)}/TaskMonitors/1 \\(timeout = 0\\.2\\)$`));
  });
});
