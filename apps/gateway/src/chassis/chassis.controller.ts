import { Body, Controller, Delete, Get, HttpCode, Inject, Param, Patch, Post, Query, Res } from '@nestjs/common';
import { type FastifyReply } from 'fastify';
import { type Json, type JsonObject } from '@ironledger/domain';
import { AuditService } from '../audit/audit-service.js';
import { ConductorLink } from '../conductor-link.js';
import { nextLink, type RawQuery } from '../http/collection-query.js';
import { ApiError, badRequest } from '../http/errors.js';
import { Ctx, type RequestContext } from '../http/http-context.js';
import { applyPatch, parsePatch } from '../http/json-patch.js';
import { ValidBody, validateBody } from '../http/validation.js';
import { nodeList } from '../nodes/node-query.js';
import { NodeService } from '../nodes/node-service.js';
import { ChassisService } from './chassis-service.js';
import { CHASSIS_LIST_FIELDS, chassisView, checkChassisFields, parseChassisQuery, selectChassis } from './chassis-view.js';
import { CreateChassisDto } from './dto.js';

const UUID = /^[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}$/i;
/** What `PATCH /v1/chassis/{uuid}` may touch, in the order of Ironic's refusal. */
const PATCHABLE = ['uuid', 'extra', 'description'];

/** Ironic's `/v1/chassis` resource. */
@Controller('v1/chassis')
export class ChassisController {
  constructor(
    @Inject(ChassisService) private readonly chassis: ChassisService,
    @Inject(NodeService) private readonly nodes: NodeService,
    @Inject(ConductorLink) private readonly conductors: ConductorLink,
    @Inject(AuditService) private readonly audit: AuditService,
  ) {}

  /** `?at=<position | ISO time>` (ironledger): the chassis as they were then. */
  @Get()
  list(@Query() query: RawQuery, @Ctx() ctx: RequestContext) {
    return this.page(query, ctx, false);
  }

  @Get('detail')
  detail(@Query() query: RawQuery, @Ctx() ctx: RequestContext) {
    return this.page(query, ctx, true);
  }

  /** `?at=<position | ISO time>` (ironledger): the chassis as it was then. */
  @Get(':uuid')
  async show(@Param('uuid') uuid: string, @Query('fields') fields: unknown, @Query('at') at: unknown, @Ctx() ctx: RequestContext) {
    checkUuid(uuid);
    const wanted = typeof fields === 'string' ? fields.split(',').map((field) => field.trim()).filter(Boolean) : undefined;
    if (wanted) checkChassisFields(wanted, ctx.version);
    const chassis = typeof at === 'string' ? (await this.audit.modelAt(at)).chassis.get(uuid) : this.chassis.find(uuid);
    if (!chassis) throw new ApiError(404, `Chassis ${uuid} did not exist at ${String(at)}.`);
    return chassisView(chassis, ctx.baseUrl, wanted);
  }

  @Post()
  async create(@Body(new ValidBody(CreateChassisDto)) body: CreateChassisDto, @Ctx() ctx: RequestContext, @Res({ passthrough: true }) reply: FastifyReply) {
    const chassis = await this.chassis.create({ uuid: body.uuid, description: body.description ?? null, extra: body.extra ?? {} }, ctx);
    void reply.code(201).header('Location', `${ctx.baseUrl}/v1/chassis/${chassis.uuid}`);
    return chassisView(chassis, ctx.baseUrl);
  }

  @Patch(':uuid')
  async update(@Param('uuid') uuid: string, @Body() body: unknown, @Ctx() ctx: RequestContext) {
    const chassis = this.chassis.find(uuid);
    const operations = parsePatch(body, PATCHABLE);
    const before: JsonObject = { uuid: chassis.uuid, description: chassis.description, extra: chassis.extra };
    const after = applyPatch(before, operations);
    if (after.uuid !== chassis.uuid) throw badRequest('Cannot overwrite UUID for an existing Chassis.');
    const changes = validateBody(CreateChassisDto, { description: orNull(after.description), extra: orNull(after.extra) });
    const updated = await this.chassis.update(chassis.uuid, { description: changes.description ?? null, extra: changes.extra ?? {} }, ctx);
    return chassisView(updated, ctx.baseUrl);
  }

  @Delete(':uuid')
  @HttpCode(204)
  async remove(@Param('uuid') uuid: string, @Ctx() ctx: RequestContext): Promise<void> {
    checkUuid(uuid);
    await this.chassis.remove(uuid, ctx);
  }

  @Get(':uuid/nodes')
  nodesOf(@Param('uuid') uuid: string, @Query() query: RawQuery, @Ctx() ctx: RequestContext) {
    return this.nodesPage(uuid, query, ctx, false);
  }

  @Get(':uuid/nodes/detail')
  nodesDetailOf(@Param('uuid') uuid: string, @Query() query: RawQuery, @Ctx() ctx: RequestContext) {
    return this.nodesPage(uuid, query, ctx, true);
  }

  private async page({ at, ...raw }: RawQuery, ctx: RequestContext, detailPath: boolean) {
    const query = parseChassisQuery(raw, ctx.version, { detailPath });
    const all = typeof at === 'string' ? [...(await this.audit.modelAt(at)).chassis.all()] : this.chassis.all();
    const { items, hasNext } = selectChassis(all, query);
    const fields = query.detail ? undefined : (query.fields ?? CHASSIS_LIST_FIELDS);
    const body: { chassis: object[]; next?: string } = { chassis: items.map((chassis) => chassisView(chassis, ctx.baseUrl, fields)) };
    if (hasNext) body.next = nextLink(ctx.baseUrl, detailPath ? '/v1/chassis/detail' : '/v1/chassis', raw, items.at(-1)!.uuid);
    return body;
  }

  private nodesPage(uuid: string, raw: RawQuery, ctx: RequestContext, detailPath: boolean) {
    checkUuid(uuid);
    const chassis = this.chassis.find(uuid);
    const fleet = this.nodes.all().filter((node) => node.chassis_uuid === chassis.uuid);
    const view = { version: ctx.version, baseUrl: ctx.baseUrl, conductor: this.conductors.alive()[0] ?? null };
    return nodeList(fleet, raw, view, { path: detailPath ? '/v1/nodes/detail' : '/v1/nodes', detailPath });
  }
}

/** Chassis are named by UUID only (Ironic's 400 otherwise). */
function checkUuid(uuid: string): void {
  if (!UUID.test(uuid)) throw badRequest(`Expected UUID for chassis_uuid: ${uuid}`);
}

/** A removed field comes back as `null` (its default), as a top-level `remove` does in Ironic. */
function orNull(value: Json | undefined): Json {
  return value === undefined ? null : value;
}
