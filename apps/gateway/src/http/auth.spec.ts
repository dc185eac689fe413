import { afterEach, describe, expect, it } from '@jest/globals';
import bcrypt from 'bcryptjs';
import { ANONYMOUS, type Authenticator, authenticatorFromEnv, httpBasic, noAuth, TooManyAttempts } from './auth.js';

const basic = (user: string, password: string) => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** What a refused authentication was refused with: its status and Retry-After (429), else the user or null. */
const outcome = (work: Promise<string | null>) => work.catch((error: unknown) => (error instanceof TooManyAttempts ? { status: error.status, retryAfterS: error.retryAfterS } : Promise.reject(error)));

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

  it('serves the callers’ addresses in turn: a new caller waits for one comparison of a flooding address, not for all it queued', async () => {
    auth = httpBasic(htpasswd, { workers: 1, maxPendingPerClient: 8 });
    const answered: string[] = [];
    const flood = Array.from({ length: 8 }, (_, i) => auth!.authenticate(basic('alice', `flood-${i}`), () => '192.0.2.66').then(() => answered.push(`flood-${i}`)));
    const good = auth.authenticate(basic('alice', 's3cret'), () => '192.0.2.10').then((user) => answered.push(user!));
    // Beyond its share, the flooding address is refused at once; the other address is not.
    expect(await outcome(auth.authenticate(basic('alice', 'flood-9'), () => '192.0.2.66'))).toEqual({ status: 429, retryAfterS: 1 });
    await Promise.all([...flood, good]);
    // One comparison ran when the good caller came, then the flood had its turn, then the good caller.
    expect(answered.indexOf('alice')).toBe(2);
  });

  it('refuses an address that keeps failing with 429, without comparing, until it has stopped failing for a while', async () => {
    auth = httpBasic(htpasswd, { workers: 1, maxFailuresPerClient: 3, failureWindowMs: 400 });
    expect(await auth.authenticate(basic('alice', 's3cret'), () => '192.0.2.20')).toBe('alice');
    for (const i of [1, 2, 3]) expect(await auth.authenticate(basic('alice', `guess-${i}`), () => '192.0.2.66')).toBeNull();
    expect(await outcome(auth.authenticate(basic('alice', 'guess-4'), () => '192.0.2.66'))).toEqual({ status: 429, retryAfterS: 1 });
    // A credential not proven yet is refused from there too; a proven one, and other addresses, pass.
    expect(await outcome(auth.authenticate(basic('alice', 's3cret '), () => '192.0.2.66'))).toEqual({ status: 429, retryAfterS: 1 });
    expect(await auth.authenticate(basic('alice', 's3cret'), () => '192.0.2.66')).toBe('alice');
    expect(await auth.authenticate(basic('alice', 'typo'), () => '192.0.2.30')).toBeNull();
    await sleep(500);
    expect(await auth.authenticate(basic('alice', 'guess-5'), () => '192.0.2.66')).toBeNull();
  });

  it('keeps a credential in use proven: each use renews its time, so a working client never queues for a comparison', async () => {
    // A cost-13 hash (made beforehand: making one takes as long as comparing) keeps the only worker busy for a second or more.
    const slow = 'carol:$2b$13$TVCs7eVfzKBAYbnpZxK7LuwTg.nTIM9vtUF57ZsbnB4f8JFuxAgEi\n';
    auth = httpBasic(`${htpasswd}${slow}`, { workers: 1, maxPending: 1, verifiedTtlMs: 100 });
    expect(await auth.authenticate(basic('alice', 's3cret'))).toBe('alice');
    let busy = true;
    const comparing = auth.authenticate(basic('carol', 'wrong')).finally(() => (busy = false));
    // Used every 25 ms for three times its time to live, while the only place for a comparison is taken.
    for (let used = 0; used < 12 && busy; used++) {
      await sleep(25);
      expect(await auth.authenticate(basic('alice', 's3cret'))).toBe('alice');
    }
    expect(await comparing).toBeNull();
  });

  it('compares a credential asked for several times at once only once', async () => {
    auth = httpBasic(htpasswd, { workers: 1, maxPending: 1 });
    expect(await Promise.all(Array.from({ length: 5 }, () => auth!.authenticate(basic('alice', 'same-wrong'))))).toEqual([null, null, null, null, null]);
  });

  it('refuses to start without usable users', () => {
    expect(() => httpBasic('bob:plain\n')).toThrow(/no user with a bcrypt hash/);
    expect(() => authenticatorFromEnv({ AUTH_STRATEGY: 'http_basic' })).toThrow(/HTTP_BASIC_AUTH_USER_FILE/);
    expect(() => authenticatorFromEnv({ AUTH_STRATEGY: 'keystone' })).toThrow(/KEYSTONE_AUTH_FILE/);
    expect(() => authenticatorFromEnv({ AUTH_STRATEGY: 'ldap' })).toThrow(/noauth, http_basic or keystone/);
  });
});
