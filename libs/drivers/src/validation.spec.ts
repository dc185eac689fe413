import { describe, expect, it } from '@jest/globals';
import { DEFAULT_PORT_FIELDS, defaultInterfaces, newNode, type Node } from '@ironledger/domain';
import { driverCheck, interfaceOverrideRefusal, validateNode } from './validation.js';

const UUID = '5b9f0a1e-2c3d-4e5f-8a9b-0c1d2e3f4a5b';
const node = (driver: string, fields: Partial<Node> = {}, macs: readonly string[] = []): Node => {
  const created = newNode(UUID, '2026-11-24T20:00:00.000Z', { provision_state: 'enroll', driver, ...defaultInterfaces(driver), ...fields });
  if (macs.length === 0) return created;
  return { ...created, ports: macs.map((address) => ({ ...DEFAULT_PORT_FIELDS, uuid: `port-${address}`, address, internal_info: {}, created_at: created.created_at })) };
};
const ALL_TRUE = { boot: { result: true }, deploy: { result: true }, management: { result: true }, network: { result: true }, power: { result: true }, bios: { result: true }, console: { result: true }, inspect: { result: true }, raid: { result: true }, rescue: { result: true }, storage: { result: true } };

const REDFISH_BMC = { redfish_address: 'https://bmc', redfish_username: 'u', redfish_password: 'p' };

describe('validateNode', () => {
  it('finds fake hardware ready, every interface in Ironic’s order, without reasons', () => {
    const result = validateNode(node('fake-hardware'));
    expect(result).toEqual(ALL_TRUE);
    expect(Object.keys(result)).toEqual(['boot', 'deploy', 'management', 'network', 'power', 'bios', 'console', 'inspect', 'raid', 'rescue', 'storage']);
  });

  it('says no-* interfaces are not supported by the hardware type', () => {
    const result = validateNode(node('fake-hardware', { bios_interface: 'no-bios', console_interface: 'no-console', raid_interface: 'no-raid', rescue_interface: 'no-rescue', inspect_interface: 'no-inspect' }));
    for (const iface of ['bios', 'console', 'raid', 'rescue', 'inspect'] as const) {
      expect(result[iface]).toEqual({ result: false, reason: `Driver fake-hardware does not support ${iface} (disabled or not implemented).` });
    }
  });

  it('reads the BMC settings a redfish or ipmi node needs, in Ironic’s words', () => {
    const redfish = validateNode(node('redfish'));
    expect(redfish.power).toEqual({ result: false, reason: `Missing the following Redfish properties in node ${UUID} driver_info: ['redfish_address', 'redfish_username', 'redfish_password']` });
    expect(redfish.management).toEqual(redfish.power);
    expect(redfish.bios).toEqual(redfish.power);
    const ready = validateNode(
      node('redfish', {
        driver_info: { ...REDFISH_BMC, deploy_iso: 'http://x/ipa.iso' },
        boot_interface: 'redfish-virtual-media',
        instance_info: { image_source: 'http://x/img', image_checksum: 'abc' },
      }),
    );
    expect(ready).toMatchObject({ power: { result: true }, management: { result: true }, bios: { result: true }, deploy: { result: true }, boot: { result: true } });
    // As Ironic's redfish RAID interface, which checks only the target RAID configuration.
    expect(ready.raid).toEqual({ result: true });
    const ipmi = validateNode(node('ipmi', { driver_info: { ipmi_address: '10.0.0.1', ipmi_port: 'abc', ipmi_priv_level: 'KING' } }));
    expect(ipmi.power).toEqual({ result: false, reason: 'ipmi_port "abc" is not a valid port.' });
    expect(validateNode(node('ipmi')).power).toEqual({ result: false, reason: "Missing the following IPMI credentials in node's driver_info: ['ipmi_address']." });
    expect(validateNode(node('ipmi', { driver_info: { ipmi_address: '10.0.0.1', ipmi_priv_level: 'KING' } })).management).toEqual({
      result: false,
      reason: 'Invalid privilege level value:KING, the valid value can be one of ADMINISTRATOR, CALLBACK, OPERATOR, USER',
    });
  });

  it('needs an image for a real deployment, and instance traits the node has', () => {
    const booting = { driver_info: { ...REDFISH_BMC, deploy_iso: 'http://x/ipa.iso' }, boot_interface: 'redfish-virtual-media' };
    expect(validateNode(node('redfish', booting)).deploy).toEqual({ result: false, reason: `Node ${UUID} failed to validate deploy image info. Some parameters were missing. Missing are: ['instance_info.image_source']` });
    expect(validateNode(node('redfish', { driver_info: { ...REDFISH_BMC, deploy_kernel: 'http://x/k', deploy_ramdisk: 'http://x/r' }, boot_interface: 'pxe', deploy_interface: 'ramdisk' }, ['52:54:00:00:00:01'])).deploy).toEqual({
      result: false,
      reason: `Cannot validate image information for node ${UUID} because one or more parameters are missing from its instance_info and insufficient information is present to boot from a remote volume. Missing are: ['kernel', 'ramdisk']`,
    });
    expect(validateNode(node('fake-hardware', { instance_info: { traits: 'CUSTOM_X' } })).deploy).toEqual({
      result: false,
      reason: `Error parsing traits from Node ${UUID} instance_info field. A list of strings is expected.`,
    });
    expect(validateNode(node('fake-hardware', { traits: ['CUSTOM_A'], instance_info: { traits: ['CUSTOM_A', 'CUSTOM_X'] } })).deploy).toEqual({
      result: false,
      reason: `Cannot specify instance traits that are not also set on the node. Node ${UUID} is missing traits CUSTOM_X`,
    });
  });
});

