import { type PipeTransform } from '@nestjs/common';
import { validateSync, type ValidationError } from 'class-validator';
import { badRequest } from './errors.js';

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
  constructor(private readonly type: new () => T) {}

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
