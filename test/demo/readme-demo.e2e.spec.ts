/**
 * The README's first steps, as a new user runs them: the real `npm start` (scripts/start.sh, on
 * free ports with a run directory and NATS of its own, so that it meets no other stack), then the
 * README's "First steps" block, read from README.md and run as written by bash through the real
 * `baremetal` CLI (only the two ports changed), then a clean stop. Also how `npm start` fails:
 * non-zero, showing why, when the gateway's port is taken or the fleet cannot be enrolled, and
 * that `AUTH_STRATEGY=http_basic npm start` enrolls its own fleet (with STACK=services: the
 * separate services, two conductors among them, rather than the default all-in-one process).
 */
import { afterAll, describe, expect, it, jest } from '@jest/globals';
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import bcrypt from 'bcryptjs';
import { freePort } from '../support/processes.js';

jest.setTimeout(600_000);

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const FLEET_SIZE = 3;

/** The shell block under the README's "First steps" heading. */
function firstSteps(readme: string): string {
  const section = readme.slice(readme.indexOf('### First steps'));
  const block = /```sh\n([\s\S]*?)```/.exec(section);
  if (!section.startsWith('### First steps') || !block) throw new Error('README.md has no "### First steps" section with a ```sh block');
  return block[1]!;
}

interface Stack {
  readonly child: ChildProcess;
  readonly gateway: number;
  readonly sim: number;
  readonly runDir: string;
  output(): string;
  /** Resolves with the exit code. */
  readonly exited: Promise<number | null>;
}

const stacks: Stack[] = [];

