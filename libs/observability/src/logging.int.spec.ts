import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from '@jest/globals';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

/** Runs `script` (an ES module importing `logging`) in a Node process of its own: each line of its output, with when it arrived (ms after the start), and when the process ended. */
function run(script: string, format = ''): Promise<{ lines: { at: number; text: string; entry: Record<string, unknown> }[]; endedAt: number }> {
  const code = `import * as logging from ${JSON.stringify(join(ROOT, 'libs/observability/src/logging.ts'))};\n${script}`;
  const child = spawn(process.execPath, ['--import', join(ROOT, 'scripts/register-ts.mjs'), '--input-type=module', '-e', code], { cwd: ROOT, env: { ...process.env, LOG_FORMAT: format, LOG_LEVEL: 'info' } });
  const started = Date.now();
  const lines: { at: number; text: string; entry: Record<string, unknown> }[] = [];
  let partial = '';
  child.stdout.on('data', (chunk: Buffer) => {
    const text = partial + chunk.toString('utf8');
    const complete = text.split('\n');
    partial = complete.pop()!;
    for (const line of complete) lines.push({ at: Date.now() - started, text: line, entry: format === 'text' ? {} : (JSON.parse(line) as Record<string, unknown>) });
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  return new Promise((done, fail) =>
    child.on('close', (code) => (code === 0 ? done({ lines, endedAt: Date.now() - started }) : fail(new Error(`exit ${code}: ${stderr}`)))),
  );
}

describe('the access log’s batching writer', () => {
  it('writes its lines while the process runs, within a fraction of a second', async () => {
    const { lines, endedAt } = await run(`
      logging.processAccessLogger().child({ context: 'access' }).info({ n: 1 }, 'request completed');
      setTimeout(() => process.exit(0), 3000);
    `);
    expect(lines.map(({ entry }) => [entry.context, entry.n])).toEqual([['access', 1]]);
    expect(lines[0]!.at).toBeLessThan(endedAt - 2000);
  });

  // A planned exit (`stopOnSignal`) waits for `flushLogs`: the first batch may still be on its way
  // when the process exits, written by another thread, after the rest or never.
  it('loses none of the lines waiting in it at a planned exit, nor the root logger’s, and keeps their order', async () => {
    const { lines } = await run(`
      const access = logging.processAccessLogger().child({ context: 'access' });
      for (let n = 0; n < 200; n++) access.info({ n }, 'request completed');
      logging.processLogger().info('stopping');
      await logging.flushLogs();
      process.exit(0);
    `);
    expect(lines.filter(({ entry }) => entry.context === 'access').map(({ entry }) => entry.n)).toEqual(Array.from({ length: 200 }, (_, n) => n));
    expect(lines.filter(({ entry }) => entry.msg === 'stopping')).toHaveLength(1);
  });

  it('loses no text line waiting in it at a planned exit either', async () => {
    const { lines } = await run(
      `
      const access = logging.processAccessLogger().child({ context: 'access' });
      for (let n = 0; n < 200; n++) access.info({ n }, 'request completed');
      await logging.flushLogs();
      process.exit(0);
    `,
      'text',
    );
    expect(lines.map(({ text }) => Number(/"n":(\d+)/.exec(text)?.[1]))).toEqual(Array.from({ length: 200 }, (_, n) => n));
    expect(lines.at(-1)!.text).toMatch(/^\[\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z\] INFO: access: request completed \{"n":199\}$/);
  });
});
