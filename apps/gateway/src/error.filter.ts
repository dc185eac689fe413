import { type ArgumentsHost, Catch, type ExceptionFilter, Logger } from '@nestjs/common';
import { type FastifyReply } from 'fastify';
import { errorBody, toHttpError } from './errors.js';

/** Every error leaves as Ironic's error body with the status `toHttpError` gives it. */
@Catch()
export class IronicExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('http');

  catch(exception: unknown, host: ArgumentsHost): void {
    sendError(host.switchToHttp().getResponse<FastifyReply>(), exception, this.logger);
  }
}

export function sendError(reply: FastifyReply, exception: unknown, logger: Logger): void {
  const { status, message } = toHttpError(exception);
  if (status >= 500) logger.error(exception instanceof Error ? (exception.stack ?? exception.message) : String(exception));
  void reply.code(status).header('Content-Type', 'application/json').send(errorBody(status, message));
}
