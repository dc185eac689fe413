import { All, Body, Controller, Delete, Get, HttpCode, Inject, Param, Patch, Post, Put, Query, Res } from '@nestjs/common';
import { type FastifyReply } from 'fastify';
import { interfaceOverrideRefusal, validateNode } from '@ironledger/drivers';
import { type Node, pythonRepr, templateDeploySteps } from '@ironledger/domain';
import { checkDeployInputs, checkPowerRequest, checkProvisionRequest, deploymentEvent, usesAgent } from './action-rules.js';
import { AuditService } from '../audit/audit-service.js';
import { ChassisService } from '../chassis/chassis-service.js';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config.js';
import { ConductorLink } from '../conductor-link.js';
import { DeployTemplateService } from '../deploy-templates/deploy-template-service.js';
import { MaintenanceDto, PowerActionDto, ProvisionActionDto } from './dto.js';
import { type RawQuery } from '../http/collection-query.js';
import { ApiError, badRequest, routerError } from '../http/errors.js';
import { Ctx, type RequestContext } from '../http/http-context.js';
import { Versions } from '../http/microversion.js';
import { ValidBody } from '../http/validation.js';
import { BodySchema } from '../openapi/body-schema.js';
import { planNodeCreate } from './node-create.js';
import { type FleetFacts } from './node-fleet.js';
import { checkNodeIdent } from './node-names.js';
import { checkPatchRequest, planNodePatch } from './node-patch.js';
import { nodeList } from './node-query.js';
import { NODE_SCHEMA } from './node-schema.js';
import { NodeService } from './node-service.js';
import { JSON_CONTENT_TYPE, nodeView, nodeViewJson, parseFields, statesView, type ViewContext } from './node-view.js';

