/**
 * Ironic's access policy applied to a request's caller. The policy is Ironic 21.4's defaults
 * (libs/domain), with the operator's overrides from POLICY_FILE (oslo.policy's YAML: rule name
 * to check string) and OSLO_POLICY_ENFORCE_SCOPE / OSLO_POLICY_ENFORCE_NEW_DEFAULTS, both off by
 * default as oslo.policy 4.0 (what Ironic 21.4 runs on) ships them. A file that cannot be read
 * or parsed stops the service with an error naming it. It applies only to Keystone callers:
 * `noauth` and `http_basic` know no roles or projects.
 */
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { authorize, buildPolicy, IRONIC_DEFAULT_POLICY, PolicySyntaxError, type Node, type Policy, type PolicyCredentials } from '@ironledger/domain';
import { type Caller } from './keystone.js';
import { type RedactedField } from '../nodes/node.view.js';
import { type EventReach } from '../audit/event-stream.js';

/** Ironic's options that change what its policy lets callers do. */
export interface AccessSettings {
  /**
   * The project whose `service` role users have the elevated access of Ironic's `service_role` rule
   * (`[DEFAULT] rbac_service_project_name`), or null when that access is off
   * (`rbac_service_role_elevated_access`, off by default).
   */
  readonly serviceProjectName: string | null;
  /** Whether a project admin may enroll and delete its own nodes (`[api] project_admin_can_manage_own_nodes`, on by default). */
  readonly ownNodes: boolean;
}

/** RBAC_SERVICE_ROLE_ELEVATED_ACCESS, RBAC_SERVICE_PROJECT_NAME and PROJECT_ADMIN_CAN_MANAGE_OWN_NODES, Ironic's options by their names. */
export function accessSettingsFromEnv(env: NodeJS.ProcessEnv = process.env): AccessSettings {
  const elevated = flag(env, 'RBAC_SERVICE_ROLE_ELEVATED_ACCESS');
  const name = env.RBAC_SERVICE_PROJECT_NAME ?? 'service';
  return { serviceProjectName: elevated && name !== '' ? name : null, ownNodes: flag(env, 'PROJECT_ADMIN_CAN_MANAGE_OWN_NODES', true) };
}

export function policyFromEnv(env: NodeJS.ProcessEnv = process.env): Policy {
  const options = { enforceScope: flag(env, 'OSLO_POLICY_ENFORCE_SCOPE'), enforceNewDefaults: flag(env, 'OSLO_POLICY_ENFORCE_NEW_DEFAULTS') };
  const file = env.POLICY_FILE;
  if (!file) return buildPolicy(IRONIC_DEFAULT_POLICY, {}, options);
  try {
    return buildPolicy(IRONIC_DEFAULT_POLICY, readOverrides(file), options);
  } catch (error) {
    if (error instanceof PolicySyntaxError) throw new Error(`The policy file ${file}: ${error.message}`);
    throw error;
  }
}

/** The rules of an oslo.policy YAML file; throws, naming the file, when it is none. */
export function parseOverrides(text: string, source: string): Record<string, string> {
  let document: unknown;
  try {
    document = parse(text);
  } catch (error) {
    throw new Error(`The policy file ${source} is not YAML: ${(error as Error).message}`);
  }
  if (document === null || document === undefined) return {};
  if (typeof document !== 'object' || Array.isArray(document)) throw new Error(`The policy file ${source} must map rule names to check strings`);
  const rules: Record<string, string> = {};
  for (const [name, check] of Object.entries(document)) {
    if (typeof check !== 'string') throw new Error(`The policy file ${source}: rule "${name}" must be a check string, not ${JSON.stringify(check)}`);
    rules[name] = check;
  }
  return rules;
}

function readOverrides(file: string): Record<string, string> {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new Error(`The policy file ${file} cannot be read: ${(error as Error).message}`);
  }
  return parseOverrides(text, file);
}

function flag(env: NodeJS.ProcessEnv, name: string, fallback = false): boolean {
  const value = (env[name] ?? String(fallback)).toLowerCase();
  if (value === 'true' || value === 'false') return value === 'true';
  throw new Error(`${name} must be true or false, not "${env[name]}"`);
}

/** A Keystone caller in oslo.policy's credential names, with the service project when its elevated access is on (as Ironic's request context adds it). */
export function credentialsOf(caller: Caller, settings?: AccessSettings): PolicyCredentials {
  return {
    ...(settings?.serviceProjectName ? { 'config.service_project_name': settings.serviceProjectName } : {}),
    roles: caller.roles,
    project_id: caller.projectId,
    project_name: caller.projectName ?? null,
    project_domain_id: caller.projectDomainId ?? null,
    system_scope: caller.system,
    user_id: caller.userId,
    domain_id: caller.domainId,
    is_admin_project: caller.isAdminProject ?? true,
  };
}

/** Whether a list narrowed to `project` (see `RequestContext.listProject`) shows the node: its owner's or its lessee's (none narrows nothing). */
export function inProject(project: string | undefined, node: Pick<Node, 'owner' | 'lessee'>): boolean {
  return project === undefined || node.owner === project || node.lessee === project;
}

/**
 * The fields of `node` the caller may not read: none for callers at Ironic's `filter_threshold`
 * (system readers by default), else those whose `baremetal:node:get:<field>` rule refuses.
 */
export function redactedFields(policy: Policy, credentials: PolicyCredentials, node: Pick<Node, 'owner' | 'lessee'>): RedactedField[] {
  const target = { ...credentials, ...(node.owner ? { 'node.owner': node.owner } : {}), ...(node.lessee ? { 'node.lessee': node.lessee } : {}) };
  const allowed = (rule: string) => authorize(policy, rule, target, credentials) === 'allowed';
  if (allowed('baremetal:node:get:filter_threshold')) return [];
  return (['last_error', 'reservation', 'driver_internal_info', 'driver_info'] as const).filter((field) => !allowed(`baremetal:node:get:${field}`));
}

/** What Ironic's node rules read about a node (`check_owner_policy`'s target): the caller's credentials, the node's owner, its lessee if any. */
export function nodeTarget(credentials: PolicyCredentials, node: Pick<Node, 'owner' | 'lessee'>): Record<string, unknown> {
  return { ...credentials, 'node.owner': node.owner, ...(node.lessee ? { 'node.lessee': node.lessee } : {}) };
}

/** Whether a Keystone caller (`credentials`; none under noauth and http_basic) may see `node` at all (Ironic answers 404 for a node it may not). */
export function canSeeNode(policy: Policy, credentials: PolicyCredentials | null | undefined, node: Pick<Node, 'owner' | 'lessee'>): boolean {
  return !credentials || authorize(policy, 'baremetal:node:get', nodeTarget(credentials, node), credentials) === 'allowed';
}

/**
 * What a caller whose node lists are narrowed to `project` sees of the event feed: its nodes'
 * events; its allocations' with `allocation:list` (every allocation's with `list_all`); chassis
 * and deploy templates only when their `get` rules pass (system readers, as Ironic ships them).
 */
export function eventReach(policy: Policy, credentials: PolicyCredentials, project: string): EventReach {
  const allowed = (rule: string) => authorize(policy, rule, credentials, credentials) === 'allowed';
  const everyOf = new Set<'chassis' | 'deploy_template' | 'allocation'>();
  if (allowed('baremetal:chassis:get')) everyOf.add('chassis');
  if (allowed('baremetal:deploy_template:get')) everyOf.add('deploy_template');
  if (allowed('baremetal:allocation:list_all')) everyOf.add('allocation');
  return { project, everyOf, ownAllocations: allowed('baremetal:allocation:list') };
}
