/**
 * A real Keystone for the keystone tests (scripts/keystone.sh: Debian's package, standalone on a
 * free loopback port), and what the tests make in it through Keystone's own API: projects,
 * users, role assignments, tokens. No jest here: bench/keystone starts one too.
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SCRIPT = join(ROOT, 'scripts/keystone.sh');
const run = promisify(execFile);

/** Who a token is for: a user and the scope asked for (a project, the whole system, or none). */
export type Scope = { readonly project: string } | { readonly system: true } | 'unscoped';

export interface KeystoneUser {
  readonly id: string;
  readonly name: string;
  readonly password: string;
}

export interface RunningKeystone {
  /** e.g. http://127.0.0.1:41234 (the identity API is under /v3). */
  readonly url: string;
  /** The bootstrap admin's password (user `admin`, domain `Default`). */
  readonly adminPassword: string;
  /** A token for `user` in `scope`. */
  token(user: Pick<KeystoneUser, 'name' | 'password'>, scope: Scope): Promise<string>;
  /** A new project (in domain `default`); its id. */
  createProject(name?: string): Promise<string>;
  /** A new user with a random password (in domain `default`). */
  createUser(name?: string): Promise<KeystoneUser>;
  /** Grants `role` (created when missing) to the user on a project, or on the whole system. */
  grant(user: KeystoneUser, role: string, on: { readonly project: string } | { readonly system: true }): Promise<void>;
  /** A user with these roles on that project or the system, in one call. */
  userWith(roles: readonly string[], on: { readonly project: string } | { readonly system: true }): Promise<KeystoneUser>;
  /**
   * The service user a gateway logs in as (role `service` in the project `service`, made now) and
   * the file holding Ironic's `[keystone_authtoken]` section for it (KEYSTONE_AUTH_FILE), kept
   * with Keystone's own files and deleted with them by `stop`.
   */
  serviceCredentials(): Promise<{ readonly project: string; readonly user: KeystoneUser; readonly file: string }>;
  stop(): Promise<void>;
}

export async function startKeystone(): Promise<RunningKeystone> {
  const { stdout } = await run('bash', [SCRIPT, 'start'], { cwd: ROOT, timeout: 120_000 });
  const [url, , dir] = stdout.trim().split(/\s+/);
  const adminPassword = readFileSync(join(dir!, 'admin-password'), 'utf8').trim();
  const admin = { name: 'admin', password: adminPassword };
  let adminToken: string | undefined;
  const roleIds = new Map<string, string>();

  const call = async (method: string, path: string, body?: unknown): Promise<Record<string, unknown>> => {
    adminToken ??= await issue(url!, admin, { system: true });
    const response = await fetch(`${url}${path}`, {
      method,
      headers: { 'X-Auth-Token': adminToken, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`keystone ${method} ${path}: ${response.status} ${await response.text()}`);
    return response.status === 204 ? {} : ((await response.json()) as Record<string, unknown>);
  };

  const roleId = async (role: string): Promise<string> => {
    const known = roleIds.get(role);
    if (known) return known;
    const { roles } = (await call('GET', `/v3/roles?name=${encodeURIComponent(role)}`)) as { roles: { id: string }[] };
    const id = roles[0]?.id ?? ((await call('POST', '/v3/roles', { role: { name: role } })) as { role: { id: string } }).role.id;
    roleIds.set(role, id);
    return id;
  };

  const keystone: RunningKeystone = {
    url: url!,
    adminPassword,
    token: (user, scope) => issue(url!, user, scope),
    async createProject(name = `p-${randomBytes(4).toString('hex')}`) {
      const { project } = (await call('POST', '/v3/projects', { project: { name, domain_id: 'default' } })) as { project: { id: string } };
      return project.id;
    },
    async createUser(name = `u-${randomBytes(4).toString('hex')}`) {
      const password = randomBytes(12).toString('hex');
      const { user } = (await call('POST', '/v3/users', { user: { name, password, domain_id: 'default' } })) as { user: { id: string } };
      return { id: user.id, name, password };
    },
    async grant(user, role, on) {
      const id = await roleId(role);
      const path = 'system' in on ? `/v3/system/users/${user.id}/roles/${id}` : `/v3/projects/${on.project}/users/${user.id}/roles/${id}`;
      await call('PUT', path);
    },
    async userWith(roles, on) {
      const user = await keystone.createUser();
      for (const role of roles) await keystone.grant(user, role, on);
      return user;
    },
    async serviceCredentials() {
      const project = await keystone.createProject('service');
      const user = await keystone.userWith(['service'], { project });
      const file = join(dir!, 'keystone_authtoken.conf');
      const section = { auth_url: `${url}/v3`, username: user.name, password: user.password, project_name: 'service', user_domain_id: 'default', project_domain_id: 'default' };
      writeFileSync(file, `[keystone_authtoken]\n${Object.entries(section).map(([key, value]) => `${key} = ${value}\n`).join('')}`, { mode: 0o600 });
      return { project, user, file };
    },
    async stop() {
      await run('bash', [SCRIPT, 'stop', dir!], { cwd: ROOT });
    },
  };
  return keystone;
}

/** Asks Keystone for a token (password authentication in domain `default`). */
async function issue(url: string, user: Pick<KeystoneUser, 'name' | 'password'>, scope: Scope): Promise<string> {
  const scoped = scope === 'unscoped' ? {} : 'system' in scope ? { scope: { system: { all: true } } } : { scope: { project: { id: scope.project } } };
  const response = await fetch(`${url}/v3/auth/tokens`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ auth: { identity: { methods: ['password'], password: { user: { name: user.name, domain: { id: 'default' }, password: user.password } } }, ...scoped } }),
  });
  const token = response.headers.get('x-subject-token');
  if (response.status !== 201 || !token) throw new Error(`keystone refused a token for ${user.name}: ${response.status} ${await response.text()}`);
  return token;
}
