/**
 * What every Ironic collection (`GET /v1/nodes`, `GET /v1/ports`) reads from its query the same
 * way: `detail`, `fields`, `marker`, `limit`, `sort_key` and `sort_dir`, checked as Ironic checks
 * them (400 for a malformed value, 406 for a parameter newer than the requested version).
 */
import { ApiError, badRequest, notAcceptable } from './errors.js';
import { type Microversion, Versions } from './microversion.js';

/** Ironic's `[api] max_limit`: the largest page, and the page size when no `limit` is given. */
export const MAX_LIMIT = 1000;

export type RawQuery = Readonly<Record<string, unknown>>;

export interface CollectionQuery {
  readonly limit: number;
  readonly marker?: string;
  readonly sortKey: string;
  readonly sortDir: 'asc' | 'desc';
  /** Fields to show (`fields`); `undefined`: the list's default fields, or all with `detail`. */
  readonly fields?: readonly string[];
  readonly detail: boolean;
}

export interface CollectionRules {
  /** The request is for `…/detail`. */
  readonly detailPath: boolean;
  readonly sortKeys: ReadonlySet<string>;
  /** Refuses field names the collection does not have at this version. */
  readonly checkFields: (fields: readonly string[], version: Microversion) => void;
}

/** Reads one query parameter (406 when the version is older than `minVersion`). */
export type QueryParameter = (name: string, minVersion?: number) => string | undefined;

/** A reader of the query's parameters at `version`. */
export function queryParameters(raw: RawQuery, version: Microversion): QueryParameter {
  return (name, minVersion = 1) => {
    const value = single(raw[name]);
    if (value !== undefined && !version.atLeast(minVersion)) throw notAcceptable();
    return value;
  };
}

export function parseCollectionQuery(text: QueryParameter, version: Microversion, { detailPath, sortKeys, checkFields }: CollectionRules): CollectionQuery {
  const detailParam = text('detail', Versions.DETAIL_PARAM);
  const detail = detailPath || (detailParam !== undefined && parseBoolean('detail', detailParam));
  const fieldsParam = text('fields');
  const fields = fieldsParam === undefined ? undefined : fieldsParam.split(',').map((field) => field.trim()).filter(Boolean);
  if (fields) {
    if (detail) throw badRequest('Can not specify ?detail=True and fields in the same request.');
    checkFields(fields, version);
  }
  const marker = text('marker');
  if (marker !== undefined && !UUID.test(marker)) throw badRequest(`Expected a UUID but received ${marker}.`);
  const sortKey = text('sort_key') ?? 'id';
  if (!sortKeys.has(sortKey)) throw badRequest(`The sort_key value "${sortKey}" is an invalid field for sorting`);
  const sortDir = (text('sort_dir') ?? 'asc').toLowerCase();
  if (sortDir !== 'asc' && sortDir !== 'desc') throw badRequest(`Invalid sort direction: ${sortDir}. Acceptable values are 'asc' or 'desc'`);
  return { limit: parseLimit(text('limit')), marker, sortKey, sortDir, fields, detail };
}

/**
 * Items in creation order: an array, or a sequence read without copying it (a large fleet's
 * summaries), which may say where an item is and may have gaps (`undefined`: a deleted item).
 */
export interface Sequence<T> {
  readonly length: number;
  at(index: number): T | undefined;
  positionOf?(uuid: string): number;
}

/** What `selectPage` needs to know of the items of a collection. */
export interface PagedItems<T> {
  /** Every item, in creation order (Ironic's `id`). */
  readonly items: Sequence<T>;
  readonly uuidOf: (item: T) => string;
  /** The value an item sorts by under `sortKey` (`null` sorts first). */
  readonly sortValue: (item: T, sortKey: string) => unknown;
  /** The 404 message for a marker that names no item, e.g. `Port <uuid> could not be found.` */
  readonly unknownMarker: (uuid: string) => string;
}

