import { describe, expect, it } from '@jest/globals';
import { type JsonObject, newNode } from '@ironledger/domain';
import { DriverError, DriverRefusal } from './driver.js';
import { fakeHardware } from './fake.js';

const node = newNode('6b0f6a8e-2f0c-4f7e-9d21-000000000001', '2026-01-01T00:00:00Z', { provision_state: 'manageable', driver: 'fake-hardware' });

describe('fake management', () => {
  it('knows only PXE, always reports a one-time PXE boot, and refuses other devices', async () => {
    const { management } = fakeHardware();
    expect(management!.supportedBootDevices(node)).toEqual(['pxe']);
    await management!.setBootDevice(node, 'pxe', true);
    expect(await management!.getBootDevice(node)).toEqual({ boot_device: 'pxe', persistent: false });
    await expect(management!.setBootDevice(node, 'disk', false)).rejects.toThrow(new DriverRefusal('Invalid boot device disk specified.'));
    expect([management!.injectNmi, management!.setBootMode, management!.setSecureBoot, management!.setIndicatorState]).toEqual([undefined, undefined, undefined, undefined]);
  });

  it('fails setting the boot device when scripted to', async () => {
    const { management } = fakeHardware();
    await expect(management!.setBootDevice({ ...node, driver_info: { fake_fail: 'management' } }, 'pxe', false)).rejects.toThrow(DriverError);
  });

  it('has Ironic’s two indicators, both on, and refuses others with Ironic’s words', async () => {
    const { management } = fakeHardware();
    expect(await management!.listIndicators!(node)).toEqual([
      { id: 'led-0', component: 'chassis', readonly: true, states: ['off', 'on'] },
      { id: 'led', component: 'system', readonly: false, states: ['blinking', 'off', 'on'] },
    ]);
    expect(await management!.getIndicatorState!(node, 'chassis', 'led-0')).toBe('on');
    await expect(management!.getIndicatorState!(node, 'disk', 'led')).rejects.toThrow('Invalid component disk specified.');
    await expect(management!.getIndicatorState!(node, 'system', 'foo')).rejects.toThrow('Invalid indicator foo specified.');
  });
});

describe('fake BIOS clean steps', () => {
  it('apply_configuration replaces the whole set, values as strings; factory_reset empties it', async () => {
    const { provisioning, bios } = fakeHardware();
    const apply = (settings: JsonObject[]) => provisioning.clean(node, [{ interface: 'bios', step: 'apply_configuration', args: { settings } }], 'start');
    expect(await bios!.readSettings(node)).toEqual([]);
    await apply([{ name: 'NumCores', value: 4 }, { name: 'Virt', value: true }, { name: 'Boot', value: 'Uefi' }]);
    expect(await bios!.readSettings(node)).toEqual([{ name: 'NumCores', value: '4' }, { name: 'Virt', value: 'True' }, { name: 'Boot', value: 'Uefi' }]);
    await apply([{ name: 'Boot', value: 'Bios' }]);
    expect(await bios!.readSettings(node)).toEqual([{ name: 'Boot', value: 'Bios' }]);
    await provisioning.clean(node, [{ interface: 'bios', step: 'factory_reset' }, { interface: 'bios', step: 'cache_bios_settings' }], 'start');
    expect(await bios!.readSettings(node)).toEqual([]);
  });

  it('starts from the settings the node keeps', async () => {
    const { bios } = fakeHardware();
    const kept = { ...node, bios_settings: [{ name: 'A', value: '1', created_at: '2026-01-01T00:00:00Z', updated_at: null }] };
    expect(await bios!.readSettings(kept)).toEqual([{ name: 'A', value: '1' }]);
  });

  it('refuses apply_configuration without settings, in Ironic’s words, before running any step', async () => {
    const { provisioning, bios } = fakeHardware();
    await expect(provisioning.clean(node, [{ interface: 'bios', step: 'factory_reset' }, { interface: 'bios', step: 'apply_configuration' }], 'start')).rejects.toThrow(
      `Cannot clean node ${node.uuid}: clean step {'interface': 'bios', 'step': 'apply_configuration'} is missing these required arguments: settings (List of BIOS settings, each item needs to contain a dictionary with name/value pairs)`,
    );
    await expect(provisioning.clean(node, [{ interface: 'bios', step: 'apply_configuration', args: { settings: 'x' } }], 'start')).rejects.toThrow(DriverError);
    await expect(provisioning.clean(node, [{ interface: 'raid', step: 'create_raid' }], 'start')).rejects.toThrow('node does not support this clean step');
    expect(await bios!.readSettings(node)).toEqual([]);
  });

  it('offers no steps of an interface set to no-…, and names every step it lacks as Ironic 21.4.4 does', async () => {
    const { provisioning } = fakeHardware();
    const noBios = { ...node, bios_interface: 'no-bios', raid_interface: 'no-raid' };
    await expect(provisioning.clean(noBios, [{ interface: 'bios', step: 'factory_reset' }], 'start')).rejects.toThrow(
      `Cannot clean node ${node.uuid}: node does not support this clean step: {'interface': 'bios', 'step': 'factory_reset'}`,
    );
    await expect(provisioning.clean(noBios, [{ interface: 'raid', step: 'delete_configuration' }, { interface: 'deploy', step: 'nonexistent', args: { a: 1 } }], 'start')).rejects.toThrow(
      `Cannot clean node ${node.uuid}: node does not support this clean step: {'interface': 'raid', 'step': 'delete_configuration'}; node does not support this clean step: {'interface': 'deploy', 'step': 'nonexistent', 'args': {'a': 1}}`,
    );
    await expect(provisioning.clean(noBios, [{ interface: 'deploy', step: 'erase_devices' }], 'start')).resolves.toEqual({ result: 'done' });
  });

  it('has a console that starts, stops and shows no details', async () => {
    const { console: consoleDriver } = fakeHardware();
    await consoleDriver!.start(node);
    expect(await consoleDriver!.info(node)).toEqual({});
    await consoleDriver!.stop(node);
  });
});
