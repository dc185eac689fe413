/**
 * `GET /v1/nodes` query parameters: filters, sorting and marker/limit pagination, checked in
 * the order and with the words Ironic 21.4 uses, and applied to the nodes of the read model.
 */
import { type NodeSummary, SUMMARY_FIELDS } from '@ironledger/application';
import { type Node, PROVISION_STATES } from '@ironledger/domain';
import { QUERY_VALUE, type QueryParameter } from '../openapi/operation-docs.js';
import { listParameters, type PageQuery } from '../http/list-query.js';
import { MAX_LIMIT, parseBoolean, type RawQuery, selectPage, type Sequence } from '../http/collection-query.js';
import { ApiError, badRequest, notAcceptable } from '../http/errors.js';
import { type Microversion, Versions } from '../http/microversion.js';
import { queryArgs } from '../http/query-args.js';
import { isUuidLike } from '../http/ironic-args.js';
import { conductorOf, listItemView, nodeView, type ViewContext, visibleAt } from './node.view.js';

/** The faults Ironic records, in its order. */
const VALID_FAULTS = ['power failure', 'clean failure', 'rescue abort failure'];

/** The filters of `GET /v1/nodes`, each with the microversion from which Ironic 21.4 accepts it. */
const NODE_FILTERS: readonly QueryParameter[] = [
  { name: 'chassis_uuid', description: 'Nodes of this chassis (404 when there is none).', schema: QUERY_VALUE.uuid },
  { name: 'instance_uuid', description: 'The node of this instance (never a `next` link).', schema: QUERY_VALUE.uuid },
  { name: 'associated', description: 'Nodes with (true) or without (false) an instance.', schema: QUERY_VALUE.boolean },
  { name: 'maintenance', description: 'Nodes in (true) or out of (false) maintenance.', schema: QUERY_VALUE.boolean },
  { name: 'retired', description: 'Retired (true) or not retired (false) nodes.', schema: QUERY_VALUE.boolean },
  { name: 'provision_state', description: 'Nodes in this provision state.', schema: { type: 'string', enum: [...PROVISION_STATES] }, since: Versions.PROVISION_STATE_FILTER },
  { name: 'driver', description: 'Nodes of this hardware type.', schema: QUERY_VALUE.string, since: Versions.DRIVER_FILTER },
  { name: 'resource_class', description: 'Nodes of this resource class.', schema: QUERY_VALUE.string, since: Versions.RESOURCE_CLASS },
  { name: 'fault', description: 'Nodes with this fault.', schema: { type: 'string', enum: VALID_FAULTS }, since: Versions.FAULT },
  { name: 'conductor_group', description: 'Nodes of this conductor group.', schema: QUERY_VALUE.string, since: Versions.CONDUCTOR_GROUP },
  { name: 'conductor', description: 'Nodes this conductor holds or would take.', schema: QUERY_VALUE.string, since: Versions.CONDUCTORS },
  { name: 'owner', description: 'Nodes of this owner.', schema: QUERY_VALUE.string, since: Versions.OWNER },
  { name: 'lessee', description: 'Nodes of this lessee.', schema: QUERY_VALUE.string, since: Versions.LESSEE },
  { name: 'project', description: 'Nodes whose owner or lessee is this project.', schema: QUERY_VALUE.string },
  { name: 'description_contains', description: 'Nodes whose description contains this text (in any case).', schema: QUERY_VALUE.string },
  { name: 'shard', description: 'Nodes of these comma-separated shards.', schema: QUERY_VALUE.list, since: Versions.SHARDS },
  { name: 'sharded', description: 'Nodes with (true) or without (false) a shard.', schema: QUERY_VALUE.boolean, since: Versions.SHARDS },
];

/** ironledger's parameter: the fleet at a past instant. */
const AT_PARAMETER: QueryParameter = {
  name: 'at',
  description: 'ironledger: the nodes as they were at this event-log position or ISO 8601 instant.',
  schema: QUERY_VALUE.string,
};

/**
 * Every parameter `GET /v1/nodes` takes (`/v1/nodes/detail`: all but `fields` and `detail`), as
 * the document describes them; `at` only where the caller reads it (`/v1/nodes`, not a chassis's nodes).
 */
export function nodeListParameters(detailPath: boolean, { at = true } = {}): QueryParameter[] {
  return [...NODE_FILTERS, ...listParameters(detailPath), ...(at ? [AT_PARAMETER] : [])];
}

/** What the parser takes: `at` is read (and taken out of the query) by the caller that honours it. */
const LIST_PARAMETERS = new Set(nodeListParameters(false, { at: false }).map(({ name }) => name));
const DETAIL_PATH_EXCLUDED = new Set(['fields', 'detail']);

