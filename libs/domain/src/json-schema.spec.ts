import { describe, expect, it } from '@jest/globals';
import { describeSchemaError, type Schema, validationError } from './json-schema.js';

const message = (instance: unknown, schema: Schema) => {
  const found = validationError(instance, schema);
  return found && describeSchemaError(found);
};

const object: Schema = {
  type: 'object',
  properties: { name: { type: ['string', 'null'], maxLength: 3 }, kind: { enum: ['a', 'b'] }, tag: { type: 'string', pattern: '^(/[\\w-]+)+$' } },
  required: ['name'],
  additionalProperties: false,
};

describe('validationError (Python jsonschema’s messages and best_match)', () => {
  it('says nothing of a valid instance', () => {
    expect(validationError({ name: 'ab', kind: 'a', tag: '/x/ü' }, object)).toBeUndefined();
  });

  it('words each keyword as jsonschema does', () => {
    expect(message([1], object)).toBe("[1] is not of type 'object'");
    expect(message({}, object)).toBe("'name' is a required property");
    expect(message({ name: 'a', zed: 1, bee: 2 }, object)).toBe("Additional properties are not allowed ('bee', 'zed' were unexpected)");
    expect(message({ name: 5 }, object)).toBe("5 is not of type 'string', 'null'");
    expect(message({ name: 'abcd' }, object)).toBe("'abcd' is too long");
    expect(message({ name: 'a', kind: 'c' }, object)).toBe("'c' is not one of ['a', 'b']");
    expect(message({ name: 'a', tag: 'x.y' }, object)).toBe("'x.y' does not match '^(/[\\\\w-]+)+$'");
    expect(message(0, { minimum: 1 })).toBe('0 is less than the minimum of 1');
    expect(message(7, { maximum: 5 })).toBe('7 is greater than the maximum of 5');
  });

  it('prefers problems nearer the top, then the first one found', () => {
    expect(message({ name: 5, zed: 1 }, object)).toBe("Additional properties are not allowed ('zed' was unexpected)");
    expect(message({ kind: 'c' }, object)).toBe("'name' is a required property");
  });

  it('reports anyOf with its root cause, as Ironic adds it', () => {
    const alternatives = [{ type: 'null' }, { type: 'object', additionalProperties: false }, { type: 'object', required: ['links'] }];
    const schema: Schema = { properties: { data: { anyOf: alternatives } } };
    expect(message({ data: { foo: 1 } }, schema)).toBe("{'foo': 1} is not valid under any of the given schemas. Possible root cause: {'foo': 1} is not of type 'null'");
  });

  it('resolves local references, honours (?i) and descends oneOf towards the least relevant problem unless two tie', () => {
    const schema: Schema = {
      type: 'array',
      items: { oneOf: [{ $ref: '#/definitions/mac' }, { $ref: '#/definitions/number' }] },
      definitions: { mac: { type: 'string', pattern: '(?i)^([0-9A-F]{2}:){5}[0-9A-F]{2}$' }, number: { type: 'number' } },
    };
    expect(validationError(['AA:bb:cc:dd:ee:ff', 3], schema)).toBeUndefined();
    expect(validationError(['zz'], schema)?.message).toBe("'zz' does not match '(?i)^([0-9A-F]{2}:){5}[0-9A-F]{2}$'");
    expect(validationError([{ x: 1 }], schema)?.message).toBe("{'x': 1} is not valid under any of the given schemas");
  });
});
