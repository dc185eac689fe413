/**
 * Nest's side of the gateway's logger (the process's pino logger, `processLogger`, whose format
 * LOG_FORMAT and LOG_LEVEL set for every service alike).
 */
import { type DynamicModule } from '@nestjs/common';
import { LoggerModule } from 'nestjs-pino';
import { type Logger } from 'pino';

/**
 * nestjs-pino on `logger`, for `app.useLogger(app.get(Logger))`. Its request middleware is
 * mounted on no route: `observeResponses` writes the access line instead, from a Fastify hook
 * that also sees the requests refused before any middleware runs (401, version errors) and knows
 * the matched route, without a child logger and an AsyncLocalStorage context per request.
 */
export function gatewayLoggerModule(logger: Logger): DynamicModule {
  return LoggerModule.forRoot({ pinoHttp: { logger }, forRoutes: [] });
}
