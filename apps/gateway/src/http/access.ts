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
import { authorize, buildPolicy, IRONIC_DEFAULT_POLICY, type Node, type Policy, type PolicyCredentials } from '@ironledger/domain';
import { type Caller } from './keystone.js';

/** The service project Ironic's `service_role` rule names (`[DEFAULT] rbac_service_project_name`). */
const SERVICE_PROJECT_NAME = 'service';

export function policyFromEnv(env: NodeJS.ProcessEnv = process.env): Policy {
  const options = { enforceScope: flag(env, 'OSLO_POLICY_ENFORCE_SCOPE'), enforceNewDefaults: flag(env, 'OSLO_POLICY_ENFORCE_NEW_DEFAULTS') };
  const file = env.POLICY_FILE;
  return buildPolicy(IRONIC_DEFAULT_POLICY, file ? readOverrides(file) : {}, options);
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

function flag(env: NodeJS.ProcessEnv, name: string): boolean {
  const value = (env[name] ?? 'false').toLowerCase();
  if (value === 'true' || value === 'false') return value === 'true';
  throw new Error(`${name} must be true or false, not "${env[name]}"`);
}

/** A Keystone caller in oslo.policy's credential names. */
export function credentialsOf(caller: Caller): PolicyCredentials {
  return { roles: caller.roles, project_id: caller.projectId, system_scope: caller.system, user_id: caller.userId, domain_id: caller.domainId };
}

/** What Ironic's node rules read about a node. */
export function nodeTarget(node: Pick<Node, 'owner' | 'lessee'>): Record<string, unknown> {
  return { 'node.owner': node.owner, 'node.lessee': node.lessee, 'config.service_project_name': SERVICE_PROJECT_NAME };
}

/** Whether the caller may see `node` at all (Ironic answers 404 for a node it may not). */
export function canSeeNode(policy: Policy, caller: Caller | null | undefined, node: Pick<Node, 'owner' | 'lessee'>): boolean {
  return !caller || authorize(policy, 'baremetal:node:get', nodeTarget(node), credentialsOf(caller)) === 'allowed';
}
