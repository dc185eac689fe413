/**
 * Ports of a node: creation, changes (in place, or a move to another node in two halves:
 * `PortMovedOut` here, `PortMovedIn` there), removal. The rules are those of Ironic's API and
 * conductor (`update_port`, `validate_port_physnet`, `port_changed` of the `flat` interface).
 */
import { type AddPort, type ReceivePort, type RemovePort, type UpdatePort } from '../commands.js';
import { ALREADY_EXISTS, InvalidInputError, InvalidParameterError, NodeConflictError, PortNotFoundError, ResourceConflictError } from '../errors.js';
import { type NodeEvent } from '../events.js';
import { normalizeMac } from '../introspection.js';
import { DEFAULT_PORT_FIELDS, type JsonObject, newPort, type Node, type Port, type PortFields } from '../node.js';
import { type ProvisionState } from '../states.js';
import { changedEntries, ensureNotLocked, eventMeta } from './shared.js';

/** The port fields whose change needs the node out of service (Ironic's "connectivity attributes"). */
const CONNECTIVITY_FIELDS: readonly (keyof PortFields)[] = ['portgroup_uuid', 'pxe_enabled', 'local_link_connection', 'physical_network'];
/** Where connectivity attributes may change (besides maintenance), in Ironic's order. */
export const NETWORK_CHANGE_STATES: readonly ProvisionState[] = ['enroll', 'inspecting', 'inspect wait', 'manageable'];

/** Where a VIF is recorded on a port or port group, and what for (Ironic's `get_attached_vif` order). */
export const VIF_KEYS = [
  ['tenant_vif_port_id', 'tenant'],
  ['cleaning_vif_port_id', 'cleaning'],
  ['provisioning_vif_port_id', 'provisioning'],
  ['rescuing_vif_port_id', 'rescuing'],
  ['inspection_vif_port_id', 'inspecting'],
] as const;

/** The tenant VIF bound to a port or port group, if any. */
export const tenantVif = (internalInfo: JsonObject): string | undefined => {
  const vif = internalInfo.tenant_vif_port_id;
  return typeof vif === 'string' && vif !== '' ? vif : undefined;
};

export function addPort(command: AddPort, node: Node): NodeEvent[] {
  const { uuid, address: given, ...fields } = command.data;
  const address = normalizeMac(given);
  if (!address) throw new InvalidParameterError(node.uuid, `Expected valid MAC address for address: ${String(given)}`);
  const known = Object.fromEntries(Object.entries(fields).filter(([key, value]) => key in DEFAULT_PORT_FIELDS && value !== undefined)) as Partial<PortFields>;
  const port = newPort({ ...known, uuid, address }, command.meta.at);
  const group = memberOf(node, port);
  if (group && fields.pxe_enabled === true && !group.standalone_ports_supported) {
    throw new ResourceConflictError(
      `Port group ${group.uuid} doesn't support standalone ports. This port cannot be created as a member of that portgroup as the port's 'pxe_enabled' field was set to True.`,
    );
  }
  ensureNotLocked(node);
  checkPhysicalNetwork(node, port);
  if (node.ports.some((other) => other.address === address)) throw new NodeConflictError(node.uuid, ALREADY_EXISTS.mac(address));
  if (node.ports.some((other) => other.uuid === uuid)) throw new NodeConflictError(node.uuid, ALREADY_EXISTS.port(uuid));
  return [{ type: 'PortAdded', data: { ...DEFAULT_PORT_FIELDS, ...known, uuid, address, source: 'api' }, meta: eventMeta(command) }];
}

export function updatePort(command: UpdatePort, node: Node): NodeEvent[] {
  const port = findPort(node, command.data.uuid);
  const { to_node } = command.data;
  if (to_node !== undefined && to_node !== node.uuid) {
    ensureNotLocked(node);
    // The port would keep a port group of the node it leaves.
    if (port.portgroup_uuid !== null && command.data.changes.portgroup_uuid === undefined) throw differentNodeGroup();
    return [{ type: 'PortMovedOut', data: { uuid: port.uuid, address: port.address, to_node }, meta: eventMeta(command) }];
  }
  const changes = changedEntries(port, command.data.changes);
  if (Object.keys(changes).length === 0) {
    // Ironic's conductor takes the node even for a patch that changes nothing.
    ensureNotLocked(node);
    return [];
  }
  checkChange(node, port, changes);
  return [{ type: 'PortUpdated', data: { uuid: port.uuid, changes }, meta: eventMeta(command) }];
}

