import { randomBytes } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { parseControl, parseFleetControl } from './control.js';
import {
  applyControl, applyReset, basicAuthHeader, type BmcControl, createBmc, DEFAULT_PASSWORD, DEFAULT_USERNAME, describeBmc,
  isResetType, observePower, type StablePower, takeFailure, type VirtualBmc,
} from './model.js';
import {
  computerSystem, injectedError, REDFISH_VERSION, redfishError, resetActionInfo, resetTypeNotAllowed, serviceRoot, sessionCollection, sessionPath,
  sessionResource, sessionService, systemCollection, systemUuid,
} from './resources.js';
import { type RamdiskOptions, Ramdisks } from './ramdisk.js';
import { SessionStore } from './sessions.js';

export interface BmcSimOptions {
  /** Interface to listen on (default 127.0.0.1). */
  readonly host?: string;
  /** Port to listen on; 0 picks a free one (default 8000). */
  readonly port?: number;
  /** How many virtual BMCs, numbered from 1 (default 100). */
  readonly systems?: number;
  /** Credentials of every BMC at start, and of the root service (default admin/password). */
  readonly username?: string;
  readonly password?: string;
  /** Initial power of every system (default Off). */
  readonly power?: StablePower;
  /** Serve HTTPS with this key and certificate (PEM) instead of HTTP. */
  readonly tls?: { readonly key: string | Buffer; readonly cert: string | Buffer };
  /** Redfish `SessionTimeout` in seconds (default 1800). */
  readonly sessionTimeoutSeconds?: number;
  /** Sessions one BMC keeps before it closes the oldest (default 64). */
  readonly maxSessionsPerBmc?: number;
  /** The clock the model reads (milliseconds); tests may replace it. */
  readonly now?: () => number;
  /** Inspection ramdisks that post an inventory when a system boots (see `ramdisk.ts`). */
  readonly ramdisk?: RamdiskOptions;
}

/** A running simulator. */
export interface BmcSim {
  /** `http://host:port` of the root service. */
  readonly url: string;
  readonly port: number;
  /** The virtual BMCs; `bmcs[n - 1]` is BMC n. */
  readonly bmcs: readonly VirtualBmc[];
  /** The `redfish_address` of BMC n. */
  bmcUrl(index: number): string;
  /** Applies a control request in process, exactly as `PUT /control/bmc/{n}` does. */
  control(index: number, control: BmcControl): void;
  close(): Promise<void>;
}

/** What a route serves; the same handlers answer at the root and under `/bmc/{n}`. */
type Resource = 'serviceRoot' | 'systems' | 'system' | 'resetInfo' | 'reset' | 'sessionService' | 'sessions' | 'login' | 'session' | 'logout';

const SESSION_RESOURCES: ReadonlySet<Resource> = new Set<Resource>(['sessionService', 'sessions', 'login', 'session', 'logout']);

interface Params {
  n?: string;
  id?: string;
  sid?: string;
}

type Req = FastifyRequest<{ Params: Params }>;

/** The account of the root service, which serves every system without a `/bmc/{n}` prefix. */
interface Account {
  username: string;
  password: string;
  basicAuth: string;
}

/** A request held by a hanging BMC, answered when the fault is cleared. */
interface Held {
  readonly reply: FastifyReply;
  readonly resume: () => void;
}

/** Thrown by the JSON body parser; answered as Redfish `MalformedJSON`. */
class MalformedJsonError extends Error {
  readonly statusCode = 400;
}

/**
 * Starts the simulator: thousands of virtual Redfish BMCs on one port. BMC n answers under
 * `/bmc/{n}/redfish/v1` with its own credentials, sessions and faults; the root `/redfish/v1`
 * serves every system at once with the root account (faults of system n still apply to it).
 * The control API under `/control` configures faults and needs no credentials.
 */
