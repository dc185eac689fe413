/**
 * The `redfish` vendor interface's methods through the gateway and a real conductor against the
 * BMC simulator over HTTP: the list as Ironic 21.4 gives it, `eject_vmedia` answered 202 and
 * carried out afterwards, the subscription methods answered 200 with what they return (a GET or
 * DELETE takes its arguments from the body, as Ironic's API reads it), and the refusals in
 * Ironic's words, appending nothing.
 */
import http from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { BmcSim } from '@ironledger/bmc-sim';
import { nodeStreamId } from '@ironledger/contracts';
import { apiClient, fault, type Json } from '../support/api.js';
import { type RunningSystem, sleep, startSystem } from '../support/system.js';

jest.setTimeout(90_000);

let system: RunningSystem;
let sim: BmcSim;
const call = apiClient(() => system.baseUrl);

beforeAll(async () => {
  sim = await BmcSim.start({ port: 0, systems: 4 });
  system = await startSystem({ env: { REDFISH_REQUEST_TIMEOUT_MS: '2000', COMMAND_TIMEOUT_MS: '10000' } });
}, 120_000);

afterAll(async () => {
  await system?.stop();
  await sim?.close();
});

beforeEach(() => {
  for (const bmc of sim.bmcs) sim.control(bmc.index, { reset: true });
});

const types = async (uuid: string) => (await (await system.store()).readStream(nodeStreamId(uuid))).map((event) => event.type);

/** A request with a JSON body whatever its method (fetch sends none with a GET). */
function send(method: string, path: string, body?: unknown): Promise<{ status: number; text: string; json: Json }> {
  const text = body === undefined ? '' : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const request = http.request(`${system.baseUrl}${path}`, { method, headers: { 'X-OpenStack-Ironic-API-Version': 'latest', ...(text && { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(text) }) } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const answer = Buffer.concat(chunks).toString('utf8');
        resolve({ status: response.statusCode!, text: answer, json: (answer ? JSON.parse(answer) : undefined) as Json });
      });
    });
    request.on('error', reject);
    request.end(text);
  });
}

async function redfishNode(n: number): Promise<string> {
  const driver_info = { redfish_address: sim.bmcUrl(n), redfish_username: 'admin', redfish_password: 'password', redfish_auth_type: 'basic' };
  const created = await call('POST', '/v1/nodes', { body: { driver: 'redfish', name: `rf-vendor-${n}-${Date.now()}`, driver_info } });
  expect([created.status, created.json.vendor_interface]).toEqual([201, 'redfish']);
  return created.json.uuid as string;
}

async function released(uuid: string): Promise<Json> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const node = (await call('GET', `/v1/nodes/${uuid}`)).json;
    if (node.reservation === null) return node;
    if (Date.now() > deadline) throw new Error(`node ${uuid} still reserved by ${String(node.reservation)}`);
    await sleep(50);
  }
}

async function bmc(n: number, path: string, method = 'GET', body?: unknown): Promise<Json> {
  const headers: Record<string, string> = { Authorization: `Basic ${Buffer.from('admin:password').toString('base64')}` };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(`${sim.bmcUrl(n)}/redfish/v1${path}`, { method, headers, ...(body !== undefined && { body: JSON.stringify(body) }) });
  const text = await response.text();
  return (text ? JSON.parse(text) : {}) as Json;
}

/** Ironic 21.4's `GET …/vendor_passthru/methods` of a `redfish` node (its RedfishVendorPassthru's `passthru` metadata). */
const IRONIC_REDFISH_METHODS = {
  create_subscription: {
    http_methods: ['POST'],
    async: false,
    description: "Creates a subscription on a node. Required argument: a dictionary of {'Destination': 'destination_url'}",
    attach: false,
    require_exclusive_lock: true,
  },
  delete_subscription: {
    http_methods: ['DELETE'],
    async: false,
    description: "Delete a subscription on a node. Required argument: a dictionary of {'id': 'subscription_bmc_id'}",
    attach: false,
    require_exclusive_lock: true,
  },
  eject_vmedia: {
    http_methods: ['POST'],
    async: true,
    description:
      "Eject a virtual media device. If no device is provided then all attached devices will be ejected. Optional arguments: 'boot_device' - the boot device to eject, either 'cd', 'dvd', 'usb', or 'floppy'",
    attach: false,
    require_exclusive_lock: true,
  },
  get_all_subscriptions: { http_methods: ['GET'], async: false, description: 'Returns all subscriptions on the node.', attach: false, require_exclusive_lock: true },
  get_subscription: {
    http_methods: ['GET'],
    async: false,
    description: "Get a subscription on the node. Required argument: a dictionary of {'id': 'subscription_bmc_id'}",
    attach: false,
    require_exclusive_lock: true,
  },
};

