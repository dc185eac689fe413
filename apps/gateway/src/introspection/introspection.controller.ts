import { Body, Controller, Get, HttpCode, Inject, Param, Post, Query } from '@nestjs/common';
import { Ctx, type RequestContext } from '../http/http-context.js';
import { parseIntrospectionData } from './introspection.dto.js';
import { IntrospectionService } from './introspection.service.js';
import { CONTINUE_SCHEMA, INTROSPECTION_LIST_SCHEMA, INTROSPECTION_STATUS_SCHEMA } from './introspection-view.schema.js';
import { INTROSPECTION_LIST_PARAMETERS, introspectionStatus, parseIntrospectionQuery, selectIntrospections } from './introspection.view.js';
import { NodeService } from '../nodes/node.service.js';
import { QueryParameters, ResponseBody } from '../openapi/operation-docs.js';

/** ironic-inspector's API: the ramdisk's callback and the introspection statuses. */
@Controller('v1')
export class IntrospectionController {
  constructor(
    @Inject(IntrospectionService) private readonly introspection: IntrospectionService,
    @Inject(NodeService) private readonly nodes: NodeService,
  ) {}

  /** A ramdisk posts the hardware it found (the inspector's `POST /v1/continue`). */
  @Post('continue')
  @HttpCode(200)
  @ResponseBody('IntrospectionContinued', CONTINUE_SCHEMA)
  continue(@Body() body: unknown, @Ctx() ctx: RequestContext) {
    return this.introspection.continue(parseIntrospectionData(body), ctx);
  }

  /** Every introspection status, newest first, with `marker` and `limit`. */
  @Get('introspection')
  @QueryParameters(INTROSPECTION_LIST_PARAMETERS)
  @ResponseBody('IntrospectionList', INTROSPECTION_LIST_SCHEMA)
  list(@Query() query: Record<string, unknown>, @Ctx() ctx: RequestContext) {
    const page = selectIntrospections(this.nodes.all(), parseIntrospectionQuery(query));
    return { introspection: page.map((node) => introspectionStatus(node.uuid, node.introspection, ctx.baseUrl)) };
  }

  @Get('introspection/:ident')
  @ResponseBody('IntrospectionStatus', INTROSPECTION_STATUS_SCHEMA)
  show(@Param('ident') ident: string, @Ctx() ctx: RequestContext) {
    const { node, record } = this.introspection.status(ident);
    return introspectionStatus(node.uuid, record, ctx.baseUrl);
  }

  /** Starts introspection: the node's `inspect` verb (the inspector's `POST /v1/introspection/{node}`). */
  @Post('introspection/:ident')
  @HttpCode(202)
  async start(@Param('ident') ident: string, @Ctx() ctx: RequestContext): Promise<void> {
    await this.nodes.requestProvisionAction(this.nodes.find(ident), { target: 'inspect' }, ctx);
  }

  /** Aborts a running introspection: the node's `abort` verb. */
  @Post('introspection/:ident/abort')
  @HttpCode(202)
  async abort(@Param('ident') ident: string, @Ctx() ctx: RequestContext): Promise<void> {
    await this.nodes.requestProvisionAction(this.nodes.find(ident), { target: 'abort' }, ctx);
  }
}
