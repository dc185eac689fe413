/**
 * The node table's paging. A fleet may hold 100,000 nodes, so the table holds one page at a
 * time and pages by key, as Ironic's API does: a page is asked for with the UUID of the last
 * node of the page before it (`marker`), never with an offset, so every page costs the same
 * however far in it is. Going back needs the markers of the pages before, kept as a stack.
 */
import { NODE_FIELDS } from './api.js';

/** Page sizes offered; Ironic's default `max_limit` is 1,000, and 200 rows still render at once. */
export const PAGE_SIZES = [25, 50, 100, 200] as const;
const MAX_PAGE_SIZE = 200;

/** `GET /v1/nodes` filters the table offers (Ironic's own parameters). */
export interface NodeFilters {
  readonly provision_state?: string;
  readonly maintenance?: 'true' | 'false';
  readonly retired?: 'true' | 'false';
  readonly associated?: 'true' | 'false';
  readonly fault?: string;
  readonly driver?: string;
  readonly resource_class?: string;
  readonly conductor_group?: string;
  readonly conductor?: string;
  readonly owner?: string;
  readonly lessee?: string;
  readonly project?: string;
  readonly description_contains?: string;
}

/** The table's order: Ironic's `sort_key` and `sort_dir` (its default is by `id`, ascending). */
export interface NodeSort {
  readonly key: string;
  readonly dir: 'asc' | 'desc';
}

/** A column's header clicked: sorts by it ascending, then descending, then back to Ironic's default order. */
export function nextSort(sort: NodeSort | null, key: string): NodeSort | null {
  if (sort?.key !== key) return { key, dir: 'asc' };
  return sort.dir === 'asc' ? { key, dir: 'desc' } : null;
}

/** Where the table is: the markers of the pages before this one, the last being this page's (none on the first page). */
export interface Paging {
  readonly markers: readonly string[];
}

export const FIRST_PAGE: Paging = { markers: [] };

/** The page after the current one, whose last node is `lastUuid`. */
export const nextPage = ({ markers }: Paging, lastUuid: string): Paging => ({ markers: [...markers, lastUuid] });

export const previousPage = ({ markers }: Paging): Paging => ({ markers: markers.slice(0, -1) });

/** 1 for the first page. */
export const pageNumber = ({ markers }: Paging): number => markers.length + 1;

/** The filters given (empty ones left out), as a query. */
export function filtersQuery(filters: NodeFilters): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(filters)) if (typeof value === 'string' && value.trim() !== '') query.set(name, value.trim());
  return query.toString();
}

/** The query of one page: its filters (empty ones left out), order, fields, limit (at most `MAX_PAGE_SIZE`), marker, and `at` for a past instant. */
export function nodesQuery(filters: NodeFilters, paging: Paging, limit: number, at: string | null = null, sort: NodeSort | null = null): string {
  const query = new URLSearchParams(filtersQuery(filters));
  if (sort) {
    query.set('sort_key', sort.key);
    query.set('sort_dir', sort.dir);
  }
  query.set('fields', NODE_FIELDS.join(','));
  query.set('limit', String(Math.min(Math.max(1, Math.trunc(limit)), MAX_PAGE_SIZE)));
  const marker = paging.markers.at(-1);
  if (marker !== undefined) query.set('marker', marker);
  if (at !== null) query.set('at', at);
  return query.toString();
}
