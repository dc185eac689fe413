/**
 * `GET /v1/nodes/{id}/validate`: whether each of a node's interfaces has what it needs to work,
 * judged from the node alone (no BMC is contacted), in Ironic's words. Pure: the conductor judges
 * with it both the validation a client asks for and the interfaces a verb needs.
 */
import { type CheckedInterface, HARDWARE_INTERFACES, type InterfaceCheck, interfaceOf, interfaceRefusal, type Json, type Node } from '@ironledger/domain';
import { checkDeployImage, checkRescuePassword } from './agent/instance-info.js';
import { instancePxeConfig } from './boot/pxe.js';
import { agentIso, agentKernelAndRamdisk, bootsInstanceRamdisk, instanceRamdisk, needsAgentRamdisk, type RamdiskImageDefaults } from './boot/ramdisk-images.js';
import { instanceIso } from './boot/virtual-media.js';
import { parseDriverInfo as parseIpmiDriverInfo } from './ipmi/ipmitool.js';
import { AGENT_POWER_REFUSAL } from './by-interface.js';
import { cinderWritesImage, UnexpectedStorageError, validateCinderStorage } from './cinder.js';
import { DriverRefusal } from './driver.js';
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
  for (const name of HARDWARE_INTERFACES) {
    const chosen = node.instance_info[`${name}_interface`];
    const refusal = typeof chosen === 'string' ? interfaceRefusal(node.driver, name, chosen) : undefined;
    if (refusal) return refusal;
  }
  return undefined;
}

/**
 * `GET /v1/nodes/{id}/validate` as a conductor answers it: each interface's readiness
 * (`validateNode`), or a `DriverRefusal` (400) when the node's interfaces cannot even be loaded.
 */
export function validationReport(node: Node, images: RamdiskImageDefaults = {}, conductor = ''): Record<ValidatedInterface, InterfaceValidation> {
  const refusal = interfaceOverrideRefusal(node);
  if (refusal) throw new DriverRefusal(refusal);
  return validateNode(node, images, conductor);
}

/**
 * Each interface's readiness, in Ironic's order. The deploy interface needs a ready boot
 * interface too. `images`: the conductors' default ramdisk images, for nodes whose
 * `driver_info` names none; `conductor`: the validating conductor's name, which Ironic's words for
 * an error it did not expect name.
 */
export function validateNode(node: Node, images: RamdiskImageDefaults = {}, conductor = ''): Record<ValidatedInterface, InterfaceValidation> {
  const results = {} as Record<ValidatedInterface, InterfaceValidation>;
  for (const name of VALIDATED_INTERFACES) results[name] = validateInterface(node, name, interfaceOf(node, name), images);
  if (interfaceOf(node, 'storage') === 'cinder') results.storage = validateCinder(node, conductor);
  results.deploy = deployAfterBoot(node, results.boot, results.deploy);
  // The password arrives with the rescue verb, so only validation asks for it beforehand.
  if (results.rescue.result && interfaceOf(node, 'rescue') === 'agent') results.rescue = judged(() => checkRescuePassword(node));
  return results;
}

/**
 * The drivers' `InterfaceCheck` for the decider: why an interface cannot work, as `validateNode`
 * words it (a deploy interface needs its boot interface). `images`: as for `validateNode`.
 */
export function driverCheck(images: RamdiskImageDefaults = {}): InterfaceCheck {
  return (node: Node, name: CheckedInterface) => {
    let verdict = validateInterface(node, name, interfaceOf(node, name), images);
    if (name === 'deploy') verdict = deployAfterBoot(node, validateInterface(node, 'boot', interfaceOf(node, 'boot'), images), verdict);
    return verdict.result ? undefined : verdict.reason;
  };
}

