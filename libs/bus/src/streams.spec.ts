import { describe, expect, it } from '@jest/globals';
import { replicasFromEnv, StreamRefusedError } from './streams.js';

describe('replicasFromEnv', () => {
  it('reads JETSTREAM_REPLICAS from 1 to 5, and nothing when it is unset or empty', () => {
    expect(['1', '3', '5', ' 3 '].map((value) => replicasFromEnv({ JETSTREAM_REPLICAS: value }))).toEqual([1, 3, 5, 3]);
    expect(replicasFromEnv({})).toBeUndefined();
    expect(replicasFromEnv({ JETSTREAM_REPLICAS: '' })).toBeUndefined();
  });

  it('refuses what is not a number of copies JetStream keeps, naming the setting and the value', () => {
    for (const value of ['abc', '0', '6', '-1', '2.5', '3x']) {
      expect(() => replicasFromEnv({ JETSTREAM_REPLICAS: value })).toThrow(`JETSTREAM_REPLICAS must be an integer from 1 to 5, not "${value}"`);
    }
  });
});

describe('StreamRefusedError', () => {
  it('says in one line which stream, which setting, and what the server said', () => {
    expect(new StreamRefusedError('EVENTS', 10074, 'replicas > 1 not supported in non-clustered mode', 3).message).toBe(
      'JetStream refused stream EVENTS with JETSTREAM_REPLICAS=3: replicas > 1 not supported in non-clustered mode (10074)',
    );
    expect(new StreamRefusedError('EVENTS', 10065, 'subjects overlap with an existing stream', undefined).message).toBe(
      'JetStream refused stream EVENTS: subjects overlap with an existing stream (10065)',
    );
  });
});