export function receivePort(command: ReceivePort, node: Node): NodeEvent[] {
  const { port: moving, from_node } = command.data;
  const changes = changedEntries(moving, command.data.changes);
  checkChange(node, moving, changes);
  const port: Port = { ...moving, ...changes, updated_at: command.meta.at };
  if (node.ports.some((other) => other.address === port.address)) throw new NodeConflictError(node.uuid, ALREADY_EXISTS.mac(port.address));
  if (node.ports.some((other) => other.uuid === port.uuid)) throw new NodeConflictError(node.uuid, ALREADY_EXISTS.port(port.uuid));
  return [{ type: 'PortMovedIn', data: { port, from_node }, meta: eventMeta(command) }];
}

export function removePort(command: RemovePort, node: Node): NodeEvent[] {
  const port = findPort(node, command.data.uuid);
  ensureNotLocked(node);
  const bound = VIF_KEYS.find(([key]) => typeof port.internal_info[key] === 'string' && port.internal_info[key] !== '');
  if (bound && !node.maintenance) {
    throw new ResourceConflictError(`Cannot delete the port ${port.uuid} as it is bound to VIF ${String(port.internal_info[bound[0]])} for ${bound[1]} use.`);
  }
  return [{ type: 'PortRemoved', data: { uuid: port.uuid, address: port.address }, meta: eventMeta(command) }];
}

function findPort(node: Node, uuid: string): Port {
  const port = node.ports.find((candidate) => candidate.uuid === uuid);
  if (!port) throw new PortNotFoundError(uuid);
  return port;
}

/** (Ironic's words; a 500 in Ironic 21.4, whose exception has no HTTP code: 400 here.) */
export const differentNodeGroup = (): InvalidInputError => new InvalidInputError('Port can not be added to a portgroup belonging to a different node.');

/** The port group `port` names, which must be one of the node's (400 otherwise, as Ironic answers a PATCH). */
function memberOf(node: Node, port: Port) {
  if (port.portgroup_uuid === null) return undefined;
  const group = node.portgroups.find((candidate) => candidate.uuid === port.portgroup_uuid);
  if (!group) throw new InvalidInputError(`Portgroup ${port.portgroup_uuid} could not be found.`);
  return group;
}

/** The rules for `port` of (or moving into) `node` taking `changes`, in the order Ironic checks them. */
function checkChange(node: Node, port: Port, changes: Partial<PortFields>): void {
  const after: Port = { ...port, ...changes };
  const group = memberOf(node, after);
  ensureNotLocked(node);
  if ('address' in changes && (node.provision_state === 'active' || node.instance_uuid) && !node.maintenance) {
    throw new ResourceConflictError(`Cannot update hardware address for port ${port.uuid} as node ${node.uuid} is active or has instance UUID assigned`);
  }
  if (CONNECTIVITY_FIELDS.some((field) => field in changes) && !NETWORK_CHANGE_STATES.includes(node.provision_state) && !node.maintenance) {
    throw new ResourceConflictError(
      `Port ${port.uuid} can not have any connectivity attributes (physical_network, pxe_enabled, portgroup_id, local_link_connection) updated ` +
        `unless node ${node.uuid} is in a ${NETWORK_CHANGE_STATES.join(', ')} state or in maintenance mode. The current state is ${node.provision_state}.`,
    );
  }
  if ('portgroup_uuid' in changes || 'physical_network' in changes) checkPhysicalNetwork(node, after);
  if (node.network_interface !== 'noop' && group && !group.standalone_ports_supported) {
    const vif = tenantVif(after.internal_info);
    if ('pxe_enabled' in changes || 'portgroup_uuid' in changes || vif) {
      const reasons = [...(after.pxe_enabled ? ["'pxe_enabled' was set to True"] : []), ...(vif ? [`VIF ${vif} is attached to the port`] : [])];
      if (reasons.length > 0) {
        throw new ResourceConflictError(`Port group ${group.uuid} doesn't support standalone ports. This port ${port.uuid} cannot be  a member of that port group because of: ${reasons.join(', ')}`);
      }
    }
  }
  if (after.address !== port.address && node.ports.some((other) => other.address === after.address && other.uuid !== port.uuid)) {
    throw new NodeConflictError(node.uuid, ALREADY_EXISTS.mac(after.address));
  }
}

/** All ports of a port group share one physical network (`null` counts as one): Ironic's 409 otherwise. */
function checkPhysicalNetwork(node: Node, port: Port): void {
  if (port.portgroup_uuid === null) return;
  const members = node.ports.filter((other) => other.portgroup_uuid === port.portgroup_uuid && other.uuid !== port.uuid);
  const [physnet] = new Set(members.map((member) => member.physical_network));
  if (members.length === 0 || physnet === port.physical_network) return;
  throw new ResourceConflictError(
    `Port with physical network ${port.physical_network ?? 'None'} cannot become a member of port group ${port.portgroup_uuid} which has ports in physical network ${physnet ?? 'None'}.`,
  );
}
