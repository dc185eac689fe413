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

  it('loses none of the lines waiting in it when the process exits, nor the root logger’s', async () => {
    const { lines } = await run(`
      const access = logging.processAccessLogger().child({ context: 'access' });
      for (let n = 0; n < 200; n++) access.info({ n }, 'request completed');
      logging.processLogger().info('stopping');
      process.exit(0);
    `);
    expect(lines.filter(({ entry }) => entry.context === 'access').map(({ entry }) => entry.n)).toEqual(Array.from({ length: 200 }, (_, n) => n));
    expect(lines.filter(({ entry }) => entry.msg === 'stopping')).toHaveLength(1);
  });

  it('loses no text line waiting in it when the process exits either', async () => {
    const { lines } = await run(
      `
      const access = logging.processAccessLogger().child({ context: 'access' });
      for (let n = 0; n < 200; n++) access.info({ n }, 'request completed');
      process.exit(0);
    `,
      'text',
    );
    expect(lines).toHaveLength(200);
    expect(lines.at(-1)!.text).toMatch(/^\[\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z\] INFO: access: request completed \{"n":199\}$/);
  });
});
