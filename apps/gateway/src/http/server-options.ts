/**
 * The HTTP server's limits, and Ironic's error body for what Fastify refuses before any route
 * runs (a URL it cannot decode, a path parameter too long, a malformed request).
 */
import { randomUUID } from 'node:crypto';
import { type Server, STATUS_CODES } from 'node:http';
import { type Socket } from 'node:net';
import { type FastifyHttpOptions, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { errorBody } from './errors.js';

/** Ironic's default `[oslo_middleware] max_request_body_size`: larger bodies get 413. */
export const MAX_BODY_BYTES = 114_688;

/**
 * A deployment's body may carry a config drive, which Ironic 21.4 takes at any size (its API
 * sets no body limit): `PUT …/states/provision` takes up to 480 KiB, so that the command, its
 * event and a conductor's reply (the event and the node, each with the config drive) each fit in
 * one NATS message (1 MiB by default). Larger bodies get 413.
 */
export const MAX_PROVISION_BODY_BYTES = 480 * 1024;

/** The routes of `PUT …/states/provision`, in both of Ironic's spellings. */
const PROVISION_URLS = ['/v1/nodes/:ident/states/provision', '/v1/nodes/states/provision/:ident'];

export interface ServerLimits {
  /** A client must have sent its request headers within this (slow-header clients are cut off). */
  readonly headersTimeoutMs: number;
  /** …and its whole request within this. */
  readonly requestTimeoutMs: number;
  /** An idle kept-alive connection is closed after this. */
  readonly keepAliveTimeoutMs: number;
  /** A connection on which nothing moves (either way) for this long is closed; event streams send a heartbeat well within. */
  readonly idleTimeoutMs: number;
}

export const DEFAULT_SERVER_LIMITS: ServerLimits = { headersTimeoutMs: 10_000, requestTimeoutMs: 30_000, keepAliveTimeoutMs: 5000, idleTimeoutMs: 60_000 };

/** Path parameters longer than this get 414 (Ironic's names and UUIDs are at most 255 characters). */
const MAX_PARAM_LENGTH = 1024;

/** Body limits of single routes, set as Nest registers them (`MAX_PROVISION_BODY_BYTES`). */
export function installRouteBodyLimits(fastify: FastifyInstance): void {
  fastify.addHook('onRoute', (route) => {
    if (route.method === 'PUT' && PROVISION_URLS.includes(route.url)) route.bodyLimit = MAX_PROVISION_BODY_BYTES;
  });
}

/** Fastify's options for the gateway: body and parameter limits, timeouts, and Ironic's error body for Fastify's own refusals. */
export function serverOptions(limits: ServerLimits = DEFAULT_SERVER_LIMITS): FastifyHttpOptions<Server> {
  return {
    bodyLimit: MAX_BODY_BYTES,
    // Ironic's request id, generated here so that Fastify and its hooks know the request by it (never taken from the client).
    genReqId: () => `req-${randomUUID()}`,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: MAX_PARAM_LENGTH },
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    requestTimeout: limits.requestTimeoutMs,
    connectionTimeout: limits.idleTimeoutMs,
    // Node checks the header and request deadlines on this interval (30 s by default).
    http: { headersTimeout: limits.headersTimeoutMs, connectionsCheckingInterval: 1000 },
    frameworkErrors: (error: Error & { statusCode?: number }, _request: FastifyRequest, reply: FastifyReply) => {
      const status = error.statusCode ?? 400;
      void reply.code(status).header('Content-Type', 'application/json').send(errorBody(status, status === 414 ? 'The request URI is too long.' : 'The request URL is not valid.'));
    },
    clientErrorHandler: (error: Error & { code?: string }, socket: Socket) => {
      if (!socket.writable) return socket.destroy();
      const status = error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : error.code === 'HPE_HEADER_OVERFLOW' ? 431 : 400;
      const body = JSON.stringify(errorBody(status, STATUS_CODES[status] ?? 'Bad Request'));
      socket.end(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`);
    },
  };
}
