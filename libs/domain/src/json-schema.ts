/**
 * The part of JSON Schema (draft 7) that Ironic's request schemas use, reporting problems the
 * way Python's `jsonschema` words and picks them: clients see Ironic's exact messages
 * (`'driver' is a required property`, `5 is not of type 'string', 'null'`, …).
 *
 * Keywords are checked in the order the schema object lists them, as `jsonschema` iterates a
 * schema; of several problems, `bestMatch` picks the one `jsonschema.exceptions.best_match` does.
 */
import { pythonPformat, pythonRepr } from './python.js';

export type Schema = { readonly [keyword: string]: unknown };

/** One problem, as `jsonschema.ValidationError` has it. */
export interface SchemaError {
  readonly message: string;
  /** Where in the instance, relative to the instance the enclosing keyword looked at. */
  readonly path: readonly (string | number)[];
  /** The keyword that failed (`type`, `required`, `anyOf`, …). */
  readonly keyword: string;
  /** Whether the instance has (one of) the types the failing (sub)schema declares. */
  readonly matchesType: boolean;
  /** For `anyOf`/`oneOf`: the problems of each alternative. */
  readonly context: readonly SchemaError[];
  /** Where in the schema, as `relative_schema_path`: keywords and steps down to the failing keyword. */
  readonly schemaPath: readonly (string | number)[];
  /** The (sub)schema holding the failing keyword, and the value it looked at (unset on a keyword's own problem until `schemaErrors` sets them). */
  readonly schema?: Schema;
  readonly instance?: unknown;
}

/** Every problem of `instance` under `schema`; `$ref`s resolve against `root`. */
export function schemaErrors(instance: unknown, schema: Schema | boolean, root: Schema = schema as Schema): SchemaError[] {
  if (schema === true) return [];
  if (schema === false) return [error(`False schema does not allow ${pythonRepr(instance)}`, 'false', false)];
  // Draft 7: a `$ref` replaces its siblings.
  const entries = '$ref' in schema ? [['$ref', schema.$ref] as const] : Object.entries(schema);
  const matchesType = typeMatches(instance, schema.type);
  const errors: SchemaError[] = [];
  for (const [keyword, value] of entries) {
    for (const found of KEYWORDS[keyword]?.(instance, value, schema, root) ?? []) {
      const own = found.schema === undefined;
      errors.push({
        ...found,
        keyword: found.keyword || keyword,
        matchesType: found.keyword ? found.matchesType : matchesType,
        // jsonschema leaves `$ref` out of the schema path.
        schemaPath: keyword === '$ref' ? found.schemaPath : [keyword, ...found.schemaPath],
        ...(own && { schema, instance }),
      });
    }
  }
  return errors;
}

/** `jsonschema.validate`: the best problem of `instance`, or `undefined` when it is valid. */
export function validationError(instance: unknown, schema: Schema): SchemaError | undefined {
  return bestMatch(schemaErrors(instance, schema));
}

/**
 * `best_match`: the most relevant problem (the shallowest, not an `anyOf`/`oneOf`, one whose
 * value has the right type; the first of equals). Into an `anyOf`/`oneOf` it then descends
 * towards the deepest alternative problem, unless the two least relevant ones tie.
 */
export function bestMatch(errors: readonly SchemaError[]): SchemaError | undefined {
  let best = maxBy(errors, relevance);
  while (best && best.context.length > 0) {
    const [first, second] = smallestTwo(best.context, relevance);
    if (second && compare(relevance(first!), relevance(second)) === 0) return best;
    best = first;
  }
  return best;
}

/** Ironic's words for why `instance` does not match `schema` (after `Schema error for <what>: `), or `undefined` when it does. */
export function schemaError(instance: unknown, schema: Schema): string | undefined {
  const found = validationError(instance, schema);
  return found && describeSchemaError(found);
}

/**
 * Ironic's check of a request part against its schema (`ironic.common.args.schema`): `Schema
 * error for <name>: …`, or `undefined` when it is valid (`null` is not checked, as in Ironic).
 */
export function schemaErrorFor(name: string, instance: unknown, schema: Schema): string | undefined {
  if (instance === null || instance === undefined) return undefined;
  const message = schemaError(instance, schema);
  return message === undefined ? undefined : `Schema error for ${name}: ${message}`;
}

/**
 * Ironic's report of a schema problem (`args.schema`): the message, and when the problem is
 * an `anyOf`/`oneOf`, the root cause found by descending through the best alternatives.
 */
export function describeSchemaError(found: SchemaError): string {
  let cause: string | undefined;
  let current = found;
  while (current.context.length > 0) {
    current = bestMatch(current.context)!;
    cause = current.message;
  }
  return cause === undefined ? found.message : `${found.message}. Possible root cause: ${cause}`;
}