/** Node columns a list may be sorted by; `id` is the creation order. */
const SORT_KEYS = new Set([
  'id', 'uuid', 'name', 'created_at', 'updated_at', 'provision_updated_at', 'provision_state', 'target_provision_state',
  'power_state', 'target_power_state', 'driver', 'maintenance', 'maintenance_reason', 'fault', 'instance_uuid',
  'reservation', 'resource_class', 'conductor_group', 'owner', 'lessee', 'description', 'last_error', 'automated_clean',
  'protected', 'protected_reason', 'retired', 'retired_reason', 'console_enabled', 'boot_mode', 'secure_boot', 'shard',
  'inspection_started_at', 'inspection_finished_at', 'bios_interface', 'boot_interface', 'console_interface',
  'deploy_interface', 'inspect_interface', 'management_interface', 'network_interface', 'power_interface',
  'raid_interface', 'rescue_interface', 'storage_interface', 'vendor_interface',
]);
/** Columns that hold objects: Ironic refuses them as sort keys in its own words. */
const UNSORTABLE = new Set([
  'properties', 'driver_info', 'extra', 'instance_info', 'driver_internal_info', 'clean_step', 'deploy_step', 'raid_config',
  'target_raid_config', 'traits', 'network_data',
]);
/** Columns a list's `fields` may name (the single-node GET also has `conductor`, `allocation_uuid` and `chassis_uuid`). */
const LIST_ONLY_EXCLUDED = new Set(['conductor', 'allocation_uuid', 'chassis_uuid', 'links', 'ports', 'states', 'portgroups', 'volume']);

export interface NodeFilters {
  readonly associated?: boolean;
  readonly maintenance?: boolean;
  readonly retired?: boolean;
  readonly provision_state?: string;
  readonly driver?: string;
  readonly resource_class?: string;
  readonly fault?: string;
  readonly conductor_group?: string;
  /** Nodes whose conductor (the one holding them, or the hash ring's pick) is this one. */
  readonly conductor?: string;
  readonly owner?: string;
  readonly lessee?: string;
  /** Owner or lessee. */
  readonly project?: string;
  readonly description_contains?: string;
  readonly chassis_uuid?: string;
  readonly instance_uuid?: string;
  /** Shards to keep (1.82), lower-cased as Ironic reads them: a mixed-case shard never matches, as in Ironic. */
  readonly shard?: readonly string[];
  /** Whether the node has a shard at all (1.82; `""` counts as one). */
  readonly sharded?: boolean;
}

export interface NodeQuery extends PageQuery {
  readonly filters: NodeFilters;
  /** Whole nodes: `detail=true` or `/v1/nodes/detail`. */
  readonly whole: boolean;
}

/**
 * Reads and checks the query of `GET /v1/nodes` (or `/v1/nodes/detail` when `detailPath`):
 * Ironic's argument parsing first (unknown parameters, booleans, UUIDs, integers), then its
 * version and value checks in its order. 406 for what the version lacks, 400 for bad values.
 */
