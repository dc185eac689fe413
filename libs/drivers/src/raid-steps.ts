/**
 * The `redfish` RAID interface's clean and deploy steps, which the conductor runs itself through
 * the BMC: what they are called and take, the checks of the operator's arguments before any step
 * runs, and the start of one, which ends with the configuration the node records, or with tasks
 * the node waits for.
 */
import { type Json, type JsonObject, type Node, raidConfigProblem, redfishRaidStepNames, redfishRaidStepProblems, type Step } from '@ironledger/domain';
import { DriverError } from './driver.js';
import { type RaidDriver, type RaidRound } from './redfish/raid.js';

/** The clean steps, not abortable. */
export const REDFISH_RAID_STEPS: readonly Step[] = redfishRaidStepNames('clean').map((step) => ({ interface: 'raid', step, priority: 0, args: {}, abortable: false }));
/** The deploy steps (`delete_configuration`, `apply_configuration`), run only when a deploy template or the operator asks for them. */
export const REDFISH_RAID_DEPLOY_STEPS: readonly Step[] = redfishRaidStepNames('deploy').map((step) => ({ interface: 'raid', step, priority: 0, args: {} }));

/** Python's truth of a JSON value: what Ironic makes of a step argument. */
function truthy(value: Json | undefined, fallback: boolean): boolean {
  if (value === undefined) return fallback;
  if (Array.isArray(value)) return value.length > 0;
  if (typeof value === 'object' && value !== null) return Object.keys(value).length > 0;
  return Boolean(value);
}

/** Refuses, before cleaning starts, requested RAID steps Ironic would not take (its words, every step's problems). */
export function checkRaidSteps(node: Node, requested: readonly Json[], disableRamdisk = false): void {
  const problems = requested.flatMap((given) => redfishRaidStepProblems(given, 'clean', disableRamdisk));
  if (problems.length > 0) throw new DriverError(`Cannot clean node ${node.uuid}: ${problems.join('; ')}`);
}

/**
 * The configuration `apply_configuration` makes the node's target before it builds it, checked
 * as Ironic checks a target; `undefined` for the other steps.
 */
export function raidStepTarget(step: Step): JsonObject | undefined {
  if (step.step !== 'apply_configuration') return undefined;
  const config = step.args.raid_config;
  const target = typeof config === 'object' && config !== null && !Array.isArray(config) ? config : {};
  const problem = raidConfigProblem(target, 'redfish');
  if (problem) throw new DriverError(problem);
  return target;
}

/** Runs a RAID step (on `node` with its target set, for `apply_configuration`): the configuration the node then has, or the BMC tasks it waits for. */
export function runRaidStep(node: Node, step: Step, raid: RaidDriver): Promise<RaidRound> {
  if (step.step === 'delete_configuration') return raid.deleteConfiguration(node);
  // apply_configuration creates the non-root volumes only when asked to.
  const nonRootByDefault = step.step !== 'apply_configuration';
  return raid.createConfiguration(node, { createRootVolume: truthy(step.args.create_root_volume, true), createNonrootVolumes: truthy(step.args.create_nonroot_volumes, nonRootByDefault) });
}
