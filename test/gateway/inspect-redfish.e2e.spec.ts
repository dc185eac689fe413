/**
 * Out-of-band inspection of Redfish nodes (`inspect_interface: redfish`, the type's default as in
 * Ironic 21.4) through the gateway, the system running beside a BMC simulator: the `inspect` verb
 * reads the hardware through the BMC and the node is back in `manageable` with its properties
 * and a port for each enabled NIC; ports that exist (on this node or another) are left as they
 * are; a BMC that fails fails the inspection in Ironic's words. The answers are compared with
 * Ironic 21.4's, recorded against the same simulated systems.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { BmcSim, systemMacs } from '@ironledger/bmc-sim';
import { apiClient, type Json } from '../support/api.js';
import { type RunningSystem, sleep, startSystem } from '../support/system.js';
import { IRONIC_REDFISH_INSPECTION as IRONIC } from './ironic-21.4-redfish-inspect.recorded.js';

jest.setTimeout(90_000);

let system: RunningSystem;
let sim: BmcSim;
const call = apiClient(() => system.baseUrl);

beforeAll(async () => {
  sim = await BmcSim.start({ port: 0, systems: 6 });
  system = await startSystem({ env: { REDFISH_REQUEST_TIMEOUT_MS: '1000', COMMAND_TIMEOUT_MS: '10000' } });
}, 120_000);

afterAll(async () => {
  await system?.stop();
  await sim?.close();
});

beforeEach(() => {
  for (const bmc of sim.bmcs) sim.control(bmc.index, { reset: true, powerState: 'Off' });
});

/** The node once in `state` with no work left (a failed inspection keeps `manageable` as its target, as in Ironic). */
async function until(uuid: string, state: string): Promise<Json> {
  const deadline = Date.now() + 20_000;
  let last: Json = {};
  while (Date.now() < deadline) {
    last = (await call('GET', `/v1/nodes/${uuid}`)).json;
    if (last.provision_state === state && last.reservation === null) return last;
    await sleep(50);
  }
  throw new Error(`node ${uuid} did not reach ${state}: ${JSON.stringify(last)}\n${system.logs()}`);
}

/** A manageable Redfish node for BMC n. */
async function redfishNode(n: number, fields: Json = {}): Promise<string> {
  const driver_info = { redfish_address: sim.bmcUrl(n), redfish_username: 'admin', redfish_password: 'password', redfish_auth_type: 'basic' };
  const created = await call('POST', '/v1/nodes', { body: { driver: 'redfish', name: `rf-inspect-${n}`, driver_info, ...fields } });
  expect(created.status).toBe(201);
  expect(created.json.inspect_interface).toBe('redfish');
  const uuid = created.json.uuid as string;
  expect((await call('PUT', `/v1/nodes/${uuid}/states/provision`, { body: { target: 'manage' } })).status).toBe(202);
  await until(uuid, 'manageable');
  return uuid;
}

const inspect = async (uuid: string) => expect((await call('PUT', `/v1/nodes/${uuid}/states/provision`, { body: { target: 'inspect' } })).status).toBe(202);

const ports = async (uuid: string) =>
  ((await call('GET', `/v1/nodes/${uuid}/ports?detail=True`)).json.ports as Json[]).map(({ address, pxe_enabled }) => ({ address, pxe_enabled })).sort((a, b) => String(a.address).localeCompare(String(b.address)));

describe('redfish inspection through the BMC', () => {
  it('records the hardware as properties, a port per enabled NIC, and returns the node to manageable', async () => {
    const uuid = await redfishNode(3, { properties: { vendor: 'ironledger' } });
    const [, eth1] = systemMacs(3);
    // A port the operator made stays as it is.
    expect((await call('POST', '/v1/ports', { body: { node_uuid: uuid, address: eth1, pxe_enabled: false } })).status).toBe(201);
    await inspect(uuid);
    const node = await until(uuid, 'manageable');
    expect({ properties: node.properties, last_error: node.last_error, ports: await ports(uuid) }).toEqual(IRONIC.inspected);
    // No ramdisk: the host was never powered on (Ironic's redfish inspection does not touch power).
    expect([sim.bmcs[2]!.power, sim.bmcs[2]!.resets]).toEqual(['Off', 0]);
    // Inspecting again finds the same ports: nothing is added twice.
    await inspect(uuid);
    await until(uuid, 'manageable');
    expect(await ports(uuid)).toEqual(IRONIC.inspected.ports);
  });

  it('skips a MAC another node has a port for, as Ironic skips a duplicate', async () => {
    const [eth0] = systemMacs(4);
    const other = await call('POST', '/v1/nodes', { body: { driver: 'fake-hardware', name: 'holds-eth0' } });
    expect((await call('POST', '/v1/ports', { body: { node_uuid: other.json.uuid, address: eth0 } })).status).toBe(201);
    const uuid = await redfishNode(4);
    await inspect(uuid);
    await until(uuid, 'manageable');
    expect(await ports(uuid)).toEqual(IRONIC.otherNodesMac.ports);
    expect(await ports(other.json.uuid as string)).toEqual(IRONIC.otherNodesMac.holderPorts);
  });

  it('fails the inspection in Ironic’s words when the BMC fails', async () => {
    const uuid = await redfishNode(2);
    sim.control(2, { failStatus: 500, failCount: 1000 });
    await inspect(uuid);
    const node = await until(uuid, 'inspect failed');
    const { lastErrorStart, ...left } = IRONIC.bmcFailing;
    expect({ provision_state: node.provision_state, target_provision_state: node.target_provision_state, ports: await ports(uuid) }).toEqual(left);
    expect(String(node.last_error).startsWith(lastErrorStart)).toBe(true);
  });
});
