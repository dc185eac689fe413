import { All, Body, Controller, Delete, Get, HttpCode, Inject, Param, Patch, Post, Put, Query, Req, Res } from '@nestjs/common';
import { type FastifyReply, type FastifyRequest } from 'fastify';
import { given, type JsonObject, type Node, NodeNotFoundError, pythonRepr, vendorMethods } from '@ironledger/domain';
import { checkPowerArgs, checkPowerRequest, checkProvisionArgs, checkProvisionRequest } from './action-rules.js';
import { AuditService } from '../audit/audit.service.js';
import { meta } from '../commands.js';
import { ChassisService } from '../chassis/chassis.service.js';
import { ConductorLink } from '../conductor-link.js';
import { MAINTENANCE_SCHEMA, POWER_ACTION_SCHEMA, PROVISION_ACTION_SCHEMA } from './node.dto.js';
import { canSeeNode, inProject, redactedFields } from '../http/access.js';
import { checkArgs } from '../http/args.js';
import { type RawQuery } from '../http/collection-query.js';
import { ApiError, badRequest, routerError } from '../http/errors.js';
import { readGetBody } from '../http/get-body.js';
import { Ctx, type RequestContext } from '../http/http-context.js';
import { Versions } from '../http/microversion.js';
import { BodySchema } from '../openapi/body-schema.js';
import { VENDOR_METHODS_SCHEMA } from '../fleet/fleet-view.schema.js';
import { OnlyRefuses, QUERY_VALUE, QueryParameters, ResponseBody } from '../openapi/operation-docs.js';
import { planNodeCreate } from './node-create.js';
import { type FleetFacts } from './node-fleet.js';
import { checkNodeIdent } from './node-names.js';
import { checkPatchRequest, planNodePatch } from './node-patch.js';
import { nodeList, nodeListParameters } from './node-query.js';
import { NODE_SCHEMA } from './node.schema.js';
import { NodeService } from './node.service.js';
import { NODE_INVENTORY_SCHEMA, NODE_LIST_SCHEMA, NODE_STATES_SCHEMA, NODE_VALIDATION_SCHEMA, NODE_VIEW_SCHEMA } from './node-view.schema.js';
import { JSON_CONTENT_TYPE, nodeView, nodeViewJson, parseFields, statesView, type ViewContext } from './node.view.js';

/** The query of `GET /v1/nodes/{ident}`. */
const NODE_SHOW_PARAMETERS = [
  { name: 'fields', description: 'Comma-separated fields to show (and `links`).', schema: QUERY_VALUE.list, since: Versions.FIELDS_PARAM },
  { name: 'at', description: 'ironledger: the node as it was at this event-log position or ISO 8601 instant.', schema: QUERY_VALUE.string },
];

/** The query of a vendor method's call: the method, when the path does not name it. */
const VENDOR_CALL_PARAMETERS = [{ name: 'method', description: 'The vendor method to call (the path may name it instead).', schema: QUERY_VALUE.string }];

/** Ironic's `/v1/nodes` resource. */
@Controller('v1/nodes')
export class NodesController {
  constructor(
    @Inject(NodeService) private readonly nodes: NodeService,
    @Inject(ConductorLink) private readonly conductors: ConductorLink,
    @Inject(AuditService) private readonly audit: AuditService,
    @Inject(ChassisService) private readonly chassis: ChassisService,
  ) {}

  /** `?at=<position | ISO time>` (ironledger): the fleet as it was then. */
  @Get()
  @QueryParameters(nodeListParameters(false))
  @ResponseBody('NodeList', NODE_LIST_SCHEMA)
  list(@Query() query: RawQuery, @Ctx() ctx: RequestContext) {
    return this.page(query, ctx, false);
  }

  @Get('detail')
  @QueryParameters(nodeListParameters(true))
  @ResponseBody('NodeList', NODE_LIST_SCHEMA)
  detail(@Query() query: RawQuery, @Ctx() ctx: RequestContext) {
    return this.page(query, ctx, true);
  }

