import { describe, expect, it } from '@jest/globals';
import { pythonRepr, pythonStr } from './python.js';

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

  it('gives str: a string bare, anything else as repr', () => {
    expect(pythonStr('Enabled')).toBe('Enabled');
    expect(pythonStr(3)).toBe('3');
    expect(pythonStr(null)).toBe('None');
  });
});
