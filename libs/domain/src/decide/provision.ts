/** Moves of the provision state machine: operators' verbs, conductors' outcomes, recovery from a dead conductor. */
import { type RecordProvisionOutcome, type RecoverNode, type RequestProvisionAction } from '../commands.js';
import { configDriveRefusal, given, stepsRefusal } from '../action-args.js';
import { InstanceFailureError, InvalidParameterError, InvalidStateError, NodeLockedError, NodeProtectedError } from '../errors.js';
import { type NodeEvent } from '../events.js';
import { RESUMABLE_STATES, successEvent } from '../machine.js';
import { evolve } from '../evolve.js';
import { type CheckedInterface, type InterfaceCheck, interfaceOf, unsupportedInterface } from '../hardware-types.js';
import { describeAction, managementFailure } from '../management.js';
import { type Json, type Node } from '../node.js';
import { redfishRaidDeployStepsRefusal } from '../raid-steps.js';
import { stepName, templateDeploySteps } from '../steps.js';
import { isProvisionVerb, type MachineEvent, type ProvisionState, VERBS } from '../states.js';
import { heartbeatCameMeanwhile, ramdiskTearDown, resumed, workProgress } from './agent.js';
import { deallocatedByTearDown } from './allocation.js';
import { introspectionAfterProvisionMove } from './introspection.js';
import { carriedTarget, ensureNotLocked, eventMeta, firedBy, moved, WORKING_STATES } from './shared.js';
import { assertNever } from '../assert-never.js';

export function requestProvisionAction(command: RequestProvisionAction, node: Node, check: InterfaceCheck = unsupportedInterface): NodeEvent[] {
  ensureNotLocked(node);
  const { target, clean_steps, disable_ramdisk, configdrive, rescue_password } = command.data;
  const event = isProvisionVerb(target) ? VERBS[target] : undefined;
  // Ironic's API refuses deploying a node in maintenance before it looks at the state machine.
  if ((event === 'deploy' || event === 'rebuild') && node.maintenance) throw inMaintenance(node, 'provisioning');
  const to = event && firedBy('operator', node.provision_state, event);
  if (!event || !to) throw new InvalidStateError(node.uuid, node.provision_state, target);
  checkArguments(node, event, command.data);
  checkConductorRules(node, event, check);
  checkRaidDeploySteps(node, event, command.data);
  const deploy_steps = deployStepsOf(node, event, command.data);
  const provisionMove = moved(command, node, event, to, {
    verb: target,
    // Manual cleaning returns to manageable instead of heading for available.
    chosenTarget: event === 'clean' ? 'manageable' : null,
    last_error: event === 'abort' && node.provision_state === 'clean wait' ? cleanAbortedText(node) : null,
    ...(event === 'clean' ? { clean_steps, ...(disable_ramdisk && { disable_ramdisk }) } : {}),
    ...(deploy_steps ? { deploy_steps } : {}),
    ...(configdrive && (event === 'deploy' || event === 'rebuild') ? { configdrive } : {}),
    ...(rescue_password && event === 'rescue' ? { rescue_password } : {}),
  });
  return [provisionMove, ...introspectionAfterProvisionMove(command, node, event), ...ramdiskTearDown(command, node, event)];
}

/**
 * The deploy steps a deployment runs: through the agent (`direct`), those of the deploy templates
 * its instance's traits name first, then the operator's (Ironic's conductor expands the templates).
 */
function deployStepsOf(node: Node, event: MachineEvent, { deploy_steps, deploy_templates }: RequestProvisionAction['data']): Json[] | undefined {
  if (event !== 'deploy' && event !== 'rebuild') return undefined;
  const templateSteps = interfaceOf(node, 'deploy') === 'direct' ? templateDeploySteps(deploy_templates ?? [], node.instance_info.traits) : [];
  return templateSteps.length > 0 ? [...templateSteps, ...(deploy_steps ?? [])] : deploy_steps;
}

/** The `redfish` RAID interface's deploy steps asked for by the matching deploy templates or the operator, checked as Ironic's conductor checks them before it deploys. */
function checkRaidDeploySteps(node: Node, event: MachineEvent, { deploy_steps, deploy_templates }: RequestProvisionAction['data']): void {
  if ((event !== 'deploy' && event !== 'rebuild') || interfaceOf(node, 'raid') !== 'redfish') return;
  const traits = node.instance_info.traits;
  const matching = Array.isArray(traits) ? traits.flatMap((trait) => (deploy_templates ?? []).filter((template) => template.name === trait)) : [];
  const refusal = redfishRaidDeployStepsRefusal(matching.map(({ name, steps }) => ({ name, steps: steps as unknown as Json[] })), deploy_steps ?? []);
  if (refusal) throw new InvalidParameterError(node.uuid, `Failed to validate deploy or power info for node ${node.uuid}: ${refusal}`);
}

