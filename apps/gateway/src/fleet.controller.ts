import { Body, Controller, Get, HttpCode, Inject, Param, Post } from '@nestjs/common';
import { checkHeartbeatRequest } from './action-rules.js';
import { GATEWAY_CONFIG, type GatewayConfig } from './config.js';
import { ConductorLink } from './conductor-link.js';
import { HeartbeatDto } from './dto.js';
import { ApiError } from './errors.js';
import { Ctx, type RequestContext } from './http-context.js';
import { Versions } from './microversion.js';
import { NodeService } from './node-service.js';
import { resourceLinks } from './node-view.js';
import { ValidBody } from './validation.js';

/** The conductor fleet as the API shows it: drivers, conductors, and the ramdisk heartbeat. */
@Controller('v1')
export class FleetController {
  constructor(
    @Inject(ConductorLink) private readonly conductors: ConductorLink,
    @Inject(NodeService) private readonly nodes: NodeService,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  /** Hardware types served by live conductors (none listed while no conductor is alive, as in Ironic). */
  @Get('drivers')
  drivers(@Ctx() ctx: RequestContext) {
    const hosts = this.conductors.alive();
    if (hosts.length === 0) return { drivers: [] };
    return {
      drivers: this.config.drivers.map((name) => ({
        name,
        hosts,
        links: resourceLinks(ctx.baseUrl, `drivers/${name}`),
        ...(ctx.version.atLeast(Versions.STATES_LINKS) && { properties: resourceLinks(ctx.baseUrl, `drivers/${name}/properties`) }),
        ...(ctx.version.atLeast(Versions.DYNAMIC_DRIVERS) && { type: 'dynamic' }),
      })),
    };
  }

  @Get('conductors')
  list(@Ctx() ctx: RequestContext) {
    if (!ctx.version.atLeast(Versions.CONDUCTORS)) throw new ApiError(404, 'The resource could not be found.');
    return {
      conductors: this.conductors.alive().map((hostname) => ({ hostname, conductor_group: '', links: resourceLinks(ctx.baseUrl, `conductors/${hostname}`), alive: true })),
    };
  }

  /** A ramdisk agent reports in (Ironic's `POST /v1/heartbeat/{node_ident}`). */
  @Post('heartbeat/:ident')
  @HttpCode(202)
  async heartbeat(@Param('ident') ident: string, @Body(new ValidBody(HeartbeatDto)) body: HeartbeatDto, @Ctx() ctx: RequestContext): Promise<void> {
    checkHeartbeatRequest(body, ctx.version);
    await this.nodes.heartbeat(ident, ctx);
  }
}
