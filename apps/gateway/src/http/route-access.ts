/**
 * Which policy rule each route checks, and on what, as Ironic's API controllers check them
 * (`api/controllers/v1/utils.py`: `check_node_policy_and_retrieve`, `check_owner_policy`,
 * `check_list_policy`, `check_port_policy_and_retrieve`, `check_volume_policy_and_retrieve`,
 * `check_allocation_policy_and_retrieve`):
 *
 * - a rule on the request alone: refused 403;
 * - a rule on a node (or on the node of a port, port group, volume connector or target): a caller
 *   who may not `baremetal:node:get` it is told it does not exist (404), one who may see it but
 *   not act, 403;
 * - a list: the `…:list_all` rule, else, for a project-scoped caller, `…:list` and only what the
 *   project owns or leases;
 * - a token of a scope the rule does not accept (with scope enforced): 500, as Ironic answers
 *   (oslo.policy's `InvalidScope` reaches its error handler unmapped), except where Ironic catches it.
 *
 * Pure: the resources are read through `AccessLookups`.
 */
import { authorize, type Policy, type PolicyCredentials, type PolicyDecision } from '@ironledger/domain';

/** What a rule reads about a node. */
export interface NodeOwnership {
  readonly uuid: string;
  readonly owner: string | null;
  readonly lessee: string | null;
}

/** The resources the checks read, by the identifiers the routes carry. */
export interface AccessLookups {
  node(ident: string): NodeOwnership | undefined;
  /** A port, port group, volume connector or target: its node (null when it has none). */
  nodeOf(kind: NodeItemKind, ident: string): { node: NodeOwnership | null } | undefined;
  allocation(ident: string): { owner: string | null; nodeUuid: string | null } | undefined;
  /** The allocations a node holds. */
  allocationsOfNode(nodeUuid: string): readonly { owner: string | null }[];
}

export type NodeItemKind = 'port' | 'portgroup' | 'volume_connector' | 'volume_target';

/** How a request is let through: maybe with its lists narrowed to one project's nodes (or allocations). */
export interface Admitted {
  readonly ok: true;
  /** Lists show only what this project owns or leases (allocations: owns). */
  readonly listProject?: string;
  /** The owner a project-scoped creation is given (nodes, allocations), as Ironic sets it. */
  readonly ownerSet?: string | null;
}

export interface Refused {
  readonly ok: false;
  readonly status: number;
  readonly message: string;
}

export type AccessAnswer = Admitted | Refused;

/** What a check needs from the request. */
export interface AccessRequest {
  readonly params: Readonly<Record<string, string | undefined>>;
  readonly query: Readonly<Record<string, unknown>>;
  readonly body: unknown;
  readonly credentials: PolicyCredentials;
}

const NOT_FOUND: Record<NodeItemKind | 'node' | 'allocation', (ident: string) => string> = {
  node: (ident) => `Node ${ident} could not be found.`,
  port: (ident) => `Port ${ident} could not be found.`,
  portgroup: (ident) => `Portgroup ${ident} could not be found.`,
  volume_connector: (ident) => `The volume_connector ${ident} could not be found.`,
  volume_target: (ident) => `The volume_target ${ident} could not be found.`,
  allocation: (ident) => `Allocation ${ident} could not be found.`,
};

/** Thrown inside a check to answer with a refusal. */
class Refusal extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** One route's check. */
export type Check = (access: Access, request: AccessRequest) => Admitted;

/** The checks of one request: the policy, the caller's credentials and the resources. */
export class Access {
  constructor(
    readonly policy: Policy,
    readonly credentials: PolicyCredentials,
    readonly lookups: AccessLookups,
    readonly settings: { readonly ownNodes: boolean } = { ownNodes: true },
  ) {}

  decide(rule: string, target: Record<string, unknown> = {}): PolicyDecision {
    return authorize(this.policy, rule, { ...this.credentials, ...target }, this.credentials);
  }

