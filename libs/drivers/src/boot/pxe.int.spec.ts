/**
 * The `pxe` boot interface against the simulator over real HTTP, through the Redfish management
 * interface: a one-time network boot, the configuration a PXE service serves, and the disk
 * afterwards. (Over IPMI it sets the same boot devices through the ipmitool management driver.)
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { type JsonObject, type Node, type Port } from '@ironledger/domain';
import { BmcSim } from '@ironledger/bmc-sim';
import { type ManagementDriver } from '../driver.js';
import { RedfishConnections } from '../redfish/connections.js';
import { redfishManagement } from '../redfish/management.js';
import { type ClosablePowerDriver, redfishPower } from '../redfish/power.js';
import { redfishNode } from '../redfish/test-node.js';
import { type BootInterface } from './boot-interface.js';
import { pxeBoot } from './pxe.js';

const API_URL = 'http://ironledger.example:6385';
let sim: BmcSim;
let connections: RedfishConnections;
let management: ManagementDriver;
let power: ClosablePowerDriver;
let boot: BootInterface;

beforeAll(async () => {
  sim = await BmcSim.start({ port: 0, systems: 4 });
  connections = new RedfishConnections({ requestTimeoutMs: 2000 });
  management = redfishManagement(connections);
  power = redfishPower({ pollIntervalMs: 20, powerTimeoutSeconds: 5 }, connections);
  boot = pxeBoot(management, { apiUrl: API_URL, images: { deployKernel: 'http://images.example/ipa.kernel', deployRamdisk: 'http://images.example/ipa.initramfs' } });
});
afterAll(async () => {
  await connections.close();
  await sim.close();
});
beforeEach(() => {
  for (const bmc of sim.bmcs) sim.control(bmc.index, { reset: true, powerState: 'Off' });
});

const port: Port = {
  uuid: 'b7d5ec34-0000-4000-8000-000000000001', address: '52:54:00:aa:bb:01', pxe_enabled: true, extra: {}, local_link_connection: {}, physical_network: null,
  is_smartnic: false, portgroup_uuid: null, internal_info: {}, created_at: '2026-01-01T00:00:00Z',
};

function node(n: number, info: JsonObject = {}, fields: Partial<Node> = {}): Node {
  const base = redfishNode(n, { redfish_address: sim.bmcUrl(n), redfish_username: 'admin', redfish_password: 'password', redfish_auth_type: 'basic', ...info });
  return { ...base, boot_interface: 'pxe', ports: [port], ...fields };
}

describe('validation', () => {
  it('needs a port and the deploy kernel and ramdisk, the node’s or the conductor’s', () => {
    expect(() => boot.validate(node(1))).not.toThrow();
    expect(() => boot.validate(node(1, {}, { ports: [] }))).toThrow(`Node ${node(1).uuid} does not have any port associated with it`);
    expect(() => boot.validate(node(1, { deploy_kernel: 'http://images.example/k' }))).toThrow(
      "Cannot validate PXE bootloader. Some parameters were missing in node's driver_info and configuration. Missing are: ['deploy_ramdisk']",
    );
  });
});

describe('booting the ramdisk', () => {
  it('sets a one-time network boot and returns what the PXE service serves; the next boot comes from the network', async () => {
    const config = await boot.prepareRamdisk(node(1, { kernel_append_params: 'console=ttyS0,115200 %default%' }), 'deploy');
    expect(config).toEqual({
      node_uuid: node(1).uuid,
      mode: 'deploy',
      kernel: 'http://images.example/ipa.kernel',
      ramdisk: 'http://images.example/ipa.initramfs',
      kernel_params: `console=ttyS0,115200 nofb nomodeset vga=normal ipa-api-url=${API_URL}`,
      mac_addresses: ['52:54:00:aa:bb:01'],
    });
    expect(await management.getBootDevice(node(1))).toEqual({ boot_device: 'pxe', persistent: false });
    await power.setPowerState(node(1), 'power on');
    expect(sim.bmcs[0]!.booted).toEqual({ source: 'network' });
  });

  it('serves the rescue kernel and ramdisk in rescue mode, refusing a node without them', async () => {
    const rescue = node(2, { rescue_kernel: 'http://images.example/rescue.kernel', rescue_ramdisk: 'http://images.example/rescue.initramfs' });
    expect(await boot.prepareRamdisk(rescue, 'rescue')).toMatchObject({ mode: 'rescue', kernel: 'http://images.example/rescue.kernel' });
    await expect(boot.prepareRamdisk(node(3), 'rescue')).rejects.toThrow("Missing are: ['rescue_kernel', 'rescue_ramdisk']");
    expect(await management.getBootDevice(node(3))).not.toEqual({ boot_device: 'pxe', persistent: false });
  });
});

describe('the ipxe boot interface', () => {
  it('boots the ramdisk as pxe does, recording the iPXE script the service serves the node', async () => {
    const ipxe = pxeBoot(management, { apiUrl: API_URL, images: { deployKernel: 'http://images.example/ipa.kernel', deployRamdisk: 'http://images.example/ipa.initramfs' } }, 'ipxe');
    expect(ipxe.name).toBe('ipxe');
    const config = await ipxe.prepareRamdisk(node(1, {}, { boot_interface: 'ipxe' }), 'deploy');
    expect(config).toMatchObject({ mode: 'deploy', kernel: 'http://images.example/ipa.kernel', mac_addresses: ['52:54:00:aa:bb:01'] });
    expect((config as JsonObject).ipxe_script).toBe(
      [
        '#!ipxe',
        `kernel http://images.example/ipa.kernel nofb nomodeset vga=normal ipa-api-url=${API_URL} initrd=ramdisk`,
        'initrd --name ramdisk http://images.example/ipa.initramfs',
        'boot',
        '',
      ].join('\n'),
    );
    expect(await management.getBootDevice(node(1))).toEqual({ boot_device: 'pxe', persistent: false });
    await power.setPowerState(node(1), 'power on');
    expect(sim.bmcs[0]!.booted).toEqual({ source: 'network' });
  });
});

describe('after the ramdisk', () => {
  it('boots the instance from the disk from now on', async () => {
    await boot.prepareRamdisk(node(4), 'deploy');
    await boot.cleanUpRamdisk(node(4));
    await boot.prepareInstance(node(4));
    expect(await management.getBootDevice(node(4))).toEqual({ boot_device: 'disk', persistent: true });
  });
});