export function parseNodeQuery(raw: RawQuery, version: Microversion, { detailPath = false } = {}): NodeQuery {
  const unexpected = Object.keys(raw).filter((name) => !LIST_PARAMETERS.has(name) || (detailPath && DETAIL_PATH_EXCLUDED.has(name)));
  if (unexpected.length > 0) throw badRequest(`Unexpected arguments: ${unexpected.join(', ')}`);
  const text = (name: string) => single(raw[name]);
  const flag = (name: string) => {
    const value = text(name);
    return value === undefined ? undefined : parseBoolean(name, value);
  };
  const uuid = (name: string) => {
    const value = text(name);
    if (value !== undefined && !isUuidLike(value)) throw badRequest(`Expected UUID for ${name}: ${value}`);
    return value;
  };
  const chassis_uuid = uuid('chassis_uuid');
  const instance_uuid = uuid('instance_uuid');
  const associated = flag('associated');
  const maintenance = flag('maintenance');
  const retired = flag('retired');
  const marker = uuid('marker');
  const limitText = text('limit');
  if (limitText !== undefined && !/^\s*[+-]?\d+\s*$/.test(limitText)) throw badRequest(`Expected an integer for limit: ${limitText}`);
  const fieldsText = text('fields');
  const fields = fieldsText === undefined ? undefined : [...new Set(fieldsText.split(',').map((field) => field.trim().toLowerCase()).filter(Boolean))];
  const detail = flag('detail');
  const sortKey = text('sort_key') ?? 'id';

  if (fields !== undefined) checkListFields(fields, version);
  if (!visibleAt(sortKey, version)) throw notAcceptable();
  const provision_state = text('provision_state');
  if (provision_state !== undefined) {
    if (!version.atLeast(Versions.PROVISION_STATE_FILTER)) throw notAcceptable();
    if (!(PROVISION_STATES as readonly string[]).includes(provision_state)) throw badRequest(`Provision state "${provision_state}" is not valid`);
  }
  const since = (name: string, minor: number) => {
    const value = text(name);
    if (value !== undefined && !version.atLeast(minor)) throw new ApiError(406, `Request not acceptable. The minimal required API version should be 1.${minor}`);
    return value;
  };
  const driver = since('driver', Versions.DRIVER_FILTER);
  const resource_class = since('resource_class', Versions.RESOURCE_CLASS);
  const fault = since('fault', Versions.FAULT);
  if (fault !== undefined && !VALID_FAULTS.includes(fault)) {
    throw badRequest(`Unrecognized fault "${fault}" is specified, allowed faults are (${VALID_FAULTS.map((f) => `'${f}'`).join(', ')})`);
  }
  const conductor_group = since('conductor_group', Versions.CONDUCTOR_GROUP);
  const conductor = since('conductor', Versions.CONDUCTORS);
  const owner = since('owner', Versions.OWNER);
  const lessee = since('lessee', Versions.LESSEE);
  if (detail !== undefined && !version.atLeast(Versions.DETAIL_PARAM)) throw badRequest(`Invalid query parameter ?detail=${detail ? 'True' : 'False'} received.`);
  if (fields !== undefined && detail) throw badRequest('Can not specify ?detail=True and fields in the same request.');

  const limit = limitText === undefined ? MAX_LIMIT : Number(limitText);
  if (limit <= 0) throw badRequest('Limit must be positive');
  const sortDir = text('sort_dir') ?? 'asc';
  if (sortDir !== 'asc' && sortDir !== 'desc') throw badRequest(`Invalid sort direction: ${sortDir}. Acceptable values are 'asc' or 'desc'`);
  if (UNSORTABLE.has(sortKey)) throw badRequest(`The sort_key value ${sortKey} is an invalid field for sorting`);
  if (!SORT_KEYS.has(sortKey)) throw badRequest(`The sort_key value "${sortKey}" is an invalid field for sorting`);

  const filters: NodeFilters = dropUndefined({
    associated, maintenance, retired, provision_state, driver, resource_class, fault, conductor_group, conductor, owner, lessee,
    project: text('project'), description_contains: text('description_contains'), chassis_uuid, instance_uuid,
    ...shardFilters(raw, version),
  });
  return { filters, limit: Math.min(limit, MAX_LIMIT), marker, sortKey, sortDir, fields, detail, whole: detailPath || detail === true };
}

/**
 * A list's `fields`: each must exist at the version (406) and be a node column (400; Ironic
 * answers 500 for names that are not columns, a bug no client relies on).
 */
function checkListFields(fields: readonly string[], version: Microversion): void {
  if (!version.atLeast(Versions.FIELDS_PARAM)) throw notAcceptable();
  if (fields.some((field) => !visibleAt(field, version))) throw notAcceptable();
  const unknown = fields.filter((field) => LIST_ONLY_EXCLUDED.has(field) || !NODE_COLUMNS.has(field));
  if (unknown.length > 0) throw badRequest(`Field ${unknown[0]} is not a valid field.`);
}

/** Every field of the node view a list may show. */
const NODE_COLUMNS = new Set([...SORT_KEYS, ...UNSORTABLE, 'driver_info', 'driver_internal_info'].filter((field) => field !== 'id'));

/**
 * The body of a node list (`GET /v1/nodes[/detail]`, `GET /v1/chassis/{uuid}/nodes`): one page of
 * `fleet` as the query asks, with Ironic's `next` link to `path` when the page is full. A
 * `chassis_uuid` filter must name a chassis that exists (404).
 */
export function nodeList(
  fleet: Sequence<NodeSummary>,
  raw: RawQuery,
  view: ViewContext,
  { path, detailPath, chassisExists = () => true, wholeOf = asWhole }: { path: string; detailPath: boolean; chassisExists?: (uuid: string) => boolean; wholeOf?: (summary: NodeSummary) => Node },
) {
  const query = parseNodeQuery(raw, view.version, { detailPath });
  const chassis = query.filters.chassis_uuid;
  if (chassis !== undefined && !chassisExists(chassis)) throw new ApiError(404, `Chassis ${chassis} could not be found.`);
  const { nodes, hasNext } = selectNodes(fleet, query, (node) => conductorOf(node, view), wholeOf);
  const body: { nodes: object[]; next?: string } = {
    nodes: nodes.map((node) => (query.whole ? nodeView(node, view) : query.fields ? nodeView(node, view, query.fields) : listItemView(node, view))),
  };
  if (hasNext) body.next = nodeNextLink(view, path, query, nodes.at(-1)!.uuid, detailPath);
  return body;
}

export interface Page {
  readonly nodes: Node[];
  /** Ironic's rule: a full page gets a `next` link (the next page may turn out empty), except when looking up an instance. */
  readonly hasNext: boolean;
}

