import { describe, expect, it } from '@jest/globals';
import { pythonPformat, pythonRepr, pythonStr } from './python.js';

// Expected texts as Python 3.11 (Ironic 21.4's interpreter) prints them.
describe('JSON values as Python prints them', () => {
  it('gives repr as Ironic’s schema errors show it', () => {
    expect(pythonRepr('str')).toBe("'str'");
    expect(pythonRepr("it's")).toBe('"it\'s"');
    expect(pythonRepr(null)).toBe('None');
    expect(pythonRepr(true)).toBe('True');
    expect(pythonRepr(5)).toBe('5');
    expect(pythonRepr([])).toBe('[]');
    expect(pythonRepr({ op: 'add', value: [1, false] })).toBe("{'op': 'add', 'value': [1, False]}");
  });

  it('escapes in strings what Python’s repr escapes, and only that', () => {
    expect(pythonRepr('a\tb\nc')).toBe("'a\\tb\\nc'");
    expect(pythonRepr('it\'s "x"')).toBe("'it\\'s \"x\"'");
    expect(pythonRepr('back\\slash')).toBe("'back\\\\slash'");
    expect(pythonRepr('\u0000\u007f\u0085\u2028\u00a0é😀')).toBe("'\\x00\\x7f\\x85\\u2028\\xa0é😀'");
    expect(pythonRepr('\u{e0001}')).toBe("'\\U000e0001'");
  });

  it('gives str: a string bare, anything else as repr', () => {
    expect(pythonStr('Enabled')).toBe('Enabled');
    expect(pythonStr(3)).toBe('3');
    expect(pythonStr(null)).toBe('None');
  });
});

describe('pythonPformat (pprint.pformat)', () => {
  it('keeps what fits on one line, dict keys sorted', () => {
    expect(pythonPformat({ z: null, a: [true, 'x'] }, 72)).toBe("{'a': [True, 'x'], 'z': None}");
  });

  it('puts one item a line when the whole does not fit', () => {
    expect(pythonPformat({ b: [1, 2, { z: null, a: true }], a: 'x'.repeat(70) }, 72)).toBe(
      `{'a': '${'x'.repeat(70)}',\n 'b': [1, 2, {'a': True, 'z': None}]}`,
    );
    expect(pythonPformat(['a'.repeat(30), ['b'.repeat(30), 'c'.repeat(30)]], 40)).toBe(
      `['${'a'.repeat(30)}',\n ['${'b'.repeat(30)}',\n  '${'c'.repeat(30)}']]`,
    );
  });

  it('cuts a long string at spaces into adjacent literals, in parentheses at the top', () => {
    const line = "'word word word word word word word '";
    expect(pythonPformat('word '.repeat(30), 40)).toBe(`(${line}\n ${line}\n ${line}\n ${line}\n 'word word ')`);
  });
});
