/**
 * `PATCH /v1/nodes/{id}` as Ironic's API runs it, in its order: the request on its own (query,
 * patch schema, fields, versions), then against the node (its state, names, the patched node's
 * schema, chassis, conductors), ending in the `UpdateNode` a conductor decides. The rules of
 * each field that need the node's state are the domain's.
 */
import { INTERFACE_FIELDS, type Json, type JsonObject, type Node, type NodeFieldChanges, pythonRepr, UPDATABLE_FIELDS, UPDATE_ALLOWED_STATES, type UpdateNode } from '@ironledger/domain';
import { parseBoolean, type RawQuery } from '../http/collection-query.js';
import { refuseUpdateWhileInspecting } from '../http/inspecting-gate.js';
import { ApiError, badRequest, notAcceptable } from '../http/errors.js';
import { applyPatch, deepEqual, parsePatch, patchValues, type PatchOperation, pointerTokens } from '../http/json-patch.js';
import { type Microversion, Versions } from '../http/microversion.js';
import { checkConductorServes, type FleetFacts } from './node-fleet.js';
import { checkNodeNames } from './node-names.js';
import { checkNetworkData, checkNodeBody, NODE_PATCH_SCHEMA } from './node.schema.js';
import { visibleAt } from './node.view.js';

/** What Ironic 21.4 lets PATCH touch, in the order of its refusal message. */
export const IRONIC_PATCHABLE_FIELDS = [
  'automated_clean', 'bios_interface', 'boot_interface', 'chassis_uuid', 'conductor_group', 'console_interface',
  'deploy_interface', 'description', 'driver', 'driver_info', 'extra', 'inspect_interface', 'instance_info',
  'instance_uuid', 'lessee', 'maintenance', 'management_interface', 'name', 'network_data', 'network_interface', 'owner',
  'power_interface', 'properties', 'protected', 'protected_reason', 'raid_interface', 'rescue_interface',
  'resource_class', 'retired', 'retired_reason', 'shard', 'storage_interface', 'vendor_interface',
] as const;

const patchable = new Set<string>(IRONIC_PATCHABLE_FIELDS);

/** A PATCH request that passed the checks that need no node. */
export interface NodePatchRequest {
  readonly operations: readonly PatchOperation[];
  readonly resetInterfaces?: boolean;
}

/** The fields object fields become when removed or nulled: Ironic shows them as `{}`. */
const OBJECT_FIELDS = new Set(['driver_info', 'extra', 'instance_info', 'properties', 'network_data']);

/**
 * The checks Ironic runs on a PATCH before looking the node up: the query (only
 * `reset_interfaces`), the patch's schema, what may be patched at this version, and the values
 * checked on their own (`description`'s length, a whole `network_data`).
 */
export function checkPatchRequest(query: RawQuery, body: unknown, version: Microversion): NodePatchRequest {
  const unexpected = Object.keys(query).filter((name) => name !== 'reset_interfaces');
  if (unexpected.length > 0) throw badRequest(`Unexpected arguments: ${unexpected.join(', ')}`);
  const resetText = single(query.reset_interfaces);
  const resetInterfaces = resetText === undefined ? undefined : parseBoolean('reset_interfaces', resetText);
  const operations = parsePatch(body);
  if (resetInterfaces !== undefined && !version.atLeast(Versions.RESET_INTERFACES)) throw notAcceptable();
  for (const { path } of operations) {
    if (!patchable.has(pointerTokens(path)[0]!)) throw badRequest(`Cannot patch ${path}. Only the following can be updated: ${IRONIC_PATCHABLE_FIELDS.join(', ')}`);
  }
  // Only a value set at a whole field counts: removals and nested paths are not version-checked (Ironic's rule).
  if (operations.some((operation) => operation.op !== 'remove' && !visibleAt(operation.path.slice(1), version))) throw notAcceptable();
  if (resetInterfaces && patchValues(operations, '/driver').length === 0) throw badRequest("The reset_interfaces parameter can only be used when changing the node's driver.");
  const description = patchValues(operations, '/description')[0];
  if (typeof description === 'string' && [...description].length > 4096) throw badRequest('Cannot update node with description exceeding 4096 characters');
  for (const networkData of patchValues(operations, '/network_data')) checkNetworkData(networkData);
  return { operations, ...(resetInterfaces !== undefined && { resetInterfaces }) };
}

