import { describe, expect, it } from '@jest/globals';
import { DEFAULT_NODE_FIELDS, type Node } from '@ironledger/domain';
import { DriverError } from '../driver.js';
import { hardwareTypes } from '../registry.js';
import { fakeIpmitool } from './fake-ipmitool.js';
import { deployBootMode, ipmiHardware, IpmiPowerDriver } from './index.js';

const node = { ...DEFAULT_NODE_FIELDS, uuid: 'node-1', driver: 'ipmi', driver_info: { ipmi_address: '10.0.0.5', ipmi_password: 'pw' } } as unknown as Node;

function hardware(power: 'on' | 'off') {
  const bmc = { power, password: 'pw' };
  const fake = fakeIpmitool({ 623: bmc });
  return { ...ipmiHardware({ passwordVia: 'env', exec: fake.exec, minCommandIntervalMs: 0, pollIntervalMs: 1 }), fake, bmc };
}

describe('ipmi hardware type', () => {
  it('is registered under the name nodes use', () => {
    const ipmi = hardwareTypes().get('ipmi');
    expect(ipmi?.name).toBe('ipmi');
    expect(ipmi?.power).toBeInstanceOf(IpmiPowerDriver);
  });

  it('deploys by powering the node on, or rebooting it when on, and says it left the node on', async () => {
    const off = hardware('off');
    expect(await off.provisioning.deploy(node, 'start')).toEqual({ result: 'done', powerState: 'power on' });
    expect(off.fake.commands()).toEqual(['power status', 'power on', 'power status']);
    const on = hardware('on');
    expect(await on.provisioning.deploy(node, 'start')).toEqual({ result: 'done', powerState: 'power on' });
    expect(on.fake.commands()).toEqual(['power status', 'power status', 'power off', 'power status', 'power on', 'power status']);
    expect(on.bmc.power).toBe('on');
  });

  it('tears down and cleans by powering off, and says so; refuses clean steps', async () => {
    const { provisioning, bmc } = hardware('on');
    expect(await provisioning.tearDown(node)).toEqual({ result: 'done', powerState: 'power off' });
    expect(bmc.power).toBe('off');
    bmc.power = 'on';
    expect(await provisioning.clean(node, null, 'start')).toEqual({ result: 'done', powerState: 'power off' });
    expect(bmc.power).toBe('off');
    await expect(provisioning.clean(node, [{ interface: 'deploy', step: 'erase_devices' }], 'start')).rejects.toThrow('node does not support this clean step');
  });

  it('adopts by reading power; refuses inspection and rescue', async () => {
    const { provisioning, fake } = hardware('on');
    expect(await provisioning.adopt(node)).toEqual({ result: 'done' });
    expect(fake.commands()).toEqual(['power status']);
    await expect(provisioning.inspect(node, 'start')).rejects.toThrow(new DriverError('Hardware type ipmi does not support inspection (node node-1).'));
    await expect(provisioning.rescue(node, 'start')).rejects.toThrow(DriverError);
    await expect(provisioning.unrescue(node)).rejects.toThrow(DriverError);
  });

  it('boots deployments in UEFI unless the instance or the node says BIOS', () => {
    expect(deployBootMode(node)).toBe('uefi');
    expect(deployBootMode({ ...node, properties: { capabilities: 'cpu_vt:true,boot_mode:bios' } })).toBe('bios');
    expect(deployBootMode({ ...node, properties: { capabilities: { boot_mode: 'bios' } } })).toBe('bios');
    expect(deployBootMode({ ...node, instance_info: { deploy_boot_mode: 'bios' } })).toBe('bios');
    expect(deployBootMode({ ...node, properties: { capabilities: 'boot_mode:bios' }, instance_info: { capabilities: { secure_boot: 'true' } } })).toBe('uefi');
  });

  it('offers Ironic’s ipmitool boot devices and the chassis identify LED, and refuses BIOS clean steps', async () => {
    const { management, provisioning } = hardware('on');
    expect(management!.supportedBootDevices(node)).toEqual(['pxe', 'disk', 'cdrom', 'bios', 'safe']);
    expect(await management!.listIndicators!(node)).toEqual([{ id: 'identify', component: 'chassis', readonly: false, states: ['off', 'on'] }]);
    await expect(management!.setBootDevice(node, 'wanboot', false)).rejects.toThrow('Invalid boot device wanboot specified.');
    await expect(provisioning.clean(node, [{ interface: 'bios', step: 'factory_reset' }], 'start')).rejects.toThrow('node does not support this clean step');
  });
});
