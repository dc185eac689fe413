/** Ironic's allocations as its API shows them, and `GET /v1/allocations` query handling. */
import { type Allocation } from '@ironledger/domain';
import { type RawQuery } from '../http/collection-query.js';
import { badRequest, notAcceptable } from '../http/errors.js';
import { listParameters } from '../http/list-query.js';
import { type Microversion } from '../http/microversion.js';
import { checkArguments, checkLimit, checkSortDir, checkSortKey, queryArgs } from '../http/query-args.js';
import { ironicTime, resourceLinks } from '../http/views.js';
import { QUERY_VALUE, type QueryParameter } from '../openapi/operation-docs.js';

/** Allocation owners appeared in 1.60. */
export const ALLOCATION_OWNER_VERSION = 60;
const MAX_LIMIT = 1000;

/** Every key of an allocation's view, in Ironic's order. */
const VIEW_KEYS = ['uuid', 'created_at', 'updated_at', 'candidate_nodes', 'extra', 'last_error', 'name', 'owner', 'resource_class', 'state', 'traits', 'links', 'node_uuid'] as const;
const SORT_COLUMNS = ['id', 'uuid', 'name', 'node_id', 'state', 'owner', 'last_error', 'resource_class', 'conductor_affinity', 'created_at', 'updated_at'];
const UNSORTABLE = ['extra', 'candidate_nodes', 'traits'];

/** An allocation as `GET /v1/allocations/{id}` shows it at `version`, cut down to `fields` (plus `links`) when given. */
export function allocationView(allocation: Allocation, baseUrl: string, version: Microversion, fields?: readonly string[]): Record<string, unknown> {
  const values: Record<(typeof VIEW_KEYS)[number], unknown> = {
    uuid: allocation.uuid,
    created_at: ironicTime(allocation.created_at),
    updated_at: ironicTime(allocation.updated_at),
    candidate_nodes: allocation.candidate_nodes,
    extra: allocation.extra,
    last_error: allocation.last_error,
    name: allocation.name,
    owner: allocation.owner,
    resource_class: allocation.resource_class,
    state: allocation.state,
    traits: allocation.traits,
    links: resourceLinks(baseUrl, `allocations/${allocation.uuid}`),
    node_uuid: allocation.node_uuid,
  };
  const shown = VIEW_KEYS.filter((key) => (key !== 'owner' || version.atLeast(ALLOCATION_OWNER_VERSION)) && (fields === undefined || key === 'links' || fields.includes(key)));
  return Object.fromEntries(shown.map((key) => [key, values[key]]));
}

/** Checks `fields`: known keys only (400), `owner` from 1.60 (406). */
export function checkAllocationFields(fields: readonly string[] | undefined, version: Microversion): void {
  if (fields === undefined) return;
  const unknown = fields.filter((field) => !(VIEW_KEYS as readonly string[]).includes(field));
  if (unknown.length > 0) throw badRequest(`Field(s) "${unknown.join(', ')}" are not valid`);
  if (fields.includes('owner') && !version.atLeast(ALLOCATION_OWNER_VERSION)) throw notAcceptable();
}

export interface AllocationQuery {
  readonly node?: string;
  readonly resource_class?: string;
  readonly state?: string;
  readonly owner?: string;
  readonly marker?: string;
  readonly limit: number;
  readonly sortKey: string;
  readonly sortDir: 'asc' | 'desc';
  readonly fields?: string[];
}

const FIELDS_PARAMETER: QueryParameter = { name: 'fields', description: 'Comma-separated fields to show (and `links`).', schema: QUERY_VALUE.list };

/** ironledger's parameter: allocations as they were at a past instant. */
const AT_PARAMETER: QueryParameter = { name: 'at', description: 'ironledger: as it was at this event-log position or ISO 8601 instant.', schema: QUERY_VALUE.string };

/** The query of `GET /v1/allocations` (no `detail`: Ironic's allocation list has none). */
export const ALLOCATION_LIST_PARAMETERS: readonly QueryParameter[] = [
  { name: 'node', description: 'The allocation of this node (UUID or name; 400 when there is no such node).', schema: QUERY_VALUE.string },
  { name: 'resource_class', description: 'Allocations for this resource class.', schema: QUERY_VALUE.string },
  { name: 'state', description: 'Allocations in this state (`allocating`, `active` or `error`).', schema: QUERY_VALUE.string },
  { name: 'owner', description: 'Allocations of this owner.', schema: QUERY_VALUE.string, since: ALLOCATION_OWNER_VERSION },
  ...listParameters(false).filter(({ name }) => name !== 'detail' && name !== 'fields'),
  FIELDS_PARAMETER,
  AT_PARAMETER,
];

/** The query of `GET /v1/allocations/{ident}`. */
export const ALLOCATION_SHOW_PARAMETERS: readonly QueryParameter[] = [FIELDS_PARAMETER, AT_PARAMETER];

/** The query of `GET /v1/nodes/{ident}/allocation` (no `at`). */
export const NODE_ALLOCATION_PARAMETERS: readonly QueryParameter[] = [FIELDS_PARAMETER];

/** `GET /v1/allocations` query, checked in Ironic's order (`at` is ironledger's: a past instant). */
export function parseAllocationQuery(raw: RawQuery, version: Microversion): AllocationQuery {
  checkArguments(raw, ALLOCATION_LIST_PARAMETERS.map(({ name }) => name));
  const args = queryArgs(raw);
  const node = args.uuidOrName('node');
  const resource_class = args.string('resource_class');
  const state = args.string('state');
  const marker = args.uuid('marker');
  const limit = args.integer('limit');
  const sortKey = args.string('sort_key');
  const sortDir = args.string('sort_dir');
  const fields = args.stringList('fields');
  const owner = args.string('owner');
  checkAllocationFields(fields, version);
  if (owner !== undefined && !version.atLeast(ALLOCATION_OWNER_VERSION)) throw notAcceptable();
  return {
    node,
    resource_class,
    state,
    owner,
    marker,
    limit: checkLimit(limit, MAX_LIMIT),
    sortDir: checkSortDir(sortDir),
    sortKey: checkSortKey(sortKey, SORT_COLUMNS, UNSORTABLE),
    fields,
  };
}

/** The value an allocation sorts by under a sort key (`id` is creation order, handled by the page selector). */
export function allocationSortValue(allocation: Allocation, key: string): unknown {
  if (key === 'node_id') return allocation.node_uuid;
  if (key === 'conductor_affinity') return allocation.conductor;
  return allocation[key as keyof Allocation] ?? null;
}

/** Ironic's `next` link: sort key and direction, then `fields`, then `limit` and `marker`; filters are not carried. */
export function allocationsNextLink(baseUrl: string, query: AllocationQuery, marker: string): string {
  const fields = query.fields && query.fields.length > 0 ? `fields=${query.fields.join(',')}&` : '';
  return `${baseUrl}/v1/allocations?sort_key=${query.sortKey}&sort_dir=${query.sortDir}&${fields}limit=${query.limit}&marker=${marker}`;
}
