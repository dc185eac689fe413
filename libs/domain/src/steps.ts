/**
 * Clean and deploy steps: what runs, in which order, and how far a run has got. A step is run
 * either by the conductor (out of band, through the BMC) or by the ramdisk agent (in band);
 * the plan is the union of both, ordered by priority as Ironic orders it.
 */
import { type DeployTemplate } from './deploy-template.js';
import { type Json, type JsonObject } from './node.js';
import { NamedError } from './named-error.js';

export type StepKind = 'clean' | 'deploy';

export interface Step {
  readonly interface: string;
  readonly step: string;
  readonly priority: number;
  readonly args: JsonObject;
  readonly abortable?: boolean;
  readonly reboot_requested?: boolean;
}

/**
 * The BMC tasks a `redfish` RAID step left running (Ironic's `raid_configs`): the monitors of the
 * changes a reboot applies, and what the step has still to submit once they are done (`pending`,
 * the driver's own). The node waits while they run; a conductor polls them.
 */
export interface RaidTasks {
  readonly operation: 'create' | 'delete';
  readonly monitors: readonly string[];
  readonly pending: Json;
}

/**
 * The steps of the running clean or deploy, and the one running now (`index`, `null` before the
 * first); `raid_tasks` while that step waits for the BMC's RAID tasks.
 */
export interface StepRun {
  readonly kind: StepKind;
  readonly steps: readonly Step[];
  readonly index: number | null;
  readonly raid_tasks?: RaidTasks;
}

/** Progress a conductor reports with the outcome of its work, in the order it happened. */
export type StepProgress =
  | { readonly type: 'planned'; readonly kind: StepKind; readonly steps: readonly Step[] }
  /** `target_raid_config`: the configuration `raid.apply_configuration` makes the node's target before it builds it. */
  | { readonly type: 'started'; readonly kind: StepKind; readonly index: number; readonly target_raid_config?: JsonObject }
  /** `raid_config`: what an agent RAID step left built (`{}` once deleted), for the node to record. */
  | { readonly type: 'finished'; readonly kind: StepKind; readonly index: number; readonly raid_config?: JsonObject }
  /** A `redfish` RAID step submitted changes a reboot applies: the node waits for their tasks. */
  | { readonly type: 'raid_tasks'; readonly kind: StepKind; readonly index: number; readonly tasks: RaidTasks };

/** The states a clean or deploy run spans; leaving them ends the run. */
export const STEP_RUN_STATES: Readonly<Record<StepKind, readonly string[]>> = {
  clean: ['cleaning', 'clean wait'],
  deploy: ['deploying', 'wait call-back'],
};

/** `interface.step`, as steps are named in messages. */
export const stepName = (step: Pick<Step, 'interface' | 'step'>): string => `${step.interface}.${step.step}`;

/**
 * Orders steps as Ironic does: highest priority first; among equal priorities, Ironic's
 * interface order (deploy, bios, management, raid… see `INTERFACE_ORDER`), then as given.
 */
export function orderSteps(steps: readonly Step[]): Step[] {
  const rank = (step: Step) => INTERFACE_ORDER.indexOf(step.interface) === -1 ? INTERFACE_ORDER.length : INTERFACE_ORDER.indexOf(step.interface);
  return steps.map((step, position) => ({ step, position })).sort((a, b) => b.step.priority - a.step.priority || rank(a.step) - rank(b.step) || a.position - b.position).map(({ step }) => step);
}

/** Ironic's tie-break among steps of equal priority (`conductor/steps.py`: CLEANING_INTERFACE_PRIORITY). */
const INTERFACE_ORDER = ['deploy', 'firmware', 'bios', 'management', 'raid', 'power', 'network', 'rescue', 'storage', 'vendor'];

/**
 * The automated clean plan: every step with a priority above zero, `priorities` (operator
 * overrides by step name, e.g. `erase_devices: 0`) applied first.
 */
export function automatedCleanPlan(available: readonly Step[], priorities: Readonly<Record<string, number>> = {}): Step[] {
  const prioritised = available.map((step) => (step.step in priorities ? { ...step, priority: priorities[step.step]! } : step));
  return orderSteps(prioritised.filter((step) => step.priority > 0));
}

/**
 * The manual clean plan: the operator's steps in the operator's order, each matched against
 * the steps the node offers (any priority); an unknown step is refused with Ironic's words.
 */
export function manualCleanPlan(requested: readonly Json[], available: readonly Step[], nodeId: string): Step[] {
  return requested.map((given) => {
    const wanted = given as { interface?: string; step?: string; args?: JsonObject };
    const match = available.find((step) => step.interface === wanted.interface && step.step === wanted.step);
    if (!match) throw new StepRefusal(`Node ${nodeId} does not support this clean step: ${JSON.stringify(given)}`);
    return { ...match, args: { ...match.args, ...(wanted.args ?? {}) } };
  });
}

/**
 * The deploy plan: the deploy interface's own steps and the agent's, with the operator's and
 * the matching deploy templates' steps overriding priority and arguments of the step they
 * name (a priority of 0 disables a step); steps with priority 0 are left out.
 */
export function deployPlan(available: readonly Step[], requested: readonly Json[], nodeId: string): Step[] {
  const byName = new Map(available.map((step) => [stepName(step), step]));
  for (const given of requested) {
    const wanted = given as { interface?: string; step?: string; args?: JsonObject; priority?: number };
    const known = byName.get(`${wanted.interface}.${wanted.step}`);
    if (!known) throw new StepRefusal(`Node ${nodeId} does not support this deploy step: ${JSON.stringify(given)}`);
    byName.set(stepName(known), { ...known, priority: wanted.priority ?? known.priority, args: { ...known.args, ...(wanted.args ?? {}) } });
  }
  return orderSteps([...byName.values()].filter((step) => step.priority > 0));
}

/**
 * The deploy steps of the templates an instance asks for: those named by a trait of the
 * instance (`instance_info.traits`), in the order of the traits (Ironic's deploy templates).
 */
export function templateDeploySteps(templates: readonly Pick<DeployTemplate, 'name' | 'steps'>[], instanceTraits: Json | undefined): Json[] {
  if (!Array.isArray(instanceTraits)) return [];
  return instanceTraits.flatMap((trait) => (templates.find((template) => template.name === trait)?.steps ?? []).map((step) => ({ ...step }) as unknown as Json));
}

/** A requested step the node cannot run. */
export class StepRefusal extends NamedError {}
