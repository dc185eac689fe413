import { describe, expect, it } from '@jest/globals';
import { ANY, NO_STREAM, START, type RecordedEvent as KurrentRecordedEvent } from '@kurrent/kurrentdb-client';
import {
  encodePosition,
  eventId,
  isSystemEvent,
  readPositionAfter,
  toRecordedEvent,
  toStreamState,
  uuidV5,
} from './kurrentdb-mapping.js';

describe('toStreamState', () => {
  it('maps the expected revision to the client stream state', () => {
    expect(toStreamState('no_stream')).toBe(NO_STREAM);
    expect(toStreamState('any')).toBe(ANY);
    expect(toStreamState(0)).toBe(0n);
    expect(toStreamState(41)).toBe(41n);
  });
});

describe('event ids', () => {
  it('implement UUIDv5 (RFC 9562 test vector)', () => {
    const dns = '6ba7b810-9dad-11d1-80b4-00c04fd430c8';
    expect(uuidV5(dns, 'www.example.com')).toBe('2ed6657d-e927-568b-95e1-2665a8aea6a2');
  });

  it('are deterministic per stream, commit and index, and distinct otherwise', () => {
    const id = eventId('node-1', 'commit-a', 0);
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(eventId('node-1', 'commit-a', 0)).toBe(id);
    const others = [eventId('node-1', 'commit-a', 1), eventId('node-1', 'commit-b', 0), eventId('node-2', 'commit-a', 0)];
    expect(new Set([id, ...others]).size).toBe(4);
  });
});

describe('positions', () => {
  it('encode a committed log position as itself', () => {
    expect(encodePosition({ commit: 1234n, prepare: 1234n })).toBe(1234);
  });

  it('refuse positions that are not unique, positive safe integers', () => {
    expect(() => encodePosition({ commit: 2000n, prepare: 1900n })).toThrow(/explicit transaction/);
    expect(() => encodePosition({ commit: 0n, prepare: 0n })).toThrow(RangeError);
    const huge = BigInt(Number.MAX_SAFE_INTEGER) + 1n;
    expect(() => encodePosition({ commit: huge, prepare: huge })).toThrow(RangeError);
  });

  it('resume from the start, or from the encoded position itself', () => {
    expect(readPositionAfter(undefined)).toBe(START);
    expect(readPositionAfter(0)).toBe(START);
    const position = { commit: 987_654n, prepare: 987_654n };
    expect(readPositionAfter(encodePosition(position))).toEqual(position);
  });
});

describe('toRecordedEvent', () => {
  const created = new Date('2025-01-02T03:04:05.678Z');
  const event = (overrides: Partial<KurrentRecordedEvent> = {}): KurrentRecordedEvent =>
    ({
      streamId: 't1-node-7',
      id: eventId('t1-node-7', 'c', 0),
      isJson: true,
      revision: 3n,
      type: 'NodeEnrolled',
      created,
      data: { name: 'r1-n7' },
      metadata: { commandId: 'x' },
      position: { commit: 500n, prepare: 500n },
      ...overrides,
    }) as KurrentRecordedEvent;

  it('maps a client event to the port, without the stream prefix and to the whole second', () => {
    expect(toRecordedEvent(event(), 't1-')).toEqual({
      streamId: 'node-7',
      revision: 3,
      position: 500,
      type: 'NodeEnrolled',
      data: { name: 'r1-n7' },
      metadata: { commandId: 'x' },
      recordedAt: '2025-01-02T03:04:05.000Z',
    });
  });

  it('gives empty metadata when none was stored', () => {
    expect(toRecordedEvent(event({ metadata: undefined }), '')?.metadata).toEqual({});
  });

  it('skips system events and streams outside the prefix', () => {
    expect(isSystemEvent('$stats-127.0.0.1:2113', 'x')).toBe(true);
    expect(isSystemEvent('node-1', '$metadata')).toBe(true);
    expect(isSystemEvent('node-1', 'NodeEnrolled')).toBe(false);
    expect(toRecordedEvent(event({ type: '$>' }), '')).toBeUndefined();
    expect(toRecordedEvent(event({ streamId: '$ce-node' }), '')).toBeUndefined();
    expect(toRecordedEvent(event(), 't2-')).toBeUndefined();
    expect(toRecordedEvent(undefined, '')).toBeUndefined();
  });

  it('insists on a position (servers before 22.6 send none on stream reads)', () => {
    expect(() => toRecordedEvent(event({ position: undefined }), '')).toThrow(/22\.6/);
  });
});
