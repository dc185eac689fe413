import { describe, expect, it } from '@jest/globals';
import { attributesNotUpdated, registryFields } from './bios.js';
import { bootDeviceOf, bootDevicePatch } from './management.js';

describe('Redfish boot device', () => {
  it.each([
    [{ BootSourceOverrideTarget: 'Pxe', BootSourceOverrideEnabled: 'Once' }, { boot_device: 'pxe', persistent: false }],
    [{ BootSourceOverrideTarget: 'Hdd', BootSourceOverrideEnabled: 'Continuous' }, { boot_device: 'disk', persistent: true }],
    [{ BootSourceOverrideTarget: 'Cd', BootSourceOverrideEnabled: 'Disabled' }, { boot_device: 'cdrom', persistent: null }],
    [{ BootSourceOverrideTarget: 'BiosSetup' }, { boot_device: 'bios', persistent: null }],
    [{ BootSourceOverrideTarget: 'Usb', BootSourceOverrideEnabled: 'Once' }, { boot_device: null, persistent: false }],
    [{ BootSourceOverrideTarget: 'None' }, { boot_device: null, persistent: null }],
  ])('reads %j as %j', (boot, expected) => {
    expect(bootDeviceOf({ Boot: boot })).toEqual(expected);
  });

  it('reads a system without Boot as unknown', () => {
    expect(bootDeviceOf({})).toEqual({ boot_device: null, persistent: null });
  });

  it('sends BootSourceOverrideEnabled only when it changes, and always to Supermicro', () => {
    const once = { Boot: { BootSourceOverrideTarget: 'Pxe', BootSourceOverrideEnabled: 'Once' } };
    expect(bootDevicePatch(once, 'disk', false, null)).toEqual({ body: { Boot: { BootSourceOverrideTarget: 'Hdd' } } });
    expect(bootDevicePatch(once, 'disk', true, null)).toEqual({ body: { Boot: { BootSourceOverrideTarget: 'Hdd', BootSourceOverrideEnabled: 'Continuous' } } });
    expect(bootDevicePatch(once, 'cdrom', false, 'supermicro')).toEqual({ body: { Boot: { BootSourceOverrideTarget: 'Cd', BootSourceOverrideEnabled: 'Once' } } });
    expect(bootDevicePatch({}, 'bios', false, null)).toEqual({ body: { Boot: { BootSourceOverrideTarget: 'BiosSetup', BootSourceOverrideEnabled: 'Once' } } });
  });

  it('refuses a target the BMC does not list among its allowed values', () => {
    const system = { Boot: { 'BootSourceOverrideTarget@Redfish.AllowableValues': ['Pxe', 'Hdd'] } };
    expect(bootDevicePatch(system, 'cdrom', false, null)).toEqual({ refused: 'The parameter "target" value "Cd" is invalid. Valid values are: Pxe, Hdd' });
    expect(bootDevicePatch(system, 'pxe', false, null)).toHaveProperty('body');
  });
});

describe('Redfish BIOS', () => {
  it('takes Ironic’s registry fields from an attribute registry entry', () => {
    expect(registryFields({ AttributeName: 'Mode', Type: 'Enumeration', Value: [{ ValueName: 'A' }, { ValueDisplayName: 'B' }, {}], ReadOnly: true, ResetRequired: false, IsSystemUniqueProperty: true })).toEqual({
      attribute_type: 'Enumeration', allowable_values: ['A', 'B'], lower_bound: null, max_length: null, min_length: null, read_only: true, reset_required: false, unique: true, upper_bound: null,
    });
    expect(registryFields({ Type: 'Integer', LowerBound: 0, UpperBound: 9, MinLength: 'x' })).toMatchObject({ lower_bound: 0, upper_bound: 9, min_length: null, allowable_values: null });
    expect(Object.values(registryFields(undefined)).every((value) => value === null)).toBe(true);
  });

  it('names the attributes the BMC did not take, as a Python dict of what was asked', () => {
    expect(attributesNotUpdated({ NumCores: 8, Mode: 'A' }, { NumCores: 8, Mode: 'A' })).toBeNull();
    expect(attributesNotUpdated({ NumCores: 8, Mode: 'A' }, { NumCores: 4, Mode: 'A', Flag: true })).toBe("{'NumCores': 4, 'Flag': True}");
    expect(attributesNotUpdated({ NumCores: 8 }, { NumCores: '8' })).toBe("{'NumCores': '8'}");
  });
});
