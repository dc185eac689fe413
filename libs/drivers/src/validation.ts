/**
 * `GET /v1/nodes/{id}/validate`: whether each of a node's interfaces has what it needs to work,
 * judged from the node alone (no BMC is contacted), in Ironic's words. Pure: the gateway, which
 * runs no driver, and the conductor share it.
 */
import { HARDWARE_TYPES, type HardwareInterface, interfaceOf, type Json, type Node } from '@ironledger/domain';
import { checkDeployImage } from './agent/instance-info.js';
import { instancePxeConfig } from './boot/pxe.js';
import { agentIso, agentKernelAndRamdisk, bootsInstanceRamdisk, instanceRamdisk, type RamdiskImageDefaults } from './boot/ramdisk-images.js';
import { instanceIso } from './boot/virtual-media.js';
import { parseDriverInfo as parseIpmiDriverInfo } from './ipmi/ipmitool.js';
import { parseDriverInfo as parseRedfishDriverInfo } from './redfish/driver-info.js';

/** The interfaces Ironic reports, in its order (`vendor` is not validated). */
export const VALIDATED_INTERFACES = ['boot', 'deploy', 'management', 'network', 'power', 'bios', 'console', 'inspect', 'raid', 'rescue', 'storage'] as const;
export type ValidatedInterface = (typeof VALIDATED_INTERFACES)[number];

/** Ironic's per-interface answer: no `reason` when the interface is ready. */
export type InterfaceValidation = { readonly result: true } | { readonly result: false; readonly reason: string };

const READY: InterfaceValidation = { result: true };

/**
 * Why the node's interfaces cannot even be loaded, if so: an interface asked for in
 * `instance_info` (`deploy_interface`, …) that the hardware type does not offer (Ironic's 400).
 */
export function interfaceOverrideRefusal(node: Pick<Node, 'driver' | 'instance_info'>): string | undefined {
  const support = HARDWARE_TYPES[node.driver];
  if (!support) return undefined;
  for (const [name, offered] of Object.entries(support) as [HardwareInterface, readonly string[]][]) {
    const chosen = node.instance_info[`${name}_interface`];
    if (typeof chosen === 'string' && !offered.includes(chosen)) {
      return `Could not find the following interface in the 'ironic.hardware.interfaces.${name}' entrypoint: ${chosen}. Valid interfaces are [${offered.map((impl) => `'${impl}'`).join(', ')}].`;
    }
  }
  return undefined;
}

/**
 * Each interface's readiness, in Ironic's order. The deploy interface needs a ready boot
 * interface too. `images`: the conductors' default ramdisk images, for nodes whose
 * `driver_info` names none.
 */
export function validateNode(node: Node, images: RamdiskImageDefaults = {}): Record<ValidatedInterface, InterfaceValidation> {
  const results = {} as Record<ValidatedInterface, InterfaceValidation>;
  for (const name of VALIDATED_INTERFACES) results[name] = validateInterface(node, name, interfaceOf(node, name), images);
  if (results.deploy.result && !results.boot.result) results.deploy = results.boot;
  return results;
}

function validateInterface(node: Node, name: ValidatedInterface, implementation: string, images: RamdiskImageDefaults): InterfaceValidation {
  if (implementation.startsWith('no-')) return failed(`Driver ${node.driver} does not support ${name} (disabled or not implemented).`);
  if (name === 'boot') return validateBoot(node, implementation, images);
  switch (implementation) {
    case 'redfish':
      return judged(() => parseRedfishDriverInfo(node));
    case 'ipmitool':
      return judged(() => parseIpmiDriverInfo(node));
    default:
      return name === 'deploy' ? validateDeploy(node, implementation) : READY;
  }
}

/**
 * The boot interface: the agent's ramdisk images must be known (every node of a real hardware
 * type boots them, to clean if not to deploy), and a `ramdisk` deployment's instance must be one
 * the interface boots.
 */
function validateBoot(node: Node, implementation: string, images: RamdiskImageDefaults): InterfaceValidation {
  switch (implementation) {
    case 'redfish-virtual-media':
      return judged(() => {
        parseRedfishDriverInfo(node);
        agentIso(node, 'deploy', images);
        if (bootsInstanceRamdisk(node)) instanceIso(node);
      });
    case 'pxe':
      return judged(() => {
        if (node.ports.length === 0) throw new Error(`Node ${node.uuid} does not have any port associated with it`);
        agentKernelAndRamdisk(node, 'deploy', images);
        if (bootsInstanceRamdisk(node)) instancePxeConfig(node, {});
      });
    default:
      return READY;
  }
}

/**
 * The deploy interface: the instance's traits must be the node's (any deploy interface), and a
 * real deployment needs to know its image (`direct`) or its ramdisk (`ramdisk`).
 */
function validateDeploy(node: Node, implementation: string): InterfaceValidation {
  const traits: Json | undefined = node.instance_info.traits;
  if (traits !== undefined && traits !== null) {
    if (!Array.isArray(traits) || traits.some((trait) => typeof trait !== 'string')) {
      return failed(`Error parsing traits from Node ${node.uuid} instance_info field. A list of strings is expected.`);
    }
    const missing = (traits as string[]).filter((trait) => !node.traits.includes(trait));
    if (missing.length > 0) return failed(`Cannot specify instance traits that are not also set on the node. Node ${node.uuid} is missing traits ${missing.join(', ')}`);
  }
  if (implementation === 'direct') return judged(() => checkDeployImage(node));
  if (implementation === 'ramdisk') return judged(() => instanceRamdisk(node));
  return READY;
}

/** Ready unless `check` throws; its message is the reason. */
function judged(check: () => unknown): InterfaceValidation {
  try {
    check();
    return READY;
  } catch (error) {
    return failed((error as Error).message);
  }
}

function failed(reason: string): InterfaceValidation {
  return { result: false, reason };
}