/** The whole node of a list of whole nodes. */
const asWhole = (summary: NodeSummary): Node => summary as Node;

const IN_SUMMARY: ReadonlySet<string> = new Set(SUMMARY_FIELDS);

/**
 * One page of `nodes` (given in creation order, as summaries: see `FleetReadModel.summaries`)
 * after filters, sorting and the marker; `wholeOf` gives the whole node of a summary, for the
 * page and for a sort key no summary has. An unknown marker is a 404, as in Ironic.
 */
export function selectNodes(
  nodes: Sequence<NodeSummary>,
  query: NodeQuery,
  conductorOf: (node: NodeSummary) => string | null = () => null,
  wholeOf: (summary: NodeSummary) => Node = asWhole,
): Page {
  const sortValue = (node: NodeSummary, key: string) => (IN_SUMMARY.has(key) ? node[key as keyof NodeSummary] : wholeOf(node)[key as keyof Node]);
  const page = selectPage(
    { items: nodes, uuidOf: (node) => node.uuid, sortValue, unknownMarker: (uuid) => `Node ${uuid} could not be found.` },
    query,
    (node) => matches(node, query.filters, conductorOf),
  );
  return { nodes: page.items.map(wholeOf), hasNext: page.hasNext && query.filters.instance_uuid === undefined };
}

/**
 * Ironic's `next` link: sort key and direction, the truthy `associated`, `maintenance` and
 * `retired`, `detail` when given and the fields (the default ones written out on `/v1/nodes`),
 * then limit and marker; other filters are not carried (Ironic drops them too).
 */
function nodeNextLink(view: ViewContext, path: string, query: NodeQuery, marker: string, detailPath: boolean): string {
  const args: [string, string][] = [['sort_key', query.sortKey], ['sort_dir', query.sortDir]];
  for (const name of ['associated', 'maintenance', 'retired'] as const) if (query.filters[name]) args.push([name, 'True']);
  if (query.detail !== undefined) args.push(['detail', query.detail ? 'True' : 'False']);
  const fields = query.fields ?? (detailPath || query.whole ? undefined : DEFAULT_RETURN_FIELDS.filter((field) => visibleAt(field, view.version)));
  if (fields) args.push(['fields', fields.join(',')]);
  args.push(['limit', String(query.limit)], ['marker', marker]);
  return `${view.baseUrl}${path}?${args.map(([name, value]) => `${name}=${value}`).join('&')}`;
}

/** Ironic's default list fields, in the order its `next` links write them. */
const DEFAULT_RETURN_FIELDS = ['instance_uuid', 'maintenance', 'power_state', 'provision_state', 'uuid', 'name'];

function matches(node: NodeSummary, filters: NodeFilters, conductorOf: (node: NodeSummary) => string | null): boolean {
  const equal = (field: 'provision_state' | 'driver' | 'resource_class' | 'fault' | 'conductor_group' | 'owner' | 'lessee' | 'chassis_uuid' | 'instance_uuid') =>
    filters[field] === undefined || node[field] === filters[field];
  return (
    (filters.associated === undefined || (node.instance_uuid !== null) === filters.associated) &&
    (filters.maintenance === undefined || node.maintenance === filters.maintenance) &&
    (filters.retired === undefined || (node.retired ?? false) === filters.retired) &&
    equal('provision_state') && equal('driver') && equal('resource_class') && equal('fault') && equal('conductor_group') &&
    equal('owner') && equal('lessee') && equal('chassis_uuid') && equal('instance_uuid') &&
    (filters.project === undefined || node.owner === filters.project || node.lessee === filters.project) &&
    (filters.description_contains === undefined || (node.description ?? '').toLowerCase().includes(filters.description_contains.toLowerCase())) &&
    (filters.conductor === undefined || conductorOf(node) === filters.conductor) &&
    (filters.shard === undefined || (node.shard !== null && filters.shard.includes(node.shard))) &&
    (filters.sharded === undefined || (node.shard !== null) === filters.sharded)
  );
}

function shardFilters(raw: RawQuery, version: Microversion): Pick<NodeFilters, 'shard' | 'sharded'> {
  if ((raw.shard !== undefined || raw.sharded !== undefined) && !version.atLeast(Versions.SHARDS)) {
    throw new ApiError(406, `Request not acceptable. The minimal required API version should be 1.${Versions.SHARDS}`);
  }
  const args = queryArgs(raw);
  return { shard: args.stringList('shard'), sharded: args.boolean('sharded') };
}

/** A query parameter given more than once counts with its last value; non-strings are ignored. */
function single(value: unknown): string | undefined {
  const last = Array.isArray(value) ? value.at(-1) : value;
  return typeof last === 'string' ? last : undefined;
}

function dropUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

