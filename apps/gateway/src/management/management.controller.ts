import { Body, Controller, Get, HttpCode, Inject, Param, Put, Query, Res } from '@nestjs/common';
import { type FastifyReply } from 'fastify';
import { type JsonObject, type Node, NodeNotFoundError, NotFoundError, pythonRepr, pythonStr } from '@ironledger/domain';
import { type ArgSpec, checkArgs } from '../http/args.js';
import { ApiError, badRequest, notAcceptable, routerError } from '../http/errors.js';
import { Ctx, type RequestContext } from '../http/http-context.js';
import { Versions } from '../http/microversion.js';
import { checkNodeIdent } from '../nodes/node-names.js';
import { NodeService } from '../nodes/node.service.js';
import { OnlyRefuses, QueryParameters, ResponseBody } from '../openapi/operation-docs.js';
import { ManagementService } from './management.service.js';
import { BIOS_LIST_SCHEMA, BIOS_SETTING_SCHEMA, BOOT_DEVICE_SCHEMA, CONSOLE_SCHEMA, INDICATOR_STATE_SCHEMA, INDICATORS_SCHEMA, SUPPORTED_BOOT_DEVICES_SCHEMA } from './management-view.schema.js';
import { BIOS_DETAIL_FIELDS, BIOS_FIELDS, BIOS_LIST_PARAMETERS, biosSettingView, indicatorsView, parseIndicatorName, sortedBios, unknownBiosField } from './management.view.js';

/** BIOS settings show their registry fields from 1.74 (the other gates are in `Versions`). */
const BIOS_REGISTRY_FIELDS = 74;

const NAMES = 5;

const NO_ARGS: ArgSpec = {};
const UUID = /^[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}$/i;

/**
 * A node's management sub-resources (`/v1/nodes/{id}/management/…`, `…/states/{boot_mode,
 * secure_boot,console,raid}`, `…/bios`) with Ironic's microversion gates and statuses: the
 * synchronous calls answer 204, the asynchronous ones 202 with a `Location` that names the node as
 * the client did. Arguments are checked first (Ironic's argument layer), then the node is found.
 * The legacy spellings with the node last (`management/{boot_device,inject_nmi,indicators}/{node}`,
 * `PUT states/{action}/{node}`) run the same handlers.
 */
@Controller('v1')
export class ManagementController {
  constructor(
    @Inject(NodeService) private readonly nodes: NodeService,
    @Inject(ManagementService) private readonly management: ManagementService,
  ) {}

  /** The node a request names: by UUID, or (from API 1.5) by name. */
  private node(ident: string, ctx: RequestContext): Node {
    if (!ctx.version.atLeast(NAMES) && !UUID.test(ident)) throw new NodeNotFoundError(ident);
    return this.nodes.find(ident);
  }

  /** Ironic routes nothing at `…/management` itself. */
  @Get('nodes/:ident/management')
  @OnlyRefuses(405)
  managementRoot(): never {
    throw routerError(405);
  }

  @Get('nodes/:ident/management/boot_device')
  @ResponseBody('BootDevice', BOOT_DEVICE_SCHEMA)
  bootDevice(@Param('ident') ident: string, @Query() query: unknown, @Ctx() ctx: RequestContext) {
    checkArgs(query, NO_ARGS);
    checkNodeIdent(ident, { argument: 'node_ident' });
    return this.management.bootDevice(this.node(ident, ctx), ctx);
  }

  @Get('nodes/:ident/management/boot_device/supported')
  @ResponseBody('SupportedBootDevices', SUPPORTED_BOOT_DEVICES_SCHEMA)
  async supportedBootDevices(@Param('ident') ident: string, @Query() query: unknown, @Ctx() ctx: RequestContext) {
    checkArgs(query, NO_ARGS);
    checkNodeIdent(ident, { argument: 'node_ident' });
    return { supported_boot_devices: await this.management.supportedBootDevices(this.node(ident, ctx), ctx) };
  }

