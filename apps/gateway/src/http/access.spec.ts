import { describe, expect, it } from '@jest/globals';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { authorize } from '@ironledger/domain';
import { accessSettingsFromEnv, canSeeNode, credentialsOf, parseOverrides, policyFromEnv } from './access.js';

const file = (text: string) => {
  const path = join(mkdtempSync(join(tmpdir(), 'ironledger-policy-')), 'policy.yaml');
  writeFileSync(path, text);
  return path;
};
const reader = { user: 'r', userId: 'r', roles: ['reader'], projectId: 'p1', system: null, domainId: null };

describe('the access policy', () => {
  it('is Ironic 21.4’s as shipped unless told otherwise', () => {
    const policy = policyFromEnv({});
    expect(policy).toMatchObject({ enforceScope: false, enforceNewDefaults: false });
    expect(canSeeNode(policy, credentialsOf(reader), { owner: 'p1', lessee: null })).toBe(true);
    expect(canSeeNode(policy, credentialsOf(reader), { owner: 'p2', lessee: null })).toBe(false);
    // noauth and http_basic callers are not held to it.
    expect(canSeeNode(policy, null, { owner: 'p2', lessee: null })).toBe(true);
  });

  it('takes the operator’s rules from POLICY_FILE', () => {
    const policy = policyFromEnv({ POLICY_FILE: file('"baremetal:node:get": "role:reader"\n'), OSLO_POLICY_ENFORCE_SCOPE: 'true', OSLO_POLICY_ENFORCE_NEW_DEFAULTS: 'true' });
    expect(canSeeNode(policy, credentialsOf(reader), { owner: 'p2', lessee: null })).toBe(true);
    expect(authorize(policy, 'baremetal:driver:get', {}, { roles: ['admin'], project_id: 'p1' })).toBe('wrong-scope');
  });

  it('refuses to start on a bad policy file, saying why', () => {
    expect(() => policyFromEnv({ POLICY_FILE: '/nonexistent/policy.yaml' })).toThrow(/policy file \/nonexistent\/policy.yaml cannot be read/);
    expect(() => policyFromEnv({ POLICY_FILE: file('"baremetal:node:get": "role:reader and ("\n') })).toThrow(/^The policy file .*policy\.yaml: policy rule "baremetal:node:get"/);
    expect(() => policyFromEnv({ POLICY_FILE: file('- a list\n') })).toThrow(/must map rule names to check strings/);
    expect(() => policyFromEnv({ POLICY_FILE: file('a: [1\n') })).toThrow(/is not YAML/);
    expect(() => parseOverrides('"baremetal:node:get": 3\n', 'p.yaml')).toThrow(/must be a check string/);
    expect(() => policyFromEnv({ OSLO_POLICY_ENFORCE_SCOPE: 'yes' })).toThrow(/true or false/);
  });

  it('reads Ironic’s options on the service role and on project admins’ own nodes', () => {
    expect(accessSettingsFromEnv({})).toEqual({ serviceProjectName: null, ownNodes: true });
    expect(accessSettingsFromEnv({ RBAC_SERVICE_ROLE_ELEVATED_ACCESS: 'true', PROJECT_ADMIN_CAN_MANAGE_OWN_NODES: 'false' })).toEqual({ serviceProjectName: 'service', ownNodes: false });
    expect(accessSettingsFromEnv({ RBAC_SERVICE_ROLE_ELEVATED_ACCESS: 'true', RBAC_SERVICE_PROJECT_NAME: 'admin' })).toMatchObject({ serviceProjectName: 'admin' });
    // The service project's `service` users see every node only with the elevated access on.
    const policy = policyFromEnv({});
    const service = credentialsOf({ user: 's', userId: 's', roles: ['service'], projectId: 'p9', projectName: 'service', system: null, domainId: null }, accessSettingsFromEnv({ RBAC_SERVICE_ROLE_ELEVATED_ACCESS: 'true' }));
    expect(canSeeNode(policy, service, { owner: 'p2', lessee: null })).toBe(true);
    expect(canSeeNode(policy, { ...service, 'config.service_project_name': undefined }, { owner: 'p2', lessee: null })).toBe(false);
    expect(() => accessSettingsFromEnv({ PROJECT_ADMIN_CAN_MANAGE_OWN_NODES: 'maybe' })).toThrow(/true or false/);
  });
});
