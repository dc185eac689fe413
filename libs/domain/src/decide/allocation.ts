/**
 * A node's side of allocations: taking one (the check that keeps two allocations off one node),
 * and ending one (deleting the allocation, removing the instance UUID, tearing the node down).
 */
import { ALLOCATION_FAILURE, backfillProblems, fitsAllocation } from '../allocation.js';
import { type AllocateNode, type DeallocateNode, type NodeCommand } from '../commands.js';
import { InvalidParameterError, NodeConflictError } from '../errors.js';
import { type NodeDeallocated, type NodeEvent } from '../events.js';
import { type Node, type NodeFields } from '../node.js';
import { type ProvisionState, UPDATE_ALLOWED_STATES } from '../states.js';
import { ensureNotLocked, eventMeta } from './shared.js';

/** Where a node's instance UUID may be removed (and its allocation with it) outside maintenance. */
const INSTANCE_REMOVAL_STATES: readonly ProvisionState[] = ['enroll', 'inspecting', 'inspect wait', 'manageable', 'available'];

export function allocateNode(command: AllocateNode, node: Node): NodeEvent[] {
  ensureNotLocked(node);
  const { allocation_uuid, backfill, ...wanted } = command.data;
  if (node.allocation_uuid === allocation_uuid) return [];
  if (node.allocation_uuid !== null) throw new NodeConflictError(node.uuid, `Node ${node.uuid} is associated with allocation ${node.allocation_uuid}.`);
  if (backfill) {
    const problems = backfillProblems(node, wanted);
    if (problems.length > 0) throw new InvalidParameterError(node.uuid, ALLOCATION_FAILURE.backfill(allocation_uuid, node.uuid, problems));
    if (node.instance_uuid !== null && node.instance_uuid !== allocation_uuid) throw associated(node);
  } else {
    if (node.instance_uuid !== null) throw associated(node);
    if (!fitsAllocation(node, wanted)) throw new InvalidParameterError(node.uuid, `Node ${node.uuid} no longer fits allocation ${allocation_uuid}.`);
  }
  return [{ type: 'NodeAllocated', data: { allocation_uuid, instance_uuid: allocation_uuid, traits: [...wanted.traits] }, meta: eventMeta(command) }];
}

export function deallocateNode(command: DeallocateNode, node: Node): NodeEvent[] {
  const { allocation_uuid, reason } = command.data;
  if (node.allocation_uuid !== allocation_uuid) return [];
  ensureNotLocked(node);
  if (reason === 'allocation deleted' && !node.maintenance) {
    const refused = `Cannot remove allocation ${allocation_uuid} for node ${node.uuid}, because the node`;
    if (node.target_provision_state !== null && !UPDATE_ALLOWED_STATES.includes(node.provision_state)) {
      throw new NodeConflictError(node.uuid, `${refused} is in state ${node.provision_state} where updates are not allowed (and maintenance mode is off)`);
    }
    if (node.provision_state === 'active') throw new NodeConflictError(node.uuid, `${refused} is active (and maintenance mode is off)`);
  }
  return [deallocated(command, node, reason)];
}

/**
 * A node update that removes the instance UUID of an allocated node ends its allocation too
 * (the conductor then deletes the allocation): allowed in maintenance or before deployment.
 * Returns the events for `changes`, or `undefined` when the update does not do that.
 */
export function instanceRemoval(command: NodeCommand, node: Node, changes: Partial<NodeFields>): NodeEvent[] | undefined {
  if (node.allocation_uuid === null || !('instance_uuid' in changes) || changes.instance_uuid !== null) return undefined;
  if (!node.maintenance && !INSTANCE_REMOVAL_STATES.includes(node.provision_state)) {
    throw new NodeConflictError(
      node.uuid,
      `Node ${node.uuid} with an allocation can not have instance_uuid removed unless it is in one of allowed (${INSTANCE_REMOVAL_STATES.join(', ')}) states or in maintenance mode.`,
    );
  }
  const { instance_uuid: _removed, ...rest } = changes;
  const events: NodeEvent[] = Object.keys(rest).length > 0 ? [{ type: 'NodeUpdated', data: { changes: rest }, meta: eventMeta(command) }] : [];
  return [...events, deallocated(command, node, 'instance removed')];
}

/** Tear-down finished: the node's allocation ends with its instance. */
export function deallocatedByTearDown(command: NodeCommand, node: Node): NodeEvent[] {
  return node.allocation_uuid === null ? [] : [deallocated(command, node, 'tear-down')];
}

function deallocated(command: NodeCommand, node: Node, reason: NodeDeallocated['data']['reason']): NodeDeallocated {
  return { type: 'NodeDeallocated', data: { allocation_uuid: node.allocation_uuid!, instance_uuid: node.instance_uuid, reason }, meta: eventMeta(command) };
}

function associated(node: Node): NodeConflictError {
  return new NodeConflictError(node.uuid, `Node ${node.uuid} is associated with instance ${node.instance_uuid}.`);
}
