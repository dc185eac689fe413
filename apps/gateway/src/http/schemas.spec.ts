/**
 * The schema errors, word for word as Ironic 21.4 reports them: each expected text below is what
 * its own validation (`ironic.common.args`, jsonschema 4.10) produced for the same input.
 */
import { describe, expect, it } from '@jest/globals';
import { type Schema, schemaError } from '@ironledger/domain';
import { ALLOCATION_SCHEMA, NODE_TRAITS_SCHEMA, TEMPLATE_SCHEMA } from './schemas.js';

const long = (n: number) => 'A'.repeat(n);
const step = (overrides: object = {}) => ({ interface: 'bios', step: 's', args: {}, priority: 1, ...overrides });
const template = (overrides: object = {}) => ({ name: 'CUSTOM_A', steps: [step()], ...overrides });

const CASES: [string, Schema, [unknown, string | undefined][]][] = [
  ['allocation', ALLOCATION_SCHEMA, [
    [{ foo: 1 }, "Additional properties are not allowed ('foo' was unexpected)"],
    [[], "[] is not of type 'object'"],
    [{ traits: 'CUSTOM_A' }, "'CUSTOM_A' is not of type 'array', 'null'"],
    [{ extra: 'x' }, "'x' is not of type 'object', 'null'"],
    [{ name: 5 }, "5 is not of type 'string', 'null'"],
    [{ resource_class: 'x'.repeat(81) }, `'${'x'.repeat(81)}' is too long`],
    [{ traits: ['bad'] }, "'bad' is not valid under any of the given schemas. Possible root cause: 'bad' does not match '^CUSTOM_[A-Z0-9_]+$'"],
    [{ traits: ['bad', `CUSTOM_${long(300)}`] }, `'CUSTOM_${long(300)}' is too long`],
    [{ traits: ['CUSTOM_A', 1, 'bad'] }, "1 is not of type 'string'"],
    [{ name: 5, extra: 'x' }, "'x' is not of type 'object', 'null'"],
    [{ resource_class: 'x'.repeat(81), name: 5 }, "5 is not of type 'string', 'null'"],
    [{ foo: 1, bar: 2 }, "Additional properties are not allowed ('bar', 'foo' were unexpected)"],
    [{ traits: [''] }, "'' is too short"],
    [{ candidate_nodes: [1] }, "1 is not of type 'string'"],
    [{ traits: ['custom_x'] }, "'custom_x' is not valid under any of the given schemas. Possible root cause: 'custom_x' does not match '^CUSTOM_[A-Z0-9_]+$'"],
    [{ owner: 5, uuid: 7 }, "5 is not of type 'string', 'null'"],
    [{ traits: ['HW_CPU_X86_AVX2', 'CUSTOM_A'], name: null, resource_class: 'rc', candidate_nodes: null }, undefined],
  ]],
  ['template', TEMPLATE_SCHEMA, [
    [{}, "'steps' is a required property"],
    [{ name: 'CUSTOM_A' }, "'steps' is a required property"],
    [template({ steps: [] }), '[] is too short'],
    [template({ steps: {} }), "{} is not of type 'array'"],
    [template({ name: 'r1-lower' }), "'r1-lower' is not valid under any of the given schemas. Possible root cause: 'r1-lower' does not match '^CUSTOM_[A-Z0-9_]+$'"],
    [template({ steps: [step({ interface: 'foo' })] }), "'foo' is not one of ['power', 'management', 'deploy', 'bios', 'raid']"],
    [template({ steps: [step({ step: '' })] }), "'' is too short"],
    [template({ steps: [{ interface: 'bios', step: 's', priority: 1 }] }), "'args' is a required property"],
    [template({ steps: [{ interface: 'bios', step: 's', args: {} }] }), "'priority' is a required property"],
    [template({ steps: [step({ args: [] })] }), "[] is not of type 'object'"],
    [template({ steps: [step({ priority: -1 })] }), '-1 is less than the minimum of 0'],
    [template({ steps: [step({ priority: 'abc' })] }), "'abc' does not match '^[0-9]+$'"],
    [template({ steps: [step({ priority: 1.5 })] }), "1.5 is not valid under any of the given schemas. Possible root cause: 1.5 is not of type 'integer'"],
    [template({ steps: [step({ priority: true })] }), "True is not valid under any of the given schemas. Possible root cause: True is not of type 'integer'"],
    [template({ steps: [step({ priority: '' })] }), "'' is not valid under any of the given schemas. Possible root cause: '' is not of type 'integer'"],
    [template({ steps: [step({ extra: 1 })] }), "Additional properties are not allowed ('extra' was unexpected)"],
    [template({ foo: 1 }), "Additional properties are not allowed ('foo' was unexpected)"],
    [template({ extra: [] }), "[] is not of type 'object', 'null'"],
    [{ name: 5, steps: [1] }, "5 is not of type 'string'"],
    [{ steps: [{}] }, "'name' is a required property"],
    [template({ steps: [step({ priority: '20' }), step({ interface: 'raid', priority: 0 })], extra: null, uuid: null }), undefined],
  ]],
  ['body', NODE_TRAITS_SCHEMA, [
    [{ traits: ['BAD'] }, "'BAD' is not valid under any of the given schemas. Possible root cause: 'BAD' does not match '^CUSTOM_[A-Z0-9_]+$'"],
    [{ traits: 'CUSTOM_X' }, "'CUSTOM_X' is not of type 'array'"],
    [{ traits: null }, "None is not of type 'array'"],
    [{ traits: [1] }, "1 is not of type 'string'"],
    [{ foo: 1 }, "Additional properties are not allowed ('foo' was unexpected)"],
    [[], "[] is not of type 'object'"],
    [{ traits: [''] }, "'' is too short"],
    [{}, undefined],
  ]],
];

describe('schema errors as Ironic words them', () => {
  for (const [name, schema, cases] of CASES) {
    it(`for ${name}`, () => {
      for (const [value, expected] of cases) expect([value, schemaError(value, schema)]).toEqual([value, expected]);
    });
  }
});
