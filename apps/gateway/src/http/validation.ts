import { IsObject, ValidateNested, validateSync, type ValidationError } from 'class-validator';
import { badRequest } from './errors.js';

type DtoClass = new () => object;

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
 * Checks a JSON body against a class-validator DTO with `Nested` members, where unknown properties may be
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
