import { describe, expect, it } from '@jest/globals';
import { natsAccess } from './nats-access.js';

describe('natsAccess', () => {
  it('is the servers alone when the environment names no credentials or certificates', () => {
    expect(natsAccess('nats://a:4222,nats://b:4222', {})).toEqual({ servers: ['nats://a:4222', 'nats://b:4222'] });
  });

  it('refuses settings that cannot work together, before any connection', () => {
    expect(() => natsAccess('nats://a:4222', { NATS_USER: 'ironledger' })).toThrow('NATS_USER needs NATS_PASSWORD_FILE');
    expect(() => natsAccess('nats://a:4222', { NATS_PASSWORD_FILE: '/p' })).toThrow('NATS_PASSWORD_FILE needs NATS_USER');
    expect(() => natsAccess('nats://a:4222', { NATS_USER: 'u', NATS_PASSWORD_FILE: '/p', NATS_NKEY_SEED_FILE: '/s' })).toThrow('Set one way to authenticate to NATS, not NATS_PASSWORD_FILE and NATS_NKEY_SEED_FILE');
    expect(() => natsAccess('nats://a:4222', { NATS_TLS_CERT_FILE: '/c' })).toThrow('NATS_TLS_CERT_FILE and NATS_TLS_KEY_FILE go together');
  });
});
