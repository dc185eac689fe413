import { describe, expect, it } from '@jest/globals';
import { DEFAULT_NODE_FIELDS, type Node } from '@ironledger/domain';
import { DriverError } from '../driver.js';
import { hardwareTypes } from '../registry.js';
import { fakeIpmitool } from './fake-ipmitool.js';
import { ipmiHardware, IpmiPowerDriver } from './index.js';

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

  it('deploys by powering the node on, or rebooting it when on', async () => {
    const off = hardware('off');
    expect(await off.provisioning.deploy(node, 'start')).toBe('done');
    expect(off.fake.commands()).toEqual(['power status', 'power on', 'power status']);
    const on = hardware('on');
    expect(await on.provisioning.deploy(node, 'start')).toBe('done');
    expect(on.fake.commands()).toEqual(['power status', 'power status', 'power off', 'power status', 'power on', 'power status']);
    expect(on.bmc.power).toBe('on');
  });

  it('tears down and cleans by powering off; refuses clean steps', async () => {
    const { provisioning, bmc } = hardware('on');
    await provisioning.tearDown(node);
    expect(bmc.power).toBe('off');
    bmc.power = 'on';
    expect(await provisioning.clean(node, null, 'start')).toBe('done');
    expect(bmc.power).toBe('off');
    await expect(provisioning.clean(node, [{ interface: 'deploy', step: 'erase_devices' }], 'start')).rejects.toThrow('supports no clean steps');
  });

  it('adopts by reading power; refuses inspection and rescue', async () => {
    const { provisioning, fake } = hardware('on');
    await provisioning.adopt(node);
    expect(fake.commands()).toEqual(['power status']);
    await expect(provisioning.inspect(node, 'start')).rejects.toThrow(new DriverError('Hardware type ipmi does not support inspection (node node-1).'));
    await expect(provisioning.rescue(node, 'start')).rejects.toThrow(DriverError);
    await expect(provisioning.unrescue(node)).rejects.toThrow(DriverError);
  });
});
