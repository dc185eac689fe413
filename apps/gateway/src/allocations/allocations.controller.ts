import { Body, Controller, Delete, Get, HttpCode, Inject, Param, Patch, Post, Query, Res } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { type FastifyReply } from 'fastify';
import { type Allocation, type JsonObject, type Node } from '@ironledger/domain';
import { AuditService } from '../audit/audit.service.js';
import { type RawQuery, selectPage } from '../http/collection-query.js';
import { ApiError, badRequest, notAcceptable } from '../http/errors.js';
import { requireResourceVersion } from '../http/gates.js';
import { Ctx, type RequestContext } from '../http/http-context.js';
import { applyPatch, parsePatch } from '../http/json-patch.js';
import { schemaError } from '@ironledger/domain';
import { Versions } from '../http/microversion.js';
import { isLogicalName, isUuidLike } from '../http/ironic-args.js';
import { checkArguments, queryArgs } from '../http/query-args.js';
import { ALLOCATION_SCHEMA } from '../http/schemas.js';
import { NodeService } from '../nodes/node.service.js';
import { BodySchema } from '../openapi/body-schema.js';
import { QueryParameters, ResponseBody } from '../openapi/operation-docs.js';
import { ALLOCATION_LIST_SCHEMA, ALLOCATION_VIEW_SCHEMA } from './allocation-view.schema.js';
import { AllocationService } from './allocation.service.js';
import { ALLOCATION_LIST_PARAMETERS, ALLOCATION_OWNER_VERSION, ALLOCATION_SHOW_PARAMETERS, allocationSortValue, allocationsNextLink, allocationView, checkAllocationFields, NODE_ALLOCATION_PARAMETERS, parseAllocationQuery } from './allocation.view.js';

/** Allocation PATCH appeared in 1.57, backfilling (`node`) in 1.58. */
const PATCH_VERSION = 57;
const BACKFILL_VERSION = 58;
/** What `PATCH /v1/allocations/{id}` may touch. */
const PATCHABLE = ['name', 'extra'];

/** `POST /v1/allocations` as the schema lets it through. */
interface AllocationBody {
  readonly candidate_nodes?: string[] | null;
  readonly extra?: JsonObject | null;
  readonly name?: string | null;
  readonly node?: string | null;
  readonly owner?: string | null;
  readonly resource_class?: string | null;
  readonly traits?: string[] | null;
  readonly uuid?: string | null;
}

/** Ironic's `/v1/allocations` and `/v1/nodes/{node}/allocation`. */
@Controller('v1')
export class AllocationsController {
  constructor(
    @Inject(AllocationService) private readonly allocations: AllocationService,
    @Inject(NodeService) private readonly nodes: NodeService,
    @Inject(AuditService) private readonly audit: AuditService,
  ) {}

  /** `?at=<position | ISO time>` (ironledger): the allocations as they were then. */
  @Get('allocations')
  @QueryParameters(ALLOCATION_LIST_PARAMETERS)
  @ResponseBody('AllocationList', ALLOCATION_LIST_SCHEMA)
  async list(@Query() raw: RawQuery, @Ctx() ctx: RequestContext) {
    requireResourceVersion(ctx.version, Versions.ALLOCATIONS, 'GET', 'allocations');
    const query = parseAllocationQuery(raw, ctx.version);
    const all = typeof raw.at === 'string' ? [...(await this.audit.modelAt(raw.at)).allocations.all()] : this.allocations.all();
    let nodeId: string | undefined;
    if (query.node !== undefined) nodeId = this.existingNode(query.node, 400).uuid;
    // The filters apply to the allocation's own fields. (Ironic 21.4, given `node` with another
    // filter, applies that one to the node instead, and answers 500 for `state`.)
    const wanted = (a: Allocation) =>
      (nodeId === undefined || a.node_uuid === nodeId) &&
      (query.resource_class === undefined || a.resource_class === query.resource_class) &&
      (query.state === undefined || a.state === query.state) &&
      (query.owner === undefined || a.owner === query.owner) &&
      (ctx.listProject === undefined || a.owner === ctx.listProject);
    const { items, hasNext } = selectPage(
      { items: all, uuidOf: (a) => a.uuid, sortValue: allocationSortValue, unknownMarker: (uuid) => `Allocation ${uuid} could not be found.` },
      query,
      wanted,
    );
    const body: { allocations: object[]; next?: string } = { allocations: items.map((a) => allocationView(a, ctx.baseUrl, ctx.version, query.fields)) };
    if (hasNext) body.next = allocationsNextLink(ctx.baseUrl, query, items.at(-1)!.uuid);
    return body;
  }