/**
 * `str()` of a `jsonschema.ValidationError`, as Ironic quotes it where it reports the error
 * itself (`Invalid configdrive format: …`, `Invalid clean_steps: …`): the message, then the
 * failing part of the schema and of the instance, each pretty-printed as Python does.
 */
export function verboseSchemaError(found: SchemaError): string {
  const block = (value: unknown) => pythonPformat(value, 72).replaceAll('\n', '\n    ');
  return [
    found.message,
    '',
    `Failed validating ${pythonRepr(found.keyword)} in ${indexed('schema', found.schemaPath.slice(0, -1))}:`,
    `    ${block(found.schema)}`,
    '',
    `On ${indexed('instance', found.path)}:`,
    `    ${block(found.instance)}`,
  ].join('\n');
}

/** jsonschema's `format_as_index`: `schema[0]['properties']`. */
function indexed(container: string, steps: readonly (string | number)[]): string {
  return container + steps.map((step) => `[${pythonRepr(step)}]`).join('');
}

type Keyword = (instance: unknown, value: unknown, schema: Schema, root: Schema) => SchemaError[];

const KEYWORDS: Readonly<Record<string, Keyword>> = {
  type: (instance, types) => (typeMatches(instance, types) ? [] : [error(`${pythonRepr(instance)} is not of type ${listOf(types).map(pythonRepr).join(', ')}`)]),
  properties: (instance, properties, _schema, root) => {
    if (!isObject(instance)) return [];
    return Object.entries(properties as Record<string, Schema>).flatMap(([name, subschema]) =>
      Object.hasOwn(instance, name) ? schemaErrors(instance[name], subschema, root).map((found) => under(name, found, name)) : [],
    );
  },
  required: (instance, required) => (isObject(instance) ? (required as string[]).filter((name) => !Object.hasOwn(instance, name)).map((name) => error(`${pythonRepr(name)} is a required property`)) : []),
  additionalProperties: (instance, allowed, schema, root) => {
    if (!isObject(instance)) return [];
    const known = (schema.properties ?? {}) as Record<string, unknown>;
    const extras = Object.keys(instance).filter((name) => !Object.hasOwn(known, name)).sort();
    if (typeof allowed === 'object' && allowed !== null) return extras.flatMap((name) => schemaErrors(instance[name], allowed as Schema, root).map((found) => under(name, found)));
    if (allowed !== false || extras.length === 0) return [];
    return [error(`Additional properties are not allowed (${extras.map(pythonRepr).join(', ')} ${extras.length === 1 ? 'was' : 'were'} unexpected)`)];
  },
  items: (instance, items, _schema, root) => (Array.isArray(instance) ? instance.flatMap((item, index) => schemaErrors(item, items as Schema, root).map((found) => under(index, found))) : []),
  enum: (instance, values) => ((values as unknown[]).some((value) => sameJson(value, instance)) ? [] : [error(`${pythonRepr(instance)} is not one of ${pythonRepr(values)}`)]),
  pattern: (instance, pattern) => (typeof instance === 'string' && !pythonRegExp(pattern as string).test(instance) ? [error(`${pythonRepr(instance)} does not match ${pythonRepr(pattern)}`)] : []),
  minLength: (instance, min) => (typeof instance === 'string' && [...instance].length < (min as number) ? [error(`${pythonRepr(instance)} is too short`)] : []),
  maxLength: (instance, max) => (typeof instance === 'string' && [...instance].length > (max as number) ? [error(`${pythonRepr(instance)} is too long`)] : []),
  minItems: (instance, min) => (Array.isArray(instance) && instance.length < (min as number) ? [error(`${pythonRepr(instance)} is too short`)] : []),
  minimum: (instance, min, schema) => {
    if (!isNumber(instance)) return [];
    // Draft 4's boolean `exclusiveMinimum` (Ironic's RAID schema) makes the minimum itself too small.
    const exclusive = schema.exclusiveMinimum === true;
    if (exclusive ? instance > (min as number) : instance >= (min as number)) return [];
    return [error(`${pythonRepr(instance)} is ${exclusive ? 'less than or equal to' : 'less than'} the minimum of ${pythonRepr(min)}`)];
  },
  maximum: (instance, max) => (isNumber(instance) && instance > (max as number) ? [error(`${pythonRepr(instance)} is greater than the maximum of ${pythonRepr(max)}`)] : []),
  anyOf: (instance, alternatives, _schema, root) => {
    const context: SchemaError[] = [];
    for (const [index, alternative] of (alternatives as Schema[]).entries()) {
      const found = schemaErrors(instance, alternative, root);
      if (found.length === 0) return [];
      context.push(...found.map((each) => within(index, each)));
    }
    return [error(`${pythonRepr(instance)} is not valid under any of the given schemas`, '', false, context)];
  },
  oneOf: (instance, alternatives, _schema, root) => {
    const context: SchemaError[] = [];
    const valid = (alternatives as Schema[]).filter((alternative, index) => {
      const found = schemaErrors(instance, alternative, root);
      context.push(...found.map((each) => within(index, each)));
      return found.length === 0;
    });
    if (valid.length === 0) return [error(`${pythonRepr(instance)} is not valid under any of the given schemas`, '', false, context)];
    if (valid.length > 1) return [error(`${pythonRepr(instance)} is valid under each of ${valid.slice(1).concat(valid[0]!).map(pythonRepr).join(', ')}`)];
    return [];
  },
  dependencies: (instance, dependencies) => {
    if (!isObject(instance)) return [];
    return Object.entries(dependencies as Record<string, string[]>)
      .filter(([name]) => Object.hasOwn(instance, name))
      .flatMap(([name, needed]) => needed.filter((each) => !Object.hasOwn(instance, each)).map((each) => error(`${pythonRepr(each)} is a dependency of ${pythonRepr(name)}`)));
  },
  $ref: (instance, ref, _schema, root) => schemaErrors(instance, resolve(ref as string, root), root),
};

