/**
 * The `redfish` vendor interface against the simulator over real HTTP: `eject_vmedia` empties the
 * manager's virtual media, and the subscription methods manage the BMC's EventService, with
 * Ironic's refusals in its words.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { type JsonObject, type Node } from '@ironledger/domain';
import { BmcSim } from '@ironledger/bmc-sim';
import { DriverError, DriverNotFound, DriverRefusal, type VendorDriver } from '../driver.js';
import { RedfishConnections } from './connections.js';
import { redfishNode } from './test-node.js';
import { redfishVendor } from './vendor.js';

let sim: BmcSim;
let connections: RedfishConnections;
let vendor: VendorDriver;

beforeAll(async () => {
  sim = await BmcSim.start({ port: 0, systems: 4 });
  connections = new RedfishConnections({ requestTimeoutMs: 2000 });
  vendor = redfishVendor(connections);
});
afterAll(async () => {
  await connections.close();
  await sim.close();
});
beforeEach(() => {
  for (const bmc of sim.bmcs) sim.control(bmc.index, { reset: true });
});

function node(n: number): Node {
  return redfishNode(n, { redfish_address: sim.bmcUrl(n), redfish_username: 'admin', redfish_password: 'password', redfish_system_id: `/redfish/v1/Systems/${n}` });
}

async function bmc(n: number, path: string, method = 'GET', body?: unknown): Promise<{ status: number; json: Record<string, unknown> }> {
  const headers: Record<string, string> = { Authorization: `Basic ${Buffer.from('admin:password').toString('base64')}` };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(`${sim.bmcUrl(n)}/redfish/v1${path}`, { method, headers, ...(body !== undefined && { body: JSON.stringify(body) }) });
  const text = await response.text();
  return { status: response.status, json: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}

/** Validates, then calls, as the conductor does. */
async function call(n: number, method: string, args: JsonObject = {}): Promise<unknown> {
  await vendor.validate(node(n), method, args);
  return vendor.call(node(n), method, args);
}

async function refusal(promise: Promise<unknown>): Promise<Error> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e as Error,
  );
  expect(error).toBeInstanceOf(DriverError);
  return error!;
}

describe('eject_vmedia', () => {
  it('ejects every virtual media device that holds media, and nothing else', async () => {
    const slot = (name: string) => `/Managers/2/VirtualMedia/${name}`;
    expect((await bmc(2, `${slot('Cd')}/Actions/VirtualMedia.InsertMedia`, 'POST', { Image: 'http://images.example/a.iso' })).status).toBe(204);
    expect((await bmc(2, `${slot('Floppy')}/Actions/VirtualMedia.InsertMedia`, 'POST', { Image: 'http://images.example/f.img' })).status).toBe(204);
    expect((await bmc(3, '/Managers/3/VirtualMedia/Cd/Actions/VirtualMedia.InsertMedia', 'POST', { Image: 'http://images.example/b.iso' })).status).toBe(204);
    expect(await call(2, 'eject_vmedia')).toBeUndefined();
    expect((await bmc(2, slot('Cd'))).json.Inserted).toBe(false);
    expect((await bmc(2, slot('Floppy'))).json.Inserted).toBe(false);
    expect((await bmc(3, '/Managers/3/VirtualMedia/Cd')).json.Inserted).toBe(true);
    // Already empty: nothing to do.
    await call(2, 'eject_vmedia', { boot_device: '' });
  });

  it("refuses a boot_device as Ironic 21.4 does when the node has virtual media (its check never matches a name)", async () => {
    for (const device of ['cd', 'CD', 'floppy']) {
      const error = await refusal(call(1, 'eject_vmedia', { boot_device: device }));
      expect(error).toBeInstanceOf(DriverRefusal);
      expect(error.message).toBe(`Boot device ${device} is not a valid value `);
    }
  });
});

const ALLOWED = "{<EventType.STATUS_CHANGE: 'StatusChange'>, <EventType.RESOURCE_UPDATED: 'ResourceUpdated'>, <EventType.RESOURCE_ADDED: 'ResourceAdded'>, <EventType.RESOURCE_REMOVED: 'ResourceRemoved'>, <EventType.ALERT: 'Alert'>}";

