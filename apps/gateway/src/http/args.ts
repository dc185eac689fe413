/**
 * Ironic's argument layer (`ironic.common.args`), which checks the arguments of the endpoints
 * that do not use a JSON schema (management, states, BIOS): body members and query parameters
 * alike, each converted by its kind, in the order the endpoint declares them.
 */
import { pythonStr } from '@ironledger/domain';
import { badRequest } from './errors.js';
import { isLogicalName } from './ironic-args.js';

/**
 * - `string`: a string, or JSON `null` (given, without a value);
 * - `boolean`: a JSON boolean, or one of Ironic's words for one (`'on'`, `'no'`, …);
 * - `name`: a string of RFC 3986 unreserved characters (Ironic's logical names);
 * - `string_list`: a comma-separated string, lower-cased, without repeats;
 * - `integer`: what Python's `int()` takes (a number, truncated; a boolean; digits in a string);
 * - `list`, `dict_or_string`: a JSON array, or an object or a string (`args.types`);
 * - `any`: taken as it is.
 */
export type ArgKind = 'string' | 'boolean' | 'name' | 'string_list' | 'integer' | 'list' | 'dict_or_string' | 'any';

/** An endpoint's arguments, in the order it declares them; `required` ones have no default. */
export type ArgSpec = Readonly<Record<string, { readonly kind: ArgKind; readonly required?: boolean }>>;

/** oslo's `bool_from_string(strict=True)` words. */
const TRUE_WORDS = ['1', 't', 'true', 'on', 'y', 'yes'];
const FALSE_WORDS = ['0', 'f', 'false', 'off', 'n', 'no'];
const ACCEPTABLE = [...TRUE_WORDS, ...FALSE_WORDS].sort().map((word) => `'${word}'`).join(', ');

/**
 * Checks `given` (a request body or query; anything but a JSON object counts as no arguments,
 * as Ironic ignores a body it cannot read) against `spec`: unknown arguments first, then each
 * declared one in order, missing or malformed. Returns the converted values of those given.
 */
export function checkArgs(given: unknown, spec: ArgSpec): Record<string, unknown> {
  const values = typeof given === 'object' && given !== null && !Array.isArray(given) ? (given as Record<string, unknown>) : {};
  const unexpected = Object.keys(values).filter((name) => !Object.hasOwn(spec, name)).sort();
  if (unexpected.length > 0) throw badRequest(`Unexpected arguments: ${unexpected.join(', ')}`);
  const converted: Record<string, unknown> = {};
  for (const [name, { kind, required }] of Object.entries(spec)) {
    if (!Object.hasOwn(values, name)) {
      if (required) throw badRequest(`Missing mandatory parameter: ${name}`);
      continue;
    }
    converted[name] = convert(name, kind, values[name]);
  }
  return converted;
}

function convert(name: string, kind: ArgKind, value: unknown): unknown {
  if (value === null || kind === 'any') return value;
  switch (kind) {
    case 'string':
      if (typeof value !== 'string') throw badRequest(`Expected string for ${name}: ${pythonStr(value)}`);
      return value;
    case 'name':
      if (typeof value !== 'string' || !isLogicalName(value)) throw badRequest(`Expected name for ${name}: ${pythonStr(value)}`);
      return value;
    case 'boolean':
      return booleanArg(name, value);
    case 'string_list': {
      if (typeof value !== 'string') throw badRequest(`Expected string for ${name}: ${pythonStr(value)}`);
      return [...new Set(value.split(',').map((item) => item.trim().toLowerCase()).filter(Boolean))];
    }
    case 'integer':
      return pythonInt(name, value);
    case 'list':
      if (!Array.isArray(value)) throw badRequest(`Expected types <class 'NoneType'>, <class 'list'> for ${name}: ${pythonStr(value)}`);
      return value;
    case 'dict_or_string':
      if (typeof value !== 'string' && (typeof value !== 'object' || Array.isArray(value))) {
        throw badRequest(`Expected types <class 'NoneType'>, <class 'dict'>, <class 'str'> for ${name}: ${pythonStr(value)}`);
      }
      return value;
    default: {
      const unreachable: never = kind;
      throw new TypeError(`unknown argument kind ${String(unreachable)}`);
    }
  }
}

/** Python's `int()` of a JSON value: numbers truncated, booleans as 0 and 1, base-10 digits (`_` between them) in a string. */
function pythonInt(name: string, value: unknown): number {
  if (typeof value === 'number') return Math.trunc(value);
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value === 'string' && /^\s*[+-]?\d+(_\d+)*\s*$/.test(value)) return Number(value.replaceAll('_', ''));
  throw badRequest(`Expected an integer for ${name}: ${pythonStr(value)}`);
}

function booleanArg(name: string, value: unknown): boolean {
  if (typeof value === 'boolean') return value;
  const word = String(value).trim().toLowerCase();
  if (TRUE_WORDS.includes(word)) return true;
  if (FALSE_WORDS.includes(word)) return false;
  throw badRequest(`Invalid ${name}: Unrecognized value '${pythonStr(value)}', acceptable values are: ${ACCEPTABLE}`);
}
