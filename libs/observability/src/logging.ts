import { ConsoleLogger } from '@nestjs/common';

/**
 * The service's logger: one JSON object per line (level, time, context, message), or plain
 * text with LOG_FORMAT=text for a terminal.
 */
export function serviceLogger(context: string, env: NodeJS.ProcessEnv = process.env): ConsoleLogger {
  const json = (env.LOG_FORMAT ?? 'json') !== 'text';
  return new ConsoleLogger(context, { json, colors: !json && Boolean(process.stdout.isTTY), logLevels: ['fatal', 'error', 'warn', 'log'] });
}
