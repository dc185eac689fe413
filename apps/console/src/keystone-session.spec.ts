import { describe, expect, it } from '@jest/globals';
import { asksForKeystoneToken, KeystoneSession, type SignInState, TOKEN_KEY, type TokenStorage } from './keystone-session.js';

const CHALLENGE = 'Keystone uri="http://127.0.0.1:5000/v3"';

function memoryStorage(): TokenStorage & { readonly items: Map<string, string> } {
  const items = new Map<string, string>();
  return { items, getItem: (key) => items.get(key) ?? null, setItem: (key, value) => void items.set(key, value), removeItem: (key) => void items.delete(key) };
}

function session() {
  const storage = memoryStorage();
  const keystone = new KeystoneSession(() => storage);
  const seen: SignInState[] = [];
  keystone.subscribe((state) => seen.push(state));
  return { storage, keystone, seen };
}

describe('asksForKeystoneToken', () => {
  it('is a 401 whose challenge names Keystone', () => {
    expect(asksForKeystoneToken(401, CHALLENGE)).toBe(true);
    expect(asksForKeystoneToken(401, 'keystone uri="x"')).toBe(true);
  });

  it('is not the browser’s basic challenge, a refusal of the action, or a 401 without a challenge', () => {
    expect(asksForKeystoneToken(401, 'Basic realm="Baremetal API"')).toBe(false);
    expect(asksForKeystoneToken(403, CHALLENGE)).toBe(false);
    expect(asksForKeystoneToken(401, null)).toBe(false);
    expect(asksForKeystoneToken(401, 'KeystoneX uri="x"')).toBe(false);
  });
});

describe('KeystoneSession', () => {
  it('needs nothing until the gateway asks, then a token, without saying one was refused', () => {
    const { keystone, seen } = session();
    expect([keystone.state, keystone.token]).toEqual([{ needed: false }, null]);
    keystone.answered(null, 200, null);
    keystone.answered(null, 401, 'Basic realm="Baremetal API"');
    expect(seen).toEqual([]);
    keystone.answered(null, 401, CHALLENGE);
    expect(seen).toEqual([{ needed: true, refused: false }]);
  });

  it('keeps the token signed in with (trimmed) and stops asking; an empty one is not a sign-in', () => {
    const { keystone, storage, seen } = session();
    keystone.answered(null, 401, CHALLENGE);
    keystone.signIn('   ');
    expect(keystone.state).toEqual({ needed: true, refused: false });
    keystone.signIn(' gAAAAAB-token\n');
    expect([keystone.token, storage.items.get(TOKEN_KEY), keystone.state]).toEqual(['gAAAAAB-token', 'gAAAAAB-token', { needed: false }]);
    expect(seen.at(-1)).toEqual({ needed: false });
  });

  it('drops a token the gateway refuses and asks again, saying it was refused', () => {
    const { keystone, storage } = session();
    keystone.signIn('expired');
    keystone.answered('expired', 200, null);
    keystone.answered('expired', 403, null);
    expect(keystone.state).toEqual({ needed: false });
    keystone.answered('expired', 401, CHALLENGE);
    expect([keystone.state, keystone.token, storage.items.has(TOKEN_KEY)]).toEqual([{ needed: true, refused: true }, null, false]);
    // The other requests sent with it, answered afterwards, change nothing.
    keystone.answered('expired', 401, CHALLENGE);
    keystone.answered(null, 401, CHALLENGE);
    expect(keystone.state).toEqual({ needed: true, refused: true });
  });

  it('ignores a refusal of a token that was replaced while the request was under way', () => {
    const { keystone } = session();
    keystone.signIn('old');
    keystone.signIn('new');
    keystone.answered('old', 401, CHALLENGE);
    expect([keystone.state, keystone.token]).toEqual([{ needed: false }, 'new']);
  });

  it('forgets the token on sign-out and asks for one, refusing nothing', () => {
    const { keystone, storage, seen } = session();
    keystone.signIn('token');
    keystone.signOut();
    expect([keystone.state, keystone.token, storage.items.size]).toEqual([{ needed: true, refused: false }, null, 0]);
    expect(seen).toEqual([{ needed: false }, { needed: true, refused: false }]);
  });

  it('stops telling a listener once it unsubscribes, and works where there is no storage', () => {
    const keystone = new KeystoneSession(() => undefined);
    const seen: SignInState[] = [];
    const stop = keystone.subscribe((state) => seen.push(state));
    keystone.answered(null, 401, CHALLENGE);
    stop();
    keystone.signIn('token');
    expect([seen, keystone.token]).toEqual([[{ needed: true, refused: false }], null]);
  });
});
