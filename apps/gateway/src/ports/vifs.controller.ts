import { Body, Controller, Delete, Get, HttpCode, Inject, Param, Post } from '@nestjs/common';
import { attachedVifs, type AttachVif } from '@ironledger/domain';
import { meta } from '../commands.js';
import { badRequest, routerError } from '../http/errors.js';
import { Ctx, type RequestContext } from '../http/http-context.js';
import { uuidOrNameArg } from '../http/ironic-args.js';
import { Versions } from '../http/microversion.js';
import { type Schema, schemaErrorFor } from '@ironledger/domain';
import { NodeService } from '../nodes/node.service.js';
import { BodySchema } from '../openapi/body-schema.js';
import { ResponseBody } from '../openapi/operation-docs.js';

/** Choosing the port or port group came with API 1.67. */
const VIF_PORT_CHOICE = 67;

/** `POST /v1/nodes/{id}/vifs`: the VIF's `id`; other members pass (`port_uuid` or `portgroup_uuid` choose where it binds). */
const VIF_SCHEMA: Schema = { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] };

/** `GET /v1/nodes/{id}/vifs`: the VIFs attached, by id. */
const VIF_LIST_SCHEMA: Schema = {
  type: 'object',
  properties: { vifs: { type: 'array', items: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'], additionalProperties: false } } },
  required: ['vifs'],
  additionalProperties: false,
};

/**
 * Ironic's `/v1/nodes/{id}/vifs`: what the node's network interface binds (nothing with
 * `noop`; with `flat`, a port or port group per VIF, see the domain's `decide/vifs.ts`).
 */
@Controller('v1/nodes/:ident/vifs')
export class VifsController {
  constructor(@Inject(NodeService) private readonly nodes: NodeService) {}

  @Get()
  @ResponseBody('VifList', VIF_LIST_SCHEMA)
  list(@Param('ident') ident: string, @Ctx() ctx: RequestContext) {
    requireVifs(ctx);
    return { vifs: attachedVifs(this.nodes.find(ident)).map((id) => ({ id })) };
  }

  @Post()
  @HttpCode(204)
  @BodySchema('Vif', VIF_SCHEMA)
  async attach(@Param('ident') ident: string, @Body() body: unknown, @Ctx() ctx: RequestContext): Promise<void> {
    requireVifs(ctx);
    const error = schemaErrorFor('vif', body, VIF_SCHEMA);
    if (error || body === null || body === undefined) throw badRequest(error ?? "Schema error for vif: None is not of type 'object'");
    const info = body as Record<string, unknown>;
    const vif = uuidOrNameArg('id', info.id as string);
    const node = this.nodes.find(ident);
    if (ctx.version.atLeast(VIF_PORT_CHOICE) && 'port_uuid' in info && 'portgroup_uuid' in info) throw badRequest('Cannot specify both port_uuid and portgroup_uuid');
    const data: AttachVif['data'] = { vif, ...chosen(info, 'port_uuid'), ...chosen(info, 'portgroup_uuid') };
    await this.nodes.run({ type: 'AttachVif', nodeId: node.uuid, data, meta: meta(ctx) });
  }

  @Delete(':vif')
  @HttpCode(204)
  async detach(@Param('ident') ident: string, @Param('vif') vif: string, @Ctx() ctx: RequestContext): Promise<void> {
    requireVifs(ctx);
    uuidOrNameArg('vif_id', vif);
    const node = this.nodes.find(ident);
    await this.nodes.run({ type: 'DetachVif', nodeId: node.uuid, data: { vif }, meta: meta(ctx) });
  }
}

/** `/v1/nodes/{id}/vifs` below 1.28: the router's 404. */
function requireVifs(ctx: RequestContext): void {
  if (!ctx.version.atLeast(Versions.VIFS)) throw routerError(404);
}

/** The port or port group asked for in the VIF's information (Ironic ignores an empty one and matches any other as it is). */
function chosen(info: Record<string, unknown>, key: 'port_uuid' | 'portgroup_uuid'): Partial<AttachVif['data']> {
  const value = info[key];
  return value ? { [key]: String(value) } : {};
}
