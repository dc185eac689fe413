import { describe, expect, it } from '@jest/globals';
import { CreateNodeDto, isValidNodeName, PowerActionDto } from './dto.js';
import { validateBody } from './validation.js';

const refused = (message?: string) => expect.objectContaining({ status: 400, ...(message && { message }) });

describe('validateBody', () => {
  it('accepts a valid body and returns only what was sent', () => {
    expect(validateBody(CreateNodeDto, { driver: 'fake-hardware', name: 'n-1.a_b~c', extra: { a: 1 } })).toEqual({ driver: 'fake-hardware', name: 'n-1.a_b~c', extra: { a: 1 } });
  });

  it('refuses bodies that are not objects', () => {
    for (const body of [null, undefined, [], 'x', 3, true]) expect(() => validateBody(CreateNodeDto, body)).toThrow(refused('The request body must be a JSON object.'));
  });

  it('refuses unknown properties as Ironic schemas do', () => {
    expect(() => validateBody(CreateNodeDto, { driver: 'fake-hardware', color: 'red' })).toThrow(refused("Additional properties are not allowed ('color' was unexpected)"));
    expect(() => validateBody(CreateNodeDto, JSON.parse('{"driver":"fake-hardware","__proto__":{"x":1}}'))).toThrow(refused());
  });

  it('refuses wrong types and missing required fields', () => {
    for (const body of [{}, { driver: 3 }, { driver: '' }, { driver: 'f', extra: 'x' }, { driver: 'f', uuid: 'nope' }, { driver: 'f', protected: null }, { driver: 'f', name: 7 }, { driver: 'f', driver_info: null }]) {
      expect(() => validateBody(CreateNodeDto, body)).toThrow(refused());
    }
    expect(() => validateBody(PowerActionDto, { target: 'power on', timeout: 0 })).toThrow(refused('Invalid timeout value 0. The timeout must be a positive integer (seconds).'));
    expect(() => validateBody(PowerActionDto, { target: 'power on', timeout: '5' })).toThrow(refused());
  });
});

describe('isValidNodeName', () => {
  it('follows Ironic: RFC 3986 unreserved characters, not UUID-like, not reserved', () => {
    expect(['n1', 'A.b-c_d~e', 'x'.repeat(255)].every(isValidNodeName)).toBe(true);
    expect(['', 'a b', 'a/b', 'é', 'x'.repeat(256), '1be26c0b-03f2-4d2e-ae87-c02d7f33c123', '1be26c0b03f24d2eae87c02d7f33c123', 'detail'].some(isValidNodeName)).toBe(false);
  });
});