  /** The API leaves the device to the driver: a null one is refused as `None`, as Ironic does. */
  @Put('nodes/:ident/management/boot_device')
  @HttpCode(204)
  async setBootDevice(@Param('ident') ident: string, @Query() query: unknown, @Body() body: unknown, @Ctx() ctx: RequestContext): Promise<void> {
    checkArgs(query, NO_ARGS);
    const args = checkArgs(body, { boot_device: { kind: 'string', required: true }, persistent: { kind: 'boolean' } });
    const node = this.node(ident, ctx);
    await this.management.setBootDevice(node, (args.boot_device as string | null) ?? 'None', (args.persistent as boolean | null | undefined) ?? false, ctx);
  }

  /** Ironic's router takes `supported` for the device here. */
  @Put('nodes/:ident/management/boot_device/supported')
  @HttpCode(204)
  async setSupportedBootDevice(@Param('ident') ident: string, @Body() body: unknown, @Ctx() ctx: RequestContext): Promise<void> {
    const args = checkArgs(body, { persistent: { kind: 'boolean' } });
    await this.management.setBootDevice(this.node(ident, ctx), 'supported', (args.persistent as boolean | null | undefined) ?? false, ctx);
  }

  /** The arguments are checked before the version gate, as Ironic's argument layer runs first. */
  @Put('nodes/:ident/management/inject_nmi')
  @HttpCode(204)
  async injectNmi(@Param('ident') ident: string, @Query() query: unknown, @Body() body: unknown, @Ctx() ctx: RequestContext): Promise<void> {
    checkArgs(query, NO_ARGS);
    checkArgs(body, NO_ARGS);
    checkNodeIdent(ident, { argument: 'node_ident' });
    if (!ctx.version.atLeast(Versions.INJECT_NMI)) throw new ApiError(404, 'Resource could not be found.');
    await this.management.injectNmi(this.node(ident, ctx), ctx);
  }

  /** Not gated in Ironic 21.4 (the documented 1.63 is not checked); query parameters are ignored. */
  @Get('nodes/:ident/management/indicators')
  @ResponseBody('IndicatorList', INDICATORS_SCHEMA)
  async indicators(@Param('ident') ident: string, @Ctx() ctx: RequestContext) {
    return indicatorsView(await this.management.indicators(this.node(ident, ctx), ctx), ctx.baseUrl, ident);
  }

  @Get('nodes/:ident/management/indicators/:name')
  @ResponseBody('IndicatorState', INDICATOR_STATE_SCHEMA)
  indicatorState(@Param('ident') ident: string, @Param('name') name: string, @Query() query: unknown, @Ctx() ctx: RequestContext) {
    checkArgs(query, NO_ARGS);
    const node = this.node(ident, ctx);
    const { component, indicator } = indicatorName(name);
    return this.management.indicatorState(node, component, indicator, ctx);
  }

  /** The state is passed to the driver as given. */
  @Put('nodes/:ident/management/indicators/:name')
  @HttpCode(204)
  async setIndicatorState(@Param('ident') ident: string, @Param('name') name: string, @Query() query: unknown, @Body() body: unknown, @Ctx() ctx: RequestContext): Promise<void> {
    checkArgs(query, NO_ARGS);
    const args = checkArgs(body, { state: { kind: 'string', required: true } });
    const node = this.node(ident, ctx);
    const { component, indicator } = indicatorName(name);
    await this.management.setIndicatorState(node, component, indicator, pythonStr(args.state), ctx);
  }

  /**
   * Ironic's router hands a further segment to the same handler as the state (the body's is then
   * not read): the caller's access is judged first, then the indicator's name.
   */
  @Put('nodes/:ident/management/indicators/:name/:state')
  @HttpCode(204)
  async setIndicatorStateInPath(@Param('ident') ident: string, @Param('name') name: string, @Param('state') state: string, @Query() query: unknown, @Ctx() ctx: RequestContext): Promise<void> {
    checkArgs(query, NO_ARGS);
    const node = this.node(ident, ctx);
    const { component, indicator } = indicatorName(name);
    await this.management.setIndicatorState(node, component, indicator, state, ctx);
  }

