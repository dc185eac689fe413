/**
 * The list query of Ironic's port, port group and volume collections, as Ironic reads it:
 * unknown parameters refused, `marker`, `limit`, `sort_key`, `sort_dir`, `fields` (lower-cased,
 * de-duplicated) and `detail`, each with Ironic's refusal, and the `next` link in Ironic's form.
 */
import { badRequest, notAcceptable } from './errors.js';
import { MAX_LIMIT, type RawQuery } from './collection-query.js';
import { booleanArg, integerArg, pythonBool, uuidArg } from './ironic-args.js';
import { type Microversion, Versions } from './microversion.js';
import { QUERY_VALUE, type QueryParameter } from '../openapi/operation-docs.js';

export interface ListRules {
  /** The collection's filters (`node`, `address`, …), which its own code checks. */
  readonly filters: readonly string[];
  /** The request is for `…/detail`, where `fields` and `detail` are unexpected. */
  readonly detailPath: boolean;
  /** The version from which `?detail=` is allowed (below it: Ironic's "Invalid query parameter" 400). */
  readonly detailSince: number;
  /** Ironic's refusal of `detail=true` with `fields`. */
  readonly fieldsWithDetail: string;
  /** Columns that cannot be sorted by (`The sort_key value extra is an invalid field for sorting`). */
  readonly unsortable: ReadonlySet<string>;
  /** The collection's database columns; any other key is refused, quoted. */
  readonly columns: ReadonlySet<string>;
}

/** The paging, sorting and field parameters every Ironic list reads (nodes' too). */
export interface PageQuery {
  readonly limit: number;
  readonly marker?: string;
  readonly sortKey: string;
  readonly sortDir: 'asc' | 'desc';
  /** The fields asked for (lower case, each once), if any; `undefined` with `detail`: everything. */
  readonly fields?: readonly string[];
  /** `?detail=` as given (`undefined` when absent), for the next link. */
  readonly detail?: boolean;
}

export interface ListQuery extends PageQuery {
  /** Whole objects: `?detail=true` or the `/detail` path. */
  readonly full: boolean;
  /** The filters given, by name. */
  readonly filters: Readonly<Record<string, string>>;
}

/** The paging, sorting and field parameters of every list; a `…/detail` path takes neither `fields` nor `detail`. */
export function listParameters(detailPath: boolean, detailSince: number = Versions.DETAIL_PARAM): QueryParameter[] {
  const all: QueryParameter[] = [
    { name: 'marker', description: 'The UUID of the last item of the previous page: where this page starts (the `next` link carries it).', schema: QUERY_VALUE.uuid },
    { name: 'limit', description: `How many items at most (${MAX_LIMIT}, the default, when more are asked for); a full page has a \`next\` link.`, schema: { ...QUERY_VALUE.integer, minimum: 1 } },
    { name: 'sort_key', description: 'The field to sort by; `id` (the default) is the creation order.', schema: QUERY_VALUE.string },
    { name: 'sort_dir', description: 'The sort direction (default `asc`).', schema: { type: 'string', enum: ['asc', 'desc'] } },
    { name: 'fields', description: 'Comma-separated fields to show of each item (and its `links`).', schema: QUERY_VALUE.list, since: Versions.FIELDS_PARAM },
    { name: 'detail', description: 'Whole items, as the `/detail` path shows them; not with `fields`.', schema: QUERY_VALUE.boolean, since: detailSince },
  ];
  return detailPath ? all.filter(({ name }) => name !== 'fields' && name !== 'detail') : all;
}

/** `fields` of a single resource's GET. */
export const FIELDS_PARAMETER: QueryParameter = { name: 'fields', description: 'Comma-separated fields to show (and `links`).', schema: QUERY_VALUE.list, since: Versions.FIELDS_PARAM };

const COMMON = listParameters(false).map(({ name }) => name);

/** Reads and checks the query, in the order Ironic does. */
export function parseListQuery(raw: RawQuery, version: Microversion, rules: ListRules): ListQuery {
  const allowed = new Set([...rules.filters, ...COMMON.filter((name) => !rules.detailPath || (name !== 'fields' && name !== 'detail'))]);
  const unexpected = Object.keys(raw).filter((name) => !allowed.has(name));
  if (unexpected.length > 0) throw badRequest(`Unexpected arguments: ${unexpected.join(', ')}`);
  const text = (name: string) => single(raw[name]);
  const marker = text('marker');
  if (marker !== undefined) uuidArg('marker', marker);
  const limitText = text('limit');
  const limit = limitText === undefined ? undefined : integerArg('limit', limitText);
  const fieldsText = text('fields');
  const fields = fieldsText === undefined ? undefined : [...new Set(fieldsText.split(',').map((field) => field.trim().toLowerCase()).filter(Boolean))];
  const detailText = text('detail');
  const detail = detailText === undefined ? undefined : booleanArg('detail', detailText);
  if (fields !== undefined && !version.atLeast(Versions.FIELDS_PARAM)) throw notAcceptable();
  if (detail !== undefined && !version.atLeast(rules.detailSince)) throw badRequest(`Invalid query parameter ?detail=${pythonBool(detail)} received.`);
  if (detail === true && fields !== undefined) throw badRequest(rules.fieldsWithDetail);
  if (limit !== undefined && limit <= 0) throw badRequest('Limit must be positive');
  const sortDir = text('sort_dir') ?? 'asc';
  if (sortDir !== 'asc' && sortDir !== 'desc') throw badRequest(`Invalid sort direction: ${sortDir}. Acceptable values are 'asc' or 'desc'`);
  const sortKey = text('sort_key') ?? 'id';
  const filters = Object.fromEntries(rules.filters.flatMap((name) => (text(name) === undefined ? [] : [[name, text(name)!]])));
  return { limit: Math.min(limit ?? MAX_LIMIT, MAX_LIMIT), marker, sortKey, sortDir, fields, detail, full: rules.detailPath || detail === true, filters };
}

/** Refuses a sort key Ironic refuses (after the marker is found, as Ironic checks it). */
export function checkSortKey(query: ListQuery, rules: Pick<ListRules, 'unsortable' | 'columns'>): void {
  if (rules.unsortable.has(query.sortKey)) throw badRequest(`The sort_key value ${query.sortKey} is an invalid field for sorting`);
  if (!rules.columns.has(query.sortKey)) throw badRequest(`The sort_key value "${query.sortKey}" is an invalid field for sorting`);
}

/**
 * The `next` link of a full page, in Ironic's form (`?sort_key=…&sort_dir=…[&detail=…][&fields=…]&limit=…&marker=…`),
 * on the path asked (ironledger keeps the filters, which Ironic drops: its page 2 of a filtered list is unfiltered).
 */
export function listNextLink(baseUrl: string, path: string, query: ListQuery, defaultFields: readonly string[] | undefined, marker: string): string {
  const parts = [...Object.entries(query.filters).map(([name, value]) => `${name}=${encodeURIComponent(value)}`), `sort_key=${query.sortKey}`, `sort_dir=${query.sortDir}`];
  if (query.detail !== undefined) parts.push(`detail=${pythonBool(query.detail)}`);
  const fields = query.full ? undefined : (query.fields ?? defaultFields);
  if (fields) parts.push(`fields=${fields.join(',')}`);
  parts.push(`limit=${query.limit}`, `marker=${marker}`);
  return `${baseUrl}${path}?${parts.join('&')}`;
}

/** A query parameter given more than once counts with its last value; non-strings are ignored. */
function single(value: unknown): string | undefined {
  const last = Array.isArray(value) ? value.at(-1) : value;
  return typeof last === 'string' ? last : undefined;
}