  /** `?at=<position | ISO time>` (ironledger): the allocation as it was then. */
  @Get('allocations/:ident')
  @QueryParameters(ALLOCATION_SHOW_PARAMETERS)
  @ResponseBody('Allocation', ALLOCATION_VIEW_SCHEMA)
  async show(@Param('ident') ident: string, @Query() raw: RawQuery, @Ctx() ctx: RequestContext) {
    requireResourceVersion(ctx.version, Versions.ALLOCATIONS, 'GET', 'allocations');
    checkArguments(raw, ['fields', 'at']);
    if (!isUuidLike(ident) && !isLogicalName(ident)) throw badRequest(`Expected UUID or name for allocation_ident: ${ident}`);
    const fields = queryArgs(raw).stringList('fields');
    const allocation = typeof raw.at === 'string' ? this.allocationAt(ident, [...(await this.audit.modelAt(raw.at)).allocations.all()], raw.at) : this.allocations.find(ident);
    checkAllocationFields(fields, ctx.version);
    return allocationView(allocation, ctx.baseUrl, ctx.version, fields);
  }

  @Post('allocations')
  @BodySchema('AllocationCreate', ALLOCATION_SCHEMA)
  @ResponseBody('Allocation', ALLOCATION_VIEW_SCHEMA)
  async create(@Body() given: unknown, @Ctx() ctx: RequestContext, @Res({ passthrough: true }) reply: FastifyReply) {
    requireResourceVersion(ctx.version, Versions.ALLOCATIONS, 'other', 'allocations');
    const body = (given ?? {}) as AllocationBody;
    const invalid = schemaError(body, ALLOCATION_SCHEMA);
    if (invalid) throw badRequest(`Schema error for allocation: ${invalid}`);
    if (typeof body.uuid === 'string' && !isUuidLike(body.uuid)) throw badRequest(`Expected UUID for uuid: ${body.uuid}`);
    if ('owner' in body && !ctx.version.atLeast(ALLOCATION_OWNER_VERSION)) throw notAcceptable();
    if (body.name && !isLogicalName(body.name)) throw badRequest(`Cannot create allocation with invalid name '${body.name}'`);
    let node: Node | undefined;
    if (body.node) {
      if (!ctx.version.atLeast(BACKFILL_VERSION)) throw badRequest('Cannot set node when creating an allocation in this API version');
      node = this.existingNode(body.node, 400);
    }
    const resourceClass = body.resource_class || node?.resource_class || null;
    if (!body.resource_class && !node) throw badRequest('The resource_class field is mandatory when not backfilling');
    const candidates = this.candidateUuids(body.candidate_nodes ?? []);
    // A backfill without a UUID takes the node's instance UUID: an allocation for its instance.
    const uuid = body.uuid ?? node?.instance_uuid ?? randomUUID();
    const fields = {
      name: body.name ?? null,
      resource_class: resourceClass,
      traits: body.traits ?? [],
      candidate_nodes: candidates,
      extra: body.extra ?? {},
      owner: body.owner ?? null,
    };
    const allocation = await this.allocations.create(uuid, fields, node?.uuid ?? null, ctx);
    void reply.code(201).header('Location', `${ctx.baseUrl}/v1/allocations/${allocation.uuid}`);
    return allocationView(allocation, ctx.baseUrl, ctx.version);
  }

