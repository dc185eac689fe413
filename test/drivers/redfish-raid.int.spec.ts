/**
 * The `redfish` RAID interface (libs/drivers) against the simulator over real HTTP, through a
 * recording proxy so that the wire requests can be checked against Ironic 21.4's: the drives it
 * picks and the order of its POSTs to the Volumes collection (`Immediate`), its DELETEs, the
 * configuration it reads back for the node, and its refusals in Ironic's words.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { type JsonObject, type Node } from '@ironledger/domain';
import { BmcSim } from '@ironledger/bmc-sim';
import { DriverError, RedfishConnections, redfishNode, redfishRaid } from '@ironledger/drivers';
import { type Recorder, startRecorder } from '../support/http-recorder.js';

const GIB = 1024 ** 3;
let sim: BmcSim;
let recorder: Recorder;
let connections: RedfishConnections;

beforeAll(async () => {
  sim = await BmcSim.start({ port: 0, systems: 10 });
  recorder = await startRecorder(sim.url);
  connections = new RedfishConnections({ requestTimeoutMs: 2000 });
});
afterAll(async () => {
  await connections.close();
  await recorder.close();
  await sim.close();
});

const raid = () => redfishRaid(connections);
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
