import { Body, Controller, Delete, Get, HttpCode, Inject, Param, Patch, Post, Put, Query, Res } from '@nestjs/common';
import { type FastifyReply } from 'fastify';
import { checkCreateRequest, checkPowerRequest, checkProvisionRequest } from './action-rules.js';
import { AuditService } from './audit-service.js';
import { ConductorLink } from './conductor-link.js';
import { CreateNodeDto, MaintenanceDto, PowerActionDto, ProvisionActionDto } from './dto.js';
import { Ctx, type RequestContext } from './http-context.js';
import { parsePatch } from './json-patch.js';
import { Versions } from './microversion.js';
import { planNodePatch } from './node-patch.js';
import { nextLink } from './collection-query.js';
import { parseNodeQuery, selectPage } from './node-query.js';
import { NodeService } from './node-service.js';
import { checkFields, JSON_CONTENT_TYPE, listItemView, nodeView, nodeViewJson, statesView, type ViewContext } from './node-view.js';
import { ValidBody } from './validation.js';

/** Ironic's `/v1/nodes` resource. */
@Controller('v1/nodes')
export class NodesController {
  constructor(
    @Inject(NodeService) private readonly nodes: NodeService,
    @Inject(ConductorLink) private readonly conductors: ConductorLink,
    @Inject(AuditService) private readonly audit: AuditService,
  ) {}

  /** `?at=<position | ISO time>` (ironledger): the fleet as it was then. */
  @Get()
  list(@Query() query: Record<string, unknown>, @Ctx() ctx: RequestContext) {
    return this.page(query, ctx, false);
  }

  @Get('detail')
  detail(@Query() query: Record<string, unknown>, @Ctx() ctx: RequestContext) {
    return this.page(query, ctx, true);
  }

  /** `?at=<position | ISO time>` (ironledger): the node as it was then. */
  @Get(':ident')
  async show(
    @Param('ident') ident: string,
    @Query('fields') fields: unknown,
    @Query('at') at: unknown,
    @Ctx() ctx: RequestContext,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<string> {
    const wanted = typeof fields === 'string' ? fields.split(',').map((field) => field.trim()).filter(Boolean) : undefined;
    if (wanted) checkFields(wanted, ctx.version);
    const node = typeof at === 'string' ? await this.audit.nodeAt(ident, at) : this.nodes.find(ident);
    void reply.type(JSON_CONTENT_TYPE);
    return nodeViewJson(node, this.viewContext(ctx), wanted);
  }

  @Post()
  async create(@Body(new ValidBody(CreateNodeDto)) body: CreateNodeDto, @Ctx() ctx: RequestContext, @Res({ passthrough: true }) reply: FastifyReply) {
    checkCreateRequest(body, ctx.version);
    const provisionState = ctx.version.atLeast(Versions.ENROLL_BY_DEFAULT) ? 'enroll' : 'available';
    const node = await this.nodes.register(body, provisionState, ctx);
    void reply.code(201).header('Location', `${ctx.baseUrl}/v1/nodes/${node.uuid}`);
    return nodeView(node, this.viewContext(ctx));
  }

  @Patch(':ident')
  async update(@Param('ident') ident: string, @Body() body: unknown, @Ctx() ctx: RequestContext) {
    const plan = planNodePatch(this.nodes.find(ident), parsePatch(body), ctx.version);
    return nodeView(await this.nodes.update(ident, plan, ctx), this.viewContext(ctx));
  }

  @Delete(':ident')
  @HttpCode(204)
  async remove(@Param('ident') ident: string, @Ctx() ctx: RequestContext): Promise<void> {
    await this.nodes.remove(ident, ctx);
  }

  @Get(':ident/states')
  states(@Param('ident') ident: string, @Ctx() ctx: RequestContext) {
    return statesView(this.nodes.find(ident), ctx.version);
  }

  @Put(':ident/states/provision')
  @HttpCode(202)
  async provision(@Param('ident') ident: string, @Body(new ValidBody(ProvisionActionDto)) body: ProvisionActionDto, @Ctx() ctx: RequestContext, @Res({ passthrough: true }) reply: FastifyReply): Promise<void> {
    checkProvisionRequest(body, ctx.version);
    const { target, clean_steps, deploy_steps } = body;
    await this.nodes.requestProvisionAction(ident, { target, ...(clean_steps && { clean_steps }), ...(deploy_steps && { deploy_steps }) }, ctx);
    void reply.header('Location', statesLocation(ctx, ident));
  }

  @Put(':ident/states/power')
  @HttpCode(202)
  async power(@Param('ident') ident: string, @Body(new ValidBody(PowerActionDto)) body: PowerActionDto, @Ctx() ctx: RequestContext, @Res({ passthrough: true }) reply: FastifyReply): Promise<void> {
    const node = this.nodes.find(ident);
    const target = checkPowerRequest(body, ctx.version, { ident, powerState: node.power_state });
    await this.nodes.requestPowerAction(ident, { target, ...(body.timeout !== undefined && { timeout: body.timeout }) }, ctx);
    void reply.header('Location', statesLocation(ctx, ident));
  }

  @Put(':ident/maintenance')
  @HttpCode(202)
  async setMaintenance(@Param('ident') ident: string, @Body(new ValidBody(MaintenanceDto)) body: MaintenanceDto, @Ctx() ctx: RequestContext): Promise<void> {
    await this.nodes.setMaintenance(ident, body.reason ?? null, ctx);
  }

  @Delete(':ident/maintenance')
  @HttpCode(202)
  async clearMaintenance(@Param('ident') ident: string, @Ctx() ctx: RequestContext): Promise<void> {
    await this.nodes.clearMaintenance(ident, ctx);
  }

  private async page({ at, ...query }: Record<string, unknown>, ctx: RequestContext, detailPath: boolean) {
    const parsed = parseNodeQuery(query, ctx.version, { detailPath });
    const fleet = typeof at === 'string' ? await this.audit.fleetAt(at) : this.nodes.all();
    const { nodes, hasNext } = selectPage(fleet, parsed);
    const view = this.viewContext(ctx);
    const body: { nodes: object[]; next?: string } = {
      nodes: nodes.map((node) => (parsed.detail || parsed.fields ? nodeView(node, view, parsed.fields) : listItemView(node, view))),
    };
    if (hasNext) body.next = nextLink(ctx.baseUrl, detailPath ? '/v1/nodes/detail' : '/v1/nodes', query, nodes.at(-1)!.uuid);
    return body;
  }

  private viewContext(ctx: RequestContext): ViewContext {
    return { version: ctx.version, baseUrl: ctx.baseUrl, conductor: this.conductors.alive()[0] ?? null };
  }
}

function statesLocation(ctx: RequestContext, ident: string): string {
  return `${ctx.baseUrl}/v1/nodes/${encodeURIComponent(ident)}/states`;
}
