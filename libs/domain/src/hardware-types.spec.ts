import { describe, expect, it } from '@jest/globals';
import { defaultInterfaces, interfaceOf } from './hardware-types.js';

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
