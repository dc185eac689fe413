/**
 * The `ipmitool` vendor interface's methods through the gateway, a real conductor and the real
 * ipmitool against OpenIPMI's ipmi_sim (scripts/ipmi-sim.sh, which installs it when missing):
 * the list and the refusals compared with Ironic 21.4's answers to the same requests
 * (`ironic-21.4-vendor-passthru.recorded.ts`), the calls answered 202 and carried out afterwards.
 */
import { describe, expect, it, jest } from '@jest/globals';
import { nodeStreamId } from '@ironledger/contracts';
import { apiClient, fault, type Json } from '../support/api.js';
import { sleep } from '../support/system.js';
import { ipmiSimForFile } from '../support/ipmi-sim-for-file.js';
import { systemForFile } from '../support/system-for-file.js';
import { IRONIC_VENDOR_CASES, IRONIC_VENDOR_METHODS } from './ironic-21.4-vendor-passthru.recorded.js';

jest.setTimeout(60_000);

const sim = ipmiSimForFile();
const system = systemForFile();
const call = apiClient(() => system.baseUrl);

async function createNode(name: string, driverInfo: Json): Promise<string> {
  const created = await call('POST', '/v1/nodes', { body: { driver: 'ipmi', name, driver_info: driverInfo } });
  expect(created.status).toBe(201);
  return created.json.uuid as string;
}

const simNode = () => createNode(`vendor-${Date.now()}`, { ipmi_address: '127.0.0.1', ipmi_port: sim.port, ipmi_username: 'admin', ipmi_password: 'password' });
const types = async (uuid: string) => (await (await system.store()).readStream(nodeStreamId(uuid))).map((event) => event.type);

/** Waits until the conductor released the node's lock after an accepted call. */
async function released(uuid: string): Promise<Json> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const node = (await call('GET', `/v1/nodes/${uuid}`)).json;
    if (node.reservation === null) return node;
    if (Date.now() > deadline) throw new Error(`node ${uuid} still reserved by ${String(node.reservation)}`);
    await sleep(100);
  }
}

describe('ipmitool vendor methods against Ironic 21.4 and ipmi_sim', () => {
  it('lists send_raw and bmc_reset as Ironic does; none for no-vendor', async () => {
    const uuid = await simNode();
    expect((await call('GET', `/v1/nodes/${uuid}/vendor_passthru/methods`)).json).toEqual(IRONIC_VENDOR_METHODS);
    expect((await call('GET', `/v1/nodes/vendor_passthru/${uuid}/methods`)).json).toEqual(IRONIC_VENDOR_METHODS);
    const plain = (await call('POST', '/v1/nodes', { body: { driver: 'ipmi', vendor_interface: 'no-vendor', driver_info: { ipmi_address: '127.0.0.1' } } })).json.uuid as string;
    expect((await call('GET', `/v1/nodes/${plain}/vendor_passthru/methods`)).json).toEqual({});
  });

  it('refuses as Ironic does, appending nothing', async () => {
    const uuids = new Map<string, string>();
    for (const name of new Set(IRONIC_VENDOR_CASES.map((recorded) => recorded.node))) {
      uuids.set(name, (await call('POST', '/v1/nodes', { body: { driver: 'ipmi', name: `${name}-${Date.now()}`, ...IRONIC_VENDOR_NODES[name] } })).json.uuid as string);
    }
    const [answers, recorded]: unknown[][] = [[], []];
    for (const each of IRONIC_VENDOR_CASES) {
      const uuid = uuids.get(each.node)!;
      const before = await types(uuid);
      const response = await call(each.method, `/v1/nodes/${uuid}/vendor_passthru${each.path}`, { body: each.body ?? undefined });
      answers.push({ name: each.name, status: response.status, answer: response.status >= 400 ? fault(response.json) : response.text, appended: (await types(uuid)).length - before.length });
      recorded.push({ name: each.name, status: each.status, answer: each.answer, appended: 0 });
    }
    expect(answers).toEqual(recorded);
  });

  it('send_raw: 202 with no body, then the bytes go to the BMC (Chassis Control "power up")', async () => {
    const uuid = await simNode();
    const accepted = await call('POST', `/v1/nodes/${uuid}/vendor_passthru/send_raw`, { body: { raw_bytes: '0x00 0x02 0x01' } });
    expect([accepted.status, accepted.text]).toEqual([202, '']);
    expect(await released(uuid)).toMatchObject({ last_error: null });
    expect(sim.power()).toBe('1');
    expect((await types(uuid)).slice(-2)).toEqual(['ManagementActionStarted', 'VendorMethodCalled']);
  });

  it('bmc_reset: a cold reset works; the warm one this ipmi_sim refuses fails, in last_error as Ironic’s conductor writes an async method’s failure', async () => {
    const uuid = await simNode();
    const cold = await call('POST', `/v1/nodes/vendor_passthru/${uuid}?method=bmc_reset`, { body: { warm: false } });
    expect(cold.status).toBe(202);
    await released(uuid);
    expect((await types(uuid)).slice(-1)).toEqual(['VendorMethodCalled']);
    expect((await call('POST', `/v1/nodes/${uuid}/vendor_passthru/bmc_reset`, { body: {} })).status).toBe(202);
    expect(String((await released(uuid)).last_error)).toMatch(/^Async execution of bmc_reset failed with error: IPMI "bmc reset warm" on BMC 127\.0\.0\.1:\d+ failed: .*Invalid command/);
    const events = await (await system.store()).readStream(nodeStreamId(uuid));
    const failed = events.at(-1)!;
    expect(failed.type).toBe('ManagementActionFailed');
    expect(String((failed.data as Json).error)).toMatch(/^IPMI "bmc reset warm" on BMC 127\.0\.0\.1:\d+ failed: .*Invalid command/);
  });
});

/** The nodes the refusals are asked of, as created in Ironic. */
const IRONIC_VENDOR_NODES: Record<string, Json> = {
  'vendor-ipmi': { driver_info: { ipmi_address: '127.0.0.1', ipmi_username: 'admin', ipmi_password: 'password' } },
  'vendor-no-address': { driver_info: { ipmi_username: 'admin' } },
  'vendor-none': { vendor_interface: 'no-vendor', driver_info: { ipmi_address: '127.0.0.1' } },
};
