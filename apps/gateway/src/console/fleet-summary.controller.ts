import { Controller, Get, Inject, Query } from '@nestjs/common';
import { LiveProjection } from '@ironledger/application';
import { type EventStore } from '@ironledger/event-store';
import { AuditService } from '../audit/audit.service.js';
import { type RawQuery } from '../http/collection-query.js';
import { badRequest } from '../http/errors.js';
import { inProject } from '../http/access.js';
import { Ctx, type RequestContext } from '../http/http-context.js';
import { QUERY_VALUE, QueryParameters, ResponseBody } from '../openapi/operation-docs.js';
import { EVENT_STORE } from '../tokens.js';
import { type FleetSummary } from '@ironledger/contracts';
import { fleetSummary } from './fleet-summary.js';
import { FLEET_SUMMARY_SCHEMA } from './fleet-summary.schema.js';

/** `GET /v1/fleet` (ironledger's): the fleet's counts now, or with `?at=<position | ISO time>` as they were then; a project's own nodes only for a caller held to one. */
@Controller('v1')
export class FleetSummaryController {
  /** The first event's time never changes once there is one. */
  private since: string | null = null;

  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(LiveProjection) private readonly projection: LiveProjection,
    @Inject(AuditService) private readonly audit: AuditService,
  ) {}

  @Get('fleet')
  @QueryParameters([{ name: 'at', description: 'The counts as they were at this event-log position or ISO 8601 instant.', schema: QUERY_VALUE.string }])
  @ResponseBody('FleetSummary', FLEET_SUMMARY_SCHEMA)
  async summary(@Query() { at, ...rest }: RawQuery, @Ctx() ctx: RequestContext): Promise<FleetSummary> {
    const unexpected = Object.keys(rest);
    if (unexpected.length > 0) throw badRequest(`Unexpected arguments: ${unexpected.join(', ')}`);
    if (at !== undefined && typeof at !== 'string') throw badRequest('at must be given once');
    // Past counts fold the log up to the instant (as `GET /v1/nodes?at=` does); current ones read the live model.
    const model = at === undefined ? this.projection.readModel : await this.audit.modelAt(at);
    // A caller held to one project counts only the nodes it owns or leases (then, for `?at=`).
    const nodes = ctx.listProject === undefined ? model.summaries() : model.summaries().filter((node) => inProject(ctx.listProject, node));
    return fleetSummary(nodes, model.position, await this.firstEventAt());
  }

  private async firstEventAt(): Promise<string | null> {
    if (this.since === null) {
      const [first] = await this.store.readAll({ after: 0, limit: 1 });
      this.since = first ? String(first.metadata.at ?? first.recordedAt) : null;
    }
    return this.since;
  }
}
