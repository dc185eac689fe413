/**
 * Query parameters as Ironic's newer controllers read them (`ironic.common.args`): arguments a
 * resource does not take are refused, and each value is checked with Ironic's words for it.
 */
import { pythonRepr } from '@ironledger/domain';
import { badRequest } from './errors.js';
import { isLogicalName, isUuidLike } from './ironic-args.js';
import { type RawQuery } from './collection-query.js';

const TRUE = ['1', 't', 'true', 'on', 'y', 'yes'];
const FALSE = ['0', 'f', 'false', 'off', 'n', 'no'];

/** Refuses parameters other than `allowed` (Ironic: `Unexpected arguments: a, b`). */
export function checkArguments(raw: RawQuery, allowed: readonly string[]): void {
  const unexpected = Object.keys(raw).filter((name) => !allowed.includes(name)).sort();
  if (unexpected.length > 0) throw badRequest(`Unexpected arguments: ${unexpected.join(', ')}`);
}

/** Reads the arguments of one request, each checked as Ironic's validator of its kind checks it. */
export function queryArgs(raw: RawQuery) {
  /** The value as a string; a repeated parameter is a list, which Ironic refuses. */
  const value = (name: string, expected: string): string | undefined => {
    const given = raw[name];
    if (given === undefined) return undefined;
    if (typeof given !== 'string') throw badRequest(`${expected} for ${name}: ${pythonRepr(given)}`);
    return given;
  };
  return {
    string: (name: string) => value(name, 'Expected string'),
    uuid(name: string): string | undefined {
      const text = value(name, 'Expected UUID');
      if (text !== undefined && !isUuidLike(text)) throw badRequest(`Expected UUID for ${name}: ${text}`);
      return text;
    },
    uuidOrName(name: string): string | undefined {
      const text = value(name, 'Expected UUID or name');
      if (text !== undefined && !isUuidLike(text) && !isLogicalName(text)) throw badRequest(`Expected UUID or name for ${name}: ${text}`);
      return text;
    },
    integer(name: string): number | undefined {
      const text = value(name, 'Expected an integer');
      if (text === undefined) return undefined;
      if (!/^\s*[+-]?\d+\s*$/.test(text)) throw badRequest(`Expected an integer for ${name}: ${text}`);
      return Number(text);
    },
    boolean(name: string): boolean | undefined {
      const text = value(name, 'Expected string');
      if (text === undefined) return undefined;
      const normalized = text.trim().toLowerCase();
      if (TRUE.includes(normalized)) return true;
      if (FALSE.includes(normalized)) return false;
      const acceptable = [...FALSE, ...TRUE].sort().map((v) => `'${v}'`).join(', ');
      throw badRequest(`Invalid ${name}: Unrecognized value '${text}', acceptable values are: ${acceptable}`);
    },
    /** Comma-separated values, each stripped and lower-cased; empty ones and repeats dropped. */
    stringList(name: string): string[] | undefined {
      const text = value(name, 'Expected string');
      if (text === undefined) return undefined;
      return [...new Set(text.split(',').map((item) => item.trim().toLowerCase()).filter(Boolean))];
    },
  };
}

/** `limit`: positive, at most `max`, `max` when absent. */
export function checkLimit(limit: number | undefined, max: number): number {
  if (limit === undefined) return max;
  if (limit <= 0) throw badRequest('Limit must be positive');
  return Math.min(limit, max);
}

/** `sort_dir`. */
export function checkSortDir(sortDir: string | undefined): 'asc' | 'desc' {
  const dir = sortDir ?? 'asc';
  if (dir !== 'asc' && dir !== 'desc') throw badRequest(`Invalid sort direction: ${dir}. Acceptable values are 'asc' or 'desc'`);
  return dir;
}

/** `sort_key`: a column of the resource, and not one of those Ironic refuses to sort by. */
export function checkSortKey(sortKey: string | undefined, columns: readonly string[], unsortable: readonly string[]): string {
  const key = sortKey ?? 'id';
  if (unsortable.includes(key)) throw badRequest(`The sort_key value ${key} is an invalid field for sorting`);
  if (!columns.includes(key)) throw badRequest(`The sort_key value "${key}" is an invalid field for sorting`);
  return key;
}
