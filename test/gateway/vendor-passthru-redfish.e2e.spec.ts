/**
 * The `redfish` vendor interface's methods through the gateway and a real conductor against the
 * BMC simulator over HTTP, compared with Ironic 21.4's answers to the same requests against the
 * same simulator (`ironic-21.4-redfish-vendor.recorded.ts`): the list, `eject_vmedia` answered
 * 202 and carried out afterwards (a failure then in `last_error`, as Ironic's conductor writes it), the subscription methods answered 200 with what they return (a
 * GET or DELETE takes its arguments from the body, as Ironic's API reads it), and the refusals in
 * Ironic's words, appending nothing.
 */
import http from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { BmcSim } from '@ironledger/bmc-sim';
import { nodeStreamId } from '@ironledger/contracts';
import { apiClient, fault, type Json } from '../support/api.js';
import { type RunningSystem, sleep, startSystem } from '../support/system.js';
import { IRONIC_REDFISH_SUBSCRIPTIONS, IRONIC_REDFISH_VENDOR_CASES, IRONIC_REDFISH_VENDOR_METHODS } from './ironic-21.4-redfish-vendor.recorded.js';

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

/** A node of system n, through the simulator's root service as Ironic was asked (`own`: through BMC n's). */
async function redfishNode(n: number, own = false): Promise<string> {
  const address = own ? { redfish_address: sim.bmcUrl(n) } : { redfish_address: sim.url, redfish_system_id: `/redfish/v1/Systems/${n}` };
  const driver_info = { ...address, redfish_username: 'admin', redfish_password: 'password', redfish_auth_type: 'basic' };
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

/** A Redfish request to BMC n's service. */
async function bmc(n: number, path: string, method = 'GET', body?: unknown): Promise<Json> {
  return redfish(`${sim.bmcUrl(n)}/redfish/v1${path}`, method, body);
}

/** A GET of the simulator's root service, which serves every system. */
const rootService = (path: string) => redfish(`${sim.url}/redfish/v1${path}`);

async function redfish(url: string, method = 'GET', body?: unknown): Promise<Json> {
  const headers: Record<string, string> = { Authorization: `Basic ${Buffer.from('admin:password').toString('base64')}` };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(url, { method, headers, ...(body !== undefined && { body: JSON.stringify(body) }) });
  const text = await response.text();
  return (text ? JSON.parse(text) : {}) as Json;
}

/** A recorded answer with this run's node, subscription and simulator. */
const filled = (text: string, uuid: string, id = '') => text.replaceAll('{uuid}', uuid).replaceAll('{id}', id).replaceAll('{bmc}', sim.url);

/**
 * A BMC's refusal up to its status: sushy goes on with the error's code, its message and the
 * extended information, the project's client with the message alone (cut short).
 */
const bmcRefusalCut = (text: string) => text.replace(/( returned code \d+\.) .*$/, '$1');

/** The faultstring of an error, the body otherwise. */
const answerOf = (response: { status: number; text: string; json: Json }) => (response.status >= 400 ? fault(response.json) : response.text);

describe('redfish vendor methods against Ironic 21.4 and the BMC simulator', () => {
  it('lists the methods as Ironic 21.4 does', async () => {
    const uuid = await redfishNode(1);
    expect((await call('GET', `/v1/nodes/${uuid}/vendor_passthru/methods`)).json).toEqual(IRONIC_REDFISH_VENDOR_METHODS);
    expect((await call('GET', `/v1/nodes/vendor_passthru/${uuid}/methods`)).json).toEqual(IRONIC_REDFISH_VENDOR_METHODS);
  });

  it('eject_vmedia: 202 with no body, then every device holding media is ejected', async () => {
    const uuid = await redfishNode(2, true);
    await bmc(2, '/Managers/2/VirtualMedia/Cd/Actions/VirtualMedia.InsertMedia', 'POST', { Image: 'http://images.example/a.iso' });
    expect((await bmc(2, '/Managers/2/VirtualMedia/Cd')).Inserted).toBe(true);
    const accepted = await call('POST', `/v1/nodes/${uuid}/vendor_passthru?method=eject_vmedia`, { body: {} });
    expect([accepted.status, accepted.text]).toEqual([202, '']);
    expect(await released(uuid)).toMatchObject({ last_error: null });
    expect((await bmc(2, '/Managers/2/VirtualMedia/Cd')).Inserted).toBe(false);
    expect((await types(uuid)).slice(-2)).toEqual(['ManagementActionStarted', 'VendorMethodCalled']);
  });

  it('eject_vmedia that fails: 202, then last_error says so as Ironic’s conductor writes it, unless the node already has one', async () => {
    const uuid = await redfishNode(2, true);
    sim.control(2, { failStatus: 500, failCount: -1 });
    expect((await call('POST', `/v1/nodes/${uuid}/vendor_passthru?method=eject_vmedia`, { body: {} })).status).toBe(202);
    const failed = await released(uuid);
    expect(String(failed.last_error)).toMatch(/^Async execution of eject_vmedia failed with error: .*returned code 500/);
    expect((await types(uuid)).slice(-2)).toEqual(['ManagementActionStarted', 'ManagementActionFailed']);
    // A second failure leaves the first one's words, as Ironic writes last_error only when it is empty.
    expect((await call('POST', `/v1/nodes/${uuid}/vendor_passthru/eject_vmedia`, { body: {} })).status).toBe(202);
    await sleep(300);
    expect((await released(uuid)).last_error).toBe(failed.last_error);
    sim.control(2, { failStatus: 0 });
  });

  it('subscriptions: created, listed, read and deleted while the client waits, 200 with what the method returns', async () => {
    const uuid = await redfishNode(3);
    const path = `/v1/nodes/${uuid}/vendor_passthru`;
    const created = await send('POST', `${path}?method=create_subscription`, { Destination: 'https://collector.example/events', Context: 'rack 7' });
    const id = String(created.json.Id);
    expect((await rootService(`/EventService/Subscriptions/${id}`)).Context).toBe('rack 7');
    // The lock was taken and released before the answer.
    expect((await call('GET', `/v1/nodes/${uuid}`)).json.reservation).toBeNull();
    expect((await types(uuid)).slice(-2)).toEqual(['ManagementActionStarted', 'VendorMethodCalled']);
    const answers = {
      create: created,
      all: await send('GET', `${path}?method=get_all_subscriptions`),
      get: await send('GET', `${path}/get_subscription`, { id }),
      delete: await send('DELETE', `${path}?method=delete_subscription`, { id }),
      delete_again: await send('DELETE', `${path}?method=delete_subscription`, { id }),
      get_missing: await send('GET', `${path}?method=get_subscription`, { id }),
      get_no_id: await send('GET', `${path}?method=get_subscription`),
    };
    const seen = Object.fromEntries(Object.entries(answers).map(([name, response]) => [name, { status: response.status, answer: response.status >= 400 ? fault(response.json) : response.json }]));
    const recorded = Object.fromEntries(
      Object.entries(IRONIC_REDFISH_SUBSCRIPTIONS).map(([name, { status, answer }]) => {
        const text = filled(answer, uuid, id);
        return [name, { status, answer: status >= 400 ? text : JSON.parse(text) }];
      }),
    );
    expect(seen).toEqual(recorded);
    expect((await rootService('/EventService/Subscriptions'))['Members@odata.count']).toBe(0);
    expect(await released(uuid)).toMatchObject({ last_error: null });
  });

  it('refuses as Ironic does, appending nothing before the call', async () => {
    const uuid = await redfishNode(4);
    const before = await types(uuid);
    const [seen, recorded]: unknown[][] = [[], []];
    for (const each of IRONIC_REDFISH_VENDOR_CASES) {
      const response = await send(each.method, `/v1/nodes/${uuid}/vendor_passthru${each.query}`, each.body ?? undefined);
      seen.push({ name: each.name, status: response.status, answer: bmcRefusalCut(answerOf(response)) });
      recorded.push({ name: each.name, status: each.status, answer: bmcRefusalCut(filled(each.answer, uuid)) });
    }
    expect(seen).toEqual(recorded);
    // Only the call the BMC refused got as far as the lock, and is in the node's history; last_error stays as in Ironic.
    expect(await types(uuid)).toEqual([...before, 'ManagementActionStarted', 'ManagementActionFailed']);
    expect(await released(uuid)).toMatchObject({ last_error: null });
  });

  it('answers 500 when the BMC fails a check before the call, appending nothing', async () => {
    const uuid = await redfishNode(4, true);
    const before = await types(uuid);
    sim.control(4, { failStatus: 500, failCount: 10 });
    const answer = await send('POST', `/v1/nodes/${uuid}/vendor_passthru?method=create_subscription`, { Destination: 'https://c.example', EventTypes: ['Alert'] });
    expect([answer.status, fault(answer.json)]).toEqual([500, expect.stringContaining('returned code 500')]);
    expect(await types(uuid)).toEqual(before);
  });
});