describe('interfaceOverrideRefusal', () => {
  it('refuses an instance_info interface the hardware type does not offer', () => {
    expect(interfaceOverrideRefusal(node('fake-hardware', { instance_info: { deploy_interface: 'nope' } }))).toBe(
      "Could not find the following interface in the 'ironic.hardware.interfaces.deploy' entrypoint: nope. Valid interfaces are ['fake'].",
    );
    expect(interfaceOverrideRefusal(node('fake-hardware', { instance_info: { deploy_interface: 'fake' } }))).toBeUndefined();
  });

  it('checks that the boot interface can boot the agent, and a ramdisk deployment’s instance', () => {
    const pxe = { driver_info: { ...REDFISH_BMC, deploy_kernel: 'http://x/k', deploy_ramdisk: 'http://x/r' }, deploy_interface: 'ramdisk', boot_interface: 'pxe' };
    const port = { uuid: 'p-1', address: '52:54:00:00:00:01', pxe_enabled: true } as unknown as Node['ports'][number];
    expect(validateNode(node('redfish', { ...pxe, instance_info: { kernel: 'http://x/ik', ramdisk: 'http://x/ir' } })).boot).toEqual({ result: false, reason: `Node ${UUID} does not have any port associated with it` });
    const booted = validateNode(node('redfish', { ...pxe, ports: [port], instance_info: { kernel: 'http://x/ik', ramdisk: 'http://x/ir' } }));
    expect(booted).toMatchObject({ boot: { result: true }, deploy: { result: true } });
    const iso = validateNode(node('redfish', { ...pxe, ports: [port], instance_info: { boot_iso: 'http://x/live.iso' } }));
    expect(iso.deploy).toEqual(iso.boot);
    expect(iso.boot).toEqual({ result: false, reason: `Node ${UUID} cannot boot instance_info/boot_iso over PXE: a ramdisk instance over PXE is booted from instance_info/kernel and ramdisk.` });
    const media = { driver_info: { ...REDFISH_BMC, deploy_iso: 'http://x/ipa.iso' }, deploy_interface: 'ramdisk', boot_interface: 'redfish-virtual-media' };
    expect(validateNode(node('redfish', { ...media, instance_info: { boot_iso: 'http://x/live.iso' } }))).toMatchObject({ boot: { result: true }, deploy: { result: true } });
    // No agent to boot for a ramdisk deployment that does not clean afterwards (Ironic's `needs_agent_ramdisk`); one that cleans needs its ISO.
    const noAgentIso = { ...media, driver_info: REDFISH_BMC, instance_info: { boot_iso: 'http://x/live.iso' } };
    expect(validateNode(node('redfish', { ...noAgentIso, automated_clean: false }))).toMatchObject({ boot: { result: true }, deploy: { result: true } });
    expect(validateNode(node('redfish', noAgentIso)).boot).toEqual({ result: false, reason: "Error validating Redfish virtual media. Some parameters were missing in node's driver_info. Missing are: ['deploy_iso']" });
    expect(validateNode(node('redfish', { ...media, instance_info: { boot_iso: 'http://x/live.iso', image_source: 'http://x/img' } })).deploy).toEqual({
      result: false,
      reason: "An 'image_source' and 'boot_iso' parameter may not be specified at the same time.",
    });
    expect(validateNode(node('redfish', { ...media, instance_info: { kernel: 'http://x/ik', ramdisk: 'http://x/ir' } })).boot.result).toBe(false);
    expect(validateNode(node('redfish', { driver_info: REDFISH_BMC, boot_interface: 'redfish-virtual-media' })).boot).toEqual({
      result: false,
      reason: "Error validating Redfish virtual media. Some parameters were missing in node's driver_info. Missing are: ['deploy_iso']",
    });
  });
});

