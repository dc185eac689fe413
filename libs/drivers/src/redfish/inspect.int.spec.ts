/**
 * The `redfish` inspect interface against the simulator over real HTTP: the properties and MACs
 * it reads from the system's Processors, MemorySummary, SimpleStorage, Storage and
 * EthernetInterfaces (the same machine the simulated ramdisk reports), and Ironic's words when the
 * BMC cannot answer.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { type JsonObject, type Node } from '@ironledger/domain';
import { BmcSim, simulatedInventory, systemMacs } from '@ironledger/bmc-sim';
import { RedfishConnections } from './connections.js';
import { redfishInspect } from './inspect.js';
import { redfishNode } from './test-node.js';

let sim: BmcSim;
let connections: RedfishConnections;

beforeAll(async () => {
  sim = await BmcSim.start({ port: 0, systems: 4 });
  connections = new RedfishConnections({ requestTimeoutMs: 2000 });
});
afterAll(async () => {
  await connections.close();
  await sim.close();
});
beforeEach(() => {
  for (const bmc of sim.bmcs) sim.control(bmc.index, { reset: true });
});

function node(n: number, properties: JsonObject = {}, info: JsonObject = {}): Node {
  const made = redfishNode(n, { redfish_address: sim.bmcUrl(n), redfish_username: 'admin', redfish_password: 'password', redfish_auth_type: 'basic', ...info });
  return { ...made, properties };
}

describe('redfish inspection against the simulator', () => {
  it('finds what the ramdisk of the same system reports: CPUs, memory, the smallest disk of 4 GiB or more, UEFI boot, the enabled NICs', async () => {
    const inspect = redfishInspect(connections);
    const { inventory } = simulatedInventory(3, '');
    const found = await inspect.inspectHardware(node(3, { vendor: 'ironledger' }));
    expect(found).toEqual({
      properties: {
        vendor: 'ironledger',
        cpus: inventory.cpu.count,
        cpu_arch: 'x86_64',
        memory_mb: String(inventory.memory.physical_mb),
        local_gb: '119',
        capabilities: 'boot_mode:uefi',
      },
      macs: systemMacs(3),
    });
  });

  it('adds the boot mode to the capabilities a node has, and keeps one it already names', async () => {
    const inspect = redfishInspect(connections);
    sim.control(2, { bootSourceOverrideMode: 'Legacy' });
    expect((await inspect.inspectHardware(node(2, { capabilities: 'cpu_vt:true' }))).properties.capabilities).toBe('cpu_vt:true,boot_mode:bios');
    expect((await inspect.inspectHardware(node(2, { capabilities: 'boot_mode:uefi,cpu_vt:true' }))).properties.capabilities).toBe('boot_mode:uefi,cpu_vt:true');
  });

  it('fails in Ironic’s words when the BMC has no such system', async () => {
    const inspect = redfishInspect(connections);
    const missing = node(1, {}, { redfish_system_id: '/redfish/v1/Systems/99' });
    await expect(inspect.inspectHardware(missing)).rejects.toThrow(/^Redfish exception occurred\. Error: /);
  });

  it('names the sushy exception Ironic reports when the BMC fails', async () => {
    const inspect = redfishInspect(connections);
    sim.control(1, { failStatus: 500, failCount: 1 });
    await expect(inspect.inspectHardware(node(1))).rejects.toThrow(/^Unexpected exception of type ServerSideError: /);
  });
});
