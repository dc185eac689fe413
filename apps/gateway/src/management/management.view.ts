/** Indicators and BIOS settings as Ironic's API shows them. */
import { type BiosSetting } from '@ironledger/domain';
import { ironicTime, resourceLinks } from '../http/views.js';
import { QUERY_VALUE, type QueryParameter } from '../openapi/operation-docs.js';
import { type IndicatorAnswer } from './management.service.js';

/** `GET …/management/indicators`: `<id>@<component>` names; links name the node as the client did, unescaped. */
export function indicatorsView(indicators: readonly IndicatorAnswer[], baseUrl: string, ident: string) {
  return {
    indicators: indicators.map(({ id, component, readonly = true, states = [] }) => {
      const name = `${id}@${component}`;
      return { name, component, readonly, states, links: resourceLinks(baseUrl, `nodes/${ident}/management/indicators/${name}`) };
    }),
  };
}

/** `<id>@<component>` split at the first `@` (Ironic's 400 without one). */
export function parseIndicatorName(name: string): { indicator: string; component: string } | null {
  const at = name.indexOf('@');
  return at < 0 ? null : { indicator: name.slice(0, at), component: name.slice(at + 1) };
}

export const BIOS_FIELDS = ['name', 'value'] as const;
/** The fields of `?detail=True` and of a single setting from API 1.74, in Ironic's order. */
export const BIOS_DETAIL_FIELDS = ['name', 'value', 'attribute_type', 'allowable_values', 'lower_bound', 'max_length', 'min_length', 'read_only', 'reset_required', 'unique', 'upper_bound'] as const;
const KNOWN_FIELDS: ReadonlySet<string> = new Set([...BIOS_DETAIL_FIELDS, 'created_at', 'updated_at']);

/** The BIOS registry's fields came with 1.74, and with them the BIOS list's `detail` and `fields`. */
const BIOS_REGISTRY_FIELDS = 74;

/** The query of `GET /v1/nodes/{ident}/bios`. */
export const BIOS_LIST_PARAMETERS: readonly QueryParameter[] = [
  { name: 'detail', description: 'Each setting with its registry fields; not with `fields`.', schema: QUERY_VALUE.boolean, since: BIOS_REGISTRY_FIELDS },
  { name: 'fields', description: 'Comma-separated fields to show of each setting.', schema: QUERY_VALUE.list, since: BIOS_REGISTRY_FIELDS },
];

/** The first of `fields` that a BIOS setting does not have (Ironic answers it with a 500 naming it). */
export function unknownBiosField(fields: readonly string[]): string | undefined {
  return fields.find((field) => !KNOWN_FIELDS.has(field));
}

/**
 * One BIOS setting: `created_at` and `updated_at` (with microseconds) whatever `fields` asks,
 * then `fields` in the order asked, then links to `nodes/<linkIdent>/bios/<name>`.
 */
export function biosSettingView(setting: BiosSetting, fields: readonly string[], baseUrl: string, linkIdent: string): Record<string, unknown> {
  const view: Record<string, unknown> = { created_at: ironicTime(setting.created_at), updated_at: ironicTime(setting.updated_at) };
  const values = setting as unknown as Record<string, unknown>;
  for (const field of fields) {
    if (field === 'created_at' || field === 'updated_at') continue;
    // An empty list field reads back as [] from Ironic's database.
    view[field] = field === 'allowable_values' ? (setting.allowable_values ?? []) : (values[field] ?? null);
  }
  view.links = resourceLinks(baseUrl, `nodes/${linkIdent}/bios/${setting.name}`);
  return view;
}

/** A node's BIOS settings, by name (the order Ironic lists them in). */
export function sortedBios(settings: readonly BiosSetting[]): BiosSetting[] {
  return [...settings].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}
