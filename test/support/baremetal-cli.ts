/**
 * Runs Debian's `baremetal` CLI (python3-ironicclient 5.0.1, `scripts/install-ironic-client.sh`)
 * for the CLI end-to-end specs, against ironledger started from source or, when
 * BAREMETAL_CLI_ENDPOINT is set (e.g. http://127.0.0.1:6385), against that Ironic API instead.
 * An external Ironic keeps its database between runs: specs name what they create with `unique()`
 * and delete it again.
 */
import { expect } from '@jest/globals';
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { type RunningSystem, startSystem } from './system.js';

/** Another Ironic API to drive instead of ironledger. */
export const externalEndpoint = process.env.BAREMETAL_CLI_ENDPOINT?.replace(/\/$/, '');
export const cliInstalled = spawnSync('baremetal', ['--version'], { encoding: 'utf8' }).status === 0;

export interface CliResult {
  readonly args: readonly string[];
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
  /** stdout and stderr together, for messages that the client prints on either. */
  readonly out: string;
  /** stdout parsed (for `-f json`). */
  json<T = Record<string, unknown>>(): T;
}

export interface BaremetalCli {
  readonly endpoint: string;
  /** True against ironledger, false against BAREMETAL_CLI_ENDPOINT. */
  readonly ironledger: boolean;
  /** Runs `baremetal ARGS` without authentication against the endpoint. */
  run(...args: string[]): Promise<CliResult>;
  /** Stops ironledger if it was started here. */
  stop(): Promise<void>;
  /** ironledger's recent logs (empty against an external endpoint), for failure messages. */
  logs(): string;
}

/** Starts ironledger (unless BAREMETAL_CLI_ENDPOINT names another API) and returns a runner for the CLI. */
export async function startBaremetalCli(): Promise<BaremetalCli> {
  let system: RunningSystem | undefined;
  if (!externalEndpoint) system = await startSystem();
  const endpoint = externalEndpoint ?? system!.baseUrl;
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) if (!key.startsWith('OS_')) env[key] = value;
  Object.assign(env, { OS_AUTH_TYPE: 'none', OS_ENDPOINT: endpoint, PYTHONWARNINGS: 'ignore' });
  return {
    endpoint,
    ironledger: !externalEndpoint,
    run: (...args) => runCli(args, env),
    stop: async () => system?.stop(),
    logs: () => system?.logs() ?? '',
  };
}

function runCli(args: readonly string[], env: NodeJS.ProcessEnv): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn('baremetal', args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', reject);
    child.once('close', (code) =>
      resolve({
        args,
        code,
        stdout,
        stderr,
        out: `${stdout}${stderr}`,
        json: <T>() => {
          try {
            return JSON.parse(stdout) as T;
          } catch {
            throw new Error(`$ baremetal ${args.join(' ')} -> exit ${code}, not JSON:\n${stdout}${stderr}`);
          }
        },
      }),
    );
  });
}

/** A name no earlier run used: `prefix-<random>`, lower case (deploy templates upper-case it). */
export function unique(prefix: string): string {
  return `${prefix}-${randomBytes(4).toString('hex')}`;
}

/** A fake-hardware node with a fresh name (`options` as `node create` takes them), its UUID noted in `created` for the file's clean-up. */
export async function createNode(cli: BaremetalCli, prefix: string, created: string[], ...options: string[]): Promise<{ name: string; uuid: string }> {
  const name = unique(prefix);
  const uuid = expectOk(await cli.run('node', 'create', '--driver', 'fake-hardware', '--name', name, ...options, '-f', 'value', '-c', 'uuid')).stdout.trim();
  created.push(uuid);
  return { name, uuid };
}

/** Exit 0 (the output is in the failure message otherwise); returns the run for chaining. */
export function expectOk(run: CliResult): CliResult {
  expect({ command: run.args.join(' '), code: run.code, out: run.code === 0 ? '' : run.out }).toEqual({ command: run.args.join(' '), code: 0, out: '' });
  return run;
}

/** Exit 1 with `message` (Ironic's words) in the output. */
export function expectRefused(run: CliResult, message: string): void {
  expect({ command: run.args.join(' '), code: run.code, out: run.out }).toEqual({ command: run.args.join(' '), code: 1, out: expect.stringContaining(message) });
}
