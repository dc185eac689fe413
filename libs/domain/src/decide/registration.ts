/** Enrolling, updating and deleting nodes, with Ironic's rules for each operator-owned field. */
import { type DeleteNode, type NodeFieldChanges, type RegisterNode, type UpdateNode } from '../commands.js';
import { ALREADY_EXISTS, InvalidParameterError, NodeConflictError, NodeProtectedError } from '../errors.js';
import { type NodeEvent } from '../events.js';
import { HARDWARE_INTERFACES, HARDWARE_TYPES, INTERFACE_FIELDS, type InterfaceField, interfaceRefusal } from '../hardware-types.js';
import { DEFAULT_NODE_FIELDS, type Json, type JsonObject, type Node, type NodeFields } from '../node.js';
import { DELETE_ALLOWED_STATES, INTERFACE_UPDATE_STATES, type ProvisionState } from '../states.js';
import { instanceRemoval } from './allocation.js';
import { ensureNotLocked, eventMeta, pickFields } from './shared.js';

export function register(command: RegisterNode, node: Node | null): NodeEvent[] {
  if (node) throw new NodeConflictError(command.nodeId, ALREADY_EXISTS.node(command.nodeId));
  const { provision_state, maintenance, boot_mode, secure_boot, ...fields } = command.data;
  if (!fields.driver) throw new InvalidParameterError(command.nodeId, 'A node needs a driver.');
  const chosen = pickFields(fields);
  const bootMode = { ...(boot_mode !== undefined && boot_mode !== null && { boot_mode }), ...(secure_boot !== undefined && secure_boot !== null && { secure_boot }) };
  const data = Object.assign({}, DEFAULT_NODE_FIELDS, chosen, resolvedInterfaces(command.nodeId, fields.driver, chosen), { provision_state }, bootMode);
  checkProperties(command.nodeId, data.properties);
  const meta = eventMeta(command);
  const events: NodeEvent[] = [{ type: 'NodeRegistered', data, meta }];
  if (maintenance) events.push({ type: 'MaintenanceSet', data: { reason: null, fault: null }, meta });
  return events;
}

/**
 * Ironic's `update_node`: the field changes (only what differs from the node), checked in
 * Ironic's order — protection, retirement, the states interfaces may change in, the interfaces
 * themselves, the node's lock, the instance, the resource class, the scheduler properties —
 * and maintenance turned on or off with them.
 */
export function update(command: UpdateNode, node: Node): NodeEvent[] {
  const { maintenance = node.maintenance, reset_interfaces = false } = command.data;
  const changes = changedFields(node, command.data.changes);
  const maintenanceChanged = maintenance !== node.maintenance;
  if (Object.keys(changes).length === 0 && !maintenanceChanged) return [];

  const after = { ...node, ...changes } as Node;
  checkProtection(node, changes, after);
  checkRetirement(node, changes, after);
  const driverChanged = 'driver' in changes;
  const interfacesChanged = INTERFACE_FIELDS.filter((field) => field in changes);
  for (const field of interfacesChanged) {
    if (!INTERFACE_UPDATE_STATES.includes(node.provision_state) && !maintenance) {
      throw new NodeConflictError(node.uuid, `Node ${node.uuid} can not have ${field} updated unless it is in one of allowed (${INTERFACE_UPDATE_STATES.join(', ')}) states or in maintenance mode.`);
    }
  }
  if (driverChanged || interfacesChanged.length > 0) {
    const requested: NodeFieldChanges = { ...after, ...(driverChanged && reset_interfaces ? unsetInterfaces(changes) : {}) };
    const resolved = resolvedInterfaces(node.uuid, after.driver, requested);
    for (const field of INTERFACE_FIELDS) delete changes[field];
    Object.assign(changes, differentFrom(node, resolved));
  }
  ensureNotLocked(node);
  if ('instance_uuid' in changes && changes.instance_uuid && node.instance_uuid) {
    throw new NodeConflictError(node.uuid, `Node ${node.uuid} is associated with instance ${node.instance_uuid}.`);
  }
  if ('resource_class' in changes && node.resource_class && !INTERFACE_UPDATE_STATES.includes(node.provision_state)) {
    throw new NodeConflictError(node.uuid, `Node ${node.uuid} can not have resource_class updated unless it is in one of allowed (${INTERFACE_UPDATE_STATES.join(', ')}) states.`);
  }
  if ('properties' in changes) checkProperties(node.uuid, changes.properties ?? {});

  const meta = eventMeta(command);
  const events: NodeEvent[] = [];
  // Maintenance on first and off last, so that every event sees the node as the request leaves it.
  if (maintenanceChanged && maintenance) events.push({ type: 'MaintenanceSet', data: { reason: node.maintenance_reason, fault: node.fault }, meta });
  if (Object.keys(changes).length > 0) {
    // Removing the instance of an allocated node ends its allocation.
    events.push(...(instanceRemoval(command, node, changes as Partial<NodeFields>) ?? [{ type: 'NodeUpdated', data: { changes: changes as Partial<NodeFields> }, meta }]));
  }
  if (maintenanceChanged && !maintenance) events.push({ type: 'MaintenanceCleared', data: { fault: node.fault }, meta });
  return events;
}

