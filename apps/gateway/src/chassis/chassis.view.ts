/** Ironic's chassis as its API shows it, and `GET /v1/chassis` query handling. */
import { type Chassis } from '@ironledger/domain';
import { badRequest, notAcceptable } from '../http/errors.js';
import { type CollectionQuery, parseCollectionQuery, queryParameters, type RawQuery, selectPage } from '../http/collection-query.js';
import { FIELDS_PARAMETER, listParameters } from '../http/list-query.js';
import { type Microversion, Versions } from '../http/microversion.js';
import { checkArguments } from '../http/query-args.js';
import { ironicTime, resourceLinks } from '../http/views.js';
import { QUERY_VALUE, type QueryParameter } from '../openapi/operation-docs.js';

/** Fields of a chassis list entry without `detail` or `fields`. */
export const CHASSIS_LIST_FIELDS = ['uuid', 'description'] as const;

const CHASSIS_FIELDS: ReadonlySet<string> = new Set(['uuid', 'created_at', 'updated_at', 'description', 'extra', 'links', 'nodes']);
const SORT_KEYS = new Set(['id', 'uuid', 'description', 'created_at', 'updated_at']);

/** A chassis as `GET /v1/chassis/{uuid}` shows it, optionally cut down to `fields` (plus `links`). */
export function chassisView(chassis: Chassis, baseUrl: string, fields?: readonly string[]): Record<string, unknown> {
  const full: Record<string, unknown> = {
    uuid: chassis.uuid,
    created_at: ironicTime(chassis.created_at),
    updated_at: ironicTime(chassis.updated_at),
    description: chassis.description,
    extra: chassis.extra,
    links: resourceLinks(baseUrl, `chassis/${chassis.uuid}`),
    // A list holding one list of links: how Ironic has always shown it.
    nodes: [resourceLinks(baseUrl, `chassis/${chassis.uuid}/nodes`)],
  };
  return fields === undefined ? full : Object.fromEntries(Object.entries(full).filter(([key]) => key === 'links' || fields.includes(key)));
}

/** ironledger's parameter of the chassis list: the chassis at a past instant (its controller reads it). */
const AT_PARAMETER: QueryParameter = { name: 'at', description: 'ironledger: as it was at this event-log position or ISO 8601 instant.', schema: QUERY_VALUE.string };

/** The query of `GET /v1/chassis/{uuid}`. */
export const CHASSIS_SHOW_PARAMETERS: readonly QueryParameter[] = [FIELDS_PARAMETER, AT_PARAMETER];

/** Every parameter `GET /v1/chassis` takes (`/v1/chassis/detail`: all but `fields` and `detail`), as the document describes them. */
export function chassisListParameters(detailPath: boolean): QueryParameter[] {
  return [...listParameters(detailPath), AT_PARAMETER];
}

/** Reads and checks the query of `GET /v1/chassis` (or `…/detail`), without `at`; other parameters are refused, as Ironic refuses them. */
export function parseChassisQuery(raw: RawQuery, version: Microversion, { detailPath = false } = {}): CollectionQuery {
  checkArguments(raw, listParameters(detailPath).map(({ name }) => name));
  const text = queryParameters(raw, version);
  return parseCollectionQuery(text, version, { detailPath, sortKeys: SORT_KEYS, checkFields: checkChassisFields });
}

export function checkChassisFields(fields: readonly string[], version: Microversion): void {
  if (!version.atLeast(Versions.FIELDS_PARAM)) throw notAcceptable();
  const unknown = fields.filter((field) => !CHASSIS_FIELDS.has(field));
  if (unknown.length > 0) throw badRequest(`Field(s) "${unknown.join(', ')}" are not valid`);
}

/** One page of chassis (given in creation order); an unknown marker is a 404. */
export function selectChassis(chassis: readonly Chassis[], query: CollectionQuery) {
  return selectPage(
    { items: chassis, uuidOf: (c) => c.uuid, sortValue: (c, key) => c[key as keyof Chassis] ?? null, unknownMarker: (uuid) => `Chassis ${uuid} could not be found.` },
    query,
  );
}
