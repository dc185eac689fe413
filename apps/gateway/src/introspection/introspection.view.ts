/**
 * Introspection statuses as ironic-inspector's API shows them, and its status list: newest
 * first (by `started_at`, then UUID), `marker`/`limit` pagination with its checks and words.
 */
import { type Introspection, type Node } from '@ironledger/domain';
import { ApiError, badRequest } from '../http/errors.js';
import { QUERY_VALUE, type QueryParameter } from '../openapi/operation-docs.js';

/** The inspector's `api_max_limit`. */
export const INTROSPECTION_MAX_LIMIT = 1000;

export interface IntrospectionStatus {
  readonly uuid: string;
  readonly state: string;
  readonly finished: boolean;
  readonly error: string | null;
  readonly started_at: string;
  readonly finished_at: string | null;
  readonly links: readonly { readonly href: string; readonly rel: string }[];
}

/** A node's introspection status (`GET /v1/introspection/{node}`). */
export function introspectionStatus(uuid: string, record: Introspection, baseUrl: string): IntrospectionStatus {
  return {
    uuid,
    state: record.state,
    finished: record.finished_at !== null,
    error: record.error,
    started_at: inspectorTime(record.started_at)!,
    finished_at: inspectorTime(record.finished_at),
    links: [{ href: `${baseUrl}/v1/introspection/${uuid}`, rel: 'self' }],
  };
}

export interface IntrospectionQuery {
  readonly marker?: string;
  readonly limit: number;
}

const UUID_LIKE = /^[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}$/i;

/** The query of the inspector's `GET /v1/introspection` (which, as the inspector does, ignores any other parameter). */
export const INTROSPECTION_LIST_PARAMETERS: readonly QueryParameter[] = [
  { name: 'marker', description: 'The UUID of the node whose status ends the previous page.', schema: QUERY_VALUE.uuid },
  { name: 'limit', description: `How many statuses at most (0: ${INTROSPECTION_MAX_LIMIT}, the default and the most).`, schema: { ...QUERY_VALUE.integer, minimum: 0, maximum: INTROSPECTION_MAX_LIMIT } },
];

/** `marker` and `limit` as the inspector checks them (a limit of 0 means the maximum). */
export function parseIntrospectionQuery(raw: Readonly<Record<string, unknown>>): IntrospectionQuery {
  const marker = single(raw.marker);
  if (marker !== undefined && !UUID_LIKE.test(marker)) throw badRequest('Bad request: Marker not UUID-like');
  const text = single(raw.limit);
  if (text === undefined) return { marker, limit: INTROSPECTION_MAX_LIMIT };
  if (!/^\s*[+-]?\d+\s*$/.test(text)) throw badRequest(`Bad request: invalid literal for int() with base 10: '${text}'`);
  const limit = Number(text) || INTROSPECTION_MAX_LIMIT;
  if (limit < 0) throw badRequest('Bad request: Limit cannot be negative');
  if (limit > INTROSPECTION_MAX_LIMIT) throw badRequest(`Bad request: Limit over ${INTROSPECTION_MAX_LIMIT}`);
  return { marker, limit };
}

/** One page of the nodes that have an introspection record, newest first; an unknown marker is a 404. */
export function selectIntrospections(nodes: Iterable<Node>, query: IntrospectionQuery): (Node & { introspection: Introspection })[] {
  const newestFirst = (a: Node & { introspection: Introspection }, b: Node & { introspection: Introspection }) =>
    compare(b.introspection.started_at, a.introspection.started_at) || compare(b.uuid, a.uuid);
  const records = [...nodes].filter((node): node is Node & { introspection: Introspection } => !!node.introspection).sort(newestFirst);
  let start = 0;
  if (query.marker !== undefined) {
    const index = records.findIndex((node) => node.uuid === query.marker);
    if (index < 0) throw new ApiError(404, `Node not found for marker: ${query.marker}`);
    start = index + 1;
  }
  return records.slice(start, start + query.limit);
}

/** A UTC timestamp as the inspector prints it: ISO 8601 with microseconds and no zone. */
export function inspectorTime(iso: string | null): string | null {
  if (iso === null) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : `${date.toISOString().slice(0, -1)}000`;
}

const compare = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

function single(value: unknown): string | undefined {
  const last = Array.isArray(value) ? value.at(-1) : value;
  return typeof last === 'string' ? last : undefined;
}
