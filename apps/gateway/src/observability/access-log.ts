/**
 * One access-log line and the HTTP metrics per response, from a Fastify `onResponse` hook: it
 * runs for every response, those of routes, 404s and requests refused by the request-context
 * hook alike, once the router matched the route and the reply's duration is known.
 */
import { type FastifyInstance } from 'fastify';
import { type Level, type Logger } from 'pino';
import { type GatewayMetrics } from './gateway-metrics.js';

/** The route label of requests no route matched: one value, so that made-up URLs cannot multiply the series. */
const UNMATCHED_ROUTE = 'unmatched';

/**
 * Routes that probes and Prometheus poll every few seconds: answered, they are logged at debug
 * level, where they do not bury the requests people make (LOG_LEVEL=debug shows them); a
 * failing one is worth a line at info.
 */
const POLLED_ROUTES: ReadonlySet<string> = new Set(['/healthz', '/readyz', '/metrics']);

/** The level of a response's access line. */
export function accessLevel(route: string, status: number): Level {
  return POLLED_ROUTES.has(route) && status < 400 ? 'debug' : 'info';
}

export function observeResponses(fastify: FastifyInstance, rootLogger: Logger, metrics: GatewayMetrics): void {
  const logger = rootLogger.child({ context: 'access' });
  fastify.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? UNMATCHED_ROUTE;
    const status = reply.statusCode;
    const ms = reply.elapsedTime;
    metrics.observeRequest(request.method, route, status, ms / 1000);
    const level = accessLevel(route, status);
    if (logger.isLevelEnabled(level)) {
      // `request.id` is the request's Openstack-Request-Id; the user is unknown when authentication refused the request.
      logger[level]({ requestId: request.id, user: request.ironic?.actor, method: request.method, url: request.url, route, status, durationMs: Math.round(ms * 1000) / 1000 }, 'request completed');
    }
    done();
  });
}
