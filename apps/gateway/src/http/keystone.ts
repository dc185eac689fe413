/**
 * `AUTH_STRATEGY=keystone`: each request's `X-Auth-Token` is validated against Keystone v3 as
 * keystonemiddleware does it: with the service's own token, `GET /v3/auth/tokens` and the
 * caller's token in `X-Subject-Token`. The service's credentials come from a file holding
 * Ironic's `[keystone_authtoken]` section (auth_url, username, password, project_name,
 * user_domain_name or _id, project_domain_name or _id), never from the command line.
 *
 * Validated tokens are remembered, by digest, for a short while (never past their expiry), at
 * most `capacity` of them; a token refused by Keystone is refused without asking again for a few
 * seconds; the same token asked about at once is validated once.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { LruMap } from '@ironledger/domain';
import { ApiError } from './errors.js';

/** Who is asking, as a validated token says: what Ironic's policy is checked against. */
export interface Caller {
  /** The user's name (recorded as the actor of the events the request causes). */
  readonly user: string;
  readonly userId: string | null;
  /** Role names, lower case, as Keystone gives them (implied roles included). */
  readonly roles: readonly string[];
  /** The project the token is scoped to, if any, its name and its domain (Ironic's `service_role` and `is_member` rules read them). */
  readonly projectId: string | null;
  readonly projectName?: string | null;
  readonly projectDomainId?: string | null;
  /** `all` for a system-scoped token, else null. */
  readonly system: string | null;
  readonly domainId: string | null;
  /** Whether the token is for Keystone's admin project: true unless Keystone says otherwise, as keystonemiddleware and oslo.context read it. */
  readonly isAdminProject?: boolean;
}

export interface KeystoneServiceCredentials {
  readonly authUrl: string;
  readonly username: string;
  readonly password: string;
  readonly projectName: string;
  readonly userDomain: { readonly id: string } | { readonly name: string };
  readonly projectDomain: { readonly id: string } | { readonly name: string };
}

export interface KeystoneOptions {
  /** How long a validated token is trusted without asking Keystone again (default 60 s, never past its expiry). */
  readonly cacheTtlMs?: number;
  /** Validated tokens remembered at most (default 10,000; the oldest go first). */
  readonly capacity?: number;
  /** How long a token Keystone refused is refused without asking again (default 5 s). */
  readonly refusedTtlMs?: number;
  /** How long one call to Keystone may take (default 5 s). */
  readonly timeoutMs?: number;
  /** The clock (tests). */
  readonly now?: () => number;
}

/** Keystone could not be asked: a 503, as keystonemiddleware answers. */
export class IdentityUnavailable extends ApiError {
  constructor(message: string) {
    super(503, message);
  }
}

/**
 * The `[keystone_authtoken]` section of an oslo.config-style file (Ironic's own section name and
 * option names), as service credentials. Throws, naming what is missing.
 */
export function parseServiceCredentials(text: string, source = 'the keystone credentials file'): KeystoneServiceCredentials {
  const section = iniSection(text, 'keystone_authtoken');
  if (!section) throw new Error(`${source} has no [keystone_authtoken] section`);
  const required = (key: string) => {
    const value = section.get(key);
    if (!value) throw new Error(`${source}: [keystone_authtoken] needs ${key}`);
    return value;
  };
  const domain = (kind: 'user' | 'project') => {
    const id = section.get(`${kind}_domain_id`);
    const name = section.get(`${kind}_domain_name`);
    return id ? { id } : name ? { name } : { id: 'default' };
  };
  return {
    authUrl: required('auth_url').replace(/\/+$/, '').replace(/\/v3$/, ''),
    username: required('username'),
    password: required('password'),
    projectName: required('project_name'),
    userDomain: domain('user'),
    projectDomain: domain('project'),
  };
}

/** The keys and values of one `[name]` section of an INI text (the last value of a key wins). */
function iniSection(text: string, name: string): Map<string, string> | null {
  let current: string | null = null;
  let found: Map<string, string> | null = null;
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#') || line.startsWith(';')) continue;
    const header = /^\[([^\]]+)\]$/.exec(line);
    if (header) {
      current = header[1]!.trim();
      if (current === name) found ??= new Map();
      continue;
    }
    const pair = /^([^=]+?)\s*=\s*(.*)$/.exec(line);
    if (pair && current === name) found!.set(pair[1]!, pair[2]!);
  }
  return found;
}

/** The caller a validated token body (`GET /v3/auth/tokens`) describes. */
export function callerFromToken(body: unknown): Caller {
  const token = (body as { token?: Record<string, unknown> } | null)?.token;
  if (!token || typeof token !== 'object') throw new IdentityUnavailable('Keystone answered a token validation without a token');
  const user = token.user as { id?: string; name?: string } | undefined;
  const roles = Array.isArray(token.roles) ? (token.roles as { name?: string }[]).map((role) => String(role.name ?? '').toLowerCase()).filter(Boolean) : [];
  const project = token.project as { id?: string; name?: string; domain?: { id?: string } } | undefined;
  const system = token.system as { all?: boolean } | undefined;
  const domain = token.domain as { id?: string } | undefined;
  return {
    user: user?.name ?? user?.id ?? 'unknown',
    userId: user?.id ?? null,
    roles,
    projectId: project?.id ?? null,
    projectName: project?.name ?? null,
    projectDomainId: project?.domain?.id ?? null,
    system: system?.all ? 'all' : null,
    domainId: domain?.id ?? null,
    isAdminProject: token.is_admin_project !== false,
  };
}

