/**
 * Redfish sessions of every virtual BMC. A token is valid only at the service (owner) that issued
 * it: BMC n is owner n, blade enclosure e owner -e, and owner 0 is the root service that serves all
 * systems without a prefix. Expiry is checked lazily on use; `now` comes from the caller.
 */
import { redfishError } from './resources.js';

export interface Session {
  readonly id: string;
  readonly owner: number;
  readonly token: string;
  readonly username: string;
  lastUsed: number;
}

export interface SessionStoreOptions {
  /** Idle time after which a session is gone (Redfish `SessionTimeout`, seconds). */
  readonly timeoutSeconds: number;
  /** Sessions one BMC keeps; opening one more closes the oldest (BMCs have little memory). */
  readonly maxPerOwner: number;
  readonly newToken: () => string;
}

/** A login's outcome: the session it opened, or the Redfish error that refuses it. */
export type LoginAnswer = { readonly ok: true; readonly session: Session } | { readonly ok: false; readonly status: number; readonly body: ReturnType<typeof redfishError> };

export class SessionStore {
  private readonly byToken = new Map<string, Session>();
  private readonly byOwner = new Map<number, Map<string, Session>>();
  private nextId = 1;

  constructor(private readonly options: SessionStoreOptions) {}

  get timeoutSeconds(): number {
    return this.options.timeoutSeconds;
  }

  get size(): number {
    return this.byToken.size;
  }

  open(owner: number, username: string, now: number): Session {
    let sessions = this.byOwner.get(owner);
    if (!sessions) this.byOwner.set(owner, (sessions = new Map()));
    if (sessions.size >= this.options.maxPerOwner) {
      const oldest = sessions.values().next().value;
      if (oldest) this.remove(oldest);
    }
    const session: Session = { id: String(this.nextId++), owner, token: this.options.newToken(), username, lastUsed: now };
    sessions.set(session.id, session);
    this.byToken.set(session.token, session);
    return session;
  }

  /** `POST SessionService/Sessions`: a session for `UserName` and `Password` when they are the service's own account's. */
  login(owner: number, account: { readonly username: string; readonly password: string }, body: unknown, now: number): LoginAnswer {
    const fields = body as Record<string, unknown> | undefined;
    const username = fields?.UserName;
    const password = fields?.Password;
    if (typeof username !== 'string') return { ok: false, status: 400, body: redfishError('PropertyMissing', 'UserName') };
    if (typeof password !== 'string') return { ok: false, status: 400, body: redfishError('PropertyMissing', 'Password') };
    if (username !== account.username || password !== account.password) return { ok: false, status: 401, body: redfishError('NoValidSession') };
    return { ok: true, session: this.open(owner, username, now) };
  }

  /** The live session a token names at this owner, touching it; `null` if none. */
  authenticate(owner: number, token: string, now: number): Session | null {
    const session = this.byToken.get(token);
    if (!session || session.owner !== owner) return null;
    if (now - session.lastUsed > this.options.timeoutSeconds * 1000) {
      this.remove(session);
      return null;
    }
    session.lastUsed = now;
    return session;
  }

  get(owner: number, id: string): Session | null {
    return this.byOwner.get(owner)?.get(id) ?? null;
  }

  list(owner: number): Session[] {
    return [...(this.byOwner.get(owner)?.values() ?? [])];
  }

  remove(session: Session): void {
    this.byToken.delete(session.token);
    const sessions = this.byOwner.get(session.owner);
    sessions?.delete(session.id);
    if (sessions?.size === 0) this.byOwner.delete(session.owner);
  }

  /** Ends every session of one owner (its account changed, or the BMC was told to forget them). */
  removeOwner(owner: number): void {
    for (const session of this.list(owner)) this.remove(session);
  }
}
