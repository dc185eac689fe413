/**
 * Ironic's `pxe` boot interface: the BMC is told to boot from the network once, and a PXE
 * service (DHCP and TFTP/HTTP, outside this driver) serves the agent's kernel and ramdisk with
 * the kernel command line that points the agent at the API. `prepareRamdisk` resolves with
 * that configuration for the conductor to record and hand to the service, in place of
 * Ironic's per-node files under its TFTP root. A `ramdisk` deployment's instance is served the
 * same way, and booted from the network persistently.
 */
import { type Node } from '@ironledger/domain';
import { DriverError, type ManagementDriver } from '../driver.js';
import { type BootInterface, type RamdiskMode } from './boot-interface.js';
import { agentKernelAndRamdisk, bootsInstanceRamdisk, instanceRamdisk, type RamdiskImageDefaults } from './ramdisk-images.js';

export interface PxeBootOptions {
  /** The API as the ramdisk reaches it, passed as `ipa-api-url` (Ironic's API endpoint, from its configuration or catalog). */
  readonly apiUrl: string;
  /** Kernel and ramdisk of nodes whose `driver_info` names none. */
  readonly images?: RamdiskImageDefaults;
  /** Kernel parameters of nodes that set no `kernel_append_params` (Ironic's `[pxe]kernel_append_params`). */
  readonly kernelAppendParams?: string;
}

/** Ironic's default `[pxe]kernel_append_params`. */
export const DEFAULT_KERNEL_APPEND_PARAMS = 'nofb nomodeset vga=normal';

/** What a PXE service serves a node to boot the agent's ramdisk, or the instance of a `ramdisk` deployment (`instance`). */
export type PxeConfig = {
  readonly node_uuid: string;
  readonly mode: RamdiskMode | 'instance';
  readonly kernel: string;
  readonly ramdisk: string;
  /** The kernel command line: the node's or the default append parameters, then the agent's (`ipa-api-url`) or the instance's (`ramdisk_kernel_arguments`). */
  readonly kernel_params: string;
  /** The PXE-enabled ports' MACs, to which DHCP answers with this configuration. */
  readonly mac_addresses: string[];
  /** For the `ipxe` boot interface: the iPXE script the service serves in place of a PXE menu. */
  readonly ipxe_script?: string;
};

/** The network boot interfaces: `pxe`, and `ipxe`, which boots the same way through an iPXE script. */
export type NetworkBootName = 'pxe' | 'ipxe';

/** The PXE configuration of the ramdisk of `mode` (Ironic's `build_pxe_config_options`, for the agent's ramdisk). */
export function pxeConfig(node: Node, mode: RamdiskMode, options: PxeBootOptions): PxeConfig {
  const { kernel, ramdisk } = agentKernelAndRamdisk(node, mode, options.images);
  const append = kernelAppendParams(node, options.kernelAppendParams ?? DEFAULT_KERNEL_APPEND_PARAMS);
  return {
    node_uuid: node.uuid,
    mode,
    kernel,
    ramdisk,
    kernel_params: [append, `ipa-api-url=${options.apiUrl.replace(/\/+$/, '')}`].filter(Boolean).join(' '),
    mac_addresses: pxeMacs(node),
  };
}

/** The PXE configuration of a `ramdisk` deployment's instance: its kernel and ramdisk, with `instance_info/ramdisk_kernel_arguments`. */
export function instancePxeConfig(node: Node, options: Pick<PxeBootOptions, 'kernelAppendParams'>): PxeConfig {
  const instance = instanceRamdisk(node);
  if (!('kernel' in instance)) throw new DriverError(`Node ${node.uuid} cannot boot instance_info/boot_iso over PXE: a ramdisk instance over PXE is booted from instance_info/kernel and ramdisk.`);
  const append = kernelAppendParams(node, options.kernelAppendParams ?? DEFAULT_KERNEL_APPEND_PARAMS);
  const extra = node.instance_info.ramdisk_kernel_arguments;
  return {
    node_uuid: node.uuid,
    mode: 'instance',
    kernel: instance.kernel,
    ramdisk: instance.ramdisk,
    kernel_params: [append, typeof extra === 'string' ? extra : ''].filter(Boolean).join(' '),
    mac_addresses: pxeMacs(node),
  };
}

/**
 * The script an iPXE service serves for `config` (Ironic's `ipxe` boot interface chains the
 * node's PXE boot into one): fetch the kernel and ramdisk over HTTP and boot them with the
 * configuration's command line.
 */
export function ipxeScript(config: PxeConfig): string {
  return ['#!ipxe', `kernel ${config.kernel} ${config.kernel_params} initrd=ramdisk`.trimEnd(), `initrd --name ramdisk ${config.ramdisk}`, 'boot', ''].join('\n');
}

/** `config` as the boot interface `name` records it: with its iPXE script for `ipxe`. */
const served = (name: NetworkBootName, config: PxeConfig): PxeConfig => (name === 'ipxe' ? { ...config, ipxe_script: ipxeScript(config) } : config);

/** The PXE-enabled ports' MACs, to which DHCP answers. */
const pxeMacs = (node: Node): string[] => node.ports.filter((port) => port.pxe_enabled).map((port) => port.address);

/**
 * `kernel_append_params` of the node's `instance_info`, else of its `driver_info`, else the
 * default; `%default%` in the node's stands for the default (Ironic's `get_kernel_append_params`).
 */
export function kernelAppendParams(node: Node, fallback: string): string {
  for (const info of [node.instance_info, node.driver_info]) {
    const value = info.kernel_append_params;
    if (typeof value === 'string') return value.replaceAll('%default%', fallback).trim();
  }
  return fallback;
}

/** The `pxe` (or `ipxe`) boot interface over the node's management interface (Redfish or IPMI), which sets the boot device. */
export function pxeBoot(management: ManagementDriver, options: PxeBootOptions, name: NetworkBootName = 'pxe'): BootInterface {
  return {
    name,

    validate(node) {
      // The DHCP server knows the node by its ports only (Ironic's `_validate_common`).
      if (node.ports.length === 0) throw new DriverError(`Node ${node.uuid} does not have any port associated with it`);
      // As Ironic, the deploy images are checked whatever the state; the rescue ones when rescuing.
      agentKernelAndRamdisk(node, 'deploy', options.images);
    },

    async prepareRamdisk(node, mode) {
      const config = served(name, pxeConfig(node, mode, options));
      await management.setBootDevice(node, 'pxe', false);
      return config;
    },

    // Only the PXE service holds anything: the BMC's one-time override is used up by the boot.
    async cleanUpRamdisk() {},

    validateInstance(node) {
      if (bootsInstanceRamdisk(node)) instancePxeConfig(node, options);
    },

    async prepareInstance(node) {
      if (!bootsInstanceRamdisk(node)) return management.setBootDevice(node, 'disk', true);
      const config = served(name, instancePxeConfig(node, options));
      await management.setBootDevice(node, 'pxe', true);
      return config;
    },
  };
}
