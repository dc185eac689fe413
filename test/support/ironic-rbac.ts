/**
 * Ironic's own access-policy test data, run against ironledger: the three YAML files Debian's
 * python3-ironic installs beside its API tests (`test_rbac_system_scoped.yaml`,
 * `test_rbac_project_scoped.yaml`, `test_rbac_legacy.yaml`), read where the package put them. Each
 * case is a request, the caller's roles and scope (as the headers keystonemiddleware would have
 * set), and the status Ironic answers. Here every caller becomes a real Keystone user with those
 * roles on a real project (or on the system), and the case is sent with that user's token.
 *
 * Ironic's test module answers every call to a conductor with 503 (its RPC is mocked to fail), so
 * a 503 there means "allowed, and the conductor was asked": the cases run here once the fixtures
 * are built and the system's conductors are stopped, so that ironledger answers such calls 503 too.
 */
import { existsSync, readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { type RunningKeystone } from './keystone.js';

/** Where Debian's python3-ironic installs its API tests' data. */
export const IRONIC_API_TESTS = '/usr/lib/python3/dist-packages/ironic/tests/unit/api';

export type RbacFile = 'system_scoped' | 'project_scoped' | 'legacy';

export interface RbacCase {
  readonly name: string;
  readonly path: string;
  readonly method: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body?: unknown;
  readonly assert_status: number;
  readonly assert_list_length?: Readonly<Record<string, number>>;
  readonly assert_dict_contains?: Readonly<Record<string, unknown>>;
  readonly deprecated?: boolean;
  readonly self_manage_nodes?: boolean;
  readonly enable_service_project?: boolean;
  readonly service_project?: string;
  readonly skip_reason?: string;
}

export function rbacFilePath(file: RbacFile): string {
  return `${IRONIC_API_TESTS}/test_rbac_${file}.yaml`;
}

export function rbacDataInstalled(): boolean {
  return (['system_scoped', 'project_scoped', 'legacy'] as const).every((file) => existsSync(rbacFilePath(file)));
}

/** The cases of one file, in its order (its `values` entry only holds the anchors the cases refer to); a name given twice is its last case, as PyYAML reads it. */
export function readRbacCases(file: RbacFile): RbacCase[] {
  const document = parse(readFileSync(rbacFilePath(file), 'utf8'), { merge: true, maxAliasCount: -1, uniqueKeys: false }) as Record<string, Omit<RbacCase, 'name'>>;
  return Object.entries(document)
    .filter(([name]) => name !== 'values')
    .map(([name, fields]) => ({ name, ...fields, headers: fields.headers ?? {} }));
}

/** A header of a case, whatever its case (the files write both `X-Project-Id` and `X-Project-ID`). */
function header(headers: Readonly<Record<string, string>>, name: string): string | undefined {
  const key = Object.keys(headers).find((candidate) => candidate.toLowerCase() === name.toLowerCase());
  return key === undefined ? undefined : String(headers[key]);
}

/** Who a case's headers describe: roles, and a project (by the file's id, with its name if given) or the system. */
export interface RbacIdentity {
  readonly roles: readonly string[];
  readonly system: boolean;
  readonly project?: { readonly fileId: string; readonly name?: string };
}

export function identityOf(headers: Readonly<Record<string, string>>): RbacIdentity | null {
  const roles = (header(headers, 'X-Roles') ?? '')
    .split(',')
    .map((role) => role.trim())
    .filter(Boolean);
  if (roles.length === 0) return null;
  if (header(headers, 'OpenStack-System-Scope') === 'all') return { roles, system: true };
  const fileId = header(headers, 'X-Project-Id');
  if (!fileId) return null;
  const name = header(headers, 'X-Project-Name');
  return { roles, system: false, project: { fileId, ...(name ? { name } : {}) } };
}

/**
 * Keystone users and tokens for the files' callers. The files' project ids become real projects
 * (Keystone makes up their ids: `projectId` maps them), named as the files name them (`baremetal`,
 * `service`, …) or after their id; one user per distinct set of roles and scope.
 */
export class RbacCallers {
  private readonly projects = new Map<string, string>();
  private readonly tokens = new Map<string, Promise<string>>();

  constructor(private readonly keystone: RunningKeystone) {}

  /** Makes the projects every case of `cases` names (a name from any case that gives one). */
  async prepareProjects(cases: readonly RbacCase[], known: Readonly<Record<string, string>> = {}): Promise<void> {
    const names = new Map<string, string | undefined>();
    for (const { headers } of cases) {
      const identity = identityOf(headers);
      if (identity?.project) names.set(identity.project.fileId, identity.project.name ?? names.get(identity.project.fileId));
    }
    for (const [fileId, name] of names) {
      if (this.projects.has(fileId)) continue;
      this.projects.set(fileId, known[name ?? ''] ?? (await this.keystone.createProject(name ?? `rbac-${fileId.slice(0, 8)}`)));
    }
  }

  /** The real id of the project a file calls `fileId`. */
  projectId(fileId: string): string {
    const id = this.projects.get(fileId);
    if (!id) throw new Error(`no project was made for ${fileId}`);
    return id;
  }

  /** A token for the caller the headers describe (null: the headers describe none). */
  token(headers: Readonly<Record<string, string>>): Promise<string> | null {
    const identity = identityOf(headers);
    if (!identity) return null;
    const project = identity.project ? this.projectId(identity.project.fileId) : undefined;
    const key = JSON.stringify([identity.roles, project ?? 'system']);
    let token = this.tokens.get(key);
    if (!token) {
      const on = project ? { project } : ({ system: true } as const);
      token = this.keystone.userWith(identity.roles, on).then((user) => this.keystone.token(user, on));
      this.tokens.set(key, token);
    }
    return token;
  }
}

/** `str.format` as Ironic's test applies it to paths: `{name}` from `values`. */
export function formatPath(path: string, values: Readonly<Record<string, string>>): string {
  return path.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);
}