/** Ironic's `/v1/nodes` resource. */
@Controller('v1/nodes')
export class NodesController {
  constructor(
    @Inject(NodeService) private readonly nodes: NodeService,
    @Inject(ConductorLink) private readonly conductors: ConductorLink,
    @Inject(AuditService) private readonly audit: AuditService,
    @Inject(ChassisService) private readonly chassis: ChassisService,
    @Inject(DeployTemplateService) private readonly templates: DeployTemplateService,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  /** `?at=<position | ISO time>` (ironledger): the fleet as it was then. */
  @Get()
  list(@Query() query: RawQuery, @Ctx() ctx: RequestContext) {
    return this.page(query, ctx, false);
  }

  @Get('detail')
  detail(@Query() query: RawQuery, @Ctx() ctx: RequestContext) {
    return this.page(query, ctx, true);
  }

  /** `GET /v1/nodes/validate?node=<ident>` (or the deprecated `node_uuid`): `GET /v1/nodes/{ident}/validate`. */
  @Get('validate')
  validateByQuery(@Query('node') node: unknown, @Query('node_uuid') nodeUuid: unknown, @Ctx() ctx: RequestContext) {
    const ident = typeof node === 'string' ? node : typeof nodeUuid === 'string' ? nodeUuid : undefined;
    if (ident === undefined) throw badRequest('Missing mandatory parameter: node');
    return this.validate(ident, ctx);
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
    checkNodeIdent(ident);
    const wanted = parseFields(fields, ctx.version);
    const node = typeof at === 'string' ? await this.audit.nodeAt(ident, at) : this.nodes.findWithSuffix(ident, ctx.version);
    void reply.type(JSON_CONTENT_TYPE);
    return nodeViewJson(node, this.viewContext(ctx), wanted);
  }

  /**
   * Ironic routes `GET /v1/nodes/{ident}/{word}` as the node's field `word` (`/v1/nodes/n1/name`):
   * anything else is 400, as are sub-resources of later Ironic releases (`children`).
   */
  @Get(':ident/:field')
  field(@Param('ident') ident: string, @Param('field') field: string, @Ctx() ctx: RequestContext, @Res({ passthrough: true }) reply: FastifyReply) {
    return this.show(ident, field, undefined, ctx, reply);
  }

  @Post()
  @BodySchema('Node', NODE_SCHEMA)
  async create(@Body() body: unknown, @Ctx() ctx: RequestContext, @Res({ passthrough: true }) reply: FastifyReply) {
    const registration = planNodeCreate(body, ctx.version, this.fleetFacts());
    const node = await this.nodes.register(registration, ctx);
    void reply.code(201).header('Location', `${ctx.baseUrl}/v1/nodes/${node.uuid}`);
    return nodeView(node, this.viewContext(ctx));
  }

  /** Ironic reads a POST to a node as a node to create, which a name is not. */
  @Post(':ident')
  createAt(@Param('ident') ident: string): never {
    throw badRequest(`Schema error for node: ${pythonRepr(ident)} is not of type 'object'`);
  }

  @Put(':ident')
  replace(): never {
    throw routerError(405);
  }

  @Patch(':ident')
  async update(@Param('ident') ident: string, @Query() query: RawQuery, @Body() body: unknown, @Ctx() ctx: RequestContext) {
    checkNodeIdent(ident);
    const request = checkPatchRequest(query, body, ctx.version);
    const node = this.nodes.findWithSuffix(ident, ctx.version);
    const plan = planNodePatch(node, ident, request, ctx.version, this.fleetFacts());
    return nodeView(plan ? await this.nodes.update(node, plan, ctx) : node, this.viewContext(ctx));
  }

  @Delete()
  removeWithoutIdent(): never {
    throw badRequest('Missing mandatory parameter: node_ident');
  }

  @Delete(':ident')
  @HttpCode(204)
  async remove(@Param('ident') ident: string, @Ctx() ctx: RequestContext): Promise<void> {
    checkNodeIdent(ident);
    await this.nodes.remove(this.nodes.findWithSuffix(ident, ctx.version), ctx);
  }

  @Get(':ident/states')
  states(@Param('ident') ident: string, @Ctx() ctx: RequestContext) {
    checkNodeIdent(ident, { argument: 'node_ident' });
    const node = this.nodes.find(ident, ctx.version);
    return statesView(node, ctx.version, this.nodes.secretsOf(node.uuid));
  }

  /** Whether each interface of the node has what it needs, computed from the node (no BMC is contacted). */
  @Get(':ident/validate')
  validateNode(@Param('ident') ident: string, @Ctx() ctx: RequestContext) {
    checkNodeIdent(ident);
    return this.validate(ident, ctx);
  }

  /** No hardware type of this build has vendor methods. */
  @Get(':ident/vendor_passthru/methods')
  vendorMethods(@Param('ident') ident: string, @Ctx() ctx: RequestContext) {
    checkNodeIdent(ident, { argument: 'node_ident' });
    this.nodes.find(ident, ctx.version);
    return {};
  }

  /**
   * Calling a vendor method (`?method=` or, as the client does, in the path): there are none, so
   * Ironic's refusal for an unknown one, whatever the HTTP method.
   */
  @All([':ident/vendor_passthru', ':ident/vendor_passthru/:method'])
  vendorCall(@Param('ident') ident: string, @Param('method') inPath: string | undefined, @Query('method') inQuery: unknown, @Ctx() ctx: RequestContext) {
    checkNodeIdent(ident, { argument: 'node_ident' });
    const method = inPath ?? inQuery;
    if (typeof method !== 'string' || method === '') throw badRequest('Missing mandatory parameter: method');
    this.nodes.find(ident, ctx.version);
    throw badRequest(`No handler for method ${method}`);
  }

  /** What in-band inspection last reported (API 1.81). */
  @Get(':ident/inventory')
  inventory(@Param('ident') ident: string, @Ctx() ctx: RequestContext) {
    checkNodeIdent(ident);
    if (!ctx.version.atLeast(Versions.NODE_INVENTORY)) throw routerError(404);
    const node = this.nodes.find(ident, ctx.version);
    if (!node.inventory) throw new ApiError(404, `Node inventory record for node ${node.uuid} could not be found.`);
    return { inventory: node.inventory.inventory, plugin_data: node.inventory.plugin_data };
  }

  @Put(':ident/states/provision')
  @HttpCode(202)
  async provision(@Param('ident') ident: string, @Body(new ValidBody(ProvisionActionDto)) body: ProvisionActionDto, @Ctx() ctx: RequestContext, @Res({ passthrough: true }) reply: FastifyReply): Promise<void> {
    checkNodeIdent(ident, { argument: 'node_ident' });
    const { disableRamdisk } = checkProvisionRequest(body, ctx.version);
    const { target, clean_steps, deploy_steps, configdrive } = body;
    const node = this.nodes.find(ident, ctx.version);
    checkDeployInputs(node, target, this.config.ramdiskImages);
    const rescue_password = target === 'rescue' ? body.rescue_password : undefined;
    // An agent deployment runs the deploy steps of the templates its instance's traits name, the operator's over them.
    const templateSteps = usesAgent(node) && deploymentEvent(target) ? templateDeploySteps(this.templates.all(), node.instance_info.traits) : [];
    const steps = templateSteps.length > 0 ? [...templateSteps, ...(deploy_steps ?? [])] : deploy_steps;
    await this.nodes.requestProvisionAction(
      node.uuid,
      {
        target,
        ...(clean_steps && { clean_steps }),
        ...(disableRamdisk && { disable_ramdisk: true }),
        ...(steps && { deploy_steps: steps }),
        ...(configdrive && { configdrive }),
        ...(rescue_password && { rescue_password }),
      },
      ctx,
    );
    void reply.header('Location', statesLocation(ctx, ident));
  }

  @Put(':ident/states/power')
  @HttpCode(202)
  async power(@Param('ident') ident: string, @Body(new ValidBody(PowerActionDto)) body: PowerActionDto, @Ctx() ctx: RequestContext, @Res({ passthrough: true }) reply: FastifyReply): Promise<void> {
    checkNodeIdent(ident, { argument: 'node_ident' });
    const node = this.nodes.find(ident, ctx.version);
    const target = checkPowerRequest(body, ctx.version, { ident, powerState: node.power_state });
    await this.nodes.requestPowerAction(node.uuid, { target, ...(body.timeout !== undefined && { timeout: body.timeout }) }, ctx);
    void reply.header('Location', statesLocation(ctx, ident));
  }

  @Put(':ident/maintenance')
  @HttpCode(202)
  async setMaintenance(@Param('ident') ident: string, @Body(new ValidBody(MaintenanceDto)) body: MaintenanceDto, @Ctx() ctx: RequestContext): Promise<void> {
    checkNodeIdent(ident, { argument: 'node_ident' });
    await this.nodes.setMaintenance(this.nodes.find(ident, ctx.version).uuid, body.reason ?? null, ctx);
  }

  @Delete(':ident/maintenance')
  @HttpCode(202)
  async clearMaintenance(@Param('ident') ident: string, @Ctx() ctx: RequestContext): Promise<void> {
    checkNodeIdent(ident, { argument: 'node_ident' });
    await this.nodes.clearMaintenance(this.nodes.find(ident, ctx.version).uuid, ctx);
  }

  private validate(ident: string, ctx: RequestContext) {
    const node: Node = this.nodes.find(ident, ctx.version);
    const refusal = interfaceOverrideRefusal(node);
    if (refusal) throw badRequest(refusal);
    return validateNode(node, this.config.ramdiskImages);
  }

  private async page({ at, ...query }: RawQuery, ctx: RequestContext, detailPath: boolean) {
    const fleet = typeof at === 'string' ? await this.audit.fleetAt(at) : this.nodes.all();
    const view = this.viewContext(ctx);
    return nodeList(fleet, query, view, {
      path: detailPath ? '/v1/nodes/detail' : '/v1/nodes',
      detailPath,
      chassisExists: (uuid) => this.fleetFacts().chassisExists(uuid),
    });
  }

  private fleetFacts(): FleetFacts {
    return { chassisExists: (uuid) => this.chassis.all().some((chassis) => chassis.uuid === uuid), conductors: this.conductors.members() };
  }

  private viewContext(ctx: RequestContext): ViewContext {
    return { version: ctx.version, baseUrl: ctx.baseUrl, conductor: this.conductors.alive()[0] ?? null, secrets: (nodeId) => this.nodes.secretsOf(nodeId) };
  }
}

function statesLocation(ctx: RequestContext, ident: string): string {
  return `${ctx.baseUrl}/v1/nodes/${encodeURIComponent(ident)}/states`;
}