describe('driverCheck (the decider’s view of the drivers)', () => {
  const check = driverCheck();

  it('says why an interface cannot work, as validateNode words it, and nothing when it can', () => {
    expect(check(node('fake-hardware'), 'power')).toBeUndefined();
    expect(check(node('fake-hardware', { rescue_interface: 'no-rescue' }), 'rescue')).toBe('Driver fake-hardware does not support rescue (disabled or not implemented).');
    expect(check(node('redfish'), 'power')).toBe(`Missing the following Redfish properties in node ${UUID} driver_info: ['redfish_address', 'redfish_username', 'redfish_password']`);
  });

  it('judges a deployment by the boot interface that boots it first (as Ironic 21.4 answers), then by its deploy interface', () => {
    const imaged = { driver_info: REDFISH_BMC, instance_info: { image_source: 'http://images/img.qcow2', image_checksum: 'f00d' } };
    expect(check(node('redfish', { driver_info: REDFISH_BMC }), 'deploy')).toBe(`Node ${UUID} does not have any port associated with it`);
    expect(check(node('redfish', imaged), 'deploy')).toBe(`Node ${UUID} does not have any port associated with it`);
    const booting = { driver_info: { ...REDFISH_BMC, deploy_kernel: 'http://x/k', deploy_ramdisk: 'http://x/r' } };
    expect(check(node('redfish', booting, ['52:54:00:00:00:01']), 'deploy')).toBe(`Node ${UUID} failed to validate deploy image info. Some parameters were missing. Missing are: ['instance_info.image_source']`);
    // The instance's traits come before the boot interface.
    expect(check(node('redfish', { instance_info: { traits: 'CUSTOM_X' } }), 'deploy')).toBe(`Error parsing traits from Node ${UUID} instance_info field. A list of strings is expected.`);
  });

  it('finds a flat network unable to clean without a Neutron cleaning network, in Ironic 21.4’s words', () => {
    expect(check(node('ipmi', { network_interface: 'flat' }), 'network')).toBe('UUID or name of cleaning network is not set in configuration');
    expect(check(node('ipmi', { network_interface: 'noop' }), 'network')).toBeUndefined();
  });

  it('rescues through the agent when the boot interface can boot the rescue ramdisk, and validation asks for the password', () => {
    const rescuing = { rescue_interface: 'agent', driver_info: { ...REDFISH_BMC, rescue_kernel: 'http://x/k', rescue_ramdisk: 'http://x/r' } };
    expect(check(node('redfish', rescuing), 'rescue')).toBe(`Node ${UUID} does not have any port associated with it`);
    expect(check(node('redfish', rescuing, ['52:54:00:00:00:01']), 'rescue')).toBeUndefined();
    expect(validateNode(node('redfish', rescuing, ['52:54:00:00:00:01'])).rescue).toEqual({ result: false, reason: `Node ${UUID} is missing 'instance_info/rescue_password'. It is required for rescuing node.` });
  });
});
