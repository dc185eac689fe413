/**
 * Drivers (hardware types) and conductors as Ironic's API shows them, from the conductors'
 * heartbeats: which hardware types live conductors serve, in which group, since when.
 */
import { type Member } from '@ironledger/bus';
import { HARDWARE_INTERFACES, HARDWARE_TYPES, type HardwareInterface } from '@ironledger/domain';
import { parseBoolean, type RawQuery } from '../http/collection-query.js';
import { ApiError, badRequest, notAcceptable } from '../http/errors.js';
import { listParameters } from '../http/list-query.js';
import { type Microversion, Versions } from '../http/microversion.js';
import { ironicTime, resourceLinks } from '../http/views.js';
import { QUERY_VALUE, type QueryParameter } from '../openapi/operation-docs.js';

/** The version each interface's default and enabled lists appear in the detailed driver view. */
export const INTERFACE_MIN_VERSION: Partial<Record<HardwareInterface, number>> = { storage: 33, rescue: 38, bios: 40 };

/** Keys of the driver list's entries: what `fields` may name there. */
const DRIVER_LIST_FIELDS = ['name', 'hosts', 'links', 'properties', 'type'];

/** Hardware types served by live conductors, each with its conductors' hostnames, sorted by name. */
export function servedHardwareTypes(members: readonly Member[]): Map<string, string[]> {
  const served = new Map<string, string[]>();
  for (const member of members.filter((m) => m.alive)) {
    for (const driver of member.drivers) served.set(driver, [...(served.get(driver) ?? []), member.id]);
  }
  return new Map([...served].sort(([a], [b]) => (a < b ? -1 : 1)).map(([driver, hosts]) => [driver, hosts.sort()]));
}

/** A driver as `GET /v1/drivers` shows it (`detail`: with its interfaces, as `GET /v1/drivers/{name}`). */
export function driverView(name: string, hosts: readonly string[], baseUrl: string, version: Microversion, detail: boolean): Record<string, unknown> {
  const view: Record<string, unknown> = { name, hosts, links: resourceLinks(baseUrl, `drivers/${name}`) };
  if (version.atLeast(Versions.STATES_LINKS)) view.properties = resourceLinks(baseUrl, `drivers/${name}/properties`);
  if (!version.atLeast(Versions.DYNAMIC_DRIVERS)) return view;
  view.type = 'dynamic';
  const support = HARDWARE_TYPES[name];
  if (!detail) return view;
  for (const iface of HARDWARE_INTERFACES) {
    if (!version.atLeast(INTERFACE_MIN_VERSION[iface] ?? 1)) continue;
    view[`default_${iface}_interface`] = support?.[iface][0] ?? null;
    view[`enabled_${iface}_interfaces`] = support?.[iface] ?? [];
  }
  return view;
}

/** `view` cut down to `fields` (and `links`), in the view's order. */
export function withFields(view: Record<string, unknown>, fields: readonly string[] | undefined): Record<string, unknown> {
  if (!fields) return view;
  return Object.fromEntries(Object.entries(view).filter(([key]) => key === 'links' || fields.includes(key)));
}

export interface DriverListQuery {
  readonly type?: string;
  readonly detail: boolean;
  readonly fields?: readonly string[];
}

const DRIVER_FIELDS_PARAMETER: QueryParameter = { name: 'fields', description: 'Comma-separated fields to show (and `links`).', schema: QUERY_VALUE.list, since: Versions.DRIVER_FIELDS_PARAM };

/** The query of `GET /v1/drivers`. */
export const DRIVER_LIST_PARAMETERS: readonly QueryParameter[] = [
  { name: 'type', description: 'Only `dynamic` drivers (hardware types, all there are) or only `classic` ones (none).', schema: { type: 'string', enum: ['classic', 'dynamic'] }, since: Versions.DYNAMIC_DRIVERS },
  { name: 'detail', description: 'Each driver with its interfaces; not with `fields`.', schema: QUERY_VALUE.boolean, since: Versions.DYNAMIC_DRIVERS },
  DRIVER_FIELDS_PARAMETER,
];

/** The query of `GET /v1/drivers/{name}`. */
export const DRIVER_PARAMETERS: readonly QueryParameter[] = [DRIVER_FIELDS_PARAMETER];

