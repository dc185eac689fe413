/** Moves of the provision state machine: operators' verbs, conductors' outcomes, recovery from a dead conductor. */
import { type RecordProvisionOutcome, type RecoverNode, type RequestProvisionAction } from '../commands.js';
import { InvalidParameterError, InvalidStateError, NodeLockedError, NodeProtectedError } from '../errors.js';
import { type NodeEvent } from '../events.js';
import { RESUMABLE_STATES, successEvent } from '../machine.js';
import { evolve } from '../evolve.js';
import { describeAction, managementFailure } from '../management.js';
import { type Node } from '../node.js';
import { stepName } from '../steps.js';
import { isProvisionVerb, type MachineEvent, VERBS } from '../states.js';
import { heartbeatCameMeanwhile, ramdiskTearDown, resumed, workProgress } from './agent.js';
import { deallocatedByTearDown } from './allocation.js';
import { introspectionAfterProvisionMove } from './introspection.js';
import { assertNever, carriedTarget, ensureNotLocked, eventMeta, firedBy, moved, WORKING_STATES } from './shared.js';

export function requestProvisionAction(command: RequestProvisionAction, node: Node): NodeEvent[] {
  ensureNotLocked(node);
  const { target, clean_steps, disable_ramdisk, deploy_steps, configdrive, rescue_password } = command.data;
  const event = isProvisionVerb(target) ? VERBS[target] : undefined;
  if (event) checkProvisionRules(node, event);
  const to = event && firedBy('operator', node.provision_state, event);
  if (!event || !to) throw new InvalidStateError(node.uuid, node.provision_state, target);
  if (event === 'clean' && (!Array.isArray(clean_steps) || clean_steps.length === 0)) {
    throw new InvalidParameterError(node.uuid, 'clean_steps is required and must be a non-empty list when target is "clean".');
  }
  const provisionMove = moved(command, node, event, to, {
    verb: target,
    // Manual cleaning returns to manageable instead of heading for available.
    chosenTarget: event === 'clean' ? 'manageable' : null,
    last_error: event === 'abort' && node.provision_state === 'clean wait' ? cleanAbortedText(node) : null,
    ...(event === 'clean' ? { clean_steps, ...(disable_ramdisk && { disable_ramdisk }) } : {}),
    ...(deploy_steps && (event === 'deploy' || event === 'rebuild') ? { deploy_steps } : {}),
    ...(configdrive && (event === 'deploy' || event === 'rebuild') ? { configdrive } : {}),
    ...(rescue_password && event === 'rescue' ? { rescue_password } : {}),
  });
  return [provisionMove, ...introspectionAfterProvisionMove(command, node, event), ...ramdiskTearDown(command, node, event)];
}

/** Ironic's record of an aborted clean, naming the step it ran, if any. */
function cleanAbortedText(node: Node): string {
  const run = node.step_run;
  const step = run?.kind === 'clean' && run.index !== null ? run.steps[run.index] : undefined;
  return `By request, the clean operation was aborted${step ? ` during or after the completion of step "${stepName(step)}"` : ''}`;
}

/**
 * What Ironic's conductor checks before the state machine: nodes in maintenance are not
 * deployed, protected nodes are neither torn down nor rebuilt, retired nodes are not provided.
 */
function checkProvisionRules(node: Node, event: MachineEvent): void {
  if ((event === 'deploy' || event === 'rebuild') && node.maintenance) {
    throw new InvalidParameterError(node.uuid, `The provisioning operation can't be performed on node ${node.uuid} because it's in maintenance mode.`);
  }
  if ((event === 'delete' || event === 'rebuild') && node.protected) throw new NodeProtectedError(node.uuid);
  if (event === 'provide' && node.provision_state === 'manageable' && node.retired) {
    throw new InvalidParameterError(node.uuid, `The providing operation can't be performed on node ${node.uuid} because it is retired.`);
  }
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
  // The work changed power (it booted a ramdisk): recorded first, since it releases the power lock.
  if (data.outcome !== 'failed' && data.power_state !== undefined && data.power_state !== node.power_state) {
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

export function recover(command: RecoverNode, node: Node): NodeEvent[] {
  const { deadConductor } = command.data;
  if (node.reservation === null) return [];
  if (node.reservation !== deadConductor) throw new NodeLockedError(node.uuid, node.reservation);
  const why = `Conductor ${deadConductor} stopped while the node was`;
  if (WORKING_STATES.has(node.provision_state)) {
    const to = firedBy('conductor', node.provision_state, 'fail');
    if (to) {
      const error = `${why} ${node.provision_state}; the operation cannot be resumed.`;
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
