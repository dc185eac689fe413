import { All, Body, Controller, Delete, Get, HttpCode, Inject, Param, Patch, Post, Query, Res } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { type FastifyReply } from 'fastify';
import { type Node, NodeNotFoundError, type Portgroup, PortgroupNotFoundError } from '@ironledger/domain';
import { type RawQuery } from '../http/collection-query.js';
import { ApiError, routerError } from '../http/errors.js';
import { inProject } from '../http/access.js';
import { Ctx, type RequestContext } from '../http/http-context.js';
import { isUuidLike, uuidArg } from '../http/ironic-args.js';
import { FIELDS_PARAMETER, listNextLink } from '../http/list-query.js';
import { Versions } from '../http/microversion.js';
import { BodySchema } from '../openapi/body-schema.js';
import { OnlyRefuses, QUERY_VALUE, QueryParameters, ResponseBody } from '../openapi/operation-docs.js';
import { PORT_SCHEMA } from './port-body.js';
import { PortService } from './port.service.js';
import { planPortCreate, planPortPatch } from './port-requests.js';
import { type PortEntry, portFields, parsePortQuery, PORT_LIST_FIELDS, portListParameters, portView, selectPorts } from './port.view.js';
import { PORT_LIST_SCHEMA, PORT_VIEW_SCHEMA } from './port-view.schema.js';

/** Ironic's `/v1/ports`, and the ports of a node (`/v1/nodes/{id}/ports`) and of a port group (`/v1/portgroups/{id}/ports`). */
@Controller('v1')
export class PortsController {
  constructor(@Inject(PortService) private readonly ports: PortService) {}

  @Get('ports')
  @QueryParameters(portListParameters(false))
  @ResponseBody('PortList', PORT_LIST_SCHEMA)
  list(@Query() query: RawQuery, @Ctx() ctx: RequestContext) {
    return this.page(query, ctx, '/v1/ports', false);
  }

  @Get('ports/detail')
  @QueryParameters(portListParameters(true))
  @ResponseBody('PortList', PORT_LIST_SCHEMA)
  detail(@Query() query: RawQuery, @Ctx() ctx: RequestContext) {
    return this.page(query, ctx, '/v1/ports/detail', true);
  }

  @Get('ports/:uuid')
  @QueryParameters([FIELDS_PARAMETER])
  @QueryParameters([{ name: 'fields', description: 'Comma-separated fields to show (and `links`).', schema: QUERY_VALUE.list, since: Versions.FIELDS_PARAM }])
  @ResponseBody('Port', PORT_VIEW_SCHEMA)
  show(@Param('uuid') uuid: string, @Query('fields') fields: unknown, @Ctx() ctx: RequestContext) {
    uuidArg('port_uuid', uuid);
    const wanted = portFields(fields, ctx.version);
    const { port, node } = this.ports.find(uuid);
    return portView(port, node, ctx, wanted);
  }

  @Post('ports')
  @BodySchema('PortCreate', PORT_SCHEMA)
  @ResponseBody('Port', PORT_VIEW_SCHEMA)
  async create(@Body() body: unknown, @Ctx() ctx: RequestContext, @Res({ passthrough: true }) reply: FastifyReply) {
    const { node, data } = planPortCreate(body, ctx.version, this.ports.fleet);
    const { port, node: owner } = await this.ports.create(node, { ...data, uuid: data.uuid ?? randomUUID() }, ctx);
    void reply.code(201).header('Location', `${ctx.baseUrl}/v1/ports/${port.uuid}`);
    return portView(port, owner, ctx);
  }

  @Patch('ports/:uuid')
  @ResponseBody('Port', PORT_VIEW_SCHEMA)
  async update(@Param('uuid') uuid: string, @Body() body: unknown, @Ctx() ctx: RequestContext) {
    uuidArg('port_uuid', uuid);
    const { port, node } = await this.ports.patch(uuid, ctx, (entry) => planPortPatch(entry.port, entry.node, body, ctx.version, this.ports.fleet));
    return portView(port, node, ctx);
  }

  @Delete('ports/:uuid')
  @HttpCode(204)
  async remove(@Param('uuid') uuid: string, @Ctx() ctx: RequestContext): Promise<void> {
    uuidArg('port_uuid', uuid);
    await this.ports.remove(this.ports.find(uuid), ctx);
  }

  @Get('nodes/:ident/ports')
  @QueryParameters(portListParameters(false))
  @ResponseBody('PortList', PORT_LIST_SCHEMA)
  nodePorts(@Param('ident') ident: string, @Query() query: RawQuery, @Ctx() ctx: RequestContext) {
    return this.page(query, ctx, `/v1/nodes/${encodeURIComponent(ident)}/ports`, false, { node: this.parentNode(ident) });
  }

