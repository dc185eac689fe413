/**
 * RFC 6902 JSON Patch over plain JSON documents: parsing a patch body, and applying it without
 * touching the input. Errors name the failing operation the way Ironic's `PatchError` does.
 */
import { type Json, type JsonObject } from '@ironledger/domain';
import { badRequest } from './errors.js';

export type PatchOperation =
  | { readonly op: 'add' | 'replace' | 'test'; readonly path: string; readonly value: Json }
  | { readonly op: 'remove'; readonly path: string }
  | { readonly op: 'move' | 'copy'; readonly path: string; readonly from: string };

const OPS = new Set(['add', 'replace', 'test', 'remove', 'move', 'copy']);

/** Checks a request body is a list of well-formed patch operations (400 otherwise). */
export function parsePatch(body: unknown): PatchOperation[] {
  if (!Array.isArray(body) || body.length === 0) throw badRequest('The patch must be a non-empty list of JSON Patch operations (RFC 6902).');
  return body.map((operation: unknown) => {
    if (typeof operation !== 'object' || operation === null || Array.isArray(operation)) throw badRequest(`Invalid patch operation: ${JSON.stringify(operation)}`);
    const { op, path, from } = operation as Record<string, unknown>;
    const shown = JSON.stringify(operation);
    if (typeof op !== 'string' || !OPS.has(op)) throw badRequest(`Invalid patch operation ${shown}: "op" must be one of add, replace, remove, test, move, copy.`);
    if (typeof path !== 'string' || !isPointer(path) || path === '') throw badRequest(`Invalid patch operation ${shown}: "path" must be a JSON pointer such as /extra/key.`);
    const allowed = op === 'remove' ? ['op', 'path'] : op === 'move' || op === 'copy' ? ['op', 'path', 'from'] : ['op', 'path', 'value'];
    const extra = Object.keys(operation).filter((key) => !allowed.includes(key));
    if (extra.length > 0) throw badRequest(`Invalid patch operation ${shown}: unexpected ${extra.map((key) => `"${key}"`).join(', ')}.`);
    if ((op === 'move' || op === 'copy') && (typeof from !== 'string' || !isPointer(from) || from === '')) throw badRequest(`Invalid patch operation ${shown}: "from" must be a JSON pointer.`);
    if (!['remove', 'move', 'copy'].includes(op) && !Object.hasOwn(operation, 'value')) throw badRequest(`Invalid patch operation ${shown}: "value" is required.`);
    return operation as PatchOperation;
  });
}

/** Why a patch could not be applied to the document. */
export class PatchConflict extends Error {}

/** `document` with `operations` applied in order; the input is not modified. */
export function applyPatch(document: JsonObject, operations: readonly PatchOperation[]): JsonObject {
  let result: Json = structuredClone(document);
  for (const operation of operations) {
    try {
      result = applyOne(result, operation);
    } catch (error) {
      if (!(error instanceof PatchConflict)) throw error;
      throw badRequest(`Couldn't apply patch '${JSON.stringify(operation)}'. Reason: ${error.message}`);
    }
  }
  return result as JsonObject;
}

/** The reference tokens of a JSON pointer (`/a~1b/c` → `['a/b', 'c']`). */
export function pointerTokens(pointer: string): string[] {
  if (pointer === '') return [];
  return pointer.slice(1).split('/').map((token) => token.replace(/~1/g, '/').replace(/~0/g, '~'));
}

function isPointer(path: string): boolean {
  return path === '' || (path.startsWith('/') && !/~[^01]|~$/.test(path));
}

function applyOne(document: Json, operation: PatchOperation): Json {
  switch (operation.op) {
    case 'add':
      return insert(document, pointerTokens(operation.path), structuredClone(operation.value), false);
    case 'replace':
      return insert(document, pointerTokens(operation.path), structuredClone(operation.value), true);
    case 'remove':
      return remove(document, pointerTokens(operation.path)).document;
    case 'test':
      if (!deepEqual(read(document, pointerTokens(operation.path)), operation.value)) throw new PatchConflict(`value at ${operation.path} is not the expected value`);
      return document;
    case 'move': {
      if (operation.path.startsWith(`${operation.from}/`)) throw new PatchConflict('a value cannot be moved into one of its children');
      const { document: without, removed } = remove(document, pointerTokens(operation.from));
      return insert(without, pointerTokens(operation.path), removed, false);
    }
    case 'copy':
      return insert(document, pointerTokens(operation.path), structuredClone(read(document, pointerTokens(operation.from))), false);
    default:
      return assertNever(operation);
  }
}

function read(document: Json, tokens: readonly string[]): Json {
  let node = document;
  for (const token of tokens) {
    const child = childOf(node, token);
    if (child === undefined) throw new PatchConflict(`can't find /${tokens.join('/')}`);
    node = child;
  }
  return node;
}

/** Adds (`replace`: replaces an existing) value at `tokens`, in place on the cloned document. */
function insert(document: Json, tokens: readonly string[], value: Json, replace: boolean): Json {
  if (tokens.length === 0) return value;
  const parent = read(document, tokens.slice(0, -1));
  const key = tokens.at(-1)!;
  if (Array.isArray(parent)) {
    const index = key === '-' && !replace ? parent.length : arrayIndex(key, parent.length + (replace ? 0 : 1));
    if (replace) parent[index] = value;
    else parent.splice(index, 0, value);
  } else if (isObject(parent)) {
    if (replace && !Object.hasOwn(parent, key)) throw new PatchConflict(`can't replace a non-existent member ${key}`);
    // Defined rather than assigned, so that a key such as `__proto__` stays an ordinary member.
    Object.defineProperty(parent, key, { value, enumerable: true, writable: true, configurable: true });
  } else {
    throw new PatchConflict(`/${tokens.slice(0, -1).join('/')} is not an object or a list`);
  }
  return document;
}

function remove(document: Json, tokens: readonly string[]): { document: Json; removed: Json } {
  if (tokens.length === 0) throw new PatchConflict('the whole document cannot be removed');
  const parent = read(document, tokens.slice(0, -1));
  const key = tokens.at(-1)!;
  if (Array.isArray(parent)) {
    const [removed] = parent.splice(arrayIndex(key, parent.length), 1);
    return { document, removed: removed! };
  }
  if (isObject(parent) && Object.hasOwn(parent, key)) {
    const removed = parent[key]!;
    delete parent[key];
    return { document, removed };
  }
  throw new PatchConflict(`can't remove a non-existent member /${tokens.join('/')}`);
}

function childOf(node: Json, token: string): Json | undefined {
  if (Array.isArray(node)) return /^(0|[1-9]\d*)$/.test(token) ? node[Number(token)] : undefined;
  return isObject(node) && Object.hasOwn(node, token) ? node[token] : undefined;
}

function arrayIndex(token: string, size: number): number {
  if (!/^(0|[1-9]\d*)$/.test(token) || Number(token) >= size) throw new PatchConflict(`index ${token} is out of range`);
  return Number(token);
}

function isObject(value: Json): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function deepEqual(a: Json | undefined, b: Json | undefined): boolean {
  return JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));
}

function canonical(value: Json | undefined): Json | undefined {
  if (Array.isArray(value)) return value.map((item) => canonical(item) ?? null);
  if (value !== undefined && isObject(value)) return Object.fromEntries(Object.keys(value).sort().map((key) => [key, canonical(value[key]) ?? null]));
  return value;
}

function assertNever(value: never): never {
  throw new TypeError(`Unhandled patch operation: ${JSON.stringify(value)}`);
}
