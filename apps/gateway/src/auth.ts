/**
 * Who is asking. Ironic's `auth_strategy`: `noauth` (everyone is `noauth`) or `http_basic`
 * (users and bcrypt hashes in an Apache htpasswd file, `http_basic_auth_user_file`, as made by
 * `htpasswd -B`). The acting user is recorded in every event a request causes.
 */
import { readFileSync } from 'node:fs';
import bcrypt from 'bcryptjs';

export type AuthStrategy = 'noauth' | 'http_basic';

/** The acting user of requests when nobody is authenticated. */
export const ANONYMOUS = 'noauth';

export interface Authenticator {
  readonly strategy: AuthStrategy;
  /** The user an `Authorization` header proves, or `null` when it proves nobody. */
  authenticate(authorization: string | undefined): string | null;
}

/** Accepts everyone as `noauth`. */
export const noAuth: Authenticator = { strategy: 'noauth', authenticate: () => ANONYMOUS };

/** Checks HTTP basic credentials against htpasswd lines (`user:$2y$…`); only bcrypt hashes count. */
export function httpBasic(htpasswd: string): Authenticator {
  const users = new Map<string, string>();
  for (const line of htpasswd.split(/\r?\n/)) {
    const match = /^([^:#\s][^:]*):(\$2[abxy]\$\d\d\$[./A-Za-z0-9]{53})\s*$/.exec(line);
    if (match) users.set(match[1], match[2].replace(/^\$2y\$/, '$2b$'));
  }
  if (users.size === 0) throw new Error('The http_basic user file holds no user with a bcrypt hash (make one with `htpasswd -nbB user password`).');
  // Verified credentials, so that a client's every request does not cost a bcrypt round.
  const verified = new Map<string, string>();
  return {
    strategy: 'http_basic',
    authenticate(authorization) {
      const match = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(authorization ?? '');
      if (!match) return null;
      const known = verified.get(match[1]);
      if (known) return known;
      const decoded = Buffer.from(match[1], 'base64').toString('utf8');
      const colon = decoded.indexOf(':');
      if (colon < 1) return null;
      const user = decoded.slice(0, colon);
      const hash = users.get(user);
      if (!hash || !bcrypt.compareSync(decoded.slice(colon + 1), hash)) return null;
      if (verified.size < 1000) verified.set(match[1], user);
      return user;
    },
  };
}

/** AUTH_STRATEGY (`noauth` | `http_basic`) and HTTP_BASIC_AUTH_USER_FILE, as Ironic names them. */
export function authenticatorFromEnv(env: NodeJS.ProcessEnv = process.env): Authenticator {
  const strategy = env.AUTH_STRATEGY || 'noauth';
  if (strategy === 'noauth') return noAuth;
  if (strategy !== 'http_basic') throw new Error(`AUTH_STRATEGY must be noauth or http_basic, not "${strategy}"`);
  const file = env.HTTP_BASIC_AUTH_USER_FILE;
  if (!file) throw new Error('AUTH_STRATEGY=http_basic needs HTTP_BASIC_AUTH_USER_FILE (an htpasswd file with bcrypt hashes)');
  return httpBasic(readFileSync(file, 'utf8'));
}
