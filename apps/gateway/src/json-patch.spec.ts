import { describe, expect, it } from '@jest/globals';
import { applyPatch, parsePatch } from './json-patch.js';

describe('applyPatch (RFC 6902)', () => {
  const doc = { extra: { a: 1, list: [1, 2] }, name: 'n1' };

  it('adds, replaces and removes members and list items, leaving the input alone', () => {
    const result = applyPatch(doc, [
      { op: 'add', path: '/extra/b', value: { c: true } },
      { op: 'add', path: '/extra/list/-', value: 3 },
      { op: 'add', path: '/extra/list/0', value: 0 },
      { op: 'replace', path: '/name', value: 'n2' },
      { op: 'remove', path: '/extra/a' },
    ]);
    expect(result).toEqual({ extra: { b: { c: true }, list: [0, 1, 2, 3] }, name: 'n2' });
    expect(doc).toEqual({ extra: { a: 1, list: [1, 2] }, name: 'n1' });
  });

  it('moves, copies and tests', () => {
    expect(applyPatch(doc, [{ op: 'copy', from: '/extra/a', path: '/extra/z' }, { op: 'move', from: '/extra/a', path: '/extra/y' }, { op: 'test', path: '/extra/y', value: 1 }])).toEqual({
      extra: { list: [1, 2], z: 1, y: 1 },
      name: 'n1',
    });
  });

  it('unescapes ~0 and ~1 in pointers', () => {
    expect(applyPatch({ extra: {} }, [{ op: 'add', path: '/extra/a~1b~0c', value: 1 }])).toEqual({ extra: { 'a/b~c': 1 } });
  });

  it('keeps __proto__ an ordinary member', () => {
    const result = applyPatch({ extra: {} }, [{ op: 'add', path: '/extra/__proto__', value: { polluted: true } }]);
    expect(Object.keys(result.extra as object)).toEqual(['__proto__']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('refuses what cannot apply with 400, naming the operation', () => {
    for (const operation of [
      { op: 'remove', path: '/extra/missing' },
      { op: 'replace', path: '/extra/missing', value: 1 },
      { op: 'test', path: '/name', value: 'other' },
      { op: 'add', path: '/extra/list/9', value: 1 },
      { op: 'add', path: '/name/x', value: 1 },
      { op: 'move', from: '/extra', path: '/extra/inner' },
    ] as const) {
      expect(() => applyPatch(doc, [operation])).toThrow(expect.objectContaining({ status: 400, message: expect.stringContaining("Couldn't apply patch") }));
    }
  });
});

describe('parsePatch', () => {
  it('accepts a list of well-formed operations', () => {
    expect(parsePatch([{ op: 'remove', path: '/name' }])).toEqual([{ op: 'remove', path: '/name' }]);
  });

  it('refuses anything else with 400', () => {
    for (const body of [undefined, null, {}, [], 'x', [1], [{ op: 'frobnicate', path: '/a' }], [{ op: 'add', path: 'a', value: 1 }], [{ op: 'add', path: '/a' }], [{ op: 'move', path: '/a' }], [{ op: 'remove', path: '/a', value: 1 }]]) {
      expect(() => parsePatch(body)).toThrow(expect.objectContaining({ status: 400 }));
    }
  });
});