function validateInterface(node: Node, name: ValidatedInterface, implementation: string, images: RamdiskImageDefaults): InterfaceValidation {
  if (implementation.startsWith('no-')) return failed(`Driver ${node.driver} does not support ${name} (disabled or not implemented).`);
  if (name === 'boot') return validateBoot(node, implementation, images);
  if (name === 'rescue' && implementation === 'agent') return validateRescueBoot(node, interfaceOf(node, 'boot'), images);
  switch (implementation) {
    case 'redfish':
      // Ironic's redfish RAID interface checks only the target RAID configuration, which was checked when it was set.
      return name === 'raid' ? READY : judged(() => parseRedfishDriverInfo(node));
    case 'ipmitool':
      return judged(() => parseIpmiDriverInfo(node));
    case 'ipmitool-socat':
    case 'ipmitool-shellinabox':
      return judged(() => {
        parseIpmiDriverInfo(node);
        // No console port range is configured here: the node must name its own port.
        if (node.driver_info.ipmi_terminal_port === undefined || node.driver_info.ipmi_terminal_port === null) {
          throw new Error("Either missing 'ipmi_terminal_port' parameter in node's driver_info or [console]port_range is not configured");
        }
      });
    case 'agent':
      // Power through the agent needs fast track (not offered here); RAID through it is ready.
      return name === 'power' ? failed(AGENT_POWER_REFUSAL) : READY;
    case 'flat':
      // Ironic's flat network cleans on a Neutron network, which no configuration here names.
      return failed('UUID or name of cleaning network is not set in configuration');
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
        if (needsAgentRamdisk(node, 'deploy')) agentIso(node, 'deploy', images);
        if (bootsInstanceRamdisk(node)) instanceIso(node);
      });
    case 'pxe':
    case 'ipxe':
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
 * The deploy interface's verdict once its boot interface is judged: Ironic checks the instance's
 * traits first, then the deploy interface validates its boot interface before its own settings.
 */
function deployAfterBoot(node: Node, boot: InterfaceValidation, deploy: InterfaceValidation): InterfaceValidation {
  if (boot.result || instanceTraitsRefusal(node) !== undefined) return deploy;
  return boot;
}

/** Rescue through the agent: the boot interface must be able to boot the rescue ramdisk (Ironic's `validate_rescue`). */
function validateRescueBoot(node: Node, boot: string, images: RamdiskImageDefaults): InterfaceValidation {
  switch (boot) {
    case 'redfish-virtual-media':
      return judged(() => agentIso(node, 'rescue', images));
    case 'pxe':
    case 'ipxe':
      return judged(() => {
        if (node.ports.length === 0) throw new Error(`Node ${node.uuid} does not have any port associated with it`);
        agentKernelAndRamdisk(node, 'rescue', images);
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
  const traitsRefusal = instanceTraitsRefusal(node);
  if (traitsRefusal !== undefined) return failed(traitsRefusal);
  // A node that boots from a Cinder volume has no image to write.
  if (interfaceOf(node, 'storage') === 'cinder' && !cinderWritesImage(node)) return READY;
  if (implementation === 'direct') return judged(() => checkDeployImage(node));
  if (implementation === 'ramdisk') return judged(() => instanceRamdisk(node));
  return READY;
}

/** Why the instance's traits (`instance_info/traits`) cannot be deployed to the node, if so: they must be the node's. */
function instanceTraitsRefusal(node: Node): string | undefined {
  const traits: Json | undefined = node.instance_info.traits;
  if (traits === undefined || traits === null) return undefined;
  if (!Array.isArray(traits) || traits.some((trait) => typeof trait !== 'string')) {
    return `Error parsing traits from Node ${node.uuid} instance_info field. A list of strings is expected.`;
  }
  const missing = (traits as string[]).filter((trait) => !node.traits.includes(trait));
  return missing.length > 0 ? `Cannot specify instance traits that are not also set on the node. Node ${node.uuid} is missing traits ${missing.join(', ')}` : undefined;
}

/** The cinder storage interface's checks of the node's volumes; an error Ironic does not expect there is shown as such. */
function validateCinder(node: Node, conductor: string): InterfaceValidation {
  try {
    validateCinderStorage(node);
    return READY;
  } catch (error) {
    const message = (error as Error).message;
    return failed(error instanceof UnexpectedStorageError ? `Unexpected exception, traceback saved into log by ironic conductor service that is running on ${conductor}: ${message}` : message);
  }
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
