/**
 * The `redfish` RAID interface's clean and deploy steps, which the conductor runs itself through
 * the BMC: what they are called and take, the checks of the operator's arguments before any step
 * runs, and the run of one, which gives the configuration the node records afterwards.
 */
import { callbackTimeoutError, type Json, type JsonObject, type Node, raidConfigProblem, redfishRaidStepNames, redfishRaidStepProblems, type Step, type StepKind } from '@ironledger/domain';
import { DriverError } from './driver.js';
import { type RaidDriver } from './redfish/raid.js';
import { RaidTasksTimedOut } from './redfish/raid-tasks.js';

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

/** Runs a RAID step of `kind` (on `node` with its target set, for `apply_configuration`); the configuration the node then has, to record. */
export async function runRaidStep(node: Node, kind: StepKind, step: Step, raid: RaidDriver): Promise<JsonObject> {
  try {
    if (step.step === 'delete_configuration') return await raid.deleteConfiguration(node);
    // apply_configuration creates the non-root volumes only when asked to.
    const nonRootByDefault = step.step !== 'apply_configuration';
    return await raid.createConfiguration(node, { createRootVolume: truthy(step.args.create_root_volume, true), createNonrootVolumes: truthy(step.args.create_nonroot_volumes, nonRootByDefault) });
  } catch (error) {
    if (!(error instanceof RaidTasksTimedOut)) throw error;
    // Ironic waits for the tasks with the node in a wait state, which its callback timeout fails.
    throw new DriverError(callbackTimeoutError({ uuid: node.uuid, provision_state: kind === 'clean' ? 'clean wait' : 'wait call-back', step_run: { kind, steps: [step], index: 0 } }));
  }
}
