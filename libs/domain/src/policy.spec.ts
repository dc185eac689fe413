import { describe, expect, it } from '@jest/globals';
import { IRONIC_DEFAULT_POLICY } from './ironic-policy-defaults.js';
import { authorize, buildPolicy, evaluate, parseCheck, type PolicyCredentials, PolicySyntaxError } from './policy.js';

const OWNER = 'p-owner';
const LESSEE = 'p-lessee';
const OTHER = 'p-other';
const node = { 'node.owner': OWNER, 'node.lessee': LESSEE, 'config.service_project_name': 'service' };
const system = (...roles: string[]): PolicyCredentials => ({ roles, system_scope: 'all', project_id: null });
const project = (project_id: string, ...roles: string[]): PolicyCredentials => ({ roles, project_id, project_name: project_id, system_scope: null });
const secureRbac = buildPolicy(IRONIC_DEFAULT_POLICY, {}, { enforceScope: true, enforceNewDefaults: true });
/** Ironic 21.4 as it ships with oslo.policy 4.0: scope not enforced, old defaults or'ed with the new ones. */
const asShipped = buildPolicy(IRONIC_DEFAULT_POLICY, {}, { enforceScope: false, enforceNewDefaults: false });

describe('the rule language', () => {
  const empty = buildPolicy({}, {}, { enforceScope: false, enforceNewDefaults: true });
  const holds = (check: string, credentials: PolicyCredentials, target: Record<string, unknown> = node) => evaluate(empty, parseCheck(check), target, credentials);

  it('binds not tighter than and, and and tighter than or', () => {
    expect(parseCheck('not role:a or role:b and role:c')).toEqual({
      kind: 'or',
      checks: [
        { kind: 'not', check: { kind: 'role', match: 'a' } },
        { kind: 'and', checks: [{ kind: 'role', match: 'b' }, { kind: 'role', match: 'c' }] },
      ],
    });
    expect(holds('not role:a or role:b and role:c', { roles: ['a', 'b'] })).toBe(false);
    expect(holds('(not role:a or role:b) and role:c', { roles: ['b', 'c'] })).toBe(true);
  });

  it('compares roles without case, and credentials with the target’s values as Python writes them', () => {
    expect(holds('role:Admin', { roles: ['admin'] })).toBe(true);
    expect(holds('project_id:%(node.owner)s', project(OWNER))).toBe(true);
    expect(holds('project_id:%(node.owner)s', project(OTHER))).toBe(false);
    // A target without the attribute, or a token without the credential, matches nothing.
    expect(holds('project_id:%(node.owner)s', project(OWNER), {})).toBe(false);
    expect(holds('project_domain_id:default', project(OWNER))).toBe(false);
    expect(holds('project_id:%(node.owner)s', project(OWNER), { 'node.owner': null })).toBe(false);
    expect(holds('is_public_api:True', { roles: [], is_public_api: true })).toBe(true);
    expect(holds("project_name:'demo'", { roles: [], project_name: 'demo' })).toBe(true);
    expect(holds('@', { roles: [] })).toBe(true);
    expect(holds('', { roles: [] })).toBe(true);
    expect(holds('!', { roles: ['admin'] })).toBe(false);
  });

  it('refuses what is no check string, naming the rule', () => {
    for (const bad of ['role:admin and', '(role:admin', 'role:admin)', 'admin', 'or role:a']) {
      expect(() => parseCheck(bad, 'baremetal:node:get')).toThrow(PolicySyntaxError);
    }
    expect(() => parseCheck('(role:admin', 'baremetal:node:get')).toThrow(/baremetal:node:get/);
  });

  it('refuses a rule that names itself instead of looping', () => {
    const looping = buildPolicy({ a: { check: 'rule:b' }, b: { check: 'rule:a or role:x' } }, {}, { enforceScope: false, enforceNewDefaults: true });
    expect(authorize(looping, 'a', {}, { roles: [] })).toBe('denied');
    expect(authorize(looping, 'a', {}, { roles: ['x'] })).toBe('allowed');
  });
});

describe('Ironic 21.4’s default policy', () => {
  it('lets system readers and the owner’s and lessee’s readers see a node, and nobody else', () => {
    expect(authorize(secureRbac, 'baremetal:node:get', node, system('reader'))).toBe('allowed');
    expect(authorize(secureRbac, 'baremetal:node:get', node, project(OWNER, 'reader'))).toBe('allowed');
    expect(authorize(secureRbac, 'baremetal:node:get', node, project(LESSEE, 'reader'))).toBe('allowed');
    expect(authorize(secureRbac, 'baremetal:node:get', node, project(OTHER, 'admin', 'member', 'reader'))).toBe('denied');
  });

  it('keeps readers from changing anything, and lessees from what only owners may do', () => {
    expect(authorize(secureRbac, 'baremetal:node:update', node, system('reader'))).toBe('denied');
    expect(authorize(secureRbac, 'baremetal:node:update', node, system('member', 'reader'))).toBe('allowed');
    expect(authorize(secureRbac, 'baremetal:node:delete', node, project(OWNER, 'member', 'reader'))).toBe('denied');
    expect(authorize(secureRbac, 'baremetal:node:delete', node, system('admin', 'member', 'reader'))).toBe('allowed');
    expect(authorize(secureRbac, 'baremetal:node:update:owner', node, project(LESSEE, 'admin', 'member', 'reader'))).toBe('denied');
    expect(authorize(secureRbac, 'baremetal:node:update_owner_provisioned', node, project(OWNER, 'admin'))).toBe('wrong-scope');
  });

  it('refuses a token of a scope the rule does not accept when scope is enforced', () => {
    // Drivers are system-wide: a project token, whatever its roles, is of the wrong scope.
    expect(authorize(secureRbac, 'baremetal:driver:get', {}, project(OWNER, 'admin', 'member', 'reader'))).toBe('wrong-scope');
    expect(authorize(secureRbac, 'baremetal:node:get', node, { roles: ['admin'] })).toBe('wrong-scope');
    expect(authorize(asShipped, 'baremetal:driver:get', {}, project(OWNER, 'admin'))).toBe('allowed');
  });

  it('or’s the old defaults with the new ones unless new defaults are enforced', () => {
    // The old default let any `admin` act on every node: 21.4 as shipped still does.
    const otherAdmin = project(OTHER, 'admin');
    expect(authorize(asShipped, 'baremetal:node:get', node, otherAdmin)).toBe('allowed');
    expect(authorize(secureRbac, 'baremetal:node:get', node, otherAdmin)).toBe('denied');
  });

  it('lets the operator replace a rule, old default and all', () => {
    const overridden = buildPolicy(IRONIC_DEFAULT_POLICY, { 'baremetal:node:get': 'role:auditor' }, { enforceScope: false, enforceNewDefaults: false });
    expect(authorize(overridden, 'baremetal:node:get', node, project(OTHER, 'auditor'))).toBe('allowed');
    expect(authorize(overridden, 'baremetal:node:get', node, project(OTHER, 'admin'))).toBe('denied');
    expect(() => buildPolicy(IRONIC_DEFAULT_POLICY, { 'baremetal:node:get': 'role:' + 'a and (' }, { enforceScope: true, enforceNewDefaults: true })).toThrow(/baremetal:node:get/);
  });

  it('parses every one of Ironic’s default rules', () => {
    expect(secureRbac.rules.size).toBe(Object.keys(IRONIC_DEFAULT_POLICY).length);
    expect(secureRbac.rules.size).toBeGreaterThan(100);
  });
});
