/**
 * A real OpenStack Ironic (Debian's ironic-api and ironic-conductor, installed by
 * `scripts/ironic.sh install`) behind a real Keystone, for recording Ironic's answers: one
 * conductor (json-rpc, sqlite, fake-hardware with fake interfaces) and one or more API processes
 * on the same database, each with options of its own (policy enforcement, Ironic's RBAC options),
 * as ironledger's tests run several gateways. Everything lives in a temporary directory (configs,
 * database, logs), removed by `stop()`. Used by recording scripts only, never by `npm test`.
 */
import { type ChildProcess, spawn, execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './processes.js';

/** Ironic's options for one API process: `[section] key = value` lines added to the shared config. */
export type IronicOptions = Readonly<Record<string, Readonly<Record<string, string | number | boolean>>>>;

export interface IronicKeystone {
  /** Keystone's base URL (the identity API under /v3). */
  readonly url: string;
  /** The service user keystonemiddleware validates tokens as (a `service` role on project `service`). */
  readonly username: string;
  readonly password: string;
}

export interface RunningIronic {
  /** Each API process's base URL, in the order their options were given. */
  readonly baseUrls: readonly string[];
  /** The conductor's hostname (`GET /v1/conductors/{hostname}`). */
  readonly conductor: string;
  readonly dir: string;
  /** The last lines of every log, for failure messages. */
  logs(): string;
  stop(): Promise<void>;
}

function ini(sections: IronicOptions): string {
  return Object.entries(sections)
    .map(([section, options]) => `[${section}]\n${Object.entries(options).map(([key, value]) => `${key} = ${String(value)}`).join('\n')}\n`)
    .join('\n');
}

function merge(...all: IronicOptions[]): IronicOptions {
  const merged: Record<string, Record<string, string | number | boolean>> = {};
  for (const options of all) for (const [section, values] of Object.entries(options)) merged[section] = { ...merged[section], ...values };
  return merged;
}

function launch(program: string, config: string, log: string): ChildProcess {
  // detached: a process group of its own, so that stop() ends its workers too.
  return spawn(program, ['--config-file', config], { detached: true, stdio: ['ignore', 'ignore', 'ignore'], env: { ...process.env, HOME: process.env.HOME ?? '/root' } }).on('error', (error) => writeFileSync(log, String(error), { flag: 'a' }));
}

async function stopGroup(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
  const exit = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  process.kill(-child.pid, 'SIGTERM');
  const killer = setTimeout(() => child.pid !== undefined && process.kill(-child.pid, 'SIGKILL'), 15_000);
  await exit;
  clearTimeout(killer);
}

/** Starts a conductor and one API process per entry of `apis` (their extra options), and waits until each lists `fake-hardware`. */
export async function startIronic(keystone: IronicKeystone, apis: readonly IronicOptions[]): Promise<RunningIronic> {
  const dir = mkdtempSync(join(tmpdir(), 'ironic-'));
  mkdirSync(join(dir, 'log'));
  mkdirSync(join(dir, 'lock'));
  const rpcPort = await freePort();
  const fake = Object.fromEntries(['bios', 'boot', 'console', 'deploy', 'inspect', 'management', 'power', 'raid', 'rescue', 'vendor'].flatMap((kind) => [
    [`enabled_${kind}_interfaces`, 'fake'],
    [`default_${kind}_interface`, 'fake'],
  ]));
  const shared: IronicOptions = {
    DEFAULT: {
      auth_strategy: 'keystone',
      rpc_transport: 'json-rpc',
      host: '127.0.0.1',
      state_path: dir,
      use_stderr: false,
      debug: false,
      enabled_hardware_types: 'fake-hardware',
      ...fake,
      enabled_network_interfaces: 'noop',
      default_network_interface: 'noop',
      enabled_storage_interfaces: 'noop',
      default_storage_interface: 'noop',
      minimum_memory_warning_only: true,
    },
    conductor: { heartbeat_interval: 2, sync_power_state_interval: 600 },
    json_rpc: { auth_strategy: 'noauth', host_ip: '127.0.0.1', port: rpcPort },
    database: { connection: `sqlite:///${dir}/ironic.sqlite` },
    dhcp: { dhcp_provider: 'none' },
    oslo_concurrency: { lock_path: `${dir}/lock` },
    keystone_authtoken: {
      auth_type: 'password',
      auth_url: `${keystone.url}/v3`,
      www_authenticate_uri: `${keystone.url}/v3`,
      username: keystone.username,
      password: keystone.password,
      project_name: 'service',
      user_domain_name: 'Default',
      project_domain_name: 'Default',
      // scripts/keystone.sh's bootstrap makes only the public endpoint.
      interface: 'public',
    },
  };
  const conductorConfig = join(dir, 'conductor.conf');
  writeFileSync(conductorConfig, ini(merge(shared, { DEFAULT: { log_file: join(dir, 'log', 'conductor.log') } })), { mode: 0o600 });
  execFileSync('ironic-dbsync', ['--config-file', conductorConfig, 'create_schema'], { stdio: 'ignore' });
  const children: ChildProcess[] = [launch('ironic-conductor', conductorConfig, join(dir, 'log', 'conductor.log'))];
  const baseUrls: string[] = [];
  for (const [index, options] of apis.entries()) {
    const port = await freePort();
    const config = join(dir, `api-${index + 1}.conf`);
    writeFileSync(config, ini(merge(shared, { DEFAULT: { log_file: join(dir, 'log', `api-${index + 1}.log`) }, api: { host_ip: '127.0.0.1', port, api_workers: 1 } }, options)), { mode: 0o600 });
    children.push(launch('ironic-api', config, join(dir, 'log', `api-${index + 1}.log`)));
    baseUrls.push(`http://127.0.0.1:${port}`);
  }
  const logs = () =>
    ['conductor', ...apis.map((_, index) => `api-${index + 1}`)]
      .map((name) => join(dir, 'log', `${name}.log`))
      .filter((file) => existsSync(file))
      .map((file) => `${file}:\n${readFileSync(file, 'utf8').split('\n').slice(-30).join('\n')}`)
      .join('\n');
  const running: RunningIronic = {
    baseUrls,
    conductor: '127.0.0.1',
    dir,
    logs,
    async stop() {
      await Promise.all(children.map(stopGroup));
      rmSync(dir, { recursive: true, force: true });
    },
  };
  try {
    // The root answers without a token; the conductor has registered once GET /v1/conductors would list it, seen here as the API's readiness.
    for (const baseUrl of baseUrls) await waitFor(`${baseUrl}/v1/`, children);
    await waitForConductor(join(dir, 'ironic.sqlite'), children);
  } catch (error) {
    const message = `${(error as Error).message}\n${logs()}`;
    await running.stop();
    throw new Error(message);
  }
  return running;
}

async function waitFor(url: string, children: readonly ChildProcess[]): Promise<void> {
  for (const deadline = Date.now() + 90_000; Date.now() < deadline; await new Promise((resolve) => setTimeout(resolve, 250))) {
    if (children.some((child) => child.exitCode !== null)) throw new Error('an Ironic process exited');
    try {
      if ((await fetch(url)).status === 200) return;
    } catch {
      // not listening yet
    }
  }
  throw new Error(`Ironic did not answer ${url}`);
}

/** The conductor has registered once its row is in the database, online, with fake-hardware. */
async function waitForConductor(database: string, children: readonly ChildProcess[]): Promise<void> {
  const query = "select count(*) from conductors c join conductor_hardware_interfaces h on h.conductor_id = c.id where c.online = 1 and h.hardware_type = 'fake-hardware'";
  for (const deadline = Date.now() + 90_000; Date.now() < deadline; await new Promise((resolve) => setTimeout(resolve, 250))) {
    if (children.some((child) => child.exitCode !== null)) throw new Error('an Ironic process exited');
    const count = execFileSync('/usr/bin/python3', ['-c', 'import sqlite3,sys; print(sqlite3.connect(sys.argv[1]).execute(sys.argv[2]).fetchone()[0])', database, query], { encoding: 'utf8' });
    if (Number(count.trim()) > 0) return;
  }
  throw new Error('the Ironic conductor did not register fake-hardware');
}

/** The installed python3-ironic's Debian version. */
export function ironicVersion(): string {
  return execFileSync('dpkg-query', ['-W', '-f=${Version}', 'python3-ironic'], { encoding: 'utf8' }).trim();
}
