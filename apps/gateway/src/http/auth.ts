/**
 * Who is asking. Ironic's `auth_strategy`: `noauth` (everyone is `noauth`) or `http_basic`
 * (users and bcrypt hashes in an Apache htpasswd file, `http_basic_auth_user_file`, as made by
 * `htpasswd -B`). The acting user is recorded in every event a request causes.
 *
 * bcrypt is slow on purpose, so it never runs on the event loop: hashes are compared on worker
 * threads (`BcryptPool`), a proven credential is remembered for a minute and a refused one for
 * a few seconds, so that neither a busy client nor a flood of wrong passwords stalls the API.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { ApiError } from './errors.js';

export type AuthStrategy = 'noauth' | 'http_basic';

/** The acting user of requests when nobody is authenticated. */
export const ANONYMOUS = 'noauth';

export interface Authenticator {
  readonly strategy: AuthStrategy;
  /**
   * The user an `Authorization` header proves, or `null` when it proves nobody. Rejects with a
   * 429 `ApiError` while too many credentials wait to be checked.
   */
  authenticate(authorization: string | undefined): Promise<string | null>;
  /** Stops what the authenticator runs in the background. */
  close(): Promise<void>;
}

/** Accepts everyone as `noauth`. */
export const noAuth: Authenticator = { strategy: 'noauth', authenticate: async () => ANONYMOUS, close: async () => undefined };

export interface HttpBasicOptions {
  /** How long a proven credential is trusted without a new bcrypt comparison (default 60 s). */
  readonly verifiedTtlMs?: number;
  /** How long a refused credential is refused without a new comparison (default 10 s). */
  readonly refusedTtlMs?: number;
  /** Comparisons waiting for a worker, at most; beyond, requests get 429 (default 256). */
  readonly maxPending?: number;
  /** Worker threads comparing hashes (default: one per core but one, at least one, at most 4). */
  readonly workers?: number;
}

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
  const pool = new BcryptPool(options.workers ?? Math.min(4, Math.max(1, availableParallelism() - 1)), options.maxPending ?? 256);
  return {
    strategy: 'http_basic',
    async authenticate(authorization) {
      const match = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(authorization ?? '');
      if (!match) return null;
      // Remembered by digest: the credential itself is not kept in memory longer than the request.
      const key = createHash('sha256').update(match[1]).digest('base64');
      const known = verified.get(key);
      if (known) return known;
      if (refused.get(key)) return null;
      const decoded = Buffer.from(match[1], 'base64').toString('utf8');
      const colon = decoded.indexOf(':');
      const user = colon < 1 ? '' : decoded.slice(0, colon);
      const hash = users.get(user);
      if (!hash || !(await pool.compare(decoded.slice(colon + 1), hash))) {
        refused.set(key, true);
        return null;
      }
      verified.set(key, user);
      return user;
    },
    close: () => pool.close(),
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

/** A map whose entries expire, holding at most `capacity` of them (the oldest go first). */
class ExpiringMap<V> {
  private readonly entries = new Map<string, { value: V; until: number }>();

  constructor(
    private readonly ttlMs: number,
    private readonly capacity: number,
  ) {}

  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.until > Date.now()) return entry.value;
    this.entries.delete(key);
    return undefined;
  }

  set(key: string, value: V): void {
    if (this.ttlMs <= 0) return;
    this.entries.delete(key);
    this.entries.set(key, { value, until: Date.now() + this.ttlMs });
    if (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value!);
  }
}

/** The worker's program: compares a password with a bcrypt hash, one message at a time. */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const bcrypt = require(workerData.bcryptjs);
parentPort.on('message', ({ id, password, hash }) => parentPort.postMessage({ id, ok: bcrypt.compareSync(password, hash) }));
`;

interface Slot {
  worker: Worker;
  /** Comparisons sent to this worker and not answered yet, by id. */
  readonly waiting: Map<number, (ok: boolean) => void>;
}

/** bcrypt comparisons on worker threads; each goes to the worker with the fewest waiting. */
class BcryptPool {
  private readonly slots: Slot[] = [];
  private readonly bcryptjs = createRequire(import.meta.url).resolve('bcryptjs');
  private nextId = 0;
  private closed = false;

  constructor(
    size: number,
    private readonly maxPending: number,
  ) {
    for (let i = 0; i < size; i++) {
      const slot: Slot = { worker: this.spawn(), waiting: new Map() };
      this.attach(slot);
      this.slots.push(slot);
    }
  }

  compare(password: string, hash: string): Promise<boolean> {
    const pending = this.slots.reduce((sum, slot) => sum + slot.waiting.size, 0);
    if (pending >= this.maxPending) return Promise.reject(new ApiError(429, 'Too many authentication attempts at once, please retry.'));
    const slot = this.slots.reduce((least, candidate) => (candidate.waiting.size < least.waiting.size ? candidate : least));
    const id = this.nextId++;
    return new Promise((resolve) => {
      slot.waiting.set(id, resolve);
      slot.worker.postMessage({ id, password, hash });
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.all(this.slots.map(({ worker }) => worker.terminate()));
  }

  private spawn(): Worker {
    const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { bcryptjs: this.bcryptjs } });
    // A comparison never holds the process open.
    worker.unref();
    return worker;
  }

  private attach(slot: Slot): void {
    slot.worker.on('message', ({ id, ok }: { id: number; ok: boolean }) => {
      slot.waiting.get(id)?.(ok);
      slot.waiting.delete(id);
    });
    // A worker that died proves nobody for what it held, and is replaced.
    slot.worker.on('error', () => undefined);
    slot.worker.once('exit', () => {
      for (const resolve of slot.waiting.values()) resolve(false);
      slot.waiting.clear();
      if (this.closed) return;
      slot.worker = this.spawn();
      this.attach(slot);
    });
  }
}
