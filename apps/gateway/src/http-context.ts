/**
 * Per-request context set by a Fastify `onRequest` hook, before routing: a request id for
 * every response, the acting user (401 for `/v1` resources without valid credentials when
 * authentication is on; version discovery stays open, as in Ironic), and for `/v1` the
 * negotiated microversion with Ironic's version headers (or Ironic's version error). Running
 * before routing puts the headers on every `/v1` response, 404s and errors included.
 */
import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { ANONYMOUS, type Authenticator } from './auth.js';
import { badRequest, errorBody, versionErrorBody } from './errors.js';
import { MAX_VERSION, MAX_VERSION_HEADER, type Microversion, MIN_VERSION, MIN_VERSION_HEADER, negotiateVersion, VERSION_HEADER } from './microversion.js';

export interface RequestContext {
  /** `req-<uuid4>`, sent back as `Openstack-Request-Id` and recorded in the events the request causes. */
  readonly requestId: string;
  /** The acting user (`noauth` without authentication), recorded in the events the request causes. */
  readonly actor: string;
  /** The negotiated microversion (1.1 outside `/v1`, where none is negotiated). */
  readonly version: Microversion;
  /** Scheme and host as the client addressed us, for links. */
  readonly baseUrl: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    ironic: RequestContext;
  }
}

export function installRequestContext(fastify: FastifyInstance, auth: Authenticator): void {
  fastify.decorateRequest('ironic', null as unknown as RequestContext);
  fastify.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    const requestId = `req-${randomUUID()}`;
    reply.header('Openstack-Request-Id', requestId).header('X-Openstack-Request-Id', requestId);
    const baseUrl = `${request.protocol}://${request.headers.host ?? `${request.hostname}`}`;
    const actor = auth.authenticate(request.headers.authorization);
    if (!isV1(request.url)) {
      request.ironic = { requestId, actor: actor ?? ANONYMOUS, version: MIN_VERSION, baseUrl };
      return;
    }
    if (actor === null && !isVersionDocument(request.url) && !isRamdiskCallback(request.url)) {
      return reply.code(401).header('WWW-Authenticate', 'Basic realm="Baremetal API"').send(errorBody(401, 'Authentication required'));
    }
    const negotiation = negotiateVersion(request.headers);
    if (!negotiation.ok) {
      if (negotiation.withRange) reply.header(MIN_VERSION_HEADER, `${MIN_VERSION}`).header(MAX_VERSION_HEADER, `${MAX_VERSION}`);
      return reply.code(negotiation.status).send(versionErrorBody(negotiation.status, negotiation.description));
    }
    reply.header(MIN_VERSION_HEADER, `${MIN_VERSION}`).header(MAX_VERSION_HEADER, `${MAX_VERSION}`).header(VERSION_HEADER, `${negotiation.version}`);
    request.ironic = { requestId, actor: actor ?? ANONYMOUS, version: negotiation.version, baseUrl };
  });
}

/**
 * Bodies are JSON whatever their `Content-Type` says, and an empty body counts as none: clients
 * send `Content-Type: application/json` on DELETE and on PUTs without arguments, and
 * python-ironicclient sends `application/octet-stream` with an empty DELETE; Ironic accepts both.
 */
export function installJsonParser(fastify: FastifyInstance): void {
  const parse = (_request: FastifyRequest, body: string | Buffer, done: (error: Error | null, value?: unknown) => void) => {
    const text = String(body);
    if (text.trim() === '') return done(null, undefined);
    try {
      done(null, JSON.parse(text));
    } catch (error) {
      done(badRequest(`Malformed JSON in the request body: ${(error as Error).message}`), undefined);
    }
  };
  fastify.removeContentTypeParser('application/json');
  fastify.addContentTypeParser('application/json', { parseAs: 'string' }, parse);
  fastify.addContentTypeParser('*', { parseAs: 'string' }, parse);
}

/** The request's context in a controller: `@Ctx() ctx: RequestContext`. */
export const Ctx = createParamDecorator((_data: unknown, context: ExecutionContext): RequestContext => context.switchToHttp().getRequest<FastifyRequest>().ironic);

function isV1(url: string): boolean {
  return /^\/v1(?:[/?#]|$)/.test(url);
}

function isVersionDocument(url: string): boolean {
  return /^\/v1\/?(?:[?#]|$)/.test(url);
}

/** A booted ramdisk has no operator credentials: its inventory callback is public, as in ironic-inspector. */
function isRamdiskCallback(url: string): boolean {
  return /^\/v1\/continue\/?(?:[?#]|$)/.test(url);
}
