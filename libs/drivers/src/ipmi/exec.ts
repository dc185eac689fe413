/** Running ipmitool: one child process with a hard time limit, and the password handed over privately. */
import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type ExecResult, type PasswordSource } from './ipmitool.js';

export interface ExecOptions {
  readonly env: NodeJS.ProcessEnv;
  /** Killed (SIGKILL) when still running after this long. */
  readonly timeoutMs: number;
}

/** Runs one ipmitool process to its end; never rejects (failures are in the result). */
export type ExecIpmitool = (program: string, args: readonly string[], options: ExecOptions) => Promise<ExecResult>;

/** Output beyond this is dropped: `power` commands print a line or two. */
const MAX_OUTPUT = 64 * 1024;

export const spawnIpmitool: ExecIpmitool = (program, args, { env, timeoutMs }) =>
  new Promise((resolve) => {
    let stdout = '';
    let stderr = '';
    let timedOut = false;
    let spawnError: string | undefined;
    // No stdin: ipmitool prompts for a password it cannot read and fails instead of hanging.
    const child = spawn(program, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      if (stdout.length < MAX_OUTPUT) stdout += chunk;
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      if (stderr.length < MAX_OUTPUT) stderr += chunk;
    });
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, timeoutMs);
    child.once('error', (error: NodeJS.ErrnoException) => {
      spawnError = error.code ?? error.message;
    });
    // 'close' follows 'exit' once the pipes are drained, and follows 'error' when spawning failed.
    child.once('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr, timedOut, spawnError });
    });
  });

/**
 * Calls `run` with the password where ipmitool will read it, and cleans up after:
 * - `file`: a file of mode 0600 in a fresh private directory (mode 0700) under `dir`, both
 *   removed when `run` settles; an empty password is written as a NUL byte, as Ironic does, so
 *   that ipmitool does not prompt;
 * - `env`: `IPMI_PASSWORD` in the child's environment only.
 * Either way the password never appears in the child's argument list.
 */
export async function withPassword<T>(
  password: string,
  via: 'file' | 'env',
  dir: string | undefined,
  run: (source: PasswordSource, env: NodeJS.ProcessEnv) => Promise<T>,
): Promise<T> {
  const env: NodeJS.ProcessEnv = { ...process.env, LC_ALL: 'C' };
  delete env.IPMI_PASSWORD;
  if (via === 'env') return run('env', { ...env, IPMI_PASSWORD: password });
  const private_ = await mkdtemp(join(dir ?? tmpdir(), 'ironledger-ipmi-'));
  try {
    const file = join(private_, 'password');
    await writeFile(file, password || '\0', { mode: 0o600, flag: 'wx' });
    return await run({ file }, env);
  } finally {
    await rm(private_, { recursive: true, force: true });
  }
}
