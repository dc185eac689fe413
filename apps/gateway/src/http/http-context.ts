/**
 * Per-request context set by a Fastify `onRequest` hook, which runs once the router has matched
 * the request: a request id for every response, the acting user, and for `/v1` the negotiated
 * microversion with Ironic's version headers (or Ironic's version error). Running before the
 * handler puts the headers on every `/v1` response, 404s and errors included.
 *
 * Authentication is judged on the route the router matched (its pattern, after the router
 * decoded and normalised the URL), never on the raw URL: `/%761/nodes` is `/v1/nodes`. Every
 * route needs credentials when authentication is on, except the few public ones Ironic leaves
 * open (version discovery, the ramdisk's callbacks) and the health probes, and those only when
 * spelled with `/v1` (see `unprefixed.ts`). Under `keystone` the console's static files are open
 * too (`CONSOLE_ROUTES`).
 */
import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { ANONYMOUS, type RequestAuthenticator, TooManyAttempts } from './auth.js';
import { assertNever, type Policy, type PolicyCredentials } from '@ironledger/domain';
import { type Caller } from './keystone.js';
import { CONSOLE_ROUTES } from '../console/console-routes.js';
import { badRequest, errorBody, routerError, sendRouterError, toHttpError, versionErrorBody } from './errors.js';
import { IRONLEDGER_V1_ROUTES, isUnprefixed } from './unprefixed.js';
import { MAX_VERSION, MAX_VERSION_HEADER, type Microversion, MIN_VERSION, MIN_VERSION_HEADER, negotiateVersion, VERSION_HEADER } from './microversion.js';

export interface RequestContext {
  /** Fastify's request id, `req-<uuid4>` (see `serverOptions`): sent back as `Openstack-Request-Id`, recorded in the events the request causes and in the access log. */
  readonly requestId: string;
  /** The acting user (`noauth` without authentication), recorded in the events the request causes. */
  readonly actor: string;
  /** The negotiated microversion (1.1 outside `/v1`, where none is negotiated). */
  readonly version: Microversion;
  /** Scheme and host as the client addressed us, for links. */
  readonly baseUrl: string;
  /** The caller's address (Fastify's `request.ip`), for limits per client. */
  readonly client?: string;
  /** Roles and scope from a validated Keystone token; null under `noauth` and `http_basic`, where no access policy applies. */
  readonly caller?: Caller | null;
  /** The access policy the caller is held to (see `access.ts`). */
  readonly policy?: Policy;
  /** Set when the policy lets the caller list only one project's resources: those its nodes are owned by or leased to (see `access-hook.ts`). */
  readonly listProject?: string;
  /** The Keystone caller as the policy reads it (see `access-hook.ts`). */
  readonly credentials?: PolicyCredentials;
}

declare module 'fastify' {
  interface FastifyRequest {
    ironic: RequestContext;
  }
}

/**
 * Routes (as registered patterns) open to anyone: Ironic's `acl_public_routes` (version
 * discovery, the ramdisk's lookup and heartbeat), the inspector's inventory callback (a booted
 * ramdisk has no operator credentials), and the health probes.
 */
export const PUBLIC_ROUTES: ReadonlySet<string> = new Set(['/', '/v1', '/v1/lookup', '/v1/heartbeat/:ident', '/v1/continue', '/healthz', '/readyz']);

export function installRequestContext(fastify: FastifyInstance, auth: RequestAuthenticator, policy?: Policy): void {
  fastify.decorateRequest('ironic', null as unknown as RequestContext);
  fastify.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    const requestId = request.id;
    reply.header('Openstack-Request-Id', requestId).header('X-Openstack-Request-Id', requestId);
    const baseUrl = `${request.protocol}://${request.headers.host ?? `${request.hostname}`}`;
    // The matched route; a request no route matched is judged on its decoded path (it gets a 404 or 405 anyway).
    const route = request.routeOptions.url ?? decodedPath(request.url);
    let actor: string | null;
    let caller: Caller | null;
    try {
      ({ actor, caller } = await identify(auth, request));
    } catch (error) {
      const { status, message } = toHttpError(error);
      return reply.code(status).header('Retry-After', String(error instanceof TooManyAttempts ? error.retryAfterS : 1)).send(errorBody(status, message));
    }
    // Ironic judges its public routes on the path as sent: `/lookup` is not public, `/v1/lookup` is.
    const unprefixed = isUnprefixed(request);
    if (actor === null && (unprefixed || !isPublic(route, auth))) {
      return reply.code(401).header('WWW-Authenticate', challenge(auth)).send(errorBody(401, 'Authentication required'));
    }
    if (!isV1(route)) {
      request.ironic = withClient(request, { requestId, actor: actor ?? ANONYMOUS, version: MIN_VERSION, baseUrl, caller, policy });
      return;
    }
    const negotiation = negotiateVersion(request.headers);
    if (!negotiation.ok) {
      if (negotiation.withRange) reply.header(MIN_VERSION_HEADER, `${MIN_VERSION}`).header(MAX_VERSION_HEADER, `${MAX_VERSION}`);
      return reply.code(negotiation.status).send(versionErrorBody(negotiation.status, negotiation.description));
    }
    if (unprefixed && IRONLEDGER_V1_ROUTES.has(route)) return sendRouterError(reply, routerError(404));
    reply.header(MIN_VERSION_HEADER, `${MIN_VERSION}`).header(MAX_VERSION_HEADER, `${MAX_VERSION}`).header(VERSION_HEADER, `${negotiation.version}`);
    request.ironic = withClient(request, { requestId, actor: actor ?? ANONYMOUS, version: negotiation.version, baseUrl, caller, policy });
  });
}

