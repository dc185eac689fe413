import { describe, expect, it } from '@jest/globals';
import { type JsonObject, newNode, type Node, type Port } from '@ironledger/domain';
import { DriverError, type ManagementDriver } from '../driver.js';
import { agentIso, agentKernelAndRamdisk, type BootInterface, bootInterfaceFor, ipxeScript, isOpticalDrive, kernelAppendParams, mediaActionTarget, pxeBoot, pxeConfig, ramdiskModeOf } from './index.js';
import { thrown } from '../testing/thrown.js';

const UUID = '1be26c0b-03f2-4d2e-ae87-c02d7f33c123';
const node = (driverInfo: JsonObject = {}, fields: Partial<Node> = {}): Node => newNode(UUID, '2026-01-01T00:00:00Z', { provision_state: 'manageable', driver: 'redfish', driver_info: driverInfo, ...fields });
const port = (address: string, pxeEnabled = true): Port => ({
  uuid: `p-${address}`, address, pxe_enabled: pxeEnabled, extra: {}, local_link_connection: {}, physical_network: null, is_smartnic: false,
  portgroup_uuid: null, internal_info: {}, created_at: '2026-01-01T00:00:00Z',
});

describe('the agent ISO for virtual media', () => {
  it('is driver_info/<mode>_iso, else the deprecated redfish_<mode>_iso, else the conductor’s', () => {
    const defaults = { deployIso: 'http://images/default-deploy.iso', rescueIso: 'http://images/default-rescue.iso' };
    expect(agentIso(node({ deploy_iso: 'http://a.iso', redfish_deploy_iso: 'http://b.iso' }), 'deploy', defaults)).toBe('http://a.iso');
    expect(agentIso(node({ redfish_deploy_iso: 'http://b.iso' }), 'deploy', defaults)).toBe('http://b.iso');
    expect(agentIso(node({ deploy_iso: '' }), 'deploy', defaults)).toBe('http://images/default-deploy.iso');
    expect(agentIso(node({ deploy_iso: 'http://a.iso' }), 'rescue', defaults)).toBe('http://images/default-rescue.iso');
    expect(agentIso(node({ rescue_iso: 'http://r.iso' }), 'rescue', defaults)).toBe('http://r.iso');
  });

  it('is refused in Ironic’s words when nothing names one', () => {
    const error = thrown(() => agentIso(node({ deploy_kernel: 'k', deploy_ramdisk: 'r' }), 'deploy'));
    expect(error).toBeInstanceOf(DriverError);
    expect(error.message).toBe("Error validating Redfish virtual media. Some parameters were missing in node's driver_info. Missing are: ['deploy_iso']");
    expect(thrown(() => agentIso(node(), 'rescue', { deployIso: 'x' })).message).toContain("Missing are: ['rescue_iso']");
  });
});

describe('the agent kernel and ramdisk for PXE', () => {
  const defaults = { deployKernel: 'http://images/ipa.kernel', deployRamdisk: 'http://images/ipa.initramfs' };

  it('are both the node’s, or both the conductor’s', () => {
    expect(agentKernelAndRamdisk(node({ deploy_kernel: 'k', deploy_ramdisk: 'r' }), 'deploy', defaults)).toEqual({ kernel: 'k', ramdisk: 'r' });
    expect(agentKernelAndRamdisk(node(), 'deploy', defaults)).toEqual({ kernel: 'http://images/ipa.kernel', ramdisk: 'http://images/ipa.initramfs' });
    expect(agentKernelAndRamdisk(node({ rescue_kernel: 'rk', rescue_ramdisk: 'rr' }), 'rescue')).toEqual({ kernel: 'rk', ramdisk: 'rr' });
  });

  it('are refused in Ironic’s words, never mixing the node’s and the conductor’s', () => {
    expect(thrown(() => agentKernelAndRamdisk(node({ deploy_kernel: 'k' }), 'deploy', defaults)).message).toBe(
      "Cannot validate PXE bootloader. Some parameters were missing in node's driver_info and configuration. Missing are: ['deploy_ramdisk']",
    );
    expect(thrown(() => agentKernelAndRamdisk(node(), 'rescue', defaults)).message).toBe(
      "Cannot validate PXE bootloader. Some parameters were missing in node's driver_info and configuration. Missing are: ['rescue_kernel', 'rescue_ramdisk']",
    );
  });
});

