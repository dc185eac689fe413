/**
 * Port groups of a node: creation, changes (in place, or a move to another node as for ports),
 * removal, with the rules of Ironic's API, conductor (`update_portgroup`) and of the `flat`
 * interface's `portgroup_changed`.
 */
import { type AddPortgroup, type ReceivePortgroup, type RemovePortgroup, type UpdatePortgroup } from '../commands.js';
import { ALREADY_EXISTS, InvalidInputError, NodeConflictError, PortgroupNotFoundError, ResourceConflictError } from '../errors.js';
import { type NodeEvent } from '../events.js';
import { DEFAULT_PORTGROUP_FIELDS, type Node, type Portgroup, type PortgroupFields } from '../node.js';
import { NETWORK_CHANGE_STATES, tenantVif } from './ports.js';
import { changedEntries, ensureNotLocked, eventMeta } from './shared.js';

export function addPortgroup(command: AddPortgroup, node: Node): NodeEvent[] {
  const { uuid, ...fields } = command.data;
  const known = Object.fromEntries(Object.entries(fields).filter(([key, value]) => key in DEFAULT_PORTGROUP_FIELDS && value !== undefined)) as Partial<PortgroupFields>;
  const data: PortgroupFields = { ...DEFAULT_PORTGROUP_FIELDS, ...known, uuid };
  if (node.portgroups.some((group) => group.uuid === uuid)) throw new NodeConflictError(node.uuid, ALREADY_EXISTS.portgroup(uuid));
  checkUnique(node, data);
  return [{ type: 'PortgroupAdded', data, meta: eventMeta(command) }];
}

export function updatePortgroup(command: UpdatePortgroup, node: Node): NodeEvent[] {
  const group = findPortgroup(node, command.data.uuid);
  const { to_node } = command.data;
  ensureNotLocked(node);
  if (to_node !== undefined && to_node !== node.uuid) {
    if (node.ports.some((port) => port.portgroup_uuid === group.uuid)) {
      throw new InvalidInputError(`Portgroup ${group.uuid} can not be associated with node ${to_node} because there are ports associated with this portgroup.`);
    }
    return [{ type: 'PortgroupMovedOut', data: { uuid: group.uuid, to_node }, meta: eventMeta(command) }];
  }
  const changes = changedEntries(group, command.data.changes);
  if (Object.keys(changes).length === 0) return [];
  checkStandalonePorts(node, group, changes);
  checkUnique(node, { ...group, ...changes });
  return [{ type: 'PortgroupUpdated', data: { uuid: group.uuid, changes }, meta: eventMeta(command) }];
}

export function receivePortgroup(command: ReceivePortgroup, node: Node): NodeEvent[] {
  const { portgroup: moving, from_node } = command.data;
  ensureNotLocked(node);
  if (!NETWORK_CHANGE_STATES.includes(node.provision_state) && !node.maintenance) {
    throw new ResourceConflictError(
      `Portgroup ${moving.uuid} can not be associated to node ${node.uuid} unless the node is in a ${NETWORK_CHANGE_STATES.join(', ')} state or in maintenance mode.`,
    );
  }
  const portgroup: Portgroup = { ...moving, ...changedEntries(moving, command.data.changes), updated_at: command.meta.at };
  if (node.portgroups.some((group) => group.uuid === portgroup.uuid)) throw new NodeConflictError(node.uuid, ALREADY_EXISTS.portgroup(portgroup.uuid));
  checkUnique(node, portgroup);
  return [{ type: 'PortgroupMovedIn', data: { portgroup, from_node }, meta: eventMeta(command) }];
}

export function removePortgroup(command: RemovePortgroup, node: Node): NodeEvent[] {
  const group = findPortgroup(node, command.data.uuid);
  ensureNotLocked(node);
  // Ironic's intended answer (21.4 fails with a 500 on its foreign key instead).
  if (node.ports.some((port) => port.portgroup_uuid === group.uuid)) throw new InvalidInputError(`Cannot complete the requested action because portgroup ${group.uuid} contains ports.`);
  return [{ type: 'PortgroupRemoved', data: { uuid: group.uuid }, meta: eventMeta(command) }];
}

function findPortgroup(node: Node, uuid: string): Portgroup {
  const group = node.portgroups.find((candidate) => candidate.uuid === uuid);
  if (!group) throw new PortgroupNotFoundError(uuid);
  return group;
}

/** Names and MACs of port groups are unique (across the fleet by claims; here within the node). */
function checkUnique(node: Node, group: Pick<Portgroup, 'uuid' | 'name' | 'address'>): void {
  const others = node.portgroups.filter((other) => other.uuid !== group.uuid);
  if (group.name !== null && others.some((other) => other.name === group.name)) throw new NodeConflictError(node.uuid, ALREADY_EXISTS.portgroupName(group.name));
  if (group.address !== null && others.some((other) => other.address === group.address)) throw new NodeConflictError(node.uuid, ALREADY_EXISTS.portgroupMac(group.address));
}

/** With a real network interface, a group that stops supporting standalone ports may not have PXE-enabled or VIF-bound members. */
function checkStandalonePorts(node: Node, group: Portgroup, changes: Partial<PortgroupFields>): void {
  if (node.network_interface === 'noop' || changes.standalone_ports_supported !== false) return;
  for (const port of node.ports.filter((member) => member.portgroup_uuid === group.uuid)) {
    const vif = tenantVif(port.internal_info);
    const reasons = [...(port.pxe_enabled ? ["'pxe_enabled' is set to True"] : []), ...(vif ? [`VIF ${vif} is attached to this port`] : [])];
    if (reasons.length > 0) {
      throw new ResourceConflictError(`standalone_ports_supported can not be set to False, because the port group ${group.uuid} contains port with ${reasons.join(', ')}`);
    }
  }
}