  /** `GET /v1/nodes/validate?node=<ident>` (or the deprecated `node_uuid`): `GET /v1/nodes/{ident}/validate`. */
  @Get('validate')
  @QueryParameters([
    { name: 'node', description: 'The node (UUID or name).', schema: QUERY_VALUE.string },
    { name: 'node_uuid', description: 'The node, the older way (deprecated).', schema: QUERY_VALUE.uuid },
  ])
  @ResponseBody('NodeValidation', NODE_VALIDATION_SCHEMA)
  validateByQuery(@Query('node') node: unknown, @Query('node_uuid') nodeUuid: unknown, @Ctx() ctx: RequestContext) {
    const ident = typeof node === 'string' ? node : typeof nodeUuid === 'string' ? nodeUuid : undefined;
    if (ident === undefined) throw badRequest('Missing mandatory parameter: node');
    return this.validate(ident, ctx);
  }

  /** `?at=<position | ISO time>` (ironledger): the node as it was then. */
  @Get(':ident')
  @QueryParameters(NODE_SHOW_PARAMETERS)
  @ResponseBody('Node', NODE_VIEW_SCHEMA)
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
    // A node as it was (`at`) is judged on its owner and lessee then; the current one was judged before the handler (access-hook.ts).
    if (typeof at === 'string' && ctx.policy && !canSeeNode(ctx.policy, ctx.credentials, node)) throw new NodeNotFoundError(ident);
    void reply.type(JSON_CONTENT_TYPE);
    return nodeViewJson(node, this.viewContext(ctx, typeof at !== 'string'), wanted);
  }

  /**
   * Ironic routes `GET /v1/nodes/{ident}/{word}` as the node's field `word` (`/v1/nodes/n1/name`):
   * anything else is 400, as are sub-resources of later Ironic releases (`children`).
   */
  @Get(':ident/:field')
  @ResponseBody('Node', NODE_VIEW_SCHEMA)
  field(@Param('ident') ident: string, @Param('field') field: string, @Ctx() ctx: RequestContext, @Res({ passthrough: true }) reply: FastifyReply) {
    return this.show(ident, field, undefined, ctx, reply);
  }

  @Post()
  @BodySchema('NodeCreate', NODE_SCHEMA)
  @ResponseBody('Node', NODE_VIEW_SCHEMA)
  async create(@Body() body: unknown, @Ctx() ctx: RequestContext, @Res({ passthrough: true }) reply: FastifyReply) {
    const registration = planNodeCreate(body, ctx.version, this.fleetFacts());
    const node = await this.nodes.register(registration, ctx);
    void reply.code(201).header('Location', `${ctx.baseUrl}/v1/nodes/${node.uuid}`);
    return nodeView(node, this.viewContext(ctx));
  }

  /** Ironic reads a POST to a node as a node to create, which a name is not. */
  @Post(':ident')
  @OnlyRefuses(400)
  createAt(@Param('ident') ident: string): never {
    throw badRequest(`Schema error for node: ${pythonRepr(ident)} is not of type 'object'`);
  }

  @Put(':ident')
  @OnlyRefuses(405)
  replace(): never {
    throw routerError(405);
  }

  @Patch(':ident')
  @QueryParameters([{ name: 'reset_interfaces', description: 'With a new `driver`: reset the interfaces not set in the same request to the new hardware type’s defaults.', schema: QUERY_VALUE.boolean, since: Versions.RESET_INTERFACES }])
  @ResponseBody('Node', NODE_VIEW_SCHEMA)
  async update(@Param('ident') ident: string, @Query() query: RawQuery, @Body() body: unknown, @Ctx() ctx: RequestContext) {
    checkNodeIdent(ident);
    const request = checkPatchRequest(query, body, ctx.version);
    const node = await this.nodes.patch(ident, ctx.version, ctx, (found) => planNodePatch(found, ident, request, ctx.version, this.fleetFacts()));
    return nodeView(node, this.viewContext(ctx));
  }

  @Delete()
  @OnlyRefuses(400)
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
  @ResponseBody('NodeStates', NODE_STATES_SCHEMA)
  states(@Param('ident') ident: string, @Query() query: unknown, @Ctx() ctx: RequestContext) {
    checkArgs(query, {});
    checkNodeIdent(ident, { argument: 'node_ident' });
    const node = this.nodes.find(ident, ctx.version);
    return statesView(node, ctx.version);
  }

  /**
   * The older spellings Ironic's router still reaches from the nodes collection, the node last
   * (`states/{node}`, `PUT states/{action}/{node}`, `PUT|DELETE maintenance/{node}`,
   * `vendor_passthru/{node}[/{method}]`): the same handlers, so the same answers.
   */
  @Get('states/:ident')
  @ResponseBody('NodeStates', NODE_STATES_SCHEMA)
  legacyStates(@Param('ident') ident: string, @Query() query: unknown, @Ctx() ctx: RequestContext) {
    return this.states(ident, query, ctx);
  }

  @Put('states/provision/:ident')
  @HttpCode(202)
  @BodySchema('ProvisionAction', PROVISION_ACTION_SCHEMA)
  legacyProvision(@Param('ident') ident: string, @Query() query: unknown, @Body() body: unknown, @Ctx() ctx: RequestContext, @Res({ passthrough: true }) reply: FastifyReply): Promise<void> {
    return this.provision(ident, query, body, ctx, reply);
  }

  @Put('states/power/:ident')
  @HttpCode(202)
  @BodySchema('PowerAction', POWER_ACTION_SCHEMA)
  legacyPower(@Param('ident') ident: string, @Query() query: unknown, @Body() body: unknown, @Ctx() ctx: RequestContext, @Res({ passthrough: true }) reply: FastifyReply): Promise<void> {
    return this.power(ident, query, body, ctx, reply);
  }

  @Put('maintenance/:ident')
  @HttpCode(202)
  @BodySchema('Maintenance', MAINTENANCE_SCHEMA)
  legacySetMaintenance(@Param('ident') ident: string, @Query() query: unknown, @Body() body: unknown, @Ctx() ctx: RequestContext): Promise<void> {
    return this.setMaintenance(ident, query, body, ctx);
  }

  @Delete('maintenance/:ident')
  @HttpCode(202)
  legacyClearMaintenance(@Param('ident') ident: string, @Query() query: unknown, @Ctx() ctx: RequestContext): Promise<void> {
    return this.clearMaintenance(ident, query, ctx);
  }

  /** The vendor methods' list is `vendor_passthru/{node}/methods`: the router takes a GET's custom action from the path's end. */
  @Get('vendor_passthru/:ident/methods')
  @ResponseBody('VendorMethods', VENDOR_METHODS_SCHEMA)
  legacyVendorMethods(@Param('ident') ident: string, @Query() query: unknown, @Ctx() ctx: RequestContext) {
    return this.vendorMethods(ident, query, ctx);
  }

  @All(['vendor_passthru/:ident', 'vendor_passthru/:ident/:method'])
  @QueryParameters(VENDOR_CALL_PARAMETERS)
  @HttpCode(202)
  legacyVendorCall(
    @Param('ident') ident: string,
    @Param('method') inPath: string | undefined,
    @Query() query: unknown,
    @Body() body: unknown,
    @Req() request: FastifyRequest,
    @Ctx() ctx: RequestContext,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<string | undefined> {
    return this.vendorCall(ident, inPath, query, body, request, ctx, reply);
  }

  /** The legacy spellings without their node: the handler's refusal, as in Ironic. */
  @Get(['states', 'states/console', 'management/boot_device', 'management/boot_device/supported', 'vendor_passthru/methods'])
  @OnlyRefuses(400)
  legacyWithoutNode(): never {
    throw missingNodeIdent();
  }

  @Put(['management/boot_device', 'maintenance'])
  @OnlyRefuses(400)
  legacyPutWithoutNode(): never {
    throw missingNodeIdent();
  }

  @Delete('maintenance')
  @OnlyRefuses(400)
  legacyDeleteWithoutNode(): never {
    throw missingNodeIdent();
  }

  @All('vendor_passthru')
  @OnlyRefuses(400)
  legacyVendorCallWithoutNode(): never {
    throw missingNodeIdent();
  }

  /** Ironic's maintenance controller has no GET. */
  @Get(['maintenance', 'maintenance/:ident'])
  @OnlyRefuses(405)
  legacyMaintenanceRefused(): never {
    throw routerError(405);
  }

  /**
   * What is left of `PUT states/{action}/{node}` once each action Ironic has is its own handler's:
   * an action without its node, or one Ironic lacks. (The first parameter is named as in
   * `GET states/{ident}`, as one path of the API document has one name for it.)
   */
  @Put(['states/:ident', 'states/:ident/:node'])
  @OnlyRefuses(400, 405)
  legacyStateActionRefused(@Param('ident') action: string, @Param('node') node: string | undefined): never {
    if (node !== undefined || !(LEGACY_STATE_ACTIONS as readonly string[]).includes(action)) throw routerError(405);
    throw missingNodeIdent();
  }

  /** Whether each interface of the node has what it needs, judged by a conductor from the node and its settings (no BMC is contacted). */
  @Get(':ident/validate')
  @ResponseBody('NodeValidation', NODE_VALIDATION_SCHEMA)
  validateNode(@Param('ident') ident: string, @Ctx() ctx: RequestContext) {
    checkNodeIdent(ident);
    return this.validate(ident, ctx);
  }

  /**
   * The vendor methods of the node's vendor interface. (Ironic's API keeps the first answer per
   * driver name and serves it for every node of that driver; here each node gets its own.)
   */
  @Get(':ident/vendor_passthru/methods')
  @ResponseBody('VendorMethods', VENDOR_METHODS_SCHEMA)
  vendorMethods(@Param('ident') ident: string, @Query() query: unknown, @Ctx() ctx: RequestContext) {
    checkArgs(query, {});
    checkNodeIdent(ident, { argument: 'node_ident' });
    return vendorMethods(this.nodes.find(ident, ctx.version).vendor_interface);
  }

  /**
   * Calling a vendor method (`?method=` or, as the client does, in the path) with the body as its
   * arguments (a GET's too): the conductor refuses what Ironic's refuses, then answers 202 and
   * calls it afterwards, or, for a method that is not `async`, calls it and answers 200 with what
   * it returned.
   */
  @All([':ident/vendor_passthru', ':ident/vendor_passthru/:method'])
  @QueryParameters(VENDOR_CALL_PARAMETERS)
  @HttpCode(202)
  async vendorCall(
    @Param('ident') ident: string,
    @Param('method') inPath: string | undefined,
    @Query() query: unknown,
    @Body() body: unknown,
    @Req() request: FastifyRequest,
    @Ctx() ctx: RequestContext,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<string | undefined> {
    const { method: inQuery } = checkArgs(query, { method: { kind: 'any' } });
    checkNodeIdent(ident, { argument: 'node_ident' });
    const method = inPath ?? inQuery;
    if (typeof method !== 'string' || method === '') throw badRequest('Missing mandatory parameter: method');
    const node = this.nodes.find(ident, ctx.version);
    const sent = request.method === 'GET' ? await readGetBody(request) : body;
    const args: JsonObject = sent !== null && typeof sent === 'object' && !Array.isArray(sent) ? (sent as JsonObject) : {};
    const done = await this.nodes.run({ type: 'CallVendorMethod', nodeId: node.uuid, data: { method, http_method: request.method, args }, meta: meta(ctx) });
    if (!('result' in done)) return undefined;
    void reply.code(200).type(JSON_CONTENT_TYPE);
    return JSON.stringify(done.result);
  }

  /** What in-band inspection last reported (API 1.81). */
  @Get(':ident/inventory')
  @ResponseBody('NodeInventory', NODE_INVENTORY_SCHEMA)
  inventory(@Param('ident') ident: string, @Ctx() ctx: RequestContext) {
    checkNodeIdent(ident);
    if (!ctx.version.atLeast(Versions.NODE_INVENTORY)) throw routerError(404);
    const node = this.nodes.find(ident, ctx.version);
    if (!node.inventory) throw new ApiError(404, `Node inventory record for node ${node.uuid} could not be found.`);
    return { inventory: node.inventory.inventory, plugin_data: node.inventory.plugin_data };
  }

  @Put(':ident/states/provision')
  @HttpCode(202)
  @BodySchema('ProvisionAction', PROVISION_ACTION_SCHEMA)
  async provision(@Param('ident') ident: string, @Query() query: unknown, @Body() body: unknown, @Ctx() ctx: RequestContext, @Res({ passthrough: true }) reply: FastifyReply): Promise<void> {
    checkArgs(query, {});
    checkNodeIdent(ident, { argument: 'node_ident' });
    const args = checkProvisionArgs(body);
    const node = this.nodes.find(ident, ctx.version);
    checkProvisionRequest(args, ctx.version, node);
    const target = args.target!;
    const { clean_steps, deploy_steps, configdrive, rescue_password } = args;
    // The conductor adds the steps of the deploy templates the instance asks for.
    await this.nodes.requestProvisionAction(
      node,
      {
        target,
        ...(target === 'clean' && given(clean_steps) && { clean_steps: clean_steps! }),
        ...(args.disable_ramdisk === true && { disable_ramdisk: true }),
        ...(given(deploy_steps) && deploy_steps!.length > 0 && { deploy_steps: deploy_steps! }),
        ...(given(configdrive) && { configdrive: configdrive! }),
        ...(target === 'rescue' && rescue_password && { rescue_password }),
      },
      ctx,
    );
    void reply.header('Location', statesLocation(ctx, ident));
  }

  @Put(':ident/states/power')
  @HttpCode(202)
  @BodySchema('PowerAction', POWER_ACTION_SCHEMA)
  async power(@Param('ident') ident: string, @Query() query: unknown, @Body() body: unknown, @Ctx() ctx: RequestContext, @Res({ passthrough: true }) reply: FastifyReply): Promise<void> {
    checkArgs(query, {});
    checkNodeIdent(ident, { argument: 'node_ident' });
    const args = checkPowerArgs(body);
    const node = this.nodes.find(ident, ctx.version);
    const target = checkPowerRequest(args, ctx.version, node, ident);
    await this.nodes.requestPowerAction(node, { target, ...(args.timeout != null && { timeout: args.timeout }) }, ctx);
    void reply.header('Location', statesLocation(ctx, ident));
  }

  @Put(':ident/maintenance')
  @HttpCode(202)
  @BodySchema('Maintenance', MAINTENANCE_SCHEMA)
  async setMaintenance(@Param('ident') ident: string, @Query() query: unknown, @Body() body: unknown, @Ctx() ctx: RequestContext): Promise<void> {
    checkArgs(query, {});
    checkNodeIdent(ident, { argument: 'node_ident' });
    const { reason } = checkArgs(body, { reason: { kind: 'string' } }) as { reason?: string | null };
    await this.nodes.setMaintenance(this.nodes.find(ident, ctx.version), reason ?? null, ctx);
  }

  @Delete(':ident/maintenance')
  @HttpCode(202)
  async clearMaintenance(@Param('ident') ident: string, @Query() query: unknown, @Ctx() ctx: RequestContext): Promise<void> {
    checkArgs(query, {});
    checkNodeIdent(ident, { argument: 'node_ident' });
    await this.nodes.clearMaintenance(this.nodes.find(ident, ctx.version), ctx);
  }

  private validate(ident: string, ctx: RequestContext) {
    return this.nodes.validate(this.nodes.find(ident, ctx.version), ctx);
  }

  private async page({ at, ...query }: RawQuery, ctx: RequestContext, detailPath: boolean) {
    // The nodes' summaries, now or at a past instant: a node is unpacked only if it is on the page.
    const past = typeof at === 'string' ? await this.audit.modelAt(at) : undefined;
    const source = past ?? this.nodes;
    // The whole fleet's list is paged from its marker without copying the fleet; a project's is narrowed first.
    const fleet = ctx.listProject ? source.summaries().filter((node) => inProject(ctx.listProject, node)) : source.inCreationOrder();
    const view = this.viewContext(ctx, !past);
    return nodeList(fleet, query, view, {
      path: detailPath ? '/v1/nodes/detail' : '/v1/nodes',
      detailPath,
      chassisExists: (uuid) => this.fleetFacts().chassisExists(uuid),
      wholeOf: past ? (summary) => past.get(summary.uuid)! : this.nodes.wholeOf,
    });
  }

  private fleetFacts(): FleetFacts {
    return { chassisExists: (uuid) => this.chassis.all().some((chassis) => chassis.uuid === uuid), conductors: this.conductors.members() };
  }

  /** How nodes are shown; `live`: as they are now, their agents' heartbeats as the gateways heard them (not a past instant's nodes). */
  private viewContext(ctx: RequestContext, live = true): ViewContext {
    const policy = ctx.policy;
    const credentials = ctx.credentials;
    const context = {
      version: ctx.version,
      baseUrl: ctx.baseUrl,
      conductor: this.conductors.alive()[0] ?? null,
      ...(policy && credentials ? { redacted: (node: Node) => redactedFields(policy, credentials, node) } : {}),
    };
    return live ? { ...context, agentLastHeartbeat: (node) => this.conductors.lastAgentHeartbeat(node) } : context;
  }
}

/** What `PUT /v1/nodes/{node}/states/{action}` can do (Ironic's node states controller's custom actions and its console). */
const LEGACY_STATE_ACTIONS = ['boot_mode', 'console', 'power', 'provision', 'raid', 'secure_boot'] as const;

function missingNodeIdent(): ApiError {
  return badRequest('Missing mandatory parameter: node_ident');
}

function statesLocation(ctx: RequestContext, ident: string): string {
  return `${ctx.baseUrl}/v1/nodes/${encodeURIComponent(ident)}/states`;
}
