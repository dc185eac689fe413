/**
 * `GET /v1/nodes` query parameters: filters, sorting and marker/limit pagination, checked the
 * way Ironic checks them, and applied to the nodes of the read model.
 */
import { type Node } from '@ironledger/domain';
import { ApiError, badRequest, notAcceptable } from './errors.js';
import { type Microversion, Versions } from './microversion.js';
import { checkFields } from './node-view.js';

/** Ironic's `[api] max_limit`: the largest page, and the page size when no `limit` is given. */
export const MAX_LIMIT = 1000;

/** Sort keys Ironic accepts for nodes that ironledger has; `id` is the creation order. */
const SORT_KEYS = new Set([
  'id', 'uuid', 'name', 'created_at', 'updated_at', 'provision_updated_at', 'provision_state', 'target_provision_state',
  'power_state', 'target_power_state', 'driver', 'maintenance', 'maintenance_reason', 'fault', 'instance_uuid',
  'reservation', 'resource_class', 'conductor_group', 'owner', 'lessee', 'description', 'last_error', 'automated_clean',
  'protected', 'retired',
]);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type Raw = Readonly<Record<string, unknown>>;

export interface NodeFilters {
  readonly provision_state?: string;
  readonly maintenance?: boolean;
  readonly associated?: boolean;
  readonly driver?: string;
  readonly fault?: string;
  readonly resource_class?: string;
  readonly conductor_group?: string;
  readonly owner?: string;
  readonly instance_uuid?: string;
}

export interface NodeQuery {
  readonly filters: NodeFilters;
  readonly limit: number;
  readonly marker?: string;
  readonly sortKey: string;
  readonly sortDir: 'asc' | 'desc';
  /** Fields to show (`fields`); `undefined`: the list's default fields, or all with `detail`. */
  readonly fields?: readonly string[];
  readonly detail: boolean;
}

/**
 * Reads and checks the query of `GET /v1/nodes` (or `/v1/nodes/detail` when `detailPath`).
 * Parameters newer than the requested version are refused with 406, malformed values with 400.
 */
export function parseNodeQuery(raw: Raw, version: Microversion, { detailPath = false } = {}): NodeQuery {
  const text = (name: string, minVersion = 1): string | undefined => {
    const value = single(raw[name]);
    if (value !== undefined && !version.atLeast(minVersion)) throw notAcceptable();
    return value;
  };
  const detailParam = text('detail', Versions.DETAIL_PARAM);
  const detail = detailPath || (detailParam !== undefined && parseBoolean('detail', detailParam));
  const fieldsParam = text('fields');
  const fields = fieldsParam === undefined ? undefined : fieldsParam.split(',').map((field) => field.trim()).filter(Boolean);
  if (fields) {
    if (detail) throw badRequest('Can not specify ?detail=True and fields in the same request.');
    checkFields(fields, version);
  }
  const maintenance = text('maintenance');
  const associated = text('associated');
  const filters: NodeFilters = dropUndefined({
    provision_state: text('provision_state', Versions.PROVISION_STATE_FILTER),
    maintenance: maintenance === undefined ? undefined : parseBoolean('maintenance', maintenance),
    associated: associated === undefined ? undefined : parseBoolean('associated', associated),
    driver: text('driver', Versions.DRIVER_FILTER),
    fault: text('fault', Versions.FAULT),
    resource_class: text('resource_class', Versions.RESOURCE_CLASS),
    conductor_group: text('conductor_group', Versions.CONDUCTOR_GROUP)?.toLowerCase(),
    owner: text('owner', Versions.OWNER),
    instance_uuid: text('instance_uuid'),
  });
  const marker = text('marker');
  if (marker !== undefined && !UUID.test(marker)) throw badRequest(`Expected a UUID but received ${marker}.`);
  const sortKey = text('sort_key') ?? 'id';
  if (!SORT_KEYS.has(sortKey)) throw badRequest(`The sort_key value "${sortKey}" is an invalid field for sorting`);
  const sortDir = (text('sort_dir') ?? 'asc').toLowerCase();
  if (sortDir !== 'asc' && sortDir !== 'desc') throw badRequest(`Invalid sort direction: ${sortDir}. Acceptable values are 'asc' or 'desc'`);
  return { filters, limit: parseLimit(text('limit')), marker, sortKey, sortDir, fields, detail };
}

