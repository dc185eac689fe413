/**
 * What each hardware type offers behind each of a node's interfaces, as data: the names an
 * operator may choose in `<interface>_interface`, the first one being what a new node gets.
 * Only implementations that really work are listed (Ironic's names for them).
 */
import { type Node } from './node.js';

/** A node's hardware interfaces, in Ironic's order. */
export const HARDWARE_INTERFACES = ['bios', 'boot', 'console', 'deploy', 'inspect', 'management', 'network', 'power', 'raid', 'rescue', 'storage', 'vendor'] as const;
export type HardwareInterface = (typeof HARDWARE_INTERFACES)[number];

/** The node field naming the implementation of an interface, e.g. `boot_interface`. */
export type InterfaceField = `${HardwareInterface}_interface`;
export const INTERFACE_FIELDS: readonly InterfaceField[] = HARDWARE_INTERFACES.map((name) => `${name}_interface` as const);

export type InterfaceSupport = Readonly<Record<HardwareInterface, readonly string[]>>;

/**
 * Implementations per interface, default first, the rest in the order of Ironic 21.4's
 * `supported_*_interfaces` for the type. The defaults of `ipmi` and `redfish` are those Ironic's
 * default configuration gives them where this build has the implementation (see
 * `IRONIC_DEFAULTS_NOT_TAKEN`); fake hardware's are the shared fake-hardware deployment's.
 */
export const HARDWARE_TYPES: Readonly<Record<string, InterfaceSupport>> = {
  'fake-hardware': {
    bios: ['fake', 'no-bios'],
    boot: ['fake'],
    console: ['fake', 'no-console'],
    deploy: ['fake'],
    inspect: ['fake', 'no-inspect'],
    management: ['fake'],
    network: ['noop', 'flat'],
    power: ['fake'],
    raid: ['fake', 'no-raid'],
    rescue: ['fake', 'no-rescue'],
    storage: ['noop'],
    vendor: ['fake', 'no-vendor'],
  },
  // `direct` (the default, as in Ironic) writes the instance's image through the ramdisk agent;
  // `ramdisk` boots the instance's own ramdisk or ISO through the boot interface. Both clean
  // through the agent; rescue through the agent is `agent`. RAID is built through the BMC's
  // Storage volumes (`redfish`, the default, as in Ironic) or by the agent's clean steps (`agent`).
  // Inspection boots the inspector's ramdisk (`inspector`), or reads the hardware through the BMC
  // (`redfish`, the default as in Ironic). `ipxe` boots as `pxe` does, through an
  // iPXE script. `external` storage leaves volumes to someone else, as in Ironic; `cinder` checks
  // the node's volumes as Ironic does, and a deployment that must attach them fails in its words
  // (no Cinder here).
  redfish: {
    bios: ['redfish', 'no-bios'],
    boot: ['ipxe', 'pxe', 'redfish-virtual-media'],
    console: ['no-console'],
    deploy: ['direct', 'ramdisk'],
    inspect: ['redfish', 'inspector', 'no-inspect'],
    management: ['redfish', 'noop'],
    network: ['noop', 'flat'],
    power: ['redfish'],
    raid: ['redfish', 'no-raid', 'agent'],
    rescue: ['no-rescue', 'agent'],
    storage: ['noop', 'cinder', 'external'],
    vendor: ['redfish', 'no-vendor'],
  },
  ipmi: {
    bios: ['no-bios'],
    boot: ['ipxe', 'pxe'],
    console: ['no-console', 'ipmitool-socat', 'ipmitool-shellinabox'],
    deploy: ['direct', 'ramdisk'],
    inspect: ['inspector', 'no-inspect'],
    management: ['ipmitool', 'noop'],
    network: ['noop', 'flat'],
    power: ['ipmitool'],
    raid: ['no-raid', 'agent'],
    rescue: ['no-rescue', 'agent'],
    storage: ['noop', 'cinder', 'external'],
    vendor: ['ipmitool', 'no-vendor'],
  },
  // The operator powers the node and sets its boot order: `agent` power needs fast track, which
  // is not offered here, so it fails validation in Ironic's words; `fake` power and management
  // are fake hardware's. `noop` management takes the node to boot from the network.
  'manual-management': {
    bios: ['no-bios'],
    boot: ['ipxe', 'pxe'],
    console: ['no-console'],
    deploy: ['direct', 'ramdisk'],
    inspect: ['inspector', 'no-inspect'],
    management: ['noop', 'fake'],
    network: ['noop', 'flat'],
    power: ['agent', 'fake'],
    raid: ['no-raid', 'agent'],
    rescue: ['no-rescue', 'agent'],
    storage: ['noop', 'cinder', 'external'],
    vendor: ['no-vendor'],
  },
};

