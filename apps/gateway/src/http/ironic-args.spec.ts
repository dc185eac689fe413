import { describe, expect, it } from '@jest/globals';
import { isLogicalName, isUuidLike } from './ironic-args.js';

describe('isUuidLike (oslo’s is_uuid_like, as Ironic 21.4 answers `GET /v1/ports?node_uuid=…`)', () => {
  it.each([
    '1be26c0b-03f2-4d2e-ae87-c02d7f33c123',
    '1BE26C0B03F24D2EAE87C02D7F33C123',
    '{1be26c0b-03f2-4d2e-ae87-c02d7f33c123}',
    '{{1be26c0b03f24d2eae87c02d7f33c123}',
    'urn:uuid:1be26c0b03f24d2eae87c02d7f33c123',
    'uuid:uuid:1BE26C0B03F24D2EAE87C02D7F33C123',
    '1be26c0b03f2-4d2e-ae87c02d7f33c-123',
  ])('takes %s for a UUID (Ironic: node not found)', (value) => {
    expect(isUuidLike(value)).toBe(true);
  });

  it.each(['URN:uuid:1be26c0b03f24d2eae87c02d7f33c123', '1be26c0b03f24d2eae87c02d7f33c12', '1be26c0b03f24d2eae87c02d7f33c1234', 'g be26c0b03f24d2eae87c02d7f33c123', 'node-1', ''])(
    'refuses %s (Ironic: Expected UUID)',
    (value) => {
      expect(isUuidLike(value)).toBe(false);
    },
  );
});

describe('isLogicalName', () => {
  it('takes 1 to 255 RFC 3986 unreserved characters', () => {
    expect(isLogicalName('node-1.rack_2~a')).toBe(true);
    expect(isLogicalName('a'.repeat(255))).toBe(true);
    expect(isLogicalName('a'.repeat(256))).toBe(false);
    expect(isLogicalName('abc:def')).toBe(false);
    expect(isLogicalName('')).toBe(false);
  });
});
