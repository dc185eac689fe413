/**
 * The `redfish` RAID interface's clean steps, which the conductor runs itself through the BMC:
 * what they are called and take, the check of the operator's arguments before any step runs,
 * and the run of one, which gives the configuration the node records afterwards.
 */
import { type Json, type JsonObject, type Node, pythonRepr, type Step } from '@ironledger/domain';
import { DriverError } from './driver.js';
import { type RaidDriver } from './redfish/raid.js';

/** Ironic's RAID clean steps, run never by default (priority 0) and not abortable; what each step takes. */
const RAID_STEP_ARGS: Readonly<Record<string, readonly string[]>> = {
  create_configuration: ['create_root_volume', 'create_nonroot_volumes', 'delete_existing'],
  delete_configuration: [],
};
export const REDFISH_RAID_STEPS: readonly Step[] = Object.keys(RAID_STEP_ARGS).map((step) => ({ interface: 'raid', step, priority: 0, args: {}, abortable: false }));
/** Its deploy steps, run only when a deploy template or the operator asks for them: `delete_configuration` (Ironic's `apply_configuration` is not offered here). */
export const REDFISH_RAID_DEPLOY_STEPS: readonly Step[] = [{ interface: 'raid', step: 'delete_configuration', priority: 0, args: {} }];

/** Python's truth of a JSON value: what Ironic makes of a step argument. */
function truthy(value: Json | undefined, fallback: boolean): boolean {
  if (value === undefined) return fallback;
  if (Array.isArray(value)) return value.length > 0;
  if (typeof value === 'object' && value !== null) return Object.keys(value).length > 0;
  return Boolean(value);
}

/** Refuses, before cleaning starts, a requested RAID step with arguments it does not take (Ironic's words). */
export function checkRaidStep(node: Node, given: Json): void {
  const { interface: iface, step, args } = given as { interface?: string; step?: string; args?: JsonObject };
  if (iface !== 'raid' || typeof step !== 'string' || !(step in RAID_STEP_ARGS)) return;
  const unexpected = Object.keys(args ?? {}).filter((name) => !RAID_STEP_ARGS[step]!.includes(name));
  if (unexpected.length > 0) throw new DriverError(`Cannot clean node ${node.uuid}: clean step ${pythonRepr(given)} has these unexpected arguments: ${unexpected.join(', ')}`);
}

/** Runs a RAID step; the configuration the node then has, to record. */
export function runRaidStep(node: Node, step: Step, raid: RaidDriver): Promise<JsonObject> {
  if (step.step === 'delete_configuration') return raid.deleteConfiguration(node);
  return raid.createConfiguration(node, { createRootVolume: truthy(step.args.create_root_volume, true), createNonrootVolumes: truthy(step.args.create_nonroot_volumes, true) });
}