  /** `check_policy`: 403 when refused, 500 for a token of the wrong scope. */
  require(rule: string, target: Record<string, unknown> = {}): void {
    const decision = this.decide(rule, target);
    if (decision === 'wrong-scope') throw wrongScope(this.policy, rule, this.credentials);
    if (decision === 'denied') throw new Refusal(403, `Access was denied to the following resource: ${rule}`);
  }

  /** `check_policy_true`: whether the rule passes (a wrong scope still fails loudly, as oslo.policy raises it). */
  passes(rule: string, target: Record<string, unknown> = {}): boolean {
    const decision = this.decide(rule, target);
    if (decision === 'wrong-scope') throw wrongScope(this.policy, rule, this.credentials);
    return decision === 'allowed';
  }

  /** `check_owner_policy`'s target for a node: its owner always, its lessee when it has one. */
  static nodeTarget(node: NodeOwnership | null): Record<string, unknown> {
    return { 'node.owner': node?.owner ?? null, ...(node?.lessee ? { 'node.lessee': node.lessee } : {}) };
  }

  /** May the caller see the node? If not, it does not exist for them (`notFound`). */
  seeNode(node: NodeOwnership | null, notFound: string): void {
    try {
      this.require('baremetal:node:get', Access.nodeTarget(node));
    } catch (error) {
      if (error instanceof Refusal && error.status === 403) throw new Refusal(404, notFound);
      throw error;
    }
  }

  get projectId(): string | null {
    return (this.credentials.project_id as string | null | undefined) ?? null;
  }
}

function wrongScope(policy: Policy, rule: string, credentials: PolicyCredentials): Refusal {
  const scopes = policy.rules.get(rule)?.scopeTypes ?? [];
  const token = credentials.system_scope ? 'system' : credentials.project_id ? 'project' : credentials.domain_id ? 'domain' : 'none';
  return new Refusal(500, `${rule} requires a scope of [${scopes.map((scope) => `'${scope}'`).join(', ')}], request was made with ${token} scope.`);
}

/** Runs a route's check: admitted, or refused with Ironic's status and message. */
export function checkAccess(check: Check, access: Access, request: AccessRequest): AccessAnswer {
  try {
    return check(access, request);
  } catch (error) {
    if (error instanceof Refusal) return { ok: false, status: error.status, message: error.message };
    throw error;
  }
}

const ADMITTED: Admitted = { ok: true };

// --- the kinds of check ---------------------------------------------------------------

/** A rule on the request alone. */
export const rule =
  (name: string): Check =>
  (access) => {
    access.require(name);
    return ADMITTED;
  };

/** The node named by the route's `param` (or a query parameter), then each rule on it (`check_multiple_node_policies_and_retrieve`). */
export const onNode =
  (rules: string | readonly string[] | ((request: AccessRequest) => readonly string[]), param = 'ident'): Check =>
  (access, request) => {
    const ident = identOf(request, param);
    const node = ident === undefined ? undefined : access.lookups.node(ident);
    // An unknown node is the handler's 404 (or its 400 for a bad identifier).
    if (!node || ident === undefined) return ADMITTED;
    access.seeNode(node, NOT_FOUND.node(ident));
    const names = typeof rules === 'function' ? rules(request) : typeof rules === 'string' ? [rules] : rules;
    for (const name of names) access.require(name, Access.nodeTarget(node));
    return ADMITTED;
  };

function identOf(request: AccessRequest, param: string): string | undefined {
  if (param.startsWith('?')) {
    for (const name of param.slice(1).split('|')) {
      const value = request.query[name];
      if (typeof value === 'string') return value;
    }
    return undefined;
  }
  return request.params[param];
}

/** A port, port group or volume item named by `param`: seen through its node, then `name` on that node. */
export const onNodeItem =
  (kind: NodeItemKind, name: string, param = 'uuid'): Check =>
  (access, request) => {
    const ident = request.params[param];
    const found = ident === undefined ? undefined : access.lookups.nodeOf(kind, ident);
    if (!found || ident === undefined) return ADMITTED;
    access.seeNode(found.node, NOT_FOUND[kind](ident));
    access.require(name, Access.nodeTarget(found.node));
    return ADMITTED;
  };