/**
 * Where a type's default differs from what Ironic 21.4's default configuration gives it, and
 * why: Ironic's default needs a service or an implementation this build does not have.
 */
export const IRONIC_DEFAULTS_NOT_TAKEN: Readonly<Record<string, Partial<Record<HardwareInterface, string>>>> = {
  ipmi: { inspect: 'no-inspect', network: 'flat' },
  'manual-management': { inspect: 'no-inspect', network: 'flat' },
  redfish: { network: 'flat' },
};

/** Ironic's class of each hardware type, as its refusals name it. */
const HARDWARE_TYPE_CLASSES: Readonly<Record<string, string>> = {
  'fake-hardware': 'FakeHardware',
  redfish: 'RedfishHardware',
  ipmi: 'IPMIHardware',
  'manual-management': 'ManualManagementHardware',
};

/**
 * The implementations of interface `name` an Ironic configured as this build enables for
 * `driver`, sorted as Ironic lists them: every type's for a real hardware type; fake hardware's
 * own for fake hardware, as in the shared fake-hardware deployment (Ironic's fake hardware takes
 * any enabled implementation, so a deployment enabling the real types' would accept them there).
 */
export function enabledImplementations(driver: string, name: HardwareInterface): string[] {
  const types = driver === 'fake-hardware' ? [HARDWARE_TYPES['fake-hardware']!] : Object.values(HARDWARE_TYPES);
  return [...new Set(types.flatMap((support) => support[name]))].sort();
}

/**
 * Why hardware type `driver` cannot use `implementation` for interface `name`, in Ironic's
 * words, or `undefined` when it can (or the type is unknown here): an implementation not
 * enabled is not found in Ironic's entry point; an enabled one the type does not support is
 * incompatible (Ironic names the implementation's object, whose address varies; here its name).
 */
export function interfaceRefusal(driver: string, name: HardwareInterface, implementation: string): string | undefined {
  const support = HARDWARE_TYPES[driver];
  if (!support || support[name].includes(implementation)) return undefined;
  const enabled = enabledImplementations(driver, name);
  if (!enabled.includes(implementation)) {
    return `Could not find the following interface in the 'ironic.hardware.interfaces.${name}' entrypoint: ${implementation}. Valid interfaces are [${enabled.map((impl) => `'${impl}'`).join(', ')}].`;
  }
  return `${name} interface implementation '${implementation}' is not supported by hardware type ${HARDWARE_TYPE_CLASSES[driver] ?? driver}.`;
}

export type NodeInterfaces = Readonly<Record<InterfaceField, string>>;

/** The interfaces a new node of hardware type `driver` gets (fake hardware's for a type this build does not know). */
export function defaultInterfaces(driver: string): NodeInterfaces {
  const support = HARDWARE_TYPES[driver] ?? HARDWARE_TYPES['fake-hardware']!;
  return Object.fromEntries(HARDWARE_INTERFACES.map((name) => [`${name}_interface`, support[name][0]!])) as Record<InterfaceField, string>;
}

/** The implementation of interface `name` a node uses: the one its `instance_info` chooses for the instance (`deploy_interface`, …), else its own. */
export function interfaceOf(node: NodeInterfaces & { readonly instance_info: Readonly<Record<string, unknown>> }, name: HardwareInterface): string {
  const chosen = node.instance_info[`${name}_interface`];
  return typeof chosen === 'string' ? chosen : node[`${name}_interface`];
}

/** The interfaces Ironic's conductor validates before it takes a verb or a power action. */
export type CheckedInterface = 'power' | 'deploy' | 'rescue' | 'inspect' | 'network';

/**
 * Why interface `name` of the node cannot do its work, in Ironic's words, or `undefined` when
 * it can: the drivers' judgement (credentials in `driver_info`, the deploy image, …), which the
 * decider asks for at the revision it decides on.
 */
export type InterfaceCheck = (node: Node, name: CheckedInterface) => string | undefined;

/** What is known without the drivers: an interface set to `no-…` does nothing (Ironic's `UnsupportedDriverExtension`). */
export const unsupportedInterface: InterfaceCheck = (node, name) =>
  interfaceOf(node, name).startsWith('no-') ? `Driver ${node.driver} does not support ${name} (disabled or not implemented).` : undefined;
