import { readdirSync, readFileSync, statSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import { join } from 'node:path';
import { type RedfishBmcInfo } from './driver-info.js';
import { RedfishError } from './errors.js';
import { type BmcPool, type BmcRequestOptions } from './pool.js';

export interface RedfishClientOptions {
  /** Longest wait for one complete answer (default of every request). */
  readonly requestTimeoutMs: number;
  /** The connections, shared with the clients of other BMCs. */
  readonly pool: BmcPool;
}

/** A JSON object as Redfish resources are. */
export type Resource = Record<string, unknown>;

/**
 * Where the service root says the collections the driver uses are (`@odata.id`s; `null` when it
 * links none). A client keeps these instead of the whole root document: with one client per BMC,
 * a fleet's roots would otherwise take a few hundred bytes of memory per node.
 */
export interface ServiceLinks {
  readonly systems: string | null;
  readonly registries: string | null;
  /** `Links.Sessions`. */
  readonly sessions: string | null;
  readonly eventService: string | null;
}

interface RawResponse {
  readonly status: number;
  readonly headers: http.IncomingHttpHeaders;
  readonly text: string;
}

/** Largest answer accepted (the root Systems collection of a large simulator is well below). */
const MAX_BODY_BYTES = 16 * 1024 * 1024;

/**
 * HTTP(S) to one BMC with one set of credentials: connections from the shared pool, a
 * deadline per request, and basic or session authentication. A session is opened on first use,
 * opened again once when a request gets 401 (it expired, or the BMC rebooted), and deleted by
 * `close()`. `auto` does what sushy (Ironic's Redfish library) does: basic auth when the service
 * root links no session collection, or when the first login is refused in any way other than a
 * network failure (a 401 included: sushy-tools' emulator answers a login with 401 when it has no
 * session service), but never after a session once worked (a BMC that suddenly refuses one is
 * refusing the credentials). Messages of its errors name the method and URL, never the password.
 */
export class RedfishClient {
  private readonly agent: http.Agent;
  private readonly transport: typeof http | typeof https;
  /** Where and how to connect, and the BMC's name in the pool. */
  private readonly target: Omit<BmcRequestOptions, 'agent'>;
  private readonly basic: string;
  private readonly secrets: readonly string[];
  private mode: 'basic' | 'session';
  private token: string | null = null;
  private sessionUri: string | null = null;
  private loggingIn: Promise<string | null> | null = null;
  /** A session was opened once: from then on a refused login means refused credentials, even under `auto`. */
  private hadSession = false;
  private serviceLinks: ServiceLinks | null = null;

  constructor(
    readonly info: RedfishBmcInfo,
    private readonly options: RedfishClientOptions,
  ) {
    const url = new URL(info.origin);
    const secure = url.protocol === 'https:';
    this.transport = secure ? https : http;
    this.agent = secure ? options.pool.https : options.pool.http;
    const hostname = url.hostname.replace(/^\[(.*)\]$/, '$1');
    this.target = {
      // `host` too: the pool names connections by it, also before the request (see `BmcPool.makeRoom`).
      hostname,
      host: hostname,
      port: Number(url.port) || (secure ? 443 : 80),
      bmc: this.address,
      // Per request, so that the pool keeps connections verified differently apart.
      ...(secure ? { rejectUnauthorized: info.verifyCa !== false, ...(typeof info.verifyCa === 'string' ? { ca: loadCa(info.verifyCa) } : {}) } : {}),
    };
    const encoded = Buffer.from(`${info.username}:${info.password}`, 'utf8').toString('base64');
    this.basic = `Basic ${encoded}`;
    this.secrets = [info.password, encoded];
    this.mode = info.authType === 'basic' ? 'basic' : 'session';
  }

  /** `scheme://host:port/prefix` of the BMC, for messages. */
  get address(): string {
    return this.info.origin + this.info.prefix;
  }

  /** GETs a resource; throws `RedfishError` unless it is a 2xx JSON object. */
  async get(path: string, timeoutMs = this.options.requestTimeoutMs): Promise<Resource> {
    const response = await this.exchange('GET', path, undefined, timeoutMs);
    this.check('GET', path, response);
    return this.parse('GET', path, response);
  }

  /** POSTs a JSON body (an action); throws `RedfishError` unless the answer is 2xx. */
  async post(path: string, body: Resource, timeoutMs = this.options.requestTimeoutMs): Promise<void> {
    const response = await this.exchange('POST', path, body, timeoutMs);
    this.check('POST', path, response);
  }

  /**
   * Sends any request with an optional JSON body and extra headers (`If-Match`); throws
   * `RedfishError` unless the answer is 2xx. Returns the answer's ETag, `Location` (what a POST
   * created) and body (`null` when empty).
   */
  async request(
    method: 'GET' | 'PATCH' | 'POST' | 'DELETE',
    path: string,
    { body, headers = {}, timeoutMs = this.options.requestTimeoutMs }: { body?: Resource; headers?: Readonly<Record<string, string>>; timeoutMs?: number } = {},
  ): Promise<{ readonly etag: string | null; readonly location: string | null; readonly status: number; readonly resource: Resource | null }> {
    const response = await this.exchange(method, path, body, timeoutMs, headers);
    this.check(method, path, response);
    const etag = header(response, 'etag') ?? null;
    const location = header(response, 'location') ?? null;
    return { etag, location, status: response.status, resource: response.text.trim() === '' ? null : this.parse(method, path, response) };
  }

  /** The service root's links, read once (Redfish serves the root without authentication). */
  async links(timeoutMs = this.options.requestTimeoutMs): Promise<ServiceLinks> {
    if (!this.serviceLinks) {
      const response = await this.send('GET', this.info.rootPath, undefined, {}, timeoutMs);
      this.check('GET', this.info.rootPath, response);
      const root = this.parse('GET', this.info.rootPath, response);
      this.serviceLinks = { systems: odataId(root.Systems), registries: odataId(root.Registries), sessions: odataId((root.Links as Resource | undefined)?.Sessions), eventService: odataId(root.EventService) };
    }
    return this.serviceLinks;
  }

  /** Deletes the session, if one is open (its connections stay in the pool until idle). Never throws. */
  async close(): Promise<void> {
    const { token, sessionUri } = this;
    this.token = null;
    this.sessionUri = null;
    if (token && sessionUri) {
      await this.send('DELETE', sessionUri, undefined, { 'X-Auth-Token': token }, Math.min(this.options.requestTimeoutMs, 5000)).catch(() => undefined);
    }
  }

  /** Sends with the credentials the auth type calls for, logging in again once on a 401. */
  private async exchange(method: string, path: string, body: Resource | undefined, timeoutMs: number, headers: Readonly<Record<string, string>> = {}): Promise<RawResponse> {
    if (this.mode === 'session') {
      const token = await this.sessionToken(timeoutMs);
      if (token !== null) {
        const response = await this.send(method, path, body, { ...headers, 'X-Auth-Token': token }, timeoutMs);
        if (response.status !== 401) return response;
        if (this.token === token) this.token = this.sessionUri = null;
        const fresh = await this.sessionToken(timeoutMs);
        if (fresh !== null) return this.send(method, path, body, { ...headers, 'X-Auth-Token': fresh }, timeoutMs);
      }
    }
    return this.send(method, path, body, { ...headers, Authorization: this.basic }, timeoutMs);
  }

  /** The session token, logging in if there is none (one login at a time); `null` when `auto` fell back to basic. */
  private sessionToken(timeoutMs: number): Promise<string | null> {
    if (this.token) return Promise.resolve(this.token);
    this.loggingIn ??= this.login(timeoutMs).finally(() => (this.loggingIn = null));
    return this.loggingIn;
  }

  private async login(timeoutMs: number): Promise<string | null> {
    const auto = this.info.authType === 'auto' && !this.hadSession;
    const linked = await this.sessionsPath(timeoutMs);
    if (linked === null && auto) return this.useBasic();
    const path = linked ?? this.standardSessionsPath();
    const response = await this.send('POST', path, { UserName: this.info.username, Password: this.info.password }, {}, timeoutMs);
    const token = header(response, 'x-auth-token');
    if (response.status >= 200 && response.status < 300 && token) {
      const location = header(response, 'location');
      this.token = token;
      this.sessionUri = location ? pathOf(location) : (bodyId(response.text) ?? null);
      this.hadSession = true;
      return token;
    }
    if (auto) return this.useBasic();
    if (response.status < 300) throw new RedfishError('malformed', `The BMC at ${this.address} opened a session without an X-Auth-Token (POST ${path})`, response.status);
    throw this.statusError('POST', path, response);
  }

  private useBasic(): null {
    this.mode = 'basic';
    return null;
  }

  private standardSessionsPath(): string {
    return `${this.info.rootPath}/SessionService/Sessions`;
  }

  /**
   * Where sessions are opened: the service root's `Links.Sessions`; `null` when the root links
   * none (no session service), and the standard path when the root cannot be read.
   */
  private async sessionsPath(timeoutMs: number): Promise<string | null> {
    try {
      const { sessions } = await this.links(timeoutMs);
      return sessions === null ? null : pathOf(sessions);
    } catch (error) {
      // A BMC that answers, but not with a usable root, still gets the standard path.
      if (error instanceof RedfishError && error.status !== null) return this.standardSessionsPath();
      throw error;
    }
  }

  private check(method: string, path: string, response: RawResponse): void {
    if (response.status < 200 || response.status >= 300) throw this.statusError(method, path, response);
  }

  private statusError(method: string, path: string, response: RawResponse): RedfishError {
    const { status } = response;
    const detail = this.redact(bmcMessage(response.text));
    const said = detail ? `. ${detail}` : '';
    if (status === 401 || status === 403) {
      return new RedfishError('auth', `The BMC at ${this.address} refused the credentials of user "${this.info.username}" (HTTP ${status} on ${method} ${path})${said}`, status);
    }
    if (status === 404) return new RedfishError('not-found', `Resource ${this.info.origin}${path} not found`, status);
    return new RedfishError(status >= 500 ? 'server' : 'rejected', `HTTP ${method} ${this.info.origin}${path} returned code ${status}${said}`, status);
  }

  private parse(method: string, path: string, response: RawResponse): Resource {
    let value: unknown;
    try {
      value = JSON.parse(response.text);
    } catch (error) {
      throw new RedfishError('malformed', `The BMC answered ${method} ${this.info.origin}${path} with malformed JSON: ${this.redact((error as Error).message)}`, response.status);
    }
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      throw new RedfishError('malformed', `The BMC answered ${method} ${this.info.origin}${path} with JSON that is not a resource object`, response.status);
    }
    return value as Resource;
  }

  /** One HTTP exchange with a deadline for the whole of it. */
  private send(method: string, path: string, body: Resource | undefined, auth: Record<string, string>, timeoutMs: number, retried = false): Promise<RawResponse> {
    const url = `${this.info.origin}${path}`;
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const headers: http.OutgoingHttpHeaders = { Accept: 'application/json', 'OData-Version': '4.0', ...auth };
    if (payload !== undefined) {
      headers['Content-Type'] = 'application/json';
      headers['Content-Length'] = Buffer.byteLength(payload);
    }
    return new Promise<RawResponse>((resolve, reject) => {
      let timedOut = false;
      let responded = false;
      let settled = false;
      const options: BmcRequestOptions = { ...this.target, path, method, headers, agent: this.agent };
      this.options.pool.makeRoom(this.agent, options);
      const request = this.transport.request(options);
      const timer = setTimeout(() => {
        timedOut = true;
        request.destroy();
      }, Math.max(1, timeoutMs));
      const settle = (finish: () => void) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        finish();
      };
      const fail = (error: Error & { code?: string }) =>
        settle(() => {
          if (timedOut) return reject(new RedfishError('timeout', `HTTP ${method} ${url} got no answer within ${timeoutMs} ms`));
          // A kept-alive connection the BMC closed just as we reused it: the request never arrived.
          if (!retried && !responded && request.reusedSocket && (error.code === 'ECONNRESET' || error.code === 'EPIPE')) {
            return resolve(this.send(method, path, body, auth, timeoutMs, true));
          }
          reject(networkError(url, error, (text) => this.redact(text)));
        });
      request.on('error', fail);
      request.on('response', (response) => {
        responded = true;
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size <= MAX_BODY_BYTES) return void chunks.push(chunk);
          settle(() => reject(new RedfishError('malformed', `The BMC answered ${method} ${url} with more than ${MAX_BODY_BYTES} bytes`, response.statusCode ?? null)));
          request.destroy();
        });
        response.on('error', fail);
        response.on('end', () => settle(() => resolve({ status: response.statusCode ?? 0, headers: response.headers, text: Buffer.concat(chunks).toString('utf8') })));
        response.on('close', () => {
          if (!response.complete) fail(Object.assign(new Error('the connection closed before the answer was complete'), { code: 'ECONNRESET' }));
        });
      });
      request.end(payload);
    });
  }

  /** Text that came from the BMC or the network, with the password (plain or in a Basic header) blanked. */
  private redact(text: string): string {
    let result = text;
    for (const secret of this.secrets) if (secret && result.includes(secret)) result = result.split(secret).join('***');
    return result;
  }
}

