/**
 * The JSON Schema of a class-validator DTO, read from the decorators that validate it, so that
 * the document says what `validateBody` accepts and cannot drift from it.
 */
import { getMetadataStorage, IS_OPTIONAL, ValidationTypes } from 'class-validator';
import { type Schema } from '@ironledger/domain';

type Keywords = Record<string, unknown>;

/** JSON Schema keywords of class-validator's checks, by the check's name; other checks add nothing (the schema is then looser, never wrong). */
const KEYWORDS: Readonly<Record<string, (constraints: readonly unknown[]) => Keywords>> = {
  isString: () => ({ type: 'string' }),
  isInt: () => ({ type: 'integer' }),
  isNumber: () => ({ type: 'number' }),
  isBoolean: () => ({ type: 'boolean' }),
  isObject: () => ({ type: 'object' }),
  isArray: () => ({ type: 'array' }),
  isUuid: () => ({ type: 'string', format: 'uuid' }),
  isIn: ([values]) => ({ enum: values }),
  minLength: ([min]) => ({ minLength: min }),
  maxLength: ([max]) => ({ maxLength: max }),
  min: ([min]) => ({ minimum: min }),
  max: ([max]) => ({ maximum: max }),
};

/**
 * A DTO's properties with their checks (an `each` check applies to the items of an array);
 * a property is optional when its checks are conditional (`IsOptional`, which also lets
 * `null` through, or `ValidateIf`) or when it is only `Allow`ed. Unknown properties are
 * refused, as `validateBody` refuses them.
 */
export function dtoSchema(dto: new () => object): Schema {
  const storage = getMetadataStorage();
  const checksByProperty = storage.groupByPropertyName(storage.getTargetValidationMetadatas(dto, '', true, false));
  const properties: Record<string, Keywords> = {};
  const required: string[] = [];
  for (const [name, checks] of Object.entries(checksByProperty)) {
    const value: Keywords = {};
    const items: Keywords = {};
    for (const check of checks) Object.assign(check.each ? items : value, KEYWORDS[check.name ?? '']?.(check.constraints ?? []));
    if (Object.keys(items).length > 0) value.items = items;
    if (checks.some((check) => check.name === IS_OPTIONAL) && typeof value.type === 'string') value.type = [value.type, 'null'];
    properties[name] = value;
    const optional = checks.some((check) => check.type === ValidationTypes.CONDITIONAL_VALIDATION) || checks.every((check) => check.type === ValidationTypes.WHITELIST);
    if (!optional) required.push(name);
  }
  return { type: 'object', properties, ...(required.length > 0 && { required }), additionalProperties: false };
}
