import { type Json, type JsonObject, type Node } from '@ironledger/domain';
import { type BiosDriver, type BiosSettingRequest, DriverError } from './driver.js';

/** The BIOS interface whose clean steps the conductor runs itself, and how the driver describes `settings`. */
export interface BiosSteps {
  readonly bios: BiosDriver;
  readonly settingsHelp: string;
}

/** The BIOS interface's clean steps. */
export const BIOS_CLEAN_STEPS = ['apply_configuration', 'factory_reset'] as const;

/** A manual clean step as the operator gave it. */
export interface CleanStep {
  readonly interface: string;
  readonly step: string;
  readonly args: JsonObject;
}

/** `{interface, step, args}` of a clean step, or `null` when it is not one. */
export function cleanStep(value: Json): CleanStep | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const { interface: iface, step, args } = value;
  if (typeof iface !== 'string' || typeof step !== 'string') return null;
  return { interface: iface, step, args: typeof args === 'object' && args !== null && !Array.isArray(args) ? args : {} };
}

/**
 * Checks a BIOS clean step's arguments before any step runs, as Ironic checks every step of a
 * manual clean first. `settingsHelp` is the driver's description of `settings`.
 */
export function checkBiosStep(node: Node, step: CleanStep, settingsHelp: string): void {
  if (step.step !== 'apply_configuration') return;
  const settings = step.args.settings;
  if (settings === undefined) {
    throw new DriverError(`Cannot clean node ${node.uuid}: clean step {'interface': 'bios', 'step': 'apply_configuration'} is missing these required arguments: settings (${settingsHelp})`);
  }
  if (!Array.isArray(settings) || !settings.every((item) => typeof item === 'object' && item !== null && !Array.isArray(item) && typeof item.name === 'string' && 'value' in item)) {
    throw new DriverError(`Cannot clean node ${node.uuid}: the settings of bios.apply_configuration must be a list of {"name": ..., "value": ...} objects, not ${JSON.stringify(settings)}.`);
  }
}

/** Runs a BIOS clean step checked by `checkBiosStep`. */
export async function runBiosStep(node: Node, step: CleanStep, bios: BiosDriver): Promise<void> {
  if (step.step === 'factory_reset') return bios.factoryReset(node);
  const settings = (step.args.settings as JsonObject[]).map((item): BiosSettingRequest => ({ name: item.name as string, value: item.value ?? null }));
  return bios.applyConfiguration(node, settings);
}
