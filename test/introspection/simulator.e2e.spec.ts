/**
 * Introspection with the BMC simulator playing the hardware: redfish nodes whose inspection
 * powers them on through Redfish, and simulated ramdisks that then post their inventories to
 * the gateway's `/v1/continue` on their own. The system and the simulator share the loopback,
 * so every node has the same BMC host: each is told apart by the MAC of a port enrolled for it.
 */
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { simulatedInventory, systemMacs } from '@ironledger/bmc-sim';
import { type Service, startBmcSim } from '../support/processes.js';
import { type RunningSystem, sleep, startSystem } from '../support/system.js';
import { Api, type Json } from './client.js';

jest.setTimeout(240_000);

const SYSTEMS = 100;
const GARBLED = SYSTEMS + 1;

let system: RunningSystem;
let sim: Service;
let simUrl: string;
let api: Api;

beforeAll(async () => {
  system = await startSystem({ env: { COMMAND_TIMEOUT_MS: '30000' } });
  // The simulator runs as its own process, as it does in a deployment.
  ({ sim, url: simUrl } = await startBmcSim({ BMC_SIM_SYSTEMS: String(GARBLED), BMC_SIM_CALLBACK_URL: `${system.baseUrl}/v1/continue`, BMC_SIM_RAMDISK_DELAY_MS: '300' }));
  api = new Api(system);
}, 180_000);

afterAll(async () => {
  await sim?.stop();
  await system?.stop();
});

const control = async (path: string, body?: object): Promise<Json> =>
  (await (await fetch(`${simUrl}/control${path}`, body ? { method: 'PUT', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) } : {})).json()) as Json;

/** A redfish node for simulated system `n` inspected through the inspector's ramdisk, with a port for its PXE NIC, on its way to manageable. */
async function enroll(n: number): Promise<string> {
  const driver_info = { redfish_address: `${simUrl}/bmc/${n}`, redfish_system_id: `/redfish/v1/Systems/${n}`, redfish_username: 'admin', redfish_password: 'password', redfish_auth_type: 'basic' };
  const created = await api.call('POST', '/v1/nodes', { body: { driver: 'redfish', name: `sim-${n}`, driver_info, inspect_interface: 'inspector' } });
  expect(created.status).toBe(201);
  const uuid = created.json.uuid as string;
  expect((await api.call('POST', '/v1/ports', { body: { node_uuid: uuid, address: systemMacs(n)[0] } })).status).toBe(201);
  expect((await api.call('PUT', `/v1/nodes/${uuid}/states/provision`, { body: { target: 'manage' } })).status).toBe(202);
  return uuid;
}

describe('inspection with simulated hardware', () => {
  it('inspects 100 redfish nodes whose simulated ramdisks report on their own', async () => {
    const uuids = await Promise.all(Array.from({ length: SYSTEMS }, (_, i) => enroll(i + 1)));
    await api.untilAll(uuids, (n) => n.provision_state === 'manageable', 'manageable', 120_000);
    const inspecting = await Promise.all(uuids.map((uuid) => api.call('PUT', `/v1/nodes/${uuid}/states/provision`, { body: { target: 'inspect' } })));
    expect(inspecting.map((r) => r.status)).toEqual(uuids.map(() => 202));

    const nodes = await api.untilAll(uuids, (n) => n.provision_state === 'manageable' && n.power_state === 'power off' && n.target_power_state === null && n.reservation === null, 'inspected', 120_000);
    nodes.forEach((node, i) => {
      const n = i + 1;
      const { inventory } = simulatedInventory(n, '127.0.0.1');
      expect([n, node.properties]).toEqual([
        n,
        {
          cpus: String(inventory.cpu.count),
          cpu_arch: 'x86_64',
          memory_mb: String(inventory.memory.physical_mb),
          local_gb: String(240 + 10 * (n % 10) - 1),
          capabilities: 'boot_mode:uefi,cpu_hugepages:true,cpu_vt:true,cpu_aes:true',
        },
      ]);
    });
    // The enrolled PXE port stayed; the second NIC got one.
    const ports = (await api.call('GET', `/v1/nodes/${uuids[41]}/ports?detail=true`)).json.ports as Json[];
    expect(ports.map((p) => p.address)).toEqual(systemMacs(42));
    // Every simulated host was booted for its ramdisk, which posted once, and is off again.
    for (const n of [1, 42, SYSTEMS]) {
      expect(await control(`/bmc/${n}`)).toMatchObject({ powerState: 'Off', resets: expect.any(Number) });
      expect(await control(`/bmc/${n}/ramdisk`)).toMatchObject({ mode: 'inventory', lastPost: { status: 200 } });
    }
    expect((await api.call('GET', `/v1/introspection/${uuids[0]}`)).json).toMatchObject({ state: 'finished', error: null });
  });

  it('keeps waiting when a ramdisk posts garbage, appending nothing for it', async () => {
    const uuid = await enroll(GARBLED);
    await api.until(uuid, (n) => n.provision_state === 'manageable', 'manageable');
    expect(await control(`/bmc/${GARBLED}/ramdisk`, { mode: 'garbage', delayMs: 0 })).toMatchObject({ mode: 'garbage' });
    expect((await api.call('PUT', `/v1/nodes/${uuid}/states/provision`, { body: { target: 'inspect' } })).status).toBe(202);
    await api.until(uuid, (n) => n.provision_state === 'inspect wait', 'inspect wait');
    const deadline = Date.now() + 10_000;
    let lastPost: Json | null = null;
    while (Date.now() < deadline && !lastPost) {
      lastPost = (await control(`/bmc/${GARBLED}/ramdisk`)).lastPost as Json | null;
      await sleep(50);
    }
    expect(lastPost).toMatchObject({ status: 400 });
    const before = await api.eventTypes(uuid);
    await sleep(300);
    expect(await api.eventTypes(uuid)).toEqual(before);
    expect((await api.call('GET', `/v1/nodes/${uuid}`)).json.provision_state).toBe('inspect wait');
  });
});
