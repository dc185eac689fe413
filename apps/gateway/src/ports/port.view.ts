/**
 * Ironic's ports as its API shows them (in its key order, each field hidden below the
 * microversion that added it), and the query of `GET /v1/ports`: filters, `fields`/`detail`,
 * marker/limit/sort, each refusal as Ironic words it.
 */
import { type Node, type Port } from '@ironledger/domain';
import { ApiError, badRequest, notAcceptable } from '../http/errors.js';
import { type RawQuery, selectPage } from '../http/collection-query.js';
import { isUuidLike, macArg, uuidArg, uuidOrNameArg } from '../http/ironic-args.js';
import { checkSortKey, listParameters, type ListQuery, type ListRules, parseListQuery } from '../http/list-query.js';
import { QUERY_VALUE, type QueryParameter } from '../openapi/operation-docs.js';
import { type Microversion, Versions } from '../http/microversion.js';
import { ironicTime, resourceLinks } from '../http/views.js';

/** The microversion each port field appeared in; absent: since 1.1. */
export const PORT_FIELD_MIN_VERSION: Readonly<Record<string, number>> = {
  internal_info: 18,
  local_link_connection: 19,
  pxe_enabled: 19,
  portgroup_uuid: Versions.PORTGROUPS,
  physical_network: 34,
  is_smartnic: 53,
  'local_link_connection/network_type': 64,
};

/** Fields of a port list entry without `detail` or `fields`. */
export const PORT_LIST_FIELDS = ['uuid', 'address'] as const;

export interface PortViewContext {
  readonly version: Microversion;
  readonly baseUrl: string;
}

/** A port as `GET /v1/ports/{uuid}` shows it, optionally cut down to `fields` (plus `links`). */
export function portView(port: Port, node: Node, context: PortViewContext, fields?: readonly string[]): Record<string, unknown> {
  const full: Record<string, unknown> = {
    uuid: port.uuid,
    created_at: ironicTime(port.created_at),
    updated_at: ironicTime(port.updated_at ?? null),
    address: port.address,
    extra: port.extra,
    internal_info: port.internal_info,
    is_smartnic: port.is_smartnic,
    local_link_connection: port.local_link_connection,
    physical_network: port.physical_network,
    pxe_enabled: port.pxe_enabled,
    node_uuid: node.uuid,
    links: resourceLinks(context.baseUrl, `ports/${port.uuid}`),
    portgroup_uuid: port.portgroup_uuid,
  };
  if (fields) {
    // Ironic checks the names against the whole port, then hides what the version does not show.
    const unknown = fields.filter((field) => !Object.hasOwn(full, field));
    if (unknown.length > 0) throw badRequest(`Field(s) "${unknown.join(', ')}" are not valid`);
  }
  const visible = (key: string) => context.version.atLeast(PORT_FIELD_MIN_VERSION[key] ?? 1);
  return Object.fromEntries(Object.entries(full).filter(([key]) => visible(key) && (fields === undefined || key === 'links' || fields.includes(key))));
}

/** Refuses a port field (to show, sort by or set) newer than the requested version: Ironic's 406. */
export function checkPortFieldVersions(fields: readonly string[], version: Microversion): void {
  // `internal_info` is not refused, only hidden, below 1.18.
  if (fields.some((field) => field !== 'internal_info' && !version.atLeast(PORT_FIELD_MIN_VERSION[field] ?? 1))) throw notAcceptable();
}

/** `?fields=` of `GET /v1/ports/{uuid}`. */
export function portFields(raw: unknown, version: Microversion): string[] | undefined {
  if (typeof raw !== 'string') return undefined;
  if (!version.atLeast(Versions.FIELDS_PARAM)) throw notAcceptable();
  const fields = [...new Set(raw.split(',').map((field) => field.trim().toLowerCase()).filter(Boolean))];
  checkPortFieldVersions(fields, version);
  return fields;
}

const UNSORTABLE = new Set(['extra', 'internal_info', 'local_link_connection']);
// The table's columns (`node_uuid` and `portgroup_uuid` are not: Ironic fails on them, with a 500 for `node_uuid`).
const COLUMNS = new Set(['id', 'uuid', 'address', 'node_id', 'portgroup_id', 'pxe_enabled', 'physical_network', 'is_smartnic', 'name', 'created_at', 'updated_at']);

