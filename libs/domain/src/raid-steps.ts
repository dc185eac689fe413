/**
 * The steps of Ironic's `redfish` RAID interface as its conductor checks a request for them:
 * the arguments each takes (its argsinfo), and what it finds wrong with a requested step, in its
 * order and words. The conductor runs these steps through the BMC, so they are known before any
 * ramdisk is up: a deploy asking for them is checked when it is requested.
 */
import { type Json, type JsonObject } from './node.js';
import { pythonRepr } from './python.js';
import { type StepKind } from './steps.js';

/** The arguments each step takes, with the descriptions of the required ones (Ironic's `RAID_APPLY_CONFIGURATION_ARGSINFO` for `apply_configuration`). */
const STEP_ARGS: Readonly<Record<StepKind, Readonly<Record<string, { readonly takes: readonly string[]; readonly required?: Readonly<Record<string, string>> }>>>> = {
  clean: {
    create_configuration: { takes: ['create_root_volume', 'create_nonroot_volumes', 'delete_existing'] },
    delete_configuration: { takes: [] },
  },
  deploy: {
    delete_configuration: { takes: [] },
    apply_configuration: { takes: ['raid_config', 'create_root_volume', 'create_nonroot_volumes', 'delete_existing'], required: { raid_config: 'The RAID configuration to apply.' } },
  },
};

/** The names of the `redfish` RAID interface's steps of `kind`. */
export const redfishRaidStepNames = (kind: StepKind): string[] => Object.keys(STEP_ARGS[kind]);

/**
 * What Ironic finds wrong with a requested `redfish` RAID step of `kind`: arguments it does not
 * take; for a clean step, or a deploy step with a priority, required arguments missing and, for a
 * clean that boots no ramdisk, that the step needs one (none of this interface's steps does without).
 */
export function redfishRaidStepProblems(given: Json, kind: StepKind, disableRamdisk = false): string[] {
  const { interface: iface, step, args, priority } = given as { interface?: string; step?: string; args?: JsonObject; priority?: number };
  const known = iface === 'raid' && typeof step === 'string' ? STEP_ARGS[kind][step] : undefined;
  if (!known) return [];
  const problems: string[] = [];
  const unexpected = Object.keys(args ?? {}).filter((name) => !known.takes.includes(name));
  if (unexpected.length > 0) problems.push(`${kind} step ${pythonRepr(given)} has these unexpected arguments: ${unexpected.join(', ')}`);
  if (kind === 'clean' || (typeof priority === 'number' && priority > 0)) {
    const missing = Object.entries(known.required ?? {}).filter(([name]) => !(name in (args ?? {}))).map(([name, description]) => `${name} (${description})`);
    if (missing.length > 0) problems.push(`${kind} step ${pythonRepr(given)} is missing these required arguments: ${missing.join(', ')}`);
    if (disableRamdisk) problems.push(`clean step ${pythonRepr(given)} requires booting a ramdisk`);
  }
  return problems;
}

/**
 * Ironic's refusal of a deployment whose `redfish` RAID deploy steps it would not take: those of
 * the matching deploy templates (named) first, then those of the `deploy_steps` argument.
 */
export function redfishRaidDeployStepsRefusal(templates: readonly { readonly name: string; readonly steps: readonly Json[] }[], argument: readonly Json[]): string | undefined {
  const fromTemplates = templates.flatMap((template) => template.steps.flatMap((step) => redfishRaidStepProblems(step, 'deploy')));
  if (fromTemplates.length > 0) {
    const names = templates.map((template) => template.name).join(',');
    return `Validation of deploy steps from deploy templates matching this node's instance traits failed. Matching deploy templates: ${names}. Errors: ${fromTemplates.join('; ')}`;
  }
  const fromArgument = argument.flatMap((step) => redfishRaidStepProblems(step, 'deploy'));
  // Ironic's prefix ends without a space before the errors.
  return fromArgument.length > 0 ? `Validation of deploy steps from "deploy steps" argument failed.${fromArgument.join('; ')}` : undefined;
}
