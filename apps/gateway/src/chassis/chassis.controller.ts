import { Body, Controller, Delete, Get, HttpCode, Inject, Param, Patch, Post, Query, Res } from '@nestjs/common';
import { type FastifyReply } from 'fastify';
import { type Json, type JsonObject, type Node, schemaErrorFor } from '@ironledger/domain';
import { AuditService } from '../audit/audit.service.js';
import { ConductorLink } from '../conductor-link.js';
import { nextLink, type RawQuery } from '../http/collection-query.js';
import { inProject, redactedFields } from '../http/access.js';
import { ApiError, badRequest } from '../http/errors.js';
import { Ctx, type RequestContext } from '../http/http-context.js';
import { applyPatch, parsePatch } from '../http/json-patch.js';
import { CHASSIS_SCHEMA } from '../http/schemas.js';
import { nodeList, nodeListParameters } from '../nodes/node-query.js';
import { NodeService } from '../nodes/node.service.js';
import { ChassisService } from './chassis.service.js';
import { CHASSIS_LIST_FIELDS, CHASSIS_SHOW_PARAMETERS, chassisListParameters, chassisView, checkChassisFields, parseChassisQuery, selectChassis } from './chassis.view.js';
import { BodySchema } from '../openapi/body-schema.js';
import { QueryParameters, ResponseBody } from '../openapi/operation-docs.js';
import { NODE_LIST_SCHEMA } from '../nodes/node-view.schema.js';
import { CHASSIS_LIST_SCHEMA, CHASSIS_VIEW_SCHEMA } from './chassis-view.schema.js';

const UUID = /^[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}$/i;
/** A new chassis's UUID names its stream, so only the dashed spelling (stricter than Ironic's `is_uuid_like`). */
const DASHED_UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
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
  @QueryParameters(chassisListParameters(false))
  @ResponseBody('ChassisList', CHASSIS_LIST_SCHEMA)
  list(@Query() query: RawQuery, @Ctx() ctx: RequestContext) {
    return this.page(query, ctx, false);
  }

  @Get('detail')
  @QueryParameters(chassisListParameters(true))
  @ResponseBody('ChassisList', CHASSIS_LIST_SCHEMA)
  detail(@Query() query: RawQuery, @Ctx() ctx: RequestContext) {
    return this.page(query, ctx, true);
  }

  /** `?at=<position | ISO time>` (ironledger): the chassis as it was then. */
  @Get(':uuid')
  @QueryParameters(CHASSIS_SHOW_PARAMETERS)
  @ResponseBody('Chassis', CHASSIS_VIEW_SCHEMA)
  async show(@Param('uuid') uuid: string, @Query('fields') fields: unknown, @Query('at') at: unknown, @Ctx() ctx: RequestContext) {
    checkUuid(uuid);
    const wanted = typeof fields === 'string' ? fields.split(',').map((field) => field.trim()).filter(Boolean) : undefined;
    if (wanted) checkChassisFields(wanted, ctx.version);
    const chassis = typeof at === 'string' ? (await this.audit.modelAt(at)).chassis.get(uuid) : this.chassis.find(uuid);
    if (!chassis) throw new ApiError(404, `Chassis ${uuid} did not exist at ${String(at)}.`);
    return chassisView(chassis, ctx.baseUrl, wanted);
  }

  @Post()
  @BodySchema('CreateChassis', CHASSIS_SCHEMA)
  @ResponseBody('Chassis', CHASSIS_VIEW_SCHEMA)
  async create(@Body() given: unknown, @Ctx() ctx: RequestContext, @Res({ passthrough: true }) reply: FastifyReply) {
    const body = checkChassis(given);
    const chassis = await this.chassis.create({ uuid: body.uuid, description: body.description ?? null, extra: body.extra ?? {} }, ctx);
    void reply.code(201).header('Location', `${ctx.baseUrl}/v1/chassis/${chassis.uuid}`);
    return chassisView(chassis, ctx.baseUrl);
  }

  @Patch(':uuid')
  @ResponseBody('Chassis', CHASSIS_VIEW_SCHEMA)
  async update(@Param('uuid') uuid: string, @Body() body: unknown, @Ctx() ctx: RequestContext) {
    this.chassis.find(uuid);
    const operations = parsePatch(body, PATCHABLE);
    const updated = await this.chassis.patch(uuid, ctx, (chassis) => {
      const before: JsonObject = { uuid: chassis.uuid, description: chassis.description, extra: chassis.extra };
      const after = applyPatch(before, operations);
      if (after.uuid !== chassis.uuid) throw badRequest('Cannot overwrite UUID for an existing Chassis.');
      const changes = checkChassis({ description: orNull(after.description), extra: orNull(after.extra) });
      return { description: changes.description ?? null, extra: changes.extra ?? {} };
    });
    return chassisView(updated, ctx.baseUrl);
  }

  @Delete(':uuid')
  @HttpCode(204)
  async remove(@Param('uuid') uuid: string, @Ctx() ctx: RequestContext): Promise<void> {
    checkUuid(uuid);
    await this.chassis.remove(uuid, ctx);
  }

  @Get(':uuid/nodes')
  @QueryParameters(nodeListParameters(false, { at: false }))
  @ResponseBody('NodeList', NODE_LIST_SCHEMA)
  nodesOf(@Param('uuid') uuid: string, @Query() query: RawQuery, @Ctx() ctx: RequestContext) {
    return this.nodesPage(uuid, query, ctx, false);
  }

  @Get(':uuid/nodes/detail')
  @QueryParameters(nodeListParameters(true, { at: false }))
  @ResponseBody('NodeList', NODE_LIST_SCHEMA)
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
    // As `/v1/nodes`: a project's list holds only the nodes it owns or leases, with the fields it may not read redacted.
    const fleet = this.nodes.summaries().filter((node) => node.chassis_uuid === chassis.uuid && inProject(ctx.listProject, node));
    const { policy, credentials } = ctx;
    const view = {
      version: ctx.version,
      baseUrl: ctx.baseUrl,
      conductor: this.conductors.alive()[0] ?? null,
      ...(policy && credentials ? { redacted: (node: Node) => redactedFields(policy, credentials, node) } : {}),
    };
    return nodeList(fleet, raw, view, { path: detailPath ? '/v1/nodes/detail' : '/v1/nodes', detailPath, wholeOf: this.nodes.wholeOf });
  }
}

/** Chassis are named by UUID only (Ironic's 400 otherwise). */
/** A chassis body, as a client may send one. */
interface ChassisBody {
  readonly uuid?: string | null;
  readonly description?: string | null;
  readonly extra?: JsonObject | null;
}

/** Ironic's check of a chassis: its schema, then the UUID (`args.schema` and `args.uuid`). */
function checkChassis(body: unknown): ChassisBody {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw badRequest('The request body must be a JSON object.');
  const invalid = schemaErrorFor('chassis', body, CHASSIS_SCHEMA);
  if (invalid) throw badRequest(invalid);
  const { uuid } = body as ChassisBody;
  if (typeof uuid === 'string' && !DASHED_UUID.test(uuid)) throw badRequest(`Expected UUID for uuid: ${uuid}`);
  return body as ChassisBody;
}

function checkUuid(uuid: string): void {
  if (!UUID.test(uuid)) throw badRequest(`Expected UUID for chassis_uuid: ${uuid}`);
}

/** A removed field comes back as `null` (its default), as a top-level `remove` does in Ironic. */
function orNull(value: Json | undefined): Json {
  return value === undefined ? null : value;
}
