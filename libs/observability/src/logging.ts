/**
 * One log format for every service: pino, one JSON object per line by default (what container
 * log collectors read), or one readable line per entry with LOG_FORMAT=text; times are ISO 8601
 * (UTC) in both. LOG_LEVEL (default `info`) sets the threshold. Each service logs through a child
 * of the process's one root logger, its lines carrying its `context`, so that the services of the
 * all-in-one process share one writer (and, for text, one formatting thread); JSON access lines
 * have a writer of their own, which batches them.
 */
import { type LoggerService } from '@nestjs/common';
import { type Logger, pino } from 'pino';

export type { Logger } from 'pino';

const LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

/**
 * A batching writer's lines leave once this much is waiting, and at least this often: one write
 * call per access line was 7 % of the CPU a GET costs the gateway.
 */
const BATCH = { minLength: 4096, periodicFlush: 100 };

/**
 * A root logger as `env` says (LOG_FORMAT, LOG_LEVEL); throws on a level it does not know.
 * `batched`: JSON lines leave in batches (`BATCH`), for lines every request writes.
 */
export function createLogger(env: NodeJS.ProcessEnv = process.env, { batched = false } = {}): Logger {
  const level = env.LOG_LEVEL || 'info';
  if (!LEVELS.includes(level)) throw new Error(`LOG_LEVEL must be one of ${LEVELS.join(', ')}, not "${level}"`);
  if (env.LOG_FORMAT === 'text') {
    // pino-pretty formats on pino's worker thread, off the request path, and writes synchronously
    // there: pino flushes the worker when the process exits, so the last lines are not lost.
    const options = {
      singleLine: true,
      colorize: Boolean(process.stdout.isTTY),
      translateTime: 'UTC:yyyy-mm-dd"T"HH:MM:ss.l"Z"',
      ignore: 'pid,hostname,context',
      messageFormat: '{if context}{context}: {end}{msg}',
      sync: true,
    };
    return pino({ level, transport: { target: 'pino-pretty', options } });
  }
  // Asynchronous writes: lines logged while a write is under way leave together in the next one,
  // and pino writes out what is left when the process exits.
  const destination = pino.destination({ sync: false, ...(batched && BATCH) });
  return pino({ level, timestamp: pino.stdTimeFunctions.isoTime, formatters: { level: (label) => ({ level: label }) } }, destination);
}

let processRoot: Logger | undefined;
let processAccessRoot: Logger | undefined;

/** The process's root logger, made from its environment on first use. */
export function processLogger(): Logger {
  return (processRoot ??= createLogger());
}

/**
 * The process's root logger for the access log: for JSON, a writer of its own that batches (a line
 * may wait up to 100 ms), so that other lines still leave as they come; both flush when the process
 * exits. For text, the root logger (its formatting thread writes each line as it comes).
 */
export function processAccessLogger(): Logger {
  return (processAccessRoot ??= process.env.LOG_FORMAT === 'text' ? processLogger() : createLogger(process.env, { batched: true }));
}

/** The logger of one service (or part) of the process: its lines carry `context`. */
export function serviceLogger(context: string): Logger {
  return processLogger().child({ context });
}

/**
 * Nest's own messages (start-up, transport errors) through `logger`, at the matching levels, for
 * `NestFactory.create…({ logger })`. Nest passes the context (the class that logs) last.
 */
export class NestLogger implements LoggerService {
  constructor(private readonly logger: Logger) {}

  log(message: unknown, ...rest: unknown[]): void {
    this.write('info', message, rest);
  }
  error(message: unknown, ...rest: unknown[]): void {
    this.write('error', message, rest);
  }
  warn(message: unknown, ...rest: unknown[]): void {
    this.write('warn', message, rest);
  }
  debug(message: unknown, ...rest: unknown[]): void {
    this.write('debug', message, rest);
  }
  verbose(message: unknown, ...rest: unknown[]): void {
    this.write('trace', message, rest);
  }
  fatal(message: unknown, ...rest: unknown[]): void {
    this.write('fatal', message, rest);
  }

  private write(level: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace', message: unknown, rest: unknown[]): void {
    if (!this.logger.isLevelEnabled(level)) return;
    const nest = typeof rest.at(-1) === 'string' ? { nest: rest.at(-1) } : {};
    if (message instanceof Error) this.logger[level]({ ...nest, err: message }, message.message);
    else if (typeof message === 'object' && message !== null) this.logger[level]({ ...nest, ...message });
    else this.logger[level](nest, String(message));
  }
}
