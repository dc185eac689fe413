/**
 * The steps of an agent run: the ones the conductor runs itself, the ones it asks the agent
 * for, and the plan that puts them in order for a deploy or a cleaning.
 */
import { type Json, type Node, type Step, type StepKind, automatedCleanPlan, deployPlan, interfaceOf, manualCleanPlan, stepName } from '@ironledger/domain';
import { BIOS_CLEAN_STEPS, checkBiosStep } from '../bios-steps.js';
import { checkRaidSteps, REDFISH_RAID_DEPLOY_STEPS, REDFISH_RAID_STEPS } from '../raid-steps.js';
import { type AgentProvisioningParts } from './parts.js';
import { agentEndpoint } from './client.js';

/** Automated cleaning erases partition tables and metadata only, unless the operator says otherwise. */
export const DEFAULT_CLEAN_STEP_PRIORITIES: Readonly<Record<string, number>> = { erase_devices: 0 };

/** Ironic's direct deploy steps the conductor runs itself; `deploy.deploy`, which boots the ramdisk, runs before the agent is up. */
export const BOOT_RAMDISK: Step = { interface: 'deploy', step: 'deploy', priority: 100, args: {} };
const CONDUCTOR_DEPLOY_STEPS: readonly Step[] = [
  { interface: 'deploy', step: 'write_image', priority: 80, args: {} },
  { interface: 'deploy', step: 'prepare_instance_boot', priority: 60, args: {} },
  { interface: 'deploy', step: 'tear_down_agent', priority: 40, args: {} },
  { interface: 'deploy', step: 'switch_to_tenant_network', priority: 30, args: {} },
  { interface: 'deploy', step: 'boot_instance', priority: 20, args: {} },
];

/** The BIOS steps, which the conductor runs through the BMC during cleaning (never by default). */
export const BIOS_STEPS: readonly Step[] = BIOS_CLEAN_STEPS.map((step) => ({ interface: 'bios', step, priority: 0, args: {} }));

/**
 * Whether the node offers an agent's step: the agent's RAID steps (`create_configuration`,
 * `delete_configuration`, `apply_configuration`) only through the `agent` RAID interface, as
 * Ironic attributes them to the node's RAID interface.
 */
export function offeredByNode(node: Node, step: Pick<Step, 'interface'>): boolean {
  return step.interface !== 'raid' || interfaceOf(node, 'raid') === 'agent';
}

/** Whether `step` is a step of the `redfish` RAID interface, which the conductor runs through the BMC. */
export function byRedfishRaid(node: Node, step: Pick<Step, 'interface'>): boolean {
  return step.interface === 'raid' && interfaceOf(node, 'raid') === 'redfish';
}

/** The steps the conductor runs through the BMC for the node: the BIOS interface's, and the RAID interface's when it is `redfish`. */
export function bmcCleanSteps(parts: AgentProvisioningParts, node: Node): Step[] {
  return [...(parts.biosSteps ? BIOS_STEPS : []), ...(parts.raidSteps && interfaceOf(node, 'raid') === 'redfish' ? REDFISH_RAID_STEPS : [])];
}

/**
 * Checks the operator's BIOS and RAID steps before any step runs, as Ironic checks every step of a
 * manual clean first; a clean that boots no ramdisk refuses the RAID steps, which need one.
 */
export function checkBmcSteps(parts: AgentProvisioningParts, node: Node, requested: readonly Json[], steps: readonly Step[], disableRamdisk = false): void {
  for (const step of steps) if (step.interface === 'bios') checkBiosStep(node, step, parts.biosSteps!.settingsHelp);
  if (parts.raidSteps && interfaceOf(node, 'raid') === 'redfish') checkRaidSteps(node, requested, disableRamdisk);
}

/**
 * Why the agent cannot be asked to run `step` on the node, if so: creating a RAID configuration
 * needs the node's target RAID configuration (Ironic's agent RAID interface checks it first).
 */
export function raidStepRefusal(node: Node, step: Pick<Step, 'interface' | 'step'>): string | undefined {
  if (stepName(step) !== 'raid.create_configuration') return undefined;
  return Object.keys(node.target_raid_config).length === 0 ? `Node ${node.uuid} has no target RAID configuration.` : undefined;
}

/** The steps the conductor runs itself; every other step runs on the agent (`write_image` too, with the image). */
const OUT_OF_BAND: ReadonlySet<string> = new Set([...CONDUCTOR_DEPLOY_STEPS.filter((step) => step.step !== 'write_image'), ...BIOS_STEPS].map(stepName));
export const inBand = (node: Node, step: Step): boolean => !OUT_OF_BAND.has(stepName(step)) && !byRedfishRaid(node, step);

/** A step as the plan keeps it (the agent's descriptions of arguments left out). */
const planned = ({ interface: iface, step, priority, args, abortable, reboot_requested }: Step): Step => ({
  interface: iface, step, priority, args,
  ...(abortable !== undefined && { abortable }),
  ...(reboot_requested !== undefined && { reboot_requested }),
});

/** The steps a run of `kind` plans once the agent is up: the agent's, the conductor's, and what the operator asked for. */
export async function planSteps(
  parts: AgentProvisioningParts,
  priorities: Readonly<Record<string, number>>,
  node: Node,
  kind: StepKind,
  requested: readonly Json[] | null,
): Promise<Step[]> {
  const where = agentEndpoint(node);
  if (kind === 'deploy') {
    const offered = (await parts.agent.getDeploySteps(where, node, node.ports)).filter((step) => offeredByNode(node, step)).map(planned);
    // The conductor's write_image hands the image to the agent: the agent's own entry of that name is the same step.
    const agentOnly = offered.filter((step) => !CONDUCTOR_DEPLOY_STEPS.some((own) => stepName(own) === stepName(step)));
    const bmcSteps = parts.raidSteps && interfaceOf(node, 'raid') === 'redfish' ? REDFISH_RAID_DEPLOY_STEPS : [];
    return deployPlan([...CONDUCTOR_DEPLOY_STEPS, ...agentOnly, ...bmcSteps], requested ?? [], node.uuid);
  }
  const offered = [...(await parts.agent.getCleanSteps(where, node, node.ports)).filter((step) => offeredByNode(node, step)).map(planned), ...bmcCleanSteps(parts, node)];
  if (requested === null) return automatedCleanPlan(offered, priorities);
  const steps = manualCleanPlan(requested, offered, node.uuid);
  checkBmcSteps(parts, node, requested, steps);
  return steps;
}
