import { describe, expect, it } from '@jest/globals';
import { detached, headerBlock, headerValue, isoTime, nanosOf } from './nats-message.js';

describe('headerValue', () => {
  const block = 'NATS/1.0\r\nIronledger-Stream-Id: node-a b:c\r\nX-Ironledger-First-Revision: 9\r\nIronledger-First-Revision:  12 \r\nIronledger-First-Revision: 13\r\nEmpty:\r\n\r\n';

  it('reads the first value of a header, trimmed, as nats.js does', () => {
    expect(headerValue(block, 'Ironledger-Stream-Id')).toBe('node-a b:c');
    expect(headerValue(block, 'Ironledger-First-Revision')).toBe('12');
  });

  it('gives an empty string for a header that is absent or empty, and matches names exactly', () => {
    expect(headerValue(block, 'Ironledger-Event-Count')).toBe('');
    expect(headerValue(block, 'Empty')).toBe('');
    expect(headerValue(block, 'ironledger-stream-id')).toBe('');
    expect(headerValue('NATS/1.0\r\nLast: value', 'Last')).toBe('value');
  });
});

describe('detached', () => {
  it('gives the same text, whatever it is cut from', () => {
    const block = 'NATS/1.0\r\nIronledger-Stream-Id: node-939cecf9-fc87-4ad4-84c4-0123456789ab\r\n\r\n';
    const id = headerValue(block, 'Ironledger-Stream-Id');
    expect(detached(id)).toBe('node-939cecf9-fc87-4ad4-84c4-0123456789ab');
    for (const value of ['', 'a', 'nöde-ü', 'x'.repeat(100)]) expect(detached(value)).toBe(value);
  });
});

describe('headerBlock', () => {
  it('decodes the header block where nats.js keeps it, and gives up on any other shape', () => {
    const bytes = new TextEncoder().encode('NATS/1.0\r\nIronledger-Stream-Id: nöde\r\n\r\n[{"type":"A"}]');
    const hdr = bytes.indexOf(0x5b);
    expect(headerBlock({ msg: { _rdata: bytes, _msg: { hdr } } } as never)).toBe('NATS/1.0\r\nIronledger-Stream-Id: nöde\r\n\r\n');
    expect(headerBlock({ msg: { _rdata: bytes, _msg: { hdr: -1 } } } as never)).toBeUndefined();
    expect(headerBlock({} as never)).toBeUndefined();
  });
});

describe('isoTime', () => {
  it('formats nanoseconds to the millisecond, as nats.js does, also across runs of one millisecond', () => {
    const ms = 1_700_000_000_123;
    for (const nanos of [ms * 1e6 + 456_789, ms * 1e6 + 900_000, (ms + 1) * 1e6, ms * 1e6, 0]) {
      expect(isoTime(nanos)).toBe(new Date(Math.floor(nanos / 1_000_000)).toISOString());
    }
  });
});

describe('nanosOf', () => {
  it('reads an RFC 3339 time as the double nats.js parses from the same nanoseconds, rounding as it does', () => {
    const ms = Date.parse('2026-11-29T14:17:17.000Z');
    for (const fraction of ['993999999', '994000000', '000000001', '5', '']) {
      const timestamp = `2026-11-29T14:17:17${fraction ? `.${fraction}` : ''}Z`;
      const nanos = `${ms / 1000}${fraction.padEnd(9, '0')}`;
      expect(nanosOf(timestamp)).toBe(parseInt(nanos, 10));
    }
    expect(nanosOf('2026-11-29T15:17:17.5+01:00')).toBe(parseInt(`${ms / 1000}500000000`, 10));
  });
});
