import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { BmcSim } from './server.js';
import { DRIVE_CAPACITY_BYTES } from './storage.js';

const BASIC = `Basic ${Buffer.from('admin:password').toString('base64')}`;
let sim: BmcSim;

beforeAll(async () => {
  sim = await BmcSim.start({ port: 0, systems: 7 });
});
afterAll(async () => {
  await sim.close();
});

async function call(path: string, method = 'GET', body?: unknown) {
  const headers: Record<string, string> = { Authorization: BASIC };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(`${sim.url}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await response.text();
  return { status: response.status, location: response.headers.get('location'), json: (text ? JSON.parse(text) : {}) as Record<string, unknown> };
}

const storage = (n: number) => `/bmc/${n}/redfish/v1/Systems/${n}/Storage/1`;
const drive = (n: number, id: string) => ({ '@odata.id': `${storage(n)}/Drives/${id}` });
const messageId = (json: Record<string, unknown>) => ((json.error as Record<string, unknown>)['@Message.ExtendedInfo'] as Record<string, unknown>[])[0]!.MessageId;

describe('RAID storage of a simulated system', () => {
  it('is linked from the system, with a RAID controller, its drives and an empty Volumes collection that applies at once', async () => {
    expect((await call('/bmc/1/redfish/v1/Systems/1')).json.Storage).toEqual({ '@odata.id': '/bmc/1/redfish/v1/Systems/1/Storage' });
    expect((await call('/bmc/1/redfish/v1/Systems/1/Storage')).json.Members).toEqual([{ '@odata.id': storage(1) }]);
    const resource = (await call(storage(1))).json;
    expect(resource.StorageControllers).toEqual([expect.objectContaining({ SupportedRAIDTypes: ['RAID0', 'RAID1', 'RAID5', 'RAID10'] })]);
    expect(resource.Drives).toHaveLength(4);
    const first = await call((resource.Drives as { '@odata.id': string }[])[0]!['@odata.id']);
    expect(first.json).toMatchObject({ Id: 'Disk.0', CapacityBytes: DRIVE_CAPACITY_BYTES, MediaType: 'HDD', Protocol: 'SAS' });
    const volumes = (await call(`${storage(1)}/Volumes`)).json;
    expect(volumes).toMatchObject({ Members: [], '@Redfish.OperationApplyTimeSupport': { SupportedValues: ['Immediate'] } });
  });

  it('creates a volume from a POST (201 and its Location) and deletes it with DELETE', async () => {
    const created = await call(`${storage(2)}/Volumes`, 'POST', {
      RAIDType: 'RAID1', CapacityBytes: 100 * 1024 ** 3, Links: { Drives: [drive(2, 'Disk.0'), drive(2, 'Disk.1')] }, '@Redfish.OperationApplyTime': 'Immediate',
    });
    expect(created.status).toBe(201);
    expect(created.location).toBe(`${storage(2)}/Volumes/1`);
    expect((await call(created.location!)).json).toMatchObject({ Id: '1', RAIDType: 'RAID1', CapacityBytes: 100 * 1024 ** 3, Links: { Drives: [drive(2, 'Disk.0'), drive(2, 'Disk.1')] } });
    expect((await call(`${storage(2)}/Volumes`)).json.Members).toEqual([{ '@odata.id': created.location }]);
    expect(sim.storages.volumes(2)).toHaveLength(1);
    expect(sim.storages.volumes(1)).toHaveLength(0);
    expect((await call(created.location!, 'DELETE')).status).toBe(204);
    expect((await call(created.location!)).status).toBe(404);
    expect((await call(created.location!, 'DELETE')).status).toBe(404);
    expect((await call(`${storage(2)}/Volumes`)).json.Members).toEqual([]);
  });

  it('refuses a volume its controller cannot build or its drives cannot hold, and builds nothing then', async () => {
    const post = (body: unknown) => call(`${storage(3)}/Volumes`, 'POST', body);
    const two = { Drives: [drive(3, 'Disk.0'), drive(3, 'Disk.1')] };
    const refusals = [
      await post({ RAIDType: 'RAID6', CapacityBytes: 1024, Links: two }),
      await post({ CapacityBytes: 1024, Links: two }),
      await post({ RAIDType: 'RAID1', Links: two }),
      await post({ RAIDType: 'RAID1', CapacityBytes: 1024, Links: { Drives: [drive(3, 'Disk.9'), drive(3, 'Disk.1')] } }),
      await post({ RAIDType: 'RAID5', CapacityBytes: 1024, Links: two }),
      await post({ RAIDType: 'RAID1', CapacityBytes: DRIVE_CAPACITY_BYTES + 1, Links: two }),
      await post({ RAIDType: 'RAID1', CapacityBytes: 1024, Links: two, '@Redfish.OperationApplyTime': 'OnReset' }),
    ];
    expect(refusals.map(({ status, json }) => [status, messageId(json)])).toEqual([
      [400, 'Base.1.18.PropertyValueNotInList'],
      [400, 'Base.1.18.PropertyMissing'],
      [400, 'Base.1.18.PropertyMissing'],
      [400, 'Base.1.18.PropertyValueNotInList'],
      [400, 'Base.1.18.PropertyValueOutOfRange'],
      [400, 'Base.1.18.PropertyValueOutOfRange'],
      [400, 'Base.1.18.PropertyValueNotInList'],
    ]);
    expect(sim.storages.volumes(3)).toEqual([]);
    expect((await call(`/bmc/3/redfish/v1/Systems/3/Storage/2`)).status).toBe(404);
  });

  it('are gone after a control reset of the system, and the next volume is numbered 1 again', async () => {
    const body = { RAIDType: 'RAID0', CapacityBytes: 1024 ** 3, Links: { Drives: [drive(4, 'Disk.0')] } };
    expect((await call(`${storage(4)}/Volumes`, 'POST', body)).status).toBe(201);
    sim.control(4, { reset: true });
    expect(sim.storages.volumes(4)).toEqual([]);
    expect((await call(`${storage(4)}/Volumes`, 'POST', body)).location).toBe(`${storage(4)}/Volumes/1`);
  });

  it('with OnReset (a control setting), answers 202 with a task monitor and applies creations and deletions at the next boot of the host', async () => {
    const n = 5;
    await fetch(`${sim.url}/control/bmc/${n}`, { method: 'PUT', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ raidApplyTime: 'OnReset' }) });
    expect((await call(`${storage(n)}/Volumes`)).json['@Redfish.OperationApplyTimeSupport']).toMatchObject({ SupportedValues: ['OnReset'] });
    const body = { RAIDType: 'RAID1', CapacityBytes: 300 * 1024 ** 3, Links: { Drives: [drive(n, 'Disk.0'), drive(n, 'Disk.1')] } };
    expect(messageId((await call(`${storage(n)}/Volumes`, 'POST', { ...body, '@Redfish.OperationApplyTime': 'Immediate' })).json)).toBe('Base.1.18.PropertyValueNotInList');
    const created = await call(`${storage(n)}/Volumes`, 'POST', { ...body, '@Redfish.OperationApplyTime': 'OnReset' });
    expect(created.status).toBe(202);
    expect(created.location).toBe(`${storage(n)}/TaskMonitors/1`);
    expect(created.json).toMatchObject({ '@odata.id': created.location, TaskState: 'Pending' });
    // The drives are spoken for until then.
    expect(messageId((await call(`${storage(n)}/Volumes`, 'POST', body)).json)).toBe('Base.1.18.PropertyValueOutOfRange');
    expect((await call(created.location!)).status).toBe(202);
    expect((await call(`${storage(n)}/Volumes`)).json.Members).toEqual([]);
    expect((await call(`/bmc/${n}/redfish/v1/Systems/${n}/Actions/ComputerSystem.Reset`, 'POST', { ResetType: 'On' })).status).toBe(204);
    expect(await call(created.location!)).toMatchObject({ status: 200, json: { TaskState: 'Completed', TaskStatus: 'OK' } });
    expect((await call(`${storage(n)}/Volumes`)).json.Members).toEqual([{ '@odata.id': `${storage(n)}/Volumes/1` }]);
    const deleted = await call(`${storage(n)}/Volumes/1`, 'DELETE', { '@Redfish.OperationApplyTime': 'OnReset' });
    expect(deleted.status).toBe(202);
    expect(sim.storages.volumes(n)).toHaveLength(1);
    await call(`/bmc/${n}/redfish/v1/Systems/${n}/Actions/ComputerSystem.Reset`, 'POST', { ResetType: 'ForceRestart' });
    expect((await call(deleted.location!)).status).toBe(200);
    expect(sim.storages.volumes(n)).toEqual([]);
    expect((await call(`${storage(n)}/TaskMonitors/9`)).status).toBe(404);
  });

  it('with Immediate and a task time, answers 202 with a task monitor that runs for that long', async () => {
    const n = 6;
    sim.control(n, { raidTaskMs: 300 });
    const created = await call(`${storage(n)}/Volumes`, 'POST', { RAIDType: 'RAID0', CapacityBytes: 1024 ** 3, Links: { Drives: [drive(n, 'Disk.0')] }, '@Redfish.OperationApplyTime': 'Immediate' });
    expect(created).toMatchObject({ status: 202, json: { TaskState: 'Running' } });
    expect((await call(created.location!)).status).toBe(202);
    await new Promise((resolve) => setTimeout(resolve, 350));
    expect(await call(created.location!)).toMatchObject({ status: 200, json: { TaskState: 'Completed' } });
    expect(sim.storages.volumes(n)).toHaveLength(1);
  });

  it('with OnReset and a task time, the boot starts the task, which runs for that long as the setting says when looked at: raising it holds the task', async () => {
    const n = 7;
    sim.control(n, { raidApplyTime: 'OnReset', raidTaskMs: 600_000 });
    const created = await call(`${storage(n)}/Volumes`, 'POST', { RAIDType: 'RAID0', CapacityBytes: 1024 ** 3, Links: { Drives: [drive(n, 'Disk.0')] }, '@Redfish.OperationApplyTime': 'OnReset' });
    expect(created.status).toBe(202);
    await call(`/bmc/${n}/redfish/v1/Systems/${n}/Actions/ComputerSystem.Reset`, 'POST', { ResetType: 'ForceRestart' });
    expect((await call(created.location!)).status).toBe(202);
    expect(sim.storages.volumes(n)).toEqual([]);
    sim.control(n, { raidTaskMs: 0 });
    expect((await call(created.location!)).status).toBe(200);
    expect(sim.storages.volumes(n)).toHaveLength(1);
  });
});
