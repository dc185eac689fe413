/**
 * Ironic's ports as its API shows them (each field hidden below the microversion that added
 * it), and `GET /v1/ports` query handling: filters, `fields`/`detail`, marker/limit.
 */
import { type Node, normalizeMac, type Port } from '@ironledger/domain';
import { ApiError, badRequest, notAcceptable } from './errors.js';
import { type Microversion, Versions } from './microversion.js';
import { ironicTime, resourceLinks } from './node-view.js';
import { type CollectionQuery, parseCollectionQuery, queryParameters, type RawQuery } from './collection-query.js';

/** The microversion each port field appeared in; absent: since 1.1. */
export const PORT_FIELD_MIN_VERSION: Readonly<Record<string, number>> = {
  internal_info: 18,
  local_link_connection: 19,
  pxe_enabled: 19,
  portgroup_uuid: Versions.PORTGROUPS,
  physical_network: 34,
  is_smartnic: 53,
};

/** Fields of a port list entry without `detail` or `fields`. */
export const PORT_LIST_FIELDS = ['uuid', 'address'] as const;

const PORT_FIELDS: ReadonlySet<string> = new Set([
  'uuid', 'address', 'node_uuid', 'extra', 'internal_info', 'local_link_connection', 'pxe_enabled', 'portgroup_uuid',
  'physical_network', 'is_smartnic', 'created_at', 'updated_at',
]);

export interface PortViewContext {
  readonly version: Microversion;
  readonly baseUrl: string;
}

/** A port as `GET /v1/ports/{uuid}` shows it, optionally cut down to `fields` (plus `links`). */
export function portView(port: Port, node: Node, context: PortViewContext, fields?: readonly string[]): Record<string, unknown> {
  const full: Record<string, unknown> = {
    uuid: port.uuid,
    address: port.address,
    node_uuid: node.uuid,
    extra: port.extra,
    internal_info: {},
    local_link_connection: port.local_link_connection,
    pxe_enabled: port.pxe_enabled,
    portgroup_uuid: null,
    physical_network: port.physical_network,
    is_smartnic: port.is_smartnic,
    created_at: ironicTime(port.created_at),
    updated_at: null,
    links: resourceLinks(context.baseUrl, `ports/${port.uuid}`),
  };
  const visible = (key: string) => context.version.atLeast(PORT_FIELD_MIN_VERSION[key] ?? 1);
  return Object.fromEntries(Object.entries(full).filter(([key]) => visible(key) && (fields === undefined || key === 'links' || fields.includes(key))));
}

export interface PortQuery extends CollectionQuery {
  /** A node UUID or name (`node` or `node_uuid`). */
  readonly node?: string;
  readonly address?: string;
}

const SORT_KEYS = new Set(['id', 'uuid', 'address', 'created_at', 'updated_at', 'node_uuid', 'pxe_enabled', 'physical_network']);

/** Reads and checks the query of `GET /v1/ports` (or `/detail` when `detailPath`). */
export function parsePortQuery(raw: RawQuery, version: Microversion, { detailPath = false } = {}): PortQuery {
  const text = queryParameters(raw, version);
  const collection = parseCollectionQuery(text, version, { detailPath, sortKeys: SORT_KEYS, checkFields: checkPortFields });
  const addressParam = text('address');
  const address = addressParam === undefined ? undefined : normalizeMac(addressParam);
  if (addressParam !== undefined && !address) throw badRequest(`Expected a MAC address but received ${addressParam}.`);
  return { ...collection, node: text('node') ?? text('node_uuid'), address };
}

export function checkPortFields(fields: readonly string[], version: Microversion): void {
  if (!version.atLeast(Versions.FIELDS_PARAM)) throw notAcceptable();
  const unknown = fields.filter((field) => !PORT_FIELDS.has(field));
  if (unknown.length > 0) throw badRequest(`Field(s) "${unknown.join(', ')}" are not valid`);
  if (fields.some((field) => !version.atLeast(PORT_FIELD_MIN_VERSION[field] ?? 1))) throw notAcceptable();
}

export interface PortEntry {
  readonly port: Port;
  readonly node: Node;
}

/**
 * One page of `ports` (given in creation order) after the address filter, sorting and the
 * marker; a full page has a next page. An unknown marker is a 404.
 */
export function selectPorts(ports: readonly PortEntry[], query: PortQuery): { ports: PortEntry[]; hasNext: boolean } {
  const order = new Map(ports.map((entry, index) => [entry.port.uuid, index]));
  const sign = query.sortDir === 'asc' ? 1 : -1;
  const key = (entry: PortEntry): string | number | boolean | null => {
    if (query.sortKey === 'id') return order.get(entry.port.uuid) ?? 0;
    if (query.sortKey === 'node_uuid') return entry.node.uuid;
    if (query.sortKey === 'updated_at') return null;
    return entry.port[query.sortKey as keyof Port] as string | boolean | null;
  };
  const compare = (a: PortEntry, b: PortEntry) => {
    const [x, y] = [key(a), key(b)];
    if (x !== y) {
      if (x === null) return -sign;
      if (y === null) return sign;
      return (x < y ? -1 : 1) * sign;
    }
    return ((order.get(a.port.uuid) ?? 0) - (order.get(b.port.uuid) ?? 0)) * sign;
  };
  const sorted = ports.filter((entry) => query.address === undefined || entry.port.address === query.address).sort(compare);
  let start = 0;
  if (query.marker !== undefined) {
    const marker = ports.find((entry) => entry.port.uuid === query.marker);
    if (!marker) throw new ApiError(404, `Port ${query.marker} could not be found.`);
    start = sorted.findIndex((entry) => compare(entry, marker) > 0);
    if (start < 0) start = sorted.length;
  }
  const page = sorted.slice(start, start + query.limit);
  return { ports: page, hasNext: page.length > 0 && page.length === query.limit };
}
