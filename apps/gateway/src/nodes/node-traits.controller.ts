import { Body, Controller, Delete, Get, HttpCode, Inject, Param, Put, Query, Res } from '@nestjs/common';
import { type FastifyReply } from 'fastify';
import { type NodeCommand } from '@ironledger/domain';
import { meta } from '../commands.js';
import { type RawQuery } from '../http/collection-query.js';
import { ApiError, badRequest, notAcceptable, routerError } from '../http/errors.js';
import { Ctx, type RequestContext } from '../http/http-context.js';
import { Versions } from '../http/microversion.js';
import { schemaError } from '@ironledger/domain';
import { checkArguments } from '../http/query-args.js';
import { NODE_TRAITS_SCHEMA, TRAIT_SCHEMA } from '../http/schemas.js';
import { BodySchema } from '../openapi/body-schema.js';
import { ResponseBody } from '../openapi/operation-docs.js';
import { NODE_TRAIT_LIST_SCHEMA } from './node-view.schema.js';
import { NodeService } from './node.service.js';

const ONE_OR_ALL =
  'A single node trait may be added via PUT /v1/nodes/<node identifier>/traits/<trait> with no body, ' +
  'or all node traits may be replaced via PUT /v1/nodes/<node identifier>/traits with the list of traits specified in the request body.';

/** Ironic's `/v1/nodes/{node}/traits`: allowed in any provision state, each change a node event. */
@Controller('v1/nodes/:ident/traits')
export class NodeTraitsController {
  constructor(@Inject(NodeService) private readonly nodes: NodeService) {}

  /** Ironic answers 500 for any query parameter here; this refuses them as its other resources do. */
  @Get()
  @ResponseBody('NodeTraitList', NODE_TRAIT_LIST_SCHEMA)
  list(@Param('ident') ident: string, @Query() raw: RawQuery, @Ctx() ctx: RequestContext) {
    if (!ctx.version.atLeast(Versions.NODE_TRAITS)) throw notAcceptable();
    checkArguments(raw, []);
    return { traits: this.nodes.find(ident).traits };
  }

  @Put()
  @HttpCode(204)
  @BodySchema('NodeTraits', NODE_TRAITS_SCHEMA)
  async replace(@Param('ident') ident: string, @Body() body: unknown, @Ctx() ctx: RequestContext): Promise<void> {
    if (!ctx.version.atLeast(Versions.NODE_TRAITS)) throw routerError(405);
    if (body !== undefined) checkSchema('body', body, NODE_TRAITS_SCHEMA);
    const node = this.nodes.find(ident);
    const traits = (body as { traits?: string[] } | undefined)?.traits;
    if (traits === undefined) throw badRequest(ONE_OR_ALL);
    await this.run({ type: 'SetNodeTraits', nodeId: node.uuid, data: { traits }, meta: meta(ctx) });
  }

  @Put(':trait')
  @HttpCode(204)
  @BodySchema('NodeTraits', NODE_TRAITS_SCHEMA)
  async add(@Param('ident') ident: string, @Param('trait') trait: string, @Body() body: unknown, @Ctx() ctx: RequestContext, @Res({ passthrough: true }) reply: FastifyReply): Promise<void> {
    if (!ctx.version.atLeast(Versions.NODE_TRAITS)) throw routerError(405);
    checkSchema('trait', trait, TRAIT_SCHEMA);
    if (body !== undefined) checkSchema('body', body, NODE_TRAITS_SCHEMA);
    const node = this.nodes.find(ident);
    if ((body as { traits?: unknown } | undefined)?.traits !== undefined) throw badRequest(ONE_OR_ALL);
    await this.run({ type: 'AddNodeTrait', nodeId: node.uuid, data: { trait }, meta: meta(ctx) });
    void reply.header('Location', `${ctx.baseUrl}/v1/nodes/${ident}/traits/${trait}`);
  }

  @Delete()
  @HttpCode(204)
  async clear(@Param('ident') ident: string, @Ctx() ctx: RequestContext): Promise<void> {
    if (!ctx.version.atLeast(Versions.NODE_TRAITS)) throw new ApiError(404, 'Resource could not be found.');
    await this.run({ type: 'SetNodeTraits', nodeId: this.nodes.find(ident).uuid, data: { traits: [] }, meta: meta(ctx) });
  }

  @Delete(':trait')
  @HttpCode(204)
  async remove(@Param('ident') ident: string, @Param('trait') trait: string, @Ctx() ctx: RequestContext): Promise<void> {
    if (!ctx.version.atLeast(Versions.NODE_TRAITS)) throw new ApiError(404, 'Resource could not be found.');
    await this.run({ type: 'RemoveNodeTrait', nodeId: this.nodes.find(ident).uuid, data: { trait }, meta: meta(ctx) });
  }

  private async run(command: NodeCommand): Promise<void> {
    await this.nodes.run(command);
  }
}

function checkSchema(name: string, value: unknown, schema: Parameters<typeof schemaError>[1]): void {
  const invalid = schemaError(value, schema);
  if (invalid) throw badRequest(`Schema error for ${name}: ${invalid}`);
}
