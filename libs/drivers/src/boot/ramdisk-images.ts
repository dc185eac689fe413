/**
 * Where the agent's ramdisk images come from: the node's `driver_info`, else the conductor's
 * defaults; refused in Ironic's words when neither names them. Pure.
 */
import { type Node, pythonRepr } from '@ironledger/domain';
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

/** Ironic's `check_for_missing_params` message. */
function missing(context: string, names: readonly string[]): DriverError {
  return new DriverError(`${context}. Missing are: ${pythonRepr(names)}`);
}

/** A non-empty string, as Ironic's truthiness tests take a value. */
function text(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}