/** Creating something on the node its body names (`node_uuid`, or the route's node): `name` on that node, refused 403, never hidden. */
export const createOnNode =
  (name: string, param?: string): Check =>
  (access, request) => {
    const ident = param ? request.params[param] : bodyField(request.body, 'node_uuid');
    const node = typeof ident === 'string' ? (access.lookups.node(ident) ?? null) : null;
    access.require(name, Access.nodeTarget(node));
    return ADMITTED;
  };

function bodyField(body: unknown, field: string): unknown {
  return body !== null && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>)[field] : undefined;
}

/** `check_list_policy`: every item with `…:list_all`, else a project's with `…:list` (wrong scope for `list_all` counts as a refusal here). */
export const list =
  (resource: 'node' | 'allocation'): Check =>
  (access, request) => {
    const everything = access.decide(`baremetal:${resource}:list_all`);
    if (everything === 'allowed') return ADMITTED;
    const project = access.projectId;
    const asked = resource === 'allocation' ? request.query.owner : request.query.project;
    if (!project || (typeof asked === 'string' && asked !== project)) {
      if (everything === 'wrong-scope') throw wrongScope(access.policy, `baremetal:${resource}:list_all`, access.credentials);
      throw new Refusal(403, `Access was denied to the following resource: baremetal:${resource}:list_all`);
    }
    access.require(`baremetal:${resource}:list`);
    return { ok: true, listProject: project };
  };

/** `check_port_list_policy` / `check_volume_list_policy`: the parent node (or port group) must be seen, then `list_all`, else a project's with `list`. */
export const itemList =
  (resource: 'port' | 'portgroup' | 'volume', parent?: { node?: string; portgroup?: string }): Check =>
  (access, request) => {
    const groupIdent = parent?.portgroup ? request.params[parent.portgroup] : undefined;
    const nodeIdent = parent?.node ? request.params[parent.node] : undefined;
    if (groupIdent !== undefined) {
      const found = access.lookups.nodeOf('portgroup', groupIdent);
      if (found) access.seeNode(found.node, NOT_FOUND.portgroup(groupIdent));
    } else if (nodeIdent !== undefined) {
      const node = access.lookups.node(nodeIdent);
      if (node) access.seeNode(node, NOT_FOUND.node(nodeIdent));
    }
    const everything = access.decide(`baremetal:${resource}:list_all`);
    if (everything === 'allowed') return ADMITTED;
    if (everything === 'wrong-scope') throw wrongScope(access.policy, `baremetal:${resource}:list_all`, access.credentials);
    const project = access.projectId;
    if (!project) throw new Refusal(403, `Access was denied to the following resource: baremetal:${resource}:list_all`);
    access.require(`baremetal:${resource}:list`);
    return { ok: true, listProject: project };
  };

/**
 * `GET /v1/events` (ironledger's): a `?node=` out of the caller's reach is not found (404); then as a
 * node list, every event with `node:list_all`, else a project's with `node:list` (see `eventReach`).
 */
export const eventFeed: Check = (access, request) => {
  onNode('baremetal:node:get', '?node')(access, request);
  return list('node')(access, request);
};

/** `GET /v1/{collection}/{uuid}/events` (ironledger's): the rule that shows the resource itself. */
export const resourceLog: Check = (access, request) => {
  switch (request.params.collection) {
    case 'allocations':
      return onAllocation('baremetal:allocation:get', 'uuid')(access, request);
    case 'chassis':
      return rule('baremetal:chassis:get')(access, request);
    case 'deploy_templates':
      return rule('baremetal:deploy_template:get')(access, request);
    default:
      return rule('baremetal:node:list_all')(access, request);
  }
};