/** `npm start` in a process group of its own, with its own ports and run directory. */
async function npmStart(env: NodeJS.ProcessEnv = {}, ports: { gateway?: number } = {}): Promise<Stack> {
  const gateway = ports.gateway ?? (await freePort());
  const sim = await freePort();
  const runDir = mkdtempSync(join(tmpdir(), 'ironledger-demo-'));
  const base: NodeJS.ProcessEnv = {};
  // Nothing of the test's own system leaks in: its NATS, its auth settings, its CLI settings.
  for (const [key, value] of Object.entries(process.env)) if (!/^(OS_|NATS_|AUTH_STRATEGY|HTTP_BASIC)/.test(key)) base[key] = value;
  const child = spawn('npm', ['start'], {
    cwd: ROOT,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...base, GATEWAY_PORT: String(gateway), BMC_SIM_PORT: String(sim), METRICS_PORT_BASE: '0', RUN_DIR: runDir, FLEET_SIZE: String(FLEET_SIZE), ...env },
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const stack = { child, gateway, sim, runDir, output: () => output, exited };
  stacks.push(stack);
  return stack;
}

/** Until `npm start` has enrolled its fleet (or exited: then its output says why). */
async function ready(stack: Stack): Promise<void> {
  const deadline = Date.now() + 400_000;
  while (!stack.output().includes('Ctrl-C stops everything.')) {
    if (stack.child.exitCode !== null || Date.now() > deadline) throw new Error(`npm start did not come up:\n${stack.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/**
 * Ctrl-C: SIGINT to the whole group, as a terminal sends it; resolves with whether every process
 * of the group (npm, start.sh, the services) ended within 30 s (npm itself dies of the signal).
 */
async function stop(stack: Stack): Promise<boolean> {
  const group = -stack.child.pid!;
  const alive = () => {
    try {
      process.kill(group, 0);
      return true;
    } catch {
      return false;
    }
  };
  if (alive()) process.kill(group, 'SIGINT');
  await stack.exited;
  // start.sh stops its services and its NATS after npm has gone; its run directory is removed after that.
  const deadline = Date.now() + 30_000;
  while (alive() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
  rmSync(stack.runDir, { recursive: true, force: true });
  return !alive();
}

afterAll(async () => {
  for (const stack of stacks) await stop(stack);
});

function bash(script: string, env: NodeJS.ProcessEnv): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const child = spawn('bash', ['-euo', 'pipefail', '-c', script], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.once('close', (code) => resolve({ code, out }));
  });
}

async function api(stack: Stack, path: string): Promise<Record<string, unknown>> {
  const response = await fetch(`http://127.0.0.1:${stack.gateway}${path}`, { headers: { 'X-OpenStack-Ironic-API-Version': 'latest' } });
  return (await response.json()) as Record<string, unknown>;
}

describe('the README first steps against npm start', () => {
  it('runs as written through the baremetal CLI: clean, deploy with a config drive, undeploy, inspect, in seconds', async () => {
    const stack = await npmStart();
    await ready(stack);
    const steps = firstSteps(readFileSync(join(ROOT, 'README.md'), 'utf8')).replaceAll('127.0.0.1:6385', `127.0.0.1:${stack.gateway}`).replaceAll('127.0.0.1:8000', `127.0.0.1:${stack.sim}`);
    const env: NodeJS.ProcessEnv = {};
    for (const [key, value] of Object.entries(process.env)) if (!key.startsWith('OS_')) env[key] = value;
    const started = Date.now();
    const run = await bash(steps, { ...env, PYTHONWARNINGS: 'ignore' });
    const seconds = (Date.now() - started) / 1000;
    const logs = () => `${run.out}\n${stack.output()}`;
    expect({ code: run.code, logs: run.code === 0 ? '' : logs() }).toEqual({ code: 0, logs: '' });
    process.stdout.write(`README first steps: ${seconds.toFixed(1)} s\n`);
    expect(seconds).toBeLessThan(120);

    // Every stage really happened, in order, and the inspection reported the hardware.
    const node = await api(stack, '/v1/nodes/sim-00000');
    expect(node).toMatchObject({ provision_state: 'manageable', last_error: null, properties: expect.objectContaining({ cpus: expect.anything(), memory_mb: expect.anything() }) });
    const events = (await api(stack, `/v1/nodes/${String(node.uuid)}/events?limit=1000`)).events as { type: string; data: { to?: string } }[];
    const states = events.filter((e) => e.type === 'ProvisionStateChanged').map((e) => e.data.to);
    const stable = states.filter((state) => ['available', 'active', 'manageable'].includes(state!));
    expect(stable).toEqual(['manageable', 'available', 'active', 'available', 'manageable', 'manageable']);

    expect(await stop(stack)).toBe(true);
    expect(stack.output()).toContain('stopping…');
  });
});

describe('npm start fails, saying why', () => {
  let taken: Server | undefined;
  afterAll(async () => {
    if (taken) await new Promise((resolve) => taken!.close(resolve));
  });

  it('exits non-zero with the log of the process serving the API when its port is taken', async () => {
    taken = createServer();
    await new Promise<void>((resolve) => taken!.listen(0, '127.0.0.1', resolve));
    const stack = await npmStart({}, { gateway: (taken.address() as { port: number }).port });
    expect(await stack.exited).not.toBe(0);
    // The gateway runs in the all-in-one process by default.
    expect(stack.output()).toMatch(/all-in-one failed to start; its log[\s\S]*EADDRINUSE/);
  });

  it('exits non-zero with the refusal when the fleet cannot be enrolled (a user the gateway does not know)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ironledger-demo-users-'));
    writeFileSync(join(dir, 'htpasswd'), `operator:${bcrypt.hashSync('right-password', 4)}\n`);
    try {
      const stack = await npmStart({ AUTH_STRATEGY: 'http_basic', HTTP_BASIC_AUTH_USER_FILE: join(dir, 'htpasswd'), OS_USERNAME: 'operator', OS_PASSWORD: 'wrong-password' });
      expect(await stack.exited).not.toBe(0);
      expect(stack.output()).toMatch(/fleet enrolment failed: POST \/v1\/nodes: 401/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('STACK=services AUTH_STRATEGY=http_basic npm start', () => {
  it('starts the separate services, enrolls its own fleet, and prints the user and password the CLI needs', async () => {
    const stack = await npmStart({ STACK: 'services', AUTH_STRATEGY: 'http_basic' });
    await ready(stack);
    const printed = /OS_AUTH_TYPE=http_basic OS_USERNAME=(\S+) OS_PASSWORD=(\S+)/.exec(stack.output());
    expect(printed).not.toBeNull();
    const authorization = `Basic ${Buffer.from(`${printed![1]}:${printed![2]}`).toString('base64')}`;
    const list = await fetch(`http://127.0.0.1:${stack.gateway}/v1/nodes?fields=name,provision_state`, { headers: { authorization, 'X-OpenStack-Ironic-API-Version': 'latest' } });
    expect({ status: list.status, printed: printed![0] }).toEqual({ status: 200, printed: printed![0] });
    const nodes = ((await list.json()) as { nodes: { name: string; provision_state: string }[] }).nodes;
    expect(nodes).toHaveLength(FLEET_SIZE);
    expect(nodes.every((node) => node.provision_state === 'manageable' || node.provision_state === 'verifying')).toBe(true);
    expect((await fetch(`http://127.0.0.1:${stack.gateway}/v1/nodes`)).status).toBe(401);
    // The gateway lists the conductors it has heard (a heartbeat a second each) since it started.
    const heard = async () => {
      const response = await fetch(`http://127.0.0.1:${stack.gateway}/v1/conductors`, { headers: { authorization, 'X-OpenStack-Ironic-API-Version': 'latest' } });
      return ((await response.json()) as { conductors: { hostname: string }[] }).conductors.map((conductor) => conductor.hostname).sort();
    };
    let hostnames = await heard();
    for (const deadline = Date.now() + 10_000; hostnames.length < 2 && Date.now() < deadline; hostnames = await heard()) await new Promise((resolve) => setTimeout(resolve, 500));
    // Should one be missing, the logs say why.
    const logOf = (name: string) => `${name}.log:\n${readFileSync(join(stack.runDir, 'logs', `${name}.log`), 'utf8')}`;
    expect({ hostnames, logs: hostnames.length === 2 ? '' : ['conductor-1', 'conductor-2', 'gateway'].map(logOf).join('\n') }).toEqual({ hostnames: ['conductor-1', 'conductor-2'], logs: '' });
    expect(await stop(stack)).toBe(true);
  });
});
