import { describe, expect, it } from '@jest/globals';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { createLogger, NestLogger } from './logging.js';

describe('createLogger', () => {
  it('logs from LOG_LEVEL up, info by default, and refuses a level it does not know', () => {
    expect(createLogger({}).level).toBe('info');
    expect(createLogger({ LOG_LEVEL: 'debug' }).level).toBe('debug');
    expect(() => createLogger({ LOG_LEVEL: 'verbose' })).toThrow('LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent, not "verbose"');
  });
});

describe('NestLogger', () => {
  it('writes Nest’s messages at the matching levels, naming the class that logged', () => {
    const lines: Record<string, unknown>[] = [];
    const sink = new Writable({ write: (chunk: Buffer, _, done) => (lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>), done()) });
    const nest = new NestLogger(pino({ level: 'info', base: null, timestamp: false }, sink));
    nest.log('Nest microservice successfully started', 'NestMicroservice');
    nest.error(new Error('NatsError: type: "disconnect".'), undefined, 'Server');
    nest.debug('hidden below info');
    expect(lines).toEqual([
      { level: 30, nest: 'NestMicroservice', msg: 'Nest microservice successfully started' },
      expect.objectContaining({ level: 50, nest: 'Server', msg: 'NatsError: type: "disconnect".', err: expect.objectContaining({ message: 'NatsError: type: "disconnect".' }) }),
    ]);
  });
});