export interface Page {
  readonly nodes: Node[];
  /** Ironic's rule: a full page gets a `next` link (the next page may turn out empty). */
  readonly hasNext: boolean;
}

/**
 * One page of `nodes` (given in creation order) after filters, sorting and the marker.
 * An unknown marker is a 404, as in Ironic.
 */
export function selectPage(nodes: readonly Node[], query: NodeQuery): Page {
  const order = new Map(nodes.map((node, index) => [node.uuid, index]));
  const compare = comparator(query.sortKey, query.sortDir, order);
  const sorted = nodes.filter((node) => matches(node, query.filters)).sort(compare);
  let start = 0;
  if (query.marker !== undefined) {
    const marker = nodes.find((node) => node.uuid === query.marker);
    if (!marker) throw new ApiError(404, `Node ${query.marker} could not be found.`);
    start = sorted.findIndex((node) => compare(node, marker) > 0);
    if (start < 0) start = sorted.length;
  }
  const page = sorted.slice(start, start + query.limit);
  return { nodes: page, hasNext: page.length > 0 && page.length === query.limit };
}

/** The `next` link: the same query with `marker` set to the last node of this page. */
export function nextLink(baseUrl: string, path: string, raw: Raw, marker: string): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(raw)) {
    const text = single(value);
    if (name !== 'marker' && text !== undefined) params.set(name, text);
  }
  params.set('marker', marker);
  return `${baseUrl}${path}?${params.toString()}`;
}

function matches(node: Node, filters: NodeFilters): boolean {
  const { associated, maintenance, ...exact } = filters;
  if (associated !== undefined && (node.instance_uuid !== null) !== associated) return false;
  if (maintenance !== undefined && node.maintenance !== maintenance) return false;
  return Object.entries(exact).every(([field, wanted]) => {
    const value = node[field as keyof Node];
    return field === 'conductor_group' ? String(value).toLowerCase() === wanted : value === wanted;
  });
}

/** Orders by the sort key, then by creation order (Ironic adds `id` as the tie-breaker); `null` sorts first. */
function comparator(sortKey: string, sortDir: 'asc' | 'desc', order: ReadonlyMap<string, number>): (a: Node, b: Node) => number {
  const sign = sortDir === 'asc' ? 1 : -1;
  const id = (node: Node) => order.get(node.uuid) ?? Number.MAX_SAFE_INTEGER;
  return (a, b) => {
    if (sortKey !== 'id') {
      const [x, y] = [a[sortKey as keyof Node], b[sortKey as keyof Node]];
      if (x !== y) {
        if (x === null || x === undefined) return -sign;
        if (y === null || y === undefined) return sign;
        return (x < y ? -1 : 1) * sign;
      }
    }
    return (id(a) - id(b)) * sign;
  };
}

function parseLimit(value: string | undefined): number {
  if (value === undefined) return MAX_LIMIT;
  if (!/^[+-]?\d+$/.test(value.trim())) throw badRequest(`Invalid input for field/attribute limit. Value: '${value}'. unable to convert to int`);
  const limit = Number(value);
  if (limit <= 0) throw badRequest('Limit must be positive');
  return Math.min(limit, MAX_LIMIT);
}

const TRUE = ['1', 't', 'true', 'on', 'y', 'yes'];
const FALSE = ['0', 'f', 'false', 'off', 'n', 'no'];

/** Ironic's strict boolean parsing (`oslo_utils.strutils.bool_from_string`). */
export function parseBoolean(name: string, value: string): boolean {
  const normalized = value.trim().toLowerCase();
  if (TRUE.includes(normalized)) return true;
  if (FALSE.includes(normalized)) return false;
  const acceptable = [...FALSE, ...TRUE].sort().map((v) => `'${v}'`).join(', ');
  throw badRequest(`Invalid value for ${name}: Unrecognized value '${value}', acceptable values are: ${acceptable}`);
}

/** A query parameter given more than once counts with its last value; non-strings are ignored. */
function single(value: unknown): string | undefined {
  const last = Array.isArray(value) ? value.at(-1) : value;
  return typeof last === 'string' ? last : undefined;
}

function dropUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}