/**
 * Ironic's `destroy_node`: a node with an instance stays (unless in maintenance), a protected
 * one always; outside maintenance only in the delete-allowed states, `available` among them
 * unless the conductor's setting says otherwise.
 */
export function remove(command: DeleteNode, node: Node): NodeEvent[] {
  ensureNotLocked(node);
  // In maintenance a node with an instance may go, and its allocation with it (the conductor deletes that).
  if (!node.maintenance && node.instance_uuid) {
    throw new NodeConflictError(node.uuid, `Node ${node.uuid} is associated with instance ${node.instance_uuid}.`);
  }
  if (node.protected) throw new NodeProtectedError(node.uuid);
  const allowed: readonly ProvisionState[] = command.data.allow_deleting_available === false ? DELETE_ALLOWED_STATES : [...DELETE_ALLOWED_STATES, 'available'];
  if (!node.maintenance && !allowed.includes(node.provision_state)) {
    throw new NodeConflictError(
      node.uuid,
      `Can not delete node "${node.uuid}" while it is in provision state "${node.provision_state}". ` +
        `Valid provision states to perform deletion are: "${pythonTuple(allowed)}", or set the node into maintenance mode`,
    );
  }
  return [{ type: 'NodeDeleted', data: { provision_state: node.provision_state }, meta: eventMeta(command) }];
}

/** States in which a protected node may stay or become protected. */
const PROTECTABLE_STATES: readonly ProvisionState[] = ['active', 'rescue'];

/** Only deployed nodes are protected; unprotecting drops the reason; a reason needs the flag. */
function checkProtection(node: Node, changes: NodeFieldChanges, after: Node): void {
  if ('protected' in changes) {
    if (!after.protected) changes.protected_reason = null;
    else if (!PROTECTABLE_STATES.includes(node.provision_state)) {
      throw new NodeConflictError(node.uuid, `Node ${node.uuid} can only be made protected in provision states 'active' or 'rescue', the current state is '${node.provision_state}'`);
    }
  }
  if (changes.protected_reason && !after.protected) throw new InvalidParameterError(node.uuid, 'The protected_reason field can only be set when protected is True');
}

/** An `available` node cannot retire (it would be scheduled); un-retiring drops the reason; a reason needs the flag. */
function checkRetirement(node: Node, changes: NodeFieldChanges, after: Node): void {
  if ('retired' in changes) {
    if (!after.retired) changes.retired_reason = null;
    else if (node.provision_state === 'available') {
      throw new NodeConflictError(node.uuid, `Node ${node.uuid} can not have 'retired' set in provision state 'available', the current state is 'available'`);
    }
  }
  if (changes.retired_reason && !after.retired) throw new InvalidParameterError(node.uuid, 'The retired_reason field can only be set when retired is True');
}

