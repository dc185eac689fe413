/**
 * Ironic's argument validators (`ironic.common.args`) with their exact refusals, for request
 * bodies and query parameters: UUIDs, names, MAC addresses, integers, booleans as strings.
 */
import { badRequest } from './errors.js';

/** The usual spellings of a UUID: 32 hex digits, dashed as usual or not at all. */
const PLAIN_UUID = /^[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}$/i;
const HEX_32 = /^[0-9a-f]{32}$/i;
const LOGICAL_NAME = /^[A-Za-z0-9\-._~]+$/;
/** Six colon-separated octets, either case (oslo.utils' `is_valid_mac`, without its tolerance for a trailing newline). */
const MAC = /^([0-9a-f]{2}:){5}[0-9a-f]{2}$/i;

/**
 * oslo's `is_uuid_like`, which Ironic's lookups and arguments use: what Python's `uuid.UUID`
 * reads, 32 hex digits once every `urn:` and `uuid:`, the braces at either end and every dash are
 * taken out (so `{…}` and `urn:uuid:…` are UUIDs to Ironic, and not names).
 */
export function isUuidLike(value: string): boolean {
  if (PLAIN_UUID.test(value)) return true; // the common case, without building strings
  return HEX_32.test(value.replaceAll('urn:', '').replaceAll('uuid:', '').replace(/^[{}]+|[{}]+$/g, '').replaceAll('-', ''));
}

/** RFC 3986 unreserved characters, 1 to 255 of them (Ironic's logical names). */
export const isLogicalName = (value: string): boolean => value.length <= 255 && LOGICAL_NAME.test(value);

export const isMac = (value: string): boolean => MAC.test(value);

/** `args.uuid`: 400 `Expected UUID for <name>: <value>`. */
export function uuidArg(name: string, value: string): string {
  if (!isUuidLike(value)) throw badRequest(`Expected UUID for ${name}: ${value}`);
  return value;
}

/** `args.uuid_or_name`: 400 `Expected UUID or name for <name>: <value>`. */
export function uuidOrNameArg(name: string, value: string): string {
  if (!isUuidLike(value) && !isLogicalName(value)) throw badRequest(`Expected UUID or name for ${name}: ${value}`);
  return value;
}

/** `args.mac_address`: the MAC in lower case, or 400 `Expected valid MAC address for <name>: <value>`. */
export function macArg(name: string, value: string): string {
  if (!isMac(value)) throw badRequest(`Expected valid MAC address for ${name}: ${value}`);
  return value.toLowerCase();
}

/** `args.integer`: 400 `Expected an integer for <name>: <value>`. */
export function integerArg(name: string, value: string): number {
  if (!/^\s*[+-]?\d+\s*$/.test(value)) throw badRequest(`Expected an integer for ${name}: ${value}`);
  return Number(value);
}

const TRUE = ['1', 't', 'true', 'on', 'y', 'yes'];
const FALSE = ['0', 'f', 'false', 'off', 'n', 'no'];

/** `args.boolean` (oslo's strict `bool_from_string`): `"True"`, `"off"`, … or a JSON boolean; 400 `Invalid <name>: Unrecognized value …` otherwise. */
export function booleanArg(name: string, value: string | boolean): boolean {
  if (typeof value === 'boolean') return value;
  const normalized = value.trim().toLowerCase();
  if (TRUE.includes(normalized)) return true;
  if (FALSE.includes(normalized)) return false;
  const acceptable = [...FALSE, ...TRUE].sort().map((v) => `'${v}'`).join(', ');
  throw badRequest(`Invalid ${name}: Unrecognized value '${value}', acceptable values are: ${acceptable}`);
}

/** A boolean as Python prints it (`True`/`False`), as Ironic's messages and links show them. */
export const pythonBool = (value: boolean): string => (value ? 'True' : 'False');

/** Ironic's words for a field its objects refuse as None: a 500 in Ironic, a 400 here. */
export const fieldCannotBeNone = (field: string) => badRequest(`Field \`${field}' cannot be None`);