  @Put('nodes/:ident/states/boot_mode')
  @HttpCode(202)
  async setBootMode(@Param('ident') ident: string, @Query() query: unknown, @Body() body: unknown, @Ctx() ctx: RequestContext, @Res({ passthrough: true }) reply: FastifyReply): Promise<void> {
    checkArgs(query, NO_ARGS);
    const args = checkArgs(body, { target: { kind: 'string', required: true } });
    const node = this.node(ident, ctx);
    checkBootModeVersion(ctx);
    await this.management.setBootMode(node, args.target, ctx);
    void reply.header('Location', location(ctx, ident, 'states'));
  }

  @Put('nodes/:ident/states/secure_boot')
  @HttpCode(202)
  async setSecureBoot(@Param('ident') ident: string, @Query() query: unknown, @Body() body: unknown, @Ctx() ctx: RequestContext, @Res({ passthrough: true }) reply: FastifyReply): Promise<void> {
    checkArgs(query, NO_ARGS);
    const args = checkArgs(body, { target: { kind: 'boolean', required: true } });
    const node = this.node(ident, ctx);
    checkBootModeVersion(ctx);
    await this.management.setSecureBoot(node, args.target, ctx);
    void reply.header('Location', location(ctx, ident, 'states'));
  }

  @Get('nodes/:ident/states/console')
  @ResponseBody('Console', CONSOLE_SCHEMA)
  console(@Param('ident') ident: string, @Query() query: unknown, @Ctx() ctx: RequestContext) {
    checkArgs(query, NO_ARGS);
    return this.management.console(this.node(ident, ctx), ctx);
  }

  /**
   * The same, spelled as Ironic's router also reaches it from the nodes collection (an older
   * spelling some clients still send): the node is then the handler's argument, checked after
   * the query, in the handler's words.
   */
  @Get('nodes/states/console/:ident')
  @ResponseBody('Console', CONSOLE_SCHEMA)
  legacyConsole(@Param('ident') ident: string, @Query() query: unknown, @Ctx() ctx: RequestContext) {
    checkArgs(query, NO_ARGS);
    checkNodeIdent(ident, { argument: 'node_ident' });
    return this.management.console(this.node(ident, ctx), ctx);
  }

  @Put('nodes/:ident/states/console')
  @HttpCode(202)
  async setConsole(@Param('ident') ident: string, @Query() query: unknown, @Body() body: unknown, @Ctx() ctx: RequestContext, @Res({ passthrough: true }) reply: FastifyReply): Promise<void> {
    checkArgs(query, NO_ARGS);
    const args = checkArgs(body, { enabled: { kind: 'boolean', required: true } });
    await this.management.setConsoleMode(this.node(ident, ctx), args.enabled as boolean | null, ctx);
    void reply.header('Location', location(ctx, ident, 'states/console'));
  }

  /** The body is the target itself; an empty body clears it, as `{}` does. */
  @Put('nodes/:ident/states/raid')
  @HttpCode(204)
  async setTargetRaidConfig(@Param('ident') ident: string, @Query() query: unknown, @Body() body: unknown, @Ctx() ctx: RequestContext): Promise<void> {
    checkArgs(query, NO_ARGS);
    const config = body === undefined ? {} : body;
    if (typeof config !== 'object' || config === null || Array.isArray(config)) throw badRequest(`Expected types <class 'dict'> for target_raid_config: ${pythonStr(config)}`);
    const node = this.node(ident, ctx);
    if (!ctx.version.atLeast(Versions.RAID_CONFIG)) throw notAcceptable();
    await this.management.setTargetRaidConfig(node, config as JsonObject, ctx);
  }

  /**
   * The older spellings Ironic's router still reaches from the nodes collection, the node last
   * (`management/boot_device/{node}`, `PUT states/{action}/{node}`): the same handlers, so the
   * same answers. The list of boot devices is `boot_device/{node}/supported` there: the router
   * takes a GET's custom action from the path's end.
   */
  @Get('nodes/management/boot_device/:ident')
  @ResponseBody('BootDevice', BOOT_DEVICE_SCHEMA)
  legacyBootDevice(@Param('ident') ident: string, @Query() query: unknown, @Ctx() ctx: RequestContext) {
    return this.bootDevice(ident, query, ctx);
  }

