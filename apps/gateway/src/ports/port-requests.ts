/**
 * `POST /v1/ports` and `PATCH /v1/ports/{uuid}` as Ironic's API checks them before its
 * conductor: the body, the node and port group it names, the versions of the fields it uses and
 * the API's own rules, in Ironic's order. What is left for the conductor is the domain's.
 */
import { type AddPort, differentNodeGroup, type JsonObject, type Node, NodeNotFoundError, type Port, type Portgroup, type UpdatePort } from '@ironledger/domain';
import { badRequest } from '../http/errors.js';
import { fieldCannotBeNone, isUuidLike } from '../http/ironic-args.js';
import { refuseUpdateWhileInspecting } from '../http/inspecting-gate.js';
import { applyPatch, parsePatch, patchValues, touches } from '../http/json-patch.js';
import { type Microversion } from '../http/microversion.js';
import { checkPort, type PortBody } from './port-body.js';
import { checkPortFieldVersions } from './port.view.js';

/** What the requests need to know of the fleet. */
export interface PortFleet {
  node(uuid: string): Node | undefined;
  portgroup(uuid: string): { readonly item: Portgroup; readonly node: Node } | undefined;
}

/** What `PATCH /v1/ports/{uuid}` may touch, in the order of Ironic's refusal. */
export const PORT_PATCHABLE = ['address', 'extra', 'is_smartnic', 'local_link_connection', 'node_uuid', 'physical_network', 'portgroup_uuid', 'pxe_enabled'];

/** The port's new node and the data of its `AddPort` command (without a UUID when the client gave none). */
export function planPortCreate(body: unknown, version: Microversion, fleet: PortFleet): { node: Node; data: Omit<AddPort['data'], 'uuid'> & { uuid?: string } } {
  const port = checkPort(body === undefined ? {} : body, 'port');
  const node = fleet.node(port.node_uuid);
  if (!node) throw badRequest(new NodeNotFoundError(port.node_uuid).message);
  checkPortFieldVersions(versionedFields(port), version);
  if (port.portgroup_uuid) portgroupFor(fleet, port.portgroup_uuid, node);
  if (port.is_smartnic && port.local_link_connection !== undefined && !isSmartNicLink(port.local_link_connection)) {
    throw badRequest('Smart NIC port must have port_id and hostname in local_link_connection');
  }
  checkPhysicalNetwork(port.physical_network);
  if (port.pxe_enabled === null) throw fieldCannotBeNone('pxe_enabled');
  const data = {
    address: port.address,
    ...(port.uuid ? { uuid: port.uuid } : {}),
    extra: port.extra ?? {},
    local_link_connection: port.local_link_connection ?? {},
    ...(port.pxe_enabled !== undefined ? { pxe_enabled: port.pxe_enabled } : {}),
    is_smartnic: port.is_smartnic ?? false,
    physical_network: port.physical_network ?? null,
    portgroup_uuid: port.portgroup_uuid ?? null,
  };
  return { node, data };
}

/** The `UpdatePort` data of a PATCH of `port` of `node`: what changes, and the node it moves to, if another. */
export function planPortPatch(port: Port, node: Node, body: unknown, version: Microversion, fleet: PortFleet): Omit<UpdatePort['data'], 'uuid'> {
  const operations = parsePatch(body, PORT_PATCHABLE);
  const newer = ['pxe_enabled', 'local_link_connection', 'portgroup_uuid', 'physical_network', 'is_smartnic', 'local_link_connection/network_type'];
  checkPortFieldVersions(newer.filter((field) => touchedOrSet(operations, field)), version);
  const current: JsonObject = {
    address: port.address,
    extra: port.extra,
    is_smartnic: port.is_smartnic,
    local_link_connection: port.local_link_connection,
    node_uuid: node.uuid,
    physical_network: port.physical_network,
    portgroup_uuid: port.portgroup_uuid,
    pxe_enabled: port.pxe_enabled,
    uuid: port.uuid,
  };
  // Ironic checks whether a patch changes the port group on its first operation only: a change
  // that comes later (the client's `port unset --extra k --port-group`) is dropped, silently.
  const patched: JsonObject = { ...applyPatch(current, operations), ...(touches(operations.slice(0, 1), '/portgroup_uuid') ? {} : { portgroup_uuid: port.portgroup_uuid }) };
  let target = node;
  const nodeUuid = patched.node_uuid;
  if (typeof nodeUuid === 'string' && nodeUuid !== node.uuid) {
    if (!isUuidLike(nodeUuid)) throw badRequest(`Expected a UUID or int but received ${nodeUuid}.`);
    target = fleet.node(nodeUuid) ?? throwBadRequest(new NodeNotFoundError(nodeUuid).message);
  }
  if (touches(operations, '/portgroup_uuid') && typeof patched.portgroup_uuid === 'string' && patched.portgroup_uuid !== '') {
    if (!fleet.portgroup(patched.portgroup_uuid)) throw badRequest(`Portgroup ${patched.portgroup_uuid} could not be found.`);
  }
  const after = checkPort(patched, 'patch');
  if (after.pxe_enabled === null || after.pxe_enabled === undefined) throw fieldCannotBeNone('pxe_enabled');
  if (after.portgroup_uuid) portgroupFor(fleet, after.portgroup_uuid, target);
  refuseUpdateWhileInspecting(target, version, `port "${port.uuid}" on "${target.uuid}"`);
  // Ironic refuses an empty physical network on the first operation only, too: a later one is stored.
  if (touches(operations.slice(0, 1), '/physical_network')) checkPhysicalNetwork(after.physical_network);
  const changes: Partial<Omit<Port, 'uuid'>> = {
    address: after.address,
    extra: after.extra ?? {},
    // Ironic keeps a null here; ironledger's ports are Smart NICs or not.
    is_smartnic: after.is_smartnic ?? false,
    local_link_connection: after.local_link_connection ?? {},
    physical_network: after.physical_network ?? null,
    portgroup_uuid: after.portgroup_uuid || null,
    pxe_enabled: after.pxe_enabled,
  };
  return { changes, ...(target.uuid !== node.uuid ? { to_node: target.uuid } : {}) };
}

/** The port group a port joins: one of its own node (Ironic's words otherwise; its 500 on POST, its silence on PATCH). */
function portgroupFor(fleet: PortFleet, uuid: string, node: Node): Portgroup {
  const found = fleet.portgroup(uuid);
  if (!found) throw badRequest(`Portgroup ${uuid} could not be found.`);
  if (found.node.uuid !== node.uuid) throw badRequest(differentNodeGroup().message);
  return found.item;
}

/** The fields of a body that only newer versions have (a `network_type` in the link counts as one). */
function versionedFields(port: PortBody): string[] {
  const link = port.local_link_connection;
  return [...Object.keys(port), ...(link && Object.hasOwn(link, 'network_type') ? ['local_link_connection/network_type'] : [])];
}

/** Whether the patch gives the field a value or removes it (or something under it): what Ironic version-checks. */
function touchedOrSet(operations: ReturnType<typeof parsePatch>, field: string): boolean {
  return patchValues(operations, `/${field}`).length > 0 || operations.some((op) => op.op === 'remove' && (op.path === `/${field}` || op.path.startsWith(`/${field}/`)));
}

function isSmartNicLink(link: JsonObject | null): boolean {
  return link === null || (typeof link.port_id === 'string' && typeof link.hostname === 'string');
}

function checkPhysicalNetwork(physicalNetwork: string | null | undefined): void {
  if (physicalNetwork === '') throw badRequest('A non-empty value is required when setting physical_network');
}

function throwBadRequest(message: string): never {
  throw badRequest(message);
}
