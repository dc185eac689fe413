/**
 * `PATCH /v1/nodes/{id}`: applies a JSON Patch to the node's patchable fields and works out
 * what changed, as the commands that carry it (`UpdateNode`, and maintenance on or off).
 */
import { DEFAULT_NODE_FIELDS, type Json, type JsonObject, type Node, type NodeFields, UPDATABLE_FIELDS } from '@ironledger/domain';
import { NodeChangesDto } from './dto.js';
import { badRequest, notAcceptable } from './errors.js';
import { applyPatch, deepEqual, type PatchOperation, pointerTokens } from './json-patch.js';
import { type Microversion } from './microversion.js';
import { FAKE_INTERFACES, visibleAt } from './node-view.js';
import { validateBody } from './validation.js';

/** What Ironic 21.4 lets PATCH touch, in the order of its refusal message. */
export const IRONIC_PATCHABLE_FIELDS = [
  'automated_clean', 'bios_interface', 'boot_interface', 'chassis_uuid', 'conductor_group', 'console_interface',
  'deploy_interface', 'description', 'driver', 'driver_info', 'extra', 'inspect_interface', 'instance_info',
  'instance_uuid', 'lessee', 'maintenance', 'management_interface', 'name', 'network_data', 'network_interface', 'owner',
  'power_interface', 'properties', 'protected', 'protected_reason', 'raid_interface', 'rescue_interface',
  'resource_class', 'retired', 'retired_reason', 'shard', 'storage_interface', 'vendor_interface',
] as const;

/** Patchable in Ironic but fixed in ironledger: each keeps the value every node shows. */
const FIXED_FIELDS: Readonly<Record<string, Json>> = { ...FAKE_INTERFACES, chassis_uuid: null, network_data: {}, shard: null };

const patchable = new Set<string>(IRONIC_PATCHABLE_FIELDS);

export interface NodePatchPlan {
  /** Changed operator fields (empty when nothing changed). */
  readonly changes: Partial<NodeFields>;
  /** The new maintenance flag, when the patch changed it. */
  readonly maintenance?: boolean;
}

/** Applies `operations` to `node` as seen at `version`; refuses read-only paths, fixed fields and invalid values with 400. */
export function planNodePatch(node: Node, operations: readonly PatchOperation[], version: Microversion): NodePatchPlan {
  for (const operation of operations) {
    for (const path of 'from' in operation ? [operation.path, operation.from] : [operation.path]) checkPatchable(path, version);
  }
  const before = patchableDocument(node);
  const after = applyPatch(before, operations);
  if (!Object.hasOwn(after, 'driver')) throw badRequest("'driver' is a required property");

  for (const [field, value] of Object.entries(FIXED_FIELDS)) {
    if (Object.hasOwn(after, field) && !deepEqual(after[field], value)) {
      throw badRequest(`Cannot change ${field} to ${JSON.stringify(after[field])}: ironledger nodes keep ${JSON.stringify(value)}.`);
    }
  }
  const changed: Record<string, Json> = {};
  for (const field of UPDATABLE_FIELDS) {
    // A top-level `remove` resets the field to its default, as Ironic does.
    const value = Object.hasOwn(after, field) ? after[field]! : (DEFAULT_NODE_FIELDS[field] as Json);
    if (!deepEqual(value, before[field])) changed[field] = value;
  }
  const changes = validateBody(NodeChangesDto, changed) as Partial<NodeFields>;
  checkReasons(node, changes);

  const maintenance = Object.hasOwn(after, 'maintenance') ? after.maintenance : false;
  if (typeof maintenance !== 'boolean') throw badRequest(`Invalid value for maintenance: ${JSON.stringify(maintenance)}, expected a boolean.`);
  return maintenance === node.maintenance ? { changes: { ...changes } } : { changes: { ...changes }, maintenance };
}

function checkPatchable(path: string, version: Microversion): void {
  const field = pointerTokens(path)[0] ?? '';
  if (!patchable.has(field)) throw badRequest(`Cannot patch ${path}. Only the following can be updated: ${IRONIC_PATCHABLE_FIELDS.join(', ')}`);
  if (!visibleAt(field, version)) throw notAcceptable();
}

/** The node's patchable fields with their stored values (secrets unmasked: a patch works on the real data). */
function patchableDocument(node: Node): JsonObject {
  const document: JsonObject = { ...FIXED_FIELDS, maintenance: node.maintenance };
  for (const field of UPDATABLE_FIELDS) document[field] = node[field] as Json;
  return structuredClone(document);
}

/** Ironic's rule: a reason only goes with its flag; clearing the flag clears the reason. */
function checkReasons(node: Node, changes: Partial<NodeFields>): void {
  for (const [flag, reason] of [['protected', 'protected_reason'], ['retired', 'retired_reason']] as const) {
    const on = changes[flag] ?? node[flag];
    if (changes[reason] && !on) throw badRequest(`Cannot set ${reason} when ${flag} is unset`);
    if (!on && node[reason] !== null && changes[reason] === undefined) changes[reason] = null;
  }
}