function networkError(url: string, error: Error & { code?: string }, redact: (text: string) => string): RedfishError {
  const code = error.code ?? '';
  const tls = code.startsWith('ERR_TLS') || code.startsWith('ERR_SSL') || code.includes('CERT') || code.startsWith('UNABLE_TO') || code === 'EPROTO';
  const message = redact(error.message);
  return tls
    ? new RedfishError('tls', `TLS with ${url} failed (certificate not verified; see driver_info/redfish_verify_ca). Error: ${message}`)
    : new RedfishError('unreachable', `Unable to connect to ${url}. Error: ${message}`);
}

function header(response: RawResponse, name: string): string | undefined {
  const value = response.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** The path of a link, which a BMC may give as an absolute URL. */
function pathOf(link: string): string {
  return /^https?:\/\//i.test(link) ? new URL(link).pathname : link;
}

/** A link's `@odata.id`, if it is one. */
function odataId(link: unknown): string | null {
  const id = (link as Resource | null | undefined)?.['@odata.id'];
  return typeof id === 'string' ? id : null;
}

function bodyId(text: string): string | undefined {
  try {
    const id = (JSON.parse(text) as Resource)['@odata.id'];
    return typeof id === 'string' ? pathOf(id) : undefined;
  } catch {
    return undefined;
  }
}

/** What a Redfish error body says (its first extended message, or `error.message`), shortened. */
function bmcMessage(text: string): string {
  try {
    const error = (JSON.parse(text) as { error?: Resource }).error;
    const extended = (error?.['@Message.ExtendedInfo'] as Resource[] | undefined)?.[0]?.Message;
    const message = typeof extended === 'string' ? extended : error?.message;
    return typeof message === 'string' ? message.slice(0, 300) : '';
  } catch {
    return '';
  }
}

/** The CA certificates at `driver_info/redfish_verify_ca`: one PEM file, or a directory of them. */
function loadCa(path: string): string[] {
  try {
    if (statSync(path).isFile()) return [readFileSync(path, 'utf8')];
    return readdirSync(path)
      .map((name) => join(path, name))
      .filter((file) => statSync(file).isFile())
      .map((file) => readFileSync(file, 'utf8'))
      .filter((pem) => pem.includes('-----BEGIN CERTIFICATE-----'));
  } catch (error) {
    throw new RedfishError('invalid-config', `Cannot read the CA certificates at ${path} (driver_info/redfish_verify_ca): ${(error as Error).message}`);
  }
}
