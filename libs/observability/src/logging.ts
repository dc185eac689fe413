/**
 * One log format for every service: pino, one JSON object per line by default (what container
 * log collectors read), or one readable line per entry with LOG_FORMAT=text; times are ISO 8601
 * (UTC) in both. LOG_LEVEL (default `info`) sets the threshold. Each service logs through a child
 * of the process's one root logger, its lines carrying its `context`, so that the services of the
 * all-in-one process share one writer; access lines have a writer of their own, which batches them.
 */
import { type LoggerService } from '@nestjs/common';
import { type DestinationStream, type Logger, pino } from 'pino';

/** A writer that can say when everything written to it has left. */
type Destination = DestinationStream & { flush(done: (error?: Error) => void): void };

/** The writer `pino.destination` makes, in `contentMode: 'buffer'`: it takes bytes (its typings say text only). */
type ByteWriter = { write(bytes: Buffer): boolean; flush(done: (error?: Error) => void): void };

export type { Logger } from 'pino';

const LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

/**
 * A batching writer's lines leave once this much is waiting, and at least this often: one write
 * call per access line was 7 % of the CPU a GET costs the gateway.
 */
const BATCH = { minLength: 4096, periodicFlush: 100 };

/**
 * A root logger as `env` says (LOG_FORMAT, LOG_LEVEL); throws on a level it does not know.
 * `batched`: lines leave in batches (`BATCH`), for lines every request writes.
 */
export function createLogger(env: NodeJS.ProcessEnv = process.env, { batched = false } = {}): Logger {
  const level = env.LOG_LEVEL || 'info';
  if (!LEVELS.includes(level)) throw new Error(`LOG_LEVEL must be one of ${LEVELS.join(', ')}, not "${level}"`);
  const text = env.LOG_FORMAT === 'text';
  // Asynchronous writes: lines logged while a write is under way leave together in the next one;
  // a planned exit waits for them (`flushLogs`), and pino writes out what is left at any other.
  // Lines reach the writer as bytes: given text, it joins the lines of a batch with `+=` and
  // measures the joined text on every line, which copies it whole each time (a batch of access
  // lines was copied once per line); bytes it keeps in a list and joins once per write.
  const destination = pino.destination({ sync: false, contentMode: 'buffer', ...(batched && BATCH) }) as unknown as ByteWriter;
  const options = { level, timestamp: pino.stdTimeFunctions.isoTime, formatters: { level: (label: string) => ({ level: label }) } };
  // Text is formatted here, from the JSON line: on pino-pretty's worker thread, each line cost the
  // gateway 60 % more CPU per GET than the JSON line itself.
  const colour = Boolean(process.stdout.isTTY);
  return text ? pino({ ...options, base: null }, asBytes(destination, (line) => textLine(line, colour))) : pino(options, asBytes(destination));
}

/** ANSI colours of the levels' names on a terminal. */
const LEVEL_COLOURS: Readonly<Record<string, number>> = { fatal: 35, error: 31, warn: 33, info: 32, debug: 34, trace: 90 };

/** Fields whose value is an error as pino serialises it: its stack goes on the lines below. */
const ERROR_FIELDS = ['err', 'error'];

/**
 * A JSON log line as one readable line, `[time] LEVEL: context: message {other fields}`, an
 * error's stack indented on the lines below it.
 */
export function textLine(json: string, colour = false): string {
  return cutTextLine(json, colour) ?? parsedTextLine(json, colour);
}