/** Checks `GET /v1/drivers`'s query as Ironic does. */
export function parseDriverListQuery(raw: RawQuery, version: Microversion): DriverListQuery {
  unexpectedArguments(raw, DRIVER_LIST_PARAMETERS.map(({ name }) => name));
  const type = single(raw.type);
  const detailText = single(raw.detail);
  const detail = detailText === undefined ? undefined : parseBoolean('detail', detailText);
  const fields = fieldList(raw.fields);
  if (fields && detail) throw badRequest('Can not specify ?detail=True and fields in the same request.');
  const needsDynamic = () => new ApiError(406, `Request not acceptable. The minimal required API version should be 1.${Versions.DYNAMIC_DRIVERS}`);
  if (detail !== undefined && !version.atLeast(Versions.DYNAMIC_DRIVERS)) throw needsDynamic();
  if (type !== undefined && !version.atLeast(Versions.DYNAMIC_DRIVERS)) throw needsDynamic();
  if (fields) checkFields(fields, version, DRIVER_LIST_FIELDS);
  if (type !== undefined && type !== 'classic' && type !== 'dynamic') throw badRequest('"type" filter must be one of "classic" or "dynamic", if specified.');
  return { ...(type !== undefined && { type }), detail: detail ?? false, ...(fields && { fields }) };
}

/** Checks `GET /v1/drivers/{name}`'s query: `fields` may name any key of the detailed view. */
export function parseDriverQuery(raw: RawQuery, version: Microversion): readonly string[] | undefined {
  unexpectedArguments(raw, DRIVER_PARAMETERS.map(({ name }) => name));
  const fields = fieldList(raw.fields);
  if (fields) checkFields(fields, version, [...DRIVER_LIST_FIELDS, ...HARDWARE_INTERFACES.flatMap((iface) => [`default_${iface}_interface`, `enabled_${iface}_interfaces`])]);
  return fields;
}

function checkFields(fields: readonly string[], version: Microversion, valid: readonly string[]): void {
  if (!version.atLeast(Versions.DRIVER_FIELDS_PARAM)) throw notAcceptable();
  const invalid = fields.filter((field) => !valid.includes(field));
  if (invalid.length > 0) throw badRequest(`Field(s) "${invalid.join(', ')}" are not valid`);
}

/** A conductor as `GET /v1/conductors` shows it (`detail`: with its hardware types and times, as `GET /v1/conductors/{hostname}`). */
export function conductorView(member: Member, baseUrl: string, detail: boolean): Record<string, unknown> {
  const links = resourceLinks(baseUrl, `conductors/${member.id}`);
  if (!detail) return { hostname: member.id, conductor_group: member.group, links, alive: member.alive };
  return {
    created_at: ironicTime(new Date(member.firstSeen).toISOString()),
    updated_at: ironicTime(new Date(member.lastSeen).toISOString()),
    hostname: member.id,
    conductor_group: member.group,
    drivers: member.drivers,
    links,
    alive: member.alive,
  };
}

const CONDUCTOR_FIELDS = ['hostname', 'conductor_group', 'alive', 'drivers', 'created_at', 'updated_at'];
/** Columns conductors may be sorted by; `id` is the order they were first heard from. */
const CONDUCTOR_SORT_KEYS = new Set(['id', 'hostname', 'conductor_group', 'created_at', 'updated_at']);

export interface ConductorListQuery {
  readonly detail: boolean;
  readonly fields?: readonly string[];
  readonly limit: number;
  readonly marker?: string;
  readonly sortKey: string;
  readonly sortDir: 'asc' | 'desc';
}

/** The query of `GET /v1/conductors` (a resource of 1.49): the usual list parameters, the marker a hostname. */
export const CONDUCTOR_LIST_PARAMETERS: readonly QueryParameter[] = listParameters(false).map((parameter) => ({
  ...parameter,
  since: undefined,
  ...(parameter.name === 'marker' && { description: 'The hostname of the last conductor of the previous page: where this page starts.', schema: QUERY_VALUE.string }),
}));

/** The query of `GET /v1/conductors/{hostname}`. */
export const CONDUCTOR_PARAMETERS: readonly QueryParameter[] = [{ name: 'fields', description: 'Comma-separated fields to show (and `links`).', schema: QUERY_VALUE.list }];

