/**
 * The Keystone token the console sends as `X-Auth-Token` when the gateway runs with
 * `AUTH_STRATEGY=keystone`. A browser sends no such header of its own accord, so the page asks
 * for a token once a call is answered with Keystone's challenge, keeps it for the tab's lifetime
 * (sessionStorage), and asks again when the gateway refuses it later (expired or revoked). Under
 * `http_basic` the challenge is the browser's to answer, and nothing here takes part.
 */

/** Where the token is kept: the tab's `sessionStorage` in the browser. */
export interface TokenStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export const TOKEN_KEY = 'ironledger.console.keystoneToken';

/** Whether the page must ask for a token; `refused` when the gateway turned down the one it had. */
export type SignInState = { readonly needed: false } | { readonly needed: true; readonly refused: boolean };

/** Whether a response is the gateway asking for a Keystone token: 401 with `WWW-Authenticate: Keystone uri="…"`. */
export function asksForKeystoneToken(status: number, challenge: string | null): boolean {
  return status === 401 && challenge !== null && /^keystone\b/i.test(challenge.trim());
}

export class KeystoneSession {
  private current: SignInState = { needed: false };
  private readonly listeners = new Set<(state: SignInState) => void>();

  /** `storage` is read when used, so that the module loads where there is none (unit tests). */
  constructor(private readonly storage: () => TokenStorage | undefined) {}

  get state(): SignInState {
    return this.current;
  }

  /** The token to send, if the operator gave one. */
  get token(): string | null {
    return this.storage()?.getItem(TOKEN_KEY) ?? null;
  }

  /**
   * Learns from the answer to a request sent with `sentToken`: a Keystone challenge asks for a
   * token, and drops the one that was sent. An answer to a token since replaced (a request still
   * under way when the operator signed in again) changes nothing.
   */
  answered(sentToken: string | null, status: number, challenge: string | null): void {
    if (this.current.needed || sentToken !== this.token || !asksForKeystoneToken(status, challenge)) return;
    if (sentToken !== null) this.storage()?.removeItem(TOKEN_KEY);
    this.set({ needed: true, refused: sentToken !== null });
  }

  signIn(token: string): void {
    const trimmed = token.trim();
    if (trimmed === '') return;
    this.storage()?.setItem(TOKEN_KEY, trimmed);
    this.set({ needed: false });
  }

  signOut(): void {
    this.storage()?.removeItem(TOKEN_KEY);
    this.set({ needed: true, refused: false });
  }

  /** Calls `listener` on every change; the function returned stops that. */
  subscribe(listener: (state: SignInState) => void): () => void {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }

  private set(state: SignInState): void {
    this.current = state;
    for (const listener of this.listeners) listener(state);
  }
}

/** The page's session, kept in the tab's sessionStorage. */
export const keystone = new KeystoneSession(() => (globalThis as { sessionStorage?: TokenStorage }).sessionStorage);
