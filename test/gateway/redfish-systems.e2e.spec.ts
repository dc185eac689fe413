/**
 * Which system a Redfish node acts on, through the gateway, a conductor and a power-sync process
 * beside a BMC simulator whose blade enclosures each manage several systems: nodes behind one
 * enclosure are powered and synced on their own system only; a node naming a system the enclosure
 * lacks fails in Ironic's words and touches nothing; a `driver_info` corrected after the conductor
 * and power sync already talked to the BMC with the wrong one takes effect at their next call.
 */
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { BmcSim } from '@ironledger/bmc-sim';
import { nodeStreamId } from '@ironledger/contracts';
import { apiClient, type Json } from '../support/api.js';
import { type RunningSystem, sleep, startSystem } from '../support/system.js';

jest.setTimeout(120_000);

let system: RunningSystem;
let sim: BmcSim;
const call = apiClient(() => system.baseUrl);

beforeAll(async () => {
  // Enclosure 1 manages systems 1-3, enclosure 2 systems 4-6.
  sim = await BmcSim.start({ port: 0, systems: 6, enclosureSize: 3 });
  system = await startSystem({
    env: { REDFISH_REQUEST_TIMEOUT_MS: '2000', REDFISH_POLL_INTERVAL_MS: '50', COMMAND_TIMEOUT_MS: '10000' },
    // Power sync records what each BMC says, every second, and never gives up on a node.
    powerSync: { SYNC_POWER_STATE_INTERVAL: '1', FORCE_POWER_STATE_DURING_SYNC: 'false', POWER_STATE_SYNC_MAX_RETRIES: '1000' },
  });
}, 120_000);

afterAll(async () => {
  await system?.stop();
  await sim?.close();
});

const nodeOf = async (uuid: string) => (await call('GET', `/v1/nodes/${uuid}`)).json;
const events = async (uuid: string) => (await (await system.store()).readStream(nodeStreamId(uuid))).map((event) => ({ type: event.type, data: event.data as Json }));
const powers = () => sim.bmcs.map((bmc) => bmc.power);
const resets = () => sim.bmcs.map((bmc) => bmc.resets);
const systemId = (n: number) => `/redfish/v1/Systems/${n}`;

async function until(uuid: string, reached: (node: Json) => boolean, what: string): Promise<Json> {
  const deadline = Date.now() + 30_000;
  let last: Json = {};
  while (Date.now() < deadline) {
    last = await nodeOf(uuid);
    if (reached(last)) return last;
    await sleep(100);
  }
  throw new Error(`node ${uuid} did not reach ${what}: ${JSON.stringify(last)}\n${system.logs()}`);
}

/** A Redfish node behind enclosure `e` naming `system`, with `manage` asked for and its verification over. */
async function enrolled(name: string, e: number, system: number, extra: Json = {}): Promise<{ uuid: string; node: Json }> {
  const driver_info = { redfish_address: sim.enclosureUrl(e), redfish_system_id: systemId(system), redfish_username: 'admin', redfish_password: 'password', redfish_auth_type: 'session', ...extra };
  const created = await call('POST', '/v1/nodes', { body: { driver: 'redfish', name, driver_info } });
  expect(created.status).toBe(201);
  const uuid = created.json.uuid as string;
  return { uuid, node: await manage(uuid) };
}

async function manage(uuid: string): Promise<Json> {
  expect((await call('PUT', `/v1/nodes/${uuid}/states/provision`, { body: { target: 'manage' } })).status).toBe(202);
  return until(uuid, (node) => node.provision_state !== 'verifying' && node.target_provision_state === null, 'the end of its verification');
}

const patchDriverInfo = async (uuid: string, field: string, value: string) =>
  expect((await call('PATCH', `/v1/nodes/${uuid}`, { body: [{ op: 'replace', path: `/driver_info/${field}`, value }] })).status).toBe(200);

async function setPower(uuid: string, target: string): Promise<Json> {
  expect((await call('PUT', `/v1/nodes/${uuid}/states/power`, { body: { target } })).status).toBe(202);
  return until(uuid, (node) => node.target_power_state === null, `the end of ${target}`);
}

/** Waits until the node's events since the `from`th hold one of `type` that `matches`. */
async function untilEvent(uuid: string, from: number, type: string, matches: (data: Json) => boolean = () => true): Promise<void> {
  const deadline = Date.now() + 30_000;
  let seen: { type: string; data: Json }[] = [];
  while (Date.now() < deadline) {
    seen = (await events(uuid)).slice(from);
    if (seen.some((event) => event.type === type && matches(event.data))) return;
    await sleep(200);
  }
  throw new Error(`no ${type} for ${uuid} among ${JSON.stringify(seen)}\n${system.logs()}`);
}