  @Get('nodes/:ident/ports/detail')
  @QueryParameters(portListParameters(true))
  @ResponseBody('PortList', PORT_LIST_SCHEMA)
  nodePortsDetail(@Param('ident') ident: string, @Query() query: RawQuery, @Ctx() ctx: RequestContext) {
    return this.page(query, ctx, `/v1/nodes/${encodeURIComponent(ident)}/ports/detail`, true, { node: this.parentNode(ident) });
  }

  /** Single ports are not reachable under a node or a port group (Ironic's 403). */
  @All(['nodes/:ident/ports/:uuid', 'portgroups/:ident/ports/:uuid', 'nodes/:ident/portgroups/:group/ports', 'nodes/:ident/portgroups/:group/ports/:uuid'])
  @OnlyRefuses(403)
  notUnderParent(): never {
    throw new ApiError(403, 'Operation not permitted.');
  }

  @Get('portgroups/:ident/ports')
  @QueryParameters(portListParameters(false))
  @ResponseBody('PortList', PORT_LIST_SCHEMA)
  groupPorts(@Param('ident') ident: string, @Query() query: RawQuery, @Ctx() ctx: RequestContext) {
    return this.page(query, ctx, `/v1/portgroups/${encodeURIComponent(ident)}/ports`, false, { portgroup: this.parentGroup(ident, ctx) });
  }

  @Get('portgroups/:ident/ports/detail')
  @QueryParameters(portListParameters(true))
  @ResponseBody('PortList', PORT_LIST_SCHEMA)
  groupPortsDetail(@Param('ident') ident: string, @Query() query: RawQuery, @Ctx() ctx: RequestContext) {
    return this.page(query, ctx, `/v1/portgroups/${encodeURIComponent(ident)}/ports/detail`, true, { portgroup: this.parentGroup(ident, ctx) });
  }

  /** The node of `/v1/nodes/{node}/ports`: found by UUID only, with Ironic's odd 404 otherwise. */
  private parentNode(ident: string): Node {
    const node = isUuidLike(ident) ? this.ports.fleet.node(ident) : undefined;
    if (!node) throw new ApiError(404, 'Portgroup None could not be found.');
    return node;
  }

  /** The port group of `/v1/portgroups/{group}/ports` (API 1.24): found by UUID only. */
  private parentGroup(ident: string, ctx: RequestContext): Portgroup {
    if (!ctx.version.atLeast(Versions.PORTGROUPS)) throw routerError(404);
    const group = isUuidLike(ident) ? this.ports.fleet.portgroup(ident)?.item : undefined;
    if (!group) throw new PortgroupNotFoundError(ident);
    return group;
  }

  private page(raw: RawQuery, ctx: RequestContext, path: string, detailPath: boolean, scope: { node?: Node; portgroup?: Portgroup } = {}) {
    const query = parsePortQuery(raw, ctx.version, { detailPath });
    const node = scope.node?.uuid ?? query.node;
    const portgroup = scope.portgroup?.uuid ?? query.portgroup;
    if ([node, portgroup, query.shards].filter((filter) => filter !== undefined).length > 1) throw new ApiError(403, 'Operation not permitted.');
    const filter = this.filterOf(query, node, portgroup);
    const keep = (entry: PortEntry) => inProject(ctx.listProject, entry.node) && filter(entry);
    const { ports, hasNext } = selectPorts(this.ports.all(), query, keep);
    const fields = query.full ? undefined : (query.fields ?? PORT_LIST_FIELDS);
    const body: { ports: object[]; next?: string } = { ports: ports.map(({ port, node: owner }) => portView(port, owner, ctx, fields)) };
    if (hasNext) body.next = listNextLink(ctx.baseUrl, path, query, detailPath ? undefined : PORT_LIST_FIELDS, ports.at(-1)!.port.uuid);
    return body;
  }

  /** Which ports a list keeps: of a port group, of a node, with an address, or of nodes in some shards (the first given, as Ironic picks). */
  private filterOf(query: ReturnType<typeof parsePortQuery>, node: string | undefined, portgroup: string | undefined): (entry: PortEntry) => boolean {
    const model = this.ports.fleet;
    if (portgroup !== undefined) {
      const group = (isUuidLike(portgroup) ? model.portgroup(portgroup)?.item : this.ports.portgroupByName(portgroup)) ?? throwNotFound(new PortgroupNotFoundError(portgroup));
      return (entry) => entry.port.portgroup_uuid === group.uuid;
    }
    if (node !== undefined) {
      const owner = this.ports.nodeByIdent(node) ?? throwNotFound(new NodeNotFoundError(node));
      return (entry) => entry.node.uuid === owner.uuid;
    }
    if (query.address !== undefined) return (entry) => entry.port.address === query.address;
    if (query.shards !== undefined) return (entry) => entry.node.shard !== null && query.shards!.includes(entry.node.shard);
    return () => true;
  }
}

function throwNotFound(error: Error): never {
  throw error;
}
