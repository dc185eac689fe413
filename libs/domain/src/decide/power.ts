/** Power actions, power sync's findings, and maintenance. */
import { type ClearMaintenance, type RecordPowerOutcome, type RecordPowerSync, type RequestPowerAction, type SetMaintenance } from '../commands.js';
import { InvalidParameterError, InvalidStateError } from '../errors.js';
import { type NodeEvent } from '../events.js';
import { type InterfaceCheck, unsupportedInterface } from '../hardware-types.js';
import { type Node } from '../node.js';
import { isPowerTarget, POWER_FAILURE_FAULT, POWER_TARGET_RESULT } from '../states.js';
import { ensureNotLocked, eventMeta, workingConductor } from './shared.js';
import { assertNever } from '../assert-never.js';

/**
 * A power action, refused as Ironic refuses it (API, then conductor): a timeout below one
 * second, an unknown target, a node being cleaned, a node held by other work, a power interface
 * that cannot work (`check`: the drivers' judgement, e.g. missing credentials).
 */
export function requestPowerAction(command: RequestPowerAction, node: Node, check: InterfaceCheck = unsupportedInterface): NodeEvent[] {
  const { target, timeout } = command.data;
  if (timeout !== undefined && (!Number.isInteger(timeout) || timeout < 1)) throw new InvalidParameterError(node.uuid, 'timeout has to be positive integer');
  if (!isPowerTarget(target)) throw new InvalidStateError(node.uuid, node.power_state, target);
  // Ironic's API does not change power under cleaning's feet.
  if (node.provision_state === 'cleaning' || node.provision_state === 'clean wait') throw new InvalidStateError(node.uuid, node.provision_state, target);
  ensureNotLocked(node);
  const refusal = check(node, 'power');
  if (refusal) throw new InvalidParameterError(node.uuid, refusal);
  const reservation = workingConductor(command.meta);
  return [{ type: 'PowerActionStarted', data: { requested: target, target: POWER_TARGET_RESULT[target], timeout: timeout ?? null, reservation }, meta: eventMeta(command) }];
}

export function recordPowerOutcome(command: RecordPowerOutcome, node: Node): NodeEvent[] {
  ensureNotLocked(node, command.meta.conductor);
  if (node.target_power_state === null) throw new InvalidStateError(node.uuid, node.power_state, 'record power outcome');
  const { data } = command;
  const requested = node.target_power_state;
  return data.outcome === 'succeeded'
    ? [{ type: 'PowerStateChanged', data: { requested, from: node.power_state, to: data.power_state }, meta: eventMeta(command) }]
    : [{ type: 'PowerActionFailed', data: { requested, error: data.error }, meta: eventMeta(command) }];
}

export function recordPowerSync(command: RecordPowerSync, node: Node): NodeEvent[] {
  // Enrolled nodes are not expected to have working credentials, and operators' maintenance
  // is theirs: power sync leaves both alone (it may lift only the maintenance it set itself).
  const operatorMaintenance = node.maintenance && node.fault !== POWER_FAILURE_FAULT;
  if (node.provision_state === 'enroll' || operatorMaintenance) throw new InvalidStateError(node.uuid, node.provision_state, 'power state sync');
  ensureNotLocked(node);
  if (node.target_power_state !== null) throw new InvalidStateError(node.uuid, node.provision_state, 'power state sync');
  const meta = eventMeta(command);
  const { data } = command;
  switch (data.outcome) {
    case 'read': {
      const events: NodeEvent[] = [];
      if (node.power_state !== data.power_state) events.push({ type: 'PowerStateCorrected', data: { from: node.power_state, to: data.power_state }, meta });
      if (node.power_sync_failures > 0) events.push({ type: 'PowerSyncRecovered', data: { failures: node.power_sync_failures }, meta });
      if (node.maintenance) events.push({ type: 'MaintenanceCleared', data: { fault: node.fault }, meta });
      return events;
    }
    case 'forced': {
      const events: NodeEvent[] = [{ type: 'PowerStateRestored', data: { found: data.found, restored: node.power_state }, meta }];
      if (node.power_sync_failures > 0) events.push({ type: 'PowerSyncRecovered', data: { failures: node.power_sync_failures }, meta });
      return events;
    }
    case 'failed': {
      const failures = node.power_sync_failures + 1;
      const events: NodeEvent[] = [{ type: 'PowerSyncFailed', data: { error: data.error, failures }, meta }];
      if (failures >= data.maxRetries && !node.maintenance) {
        // The state is recorded only when the BMC told it; an unreadable one leaves it unchanged.
        if (data.power_state !== undefined && data.power_state !== node.power_state) {
          events.push({ type: 'PowerStateCorrected', data: { from: node.power_state, to: data.power_state }, meta });
        }
        const reason = `During sync_power_state, max retries exceeded for node ${node.uuid}, node state ${node.power_state ?? 'None'} does not match expected state. Last error: ${data.error}`;
        events.push({ type: 'MaintenanceSet', data: { reason, fault: POWER_FAILURE_FAULT }, meta });
      }
      return events;
    }
    default:
      return assertNever(data);
  }
}

export function setMaintenance(command: SetMaintenance, node: Node): NodeEvent[] {
  const reason = command.data.reason;
  const fault = command.data.fault ?? null;
  if (node.maintenance && node.maintenance_reason === reason && node.fault === fault) return [];
  return [{ type: 'MaintenanceSet', data: { reason, fault }, meta: eventMeta(command) }];
}

export function clearMaintenance(command: ClearMaintenance, node: Node): NodeEvent[] {
  const { onlyFault } = command.data;
  if (!node.maintenance || (onlyFault !== undefined && node.fault !== onlyFault)) return [];
  return [{ type: 'MaintenanceCleared', data: { fault: node.fault }, meta: eventMeta(command) }];
}