/** A system administrator's (ironledger's read-model rebuild): enrolling's rule, on a system-scoped token only. */
export const systemAdmin: Check = (access) => {
  access.require('baremetal:node:create');
  if (access.credentials.system_scope !== 'all') throw new Refusal(403, 'Access was denied to the following resource: baremetal:node:create');
  return ADMITTED;
};

/** The deletes that fall back to the self-owned rule (`[api] project_admin_can_manage_own_nodes`, on by default). */
export const deleteNode: Check = (access, request) => {
  try {
    return onNode('baremetal:node:delete')(access, request);
  } catch (error) {
    if (!(error instanceof Refusal) || error.status !== 403 || !access.settings.ownNodes) throw error;
    return onNode('baremetal:node:delete:self_owned_node')(access, request);
  }
};

/** `POST /v1/nodes`: `node:create`, or a project's own node with `create:self_owned_node` (owned by the project). */
export const createNode: Check = (access, request) => {
  const owned = access.settings.ownNodes && access.passes('baremetal:node:create:self_owned_node');
  if (!owned) {
    access.require('baremetal:node:create');
    return ADMITTED;
  }
  if (access.credentials.system_scope === 'all') return ADMITTED;
  const project = access.projectId;
  const requested = bodyField(request.body, 'owner');
  if (requested && requested !== project) throw new Refusal(400, 'Cannot create a node as a project scoped admin with an owner other than your own project.');
  return { ok: true, ownerSet: project };
};

/** `PATCH /v1/nodes/{ident}`: the rule of each field the patch touches (`update` for the others). */
export function nodePatchRules(request: AccessRequest): readonly string[] {
  const patch = Array.isArray(request.body) ? (request.body as { path?: unknown; value?: unknown }[]) : [];
  const rules: string[] = [];
  let generic = false;
  for (const operation of patch) {
    const path = typeof operation?.path === 'string' ? operation.path : '';
    const ruleOf = PATCH_RULES.find(([prefix]) => path.startsWith(prefix));
    if (path.startsWith('/automated_clean')) {
      if (pythonFalse(operation.value)) rules.push('baremetal:node:disable_cleaning');
      else generic = true;
    } else if (ruleOf) rules.push(ruleOf[1]);
    else if (/^\/[a-z]+_interface$/.test(path) && DRIVER_INTERFACES.has(path.slice(1, -'_interface'.length))) rules.push('baremetal:node:update:driver_interfaces');
    else generic = true;
  }
  if (generic || rules.length === 0) rules.push('baremetal:node:update');
  return rules;
}

const PATCH_RULES: readonly (readonly [string, string])[] = [
  ['/instance_info', 'baremetal:node:update_instance_info'],
  ['/extra', 'baremetal:node:update_extra'],
  ['/driver_info', 'baremetal:node:update:driver_info'],
  ['/properties', 'baremetal:node:update:properties'],
  ['/chassis_uuid', 'baremetal:node:update:chassis_uuid'],
  ['/instance_uuid', 'baremetal:node:update:instance_uuid'],
  ['/lessee', 'baremetal:node:update:lessee'],
  ['/owner', 'baremetal:node:update:owner'],
  ['/driver', 'baremetal:node:update:driver_interfaces'],
  ['/network_data', 'baremetal:node:update:network_data'],
  ['/conductor_group', 'baremetal:node:update:conductor_group'],
  ['/name', 'baremetal:node:update:name'],
  ['/retired', 'baremetal:node:update:retired'],
  ['/shard', 'baremetal:node:update:shard'],
];

const DRIVER_INTERFACES = new Set(['bios', 'boot', 'console', 'deploy', 'firmware', 'inspect', 'management', 'network', 'power', 'raid', 'rescue', 'storage', 'vendor']);

/** `strutils.bool_from_string(value, default=None) is False`. */
function pythonFalse(value: unknown): boolean {
  if (value === false) return true;
  return typeof value === 'string' && ['0', 'f', 'false', 'n', 'no', 'off'].includes(value.trim().toLowerCase());
}

