import { All, Body, Controller, Delete, Get, HttpCode, Inject, Param, Patch, Post, Query, Res } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { type FastifyReply } from 'fastify';
import { type Node } from '@ironledger/domain';
import { type RawQuery } from '../http/collection-query.js';
import { ApiError, routerError } from '../http/errors.js';
import { inProject } from '../http/access.js';
import { Ctx, type RequestContext } from '../http/http-context.js';
import { isLogicalName, isUuidLike } from '../http/ironic-args.js';
import { FIELDS_PARAMETER, listNextLink } from '../http/list-query.js';
import { Versions } from '../http/microversion.js';
import { BodySchema } from '../openapi/body-schema.js';
import { OnlyRefuses, QueryParameters, ResponseBody } from '../openapi/operation-docs.js';
import { PORTGROUP_LIST_SCHEMA, PORTGROUP_VIEW_SCHEMA } from './portgroup-view.schema.js';
import { planPortgroupCreate, planPortgroupPatch, PORTGROUP_SCHEMA } from './portgroup-requests.js';
import { PortgroupService } from './portgroup.service.js';
import { parsePortgroupQuery, PORTGROUP_LIST_FIELDS, type PortgroupEntry, portgroupFields, portgroupListParameters, portgroupView, selectPortgroups } from './portgroup.view.js';

/** Port groups came with API 1.23 (their sub-resources with 1.24). */
const PORTGROUPS = 23;

/** Ironic's `/v1/portgroups`, and the port groups of a node (`/v1/nodes/{id}/portgroups`). */
@Controller('v1')
export class PortgroupsController {
  constructor(@Inject(PortgroupService) private readonly portgroups: PortgroupService) {}

  @Get('portgroups')
  @QueryParameters(portgroupListParameters(false))
  @ResponseBody('PortgroupList', PORTGROUP_LIST_SCHEMA)
  list(@Query() query: RawQuery, @Ctx() ctx: RequestContext) {
    requireCollection(ctx);
    return this.page(query, ctx, '/v1/portgroups', false);
  }

  @Get('portgroups/detail')
  @QueryParameters(portgroupListParameters(true))
  @ResponseBody('PortgroupList', PORTGROUP_LIST_SCHEMA)
  detail(@Query() query: RawQuery, @Ctx() ctx: RequestContext) {
    requireCollection(ctx);
    return this.page(query, ctx, '/v1/portgroups/detail', true);
  }

  @Get('portgroups/:ident')
  @QueryParameters([FIELDS_PARAMETER])
  @ResponseBody('Portgroup', PORTGROUP_VIEW_SCHEMA)
  show(@Param('ident') ident: string, @Query('fields') fields: unknown, @Ctx() ctx: RequestContext) {
    checkIdent(ident, ctx);
    const wanted = portgroupFields(fields, ctx.version);
    return portgroupView(this.portgroups.find(ident), ctx.baseUrl, wanted);
  }

  @Post('portgroups')
  @BodySchema('PortgroupCreate', PORTGROUP_SCHEMA)
  @ResponseBody('Portgroup', PORTGROUP_VIEW_SCHEMA)
  async create(@Body() body: unknown, @Ctx() ctx: RequestContext, @Res({ passthrough: true }) reply: FastifyReply) {
    requireCollection(ctx);
    const { node, data } = planPortgroupCreate(body, ctx.version, (uuid) => this.portgroups.node(uuid));
    const created = await this.portgroups.create(node, { ...data, uuid: data.uuid ?? randomUUID() }, ctx);
    void reply.code(201).header('Location', `${ctx.baseUrl}/v1/portgroups/${created.portgroup.uuid}`);
    return portgroupView(created, ctx.baseUrl);
  }

  @Patch('portgroups/:ident')
  @ResponseBody('Portgroup', PORTGROUP_VIEW_SCHEMA)
  async update(@Param('ident') ident: string, @Body() body: unknown, @Ctx() ctx: RequestContext) {
    checkIdent(ident, ctx);
    const patched = await this.portgroups.patch(ident, ctx, ({ portgroup, node }) => planPortgroupPatch(portgroup, node, ident, body, ctx.version, (uuid) => this.portgroups.node(uuid)));
    return portgroupView(patched, ctx.baseUrl);
  }