/** Ironic's refusals of a verb's arguments (its API checks them; here they can never reach the history either). */
function checkArguments(node: Node, event: MachineEvent, args: RequestProvisionAction['data']): void {
  const refusal =
    ((event === 'deploy' || event === 'rebuild') && configDriveRefusal(args.configdrive)) ||
    (event === 'clean' && (given(args.clean_steps) ? stepsRefusal('clean', args.clean_steps) : '"clean_steps" is required when setting target provision state to clean')) ||
    (event === 'rescue' && !args.rescue_password?.trim() && 'A non-empty "rescue_password" is required when setting target provision state to rescue');
  if (refusal) throw new InvalidParameterError(node.uuid, refusal);
}

/**
 * What Ironic's conductor checks before it takes a verb, in its order: maintenance, protection,
 * retirement, and whether the interfaces the verb needs can work (`check`, the drivers'
 * judgement). A refusal leaves the node where it is.
 */
function checkConductorRules(node: Node, event: MachineEvent, check: InterfaceCheck): void {
  const failing = (...names: CheckedInterface[]) => names.map((name) => check(node, name)).find((reason) => reason !== undefined);
  switch (event) {
    case 'deploy':
    case 'rebuild': {
      if (event === 'rebuild' && node.protected) throw new NodeProtectedError(node.uuid);
      const reason = failing('power', 'deploy');
      if (reason) throw new InvalidParameterError(node.uuid, `Failed to validate deploy or power info for node ${node.uuid}: ${reason}`);
      return;
    }
    case 'delete': {
      if (node.protected) throw new NodeProtectedError(node.uuid);
      const reason = failing('power');
      if (reason) throw new InstanceFailureError(node.uuid, `Failed to validate power driver interface. Can not delete instance. Error: ${reason}`);
      return;
    }
    case 'rescue':
    case 'unrescue': {
      if (node.maintenance) throw inMaintenance(node, `${event === 'rescue' ? '' : 'un'}rescuing`);
      const reason = event === 'rescue' ? failing('power', 'rescue', 'network') : failing('power');
      if (reason) throw new InstanceFailureError(node.uuid, `Failed to ${event} instance ${node.instance_uuid ?? 'None'} for node ${node.uuid}: Validation failed: ${reason}`);
      return;
    }
    case 'inspect': {
      const reason = failing('power', 'inspect');
      if (reason) throw new InvalidParameterError(node.uuid, reason);
      return;
    }
    case 'clean': {
      if (node.maintenance) throw inMaintenance(node, 'cleaning');
      const reason = failing('power', 'network');
      if (reason) throw new InvalidParameterError(node.uuid, `Validation of node ${node.uuid} for cleaning failed: ${reason}`);
      return;
    }
    case 'provide':
      if (node.provision_state === 'manageable' && node.retired) {
        throw new InvalidParameterError(node.uuid, `The providing operation can't be performed on node ${node.uuid} because it is retired.`);
      }
      return;
    default:
      return;
  }
}

/** Ironic's `NodeInMaintenance`. */
function inMaintenance(node: Node, operation: string): InvalidParameterError {
  return new InvalidParameterError(node.uuid, `The ${operation} operation can't be performed on node ${node.uuid} because it's in maintenance mode.`);
}

/** Ironic's record of an aborted clean, naming the step it ran, if any. */
function cleanAbortedText(node: Node): string {
  const run = node.step_run;
  const step = run?.kind === 'clean' && run.index !== null ? run.steps[run.index] : undefined;
  return `By request, the clean operation was aborted${step ? ` during or after the completion of step "${stepName(step)}"` : ''}`;
}

