/**
 * Who is asking. Ironic's `auth_strategy`: `noauth` (everyone is `noauth`), `http_basic`
 * (users and bcrypt hashes in an Apache htpasswd file, `http_basic_auth_user_file`, as made by
 * `htpasswd -B`) or `keystone` (tokens validated by Keystone, see `keystone.ts`). The acting user
 * is recorded in every event a request causes.
 *
 * bcrypt is slow on purpose (a cost-10 hash takes 100-250 ms here), so it never runs on the event
 * loop, and a flood of wrong passwords must not starve the users who know theirs:
 * - hashes are compared on worker threads (`BcryptPool`), which serve the callers' addresses in
 *   turn, one comparison each: a caller never waits behind more than one comparison of each other
 *   address that has some waiting, however many that address has queued;
 * - a proven credential is remembered for a minute after its last use (the user file is read once,
 *   so what was proven stays true while the process runs): a working client needs no comparison;
 * - a refused one is remembered for a few seconds, and identical credentials checked at once share
 *   one comparison;
 * - an address gets 429 without any comparison while it has too many waiting, or after too many
 *   failed ones: the flood ends as cheap 429s instead of a queue of minutes. Counted per address,
 *   not per user, so that nobody can lock a user out by failing on that user's name.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { LruMap } from '@ironledger/domain';
import { ApiError } from './errors.js';
import { type KeystoneValidator, keystoneValidatorFromEnv } from './keystone.js';

export type AuthStrategy = 'noauth' | 'http_basic' | 'keystone';

/** The acting user of requests when nobody is authenticated. */
export const ANONYMOUS = 'noauth';

/** Authentication by the `Authorization` header: `noauth` and `http_basic`. */
export interface Authenticator {
  readonly strategy: 'noauth' | 'http_basic';
  /**
   * The user an `Authorization` header proves, or `null` when it proves nobody. `client` gives the
   * caller's address, asked for only when a credential is checked. Rejects with `TooManyAttempts`
   * (429) while too many credentials wait to be checked, or that address failed too often.
   */
  authenticate(authorization: string | undefined, client?: () => string): Promise<string | null>;
  /** Stops what the authenticator runs in the background. */
  close(): Promise<void>;
}

/** Authentication by Keystone tokens (`X-Auth-Token`). */
export interface TokenAuthenticator {
  readonly strategy: 'keystone';
  readonly keystone: KeystoneValidator;
  close(): Promise<void>;
}

/** What AUTH_STRATEGY chose. */
export type RequestAuthenticator = Authenticator | TokenAuthenticator;

/** Accepts everyone as `noauth`. */
export const noAuth: Authenticator = { strategy: 'noauth', authenticate: async () => ANONYMOUS, close: async () => undefined };

/** A 429: the caller should come back after `retryAfterS`. */
export class TooManyAttempts extends ApiError {
  constructor(
    message: string,
    readonly retryAfterS: number,
  ) {
    super(429, message);
  }
}

export interface HttpBasicOptions {
  /** How long a proven credential is trusted without a new bcrypt comparison after its last use (default 60 s). */
  readonly verifiedTtlMs?: number;
  /** How long a refused credential is refused without a new comparison (default 10 s). */
  readonly refusedTtlMs?: number;
  /** Comparisons waiting or running, at most; beyond, requests get 429 (default 256). */
  readonly maxPending?: number;
  /** Comparisons one address may have waiting or running; beyond, its requests get 429 (default 8). */
  readonly maxPendingPerClient?: number;
  /** Failed comparisons after which an address gets 429 for credentials not proven yet (default 20)… */
  readonly maxFailuresPerClient?: number;
  /** …until it has gone this long without failing (default 60 s). */
  readonly failureWindowMs?: number;
  /** Worker threads comparing hashes (default: one per core but one, at least one, at most 4). */
  readonly workers?: number;
}

/** The address of callers that name none (a request always has one; tests may not). */
const UNKNOWN_CLIENT = '';