/** The context with the caller's address read only when asked: reading it is a system call per connection, which few requests need. */
function withClient(request: FastifyRequest, context: Omit<RequestContext, 'client'>): RequestContext {
  return {
    ...context,
    get client() {
      return request.ip;
    },
  };
}

/**
 * Whether anyone may request `route`. Under `keystone` the console's page and hashed assets are
 * open as well: a browser sends no `X-Auth-Token` when it loads a page, the files hold no data,
 * and the page asks for a token and sends it on every API call. Under `http_basic` they stay
 * behind the browser's own prompt, whose credentials then go with the page's calls too.
 */
function isPublic(route: string, auth: RequestAuthenticator): boolean {
  return PUBLIC_ROUTES.has(route) || (auth.strategy === 'keystone' && CONSOLE_ROUTES.has(route));
}

/** The acting user the request's credentials prove (null: none), and under `keystone` the token's roles and scope. */
async function identify(auth: RequestAuthenticator, request: FastifyRequest): Promise<{ actor: string | null; caller: Caller | null }> {
  switch (auth.strategy) {
    case 'noauth':
    case 'http_basic':
      return { actor: await auth.authenticate(request.headers.authorization, () => request.ip), caller: null };
    case 'keystone': {
      const token = request.headers['x-auth-token'];
      const caller = typeof token === 'string' && token !== '' ? await auth.keystone.validate(token) : null;
      return { actor: caller?.user ?? null, caller };
    }
    default:
      return assertNever(auth);
  }
}

/** What a 401 tells the client to authenticate with. */
function challenge(auth: RequestAuthenticator): string {
  return auth.strategy === 'keystone' ? `Keystone uri="${auth.keystone.authUrl}/v3"` : 'Basic realm="Baremetal API"';
}

/** How deeply a request body may nest JSON arrays and objects (Ironic's own documents stay far below). */
export const MAX_JSON_DEPTH = 32;

/**
 * Bodies are JSON whatever their `Content-Type` says, and an empty body counts as none: clients
 * send `Content-Type: application/json` on DELETE and on PUTs without arguments, and
 * python-ironicclient sends `application/octet-stream` with an empty DELETE; Ironic accepts both.
 * A body nested deeper than `MAX_JSON_DEPTH` is refused here, before anything walks it (a
 * value that deep breaks clients reading it back, and recursive code on the way).
 */
export function installJsonParser(fastify: FastifyInstance): void {
  const parse = (_request: FastifyRequest, body: string | Buffer, done: (error: Error | null, value?: unknown) => void) => {
    let value: unknown;
    try {
      value = parseJsonBody(String(body));
    } catch (error) {
      return done(error as Error, undefined);
    }
    done(null, value);
  };
  fastify.removeContentTypeParser('application/json');
  fastify.addContentTypeParser('application/json', { parseAs: 'string' }, parse);
  fastify.addContentTypeParser('*', { parseAs: 'string' }, parse);
}

/** A request body as the parser reads it (`undefined`: empty); a refusal is thrown as a 400. */
export function parseJsonBody(text: string): unknown {
  if (text.trim() === '') return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw badRequest(`Malformed JSON in the request body: ${(error as Error).message}`);
  }
  if (jsonDepth(value, MAX_JSON_DEPTH) > MAX_JSON_DEPTH) throw badRequest(`The request body nests JSON arrays and objects more than ${MAX_JSON_DEPTH} levels deep.`);
  return value;
}

/** How deeply `value` nests arrays and objects (a scalar: 0), counted without recursion and only up to `limit + 1`. */
export function jsonDepth(value: unknown, limit = Number.MAX_SAFE_INTEGER): number {
  let deepest = 0;
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length > 0) {
    const [current, depth] = stack.pop()!;
    if (current === null || typeof current !== 'object') continue;
    deepest = Math.max(deepest, depth);
    if (deepest > limit) return deepest;
    for (const child of Object.values(current)) if (child !== null && typeof child === 'object') stack.push([child, depth + 1]);
  }
  return deepest;
}

/** The request's context in a controller: `@Ctx() ctx: RequestContext`. */
export const Ctx = createParamDecorator((_data: unknown, context: ExecutionContext): RequestContext => context.switchToHttp().getRequest<FastifyRequest>().ironic);

function isV1(path: string): boolean {
  return /^\/v1(?:\/|$)/.test(path);
}

/** The path of a URL as the router reads it (percent-decoded, without the query), or the raw URL when it cannot be decoded. */
function decodedPath(url: string): string {
  const path = url.split(/[?#]/, 1)[0]!;
  try {
    return decodeURIComponent(path).replace(/(.)\/+$/, '$1');
  } catch {
    return path;
  }
}