  @Delete('portgroups/:ident')
  @HttpCode(204)
  async remove(@Param('ident') ident: string, @Ctx() ctx: RequestContext): Promise<void> {
    checkIdent(ident, ctx);
    await this.portgroups.remove(this.portgroups.find(ident), ctx);
  }

  @Get('nodes/:ident/portgroups')
  @QueryParameters(portgroupListParameters(false))
  @ResponseBody('PortgroupList', PORTGROUP_LIST_SCHEMA)
  nodeGroups(@Param('ident') ident: string, @Query() query: RawQuery, @Ctx() ctx: RequestContext) {
    return this.page(query, ctx, `/v1/nodes/${encodeURIComponent(ident)}/portgroups`, false, this.parentNode(ident, ctx));
  }

  @Get('nodes/:ident/portgroups/detail')
  @QueryParameters(portgroupListParameters(true))
  @ResponseBody('PortgroupList', PORTGROUP_LIST_SCHEMA)
  nodeGroupsDetail(@Param('ident') ident: string, @Query() query: RawQuery, @Ctx() ctx: RequestContext) {
    return this.page(query, ctx, `/v1/nodes/${encodeURIComponent(ident)}/portgroups/detail`, true, this.parentNode(ident, ctx));
  }

  /** Single port groups are not reachable under a node (Ironic's 403). */
  @All('nodes/:ident/portgroups/:group')
  @OnlyRefuses(403)
  notUnderNode(): never {
    throw new ApiError(403, 'Operation not permitted.');
  }

  /** The node of `/v1/nodes/{node}/portgroups` (API 1.24): found by UUID only, with Ironic's odd 404 otherwise. */
  private parentNode(ident: string, ctx: RequestContext): Node {
    if (!ctx.version.atLeast(Versions.PORTGROUPS)) throw routerError(404);
    const node = isUuidLike(ident) ? this.portgroups.node(ident) : undefined;
    if (!node) throw new ApiError(404, 'Portgroup None could not be found.');
    return node;
  }

  private page(raw: RawQuery, ctx: RequestContext, path: string, detailPath: boolean, parent?: Node) {
    const query = parsePortgroupQuery(raw, ctx.version, { detailPath });
    const ident = parent?.uuid ?? query.node;
    let keep: (entry: PortgroupEntry) => boolean = () => true;
    if (ident !== undefined) {
      const node = this.portgroups.node(ident);
      if (!node) throw new ApiError(404, `Node ${ident} could not be found.`);
      keep = (entry) => entry.node.uuid === node.uuid;
    } else if (query.address !== undefined) {
      keep = (entry) => entry.portgroup.address === query.address;
    }
    const { items, hasNext } = selectPortgroups(this.portgroups.all(), query, (entry) => inProject(ctx.listProject, entry.node) && keep(entry));
    const fields = query.full ? undefined : (query.fields ?? PORTGROUP_LIST_FIELDS);
    const body: { portgroups: object[]; next?: string } = { portgroups: items.map((entry) => portgroupView(entry, ctx.baseUrl, fields)) };
    if (hasNext) body.next = listNextLink(ctx.baseUrl, path, query, detailPath ? undefined : PORTGROUP_LIST_FIELDS, items.at(-1)!.portgroup.uuid);
    return body;
  }
}

/** `/v1/portgroups` answers only from API 1.23 on (Ironic's 404 below). */
function requireCollection(ctx: RequestContext): void {
  if (!ctx.version.atLeast(PORTGROUPS)) throw new ApiError(404, 'Resource could not be found.');
}

/** `/v1/portgroups/{ident}`: from API 1.23, a UUID or a name (else the router's 404 or 400). */
function checkIdent(ident: string, ctx: RequestContext): void {
  if (!ctx.version.atLeast(PORTGROUPS)) throw routerError(404);
  if (!isUuidLike(ident) && !isLogicalName(ident)) throw routerError(400, `Expected UUID or name for portgroup: ${ident}`);
}
