/**
 * What each hardware type offers behind each of a node's interfaces, as data: the names an
 * operator may choose in `<interface>_interface`, the first one being what a new node gets.
 * Only implementations that really work are listed (Ironic's names for them).
 */

/** A node's hardware interfaces, in Ironic's order. */
export const HARDWARE_INTERFACES = ['bios', 'boot', 'console', 'deploy', 'inspect', 'management', 'network', 'power', 'raid', 'rescue', 'storage', 'vendor'] as const;
export type HardwareInterface = (typeof HARDWARE_INTERFACES)[number];

/** The node field naming the implementation of an interface, e.g. `boot_interface`. */
export type InterfaceField = `${HardwareInterface}_interface`;
export const INTERFACE_FIELDS: readonly InterfaceField[] = HARDWARE_INTERFACES.map((name) => `${name}_interface` as const);

export type InterfaceSupport = Readonly<Record<HardwareInterface, readonly string[]>>;

/** Supported implementations per interface, default first. */
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
  // through the agent; rescue through the agent is `agent`. Inspection boots the inspector's ramdisk.
  redfish: {
    bios: ['redfish', 'no-bios'],
    boot: ['pxe', 'redfish-virtual-media'],
    console: ['no-console'],
    deploy: ['direct', 'ramdisk'],
    inspect: ['inspector', 'no-inspect'],
    management: ['redfish'],
    network: ['noop', 'flat'],
    power: ['redfish'],
    raid: ['no-raid'],
    rescue: ['no-rescue', 'agent'],
    storage: ['noop'],
    vendor: ['no-vendor'],
  },
  ipmi: {
    bios: ['no-bios'],
    boot: ['pxe'],
    console: ['no-console'],
    deploy: ['direct', 'ramdisk'],
    inspect: ['inspector', 'no-inspect'],
    management: ['ipmitool'],
    network: ['noop', 'flat'],
    power: ['ipmitool'],
    raid: ['no-raid'],
    rescue: ['no-rescue', 'agent'],
    storage: ['noop'],
    vendor: ['no-vendor'],
  },
};

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