/** Checks HTTP basic credentials against htpasswd lines (`user:$2y$…`); only bcrypt hashes count. */
export function httpBasic(htpasswd: string, options: HttpBasicOptions = {}): Authenticator {
  const users = new Map<string, string>();
  for (const line of htpasswd.split(/\r?\n/)) {
    const match = /^([^:#\s][^:]*):(\$2[abxy]\$\d\d\$[./A-Za-z0-9]{53})\s*$/.exec(line);
    if (match) users.set(match[1], match[2].replace(/^\$2y\$/, '$2b$'));
  }
  if (users.size === 0) throw new Error('The http_basic user file holds no user with a bcrypt hash (make one with `htpasswd -nbB user password`).');
  const verified = new ExpiringMap<string>(options.verifiedTtlMs ?? 60_000, 1000);
  const refused = new ExpiringMap<true>(options.refusedTtlMs ?? 10_000, 10_000);
  const failures = new ExpiringMap<number>(options.failureWindowMs ?? 60_000, 10_000);
  const maxFailures = options.maxFailuresPerClient ?? 20;
  const pool = new BcryptPool(options.workers ?? Math.min(4, Math.max(1, availableParallelism() - 1)), options.maxPending ?? 256, options.maxPendingPerClient ?? 8);
  /** Comparisons running now, by credential digest: the same credential asked again meanwhile waits for the same answer. */
  const checking = new Map<string, Promise<string | null>>();

  const check = async (key: string, credential: string, client: string): Promise<string | null> => {
    const failed = failures.peek(client);
    if (failed !== undefined && failed.value >= maxFailures) {
      throw new TooManyAttempts('Too many failed authentication attempts, please retry later.', Math.max(1, Math.ceil(failed.ttlMs / 1000)));
    }
    const decoded = Buffer.from(credential, 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    const user = colon < 1 ? '' : decoded.slice(0, colon);
    const hash = users.get(user);
    if (hash && (await pool.compare(client, decoded.slice(colon + 1), hash))) {
      verified.set(key, user);
      return user;
    }
    refused.set(key, true);
    failures.set(client, (failures.get(client) ?? 0) + 1);
    return null;
  };

  return {
    strategy: 'http_basic',
    async authenticate(authorization, client = () => UNKNOWN_CLIENT) {
      const match = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(authorization ?? '');
      if (!match) return null;
      // Remembered by digest: the credential itself is not kept in memory longer than the request.
      const key = createHash('sha256').update(match[1]).digest('base64');
      const known = verified.get(key);
      if (known) return known;
      if (refused.get(key)) return null;
      const running = checking.get(key);
      if (running) return running;
      const answer = check(key, match[1], client()).finally(() => checking.delete(key));
      checking.set(key, answer);
      return answer;
    },
    close: () => pool.close(),
  };
}

/** AUTH_STRATEGY (`noauth` | `http_basic` | `keystone`) and HTTP_BASIC_AUTH_USER_FILE, as Ironic names them (KEYSTONE_AUTH_FILE: see `keystone.ts`). */
export function authenticatorFromEnv(env: NodeJS.ProcessEnv = process.env): RequestAuthenticator {
  const strategy = env.AUTH_STRATEGY || 'noauth';
  if (strategy === 'noauth') return noAuth;
  if (strategy === 'keystone') return { strategy, keystone: keystoneValidatorFromEnv(env), close: async () => undefined };
  if (strategy !== 'http_basic') throw new Error(`AUTH_STRATEGY must be noauth, http_basic or keystone, not "${strategy}"`);
  const file = env.HTTP_BASIC_AUTH_USER_FILE;
  if (!file) throw new Error('AUTH_STRATEGY=http_basic needs HTTP_BASIC_AUTH_USER_FILE (an htpasswd file with bcrypt hashes)');
  return httpBasic(readFileSync(file, 'utf8'));
}

/** A map whose entries expire a while after they were last set or read, holding at most `capacity` of them (the first set go first). */
class ExpiringMap<V> {
  private readonly entries: LruMap<string, { value: V; until: number }>;

  constructor(
    private readonly ttlMs: number,
    capacity: number,
  ) {
    this.entries = new LruMap(capacity);
  }

  /** The value, its time to live renewed (in place, its place in the order kept: this runs on every authenticated request). */
  get(key: string): V | undefined {
    const entry = this.entries.peek(key);
    if (!entry) return undefined;
    const now = Date.now();
    if (entry.until <= now) {
      this.entries.delete(key);
      return undefined;
    }
    entry.until = now + this.ttlMs;
    return entry.value;
  }

  /** The value and how long it has left, without renewing it. */
  peek(key: string): { value: V; ttlMs: number } | undefined {
    const entry = this.entries.peek(key);
    if (!entry) return undefined;
    const ttlMs = entry.until - Date.now();
    if (ttlMs > 0) return { value: entry.value, ttlMs };
    this.entries.delete(key);
    return undefined;
  }

  set(key: string, value: V): void {
    if (this.ttlMs <= 0) return;
    this.entries.set(key, { value, until: Date.now() + this.ttlMs });
  }
}

/** The worker's program: compares a password with a bcrypt hash, one message at a time. */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const bcrypt = require(workerData.bcryptjs);
parentPort.on('message', ({ password, hash }) => parentPort.postMessage(bcrypt.compareSync(password, hash)));
`;

/** One comparison asked for by `client`. */
interface Job {
  readonly client: string;
  readonly password: string;
  readonly hash: string;
  readonly done: (ok: boolean) => void;
}

interface Slot {
  worker: Worker;
  /** The comparison this worker runs, if any. */
  job: Job | null;
}

/**
 * bcrypt comparisons on worker threads, one at a time per worker. Waiting comparisons are kept
 * per caller address, and a free worker takes the next comparison of the address whose turn it
 * is (round robin): an address waits for at most one comparison of each other waiting address.
 */
class BcryptPool {
  private readonly slots: Slot[] = [];
  private readonly bcryptjs = createRequire(import.meta.url).resolve('bcryptjs');
  /** Waiting comparisons by address; the map's order is the order of turns. */
  private readonly turns = new Map<string, Job[]>();
  /** Comparisons waiting or running, by address. */
  private readonly pending = new Map<string, number>();
  private total = 0;
  private closed = false;

  constructor(
    size: number,
    private readonly maxPending: number,
    private readonly maxPendingPerClient: number,
  ) {
    for (let i = 0; i < size; i++) {
      const slot: Slot = { worker: this.spawn(), job: null };
      this.attach(slot);
      this.slots.push(slot);
    }
  }

  compare(client: string, password: string, hash: string): Promise<boolean> {
    const mine = this.pending.get(client) ?? 0;
    if (this.total >= this.maxPending || mine >= this.maxPendingPerClient) {
      return Promise.reject(new TooManyAttempts('Too many authentication attempts at once, please retry.', 1));
    }
    this.pending.set(client, mine + 1);
    this.total++;
    return new Promise((resolve) => {
      const done = (ok: boolean) => {
        const left = this.pending.get(client)! - 1;
        if (left === 0) this.pending.delete(client);
        else this.pending.set(client, left);
        this.total--;
        resolve(ok);
      };
      const waiting = this.turns.get(client);
      if (waiting) waiting.push({ client, password, hash, done });
      else this.turns.set(client, [{ client, password, hash, done }]);
      this.dispatch();
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const jobs of this.turns.values()) for (const job of jobs) job.done(false);
    this.turns.clear();
    await Promise.all(this.slots.map(({ worker }) => worker.terminate()));
  }

  /** Hands the next comparisons, address by address, to the free workers. */
  private dispatch(): void {
    for (const slot of this.slots) {
      if (slot.job || this.turns.size === 0) continue;
      const [client, jobs] = this.turns.entries().next().value!;
      const job = jobs.shift()!;
      // The address goes to the back of the turns, with what it still has waiting.
      this.turns.delete(client);
      if (jobs.length > 0) this.turns.set(client, jobs);
      slot.job = job;
      slot.worker.postMessage({ password: job.password, hash: job.hash });
    }
  }

  private spawn(): Worker {
    const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { bcryptjs: this.bcryptjs } });
    // A comparison never holds the process open.
    worker.unref();
    return worker;
  }

  private attach(slot: Slot): void {
    slot.worker.on('message', (ok: boolean) => this.finish(slot, ok));
    // A worker that died proves nobody for what it held, and is replaced.
    slot.worker.on('error', () => undefined);
    slot.worker.once('exit', () => {
      this.finish(slot, false);
      if (this.closed) return;
      slot.worker = this.spawn();
      this.attach(slot);
      this.dispatch();
    });
  }

  private finish(slot: Slot, ok: boolean): void {
    const job = slot.job;
    slot.job = null;
    job?.done(ok);
    if (!this.closed) this.dispatch();
  }
}
