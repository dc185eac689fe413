/**
 * Ironic's port groups as its API shows them (no field hidden by version, only refused when
 * asked for), and the query of `GET /v1/portgroups`.
 */
import { type Node, type Portgroup } from '@ironledger/domain';
import { ApiError, badRequest, notAcceptable } from '../http/errors.js';
import { type RawQuery, selectPage } from '../http/collection-query.js';
import { macArg, uuidOrNameArg } from '../http/ironic-args.js';
import { checkSortKey, listParameters, type ListQuery, type ListRules, parseListQuery } from '../http/list-query.js';
import { type Microversion, Versions } from '../http/microversion.js';
import { QUERY_VALUE, type QueryParameter } from '../openapi/operation-docs.js';
import { ironicTime, resourceLinks } from '../http/views.js';

/** `mode` and `properties` came with API 1.26. */
export const MODE_PROPERTIES = 26;

/** Fields of a port group list entry without `detail` or `fields`. */
export const PORTGROUP_LIST_FIELDS = ['uuid', 'address', 'name'] as const;

export interface PortgroupEntry {
  readonly portgroup: Portgroup;
  readonly node: Node;
}

/** A port group as `GET /v1/portgroups/{ident}` shows it, optionally cut down to `fields` (plus `links`). */
export function portgroupView({ portgroup, node }: PortgroupEntry, baseUrl: string, fields?: readonly string[]): Record<string, unknown> {
  const full: Record<string, unknown> = {
    uuid: portgroup.uuid,
    created_at: ironicTime(portgroup.created_at),
    updated_at: ironicTime(portgroup.updated_at),
    address: portgroup.address,
    extra: portgroup.extra,
    internal_info: portgroup.internal_info,
    mode: portgroup.mode,
    name: portgroup.name,
    properties: portgroup.properties,
    standalone_ports_supported: portgroup.standalone_ports_supported,
    node_uuid: node.uuid,
    links: resourceLinks(baseUrl, `portgroups/${portgroup.uuid}`),
    ports: resourceLinks(baseUrl, `portgroups/${portgroup.uuid}/ports`),
  };
  if (!fields) return full;
  const unknown = fields.filter((field) => !Object.hasOwn(full, field));
  if (unknown.length > 0) throw badRequest(`Field(s) "${unknown.join(', ')}" are not valid`);
  return Object.fromEntries(Object.entries(full).filter(([key]) => key === 'links' || fields.includes(key)));
}

/** Refuses `mode` or `properties` (to show or sort by) below 1.26: Ironic's 406. */
export function checkPortgroupFieldVersions(fields: readonly string[], version: Microversion): void {
  if (!version.atLeast(MODE_PROPERTIES) && fields.some((field) => field === 'mode' || field === 'properties')) throw notAcceptable();
}

/** `?fields=` of `GET /v1/portgroups/{ident}`. */
export function portgroupFields(raw: unknown, version: Microversion): string[] | undefined {
  if (typeof raw !== 'string') return undefined;
  if (!version.atLeast(Versions.FIELDS_PARAM)) throw notAcceptable();
  const fields = [...new Set(raw.split(',').map((field) => field.trim().toLowerCase()).filter(Boolean))];
  checkPortgroupFieldVersions(fields, version);
  return fields;
}

/** The filters of a port group list (which itself needs 1.23; a node's port groups, 1.24). */
const PORTGROUP_FILTERS: readonly QueryParameter[] = [
  { name: 'node', description: 'Port groups of this node (UUID or name).', schema: QUERY_VALUE.string },
  { name: 'address', description: 'The port group with this MAC address.', schema: QUERY_VALUE.string },
];

/** Every parameter a port group list takes (a `…/detail` path: all but `fields` and `detail`), as the document describes them. */
export function portgroupListParameters(detailPath: boolean): QueryParameter[] {
  return [...PORTGROUP_FILTERS, ...listParameters(detailPath)];
}

const RULES = {
  filters: PORTGROUP_FILTERS.map(({ name }) => name),
  detailSince: Versions.DETAIL_PARAM,
  fieldsWithDetail: 'Can not specify ?detail=True and fields in the same request.',
  unsortable: new Set(['extra', 'internal_info', 'properties']),
  columns: new Set(['id', 'uuid', 'name', 'node_id', 'address', 'mode', 'standalone_ports_supported', 'created_at', 'updated_at']),
} as const;

export interface PortgroupQuery extends ListQuery {
  readonly node?: string;
  readonly address?: string;
}

/** Reads and checks the query of `GET /v1/portgroups` (or `…/detail`). */
export function parsePortgroupQuery(raw: RawQuery, version: Microversion, { detailPath = false } = {}): PortgroupQuery {
  const rules: ListRules = { ...RULES, detailPath };
  const query = parseListQuery(raw, version, rules);
  const { node, address } = query.filters;
  if (node !== undefined) uuidOrNameArg('node', node);
  const mac = address === undefined ? undefined : macArg('address', address);
  checkPortgroupFieldVersions([...(query.fields ?? []), query.sortKey], version);
  return { ...query, node: node || undefined, address: mac };
}

/** One page of the port groups `keep` keeps (of all, in creation order); an unknown marker is a 404. */
export function selectPortgroups(all: readonly PortgroupEntry[], query: PortgroupQuery, keep: (entry: PortgroupEntry) => boolean) {
  if (query.marker !== undefined && !all.some((entry) => entry.portgroup.uuid === query.marker)) throw new ApiError(404, `Portgroup ${query.marker} could not be found.`);
  checkSortKey(query, RULES);
  return selectPage(
    {
      items: all,
      uuidOf: (entry) => entry.portgroup.uuid,
      sortValue: ({ portgroup, node }, key) => (key === 'node_id' ? node.created_at : (portgroup[key as keyof Portgroup] ?? null)),
      unknownMarker: (uuid) => `Portgroup ${uuid} could not be found.`,
    },
    query,
    keep,
  );
}
