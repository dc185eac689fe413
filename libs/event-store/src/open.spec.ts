import { describe, expect, it } from '@jest/globals';
import { storeConfigFromEnv } from './open.js';

describe('storeConfigFromEnv', () => {
  it('gives the JetStream store the replicas JETSTREAM_REPLICAS asks for, and none when unset', () => {
    expect(storeConfigFromEnv({ NATS_URL: 'nats://a:4222,nats://b:4222', JETSTREAM_REPLICAS: '3' })).toEqual({
      kind: 'jetstream',
      servers: 'nats://a:4222,nats://b:4222',
      stream: undefined,
      subjectPrefix: undefined,
      replicas: 3,
    });
    expect(storeConfigFromEnv({})).toMatchObject({ kind: 'jetstream', replicas: undefined });
  });

  it('refuses an invalid JETSTREAM_REPLICAS as it refuses other settings', () => {
    expect(() => storeConfigFromEnv({ JETSTREAM_REPLICAS: 'abc' })).toThrow('JETSTREAM_REPLICAS must be an integer from 1 to 5, not "abc"');
    expect(() => storeConfigFromEnv({ JETSTREAM_REPLICAS: '0' })).toThrow('JETSTREAM_REPLICAS must be an integer');
    expect(() => storeConfigFromEnv({ JETSTREAM_REPLICAS: '6' })).toThrow('JETSTREAM_REPLICAS must be an integer');
  });
});
