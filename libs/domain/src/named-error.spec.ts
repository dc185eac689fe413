import { describe, expect, it } from '@jest/globals';
import { IntrospectionStateError, NodeNotFoundError } from './errors.js';
import { NamedError } from './named-error.js';

describe('NamedError', () => {
  it('is named after the class thrown, however deep it sits', () => {
    class Outer extends NamedError {}
    class Inner extends Outer {}
    expect([new Outer('x').name, new Inner('y').name, new Inner('y').message]).toEqual(['Outer', 'Inner', 'y']);
    expect(new NodeNotFoundError('n1').name).toBe('NodeNotFoundError');
    expect(new IntrospectionStateError('n1', 'finished', 'abort').name).toBe('IntrospectionStateError');
    expect(String(new NodeNotFoundError('n1'))).toMatch(/^NodeNotFoundError: /);
  });
});