/**
 * The rest of Ironic's PATCH for `node` (named `ident` by the client): whether its state allows
 * an update, the names, the patch applied and the result checked, then the changes worked out.
 * `null` when the patch changes nothing.
 */
export function planNodePatch(node: Node, ident: string, request: NodePatchRequest, version: Microversion, fleet: FleetFacts): UpdateNode['data'] | null {
  const { operations, resetInterfaces } = request;
  checkUpdatableState(node, ident, operations, version);
  const invalidName = (name: string) => `Node ${ident}: Cannot change name to invalid name '${name}'`;
  for (const name of patchValues(operations, '/name')) {
    // A value that is no string (`null` included: `remove /name` clears a name) is no name.
    if (typeof name !== 'string') throw badRequest(invalidName(pythonRepr(name)));
    checkNodeNames([name], version, invalidName);
  }

  const checked = checkNodeBody('patch', applyPatch(patchDocument(node), operations), NODE_PATCH_SCHEMA);

  const chassis = (checked.chassis_uuid as string | null | undefined) ?? null;
  if (chassis !== null && !fleet.chassisExists(chassis)) throw badRequest(`Chassis ${chassis} could not be found.`);
  if (node.chassis_uuid !== null && chassis === null && !version.atLeast(Versions.REMOVE_CHASSIS_UUID)) throw notAcceptable();

  const after = patchedFields(checked);
  const changes: Record<string, unknown> = {};
  for (const field of UPDATABLE_FIELDS) {
    if (!deepEqual(after[field] as Json, node[field] as Json)) changes[field] = after[field];
  }
  const maintenance = after.maintenance as boolean;
  checkConductorServes(fleet.conductors, after.driver as string, after.conductor_group as string);
  if ('driver' in changes && node.console_enabled) {
    throw new ApiError(409, `Node ${ident} can not update the driver while the console is enabled. Please stop the console first.`);
  }
  if (Object.keys(changes).length === 0 && maintenance === node.maintenance) return null;
  return {
    changes: changes as NodeFieldChanges,
    ...(maintenance !== node.maintenance && { maintenance }),
    ...(resetInterfaces && { reset_interfaces: true }),
  };
}

/**
 * Ironic's state gate: a node in a transition is not updated (except from the states that allow
 * it, or to drop the instance of a node in maintenance), nor one being inspected from 1.39.
 */
function checkUpdatableState(node: Node, ident: string, operations: readonly PatchOperation[], version: Microversion): void {
  const onlyDropsInstance = operations.length === 1 && operations[0]!.op === 'remove' && operations[0]!.path === '/instance_uuid';
  if (node.maintenance && onlyDropsInstance) return;
  if (node.target_provision_state !== null && !UPDATE_ALLOWED_STATES.includes(node.provision_state)) {
    throw new ApiError(409, `Node ${ident} can not be updated while a state transition is in progress.`);
  }
  refuseUpdateWhileInspecting(node, version, `node "${node.uuid}"`);
}

/** The node as a PATCH sees it: every field of Ironic's patch schema, with its stored value. */
function patchDocument(node: Node): JsonObject {
  const document: JsonObject = {};
  for (const field of Object.keys(NODE_PATCH_SCHEMA.properties as object)) {
    document[field] = field in node ? (node[field as keyof Node] as Json) : null;
  }
  return structuredClone(document);
}

/**
 * The patched node's fields as they are stored: a field removed is `null`, and where Ironic's
 * `null` would break the node (or the API, which answers 500) the field's default instead —
 * `{}` for objects, `''` for the conductor group (lower case), `false` for the flags that cannot be null.
 */
function patchedFields(checked: Record<string, unknown>): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  for (const field of [...UPDATABLE_FIELDS, 'maintenance']) {
    const value = checked[field] ?? null;
    if (OBJECT_FIELDS.has(field)) fields[field] = value ?? {};
    else if (field === 'conductor_group') fields[field] = ((value as string | null) ?? '').toLowerCase();
    else if (field === 'protected' || field === 'maintenance') fields[field] = value ?? false;
    else fields[field] = value;
  }
  // An interface set to null is reset to the hardware type's default by the domain.
  for (const field of INTERFACE_FIELDS) fields[field] = checked[field] ?? null;
  return fields;
}

function single(value: unknown): string | undefined {
  const last = Array.isArray(value) ? value.at(-1) : value;
  return typeof last === 'string' ? last : undefined;
}
