import { describe, expect, it } from '@jest/globals';
import { ApiError } from './errors.js';
import { applyPatch, parsePatch, patchValues, touches } from './json-patch.js';

const doc = { extra: { a: [1, 2], s: 'str', n: 5, d: {} }, name: null };
const refusal = (message: string) => new ApiError(400, message);
// Each expectation is what python-jsonpatch (through Ironic) answers for the same operation.
const refuses = (operation: object, repr: string, reason: string) =>
  expect(() => applyPatch(doc, parsePatch([operation], ['extra', 'name']))).toThrow(refusal(`Couldn't apply patch '${repr}'. Reason: ${reason}`));

describe('an Ironic PATCH', () => {
  it('takes add, replace and remove of the patchable fields, in order, leaving the document as it was', () => {
    const operations = parsePatch(
      [{ op: 'add', path: '/extra/a/-', value: 3 }, { op: 'add', path: '/extra/a/0', value: 0 }, { op: 'replace', path: '/extra/a/1', value: 9 }, { op: 'remove', path: '/extra/s' }, { op: 'add', path: '/name', value: 'x' }],
      ['extra', 'name'],
    );
    expect(applyPatch(doc, operations)).toEqual({ extra: { a: [0, 9, 2, 3], n: 5, d: {} }, name: 'x' });
    expect(doc.extra.a).toEqual([1, 2]);
    expect(patchValues(operations, '/name')).toEqual(['x']);
    expect(touches(operations, '/extra')).toBe(true);
    expect(parsePatch([], ['extra'])).toEqual([]);
  });

  it('refuses what python-jsonpatch refuses, naming the operation as Python prints it', () => {
    refuses({ op: 'remove', path: '/extra/nope' }, "{'op': 'remove', 'path': '/extra/nope'}", "can't remove a non-existent object 'nope'");
    refuses({ op: 'replace', path: '/extra/q', value: 1 }, "{'op': 'replace', 'path': '/extra/q', 'value': 1}", "can't replace a non-existent object 'q'");
    refuses({ op: 'add', path: '/extra/z/b', value: 1 }, "{'op': 'add', 'path': '/extra/z/b', 'value': 1}", "member 'z' not found in {'a': [1, 2], 's': 'str', 'n': 5, 'd': {}}");
    refuses({ op: 'add', path: '/extra/a/5', value: 1 }, "{'op': 'add', 'path': '/extra/a/5', 'value': 1}", "can't insert outside of list");
    refuses({ op: 'replace', path: '/extra/a/5', value: 1 }, "{'op': 'replace', 'path': '/extra/a/5', 'value': 1}", "can't replace outside of list");
    refuses({ op: 'remove', path: '/extra/a/5' }, "{'op': 'remove', 'path': '/extra/a/5'}", "can't remove a non-existent object '5'");
    refuses({ op: 'remove', path: '/extra/a/x' }, "{'op': 'remove', 'path': '/extra/a/x'}", "'x' is not a valid sequence index");
    refuses({ op: 'replace', path: '/extra/a/-', value: 1 }, "{'op': 'replace', 'path': '/extra/a/-', 'value': 1}", "'path' with '-' can't be applied to 'replace' operation");
    refuses({ op: 'add', path: '/extra/n/x', value: 1 }, "{'op': 'add', 'path': '/extra/n/x', 'value': 1}", "Document '<class 'int'>' does not support indexing, must be mapping/sequence or support __getitem__");
    refuses({ op: 'add', path: '/extra/s/x', value: 1 }, "{'op': 'add', 'path': '/extra/s/x', 'value': 1}", "'x' is not a valid sequence index");
    refuses({ op: 'add', path: '/extra/d/x/y', value: 1 }, "{'op': 'add', 'path': '/extra/d/x/y', 'value': 1}", "member 'x' not found in {}");
    refuses({ op: 'add', path: '/name' }, "{'op': 'add', 'path': '/name'}", "The operation does not contain a 'value' member");
  });

  it('checks the body against Ironic’s patch schema, then the patchable fields', () => {
    const parse = (body: unknown) => () => parsePatch(body, ['extra', 'name']);
    expect(parse({ op: 'replace', path: '/x', value: 1 })).toThrow(refusal("Schema error for patch: {'op': 'replace', 'path': '/x', 'value': 1} is not of type 'array'"));
    expect(parse([{ op: 'add', path: '/x', value: 1, from: '/y' }])).toThrow(refusal("Schema error for patch: Additional properties are not allowed ('from' was unexpected)"));
    expect(parse([{ path: '/x' }])).toThrow(refusal("Schema error for patch: 'op' is a required property"));
    expect(parse(['x'])).toThrow(refusal("Schema error for patch: 'x' is not of type 'object'"));
    expect(parse([{ op: 'add', path: 'x', value: 3 }])).toThrow(refusal("Schema error for patch: 'x' does not match '^(/[\\\\w-]+)+$'"));
    expect(parse([{ op: 5, path: '/x' }])).toThrow(refusal("Schema error for patch: 5 is not of type 'string'"));
    expect(parse([{ op: 'add', path: '/uuid', value: 'u' }])).toThrow(refusal('Cannot patch /uuid. Only the following can be updated: extra, name'));
  });

  it('never shows a secret in its refusal: neither the value given to a secret-looking path nor the members it could not find its way in', () => {
    expect(() => applyPatch({ driver_info: {} }, [{ op: 'replace', path: '/driver_info/ipmi_password', value: 'hunter2' }])).toThrow(
      refusal("Couldn't apply patch '{'op': 'replace', 'path': '/driver_info/ipmi_password', 'value': '******'}'. Reason: can't replace a non-existent object 'ipmi_password'"),
    );
    expect(() => applyPatch({ driver_info: { ipmi_password: 'hunter2' } }, [{ op: 'add', path: '/driver_info/x/y', value: { token: 't' } }])).toThrow(
      refusal("Couldn't apply patch '{'op': 'add', 'path': '/driver_info/x/y', 'value': {'token': '******'}}'. Reason: member 'x' not found in {'ipmi_password': '******'}"),
    );
  });

  it('accepts word characters of any script in paths, and ignores a value given to remove', () => {
    expect(parsePatch([{ op: 'remove', path: '/name', value: 1 }, { op: 'add', path: '/extra/é-x_1', value: null }])).toEqual([
      { op: 'remove', path: '/name', value: 1 },
      { op: 'add', path: '/extra/é-x_1', value: null },
    ]);
    expect(applyPatch({ name: 'n', extra: {} }, parsePatch([{ op: 'remove', path: '/name', value: 1 }]))).toEqual({ extra: {} });
  });

  // Each refusal as Ironic 21.4 words it (its patch schema, checked with the installed Ironic).
  it.each([
    [[{ op: 'test', path: '/driver_info/ipmi_password', value: 'x' }], "Schema error for patch: 'test' is not one of ['add', 'replace', 'remove']"],
    [[{ op: 'copy', from: '/driver_info', path: '/extra/c' }], "Schema error for patch: Additional properties are not allowed ('from' was unexpected)"],
    [[{ op: 'move', from: '/driver_info/redfish_password', path: '/extra/m' }], "Schema error for patch: Additional properties are not allowed ('from' was unexpected)"],
    [[{ op: 'add', path: '/extra/x', value: 1, from: '/a', zz: 1 }], "Schema error for patch: Additional properties are not allowed ('from', 'zz' were unexpected)"],
    [{ op: 'add' }, "Schema error for patch: {'op': 'add'} is not of type 'array'"],
    ['x', "Schema error for patch: 'x' is not of type 'array'"],
    [undefined, "Schema error for patch: {} is not of type 'array'"],
    [['x'], "Schema error for patch: 'x' is not of type 'object'"],
    [[{ op: 'add', path: '/extra/a.b', value: 1 }], "Schema error for patch: '/extra/a.b' does not match '^(/[\\\\w-]+)+$'"],
    [[{ op: 'add', path: '/extra/a~1b', value: 1 }], "Schema error for patch: '/extra/a~1b' does not match '^(/[\\\\w-]+)+$'"],
    [[{ op: 'add', path: '/', value: 1 }], "Schema error for patch: '/' does not match '^(/[\\\\w-]+)+$'"],
    [[{ op: 'add', value: 1 }], "Schema error for patch: 'path' is a required property"],
    [[{}], "Schema error for patch: 'op' is a required property"],
    [[{ from: '/a' }], "Schema error for patch: Additional properties are not allowed ('from' was unexpected)"],
    [[{ op: 5, path: '/extra' }], "Schema error for patch: 5 is not of type 'string'"],
    [[{ op: null, path: '/a' }], "Schema error for patch: None is not of type 'string'"],
    [[{ op: 'test', path: '/a.b' }], "Schema error for patch: '/a.b' does not match '^(/[\\\\w-]+)+$'"],
    [[{ op: 'add', path: '/extra/x', value: 1 }, { op: 'test', path: '/extra' }], "Schema error for patch: 'test' is not one of ['add', 'replace', 'remove']"],
    [[{ op: 'test', path: '/a.b' }, { op: 'add', zz: 1 }], "Schema error for patch: Additional properties are not allowed ('zz' was unexpected)"],
  ])('refuses %j with 400: %s', (body, message) => {
    expect(() => parsePatch(body)).toThrow(expect.objectContaining({ status: 400, message }));
  });
});