/** How pino starts a line of a logger without `base` fields: its level, its time, then the context a child logger adds. */
const LINE_HEAD = /^\{"level":"([a-z]+)","time":"([^"\\]*)"(?:,"context":"([^"\\]*)")?/;
/** pino writes the message last. */
const MESSAGE_KEY = ',"msg":';

/**
 * `textLine` cut out of the JSON text instead of parsing it whole and writing the fields out
 * again (for the access line, about 8 % of what a GET allocated); `undefined` for a
 * line it cannot cut safely: one with an error's stack, or another shape than pino's.
 */
function cutTextLine(json: string, colour: boolean): string | undefined {
  const head = LINE_HEAD.exec(json);
  if (!head || json.includes('"stack":')) return undefined;
  const end = json.lastIndexOf('}');
  const at = json.lastIndexOf(MESSAGE_KEY, end);
  const hasMessage = at >= head[0].length;
  let msg: unknown;
  if (hasMessage) {
    // Only a string, and the line's last field: anything else (a nested "msg") is not pino's message.
    try {
      msg = JSON.parse(json.slice(at + MESSAGE_KEY.length, end));
    } catch {
      return undefined;
    }
    if (typeof msg !== 'string') return undefined;
  }
  const fields = json.slice(head[0].length, hasMessage ? at : end);
  if (fields !== '' && !fields.startsWith(',')) return undefined;
  return formatted(head[2]!, head[1]!, head[3], msg, fields && `{${fields.slice(1)}}`, '', colour);
}

function parsedTextLine(json: string, colour: boolean): string {
  const { time, level, context, msg, ...fields } = JSON.parse(json) as Record<string, unknown>;
  const stacks: string[] = [];
  for (const name of ERROR_FIELDS) {
    const stack = (fields[name] as { stack?: unknown } | undefined)?.stack;
    if (typeof stack !== 'string') continue;
    stacks.push(`    ${name}: ${stack.replaceAll('\n', '\n    ')}\n`);
    delete fields[name];
  }
  return formatted(String(time), String(level), context, msg, Object.keys(fields).length > 0 ? JSON.stringify(fields) : '', stacks.join(''), colour);
}

function formatted(time: string, level: string, context: unknown, msg: unknown, fields: string, stacks: string, colour: boolean): string {
  const label = level.toUpperCase();
  const shown = colour ? `\x1b[${LEVEL_COLOURS[level] ?? 39}m${label}\x1b[39m` : label;
  const words = [context ? `${String(context)}:` : '', msg === undefined ? '' : String(msg), fields];
  return `[${time}] ${shown}: ${words.filter(Boolean).join(' ')}\n${stacks}`;
}

/** `destination` (a writer in `contentMode: 'buffer'`), given each line as `format` makes it, in bytes. */
function asBytes(destination: ByteWriter, format = (line: string) => line): Destination {
  return { write: (line) => void destination.write(Buffer.from(format(line))), flush: (done) => destination.flush(done) };
}

let processRoot: Logger | undefined;
let processAccessRoot: Logger | undefined;

/** The process's root logger, made from its environment on first use. */
export function processLogger(): Logger {
  return (processRoot ??= createLogger());
}

/** The logger of one service (or part) of the process: its lines carry `context`. */
export function serviceLogger(context: string): Logger {
  return processLogger().child({ context });
}

/**
 * The process's root logger for the access log: a writer of its own that batches (a line may wait
 * up to 100 ms), so that other lines still leave as they come; both flush when the process exits.
 */
export function processAccessLogger(): Logger {
  return (processAccessRoot ??= createLogger(process.env, { batched: true }));
}

/**
 * Resolves once every line the process's loggers hold has been written, or after `timeoutMs` (a
 * reader that stopped reading must not hold a stop forever). Before a planned exit: pino's own
 * exit handler writes what waits synchronously, but a batch already on its way is written by
 * another thread, which may write it after the rest, or not at all once the process has gone.
 */
export function flushLogs(timeoutMs = 2000): Promise<void> {
  const loggers = [processRoot, processAccessRoot].filter((logger) => logger !== undefined);
  let timer: NodeJS.Timeout | undefined;
  const flushed = Promise.all(loggers.map((logger) => new Promise<void>((done) => logger.flush(() => done())))).then(() => undefined);
  const timedOut = new Promise<void>((done) => (timer = setTimeout(done, timeoutMs)));
  return Promise.race([flushed, timedOut]).finally(() => clearTimeout(timer));
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
