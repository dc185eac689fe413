import { describe, expect, it } from '@jest/globals';
import bcrypt from 'bcryptjs';
import { ANONYMOUS, authenticatorFromEnv, httpBasic, noAuth } from './auth.js';

const basic = (user: string, password: string) => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

describe('authentication', () => {
  const htpasswd = `# operators\nalice:${bcrypt.hashSync('s3cret', 4).replace(/^\$2b\$/, '$2y$')}\nbob:{SHA}ignored-not-bcrypt\n`;

  it('knows everyone as noauth without authentication', () => {
    expect(noAuth.authenticate(undefined)).toBe(ANONYMOUS);
  });

  it('accepts a user of the htpasswd file with the right password only', () => {
    const auth = httpBasic(htpasswd);
    expect(auth.authenticate(basic('alice', 's3cret'))).toBe('alice');
    expect(auth.authenticate(basic('alice', 's3cret'))).toBe('alice');
    expect(auth.authenticate(basic('alice', 'wrong'))).toBeNull();
    expect(auth.authenticate(basic('bob', 'ignored-not-bcrypt'))).toBeNull();
    expect(auth.authenticate(basic('mallory', 's3cret'))).toBeNull();
    expect(auth.authenticate('Bearer abc')).toBeNull();
    expect(auth.authenticate(undefined)).toBeNull();
  });

  it('refuses to start without usable users', () => {
    expect(() => httpBasic('bob:plain\n')).toThrow(/no user with a bcrypt hash/);
    expect(() => authenticatorFromEnv({ AUTH_STRATEGY: 'http_basic' })).toThrow(/HTTP_BASIC_AUTH_USER_FILE/);
    expect(() => authenticatorFromEnv({ AUTH_STRATEGY: 'keystone' })).toThrow(/noauth or http_basic/);
  });
});