export async function startBmcSim(options: BmcSimOptions = {}): Promise<BmcSim> {
  const now = options.now ?? Date.now;
  const count = options.systems ?? 100;
  const defaults = { username: options.username ?? DEFAULT_USERNAME, password: options.password ?? DEFAULT_PASSWORD, power: options.power ?? 'Off' };
  const bmcs: VirtualBmc[] = [];
  for (let index = 1; index <= count; index++) bmcs.push(createBmc(index, defaults));
  const root: Account = { ...defaults, basicAuth: basicAuthHeader(defaults.username, defaults.password) };
  const rootUuid = systemUuid(0);
  const sessions = new SessionStore({
    timeoutSeconds: options.sessionTimeoutSeconds ?? 1800,
    maxPerOwner: options.maxSessionsPerBmc ?? 64,
    newToken: () => randomBytes(16).toString('hex'),
  });
  const held = new Map<number, Held[]>();
  const ramdisks = new Ramdisks(options.ramdisk ?? {}, () => url);

  const settings = { logger: false, routerOptions: { ignoreTrailingSlash: true }, forceCloseConnections: true, bodyLimit: 64 * 1024 };
  // Both servers offer the same API; the HTTPS instance only differs in its raw server type.
  const app = (options.tls ? Fastify({ ...settings, https: { key: options.tls.key, cert: options.tls.cert } }) : Fastify(settings)) as unknown as FastifyInstance;

  // JSON bodies: an empty body is no body (DELETE with a content type), bad JSON is MalformedJSON.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    if (body === '') return done(null, undefined);
    try {
      done(null, JSON.parse(body as string));
    } catch {
      done(new MalformedJsonError('malformed JSON'), undefined);
    }
  });
  app.setErrorHandler((error: Error & { statusCode?: number }, _request, reply) => {
    if (error instanceof MalformedJsonError) return sendJson(reply, 400, redfishError('MalformedJSON'));
    const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
    return sendJson(reply, status, redfishError(status >= 500 ? 'InternalError' : 'GeneralError'));
  });
  app.setNotFoundHandler((request, reply) => sendJson(reply, 404, redfishError('ResourceMissingAtURI', request.url)));

  const bmcAt = (param: string | undefined): VirtualBmc | undefined => {
    const index = Number(param);
    return Number.isInteger(index) && index >= 1 && index <= count && String(index) === param ? bmcs[index - 1] : undefined;
  };

  /** The Redfish pipeline: find the BMC, then latency, hang, injected failure, auth, resource. */
  const serve = (resource: Resource, perBmc: boolean) => (request: Req, reply: FastifyReply): void => {
    const params = request.params;
    let bmc: VirtualBmc | undefined;
    if (perBmc) {
      bmc = bmcAt(params.n);
      if (!bmc) return void sendJson(reply, 404, redfishError('ResourceMissingAtURI', request.url));
    }
    if (params.id !== undefined) {
      const system = bmcAt(params.id);
      if (!system || (bmc && system !== bmc)) return void sendJson(reply, 404, redfishError('ResourceMissingAtURI', request.url));
      bmc = system;
    }
    const prefix = perBmc ? `/bmc/${params.n}` : '';
    const owner = perBmc ? bmc!.index : 0;
    if (!bmc) return answer(resource, request, reply, prefix, owner, undefined);
    bmc.requests++;
    const target = bmc;
    if (target.latencyMs > 0) {
      setTimeout(() => afterLatency(resource, request, reply, prefix, owner, target), target.latencyMs);
    } else {
      afterLatency(resource, request, reply, prefix, owner, target);
    }
  };

  const afterLatency = (resource: Resource, request: Req, reply: FastifyReply, prefix: string, owner: number, bmc: VirtualBmc): void => {
    if (reply.sent || reply.raw.destroyed) return;
    if (bmc.hang) return hold(bmc, reply, () => afterLatency(resource, request, reply, prefix, owner, bmc));
    const status = takeFailure(bmc);
    if (status !== 0) return void sendJson(reply, status, injectedError(status));
    answer(resource, request, reply, prefix, owner, bmc);
  };

  const hold = (bmc: VirtualBmc, reply: FastifyReply, resume: () => void): void => {
    let list = held.get(bmc.index);
    if (!list) held.set(bmc.index, (list = []));
    const entry: Held = { reply, resume };
    list.push(entry);
    // The client may give up first; forget the request then.
    reply.raw.once('close', () => {
      const current = held.get(bmc.index);
      const at = current?.indexOf(entry) ?? -1;
      if (at >= 0) current!.splice(at, 1);
      if (current?.length === 0) held.delete(bmc.index);
    });
  };

  const release = (bmc: VirtualBmc): void => {
    const list = held.get(bmc.index);
    if (!list) return;
    held.delete(bmc.index);
    for (const entry of list) entry.resume();
  };

  const authenticated = (request: Req, owner: number): boolean => {
    const account: Account = owner === 0 ? root : bmcs[owner - 1]!;
    const authorization = request.headers.authorization;
    if (authorization !== undefined && (authorization === account.basicAuth || basicMatches(authorization, account))) return true;
    const token = request.headers['x-auth-token'];
    return typeof token === 'string' && sessions.authenticate(owner, token, now()) !== null;
  };

  const answer = (resource: Resource, request: Req, reply: FastifyReply, prefix: string, owner: number, bmc: VirtualBmc | undefined): void => {
    const garbled = bmc?.garbled ?? false;
    const withSessions = owner === 0 || bmc!.sessionService;
    // The service root (and the version document) and login are open to anyone, as Redfish requires.
    if (resource === 'serviceRoot') return void sendJson(reply, 200, serviceRoot(prefix, bmc ? systemUuid(bmc.index) : rootUuid, withSessions), garbled);
    if (!withSessions && SESSION_RESOURCES.has(resource)) return void sendJson(reply, 404, redfishError('ResourceMissingAtURI', request.url));
    if (resource === 'login') return login(request, reply, prefix, owner, garbled);
    if (!authenticated(request, owner)) {
      reply.header('WWW-Authenticate', 'Basic realm="bmc-sim"');
      return void sendJson(reply, 401, redfishError('NoValidSession'));
    }
    switch (resource) {
      case 'systems':
        return void sendJson(reply, 200, bmc ? systemCollection(prefix, bmc.index, bmc.index) : systemCollection(prefix, 1, count), garbled);
      case 'system':
        return void sendJson(reply, 200, computerSystem(prefix, bmc!, observePower(bmc!, now())), garbled);
      case 'resetInfo':
        return void sendJson(reply, 200, resetActionInfo(prefix, bmc!), garbled);
      case 'reset':
        return reset(request, reply, bmc!);
      case 'sessionService':
        return void sendJson(reply, 200, sessionService(prefix, sessions.timeoutSeconds), garbled);
      case 'sessions':
        return void sendJson(reply, 200, sessionCollection(prefix, sessions.list(owner)), garbled);
      case 'session': {
        const session = sessions.get(owner, request.params.sid ?? '');
        if (!session) return void sendJson(reply, 404, redfishError('ResourceMissingAtURI', request.url));
        return void sendJson(reply, 200, sessionResource(prefix, session), garbled);
      }
      case 'logout': {
        const session = sessions.get(owner, request.params.sid ?? '');
        if (!session) return void sendJson(reply, 404, redfishError('ResourceMissingAtURI', request.url));
        sessions.remove(session);
        return void reply.code(204).header('OData-Version', '4.0').send();
      }
      default: {
        const unreachable: never = resource;
        throw new Error(`unknown resource ${String(unreachable)}`);
      }
    }
  };

  const reset = (request: Req, reply: FastifyReply, bmc: VirtualBmc): void => {
    const body = request.body as Record<string, unknown> | undefined;
    if (body === undefined || body === null || typeof body !== 'object' || Array.isArray(body)) {
      return void sendJson(reply, 400, redfishError('ActionParameterMissing', 'ComputerSystem.Reset', 'ResetType'));
    }
    const resetType = body.ResetType;
    if (resetType === undefined) return void sendJson(reply, 400, redfishError('ActionParameterMissing', 'ComputerSystem.Reset', 'ResetType'));
    const before = bmc.pendingPower ?? bmc.power;
    if (!isResetType(resetType) || !applyReset(bmc, resetType, now()).ok) {
      return void sendJson(reply, 400, resetTypeNotAllowed(String(resetType)));
    }
    ramdisks.reset(bmc, resetType, before);
    reply.code(204).header('OData-Version', '4.0').send();
  };

  const login = (request: Req, reply: FastifyReply, prefix: string, owner: number, garbled: boolean): void => {
    const body = request.body as Record<string, unknown> | undefined;
    const username = body?.UserName;
    const password = body?.Password;
    if (typeof username !== 'string') return void sendJson(reply, 400, redfishError('PropertyMissing', 'UserName'));
    if (typeof password !== 'string') return void sendJson(reply, 400, redfishError('PropertyMissing', 'Password'));
    const account: Account = owner === 0 ? root : bmcs[owner - 1]!;
    if (username !== account.username || password !== account.password) return void sendJson(reply, 401, redfishError('NoValidSession'));
    const session = sessions.open(owner, username, now());
    reply.header('X-Auth-Token', session.token).header('Location', sessionPath(prefix, session));
    sendJson(reply, 201, sessionResource(prefix, session), garbled);
  };

  // Redfish routes, at the root and under each BMC's prefix.
  for (const [prefix, perBmc] of [['', false], ['/bmc/:n', true]] as const) {
    const v1 = `${prefix}/redfish/v1`;
    app.get<{ Params: Params }>(`${prefix}/redfish`, (request, reply) => {
      if (perBmc && !bmcAt(request.params.n)) return void sendJson(reply, 404, redfishError('ResourceMissingAtURI', request.url));
      sendJson(reply, 200, { v1: `${perBmc ? `/bmc/${request.params.n}` : ''}/redfish/v1/` });
    });
    app.get(v1, serve('serviceRoot', perBmc));
    app.get(`${v1}/Systems`, serve('systems', perBmc));
    app.get(`${v1}/Systems/:id`, serve('system', perBmc));
    app.get(`${v1}/Systems/:id/ResetActionInfo`, serve('resetInfo', perBmc));
    app.post(`${v1}/Systems/:id/Actions/ComputerSystem.Reset`, serve('reset', perBmc));
    app.get(`${v1}/SessionService`, serve('sessionService', perBmc));
    app.get(`${v1}/SessionService/Sessions`, serve('sessions', perBmc));
    app.post(`${v1}/SessionService/Sessions`, serve('login', perBmc));
    app.get(`${v1}/SessionService/Sessions/:sid`, serve('session', perBmc));
    app.delete(`${v1}/SessionService/Sessions/:sid`, serve('logout', perBmc));
  }

  // The control API.
  const control = (bmc: VirtualBmc, change: BmcControl): void => {
    const { release: releaseHeld, credentialsChanged } = applyControl(bmc, change, now());
    if (credentialsChanged || change.dropSessions || change.sessionService === false) sessions.removeOwner(bmc.index);
    if (releaseHeld) release(bmc);
  };
  app.get<{ Params: Params }>('/control/bmc/:n', (request, reply) => {
    const bmc = bmcAt(request.params.n);
    if (!bmc) return void sendJson(reply, 404, { error: `no BMC ${request.params.n}; BMCs are 1 to ${count}` });
    sendJson(reply, 200, { ...describeBmc(bmc, now()), held: held.get(bmc.index)?.length ?? 0, sessions: sessions.list(bmc.index).length });
  });
  app.put<{ Params: Params }>('/control/bmc/:n', (request, reply) => {
    const bmc = bmcAt(request.params.n);
    if (!bmc) return void sendJson(reply, 404, { error: `no BMC ${request.params.n}; BMCs are 1 to ${count}` });
    const parsed = parseControl(request.body);
    if (!parsed.ok) return void sendJson(reply, 400, { error: parsed.error });
    control(bmc, parsed.value);
    sendJson(reply, 200, describeBmc(bmc, now()));
  });
  app.post('/control/fleet', (request, reply) => {
    const parsed = parseFleetControl(request.body ?? {});
    if (!parsed.ok) return void sendJson(reply, 400, { error: parsed.error });
    const { from = 1, to = count, ...change } = parsed.value;
    let updated = 0;
    for (let index = from; index <= Math.min(to, count); index++, updated++) control(bmcs[index - 1]!, change);
    sendJson(reply, 200, { updated });
  });
  ramdisks.routes(app, bmcAt, count);
  app.get('/control/fleet', (_request, reply) => {
    const at = now();
    let on = 0;
    let requests = 0;
    let resets = 0;
    let heldCount = 0;
    for (const bmc of bmcs) {
      if (observePower(bmc, at) === 'On') on++;
      requests += bmc.requests;
      resets += bmc.resets;
    }
    for (const list of held.values()) heldCount += list.length;
    sendJson(reply, 200, { systems: count, on, off: count - on, requests, resets, sessions: sessions.size, held: heldCount, redfishVersion: REDFISH_VERSION });
  });

  await app.listen({ host: options.host ?? '127.0.0.1', port: options.port ?? 8000 });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : (options.port ?? 8000);
  const host = options.host ?? '127.0.0.1';
  const url = `${options.tls ? 'https' : 'http'}://${host.includes(':') ? `[${host}]` : host}:${port}`;

  return {
    url,
    port,
    bmcs,
    bmcUrl: (index) => `${url}/bmc/${index}`,
    control(index, change) {
      const bmc = bmcs[index - 1];
      if (!bmc) throw new Error(`no BMC ${index}; BMCs are 1 to ${count}`);
      control(bmc, change);
    },
    async close() {
      held.clear();
      ramdisks.close();
      await app.close();
    },
  };
}

/** Sends a JSON body with the OData header; a garbled BMC cuts the body short. */
function sendJson(reply: FastifyReply, status: number, body: unknown, garbled = false): FastifyReply {
  const text = JSON.stringify(body);
  return reply
    .code(status)
    .header('OData-Version', '4.0')
    .type('application/json; charset=utf-8')
    .send(garbled ? text.slice(0, Math.max(1, text.length >> 1)) : text);
}

/** Compares `Basic …` credentials that are not byte-for-byte what we precomputed (scheme case, padding). */
function basicMatches(authorization: string, account: Account): boolean {
  const space = authorization.indexOf(' ');
  if (space < 0 || authorization.slice(0, space).toLowerCase() !== 'basic') return false;
  const decoded = Buffer.from(authorization.slice(space + 1).trim(), 'base64').toString('utf8');
  return decoded === `${account.username}:${account.password}`;
}
