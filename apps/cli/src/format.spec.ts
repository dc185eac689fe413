import { describe, expect, it } from '@jest/globals';
import { clip, table, transition } from './format.js';

describe('table', () => {
  it('aligns columns to the widest cell, right-aligning the ones asked for', () => {
    expect(table(['STATE', 'NODES'], [['active', '1,200'], ['available', '7']], { right: [1] })).toBe(
      ['STATE      NODES', '---------  -----', 'active     1,200', 'available      7'].join('\n'),
    );
  });

  it('counts an arrow as one column and does not pad the last column', () => {
    expect(table(['A', 'B'], [[transition('x', 'y'), 'z']])).toBe(['A      B', '-----  -', 'x → y  z'].join('\n'));
  });
});

describe('formatting helpers', () => {
  it('writes transitions and clipped text', () => {
    expect([transition('a', 'b'), transition(null, 'b'), transition('a', null), transition(null, null)]).toEqual(['a → b', '→ b', 'a →', '']);
    expect(clip('abcdef', 4)).toBe('abc…');
    expect(clip('abc', 4)).toBe('abc');
  });
});
