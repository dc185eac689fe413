import { describe, expect, it } from '@jest/globals';
import { SessionStore } from './sessions.js';

const store = (maxPerOwner = 3) => {
  let n = 0;
  return new SessionStore({ timeoutSeconds: 10, maxPerOwner, newToken: () => `token-${++n}` });
};

describe('sessions', () => {
  it('authenticate their token at the BMC that opened them only', () => {
    const sessions = store();
    const session = sessions.open(7, 'admin', 0);
    expect(sessions.authenticate(7, session.token, 1)).toBe(session);
    expect(sessions.authenticate(8, session.token, 1)).toBeNull();
    expect(sessions.authenticate(0, session.token, 1)).toBeNull();
    expect(sessions.authenticate(7, 'nope', 1)).toBeNull();
  });

  it('expire after the timeout without use, and live on while used', () => {
    const sessions = store();
    const session = sessions.open(1, 'admin', 0);
    expect(sessions.authenticate(1, session.token, 9_000)).toBe(session);
    expect(sessions.authenticate(1, session.token, 18_000)).toBe(session);
    expect(sessions.authenticate(1, session.token, 28_001)).toBeNull();
    expect(sessions.size).toBe(0);
  });

  it('are listed, found and removed per BMC', () => {
    const sessions = store();
    const a = sessions.open(1, 'admin', 0);
    const b = sessions.open(1, 'admin', 0);
    sessions.open(2, 'admin', 0);
    expect(sessions.list(1)).toEqual([a, b]);
    expect(sessions.get(1, b.id)).toBe(b);
    expect(sessions.get(2, b.id)).toBeNull();
    sessions.remove(a);
    expect(sessions.list(1)).toEqual([b]);
    expect(sessions.authenticate(1, a.token, 0)).toBeNull();
    sessions.removeOwner(1);
    expect(sessions.list(1)).toEqual([]);
    expect(sessions.size).toBe(1);
  });

  it('close the oldest when a BMC has as many as it keeps', () => {
    const sessions = store(2);
    const first = sessions.open(1, 'admin', 0);
    sessions.open(1, 'admin', 0);
    sessions.open(1, 'admin', 0);
    expect(sessions.list(1)).toHaveLength(2);
    expect(sessions.authenticate(1, first.token, 0)).toBeNull();
  });

  it('open at login only with the account of their service, and name a missing field', () => {
    const sessions = store();
    const account = { username: 'admin', password: 'secret' };
    const code = (answer: ReturnType<SessionStore['login']>) => (answer.ok ? 'opened' : `${answer.status} ${answer.body.error.code.split('.').pop()}`);
    expect(code(sessions.login(4, account, undefined, 0))).toBe('400 PropertyMissing');
    expect(code(sessions.login(4, account, { UserName: 'admin' }, 0))).toBe('400 PropertyMissing');
    expect(code(sessions.login(4, account, { UserName: 'admin', Password: 'wrong' }, 0))).toBe('401 NoValidSession');
    expect(sessions.size).toBe(0);
    const opened = sessions.login(4, account, { UserName: 'admin', Password: 'secret' }, 0);
    expect(opened).toEqual({ ok: true, session: expect.objectContaining({ owner: 4, username: 'admin' }) });
    expect(sessions.list(4)).toHaveLength(1);
  });
});