  @Get('nodes/management/boot_device/:ident/supported')
  @ResponseBody('SupportedBootDevices', SUPPORTED_BOOT_DEVICES_SCHEMA)
  legacySupportedBootDevices(@Param('ident') ident: string, @Query() query: unknown, @Ctx() ctx: RequestContext) {
    return this.supportedBootDevices(ident, query, ctx);
  }

  @Put('nodes/management/boot_device/:ident')
  @HttpCode(204)
  legacySetBootDevice(@Param('ident') ident: string, @Query() query: unknown, @Body() body: unknown, @Ctx() ctx: RequestContext): Promise<void> {
    return this.setBootDevice(ident, query, body, ctx);
  }

  @Put('nodes/states/boot_mode/:ident')
  @HttpCode(202)
  legacySetBootMode(@Param('ident') ident: string, @Query() query: unknown, @Body() body: unknown, @Ctx() ctx: RequestContext, @Res({ passthrough: true }) reply: FastifyReply): Promise<void> {
    return this.setBootMode(ident, query, body, ctx, reply);
  }

  @Put('nodes/states/secure_boot/:ident')
  @HttpCode(202)
  legacySetSecureBoot(@Param('ident') ident: string, @Query() query: unknown, @Body() body: unknown, @Ctx() ctx: RequestContext, @Res({ passthrough: true }) reply: FastifyReply): Promise<void> {
    return this.setSecureBoot(ident, query, body, ctx, reply);
  }

  @Put('nodes/states/console/:ident')
  @HttpCode(202)
  legacySetConsole(@Param('ident') ident: string, @Query() query: unknown, @Body() body: unknown, @Ctx() ctx: RequestContext, @Res({ passthrough: true }) reply: FastifyReply): Promise<void> {
    return this.setConsole(ident, query, body, ctx, reply);
  }

  @Put('nodes/states/raid/:ident')
  @HttpCode(204)
  legacySetTargetRaidConfig(@Param('ident') ident: string, @Query() query: unknown, @Body() body: unknown, @Ctx() ctx: RequestContext): Promise<void> {
    return this.setTargetRaidConfig(ident, query, body, ctx);
  }

  @Put('nodes/management/inject_nmi/:ident')
  @HttpCode(204)
  legacyInjectNmi(@Param('ident') ident: string, @Query() query: unknown, @Body() body: unknown, @Ctx() ctx: RequestContext): Promise<void> {
    return this.injectNmi(ident, query, body, ctx);
  }

  /** An indicator's path is `indicators/{node}/{indicator}` there. */
  @Get('nodes/management/indicators/:ident/:name')
  @ResponseBody('IndicatorState', INDICATOR_STATE_SCHEMA)
  legacyIndicatorState(@Param('ident') ident: string, @Param('name') name: string, @Query() query: unknown, @Ctx() ctx: RequestContext) {
    return this.indicatorState(ident, name, query, ctx);
  }

  @Put('nodes/management/indicators/:ident/:name')
  @HttpCode(204)
  legacySetIndicatorState(@Param('ident') ident: string, @Param('name') name: string, @Query() query: unknown, @Body() body: unknown, @Ctx() ctx: RequestContext): Promise<void> {
    return this.setIndicatorState(ident, name, query, body, ctx);
  }

  /** `indicators/{node}` alone reaches the router's one-indicator handler, without its indicator. */
  @Get('nodes/management/indicators/:ident')
  @OnlyRefuses(400)
  legacyIndicatorWithoutName(@Param('ident') ident: string, @Query() query: unknown): never {
    return missingIndicator(ident, query);
  }

  @Put('nodes/management/indicators/:ident')
  @OnlyRefuses(400)
  legacySetIndicatorWithoutName(@Param('ident') ident: string, @Query() query: unknown): never {
    return missingIndicator(ident, query);
  }

  /** The legacy spellings without their node: the handler's refusal, as in Ironic. */
  @Put(['nodes/management/inject_nmi', 'nodes/management/indicators'])
  @OnlyRefuses(400)
  legacyPutWithoutNode(): never {
    throw badRequest('Missing mandatory parameter: node_ident');
  }

  @Get('nodes/management/indicators')
  @OnlyRefuses(400)
  legacyIndicatorsWithoutNode(): never {
    throw badRequest('Missing mandatory parameter: node_ident');
  }

