import { describe, expect, it, jest } from '@jest/globals';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { createLogger, NestLogger, textLine } from './logging.js';

describe('createLogger', () => {
  it('logs from LOG_LEVEL up, info by default, and refuses a level it does not know', () => {
    expect(createLogger({}).level).toBe('info');
    expect(createLogger({ LOG_LEVEL: 'debug' }).level).toBe('debug');
    expect(() => createLogger({ LOG_LEVEL: 'verbose' })).toThrow('LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent, not "verbose"');
  });
});

describe('textLine', () => {
  const json = (entry: object) => `${JSON.stringify({ level: 'info', time: '2026-11-30T08:00:00.000Z', ...entry })}\n`;

  it('gives the time, the level, the context, the message and the other fields on one line', () => {
    expect(textLine(json({ context: 'access', msg: 'request completed', status: 200 }))).toBe('[2026-11-30T08:00:00.000Z] INFO: access: request completed {"status":200}\n');
    expect(textLine(json({ level: 'warn', msg: 'no context, no fields' }))).toBe('[2026-11-30T08:00:00.000Z] WARN: no context, no fields\n');
    expect(textLine(json({ context: 'gateway', ready: true }))).toBe('[2026-11-30T08:00:00.000Z] INFO: gateway: {"ready":true}\n');
  });

  it('puts an error’s stack on the lines below, indented', () => {
    const err = { type: 'Error', message: 'boom', stack: 'Error: boom\n    at work (file.ts:1:1)' };
    expect(textLine(json({ level: 'error', context: 'conductor', msg: 'failed', err, nodeId: 'n1' }))).toBe(
      '[2026-11-30T08:00:00.000Z] ERROR: conductor: failed {"nodeId":"n1"}\n    err: Error: boom\n        at work (file.ts:1:1)\n',
    );
  });

  it('keeps the message and the fields exact, whatever they hold', () => {
    expect(textLine(json({ context: 'access', url: '/v1/nodes?fields=name,"msg":"x"', msg: 'said "hi"\nthen left' }))).toBe(
      '[2026-11-30T08:00:00.000Z] INFO: access: said "hi"\nthen left {"url":"/v1/nodes?fields=name,\\"msg\\":\\"x\\""}\n',
    );
    expect(textLine(json({ context: 'conductor', step: { name: 'erase', msg: 'nested' } }))).toBe('[2026-11-30T08:00:00.000Z] INFO: conductor: {"step":{"name":"erase","msg":"nested"}}\n');
    expect(textLine(json({ step: { msg: 'nested' }, n: 1, msg: 'outer' }))).toBe('[2026-11-30T08:00:00.000Z] INFO: outer {"step":{"msg":"nested"},"n":1}\n');
    expect(textLine(json({ context: 'gateway', msg: '' }))).toBe('[2026-11-30T08:00:00.000Z] INFO: gateway:\n');
  });

  it('cuts a line without an error out of the JSON text instead of parsing it whole', () => {
    const line = json({ context: 'access', requestId: 'req-1', status: 200, msg: 'request completed' });
    const parse = jest.spyOn(JSON, 'parse');
    try {
      expect(textLine(line)).toBe('[2026-11-30T08:00:00.000Z] INFO: access: request completed {"requestId":"req-1","status":200}\n');
      expect(parse.mock.calls.map(([text]) => text)).toEqual(['"request completed"']);
    } finally {
      parse.mockRestore();
    }
  });

  it('colours the level on a terminal', () => {
    expect(textLine(json({ level: 'error', msg: 'x' }), true)).toBe('[2026-11-30T08:00:00.000Z] \x1b[31mERROR\x1b[39m: x\n');
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