describe('event subscriptions', () => {
  it('creates one with Redfish defaults and returns its common fields', async () => {
    const created = (await call(1, 'create_subscription', { Destination: 'https://collector.example/events' })) as Record<string, unknown>;
    expect(created).toEqual({ Id: expect.any(String), Destination: 'https://collector.example/events', Protocol: 'Redfish', Context: '', EventTypes: ['Alert'] });
    const onBmc = await bmc(1, `/EventService/Subscriptions/${created.Id as string}`);
    expect(onBmc.json).toMatchObject({ Destination: 'https://collector.example/events', EventTypes: ['Alert'] });
  });

  it('lists, reads and deletes them', async () => {
    const { Id: id } = (await call(1, 'create_subscription', { Destination: 'http://c.example:8080/x', Context: 'rack 7', EventTypes: [] })) as { Id: string };
    const all = (await call(1, 'get_all_subscriptions')) as Record<string, unknown>;
    expect(all).toMatchObject({ '@odata.id': '/bmc/1/redfish/v1/EventService/Subscriptions', 'Members@odata.count': 1, Members: [{ '@odata.id': `/bmc/1/redfish/v1/EventService/Subscriptions/${id}` }] });
    expect(await call(1, 'get_subscription', { id })).toEqual({ Id: id, Destination: 'http://c.example:8080/x', Protocol: 'Redfish', Context: 'rack 7', EventTypes: [] });
    expect(await call(1, 'delete_subscription', { id })).toBeNull();
    expect(((await call(1, 'get_all_subscriptions')) as Record<string, unknown>)['Members@odata.count']).toBe(0);
  });

  it("refuses arguments in Ironic's words and order", async () => {
    const cases: [JsonObject, string][] = [
      [{ Destination: 'https://c.example', EventTypes: ['Weather'] }, `EventTypes ['Weather'] is not a valid value, allowed values ${ALLOWED}`],
      [{ Destination: 'https://c.example', EventTypes: 'Alert' }, `EventTypes Alert is not a valid value, allowed values ${ALLOWED}`],
      // Ironic 21.4 refuses even the types the BMC offers (see the driver).
      [{ Destination: 'https://c.example', EventTypes: ['Alert'] }, `EventTypes ['Alert'] is not a valid value, allowed values ${ALLOWED}`],
      [{ Destination: 'https://c.example', Context: 5 }, 'Context 5 is not a valid string'],
      [{ Destination: 'https://c.example', Protocol: false }, 'Protocol False is not a string'],
      [{ Destination: 'https://c.example', HttpHeaders: { a: 'b' } }, "HttpHeaders {'a': 'b'} is not a list of headers"],
      [{}, 'Destination None is not a valid URI'],
      [{ Destination: 'collector.example/events' }, 'Destination collector.example/events is not a valid URI'],
      [{ Context: 5 }, 'Context 5 is not a valid string'],
    ];
    for (const [args, message] of cases) {
      const error = await refusal(call(1, 'create_subscription', args));
      expect([error instanceof DriverRefusal, error.message]).toEqual([true, message]);
    }
    expect(((await call(1, 'get_all_subscriptions')) as Record<string, unknown>)['Members@odata.count']).toBe(0);
  });

  it('fails on a subscription the BMC does not have: 404 for a delete, a failure otherwise', async () => {
    const deleted = await refusal(call(1, 'delete_subscription', { id: '999' }));
    expect(deleted).toBeInstanceOf(DriverNotFound);
    expect(deleted.message).toBe(
      `Redfish exception occurred. Error: Redfish delete_subscription failed for subscription 999 on node ${node(1).uuid}. Error: Resource ${sim.url}/bmc/1/redfish/v1/EventService/Subscriptions/999 not found`,
    );
    const read = await refusal(call(1, 'get_subscription', { id: '999' }));
    expect([read instanceof DriverRefusal, read instanceof DriverNotFound]).toEqual([false, false]);
    expect(read.message).toMatch(/^Redfish exception occurred\. Error: Redfish get_subscription failed for subscription 999 on node .*\. Error: Resource .* not found$/);
    // No id at all: Python's own error, as Ironic's method concatenates it.
    expect((await refusal(call(1, 'get_subscription'))).message).toBe('can only concatenate str (not "NoneType") to str');
  });

  it('keeps the BMC refusal of a subscription it cannot take', async () => {
    const error = await refusal(call(1, 'create_subscription', { Destination: 'https://c.example', Protocol: 'SNMPv2c' }));
    expect(error.message).toMatch(
      new RegExp(`^Redfish exception occurred\\. Error: Failed to create subscription on node ${node(1).uuid}\\. Subscription payload: \\{'Destination': 'https://c\\.example', 'Protocol': 'SNMPv2c', 'Context': '', 'EventTypes': \\['Alert'\\]\\}\\. Error: HTTP POST .* returned code 400`),
    );
  });
});
