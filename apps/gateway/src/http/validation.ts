import { type PipeTransform } from '@nestjs/common';
import { IsObject, ValidateIf, ValidateNested, validateSync, type ValidationError } from 'class-validator';
import { badRequest } from './errors.js';

type DtoClass = new () => object;

/** Present means not null; absent is fine. (`IsOptional` would let `null` through.) */
export const NotNull = () => ValidateIf((_object, value) => value !== undefined);

/** Member → DTO class of its value (or of each element), per DTO class, as `Nested` records it. */
const nestedMembers = new Map<DtoClass, Map<string, { type: () => DtoClass; each: boolean }>>();

/**
 * A member holding another DTO (or, with `each`, a list of them): validated in depth, its
 * problems reported with their path (`inventory.cpu.count …`).
 */
export function Nested(type: () => DtoClass, { each = false, message = 'must be an object' }: { each?: boolean; message?: string } = {}): PropertyDecorator {
  const nested = ValidateNested({ each });
  const object = IsObject({ each, message });
  return (target: object, property: string | symbol) => {
    const owner = target.constructor as DtoClass;
    const members = nestedMembers.get(owner) ?? new Map();
    members.set(String(property), { type, each });
    nestedMembers.set(owner, members);
    nested(target, property);
    object(target, property);
  };
}

/**
 * Like `validateBody` for bodies with `Nested` members, where unknown properties may be
 * allowed (a ramdisk sends far more than ironledger reads). Problems are reported with their
 * path; the body comes back as sent.
 */
export function validateNestedBody<T extends object>(type: new () => T, body: unknown, { allowUnknown = false } = {}): T {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw badRequest('The request body must be a JSON object.');
  if (hasProtoKey(body)) throw badRequest("Additional properties are not allowed ('__proto__' was unexpected)");
  const [first] = validateSync(instantiate(type, body), { whitelist: !allowUnknown, forbidNonWhitelisted: !allowUnknown, forbidUnknownValues: true });
  if (first) throw badRequest(describeDeep(first, ''));
  return body as T;
}

/** `value` as an instance of `type`, its `Nested` members converted too (anything else is left for the validators to refuse). */
function instantiate(type: DtoClass, value: object): object {
  const instance = new type();
  const members = nestedMembers.get(type);
  for (const [key, member] of Object.entries(value)) {
    const nested = members?.get(key);
    const convert = (item: unknown) => (nested && isPlainObject(item) ? instantiate(nested.type(), item) : item);
    const converted = nested?.each && Array.isArray(member) ? member.map(convert) : convert(member);
    Object.defineProperty(instance, key, { value: converted, enumerable: true, writable: true, configurable: true });
  }
  return instance;
}

function isPlainObject(value: unknown): value is object {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Whether a JSON value has an own `__proto__` key anywhere (JSON.parse makes one an ordinary property). */
function hasProtoKey(value: unknown, depth = 0): boolean {
  if (typeof value !== 'object' || value === null || depth > 32) return false;
  if (!Array.isArray(value) && Object.hasOwn(value, '__proto__')) return true;
  return Object.values(value).some((item) => hasProtoKey(item, depth + 1));
}

function describeDeep(error: ValidationError, prefix: string): string {
  const path = prefix ? `${prefix}.${error.property}` : error.property;
  const constraints = error.constraints ?? {};
  if (constraints.whitelistValidation) return `Additional properties are not allowed ('${path}' was unexpected)`;
  // The first-written check's message; class-validator's own "nested property …" only when nothing else failed.
  const { nestedValidation, ...own } = constraints;
  const message = Object.values(own).at(-1) ?? nestedValidation;
  if (message) return `${path} ${message}`;
  const child = error.children?.[0];
  return child ? describeDeep(child, path) : `Invalid value for ${path}`;
}

/**
 * Checks a JSON body against a DTO class (400 with the first problem otherwise) and returns its
 * members as a plain object of that shape (only the keys the client sent). Members are defined,
 * not assigned, so that a `__proto__` key in the JSON stays an ordinary (and then refused) property.
 */
export function validateBody<T extends object>(type: new () => T, body: unknown): T {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw badRequest('The request body must be a JSON object.');
  // class-validator's whitelist does not see this key; refuse it like any other unknown one.
  if (Object.hasOwn(body, '__proto__')) throw badRequest("Additional properties are not allowed ('__proto__' was unexpected)");
  const instance = new type();
  for (const [key, value] of Object.entries(body)) {
    Object.defineProperty(instance, key, { value, enumerable: true, writable: true, configurable: true });
  }
  const [first] = validateSync(instance, { whitelist: true, forbidNonWhitelisted: true, forbidUnknownValues: true });
  if (first) throw badRequest(describe(first));
  return Object.fromEntries(Object.entries(body)) as T;
}

/** Validates a route's body with `validateBody`: `@Body(new ValidBody(SomeDto))`. */
export class ValidBody<T extends object> implements PipeTransform<unknown, T> {
  /** Read by the OpenAPI document too, for the body's schema. */
  constructor(readonly type: new () => T) {}

  transform(body: unknown): T {
    return validateBody(this.type, body);
  }
}

function describe(error: ValidationError): string {
  const constraints = error.constraints ?? {};
  if (constraints.whitelistValidation) return `Additional properties are not allowed ('${error.property}' was unexpected)`;
  // Decorators run bottom-up, so the last constraint is the one written first: the type check.
  return Object.values(constraints).at(-1) ?? `Invalid value for ${error.property}`;
}
