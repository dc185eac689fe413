/**
 * The policy check of each route (apps/gateway/src/http/route-policy.ts), without I/O: every
 * `/v1` route the gateway serves has one, and the kinds of check answer as Ironic's controllers
 * do (404 for a node out of reach, 403 for one in reach, lists narrowed to a project, the rules
 * of a node PATCH, a wrong scope's 500).
 */
import { describe, expect, it } from '@jest/globals';
import { buildPolicy, IRONIC_DEFAULT_POLICY, type PolicyCredentials } from '@ironledger/domain';
import { Access, type AccessLookups, type AccessRequest, checkAccess, nodePatchRules } from '../../apps/gateway/src/http/route-access.js';
import { routeCheck } from '../../apps/gateway/src/http/route-policy.js';
import { PUBLIC_ROUTES } from '../../apps/gateway/src/http/http-context.js';
import { gatewayRoutes } from '../support/routes.js';

const nodes = {
  owned: { uuid: 'n-owned', owner: 'p-owner', lessee: 'p-lessee' },
  other: { uuid: 'n-other', owner: 'p-other', lessee: null },
};
const lookups: AccessLookups = {
  node: (ident) => Object.values(nodes).find((node) => node.uuid === ident),
  nodeOf: (_kind, ident) => (ident === 'port-of-owned' ? { node: nodes.owned } : undefined),
  allocation: () => undefined,
  allocationsOfNode: () => [],
};
const enforced = buildPolicy(IRONIC_DEFAULT_POLICY, {}, { enforceScope: true, enforceNewDefaults: true });
const project = (id: string, ...roles: string[]): PolicyCredentials => ({ roles, project_id: id, system_scope: null });
const system = (...roles: string[]): PolicyCredentials => ({ roles, project_id: null, system_scope: 'all' });

function ask(method: string, route: string, credentials: PolicyCredentials, request: Partial<AccessRequest> = {}) {
  const check = routeCheck(method, route);
  if (!check) throw new Error(`no check for ${method} ${route}`);
  return checkAccess(check, new Access(enforced, credentials, lookups), { params: {}, query: {}, body: undefined, credentials, ...request });
}

describe('the policy check of each route', () => {
  it('covers every /v1 route the gateway serves', () => {
    const missing = gatewayRoutes()
      .filter((route) => route.path.startsWith('/v1') && !PUBLIC_ROUTES.has(route.path))
      .filter((route) => !routeCheck(route.method, route.path))
      .map((route) => `${route.method} ${route.path}`);
    expect(missing).toEqual([]);
  });

  it('hides a node out of reach (404) and refuses an action on one in reach (403)', () => {
    const params = { ident: 'n-owned' };
    expect(ask('GET', '/v1/nodes/:ident', project('p-stranger', 'admin', 'member', 'reader'), { params })).toMatchObject({ ok: false, status: 404 });
    expect(ask('GET', '/v1/nodes/:ident', project('p-lessee', 'reader'), { params })).toEqual({ ok: true });
    expect(ask('PUT', '/v1/nodes/:ident/states/power', project('p-lessee', 'reader'), { params })).toMatchObject({ ok: false, status: 403 });
    expect(ask('PUT', '/v1/nodes/:ident/states/power', project('p-lessee', 'member', 'reader'), { params })).toEqual({ ok: true });
    // The node's port is judged on the node.
    expect(ask('GET', '/v1/ports/:uuid', project('p-stranger', 'reader'), { params: { uuid: 'port-of-owned' } })).toMatchObject({ ok: false, status: 404 });
    // A node that does not exist is the handler's own 404.
    expect(ask('GET', '/v1/nodes/:ident', project('p-stranger', 'reader'), { params: { ident: 'nope' } })).toEqual({ ok: true });
  });

  it('narrows a project’s lists to what it owns or leases, and lets a system reader see everything', () => {
    expect(ask('GET', '/v1/nodes', project('p-lessee', 'reader'))).toEqual({ ok: true, listProject: 'p-lessee' });
    expect(ask('GET', '/v1/ports', project('p-owner', 'reader'))).toEqual({ ok: true, listProject: 'p-owner' });
    expect(ask('GET', '/v1/nodes', system('reader'))).toEqual({ ok: true });
  });

  it('answers 500 for a token of a scope the rule does not accept, as Ironic does', () => {
    expect(ask('GET', '/v1/conductors', project('p-owner', 'admin', 'member', 'reader'))).toMatchObject({ ok: false, status: 500, message: expect.stringContaining("requires a scope of ['system']") });
  });

  it('checks the rule of each field a node PATCH touches', () => {
    const rules = (body: unknown) => nodePatchRules({ params: {}, query: {}, body, credentials: system('admin') });
    expect(rules([{ op: 'replace', path: '/extra/a', value: 1 }])).toEqual(['baremetal:node:update_extra']);
    expect(rules([{ op: 'replace', path: '/power_interface', value: 'fake' }, { op: 'replace', path: '/description', value: 'd' }])).toEqual(['baremetal:node:update:driver_interfaces', 'baremetal:node:update']);
    expect(rules([{ op: 'replace', path: '/automated_clean', value: 'false' }])).toEqual(['baremetal:node:disable_cleaning']);
    expect(rules([])).toEqual(['baremetal:node:update']);
  });
});
