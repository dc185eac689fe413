/**
 * Holds Keystone callers to the access policy on every `/v1` route, before the handler runs
 * (`route-policy.ts` says what each route checks). Under `noauth` and `http_basic` there is no
 * caller and nothing is checked. An admitted list request carries the project its lists are
 * narrowed to (`RequestContext.listProject`); a project-scoped creation the owner Ironic gives it.
 */
import { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { type FleetReadModel } from '@ironledger/application';
import { type Policy } from '@ironledger/domain';
import { type AccessSettings, credentialsOf } from './access.js';
import { errorBody } from './errors.js';
import { PUBLIC_ROUTES } from './http-context.js';
import { Access, type AccessLookups, checkAccess, type NodeItemKind, type NodeOwnership } from './route-access.js';
import { routeCheck } from './route-policy.js';

export function installAccessPolicy(fastify: FastifyInstance, policy: Policy, settings: AccessSettings, readModel: () => FleetReadModel): void {
  fastify.addHook('preHandler', async (request: FastifyRequest, reply: FastifyReply) => {
    const caller = request.ironic?.caller;
    const route = request.routeOptions.url;
    if (!caller || !route || !/^\/v1(?:\/|$)/.test(route)) return;
    const check = routeCheck(request.method === 'HEAD' ? 'GET' : request.method, route);
    if (!check) return reply.code(403).send(errorBody(403, `Access was denied to the following resource: ${request.method} ${route}`));
    const credentials = { ...credentialsOf(caller, settings), is_public_api: PUBLIC_ROUTES.has(route) };
    request.ironic = { ...request.ironic, credentials };
    const answer = checkAccess(check, new Access(policy, credentials, readModelLookups(readModel()), settings), {
      params: (request.params ?? {}) as Record<string, string | undefined>,
      query: (request.query ?? {}) as Record<string, unknown>,
      body: request.body,
      credentials,
    });
    if (!answer.ok) return reply.code(answer.status).send(errorBody(answer.status, answer.message));
    if (answer.listProject) request.ironic = { ...request.ironic, listProject: answer.listProject };
    if (answer.ownerSet !== undefined && request.body !== null && typeof request.body === 'object' && !Array.isArray(request.body)) {
      (request.body as Record<string, unknown>).owner = answer.ownerSet;
    }
  });
}

/** The read model as the checks read it. */
export function readModelLookups(model: FleetReadModel): AccessLookups {
  const ownership = (node: { uuid: string; owner: string | null; lessee: string | null }): NodeOwnership => ({ uuid: node.uuid, owner: node.owner, lessee: node.lessee });
  const items: Record<NodeItemKind, (ident: string) => { node: { uuid: string; owner: string | null; lessee: string | null } } | undefined> = {
    port: (ident) => model.portIndex.get(ident) ?? model.portIndex.byKey(ident.toLowerCase()),
    portgroup: (ident) => model.portgroups.get(ident) ?? model.portgroups.byKey(ident) ?? model.portgroups.byKey(ident.toLowerCase()),
    volume_connector: (ident) => model.volumeConnectors.get(ident),
    volume_target: (ident) => model.volumeTargets.get(ident),
  };
  return {
    node: (ident) => {
      const node = model.get(ident);
      return node && ownership(node);
    },
    nodeOf: (kind, ident) => {
      const found = items[kind](ident);
      return found && { node: ownership(found.node) };
    },
    allocation: (ident) => {
      const allocation = model.allocations.get(ident) ?? [...model.allocations.all()].find((candidate) => candidate.name === ident);
      return allocation && { owner: allocation.owner, nodeUuid: allocation.node_uuid };
    },
    allocationsOfNode: (nodeUuid) => [...model.allocations.all()].filter((allocation) => allocation.node_uuid === nodeUuid).map((allocation) => ({ owner: allocation.owner })),
  };
}