describe('the PXE configuration', () => {
  const options = { apiUrl: 'http://api.example:6385/', images: { deployKernel: 'http://images/k', deployRamdisk: 'http://images/r' } };

  it('boots the kernel and ramdisk with the append parameters and the API URL, for the PXE-enabled ports', () => {
    const config = pxeConfig(node({}, { ports: [port('52:54:00:00:00:01'), port('52:54:00:00:00:02', false)] }), 'deploy', options);
    expect(config).toEqual({
      node_uuid: UUID,
      mode: 'deploy',
      kernel: 'http://images/k',
      ramdisk: 'http://images/r',
      kernel_params: 'nofb nomodeset vga=normal ipa-api-url=http://api.example:6385',
      mac_addresses: ['52:54:00:00:00:01'],
    });
  });

  it('takes kernel_append_params from instance_info, else driver_info, %default% standing for the default', () => {
    expect(kernelAppendParams(node({ kernel_append_params: 'console=ttyS0 %default%' }), 'quiet')).toBe('console=ttyS0 quiet');
    expect(kernelAppendParams(node({ kernel_append_params: 'a' }, { instance_info: { kernel_append_params: 'b' } }), 'quiet')).toBe('b');
    expect(kernelAppendParams(node(), 'quiet')).toBe('quiet');
    expect(pxeConfig(node({ kernel_append_params: '' }), 'deploy', options).kernel_params).toBe('ipa-api-url=http://api.example:6385');
  });
});

describe('the iPXE script', () => {
  it('fetches the configuration’s kernel, with its command line, and ramdisk, then boots', () => {
    const config = pxeConfig(node({ deploy_kernel: 'http://images/k', deploy_ramdisk: 'http://images/r', kernel_append_params: 'console=ttyS0' }), 'deploy', { apiUrl: 'http://api' });
    expect(ipxeScript(config).split('\n')).toEqual(['#!ipxe', 'kernel http://images/k console=ttyS0 ipa-api-url=http://api initrd=ramdisk', 'initrd --name ramdisk http://images/r', 'boot', '']);
  });
});

describe('the pxe boot interface', () => {
  it('sets the boot device through whichever management interface the node has (Redfish or ipmitool)', async () => {
    const set: [string, boolean][] = [];
    const management = { setBootDevice: async (_node: Node, device: string, persistent: boolean) => void set.push([device, persistent]) } as unknown as ManagementDriver;
    const boot = pxeBoot(management, { apiUrl: 'http://api', images: { deployKernel: 'k', deployRamdisk: 'r' } });
    const ipmi = node({ ipmi_address: '192.0.2.1' }, { driver: 'ipmi', ports: [port('52:54:00:00:00:01')] });
    expect(await boot.prepareRamdisk(ipmi, 'deploy')).toMatchObject({ kernel: 'k', ramdisk: 'r' });
    await boot.cleanUpRamdisk(ipmi);
    await boot.prepareInstance(ipmi);
    expect(set).toEqual([
      ['pxe', false],
      ['disk', true],
    ]);
  });
});

describe('the ramdisk a state calls for', () => {
  it.each([
    ['deploying', 'deploy'],
    ['cleaning', 'deploy'],
    ['rescuing', 'rescue'],
    ['rescue wait', 'rescue'],
    ['unrescue failed', 'rescue'],
  ] as const)('in %s is the %s ramdisk', (state, mode) => {
    expect(ramdiskModeOf({ provision_state: state })).toBe(mode);
  });
});

describe('virtual media devices', () => {
  it('take the ISO when they take CDs or DVDs', () => {
    expect(isOpticalDrive({ MediaTypes: ['CD', 'DVD'] })).toBe(true);
    expect(isOpticalDrive({ MediaTypes: ['DVD'] })).toBe(true);
    expect(isOpticalDrive({ MediaTypes: ['Floppy', 'USBStick'] })).toBe(false);
    expect(isOpticalDrive({})).toBe(false);
  });

  it('are acted on at their action target, and refused without one as sushy does', () => {
    const drive = { path: '/redfish/v1/Managers/1/VirtualMedia/Cd', media: { Actions: { '#VirtualMedia.InsertMedia': { target: '/x/Insert' } } } };
    expect(mediaActionTarget(drive, 'InsertMedia')).toBe('/x/Insert');
    expect(thrown(() => mediaActionTarget(drive, 'EjectMedia')).message).toBe('The action #VirtualMedia.EjectMedia is missing from the resource /redfish/v1/Managers/1/VirtualMedia/Cd');
  });
});

describe('the boot interface of a node', () => {
  const named = (name: string): BootInterface => ({ name, validate: () => undefined, prepareRamdisk: async () => undefined, cleanUpRamdisk: async () => undefined, validateInstance: () => undefined, prepareInstance: async () => undefined });
  const available = [named('pxe'), named('redfish-virtual-media')];

  it('is the one its boot_interface names', () => {
    expect(bootInterfaceFor(node({}, { boot_interface: 'redfish-virtual-media' }), available)).toBe(available[1]);
  });

  it('is refused in Ironic’s words when the hardware type lacks it', () => {
    expect(thrown(() => bootInterfaceFor(node({}, { boot_interface: 'ipxe' }), available)).message).toBe("boot interface implementation 'ipxe' is not supported by hardware type redfish.");
  });
});