export function recordProvisionOutcome(command: RecordProvisionOutcome, node: Node): NodeEvent[] {
  ensureNotLocked(node, command.meta.conductor);
  // One lock per node: a running power action holds it even against its own conductor's provisioning.
  if (node.target_power_state !== null) throw new NodeLockedError(node.uuid, node.reservation ?? '');
  const { data } = command;
  const event = outcomeEvent(node, data.outcome);
  const to = event && firedBy('conductor', node.provision_state, event);
  if (!event || !to) throw new InvalidStateError(node.uuid, node.provision_state, event ?? 'done');
  const events: NodeEvent[] = [];
  // The work changed power (it booted a ramdisk, or powered off before failing): recorded first, since it releases the power lock.
  if (data.power_state !== undefined && data.power_state !== node.power_state) {
    events.push({ type: 'PowerStateChanged', data: { requested: data.power_state, from: node.power_state, to: data.power_state }, meta: eventMeta(command) });
  }
  const error = data.outcome === 'failed' ? data.error : null;
  const introspection = introspectionAfterProvisionMove(command, node, event, error);
  events.push(...workProgress(command, node));
  const move = moved(command, node, event, to, { verb: null, chosenTarget: carriedTarget(node), last_error: error ?? node.last_error });
  events.push(move, ...introspection, ...ramdiskTearDown(command, node, event));
  // What the node boots over the network from now on: the ramdisk it waits for, or its instance.
  if (data.boot_config) events.push({ type: 'BootConfigRecorded', data: { config: data.boot_config }, meta: eventMeta(command) });
  // The agent reported in while the work ran: no need to wait for it.
  if (event === 'wait' && RESUMABLE_STATES.has(to) && heartbeatCameMeanwhile(command, node)) events.push(resumed(command, evolve(node, move)!));
  // A finished tear-down ends the instance, and the allocation that brought it (the conductor deletes that).
  if (node.provision_state === 'deleting' && data.outcome === 'succeeded') events.push(...deallocatedByTearDown(command, node), ...instanceCleared(command, node));
  return events;
}

/** Ironic's words for a deployment or cleaning whose conductor went away (`abort_on_conductor_take_over`). */
export const TAKEOVER_ERROR = 'Operation was aborted due to conductor take over';

/** The states Ironic's takeover fails with `TAKEOVER_ERROR`; it has no words of its own for the others. */
const TAKEN_OVER_STATES: ReadonlySet<ProvisionState> = new Set(['deploying', 'cleaning']);

export function recover(command: RecoverNode, node: Node): NodeEvent[] {
  const { deadConductor } = command.data;
  if (node.reservation === null) return [];
  if (node.reservation !== deadConductor) throw new NodeLockedError(node.uuid, node.reservation);
  const why = `Conductor ${deadConductor} stopped while the node was`;
  if (WORKING_STATES.has(node.provision_state)) {
    const to = firedBy('conductor', node.provision_state, 'fail');
    if (to) {
      const error = TAKEN_OVER_STATES.has(node.provision_state) ? TAKEOVER_ERROR : `${why} ${node.provision_state}; the operation cannot be resumed.`;
      return [moved(command, node, 'fail', to, { verb: null, chosenTarget: carriedTarget(node), last_error: error }), ...introspectionAfterProvisionMove(command, node, 'fail', error)];
    }
  }
  if (node.target_power_state !== null) {
    return [{ type: 'PowerActionFailed', data: { requested: node.target_power_state, error: `${why} changing its power state to ${node.target_power_state}.` }, meta: eventMeta(command) }];
  }
  const action = node.management_action;
  if (action) {
    const error = managementFailure(action, node.uuid, `${why} ${describeAction(action)}.`);
    return [{ type: 'ManagementActionFailed', data: { action, error }, meta: eventMeta(command) }];
  }
  return [];
}

/** Ironic wipes the instance fields when tear-down finishes, whoever set them (Nova by PATCH, or an allocation). */
function instanceCleared(command: RecordProvisionOutcome, node: Node): NodeEvent[] {
  if (node.instance_uuid === null && Object.keys(node.instance_info).length === 0) return [];
  return [{ type: 'InstanceCleared', data: { instance_uuid: node.instance_uuid }, meta: eventMeta(command) }];
}

/** The machine event a conductor's outcome fires in the node's current state (success: the table's edge towards the target). */
function outcomeEvent(node: Node, outcome: RecordProvisionOutcome['data']['outcome']): MachineEvent | undefined {
  switch (outcome) {
    case 'succeeded':
      // A retired node's cleaning after tear-down ends in manageable: it is not offered again.
      return node.provision_state === 'cleaning' && node.retired ? 'manage' : successEvent(node.provision_state, node.target_provision_state);
    case 'failed':
      return 'fail';
    case 'waiting':
      return 'wait';
    case 'resumed':
      return 'resume';
    default:
      return assertNever(outcome);
  }
}
