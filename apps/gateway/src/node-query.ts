/**
 * `GET /v1/nodes` query parameters: filters, sorting and marker/limit pagination, checked the
 * way Ironic checks them, and applied to the nodes of the read model.
 */
import { type Node } from '@ironledger/domain';
import { type CollectionQuery, parseBoolean, parseCollectionQuery, queryParameters, type RawQuery } from './collection-query.js';
import { ApiError } from './errors.js';
import { type Microversion, Versions } from './microversion.js';
import { checkFields } from './node-view.js';

/** Sort keys Ironic accepts for nodes that ironledger has; `id` is the creation order. */
const SORT_KEYS = new Set([
  'id', 'uuid', 'name', 'created_at', 'updated_at', 'provision_updated_at', 'provision_state', 'target_provision_state',
  'power_state', 'target_power_state', 'driver', 'maintenance', 'maintenance_reason', 'fault', 'instance_uuid',
  'reservation', 'resource_class', 'conductor_group', 'owner', 'lessee', 'description', 'last_error', 'automated_clean',
  'protected', 'retired',
]);

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

export interface NodeQuery extends CollectionQuery {
  readonly filters: NodeFilters;
}

/**
 * Reads and checks the query of `GET /v1/nodes` (or `/v1/nodes/detail` when `detailPath`).
 * Parameters newer than the requested version are refused with 406, malformed values with 400.
 */
export function parseNodeQuery(raw: RawQuery, version: Microversion, { detailPath = false } = {}): NodeQuery {
  const text = queryParameters(raw, version);
  const collection = parseCollectionQuery(text, version, { detailPath, sortKeys: SORT_KEYS, checkFields });
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
  return { ...collection, filters };
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

function dropUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}
