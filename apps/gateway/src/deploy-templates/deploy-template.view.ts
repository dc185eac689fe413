/** Ironic's deploy templates as its API shows them, and `GET /v1/deploy_templates` query handling. */
import { type DeployTemplate } from '@ironledger/domain';
import { maskDeploySteps } from '@ironledger/lifecycle-events';
import { type RawQuery } from '../http/collection-query.js';
import { badRequest } from '../http/errors.js';
import { isLogicalName } from '../http/ironic-args.js';
import { checkArguments, checkLimit, checkSortDir, checkSortKey, queryArgs } from '../http/query-args.js';
import { ironicTime, resourceLinks } from '../http/views.js';

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

/** `GET /v1/deploy_templates` query, checked in Ironic's order (`at` is ironledger's: a past instant). */
export function parseTemplateQuery(raw: RawQuery): TemplateQuery {
  checkArguments(raw, ['marker', 'limit', 'sort_key', 'sort_dir', 'fields', 'detail', 'at']);
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