export interface RbacOutcome {
  readonly name: string;
  readonly expected: number;
  readonly status: number;
  /** Null when the case matched; else why not (status, list length, a field). */
  readonly difference: string | null;
}

/** How a run of a file reads Ironic's answers: `scopedCanary` is Ironic's second run of the legacy file, with both enforcement flags on. */
export interface RunOptions {
  readonly baseUrl: string;
  readonly format: Readonly<Record<string, string>>;
  readonly callers: RbacCallers;
  readonly scopedCanary?: boolean;
}

/** Sends the case as Ironic's test does: the latest microversion, its caller's real token, its path formatted, its body as it is. */
export async function sendCase(testCase: RbacCase, baseUrl: string, format: Readonly<Record<string, string>>, callers: RbacCallers): Promise<Response> {
  const token = await callers.token(testCase.headers);
  return fetch(`${baseUrl}${formatPath(testCase.path, format)}`, {
    method: testCase.method.toUpperCase(),
    headers: {
      'X-OpenStack-Ironic-API-Version': '1.82',
      ...(token ? { 'X-Auth-Token': token } : {}),
      ...(testCase.body !== undefined ? { 'Content-Type': 'application/json' } : {}),
    },
    body: testCase.body === undefined ? undefined : JSON.stringify(testCase.body),
  });
}

/** Sends the case (`sendCase`) and compares the answer with the status and body Ironic's test expects. */
export async function runCase(testCase: RbacCase, options: RunOptions): Promise<RbacOutcome> {
  const response = await sendCase(testCase, options.baseUrl, options.format, options.callers);
  const text = await response.text();
  const outcome = (difference: string | null): RbacOutcome => ({ name: testCase.name, expected: testCase.assert_status, status: response.status, difference });
  // Ironic's canary run accepts any refusal of a deprecated case, and otherwise expects an empty list from it.
  const canaryDeprecated = options.scopedCanary === true && testCase.deprecated === true;
  if (canaryDeprecated && [403, 404, 500].includes(response.status)) return outcome(null);
  if (response.status !== testCase.assert_status) return outcome(`${response.status}, not ${testCase.assert_status}: ${text.slice(0, 160)}`);
  let body: Record<string, unknown> = {};
  try {
    body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
  } catch {
    return outcome('a body that is not JSON');
  }
  for (const [root, length] of Object.entries(testCase.assert_list_length ?? {})) {
    const items = body[root];
    if (!Array.isArray(items)) return outcome(`no list "${root}"`);
    const wanted = canaryDeprecated ? 0 : length;
    if (items.length !== wanted) return outcome(`${items.length} ${root}, not ${wanted}`);
  }
  for (const [key, value] of Object.entries(testCase.assert_dict_contains ?? {})) {
    if (!(key in body)) return outcome(`no field "${key}"`);
    if (!sameValue(body[key], value, options.format)) return outcome(`${key} is ${JSON.stringify(body[key])}, not ${JSON.stringify(value)}`);
  }
  return outcome(null);
}

/** Ironic's comparison of `assert_dict_contains`: None is null, `{}` an empty object, dicts compared whole, text formatted. */
function sameValue(actual: unknown, wanted: unknown, format: Readonly<Record<string, string>>): boolean {
  if (wanted === null) return actual === null;
  if (typeof wanted === 'object') return JSON.stringify(sortKeys(actual)) === JSON.stringify(sortKeys(wanted));
  return actual === formatPath(String(wanted), format);
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).sort(([a], [b]) => a.localeCompare(b)).map(([k, v]) => [k, sortKeys(v)]));
}
