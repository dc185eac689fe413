/**
 * `PATCH` bodies as Ironic takes them, for every resource: the body checked against Ironic's
 * patch schema (`add`, `replace` and `remove` only, paths of word characters), the first path
 * segment among the resource's patchable fields, then the operations applied one by one with
 * python-jsonpatch's refusals (`Couldn't apply patch '{…}'. Reason: …`).
 *
 * `test`, `move` and `copy` are refused as Ironic refuses them: `move` and `copy` would carry a
 * BMC password out of `driver_info` into a field nobody masks, and `test` would let anyone guess
 * a password one request at a time. Unlike Ironic, a refusal never shows a secret: neither the
 * value of a secret-looking path nor the members of the document it could not find its way in.
 */
import { type Json, type JsonObject, pythonRepr, type Schema, schemaErrorFor } from '@ironledger/domain';
import { isSecretKey, maskEverywhere, REDACTED } from '@ironledger/lifecycle-events';
import { badRequest } from './errors.js';

export type PatchOperation = { readonly op: 'add' | 'replace'; readonly path: string; readonly value?: Json } | { readonly op: 'remove'; readonly path: string };

export const PATCH_SCHEMA: Schema = {
  type: 'array',
  items: {
    type: 'object',
    properties: { path: { type: 'string', pattern: '^(/[\\w-]+)+$' }, op: { type: 'string', enum: ['add', 'replace', 'remove'] }, value: {} },
    additionalProperties: false,
    required: ['op', 'path'],
  },
};

/**
 * The operations of a patch body (400 with Ironic's schema error otherwise; an empty list changes
 * nothing); `patchable`: the fields it may touch, in the order of Ironic's refusal.
 */
export function parsePatch(body: unknown, patchable?: readonly string[]): PatchOperation[] {
  // A request without a body reaches Ironic's check as `{}`.
  const error = schemaErrorFor('patch', body ?? {}, PATCH_SCHEMA);
  if (error) throw badRequest(error);
  const operations = body as PatchOperation[];
  for (const { path } of patchable ? operations : []) {
    if (!patchable!.includes(pointerTokens(path)[0]!)) throw badRequest(`Cannot patch ${path}. Only the following can be updated: ${patchable!.join(', ')}`);
  }
  return operations;
}

/** The segments of a patch path (`/extra/a` → `['extra', 'a']`); the schema admits no escapes. */
export function pointerTokens(path: string): string[] {
  return path.slice(1).split('/');
}

/** The values the operations give `path` (`add`/`replace`, not `remove`), in order. */
export const patchValues = (operations: readonly PatchOperation[], path: string): Json[] =>
  operations.flatMap((operation) => (operation.op !== 'remove' && operation.path === path ? [operation.value as Json] : []));

/** Whether an operation touches `path` or something under it. */
export const touches = (operations: readonly PatchOperation[], path: string): boolean =>
  operations.some((operation) => operation.path === path || operation.path.startsWith(`${path}/`));

/** `document` with the operations applied one by one; the input is not modified. */
export function applyPatch(document: JsonObject, operations: readonly PatchOperation[]): JsonObject {
  let result = structuredClone(document);
  for (const operation of operations) {
    try {
      result = applyOne(result, operation) as JsonObject;
    } catch (error) {
      if (!(error instanceof PatchRefusal)) throw error;
      const secret = pointerTokens(operation.path).some(isSecretKey);
      const shown = secret && 'value' in operation ? { ...operation, value: REDACTED } : maskEverywhere(operation as unknown as Json);
      throw badRequest(`Couldn't apply patch '${pythonRepr(shown)}'. Reason: ${error.message}`);
    }
  }
  return result;
}

/** Why python-jsonpatch refuses an operation, in its words. */
class PatchRefusal extends Error {}

function applyOne(document: Json, operation: PatchOperation): Json {
  if (operation.op !== 'remove' && !Object.hasOwn(operation, 'value')) throw new PatchRefusal("The operation does not contain a 'value' member");
  const tokens = pointerTokens(operation.path);
  const key = tokens.at(-1)!;
  const parent = walk(document, tokens.slice(0, -1), key);
  if (Array.isArray(parent)) {
    if (key === '-') {
      if (operation.op !== 'add') throw new PatchRefusal(`'path' with '-' can't be applied to '${operation.op}' operation`);
      parent.push(structuredClone(operation.value as Json));
      return document;
    }
    const index = sequenceIndex(key);
    if (operation.op === 'add') {
      if (index > parent.length) throw new PatchRefusal("can't insert outside of list");
      parent.splice(index, 0, structuredClone(operation.value as Json));
    } else if (operation.op === 'replace') {
      if (index >= parent.length) throw new PatchRefusal("can't replace outside of list");
      parent[index] = structuredClone(operation.value as Json);
    } else {
      if (index >= parent.length) throw new PatchRefusal(`can't remove a non-existent object '${key}'`);
      parent.splice(index, 1);
    }
    return document;
  }
  if (operation.op === 'remove') {
    if (!Object.hasOwn(parent, key)) throw new PatchRefusal(`can't remove a non-existent object '${key}'`);
    delete parent[key];
  } else {
    if (operation.op === 'replace' && !Object.hasOwn(parent, key)) throw new PatchRefusal(`can't replace a non-existent object '${key}'`);
    // Defined rather than assigned, so that a key such as `__proto__` stays an ordinary member.
    Object.defineProperty(parent, key, { value: structuredClone(operation.value as Json), enumerable: true, writable: true, configurable: true });
  }
  return document;
}

/** The container at `tokens` (an object or a list), as python-jsonpointer finds it on the way to `key`. */
function walk(document: Json, tokens: readonly string[], key: string): JsonObject | Json[] {
  let node = document;
  for (const token of tokens) {
    const current = container(node, token);
    if (Array.isArray(current)) {
      const index = sequenceIndex(token);
      if (index >= current.length) throw new PatchRefusal(`index '${token}' is out of bounds`);
      node = current[index]!;
    } else {
      // Ironic shows the whole member here; masked, so that a miss under `driver_info` shows no password.
      if (!Object.hasOwn(current, token)) throw new PatchRefusal(`member '${token}' not found in ${pythonRepr(maskEverywhere(current))}`);
      node = current[token]!;
    }
  }
  return container(node, key);
}

/** `node` as an object or list to look `token` up in; python-jsonpointer's refusal for anything else. */
function container(node: Json, token: string): JsonObject | Json[] {
  if (typeof node === 'object' && node !== null) return node;
  if (typeof node === 'string') throw new PatchRefusal(`'${token}' is not a valid sequence index`);
  throw new PatchRefusal(`Document '<class '${pythonClass(node)}'>' does not support indexing, must be mapping/sequence or support __getitem__`);
}

function sequenceIndex(token: string): number {
  if (!/^\d+$/.test(token)) throw new PatchRefusal(`'${token}' is not a valid sequence index`);
  return Number(token);
}

function pythonClass(value: Json): string {
  if (value === null) return 'NoneType';
  if (typeof value === 'boolean') return 'bool';
  return Number.isInteger(value) ? 'int' : 'float';
}

/** Whether two JSON values are equal, whatever the order of their members. */
export function deepEqual(a: Json | undefined, b: Json | undefined): boolean {
  return JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));
}

function canonical(value: Json | undefined): Json | undefined {
  if (Array.isArray(value)) return value.map((item) => canonical(item) ?? null);
  if (value !== null && typeof value === 'object') return Object.fromEntries(Object.keys(value).sort().map((key) => [key, canonical(value[key]) ?? null]));
  return value;
}