/** The filters of a port list, each with the microversion from which Ironic 21.4 accepts it. */
const PORT_FILTERS: readonly QueryParameter[] = [
  { name: 'node', description: 'Ports of this node (a UUID, or a name from 1.5).', schema: QUERY_VALUE.string },
  { name: 'node_uuid', description: 'Ports of this node (taken over `node`).', schema: QUERY_VALUE.uuid },
  { name: 'address', description: 'The port with this MAC address.', schema: QUERY_VALUE.string },
  { name: 'portgroup', description: 'Ports of this port group (UUID or name).', schema: QUERY_VALUE.string, since: Versions.PORTGROUPS },
  { name: 'shard', description: 'Ports of the nodes of these comma-separated shards.', schema: QUERY_VALUE.list, since: Versions.SHARDS },
];

/** Every parameter a port list takes (a `…/detail` path: all but `fields` and `detail`), as the document describes them. */
export function portListParameters(detailPath: boolean): QueryParameter[] {
  return [...PORT_FILTERS, ...listParameters(detailPath)];
}

export function portListRules(detailPath: boolean): ListRules {
  return {
    filters: PORT_FILTERS.map(({ name }) => name),
    detailPath,
    detailSince: Versions.DETAIL_PARAM,
    fieldsWithDetail: 'Can not specify ?detail=True and fields in the same request.',
    unsortable: UNSORTABLE,
    columns: COLUMNS,
  };
}

export interface PortQuery extends ListQuery {
  /** The node filter (`node_uuid` beats `node`), a UUID or a name. */
  readonly node?: string;
  readonly portgroup?: string;
  readonly address?: string;
  readonly shards?: readonly string[];
}

/** Reads and checks the query of `GET /v1/ports` (or `…/detail`). */
export function parsePortQuery(raw: RawQuery, version: Microversion, { detailPath = false } = {}): PortQuery {
  const query = parseListQuery(raw, version, portListRules(detailPath));
  const { node, node_uuid, address, portgroup, shard } = query.filters;
  if (node !== undefined) uuidOrNameArg('node', node);
  if (node_uuid !== undefined) uuidArg('node_uuid', node_uuid);
  const mac = address === undefined ? undefined : macArg('address', address);
  if (portgroup !== undefined) uuidOrNameArg('portgroup', portgroup);
  checkPortFieldVersions([...(query.fields ?? []), query.sortKey], version);
  if (portgroup && !version.atLeast(Versions.PORTGROUPS)) throw notAcceptable();
  if (shard !== undefined && !version.atLeast(Versions.SHARDS)) throw new ApiError(406, 'Request not acceptable. The minimal required API version should be 1.82');
  if (node && !node_uuid && !version.atLeast(5) && !isUuidLike(node)) throw notAcceptable();
  const shards = shard ? shard.split(',').map((name) => name.trim()).filter(Boolean) : undefined;
  return { ...query, node: node_uuid || node || undefined, portgroup: portgroup || undefined, address: mac, shards: shards?.length ? shards : undefined };
}

export interface PortEntry {
  readonly port: Port;
  readonly node: Node;
}

/** One page of the ports `keep` keeps (of all ports, given in creation order) after sorting and the marker; an unknown marker is a 404. */
export function selectPorts(all: readonly PortEntry[], query: PortQuery, keep: (entry: PortEntry) => boolean): { ports: PortEntry[]; hasNext: boolean } {
  if (query.marker !== undefined && !all.some((entry) => entry.port.uuid === query.marker)) throw new ApiError(404, `Port ${query.marker} could not be found.`);
  checkSortKey(query, portListRules(false));
  const page = selectPage({ items: all, uuidOf: (entry) => entry.port.uuid, sortValue, unknownMarker: (uuid) => `Port ${uuid} could not be found.` }, query, keep);
  return { ports: page.items, hasNext: page.hasNext };
}

function sortValue({ port, node }: PortEntry, key: string): unknown {
  switch (key) {
    case 'node_id':
      return node.created_at;
    case 'portgroup_id':
      return port.portgroup_uuid;
    case 'name':
      return null;
    default:
      return port[key as keyof Port] ?? null;
  }
}
