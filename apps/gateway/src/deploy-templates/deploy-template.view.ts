/** Ironic's deploy templates as its API shows them, and `GET /v1/deploy_templates` query handling. */
import { type DeployTemplate } from '@ironledger/domain';
import { maskDeploySteps } from '@ironledger/lifecycle-events';
import { type RawQuery } from '../http/collection-query.js';
import { badRequest } from '../http/errors.js';
import { isLogicalName } from '../http/ironic-args.js';
import { listParameters } from '../http/list-query.js';
import { checkArguments, checkLimit, checkSortDir, checkSortKey, queryArgs } from '../http/query-args.js';
import { ironicTime, resourceLinks } from '../http/views.js';
import { QUERY_VALUE, type QueryParameter } from '../openapi/operation-docs.js';

/** Every key of a template's view, in Ironic's order. */
const VIEW_KEYS = ['uuid', 'created_at', 'updated_at', 'name', 'extra', 'links', 'steps'] as const;
/** A list entry without `detail` or `fields`. */
export const TEMPLATE_LIST_FIELDS = ['uuid', 'name'];
const SORT_COLUMNS = ['id', 'uuid', 'name', 'created_at', 'updated_at'];
const UNSORTABLE = ['extra', 'steps'];
const MAX_LIMIT = 1000;

/** A template as `GET /v1/deploy_templates/{id}` shows it (its steps' `args` masked, as Ironic masks them), cut down to `fields` (plus `links`) when given. */
export function deployTemplateView(template: DeployTemplate, baseUrl: string, fields?: readonly string[]): Record<string, unknown> {
  const values: Record<(typeof VIEW_KEYS)[number], unknown> = {
    uuid: template.uuid,
    created_at: ironicTime(template.created_at),
    updated_at: ironicTime(template.updated_at),
    name: template.name,
    extra: template.extra,
    links: resourceLinks(baseUrl, `deploy_templates/${template.uuid}`),
    steps: maskDeploySteps(template.steps),
  };
  const shown = VIEW_KEYS.filter((key) => fields === undefined || key === 'links' || fields.includes(key));
  return Object.fromEntries(shown.map((key) => [key, values[key]]));
}

export function checkTemplateFields(fields: readonly string[] | undefined): void {
  const unknown = (fields ?? []).filter((field) => !(VIEW_KEYS as readonly string[]).includes(field));
  if (unknown.length > 0) throw badRequest(`Field(s) "${unknown.join(', ')}" are not valid`);
}

export interface TemplateQuery {
  readonly marker?: string;
  readonly limit: number;
  readonly sortKey: string;
  readonly sortDir: 'asc' | 'desc';
  /** Fields of each entry (`undefined`: all, as with `detail`). */
  readonly fields?: readonly string[];
  readonly detail?: boolean;
}

/** ironledger's parameter: templates as they were at a past instant. */
const AT_PARAMETER: QueryParameter = { name: 'at', description: 'ironledger: as it was at this event-log position or ISO 8601 instant.', schema: QUERY_VALUE.string };

/**
 * The query of `GET /v1/deploy_templates`: the usual list parameters, each from 1.55 as the
 * resource is, and a marker that Ironic reads as a name.
 */
export const TEMPLATE_LIST_PARAMETERS: readonly QueryParameter[] = [
  ...listParameters(false).map((parameter) => ({ ...parameter, since: undefined, ...(parameter.name === 'marker' && { schema: QUERY_VALUE.string }) })),
  AT_PARAMETER,
];

/** The query of `GET /v1/deploy_templates/{ident}`. */
export const TEMPLATE_SHOW_PARAMETERS: readonly QueryParameter[] = [
  { name: 'fields', description: 'Comma-separated fields to show (and `links`).', schema: QUERY_VALUE.list },
  AT_PARAMETER,
];

/** `GET /v1/deploy_templates` query, checked in Ironic's order (`at` is ironledger's: a past instant). */
export function parseTemplateQuery(raw: RawQuery): TemplateQuery {
  checkArguments(raw, TEMPLATE_LIST_PARAMETERS.map(({ name }) => name));
  const args = queryArgs(raw);
  const marker = args.string('marker');
  if (marker !== undefined && !isLogicalName(marker)) throw badRequest(`Expected name for marker: ${marker}`);
  const limit = args.integer('limit');
  const sortKey = args.string('sort_key');
  const sortDir = args.string('sort_dir');
  const fields = args.stringList('fields');
  const detail = args.boolean('detail');
  if (fields !== undefined && detail) throw badRequest('Can not specify ?detail=True and fields in the same request.');
  checkTemplateFields(fields);
  return {
    marker,
    limit: checkLimit(limit, MAX_LIMIT),
    sortDir: checkSortDir(sortDir),
    sortKey: checkSortKey(sortKey, SORT_COLUMNS, UNSORTABLE),
    fields: fields ?? (detail ? undefined : TEMPLATE_LIST_FIELDS),
    detail,
  };
}

/** Ironic's `next` link: sort key and direction, `detail` when given, the fields shown, then `limit` and `marker`. */
export function templatesNextLink(baseUrl: string, query: TemplateQuery, marker: string): string {
  const detail = query.detail === undefined ? '' : `detail=${query.detail ? 'True' : 'False'}&`;
  const fields = query.fields && query.fields.length > 0 ? `fields=${query.fields.join(',')}&` : '';
  return `${baseUrl}/v1/deploy_templates?sort_key=${query.sortKey}&sort_dir=${query.sortDir}&${detail}${fields}limit=${query.limit}&marker=${marker}`;
}