/**
 * Every interface of a node of hardware type `driver`: the ones asked for (refused with Ironic's
 * words when the type does not offer them), the type's defaults for the rest (`null` or unset).
 * A type this build does not know keeps what was asked for.
 */
function resolvedInterfaces(nodeId: string, driver: string, requested: NodeFieldChanges): Record<InterfaceField, string> {
  const support = HARDWARE_TYPES[driver];
  const resolved: Partial<Record<InterfaceField, string>> = {};
  for (const name of HARDWARE_INTERFACES) {
    const field = `${name}_interface` as const;
    const chosen = requested[field];
    if (!support) {
      resolved[field] = chosen ?? DEFAULT_NODE_FIELDS[field];
    } else if (chosen === null || chosen === undefined) {
      resolved[field] = support[name][0]!;
    } else {
      const refusal = interfaceRefusal(driver, name, chosen);
      if (refusal) throw new InvalidParameterError(nodeId, refusal);
      resolved[field] = chosen;
    }
  }
  return resolved as Record<InterfaceField, string>;
}

/** `null` for every interface the changes leave alone: with `reset_interfaces`, those get the new type's defaults. */
function unsetInterfaces(changes: NodeFieldChanges): NodeFieldChanges {
  return Object.fromEntries(INTERFACE_FIELDS.filter((field) => !(field in changes)).map((field) => [field, null]));
}

/** The scheduler's properties Ironic insists are non-negative integers (numbers or their decimal strings). */
const INTEGER_PROPERTIES = ['local_gb', 'cpus', 'memory_mb'] as const;

function checkProperties(nodeId: string, properties: JsonObject): void {
  const invalid = INTEGER_PROPERTIES.filter((key) => properties[key] !== undefined && properties[key] !== null && !isNonNegativeInteger(properties[key]!)).map(
    (key) => `${key}=${shown(properties[key]!)}`,
  );
  if (invalid.length > 0) {
    throw new InvalidParameterError(nodeId, `The following properties for node ${nodeId} should be non-negative integers, but provided values are: ${invalid.join(', ')}`);
  }
}

/** What Python's `int()` takes and finds non-negative: integral numbers (floats truncated), booleans, decimal strings. */
function isNonNegativeInteger(value: Json): boolean {
  if (typeof value === 'number') return Number.isFinite(value) && Math.trunc(value) >= 0;
  if (typeof value === 'boolean') return true;
  return typeof value === 'string' && /^\s*[+-]?\d+\s*$/.test(value) && Number(value) >= 0;
}

/** A value as Python's `%s` prints it: strings bare, the rest as their repr. */
function shown(value: Json): string {
  if (typeof value === 'string') return value;
  if (value === null) return 'None';
  if (typeof value === 'boolean') return value ? 'True' : 'False';
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value)) return `[${value.map(repr).join(', ')}]`;
  return `{${Object.entries(value).map(([key, item]) => `${repr(key)}: ${repr(item)}`).join(', ')}}`;
}

function repr(value: Json): string {
  return typeof value === 'string' ? `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'` : shown(value);
}

/** A Python tuple of strings, as Ironic's messages print state lists: `('manageable', 'enroll')`. */
function pythonTuple(values: readonly string[]): string {
  return `(${values.map((value) => `'${value}'`).join(', ')}${values.length === 1 ? ',' : ''})`;
}

/** The operator-owned fields among `changes` whose value differs from the node's. */
function changedFields(node: Node, changes: NodeFieldChanges): NodeFieldChanges {
  return differentFrom(node, pickFields(changes));
}

function differentFrom(node: Node, fields: object): NodeFieldChanges {
  return Object.fromEntries(Object.entries(fields).filter(([key, value]) => JSON.stringify(node[key as keyof NodeFields]) !== JSON.stringify(value)));
}
