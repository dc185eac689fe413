/**
 * The gateway's logger: pino, one JSON object per line by default (what container log
 * collectors read), or one readable line per entry with LOG_FORMAT=text; LOG_LEVEL (default
 * `info`) sets the threshold. Nest's own logs go through it too, by nestjs-pino.
 */
import { type DynamicModule } from '@nestjs/common';
import { LoggerModule } from 'nestjs-pino';
import { type Logger, pino } from 'pino';

const LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

export function gatewayLogger(env: NodeJS.ProcessEnv = process.env): Logger {
  const level = env.LOG_LEVEL || 'info';
  if (!LEVELS.includes(level)) throw new Error(`LOG_LEVEL must be one of ${LEVELS.join(', ')}, not "${level}"`);
  if (env.LOG_FORMAT === 'text') {
    // pino-pretty formats on pino's worker thread, off the request path, and writes synchronously
    // there: pino flushes the worker when the process exits, so the last lines are not lost.
    const options = { singleLine: true, colorize: Boolean(process.stdout.isTTY), translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname,context', messageFormat: '{if context}{context}: {end}{msg}', sync: true };
    return pino({ level, transport: { target: 'pino-pretty', options } });
  }
  // Asynchronous writes: lines logged while a write is under way leave together in the next one,
  // and pino writes out what is left when the process exits.
  return pino({ level, formatters: { level: (label) => ({ level: label }) } }, pino.destination({ sync: false }));
}

/**
 * nestjs-pino on `logger`, for `app.useLogger(app.get(Logger))`. Its request middleware is
 * mounted on no route: `observeResponses` writes the access line instead, from a Fastify hook
 * that also sees the requests refused before any middleware runs (401, version errors) and knows
 * the matched route, without a child logger and an AsyncLocalStorage context per request.
 */
export function gatewayLoggerModule(logger: Logger): DynamicModule {
  return LoggerModule.forRoot({ pinoHttp: { logger }, forRoutes: [] });
}
