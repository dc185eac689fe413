/**
 * `POST /v1/portgroups` and `PATCH /v1/portgroups/{ident}` as Ironic's API checks them: the
 * schema and field validators, the node, names, versions and the API's own rules, in its order.
 */
import { type AddPortgroup, type JsonObject, type Node, NodeNotFoundError, type Portgroup, type UpdatePortgroup } from '@ironledger/domain';
import { badRequest, notAcceptable } from '../http/errors.js';
import { booleanArg, fieldCannotBeNone, isLogicalName, isUuidLike, macArg, uuidArg } from '../http/ironic-args.js';
import { refuseUpdateWhileInspecting } from '../http/inspecting-gate.js';
import { applyPatch, parsePatch, patchValues, touches } from '../http/json-patch.js';
import { type Schema, schemaErrorFor } from '@ironledger/domain';
import { type Microversion } from '../http/microversion.js';
import { MODE_PROPERTIES } from './portgroup.view.js';

/** What `PATCH /v1/portgroups/{ident}` may touch, in the order of Ironic's refusal. */
export const PORTGROUP_PATCHABLE = ['address', 'extra', 'mode', 'name', 'node_uuid', 'properties', 'standalone_ports_supported'];

/** `POST /v1/portgroups`, and a port group once a PATCH is applied. */
export const PORTGROUP_SCHEMA: Schema = {
  type: 'object',
  properties: {
    address: { type: ['string', 'null'] },
    extra: { type: ['object', 'null'] },
    mode: { type: ['string', 'null'] },
    name: { type: ['string', 'null'] },
    node_uuid: { type: 'string' },
    properties: { type: ['object', 'null'] },
    standalone_ports_supported: { type: ['string', 'boolean', 'null'] },
    uuid: { type: ['string', 'null'] },
  },
  required: ['node_uuid'],
  additionalProperties: false,
};

interface PortgroupBody {
  readonly node_uuid: string;
  readonly uuid?: string | null;
  readonly name?: string | null;
  readonly address?: string | null;
  readonly extra?: JsonObject | null;
  readonly mode?: string | null;
  readonly properties?: JsonObject | null;
  readonly standalone_ports_supported?: boolean | null;
}

/** Checks a port group (`name`: `portgroup` for a POST body, `patch` for a patched group) as Ironic does. */
function checkPortgroup(body: unknown, name: 'portgroup' | 'patch'): PortgroupBody {
  const error = schemaErrorFor(name, body, PORTGROUP_SCHEMA) ?? (body === null ? `Schema error for ${name}: None is not of type 'object'` : undefined);
  if (error) throw badRequest(error);
  const group = { ...(body as Record<string, unknown>) };
  if (typeof group.address === 'string') group.address = macArg('address', group.address);
  uuidArg('node_uuid', group.node_uuid as string);
  if (typeof group.standalone_ports_supported === 'string') group.standalone_ports_supported = booleanArg('standalone_ports_supported', group.standalone_ports_supported);
  if (typeof group.uuid === 'string') uuidArg('uuid', group.uuid);
  return group as unknown as PortgroupBody;
}

/** The group's node and the data of its `AddPortgroup` command (without a UUID when the client gave none). */
export function planPortgroupCreate(body: unknown, version: Microversion, node: (uuid: string) => Node | undefined): { node: Node; data: Omit<AddPortgroup['data'], 'uuid'> & { uuid?: string } } {
  const group = checkPortgroup(body === undefined ? {} : body, 'portgroup');
  const owner = node(group.node_uuid);
  if (!owner) throw badRequest(new NodeNotFoundError(group.node_uuid).message);
  if (!version.atLeast(MODE_PROPERTIES) && (group.mode || (group.properties && Object.keys(group.properties).length > 0))) throw notAcceptable();
  if (group.name && !isLogicalName(group.name)) throw badRequest(`Cannot create portgroup with invalid name '${group.name}'`);
  if (group.standalone_ports_supported === null) throw fieldCannotBeNone('standalone_ports_supported');
  const data = {
    ...(group.uuid ? { uuid: group.uuid } : {}),
    name: group.name ?? null,
    address: group.address ?? null,
    extra: group.extra ?? {},
    // Absent, null or empty: `[DEFAULT]default_portgroup_mode` (the domain's default).
    ...(group.mode ? { mode: group.mode } : {}),
    properties: group.properties ?? {},
    ...(group.standalone_ports_supported !== undefined ? { standalone_ports_supported: group.standalone_ports_supported } : {}),
  };
  return { node: owner, data };
}

/** The `UpdatePortgroup` data of a PATCH of `portgroup` of `node` (`ident`: as the client named it). */
export function planPortgroupPatch(
  portgroup: Portgroup,
  node: Node,
  ident: string,
  body: unknown,
  version: Microversion,
  nodeOf: (uuid: string) => Node | undefined,
): Omit<UpdatePortgroup['data'], 'uuid'> {
  const operations = parsePatch(body, PORTGROUP_PATCHABLE);
  // Ironic looks at the first operation only (its `is_path_updated` returns on the first): a
  // mode or properties change after it is applied at any version. Clients are written against that.
  const first = operations.slice(0, 1);
  if (!version.atLeast(MODE_PROPERTIES) && (touches(first, '/mode') || touches(first, '/properties'))) throw notAcceptable();
  for (const name of patchValues(operations, '/name')) {
    if (name && (typeof name !== 'string' || !isLogicalName(name))) throw badRequest(`Portgroup ${ident}: Cannot change name to invalid name '${String(name)}'`);
  }
  const current: JsonObject = {
    address: portgroup.address,
    extra: portgroup.extra,
    mode: portgroup.mode,
    name: portgroup.name,
    node_uuid: node.uuid,
    properties: portgroup.properties,
    standalone_ports_supported: portgroup.standalone_ports_supported,
    uuid: portgroup.uuid,
  };
  const patched = applyPatch(current, operations);
  if (!Object.hasOwn(patched, 'mode')) throw badRequest("'mode' is a mandatory attribute and can not be removed");
  let target = node;
  const nodeUuid = patched.node_uuid;
  if (typeof nodeUuid === 'string' && nodeUuid !== node.uuid) {
    if (!isUuidLike(nodeUuid)) throw badRequest(`Expected a UUID or int but received ${nodeUuid}.`);
    const found = nodeOf(nodeUuid);
    if (!found) throw badRequest(new NodeNotFoundError(nodeUuid).message);
    target = found;
  }
  const after = checkPortgroup(patched, 'patch');
  if (after.standalone_ports_supported === null || after.standalone_ports_supported === undefined) throw fieldCannotBeNone('standalone_ports_supported');
  refuseUpdateWhileInspecting(target, version, `portgroup "${portgroup.uuid}" on node "${target.uuid}"`);
  const changes = {
    address: after.address ?? null,
    extra: after.extra ?? {},
    mode: after.mode ?? null,
    name: after.name ?? null,
    properties: after.properties ?? {},
    standalone_ports_supported: after.standalone_ports_supported,
  };
  return { changes, ...(target.uuid !== node.uuid ? { to_node: target.uuid } : {}) };
}