/** The allocation named by `param`: `allocation:get` on its owner (else 404), then `name`. */
export const onAllocation =
  (name: string, param = 'ident'): Check =>
  (access, request) => {
    const ident = request.params[param];
    const allocation = ident === undefined ? undefined : access.lookups.allocation(ident);
    if (!allocation || ident === undefined) return ADMITTED;
    if (access.decide('baremetal:allocation:get', { 'allocation.owner': allocation.owner }) === 'denied') throw new Refusal(404, NOT_FOUND.allocation(ident));
    access.require('baremetal:allocation:get', { 'allocation.owner': allocation.owner });
    access.require(name, { 'allocation.owner': allocation.owner });
    return ADMITTED;
  };

/** `GET /v1/allocations`: `check_list_policy`, then a project-scoped caller without `list_all` sees its own. */
export const allocationList: Check = (access, request) => {
  const listed = list('allocation')(access, request);
  if (access.credentials.system_scope !== 'all' && !access.passes('baremetal:allocation:list_all') && access.projectId) return { ok: true, listProject: access.projectId };
  return listed;
};

/** `GET|DELETE /v1/nodes/{ident}/allocation`: the node must be seen (404), then `rule` on each of its allocations' owner (403). */
export const nodeAllocation =
  (name: string): Check =>
  (access, request) => {
    const ident = request.params.ident;
    const node = ident === undefined ? undefined : access.lookups.node(ident);
    if (!node || ident === undefined) return ADMITTED;
    access.seeNode(node, NOT_FOUND.node(ident));
    for (const allocation of access.lookups.allocationsOfNode(node.uuid)) access.require(name, { 'allocation.owner': allocation.owner });
    return ADMITTED;
  };

/**
 * `POST /v1/allocations` (`_authorize_create_allocation` and what `post` adds): `allocation:create`,
 * else a project's own with `create_restricted`; a project-scoped allocation is the project's; a
 * backfilled node must be seen (404), candidates must be the project's unless `create_restricted`.
 */
export const createAllocation: Check = (access, request) => {
  const body = request.body;
  const requested = bodyField(body, 'owner');
  const project = access.projectId;
  let owner: string | null | undefined;
  const newDefaults = access.policy.enforceNewDefaults;
  try {
    access.require('baremetal:allocation:create');
    if (!newDefaults && !requested) access.require('baremetal:allocation:create_pre_rbac');
  } catch (error) {
    if (!(error instanceof Refusal) || error.status !== 403) throw error;
    if (project && requested && project !== requested) throw error;
    if (requested && !newDefaults) access.require('baremetal:allocation:create_pre_rbac');
    access.require('baremetal:allocation:create_restricted');
    owner = project;
  }
  const restricted = () => access.passes('baremetal:allocation:create_restricted');
  if (newDefaults && access.credentials.system_scope !== 'all') {
    const wanted = owner === undefined ? requested : owner;
    if (wanted) {
      if (!restricted() && wanted !== project) throw new Refusal(403, `Cannot create allocation with an owner Project ID value ${String(wanted)} not matching the requestor Project ID ${String(project)}. Policy baremetal:allocation:create_restricted is required for this capability.`);
    } else owner = project;
  }
  const backfill = bodyField(body, 'node');
  if (typeof backfill === 'string') {
    const node = access.lookups.node(backfill);
    // A backfilled node out of reach is, as a missing one, the request's fault (400).
    if (node && access.decide('baremetal:node:get', Access.nodeTarget(node)) === 'denied') throw new Refusal(400, NOT_FOUND.node(backfill));
    if (node) access.seeNode(node, NOT_FOUND.node(backfill));
  }
  const candidates = bodyField(body, 'candidate_nodes');
  if (Array.isArray(candidates) && !restricted()) {
    for (const ident of candidates) {
      const node = typeof ident === 'string' ? access.lookups.node(ident) : undefined;
      if (node && project && node.owner !== project && node.lessee !== project) throw new Refusal(400, NOT_FOUND.node(String(ident)));
    }
  }
  return owner === undefined ? ADMITTED : { ok: true, ownerSet: owner };
};
