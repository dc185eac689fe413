import { type ArgumentsHost, Catch, type ExceptionFilter, Logger, NotFoundException } from '@nestjs/common';
import { type FastifyReply, type FastifyRequest } from 'fastify';
import { TooManyAttempts } from './auth.js';
import { errorBody, RouterError, routerError, sendRouterError, toHttpError } from './errors.js';

/** Every error leaves as Ironic's error body with the status `toHttpError` gives it. */
@Catch()
export class IronicExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('http');

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    sendError(http.getResponse<FastifyReply>(), asRoutingError(exception, http.getRequest<FastifyRequest>()), this.logger);
  }
}

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

/**
 * A request no route matched, answered as Ironic's router answers it: 405 when the path has a
 * route for another method, else 404, both in the router's body.
 */
function asRoutingError(exception: unknown, request: FastifyRequest): unknown {
  if (!(exception instanceof NotFoundException) || request.routeOptions?.url !== undefined) return exception;
  const url = request.url.split('?')[0]!;
  // A collection whose routes all take an identifier (`POST /v1/heartbeat/{node}`) is a resource too.
  const urls = [url, `${url.replace(/\/$/, '')}/x`];
  const otherMethod = METHODS.some((method) => method !== request.method && urls.some((candidate) => request.server.findRoute({ method, url: candidate }) !== null));
  return routerError(otherMethod ? 405 : 404);
}

export function sendError(reply: FastifyReply, exception: unknown, logger: Logger): void {
  if (exception instanceof RouterError) {
    void sendRouterError(reply, exception);
    return;
  }
  const { status, message } = toHttpError(exception);
  // Unavailability (the store or bus out of reach) is expected in an outage; anything else at 500 is a bug worth its stack.
  if (status === 503) logger.warn(exception instanceof Error ? exception.message : String(exception));
  else if (status >= 500) logger.error(exception instanceof Error ? (exception.stack ?? exception.message) : String(exception));
  if (exception instanceof TooManyAttempts) reply.header('Retry-After', String(exception.retryAfterS));
  void reply.code(status).header('Content-Type', 'application/json').send(errorBody(status, message));
}