/** Power sync failed to read the node, saying so. */
const untilSyncFails = (uuid: string, from: number, saying: string) => untilEvent(uuid, from, 'PowerSyncFailed', (data) => String(data.error).includes(saying));

describe('Redfish nodes behind one BMC of several systems', () => {
  it('are each powered by the conductor, and read by power sync, on their own system only', async () => {
    // The second blade's node is verified first, so that a client that kept its system would act on it.
    const b = await enrolled('blade-2', 1, 2);
    const a = await enrolled('blade-1', 1, 1);
    expect([a.node.provision_state, b.node.provision_state]).toEqual(['manageable', 'manageable']);

    expect((await setPower(a.uuid, 'power on')).power_state).toBe('power on');
    expect(powers()).toEqual(['On', 'Off', 'Off', 'Off', 'Off', 'Off']);
    await until(b.uuid, (node) => node.power_state === 'power off', 'power off recorded by power sync');

    // Changes behind the service's back reach the record of the node whose system changed, and only it.
    sim.control(2, { powerState: 'On' });
    await until(b.uuid, (node) => node.power_state === 'power on', 'power on recorded by power sync');
    sim.control(1, { powerState: 'Off' });
    await until(a.uuid, (node) => node.power_state === 'power off', 'power off recorded by power sync');
    expect((await nodeOf(b.uuid)).power_state).toBe('power on');
    expect([resets()[0], resets()[1]]).toEqual([1, 0]);
    // One session at the enclosure for each process that talks to it (the conductor and power sync).
    expect(((await (await fetch(`${sim.url}/control/enclosure/1`)).json()) as { sessions: number }).sessions).toBe(2);
  });

  it('fail in Ironic’s words, touching nothing, when they name a system the BMC lacks', async () => {
    const other = await enrolled('blade-4', 2, 4);
    expect(other.node.provision_state).toBe('manageable');
    const before = { powers: powers(), resets: resets() };
    const lost = await enrolled('blade-lost', 2, 1);
    const missing = `Redfish exception occurred. Error: Resource ${sim.enclosureUrl(2)}/redfish/v1/Systems/1 not found`;
    expect(lost.node).toMatchObject({ provision_state: 'enroll', last_error: expect.stringContaining(missing) });
    expect(await setPower(lost.uuid, 'power on')).toMatchObject({ power_state: null, last_error: expect.stringContaining(missing) });
    expect({ powers: powers(), resets: resets() }).toEqual(before);
  });

  it('take a corrected driver_info at the next call of the conductor and of power sync', async () => {
    const node = await enrolled('blade-5', 2, 999);
    expect(node.node).toMatchObject({ provision_state: 'enroll', last_error: expect.stringContaining(`Resource ${sim.enclosureUrl(2)}/redfish/v1/Systems/999 not found`) });

    // The conductor tried the wrong system; the right one works at once.
    await patchDriverInfo(node.uuid, 'redfish_system_id', systemId(5));
    expect(await manage(node.uuid)).toMatchObject({ provision_state: 'manageable', last_error: null });
    sim.control(5, { powerState: 'On' });
    await until(node.uuid, (current) => current.power_state === 'power on', 'power on recorded by power sync');

    // Power sync reads the wrong system, then the right one again.
    let from = (await events(node.uuid)).length;
    await patchDriverInfo(node.uuid, 'redfish_system_id', systemId(999));
    await untilSyncFails(node.uuid, from, `Resource ${sim.enclosureUrl(2)}/redfish/v1/Systems/999 not found`);
    from = (await events(node.uuid)).length;
    await patchDriverInfo(node.uuid, 'redfish_system_id', systemId(5));
    sim.control(5, { powerState: 'Off' });
    await untilEvent(node.uuid, from, 'PowerSyncRecovered');
    await until(node.uuid, (current) => current.power_state === 'power off', 'power off recorded by power sync');

    // A wrong password, on both, then the right one.
    from = (await events(node.uuid)).length;
    await patchDriverInfo(node.uuid, 'redfish_password', 'wrong');
    await untilSyncFails(node.uuid, from, 'refused the credentials of user "admin"');
    expect(await setPower(node.uuid, 'power on')).toMatchObject({ power_state: 'power off', last_error: expect.stringContaining('refused the credentials of user "admin"') });
    expect(sim.bmcs[4]!.power).toBe('Off');
    from = (await events(node.uuid)).length;
    await patchDriverInfo(node.uuid, 'redfish_password', 'password');
    expect(await setPower(node.uuid, 'power on')).toMatchObject({ power_state: 'power on', last_error: null });
    expect(sim.bmcs[4]!.power).toBe('On');
    await untilEvent(node.uuid, from, 'PowerSyncRecovered');
  });
});
