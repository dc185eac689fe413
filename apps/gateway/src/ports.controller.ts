import { Body, Controller, Delete, Get, HttpCode, Inject, Param, Post, Query, Res } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { type FastifyReply } from 'fastify';
import { CreatePortDto } from './dto.js';
import { notAcceptable } from './errors.js';
import { Ctx, type RequestContext } from './http-context.js';
import { NodeService } from './node-service.js';
import { nextLink } from './collection-query.js';
import { checkPortFields, parsePortQuery, PORT_FIELD_MIN_VERSION, PORT_LIST_FIELDS, type PortEntry, portView, selectPorts } from './port-view.js';
import { ValidBody } from './validation.js';

/** Ironic's `/v1/ports` resource, and the ports of one node (`/v1/nodes/{id}/ports`). */
@Controller('v1')
export class PortsController {
  constructor(@Inject(NodeService) private readonly nodes: NodeService) {}

  @Get('ports')
  list(@Query() query: Record<string, unknown>, @Ctx() ctx: RequestContext) {
    return this.page(query, ctx, '/v1/ports', false);
  }

  @Get('ports/detail')
  detail(@Query() query: Record<string, unknown>, @Ctx() ctx: RequestContext) {
    return this.page(query, ctx, '/v1/ports/detail', true);
  }

  @Get('ports/:uuid')
  show(@Param('uuid') uuid: string, @Query('fields') fields: unknown, @Ctx() ctx: RequestContext) {
    const wanted = typeof fields === 'string' ? fields.split(',').map((field) => field.trim()).filter(Boolean) : undefined;
    if (wanted) checkPortFields(wanted, ctx.version);
    const { port, node } = this.nodes.findPort(uuid);
    return portView(port, node, ctx, wanted);
  }

  @Post('ports')
  async create(@Body(new ValidBody(CreatePortDto)) body: CreatePortDto, @Ctx() ctx: RequestContext, @Res({ passthrough: true }) reply: FastifyReply) {
    const { node_uuid, uuid = randomUUID(), ...fields } = body;
    if (Object.keys(fields).some((field) => !ctx.version.atLeast(PORT_FIELD_MIN_VERSION[field] ?? 1))) throw notAcceptable();
    const { port, node } = await this.nodes.addPort(node_uuid, { ...fields, uuid }, ctx);
    void reply.code(201).header('Location', `${ctx.baseUrl}/v1/ports/${port.uuid}`);
    return portView(port, node, ctx);
  }

  @Delete('ports/:uuid')
  @HttpCode(204)
  async remove(@Param('uuid') uuid: string, @Ctx() ctx: RequestContext): Promise<void> {
    await this.nodes.removePort(uuid, ctx);
  }

  @Get('nodes/:ident/ports')
  nodePorts(@Param('ident') ident: string, @Query() query: Record<string, unknown>, @Ctx() ctx: RequestContext) {
    return this.page(query, ctx, `/v1/nodes/${encodeURIComponent(ident)}/ports`, false, ident);
  }

  @Get('nodes/:ident/ports/detail')
  nodePortsDetail(@Param('ident') ident: string, @Query() query: Record<string, unknown>, @Ctx() ctx: RequestContext) {
    return this.page(query, ctx, `/v1/nodes/${encodeURIComponent(ident)}/ports/detail`, true, ident);
  }

  private page(raw: Record<string, unknown>, ctx: RequestContext, path: string, detailPath: boolean, nodeIdent?: string) {
    const query = parsePortQuery(raw, ctx.version, { detailPath });
    const ident = nodeIdent ?? query.node;
    let entries: PortEntry[] = this.nodes.allPorts();
    if (ident !== undefined) {
      const node = this.nodes.find(ident);
      entries = entries.filter((entry) => entry.node.uuid === node.uuid);
    }
    const { ports, hasNext } = selectPorts(entries, query);
    const fields = query.detail ? undefined : (query.fields ?? PORT_LIST_FIELDS);
    const body: { ports: object[]; next?: string } = { ports: ports.map(({ port, node }) => portView(port, node, ctx, fields)) };
    if (hasNext) body.next = nextLink(ctx.baseUrl, path, raw, ports.at(-1)!.port.uuid);
    return body;
  }
}