/** Checks `GET /v1/conductors`'s query as Ironic does. */
export function parseConductorListQuery(raw: RawQuery): ConductorListQuery {
  unexpectedArguments(raw, CONDUCTOR_LIST_PARAMETERS.map(({ name }) => name));
  const limitText = single(raw.limit);
  if (limitText !== undefined && !/^\s*[+-]?\d+\s*$/.test(limitText)) throw badRequest(`Expected an integer for limit: ${limitText}`);
  const fields = fieldList(raw.fields);
  const detailText = single(raw.detail);
  const detail = detailText === undefined ? undefined : parseBoolean('detail', detailText);
  if (fields) {
    const invalid = fields.filter((field) => !CONDUCTOR_FIELDS.includes(field));
    if (invalid.length > 0) throw badRequest(`Field(s) "${invalid.join(', ')}" are not valid`);
  }
  if (fields && detail) throw badRequest('Can not specify ?detail=True and fields in the same request.');
  const limit = limitText === undefined ? 1000 : Number(limitText);
  if (limit <= 0) throw badRequest('Limit must be positive');
  const sortDir = single(raw.sort_dir) ?? 'asc';
  if (sortDir !== 'asc' && sortDir !== 'desc') throw badRequest(`Invalid sort direction: ${sortDir}. Acceptable values are 'asc' or 'desc'`);
  const sortKey = single(raw.sort_key) ?? 'id';
  if (sortKey === 'alive' || sortKey === 'drivers') throw badRequest(`The sort_key value ${sortKey} is an invalid field for sorting`);
  if (!CONDUCTOR_SORT_KEYS.has(sortKey)) throw badRequest(`The sort_key value "${sortKey}" is an invalid field for sorting`);
  const marker = single(raw.marker);
  return { detail: detail ?? false, ...(fields && { fields }), limit: Math.min(limit, 1000), ...(marker !== undefined && { marker }), sortKey, sortDir };
}

/** One page of `members` as the query asks, with Ironic's `next` link when the page is full. */
export function conductorList(members: readonly Member[], query: ConductorListQuery, baseUrl: string) {
  const firstSeen = new Map(members.map((member) => [member.id, member.firstSeen]));
  const value = (member: Member): string | number => {
    switch (query.sortKey) {
      case 'hostname':
        return member.id;
      case 'conductor_group':
        return member.group;
      case 'updated_at':
        return member.lastSeen;
      default:
        return firstSeen.get(member.id)!;
    }
  };
  const sign = query.sortDir === 'asc' ? 1 : -1;
  const sorted = [...members].sort((a, b) => (value(a) < value(b) ? -sign : value(a) > value(b) ? sign : 0));
  let start = 0;
  if (query.marker !== undefined) {
    const index = sorted.findIndex((member) => member.id === query.marker);
    if (index < 0) throw new ApiError(404, `Conductor ${query.marker} could not be found.`);
    start = index + 1;
  }
  const page = sorted.slice(start, start + query.limit);
  const body: { conductors: Record<string, unknown>[]; next?: string } = {
    conductors: page.map((member) => withFields(conductorView(member, baseUrl, query.detail), query.fields)),
  };
  if (page.length > 0 && page.length === query.limit) {
    const fields = query.fields ?? (query.detail ? undefined : ['hostname', 'conductor_group', 'alive']);
    const args = [`sort_key=${query.sortKey}`, `sort_dir=${query.sortDir}`, ...(fields ? [`fields=${fields.join(',')}`] : []), `limit=${query.limit}`, `marker=${page.at(-1)!.id}`];
    body.next = `${baseUrl}/v1/conductors?${args.join('&')}`;
  }
  return body;
}

/** Checks `GET /v1/conductors/{hostname}`'s query. */
export function parseConductorQuery(raw: RawQuery): readonly string[] | undefined {
  unexpectedArguments(raw, CONDUCTOR_PARAMETERS.map(({ name }) => name));
  const fields = fieldList(raw.fields);
  const invalid = fields?.filter((field) => !CONDUCTOR_FIELDS.includes(field)) ?? [];
  if (invalid.length > 0) throw badRequest(`Field(s) "${invalid.join(', ')}" are not valid`);
  return fields;
}

function unexpectedArguments(raw: RawQuery, known: readonly string[]): void {
  const unexpected = Object.keys(raw).filter((name) => !known.includes(name));
  if (unexpected.length > 0) throw badRequest(`Unexpected arguments: ${unexpected.join(', ')}`);
}

/** A comma-separated list, trimmed, lower-cased, each once (Ironic's `string_list`). */
function fieldList(value: unknown): string[] | undefined {
  const text = single(value);
  return text === undefined ? undefined : [...new Set(text.split(',').map((field) => field.trim().toLowerCase()).filter(Boolean))];
}

function single(value: unknown): string | undefined {
  const last = Array.isArray(value) ? value.at(-1) : value;
  return typeof last === 'string' ? last : undefined;
}