export interface KeystoneValidator {
  /** The caller `token` proves, or null when Keystone does not know it (or it expired). */
  validate(token: string): Promise<Caller | null>;
  /** Where callers get tokens (for `WWW-Authenticate`). */
  readonly authUrl: string;
}

/** Validates tokens against the Keystone `credentials` name, as that service. */
export function keystoneValidator(credentials: KeystoneServiceCredentials, options: KeystoneOptions = {}): KeystoneValidator {
  const now = options.now ?? Date.now;
  const ttlMs = options.cacheTtlMs ?? 60_000;
  const capacity = options.capacity ?? 10_000;
  const refusedTtlMs = options.refusedTtlMs ?? 5_000;
  const timeoutMs = options.timeoutMs ?? 5_000;
  /** The answers, by token digest; the one answered longest ago is forgotten first. */
  const cache = new LruMap<string, { caller: Caller | null; until: number }>(capacity);
  const validating = new Map<string, Promise<Caller | null>>();
  let service: { token: string; until: number } | null = null;

  const call = async (path: string, init: RequestInit): Promise<Response> => {
    try {
      return await fetch(`${credentials.authUrl}${path}`, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    } catch (error) {
      throw new IdentityUnavailable(`The identity service cannot be reached: ${(error as Error).message}`);
    }
  };

  const serviceToken = async (): Promise<string> => {
    if (service && service.until > now()) return service.token;
    const response = await call('/v3/auth/tokens', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        auth: {
          identity: { methods: ['password'], password: { user: { name: credentials.username, domain: credentials.userDomain, password: credentials.password } } },
          scope: { project: { name: credentials.projectName, domain: credentials.projectDomain } },
        },
      }),
    });
    const token = response.headers.get('x-subject-token');
    if (response.status !== 201 || !token) throw new IdentityUnavailable(`The identity service refused the service's own credentials (${response.status})`);
    const expiresAt = Date.parse(((await response.json()) as { token?: { expires_at?: string } }).token?.expires_at ?? '');
    // Renewed a minute before it expires, so that no validation runs on an expiring token.
    service = { token, until: Number.isFinite(expiresAt) ? expiresAt - 60_000 : now() + 300_000 };
    return token;
  };

  const ask = async (token: string, retry = true): Promise<Caller | null> => {
    const response = await call('/v3/auth/tokens', { headers: { 'X-Auth-Token': await serviceToken(), 'X-Subject-Token': token } });
    if (response.status === 200) {
      const body = (await response.json()) as { token?: { expires_at?: string } };
      const caller = callerFromToken(body);
      const expiresAt = Date.parse(body.token?.expires_at ?? '');
      return Number.isFinite(expiresAt) && expiresAt <= now() ? null : caller;
    }
    await response.body?.cancel();
    if (response.status === 404 || response.status === 400) return null;
    // The service's own token was revoked or expired early: a new one, once.
    if (response.status === 401 && retry) {
      service = null;
      return ask(token, false);
    }
    throw new IdentityUnavailable(`The identity service answered ${response.status} to a token validation`);
  };

  return {
    authUrl: credentials.authUrl,
    async validate(token) {
      // Remembered by digest: the token itself is not kept longer than its request.
      const key = createHash('sha256').update(token).digest('base64');
      const known = cache.peek(key);
      if (known && known.until > now()) return known.caller;
      if (known) cache.delete(key);
      const running = validating.get(key);
      if (running) return running;
      const answer = ask(token)
        .then((caller) => {
          cache.set(key, { caller, until: now() + (caller ? ttlMs : refusedTtlMs) });
          return caller;
        })
        .finally(() => validating.delete(key));
      validating.set(key, answer);
      return answer;
    },
  };
}

/** KEYSTONE_AUTH_FILE (the `[keystone_authtoken]` file) and KEYSTONE_TOKEN_CACHE_TTL_MS. */
export function keystoneValidatorFromEnv(env: NodeJS.ProcessEnv): KeystoneValidator {
  const file = env.KEYSTONE_AUTH_FILE;
  if (!file) throw new Error('AUTH_STRATEGY=keystone needs KEYSTONE_AUTH_FILE (a file with a [keystone_authtoken] section: auth_url, username, password, project_name)');
  const ttl = env.KEYSTONE_TOKEN_CACHE_TTL_MS;
  if (ttl !== undefined && !/^\d+$/.test(ttl)) throw new Error(`KEYSTONE_TOKEN_CACHE_TTL_MS must be a number of milliseconds, not "${ttl}"`);
  return keystoneValidator(parseServiceCredentials(readFileSync(file, 'utf8'), file), ttl === undefined ? {} : { cacheTtlMs: Number(ttl) });
}