describe('redfish vendor methods against the BMC simulator', () => {
  it('lists the methods as Ironic 21.4 does', async () => {
    const uuid = await redfishNode(1);
    expect((await call('GET', `/v1/nodes/${uuid}/vendor_passthru/methods`)).json).toEqual(IRONIC_REDFISH_METHODS);
    expect((await call('GET', `/v1/nodes/vendor_passthru/${uuid}/methods`)).json).toEqual(IRONIC_REDFISH_METHODS);
  });

  it('eject_vmedia: 202 with no body, then every device holding media is ejected', async () => {
    const uuid = await redfishNode(2);
    await bmc(2, '/Managers/2/VirtualMedia/Cd/Actions/VirtualMedia.InsertMedia', 'POST', { Image: 'http://images.example/a.iso' });
    expect((await bmc(2, '/Managers/2/VirtualMedia/Cd')).Inserted).toBe(true);
    const accepted = await call('POST', `/v1/nodes/${uuid}/vendor_passthru?method=eject_vmedia`, { body: {} });
    expect([accepted.status, accepted.text]).toEqual([202, '']);
    expect(await released(uuid)).toMatchObject({ last_error: null });
    expect((await bmc(2, '/Managers/2/VirtualMedia/Cd')).Inserted).toBe(false);
    expect((await types(uuid)).slice(-2)).toEqual(['ManagementActionStarted', 'VendorMethodCalled']);
  });

  it('subscriptions: created, listed, read and deleted while the client waits, 200 with what the method returns', async () => {
    const uuid = await redfishNode(3);
    const path = `/v1/nodes/${uuid}/vendor_passthru`;
    const created = await send('POST', `${path}?method=create_subscription`, { Destination: 'https://collector.example/events', Context: 'rack 7' });
    expect(created.status).toBe(200);
    const id = created.json.Id as string;
    expect(created.json).toEqual({ Id: id, Destination: 'https://collector.example/events', Protocol: 'Redfish', Context: 'rack 7', EventTypes: ['Alert'] });
    expect((await bmc(3, `/EventService/Subscriptions/${id}`)).Context).toBe('rack 7');
    // The lock was taken and released before the answer.
    expect((await call('GET', `/v1/nodes/${uuid}`)).json.reservation).toBeNull();
    expect((await types(uuid)).slice(-2)).toEqual(['ManagementActionStarted', 'VendorMethodCalled']);

    const all = await send('GET', `${path}?method=get_all_subscriptions`);
    expect([all.status, all.json]).toEqual([200, expect.objectContaining({ '@odata.id': '/bmc/3/redfish/v1/EventService/Subscriptions', 'Members@odata.count': 1 })]);
    const one = await send('GET', `${path}/get_subscription`, { id });
    expect([one.status, one.json]).toEqual([200, created.json]);
    const deleted = await send('DELETE', `${path}?method=delete_subscription`, { id });
    expect([deleted.status, deleted.text]).toEqual([200, 'null']);
    expect((await bmc(3, '/EventService/Subscriptions'))['Members@odata.count']).toBe(0);

    // Gone from the BMC: Ironic answers a failed delete with 404, a failed read with 500.
    const again = await send('DELETE', `${path}?method=delete_subscription`, { id });
    expect([again.status, fault(again.json)]).toEqual([
      404,
      `Redfish exception occurred. Error: Redfish delete_subscription failed for subscription ${id} on node ${uuid}. Error: Resource ${sim.url}/bmc/3/redfish/v1/EventService/Subscriptions/${id} not found`,
    ]);
    const missing = await send('GET', `${path}?method=get_subscription`, { id });
    expect([missing.status, fault(missing.json)]).toEqual([
      500,
      `Redfish exception occurred. Error: Redfish get_subscription failed for subscription ${id} on node ${uuid}. Error: Resource ${sim.url}/bmc/3/redfish/v1/EventService/Subscriptions/${id} not found`,
    ]);
    expect(await released(uuid)).toMatchObject({ last_error: null });
  });

  it("refuses in Ironic's words, appending nothing", async () => {
    const uuid = await redfishNode(4);
    const path = `/v1/nodes/${uuid}/vendor_passthru`;
    const cases: [string, string, unknown, number, string][] = [
      ['GET', `${path}?method=create_subscription`, undefined, 400, 'The method create_subscription does not support HTTP GET'],
      ['POST', `${path}?method=get_all_subscriptions`, {}, 400, 'The method get_all_subscriptions does not support HTTP POST'],
      ['POST', `${path}?method=create_subscription`, {}, 400, 'Destination None is not a valid URI'],
      ['POST', `${path}?method=create_subscription`, { Destination: 'https://c.example', Context: 7 }, 400, 'Context 7 is not a valid string'],
      [
        'POST',
        `${path}?method=create_subscription`,
        { Destination: 'https://c.example', EventTypes: ['Weather'] },
        400,
        "EventTypes ['Weather'] is not a valid value, allowed values {'Alert', 'ResourceAdded', 'ResourceRemoved', 'ResourceUpdated', 'StatusChange'}",
      ],
      ['DELETE', `${path}?method=delete_subscription`, {}, 400, "id can't be None"],
      ['POST', `${path}?method=eject_vmedia`, { boot_device: 'cd' }, 400, 'Boot device cd is not a valid value '],
      ['POST', `${path}?method=reboot_bmc`, {}, 400, 'No handler for method reboot_bmc'],
    ];
    const before = await types(uuid);
    for (const [method, target, body, status, message] of cases) {
      const answer = await send(method, target, body);
      expect([method, target, answer.status, fault(answer.json)]).toEqual([method, target, status, message]);
    }
    expect(await types(uuid)).toEqual(before);
  });

  it('answers 500 when the BMC fails a check before the call, appending nothing', async () => {
    const uuid = await redfishNode(4);
    const before = await types(uuid);
    sim.control(4, { failStatus: 500, failCount: 10 });
    const answer = await send('POST', `/v1/nodes/${uuid}/vendor_passthru?method=create_subscription`, { Destination: 'https://c.example', EventTypes: ['Alert'] });
    expect([answer.status, fault(answer.json)]).toEqual([500, expect.stringContaining('returned code 500')]);
    expect(await types(uuid)).toEqual(before);
  });
});
