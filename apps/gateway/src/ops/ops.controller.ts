import { Controller, Get, HttpCode, Inject, Post, Res } from '@nestjs/common';
import { LiveProjection } from '@ironledger/application';
import { type EventStore } from '@ironledger/event-store';
import { type FastifyReply } from 'fastify';
import { ConductorLink } from '../conductor-link.js';
import { ResponseBody } from '../openapi/operation-docs.js';
import { EVENT_STORE } from '../tokens.js';
import { HEALTH_SCHEMA, READINESS_SCHEMA, REBUILD_SCHEMA } from './ops-view.schema.js';

/** How long readiness waits for the store's answer, and then for the read model to reach it. */
const READINESS_WAIT_MS = 1000;

/** Operations endpoints: health, readiness, and the projection's self-check. */
@Controller()
export class OpsController {
  constructor(
    @Inject(LiveProjection) private readonly projection: LiveProjection,
    @Inject(ConductorLink) private readonly conductors: ConductorLink,
    @Inject(EVENT_STORE) private readonly store: EventStore,
  ) {}

  /** The process answers. */
  @Get('healthz')
  @ResponseBody('Health', HEALTH_SCHEMA)
  health() {
    return { status: 'ok' };
  }

  /**
   * Ready when NATS is connected (not reconnecting), the projection follows the log, and the read
   * model has caught up with the store: it reaches, within a second, the last position the store
   * reports now (so that reads agree with the store; under load it is a few milliseconds behind).
   */
  @Get('readyz')
  @ResponseBody('Readiness', READINESS_SCHEMA)
  async ready(@Res({ passthrough: true }) reply: FastifyReply) {
    const nats = this.conductors.connected;
    const projection = this.projection.failure === undefined;
    const caughtUp = nats && projection && (await this.caughtUp());
    const ready = nats && projection && caughtUp;
    void reply.code(ready ? 200 : 503);
    return { ready, nats, projection, caught_up: caughtUp, position: this.projection.readModel.position, nodes: this.projection.readModel.size, conductors: this.conductors.alive() };
  }

  /** Rebuilds the read model from the whole log and reports whether it equals the live one (ironledger-specific). */
  @Post('v1/admin/rebuild')
  @HttpCode(200)
  @ResponseBody('RebuildReport', REBUILD_SCHEMA)
  rebuild() {
    return this.projection.rebuild();
  }

  private async caughtUp(): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined;
    try {
      const last = await Promise.race([
        this.store.lastPosition(),
        new Promise<never>((_resolve, reject) => (timer = setTimeout(() => reject(new Error('the store did not answer')), READINESS_WAIT_MS))),
      ]);
      return await this.projection.waitFor(last, READINESS_WAIT_MS);
    } catch {
      return false;
    } finally {
      clearTimeout(timer);
    }
  }
}