function error(message: string, keyword = '', matchesType = false, context: SchemaError[] = []): SchemaError {
  return { message, path: [], keyword, matchesType, context, schemaPath: [] };
}

/** A problem of a part of the instance (`schemaStep`: the step into the schema too, for `properties`). */
function under(step: string | number, found: SchemaError, schemaStep?: string): SchemaError {
  return { ...found, path: [step, ...found.path], schemaPath: schemaStep === undefined ? found.schemaPath : [schemaStep, ...found.schemaPath] };
}

/** A problem of the `index`th alternative of an `anyOf`/`oneOf`. */
function within(index: number, found: SchemaError): SchemaError {
  return { ...found, schemaPath: [index, ...found.schemaPath] };
}

/** A local reference such as `#/definitions/l2_link`. */
function resolve(ref: string, root: Schema): Schema {
  if (!ref.startsWith('#')) throw new TypeError(`Only local schema references are supported, not ${ref}`);
  let target: unknown = root;
  for (const token of ref.slice(1).split('/').filter(Boolean)) target = (target as Record<string, unknown>)[token.replace(/~1/g, '/').replace(/~0/g, '~')];
  if (typeof target !== 'object' || target === null) throw new TypeError(`Unresolvable schema reference ${ref}`);
  return target as Schema;
}

function typeMatches(instance: unknown, types: unknown): boolean {
  if (types === undefined) return false;
  return listOf(types).some((type) => {
    switch (type) {
      case 'null':
        return instance === null;
      case 'boolean':
        return typeof instance === 'boolean';
      case 'string':
        return typeof instance === 'string';
      case 'number':
        return isNumber(instance);
      case 'integer':
        return isNumber(instance) && Number.isInteger(instance);
      case 'array':
        return Array.isArray(instance);
      case 'object':
        return isObject(instance);
      default:
        return false;
    }
  });
}

/**
 * A pattern of Python's `re` as a JavaScript one: leading inline flags (`(?i)`) become flags, and
 * `\w` keeps Python's Unicode meaning (letters, digits and `_` of any script).
 */
function pythonRegExp(pattern: string): RegExp {
  const flags = /^\(\?([aiLmsux]+)\)/.exec(pattern);
  const body = (flags ? pattern.slice(flags[0].length) : pattern).replace(/\[([^\]]*)\]|\\w/g, (_match, inClass?: string) =>
    inClass === undefined ? '[\\p{L}\\p{N}_]' : `[${inClass.replace(/\\w/g, '\\p{L}\\p{N}_')}]`,
  );
  return new RegExp(body, `${[...(flags?.[1] ?? '')].filter((flag) => 'ims'.includes(flag)).join('')}u`);
}

/** Python's `best_match` key: shallower, not weak (`anyOf`/`oneOf`), of a mismatched type — larger is more relevant. */
function relevance(found: SchemaError): number[] {
  return [-found.path.length, WEAK.has(found.keyword) ? 0 : 1, found.matchesType ? 0 : 1];
}

const WEAK = new Set(['anyOf', 'oneOf']);

function compare(a: readonly number[], b: readonly number[]): number {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
  return 0;
}

/** Python's `max`: the first of the largest. */
function maxBy<T>(items: readonly T[], key: (item: T) => number[]): T | undefined {
  let best: T | undefined;
  for (const item of items) if (best === undefined || compare(key(item), key(best)) > 0) best = item;
  return best;
}

/** Python's `heapq.nsmallest(2, …)`: the two smallest, the earlier first among equals. */
function smallestTwo<T>(items: readonly T[], key: (item: T) => number[]): T[] {
  return items
    .map((item, index) => ({ item, index, rank: key(item) }))
    .sort((a, b) => compare(a.rank, b.rank) || a.index - b.index)
    .slice(0, 2)
    .map(({ item }) => item);
}

function listOf(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [value];
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isNumber(value: unknown): value is number {
  return typeof value === 'number';
}

function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
