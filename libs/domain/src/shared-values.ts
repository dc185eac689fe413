/**
 * Values that many nodes hold alike, held once. Every service keeps the whole fleet in memory,
 * folded from events parsed afresh from JSON: without this, each node would keep its own copy of
 * every interface name, state and BIOS attribute name, and an object or array of its own for
 * every empty field. Each function returns a value equal to the one it is given (the empties are
 * frozen, so that no holder can change them for the others), so folding stays a function of the
 * events alone.
 */
import { HARDWARE_TYPES } from './hardware-types.js';
import { type JsonObject } from './node.js';
import { POWER_STATES, POWER_TARGETS, PROVISION_STATES } from './states.js';

/**
 * Frozen empty objects and lists, one per field name: every node's empty `extra` is the same
 * object, but a node's empty `extra` and empty `instance_info` are not, so that a structured
 * clone of a node (which keeps members that are one object one object) can change one field
 * without the other.
 */
const EMPTY_OBJECTS = new Map<string, JsonObject>();
const EMPTY_LISTS = new Map<string, readonly never[]>();
const EMPTY_FIELDS_LIMIT = 1024;

/** The shared empty object of `field` (`driver_info`, `extra`, `item.internal_info`, …). */
export function emptyObject(field: string): JsonObject {
  let empty = EMPTY_OBJECTS.get(field);
  if (empty === undefined) {
    empty = Object.freeze({}) as JsonObject;
    if (EMPTY_OBJECTS.size < EMPTY_FIELDS_LIMIT) EMPTY_OBJECTS.set(field, empty);
  }
  return empty;
}

/** The shared empty list of `field` (`ports`, `traits`, …). */
export function emptyList(field: string): readonly never[] {
  let empty = EMPTY_LISTS.get(field);
  if (empty === undefined) {
    empty = Object.freeze([]);
    if (EMPTY_LISTS.size < EMPTY_FIELDS_LIMIT) EMPTY_LISTS.set(field, empty);
  }
  return empty;
}

/** The domain's own words: states, hardware types and their interfaces' implementations. */
const VOCABULARY = new Map<string, string>(
  [
    ...PROVISION_STATES,
    ...POWER_STATES,
    ...POWER_TARGETS,
    ...Object.keys(HARDWARE_TYPES),
    ...Object.values(HARDWARE_TYPES).flatMap((support) => Object.values(support).flat()),
  ].map((word) => [word, word]),
);

/** `value`, as the domain's own string when it is one of its words (a state, a driver, an interface's implementation). */
export function known<T extends string | null>(value: T): T {
  return value === null ? value : ((VOCABULARY.get(value) as T | undefined) ?? value);
}

/**
 * Strings of open vocabularies that a fleet repeats (BIOS attribute names and types and their
 * allowed values): each is kept once. The table is bounded, so that values that do not repeat
 * cannot grow it without end; past the bound, strings are kept as they come.
 */
const SEEN = new Map<string, string>();
const SEEN_LIMIT = 65_536;
const LONGEST = 128;

export function shared(value: string): string {
  const found = SEEN.get(value);
  if (found !== undefined) return found;
  if (SEEN.size < SEEN_LIMIT && value.length <= LONGEST) SEEN.set(value, value);
  return value;
}

/** Lists of strings held once per distinct content (a BIOS attribute's allowed values), frozen; a fleet has a few registries' worth. */
const SEEN_LISTS = new Map<string, readonly string[]>();
const SEEN_LISTS_LIMIT = 4096;

export function sharedList(values: readonly string[]): readonly string[] {
  if (values.length === 0) return emptyList('allowable_values');
  const key = values.join('\u0000');
  const found = SEEN_LISTS.get(key);
  if (found !== undefined) return found;
  const list = Object.freeze(values.map(shared));
  if (SEEN_LISTS.size < SEEN_LISTS_LIMIT && key.length <= LONGEST * 8) SEEN_LISTS.set(key, list);
  return list;
}

/** `value`, or the shared empty object or list of `field` when it is an empty (plain) one. */
export function sharedIfEmpty<T>(value: T, field: string): T {
  if (Array.isArray(value)) return (value.length === 0 ? emptyList(field) : value) as T;
  if (value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    for (const _ in value) return value;
    return emptyObject(field) as T;
  }
  return value;
}
