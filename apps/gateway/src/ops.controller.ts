import { Controller, Get, HttpCode, Inject, Post, Res } from '@nestjs/common';
import { LiveProjection } from '@ironledger/application';
import { type FastifyReply } from 'fastify';
import { ConductorLink } from './conductor-link.js';

/** Operations endpoints: health, readiness, and the projection's self-check. */
@Controller()
export class OpsController {
  constructor(
    @Inject(LiveProjection) private readonly projection: LiveProjection,
    @Inject(ConductorLink) private readonly conductors: ConductorLink,
  ) {}

  /** The process answers. */
  @Get('healthz')
  health() {
    return { status: 'ok' };
  }

  /** Ready when NATS is connected and the projection follows the log (it caught up before the server started listening). */
  @Get('readyz')
  ready(@Res({ passthrough: true }) reply: FastifyReply) {
    const nats = this.conductors.connected;
    const projection = this.projection.failure === undefined;
    void reply.code(nats && projection ? 200 : 503);
    return { ready: nats && projection, nats, projection, position: this.projection.readModel.position, nodes: this.projection.readModel.size, conductors: this.conductors.alive() };
  }

  /** Rebuilds the read model from the whole log and reports whether it equals the live one (ironledger-specific). */
  @Post('v1/admin/rebuild')
  @HttpCode(200)
  rebuild() {
    return this.projection.rebuild();
  }
}
