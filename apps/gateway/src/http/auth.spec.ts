import { afterEach, describe, expect, it } from '@jest/globals';
import bcrypt from 'bcryptjs';
import { ANONYMOUS, type Authenticator, authenticatorFromEnv, httpBasic, noAuth } from './auth.js';

const basic = (user: string, password: string) => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

describe('authentication', () => {
  const htpasswd = `# operators\nalice:${bcrypt.hashSync('s3cret', 4).replace(/^\$2b\$/, '$2y$')}\nbob:{SHA}ignored-not-bcrypt\n`;
  let auth: Authenticator | undefined;

  afterEach(async () => {
    await auth?.close();
    auth = undefined;
  });

  it('knows everyone as noauth without authentication', async () => {
    expect(await noAuth.authenticate(undefined)).toBe(ANONYMOUS);
  });

  it('accepts a user of the htpasswd file with the right password only', async () => {
    auth = httpBasic(htpasswd);
    expect(await auth.authenticate(basic('alice', 's3cret'))).toBe('alice');
    expect(await auth.authenticate(basic('alice', 's3cret'))).toBe('alice');
    expect(await auth.authenticate(basic('alice', 'wrong'))).toBeNull();
    expect(await auth.authenticate(basic('alice', 'wrong'))).toBeNull();
    expect(await auth.authenticate(basic('bob', 'ignored-not-bcrypt'))).toBeNull();
    expect(await auth.authenticate(basic('mallory', 's3cret'))).toBeNull();
    expect(await auth.authenticate(basic('', 's3cret'))).toBeNull();
    expect(await auth.authenticate('Bearer abc')).toBeNull();
    expect(await auth.authenticate(undefined)).toBeNull();
  });

  it('compares hashes off the event loop: timers keep firing while a costly hash is checked', async () => {
    const costly = `carol:${bcrypt.hashSync('pw', 12)}\n`;
    auth = httpBasic(costly, { workers: 1 });
    let ticks = 0;
    const timer = setInterval(() => ticks++, 5);
    const started = Date.now();
    expect(await auth.authenticate(basic('carol', 'wrong'))).toBeNull();
    const elapsed = Date.now() - started;
    clearInterval(timer);
    // A cost-12 comparison takes far more than 50 ms; on the loop it would starve the timer.
    expect(elapsed).toBeGreaterThan(50);
    expect(ticks).toBeGreaterThan(elapsed / 5 / 4);
  });

  it('remembers a proven credential briefly, and refuses with 429 when too many wait to be checked', async () => {
    auth = httpBasic(htpasswd, { workers: 1, maxPending: 2, verifiedTtlMs: 60_000 });
    expect(await auth.authenticate(basic('alice', 's3cret'))).toBe('alice');
    const flood = [1, 2, 3, 4].map((i) => auth!.authenticate(basic('alice', `wrong-${i}`)).catch((error: { status: number }) => error.status));
    // The proven credential needs no worker: it is answered while the others wait.
    expect(await auth.authenticate(basic('alice', 's3cret'))).toBe('alice');
    expect((await Promise.all(flood)).sort()).toEqual([429, 429, null, null]);
  });

  it('refuses to start without usable users', () => {
    expect(() => httpBasic('bob:plain\n')).toThrow(/no user with a bcrypt hash/);
    expect(() => authenticatorFromEnv({ AUTH_STRATEGY: 'http_basic' })).toThrow(/HTTP_BASIC_AUTH_USER_FILE/);
    expect(() => authenticatorFromEnv({ AUTH_STRATEGY: 'keystone' })).toThrow(/noauth or http_basic/);
  });
});
