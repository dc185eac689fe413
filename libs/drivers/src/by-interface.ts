import { interfaceOf, type Node, type PowerState, type PowerTarget } from '@ironledger/domain';
import { DriverError, DriverRefusal, type ManagementDriver, type PowerDriver, unsupported } from './driver.js';

/** The implementation a node's interface names among those given, refused in Ironic's words when absent. */
function chosen<T>(node: Node, name: 'management' | 'power', implementations: Readonly<Record<string, T>>): T {
  const implementation = interfaceOf(node, name);
  const found = implementations[implementation];
  if (!found) throw new DriverError(`${name} interface implementation '${implementation}' is not supported by hardware type ${node.driver}.`);
  return found;
}

/**
 * A hardware type's management chosen per node by its `management_interface`. What the chosen
 * one lacks is refused as Ironic refuses a method the interface does not implement.
 */
export function managementByInterface(implementations: Readonly<Record<string, ManagementDriver>>): Required<ManagementDriver> {
  const pick = (node: Node) => chosen(node, 'management', implementations);
  const lacking = (node: Node, method: string): never => {
    throw unsupported(node, method);
  };
  return {
    validate: (node) => pick(node).validate(node),
    supportedBootDevices: (node) => pick(node).supportedBootDevices(node),
    bootDeviceRefusal: (node, device) => pick(node).bootDeviceRefusal?.(node, device) ?? `Invalid boot device ${device} specified.`,
    getBootDevice: async (node) => pick(node).getBootDevice(node),
    setBootDevice: async (node, device, persistent) => pick(node).setBootDevice(node, device, persistent),
    getBootMode: async (node) => (pick(node).getBootMode ?? (() => lacking(node, 'get_boot_mode')))(node),
    setBootMode: async (node, mode) => (pick(node).setBootMode ?? (() => lacking(node, 'set_boot_mode')))(node, mode),
    getSecureBoot: async (node) => (pick(node).getSecureBoot ?? (() => lacking(node, 'get_secure_boot_state')))(node),
    setSecureBoot: async (node, enabled) => (pick(node).setSecureBoot ?? (() => lacking(node, 'set_secure_boot_state')))(node, enabled),
    injectNmi: async (node) => (pick(node).injectNmi ?? (() => lacking(node, 'inject_nmi')))(node),
    listIndicators: async (node) => (pick(node).listIndicators ?? (() => lacking(node, 'get_supported_indicators')))(node),
    getIndicatorState: async (node, component, id) => (pick(node).getIndicatorState ?? (() => lacking(node, 'get_indicator_state')))(node, component, id),
    setIndicatorState: async (node, component, id, state) => (pick(node).setIndicatorState ?? (() => lacking(node, 'set_indicator_state')))(node, component, id, state),
  };
}

/** A hardware type's power chosen per node by its `power_interface`. */
export function powerByInterface(implementations: Readonly<Record<string, PowerDriver>>): PowerDriver {
  const pick = (node: Node) => chosen(node, 'power', implementations);
  return {
    validate: (node) => pick(node).validate(node),
    getPowerState: async (node): Promise<PowerState | null> => pick(node).getPowerState(node),
    setPowerState: async (node, target: PowerTarget, timeoutSeconds?: number) => pick(node).setPowerState(node, target, timeoutSeconds),
  };
}

/** Boot devices Ironic's `noop` management claims. */
const NOOP_BOOT_DEVICES = ['pxe', 'disk'];

/**
 * Ironic's `noop` management: the operator has set the boot order by hand, so the node is taken
 * to boot from the network first and setting a boot device does nothing.
 */
export const noopManagement: ManagementDriver = {
  validate: () => undefined,
  supportedBootDevices: () => NOOP_BOOT_DEVICES,
  getBootDevice: async () => ({ boot_device: 'pxe', persistent: true }),
  bootDeviceRefusal: (_node, device) => `Invalid boot device ${device} specified, supported are ${NOOP_BOOT_DEVICES.join(', ')}.`,
  async setBootDevice(node, device) {
    if (!NOOP_BOOT_DEVICES.includes(device)) throw new DriverRefusal(noopManagement.bootDeviceRefusal!(node, device));
  },
};

/** Why Ironic's `agent` power cannot work here: it needs fast track, which this build does not offer. */
export const AGENT_POWER_REFUSAL = 'Fast track mode must be enabled to use the agent power interface';

/**
 * Ironic's `agent` power: power through a running ramdisk agent, for nodes in fast-track mode
 * only. Without fast track (as here) it validates in Ironic's words and knows no power state.
 */
export const agentPower: PowerDriver = {
  validate() {
    throw new DriverRefusal(AGENT_POWER_REFUSAL);
  },
  getPowerState: async () => null,
  async setPowerState() {
    throw new DriverRefusal(AGENT_POWER_REFUSAL);
  },
};
