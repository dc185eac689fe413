import { randomBytes } from 'node:crypto';
import { Body, Controller, Get, HttpCode, Inject, Param, Post, Query } from '@nestjs/common';
import { agentBootsFromVirtualMedia, type Node, REDACTED } from '@ironledger/domain';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config.js';
import { ConductorLink } from '../conductor-link.js';
import { AgentFloodGuard } from './agent-flood.js';
import { checkArgs } from '../http/args.js';
import { ApiError } from '../http/errors.js';
import { Ctx, type RequestContext } from '../http/http-context.js';
import { Versions } from '../http/microversion.js';
import { checkHeartbeatRequest } from '../nodes/action-rules.js';
import { NodeService } from '../nodes/node.service.js';
import { nodeView } from '../nodes/node.view.js';
import { BodySchema } from '../openapi/body-schema.js';
import { QUERY_VALUE, QueryParameters, ResponseBody } from '../openapi/operation-docs.js';
import { type Heartbeat, HEARTBEAT_ARGS, HEARTBEAT_SCHEMA } from './agent.dto.js';
import { findLookupNode, LOOKUP_SCHEMA, lookupConfig, RAMDISK_NOT_FOUND } from './lookup.js';

/** The API a ramdisk agent calls: look-up, then heartbeats. Both are public, as in Ironic. */
@Controller('v1')
export class AgentController {
  private readonly floods: AgentFloodGuard;

  constructor(
    @Inject(NodeService) private readonly nodes: NodeService,
    @Inject(ConductorLink) private readonly conductors: ConductorLink,
    @Inject(GATEWAY_CONFIG) config: GatewayConfig,
  ) {
    this.floods = new AgentFloodGuard(config.agentFlood);
  }

  /**
   * `GET /v1/lookup?addresses=&node_uuid=`: the node a booted ramdisk runs on, found by a port's
   * MAC or its UUID, only while a ramdisk may run on it. From 1.62 the first look-up of a
   * ramdisk's boot issues the agent's token; later ones see it masked. A token of the conductor's
   * virtual-media boot came with its boot medium: its look-ups only ever see it masked. Whatever the read model
   * shows settled is answered from it, without a command.
   */
  @Get('lookup')
  @QueryParameters([
    { name: 'addresses', description: 'Comma-separated MAC addresses of the ramdisk’s interfaces.', schema: QUERY_VALUE.list },
    { name: 'node_uuid', description: 'The node’s UUID, when the ramdisk knows it.', schema: QUERY_VALUE.uuid },
  ])
  @ResponseBody('Lookup', LOOKUP_SCHEMA)
  async lookup(@Query('addresses') addresses: string | undefined, @Query('node_uuid') nodeUuid: string | undefined, @Ctx() ctx: RequestContext) {
    if (!ctx.version.atLeast(Versions.RAMDISK_ENDPOINTS)) throw new ApiError(404, RAMDISK_NOT_FOUND);
    let node: Node = await this.floods.guard(ctx.client ?? '', () => findLookupNode(addresses, nodeUuid, this.nodes));
    // Below 1.62 no token is issued; one issued to an earlier look-up is never shown again.
    let token = node.agent?.token ? REDACTED : null;
    if (ctx.version.atLeast(Versions.AGENT_TOKEN) && !node.agent?.token && !agentBootsFromVirtualMedia(node)) {
      const issued = randomBytes(32).toString('base64url');
      node = await this.nodes.issueAgentToken(node.uuid, issued, ctx);
      token = node.agent?.token === issued ? issued : REDACTED;
    }
    const view = nodeView(node, { version: ctx.version, baseUrl: ctx.baseUrl, conductor: this.conductors.alive()[0] ?? null, agentLastHeartbeat: (found) => this.conductors.lastAgentHeartbeat(found) }, ['uuid', 'properties', 'instance_info', 'driver_internal_info', 'links']);
    return { node: view, config: lookupConfig(token) };
  }

  /** A ramdisk agent reports in (Ironic's `POST /v1/heartbeat/{node_ident}`). */
  @Post('heartbeat/:ident')
  @HttpCode(202)
  @BodySchema('Heartbeat', HEARTBEAT_SCHEMA)
  async heartbeat(@Param('ident') ident: string, @Body() body: unknown, @Ctx() ctx: RequestContext): Promise<void> {
    // Refused from the read model (the trial decision) before any command reaches a conductor.
    await this.floods.guard(ctx.client ?? '', async () => {
      const beat = checkArgs(body, HEARTBEAT_ARGS) as unknown as Heartbeat;
      checkHeartbeatRequest(beat, ctx.version);
      this.conductors.agentHeartbeatTaken(await this.nodes.heartbeat(ident, beat, ctx));
    });
  }
}