/** One page of a collection: the items kept by `filter`, sorted, after the marker; a full page has a next one. */
export function selectPage<T>({ items: sequence, uuidOf, sortValue, unknownMarker }: PagedItems<T>, query: Pick<CollectionQuery, 'sortKey' | 'sortDir' | 'marker' | 'limit'>, filter: (item: T) => boolean = () => true): { items: T[]; hasNext: boolean } {
  if (query.sortKey === 'id') return pageInCreationOrder({ items: sequence, uuidOf, unknownMarker }, query, filter);
  const items = Array.isArray(sequence) ? (sequence as readonly T[]) : Array.from({ length: sequence.length }, (_, index) => sequence.at(index)).filter((item) => item !== undefined);
  const order = new Map(items.map((item, index) => [uuidOf(item), index]));
  const sign = query.sortDir === 'asc' ? 1 : -1;
  const id = (item: T) => order.get(uuidOf(item)) ?? Number.MAX_SAFE_INTEGER;
  // Ordered by the sort key, then by creation order (Ironic adds `id` as the tie-breaker).
  const compare = (a: T, b: T): number => {
    if (query.sortKey !== 'id') {
      const [x, y] = [sortValue(a, query.sortKey), sortValue(b, query.sortKey)];
      if (x !== y) {
        if (x === null || x === undefined) return -sign;
        if (y === null || y === undefined) return sign;
        return ((x as string | number) < (y as string | number) ? -1 : 1) * sign;
      }
    }
    return (id(a) - id(b)) * sign;
  };
  const sorted = items.filter(filter).sort(compare);
  let start = 0;
  if (query.marker !== undefined) {
    const marker = items.find((item) => uuidOf(item) === query.marker);
    if (!marker) throw new ApiError(404, unknownMarker(query.marker));
    start = sorted.findIndex((item) => compare(item, marker) > 0);
    if (start < 0) start = sorted.length;
  }
  const page = sorted.slice(start, start + query.limit);
  return { items: page, hasNext: page.length > 0 && page.length === query.limit };
}

/**
 * A page in creation order (the default order, and the one the console pages by): the items come
 * in that order, so the page is read off by walking from the marker, without sorting the whole
 * collection; a page deep in a 100,000-node fleet costs about what the first one does.
 */
function pageInCreationOrder<T>({ items, uuidOf, unknownMarker }: Omit<PagedItems<T>, 'sortValue'>, query: Pick<CollectionQuery, 'sortDir' | 'marker' | 'limit'>, filter: (item: T) => boolean): { items: T[]; hasNext: boolean } {
  const step = query.sortDir === 'asc' ? 1 : -1;
  let index = step > 0 ? 0 : items.length - 1;
  if (query.marker !== undefined) {
    const at = positionOf(items, uuidOf, query.marker);
    if (at < 0) throw new ApiError(404, unknownMarker(query.marker));
    index = at + step;
  }
  const page: T[] = [];
  for (; index >= 0 && index < items.length && page.length < query.limit; index += step) {
    const item = items.at(index);
    if (item !== undefined && filter(item)) page.push(item);
  }
  return { items: page, hasNext: page.length > 0 && page.length === query.limit };
}

function positionOf<T>(items: Sequence<T>, uuidOf: (item: T) => string, uuid: string): number {
  if (items.positionOf) return items.positionOf(uuid);
  for (let index = 0; index < items.length; index++) {
    const item = items.at(index);
    if (item !== undefined && uuidOf(item) === uuid) return index;
  }
  return -1;
}

/** The URL of the page after `marker`, with the rest of the query as it was. */
export function nextLink(baseUrl: string, path: string, raw: RawQuery, marker: string): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(raw)) {
    const text = single(value);
    if (name !== 'marker' && text !== undefined) params.set(name, text);
  }
  params.set('marker', marker);
  return `${baseUrl}${path}?${params.toString()}`;
}

const TRUE = ['1', 't', 'true', 'on', 'y', 'yes'];
const FALSE = ['0', 'f', 'false', 'off', 'n', 'no'];

/** Ironic's strict boolean parsing (`oslo_utils.strutils.bool_from_string`). */
export function parseBoolean(name: string, value: string): boolean {
  const normalized = value.trim().toLowerCase();
  if (TRUE.includes(normalized)) return true;
  if (FALSE.includes(normalized)) return false;
  const acceptable = [...FALSE, ...TRUE].sort().map((v) => `'${v}'`).join(', ');
  throw badRequest(`Invalid ${name}: Unrecognized value '${value}', acceptable values are: ${acceptable}`);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function parseLimit(value: string | undefined): number {
  if (value === undefined) return MAX_LIMIT;
  if (!/^[+-]?\d+$/.test(value.trim())) throw badRequest(`Invalid input for field/attribute limit. Value: '${value}'. unable to convert to int`);
  const limit = Number(value);
  if (limit <= 0) throw badRequest('Limit must be positive');
  return Math.min(limit, MAX_LIMIT);
}

/** A query parameter given more than once counts with its last value; non-strings are ignored. */
function single(value: unknown): string | undefined {
  const last = Array.isArray(value) ? value.at(-1) : value;
  return typeof last === 'string' ? last : undefined;
}
