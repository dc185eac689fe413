import { Body, Controller, HttpCode, Inject, Param, Post } from '@nestjs/common';
import { Ctx, type RequestContext } from '../http/http-context.js';
import { ValidBody } from '../http/validation.js';
import { checkHeartbeatRequest } from '../nodes/action-rules.js';
import { NodeService } from '../nodes/node-service.js';
import { HeartbeatDto } from './dto.js';

/** The API a ramdisk agent calls. */
@Controller('v1')
export class AgentController {
  constructor(@Inject(NodeService) private readonly nodes: NodeService) {}

  /** A ramdisk agent reports in (Ironic's `POST /v1/heartbeat/{node_ident}`). */
  @Post('heartbeat/:ident')
  @HttpCode(202)
  async heartbeat(@Param('ident') ident: string, @Body(new ValidBody(HeartbeatDto)) body: HeartbeatDto, @Ctx() ctx: RequestContext): Promise<void> {
    checkHeartbeatRequest(body, ctx.version);
    await this.nodes.heartbeat(ident, ctx);
  }
}