  @Patch('allocations/:ident')
  @ResponseBody('Allocation', ALLOCATION_VIEW_SCHEMA)
  async update(@Param('ident') ident: string, @Body() body: unknown, @Ctx() ctx: RequestContext) {
    requireResourceVersion(ctx.version, Versions.ALLOCATIONS, 'other', 'allocations');
    if (!ctx.version.atLeast(PATCH_VERSION)) throw new ApiError(405, 'The API version does not allow updating allocations');
    if (!isUuidLike(ident) && !isLogicalName(ident)) throw badRequest(`Expected a logical name or UUID but received ${ident}.`);
    this.allocations.find(ident);
    const operations = parsePatch(body, PATCHABLE);
    const updated = await this.allocations.patch(ident, ctx, (allocation) => {
      const after = applyPatch({ name: allocation.name, extra: allocation.extra }, operations);
      const changed = { name: after.name ?? null, extra: after.extra ?? {} };
      const invalid = schemaError(changed, ALLOCATION_SCHEMA);
      if (invalid) throw badRequest(`Schema error for patch: ${invalid}`);
      const name = changed.name as string | null;
      if (name && !isLogicalName(name)) throw badRequest(`Cannot update allocation with invalid name '${name}'`);
      return { name, extra: (changed.extra ?? {}) as JsonObject };
    });
    return allocationView(updated, ctx.baseUrl, ctx.version);
  }

  @Delete('allocations/:ident')
  @HttpCode(204)
  async remove(@Param('ident') ident: string, @Ctx() ctx: RequestContext): Promise<void> {
    requireResourceVersion(ctx.version, Versions.ALLOCATIONS, 'other', 'allocations');
    if (!isUuidLike(ident) && !isLogicalName(ident)) throw badRequest(`Expected UUID or name for allocation_ident: ${ident}`);
    await this.allocations.remove(this.allocations.find(ident).uuid, ctx);
  }

  @Get('nodes/:ident/allocation')
  @QueryParameters(NODE_ALLOCATION_PARAMETERS)
  @ResponseBody('Allocation', ALLOCATION_VIEW_SCHEMA)
  ofNode(@Param('ident') ident: string, @Query() raw: RawQuery, @Ctx() ctx: RequestContext) {
    requireResourceVersion(ctx.version, Versions.ALLOCATIONS, 'GET', '');
    checkArguments(raw, ['fields']);
    const fields = queryArgs(raw).stringList('fields');
    checkAllocationFields(fields, ctx.version);
    return allocationView(this.allocationOf(ident, 400), ctx.baseUrl, ctx.version, fields);
  }

  @Delete('nodes/:ident/allocation')
  @HttpCode(204)
  async removeOfNode(@Param('ident') ident: string, @Ctx() ctx: RequestContext): Promise<void> {
    // Below 1.52 Ironic has no such sub-resource at all: a 404 for every method.
    requireResourceVersion(ctx.version, Versions.ALLOCATIONS, 'GET', '');
    await this.allocations.remove(this.allocationOf(ident, 404).uuid, ctx);
  }

  /** The allocation of a node; an unknown node is a 400 on reads and a 404 on deletes, as in Ironic. */
  private allocationOf(ident: string, unknownNode: 400 | 404): Allocation {
    const node = this.existingNode(ident, unknownNode);
    const allocation = this.allocations.ofNode(node.uuid);
    if (!allocation) throw new ApiError(404, `Allocation for node ${ident} was not found`);
    return allocation;
  }

  private existingNode(ident: string, status: 400 | 404): Node {
    const node = this.nodes.lookup(ident);
    if (!node) throw new ApiError(status, `Node ${ident} could not be found.`);
    return node;
  }

  /** Candidates as node UUIDs, in the order given; those that cannot or do not exist are named. */
  private candidateUuids(candidates: readonly string[]): string[] {
    const impossible = candidates.filter((ident) => !isUuidLike(ident) && !isLogicalName(ident));
    if (impossible.length > 0) throw badRequest(`Nodes cannot be found: ${impossible.join(', ')}`);
    const resolved = candidates.map((ident) => ({ ident, node: this.nodes.lookup(ident) }));
    const missing = [...new Set(resolved.filter((r) => !r.node).map((r) => r.ident))];
    if (missing.length > 0) throw badRequest(`Nodes cannot be found: ${missing.join(', ')}`);
    return resolved.map((r) => r.node!.uuid);
  }

  private allocationAt(ident: string, allocations: Allocation[], at: string): Allocation {
    const found = allocations.find((allocation) => (isUuidLike(ident) ? allocation.uuid === ident : allocation.name === ident));
    if (!found) throw new ApiError(404, `Allocation ${ident} did not exist at ${at}.`);
    return found;
  }
}
