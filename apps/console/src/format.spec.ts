import { describe, expect, it } from '@jest/globals';
import { formatTime } from './format.js';

describe('formatTime', () => {
  it('says an instant in ISO 8601 UTC to the second, whatever offset it was written with', () => {
    expect(formatTime('2026-11-29T10:19:02.345Z')).toBe('2026-11-29T10:19:02Z');
    expect(formatTime('2026-11-29T12:19:02+02:00')).toBe('2026-11-29T10:19:02Z');
  });

  it('leaves what is not a time as it is', () => {
    expect(formatTime('yesterday')).toBe('yesterday');
  });
});
