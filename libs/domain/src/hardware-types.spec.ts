import { describe, expect, it } from '@jest/globals';
import { defaultInterfaces, enabledImplementations, interfaceOf, interfaceRefusal } from './hardware-types.js';

describe('the interfaces a node uses', () => {
  it('are Ironic’s defaults of its hardware type (direct deploy for redfish and ipmi), unless the instance chooses another', () => {
    const redfish = { ...defaultInterfaces('redfish'), instance_info: {} };
    expect(defaultInterfaces('ipmi').deploy_interface).toBe('direct');
    expect(interfaceOf(redfish, 'deploy')).toBe('direct');
    expect(interfaceOf({ ...redfish, instance_info: { deploy_interface: 'ramdisk' } }, 'deploy')).toBe('ramdisk');
    expect(interfaceOf({ ...redfish, instance_info: { deploy_interface: 5 } }, 'deploy')).toBe('direct');
    expect(interfaceOf({ ...redfish, rescue_interface: 'agent', instance_info: { deploy_interface: 'ramdisk' } }, 'rescue')).toBe('agent');
  });
});

describe('the implementations a hardware type takes', () => {
  it('are Ironic 21.4’s for ipmi: iPXE boot by default, RAID through the agent, ipmitool vendor methods and serial consoles', () => {
    expect(defaultInterfaces('ipmi')).toMatchObject({ boot_interface: 'ipxe', raid_interface: 'no-raid', vendor_interface: 'ipmitool', console_interface: 'no-console' });
    for (const [name, implementation] of [['boot', 'ipxe'], ['boot', 'pxe'], ['raid', 'agent'], ['console', 'ipmitool-socat'], ['console', 'ipmitool-shellinabox'], ['storage', 'external'], ['vendor', 'no-vendor']] as const) {
      expect(interfaceRefusal('ipmi', name, implementation)).toBeUndefined();
    }
  });

  it('are refused as Ironic refuses them: not enabled at all, or enabled but not supported by the type', () => {
    expect(enabledImplementations('ipmi', 'boot')).toEqual(['fake', 'ipxe', 'pxe', 'redfish-virtual-media']);
    expect(interfaceRefusal('ipmi', 'boot', 'bogus')).toBe("Could not find the following interface in the 'ironic.hardware.interfaces.boot' entrypoint: bogus. Valid interfaces are ['fake', 'ipxe', 'pxe', 'redfish-virtual-media'].");
    expect(interfaceRefusal('ipmi', 'boot', 'redfish-virtual-media')).toBe("boot interface implementation 'redfish-virtual-media' is not supported by hardware type IPMIHardware.");
    expect(interfaceRefusal('redfish', 'console', 'ipmitool-socat')).toBe("console interface implementation 'ipmitool-socat' is not supported by hardware type RedfishHardware.");
    // Fake hardware answers as the shared fake-hardware deployment, which enables only fake hardware's.
    expect(interfaceRefusal('fake-hardware', 'power', 'ipmitool')).toBe("Could not find the following interface in the 'ironic.hardware.interfaces.power' entrypoint: ipmitool. Valid interfaces are ['fake'].");
    expect(interfaceRefusal('unknown-type', 'boot', 'anything')).toBeUndefined();
  });
});
