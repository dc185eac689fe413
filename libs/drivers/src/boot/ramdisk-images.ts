/**
 * Where the agent's ramdisk images come from: the node's `driver_info`, else the conductor's
 * defaults; refused in Ironic's words when neither names them. Pure.
 */
import { interfaceOf, type Node, pythonRepr } from '@ironledger/domain';
import { DriverError } from '../driver.js';
import { type RamdiskMode } from './boot-interface.js';

/** Images for nodes whose `driver_info` names none. */
export interface RamdiskImageDefaults {
  /** Ironic's `[conductor]deploy_kernel` and `deploy_ramdisk`, `rescue_kernel` and `rescue_ramdisk`. */
  readonly deployKernel?: string;
  readonly deployRamdisk?: string;
  readonly rescueKernel?: string;
  readonly rescueRamdisk?: string;
  /**
   * Bootable ISOs of the agent for virtual media. Ironic has no such setting (it builds an ISO
   * from the kernel and ramdisk); ironledger boots a prebuilt one.
   */
  readonly deployIso?: string;
  readonly rescueIso?: string;
}

/**
 * Whether booting the node for `mode` needs the agent's ramdisk (Ironic's `needs_agent_ramdisk`):
 * always but for a `ramdisk` deployment, which boots its instance directly; that one needs it only
 * to clean afterwards, unless the node turns automated cleaning off (Ironic's conductor default,
 * cleaning on, stands for a node that does not say).
 */
export function needsAgentRamdisk(node: Node, mode: RamdiskMode): boolean {
  return mode !== 'deploy' || interfaceOf(node, 'deploy') !== 'ramdisk' || node.automated_clean !== false;
}

/**
 * The agent ISO to insert as virtual media: `driver_info/<mode>_iso`, else the deprecated
 * `redfish_<mode>_iso` (Ironic 21.4's `get_agent_iso`), else the conductor's default.
 */
export function agentIso(node: Node, mode: RamdiskMode, defaults: RamdiskImageDefaults = {}): string {
  const info = node.driver_info;
  const iso = text(info[`${mode}_iso`]) ?? text(info[`redfish_${mode}_iso`]) ?? text(mode === 'deploy' ? defaults.deployIso : defaults.rescueIso);
  if (iso === undefined) throw missing("Error validating Redfish virtual media. Some parameters were missing in node's driver_info", [`${mode}_iso`]);
  return iso;
}

/**
 * The agent kernel and ramdisk to boot over the network, as Ironic's PXE `parse_driver_info`
 * takes them: both from `driver_info` when it names either, else both from the conductor's
 * defaults (one from each is likely an operator's mistake).
 */
export function agentKernelAndRamdisk(node: Node, mode: RamdiskMode, defaults: RamdiskImageDefaults = {}): { kernel: string; ramdisk: string } {
  const info = node.driver_info;
  const fromNode = { kernel: text(info[`${mode}_kernel`]), ramdisk: text(info[`${mode}_ramdisk`]) };
  const fromConductor = mode === 'deploy' ? { kernel: text(defaults.deployKernel), ramdisk: text(defaults.deployRamdisk) } : { kernel: text(defaults.rescueKernel), ramdisk: text(defaults.rescueRamdisk) };
  const { kernel, ramdisk } = fromNode.kernel !== undefined || fromNode.ramdisk !== undefined ? fromNode : fromConductor;
  if (kernel === undefined || ramdisk === undefined) {
    const absent = [...(kernel === undefined ? [`${mode}_kernel`] : []), ...(ramdisk === undefined ? [`${mode}_ramdisk`] : [])];
    throw missing("Cannot validate PXE bootloader. Some parameters were missing in node's driver_info and configuration", absent);
  }
  return { kernel, ramdisk };
}

/** What a `ramdisk` deployment boots as its instance: a bootable ISO, or a kernel and ramdisk. */
export type InstanceRamdisk = { readonly bootIso: string } | { readonly kernel: string; readonly ramdisk: string };

/**
 * The instance of a `ramdisk` deployment, from `instance_info` (Ironic's `get_image_instance_info`
 * for the ramdisk boot option): `boot_iso`, which excludes an `image_source`, else `kernel` and
 * `ramdisk`. No Image service is asked for an image's kernel and ramdisk.
 */
export function instanceRamdisk(node: Node): InstanceRamdisk {
  const info = node.instance_info;
  const bootIso = text(info.boot_iso);
  if (bootIso !== undefined) {
    if (text(info.image_source) !== undefined) throw new DriverError("An 'image_source' and 'boot_iso' parameter may not be specified at the same time.");
    return { bootIso };
  }
  const kernel = text(info.kernel);
  const ramdisk = text(info.ramdisk);
  if (kernel === undefined || ramdisk === undefined) {
    const absent = [...(kernel === undefined ? ['kernel'] : []), ...(ramdisk === undefined ? ['ramdisk'] : [])];
    throw missing(`Cannot validate image information for node ${node.uuid} because one or more parameters are missing from its instance_info and insufficient information is present to boot from a remote volume`, absent);
  }
  return { kernel, ramdisk };
}

/** Whether the node's instance is a ramdisk the boot interface boots (`ramdisk` deploy, chosen on the node or for this instance). */
export function bootsInstanceRamdisk(node: Node): boolean {
  return interfaceOf(node, 'deploy') === 'ramdisk';
}

/** Ironic's `check_for_missing_params` message. */
function missing(context: string, names: readonly string[]): DriverError {
  return new DriverError(`${context}. Missing are: ${pythonRepr(names)}`);
}

/** A non-empty string, as Ironic's truthiness tests take a value. */
function text(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}
