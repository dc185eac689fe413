import { describe, expect, it } from '@jest/globals';
import { DEFAULT_NODE_FIELDS, defaultInterfaces, type Node } from '@ironledger/domain';
import { DriverError } from '../driver.js';
import { hardwareTypes } from '../registry.js';
import { fakeIpmitool } from './fake-ipmitool.js';
import { deployBootMode } from '../boot/index.js';
import { ipmiHardware } from './index.js';

const node = { ...DEFAULT_NODE_FIELDS, uuid: 'node-1', driver: 'ipmi', management_interface: 'ipmitool', driver_info: { ipmi_address: '10.0.0.5', ipmi_password: 'pw' } } as unknown as Node;
/** A node deployed by `ramdisk` over PXE, with the agent's images for cleaning. */
const ramdiskNode: Node = {
  ...node,
  ...defaultInterfaces('ipmi'),
  deploy_interface: 'ramdisk',
  driver_info: { ...node.driver_info, deploy_kernel: 'http://images/deploy-k', deploy_ramdisk: 'http://images/deploy-r' },
  instance_info: { kernel: 'http://images/k', ramdisk: 'http://images/r' },
  ports: [{ uuid: 'p-1', address: '52:54:00:00:00:01', pxe_enabled: true, extra: {}, local_link_connection: {}, physical_network: null, is_smartnic: false }] as unknown as Node['ports'],
  cleaning_disable_ramdisk: false,
};

function hardware(power: 'on' | 'off') {
  const bmc = { power, password: 'pw' };
  const fake = fakeIpmitool({ 623: bmc });
  return { ...ipmiHardware({ passwordVia: 'env', exec: fake.exec, minCommandIntervalMs: 0, pollIntervalMs: 1 }), fake, bmc };
}

describe('ipmi hardware type', () => {
  it('is registered under the name nodes use', () => {
    const ipmi = hardwareTypes().get('ipmi');
    expect(ipmi?.name).toBe('ipmi');
    // The ipmi power driver: the one with the ipmitool runner its management interface shares.
    expect(ipmi?.power).toMatchObject({ access: expect.any(Function), run: expect.any(Function) });
  });

  it('deploys a ramdisk instance over PXE: off, persistent network boot, on, and the configuration to serve', async () => {
    const { provisioning, fake, bmc } = hardware('on');
    const outcome = await provisioning.deploy(ramdiskNode, 'start');
    expect(outcome).toMatchObject({ result: 'done', powerState: 'power on', bootConfig: { mode: 'instance', kernel: 'http://images/k', ramdisk: 'http://images/r', mac_addresses: ['52:54:00:00:00:01'] } });
    const commands = fake.commands();
    expect(commands.indexOf('power off')).toBeLessThan(commands.indexOf('chassis bootdev pxe options=persistent,efiboot'));
    expect(commands.indexOf('chassis bootdev pxe options=persistent,efiboot')).toBeLessThan(commands.lastIndexOf('power on'));
    expect(bmc.power).toBe('on');
  });

  it('refuses a ramdisk deployment it cannot boot, before touching the BMC', async () => {
    const { provisioning, fake } = hardware('off');
    await expect(provisioning.deploy({ ...ramdiskNode, instance_info: { kernel: 'http://images/k' } }, 'start')).rejects.toThrow(
      new DriverError("Cannot validate image information for node node-1 because one or more parameters are missing from its instance_info and insufficient information is present to boot from a remote volume. Missing are: ['ramdisk']"),
    );
    await expect(provisioning.deploy({ ...ramdiskNode, instance_info: { boot_iso: 'http://images/live.iso' } }, 'start')).rejects.toThrow('a ramdisk instance over PXE is booted from instance_info/kernel and ramdisk');
    expect(fake.commands()).toEqual([]);
  });

  it('cleans through the agent: boots its ramdisk over PXE once and waits; tears down by powering off', async () => {
    const { provisioning, fake, bmc } = hardware('off');
    const agentNode = { ...ramdiskNode, deploy_interface: 'direct', instance_info: {} };
    expect(await provisioning.clean(agentNode, null, 'start')).toMatchObject({ result: 'wait', powerState: 'power on', bootConfig: { mode: 'deploy', kernel: 'http://images/deploy-k' } });
    expect(fake.commands()).toContain('chassis bootdev pxe options=efiboot');
    expect(await provisioning.tearDown(agentNode)).toEqual({ result: 'done', powerState: 'power off' });
    expect(bmc.power).toBe('off');
  });

  it('adopts by reading power; refuses BIOS clean steps without a BIOS interface, and rescue without a rescue interface', async () => {
    const { provisioning, fake } = hardware('on');
    expect(await provisioning.adopt(ramdiskNode)).toEqual({ result: 'done' });
    expect(fake.commands()).toEqual(['power status']);
    const outOfBand = { ...ramdiskNode, cleaning_disable_ramdisk: true };
    await expect(provisioning.clean(outOfBand, [{ interface: 'bios', step: 'factory_reset' }], 'start')).rejects.toThrow('does not support this clean step');
    await expect(provisioning.rescue(ramdiskNode, 'start')).rejects.toThrow(new DriverError('Driver ipmi does not support rescue (disabled or not implemented).'));
  });

  it('boots deployments in UEFI unless the instance or the node says BIOS', () => {
    expect(deployBootMode(node)).toBe('uefi');
    expect(deployBootMode({ ...node, properties: { capabilities: 'cpu_vt:true,boot_mode:bios' } })).toBe('bios');
    expect(deployBootMode({ ...node, properties: { capabilities: { boot_mode: 'bios' } } })).toBe('bios');
    expect(deployBootMode({ ...node, instance_info: { deploy_boot_mode: 'bios' } })).toBe('bios');
    expect(deployBootMode({ ...node, properties: { capabilities: 'boot_mode:bios' }, instance_info: { capabilities: { secure_boot: 'true' } } })).toBe('uefi');
  });

  it('offers Ironic’s ipmitool boot devices and the chassis identify LED', async () => {
    const { management } = hardware('on');
    expect(management!.supportedBootDevices(node)).toEqual(['pxe', 'disk', 'cdrom', 'bios', 'safe']);
    expect(await management!.listIndicators!(node)).toEqual([{ id: 'identify', component: 'chassis', readonly: false, states: ['off', 'on'] }]);
    await expect(management!.setBootDevice(node, 'wanboot', false)).rejects.toThrow('Invalid boot device wanboot specified.');
  });
});