  /** Nothing is routed at `management` from the collection either, nor a GET of `inject_nmi`. */
  @Get(['nodes/management', 'nodes/management/:ident', 'nodes/management/inject_nmi/:ident'])
  @OnlyRefuses(405)
  legacyManagementRefused(): never {
    throw routerError(405);
  }

  @Get('nodes/:ident/bios')
  @QueryParameters(BIOS_LIST_PARAMETERS)
  @ResponseBody('BiosSettingList', BIOS_LIST_SCHEMA)
  bios(@Param('ident') ident: string, @Query() query: unknown, @Ctx() ctx: RequestContext) {
    if (!ctx.version.atLeast(Versions.BIOS)) throw routerError(404);
    const args = checkArgs(query, { detail: { kind: 'boolean' }, fields: { kind: 'string_list' } });
    const node = this.node(ident, ctx);
    const fields = biosFields(args.detail as boolean | undefined, args.fields as string[] | undefined, ctx);
    // Ironic fails on an unknown field only when it has a setting to read it from.
    const unknown = unknownBiosField(fields);
    if (unknown !== undefined && node.bios_settings.length > 0) throw new ApiError(500, `'BIOSSetting' object has no attribute '${unknown}'`);
    return { bios: sortedBios(node.bios_settings).map((setting) => biosSettingView(setting, fields, ctx.baseUrl, ident)) };
  }

  @Get('nodes/:ident/bios/:setting')
  @ResponseBody('BiosSettingByName', BIOS_SETTING_SCHEMA)
  biosSetting(@Param('ident') ident: string, @Param('setting') name: string, @Query() query: unknown, @Ctx() ctx: RequestContext) {
    if (!ctx.version.atLeast(Versions.BIOS)) throw routerError(404);
    checkArgs(query, NO_ARGS);
    checkArgs({ setting_name: name }, { setting_name: { kind: 'name' } });
    const node = this.node(ident, ctx);
    const setting = node.bios_settings.find((candidate) => candidate.name === name);
    if (!setting) throw new NotFoundError(`Node ${node.uuid} doesn't have a BIOS setting '${name}'`);
    const fields = ctx.version.atLeast(BIOS_REGISTRY_FIELDS) ? BIOS_DETAIL_FIELDS : BIOS_FIELDS;
    return { [name]: biosSettingView(setting, fields, ctx.baseUrl, node.uuid) };
  }

}

function checkBootModeVersion(ctx: RequestContext): void {
  if (!ctx.version.atLeast(Versions.BOOT_MODE_CHANGE)) throw new ApiError(404, `This endpoint is supported starting with the API version 1.${Versions.BOOT_MODE_CHANGE}`);
}

function missingIndicator(ident: string, query: unknown): never {
  checkArgs(query, NO_ARGS);
  checkNodeIdent(ident, { argument: 'node_ident' });
  throw badRequest('Missing mandatory parameter: indicator');
}

function indicatorName(name: string): { component: string; indicator: string } {
  const parsed = parseIndicatorName(name);
  if (!parsed) throw badRequest(`Malformed indicator name "${name}"`);
  return parsed;
}

/** The fields a BIOS list shows: `detail` and `fields` need 1.74 and exclude each other. */
function biosFields(detail: boolean | undefined, fields: string[] | undefined, ctx: RequestContext): readonly string[] {
  const allowed = ctx.version.atLeast(BIOS_REGISTRY_FIELDS);
  if (detail !== undefined && detail !== null && !allowed) throw badRequest(`Invalid query parameter ?detail=${pythonRepr(detail)} received.`);
  if (fields !== undefined && fields !== null && !allowed) throw badRequest(`Invalid query parameter ?fields=${pythonRepr(fields)} received.`);
  if (fields && detail) throw badRequest('Can not specify ?detail=True and fields in the same request.');
  return fields ?? (detail ? BIOS_DETAIL_FIELDS : BIOS_FIELDS);
}

function location(ctx: RequestContext, ident: string, path: string): string {
  return `${ctx.baseUrl}/v1/nodes/${encodeURIComponent(ident)}/${path}`;
}
