import { Controller, Get, Headers, Inject, Logger, Param, Query, Res } from '@nestjs/common';
import { type FastifyReply } from 'fastify';
import { LiveProjection, toNodeEvent } from '@ironledger/application';
import { type ResourceKind } from '@ironledger/contracts';
import { ALLOCATION_EVENT_TYPES, CHASSIS_EVENT_TYPES, DEPLOY_TEMPLATE_EVENT_TYPES, NODE_EVENT_TYPES, PROVISION_STATES } from '@ironledger/domain';
import { type EventStore } from '@ironledger/event-store';
import { nodeHistory, positioned, redactSecrets, toIronicHistory, toRelayedEvent } from '@ironledger/lifecycle-events';
import { AuditService } from './audit.service.js';
import { EVENT_PAGE_SCHEMA, EVENT_STREAM_SCHEMA } from './event-log-view.schema.js';
import { HISTORY_RECORD_SCHEMA, HISTORY_SCHEMA } from './history-view.schema.js';
import { QUERY_VALUE, type QueryParameter, QueryParameters, ResponseBody } from '../openapi/operation-docs.js';
import { ApiError, badRequest } from '../http/errors.js';
import { type EventFilter, streamEvents } from './event-stream.js';
import { Ctx, type RequestContext } from '../http/http-context.js';
import { Versions } from '../http/microversion.js';
import { eventReach } from '../http/access.js';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config.js';
import { GatewayMetrics } from '../observability/gateway-metrics.js';
import { EVENT_STORE } from '../tokens.js';

const MAX_EVENTS_PAGE = 1000;

/** The query of a page of a resource's log. */
const EVENT_PAGE_PARAMETERS: readonly QueryParameter[] = [
  { name: 'after', description: 'A position in the log: the page starts after it (default 0, the beginning).', schema: QUERY_VALUE.integer },
  { name: 'limit', description: `At most this many events (1 to ${MAX_EVENTS_PAGE}, the default).`, schema: QUERY_VALUE.integer },
];

/**
 * Where ironledger goes beyond Ironic: lifecycle events for subscribers (server-sent events),
 * every node's complete history (in Ironic's 1.78 shape, never pruned) and raw event log, and
 * node and fleet state at any past instant. These read the store itself: history is the log.
 */
@Controller('v1')
export class AuditController {
  private readonly logger = new Logger('events');
  /** Event streams open now. */
  private streams = 0;

  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(LiveProjection) private readonly projection: LiveProjection,
    @Inject(AuditService) private readonly audit: AuditService,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
    @Inject(GatewayMetrics) private readonly metrics: GatewayMetrics,
  ) {}

  /**
   * `GET /v1/events`: server-sent events, filtered by `node` (uuid or name), `type` (comma
   * separated event types) and `provision_state`; from `Last-Event-ID` or `?from=` (a position;
   * default: only what happens from now on). A Keystone caller without `baremetal:node:list_all`
   * sees only its project's nodes' events (see `EventReach`). At most EVENTS_MAX_CLIENTS streams at once (429
   * beyond); a store that cannot answer the first read gets 503.
   */
  @Get('events')
  @ResponseBody('EventStream', EVENT_STREAM_SCHEMA, 'text/event-stream')
  @QueryParameters([
    { name: 'node', description: 'Only this node’s events (its UUID or name).', schema: QUERY_VALUE.string },
    { name: 'type', description: 'Only events of these types (comma-separated).', schema: QUERY_VALUE.list },
    { name: 'provision_state', description: 'Only events of nodes that were in this provision state before or after them.', schema: QUERY_VALUE.string },
    { name: 'from', description: 'A position in the log to replay from (as `Last-Event-ID`); without it, only what happens from now on.', schema: QUERY_VALUE.integer },
  ])
  async events(@Query() query: Record<string, unknown>, @Headers('last-event-id') lastEventId: string | undefined, @Res() reply: FastifyReply, @Ctx() ctx: RequestContext): Promise<void> {
    // A caller held to one project (see `eventFeed`) gets only what its project may see.
    const reach = ctx.listProject !== undefined && ctx.policy && ctx.credentials ? eventReach(ctx.policy, ctx.credentials, ctx.listProject) : undefined;
    const filter = { ...this.eventFilter(query), ...(reach ? { reach } : {}) };
    const from = position(lastEventId ?? query.from, 'from') ?? this.projection.readModel.position;
    if (this.streams >= this.config.events.maxClients) {
      void reply.header('Retry-After', '5');
      throw new ApiError(429, `Too many event streams are open (${this.config.events.maxClients}); retry later.`);
    }
    this.streams++;
    this.metrics.eventStreams.inc();
    try {
      await streamEvents(reply.raw, reply.getHeaders() as Record<string, string>, this.store, this.projection, filter, from, {
        start: () => reply.hijack(),
        onError: (error) => this.logger.warn(`an event stream ended: ${(error as Error).message}`),
      });
    } finally {
      this.streams--;
      this.metrics.eventStreams.dec();
    }
  }

  /** `GET /v1/nodes/{ident}/history` (1.78): every event of the node, oldest first; `detail=true` for every field. */
  @Get('nodes/:ident/history')
  @QueryParameters([{ name: 'detail', description: 'Every field of each record (`true` or `True`).', schema: QUERY_VALUE.boolean }])
  @ResponseBody('NodeHistory', HISTORY_SCHEMA)
  async history(@Param('ident') ident: string, @Query('detail') detail: unknown, @Ctx() ctx: RequestContext) {
    requireHistoryVersion(ctx);
    const { nodeId, events } = await this.audit.stream(ident);
    const records = toIronicHistory(nodeHistory(positioned(events)));
    const link = (uuid: string) => [{ href: `${ctx.baseUrl}/v1/nodes/${nodeId}/history/${uuid}`, rel: 'self' }];
    return {
      history: records.map((record) =>
        detail === 'true' || detail === 'True' ? { ...record, links: link(record.uuid) } : { uuid: record.uuid, created_at: record.created_at, severity: record.severity, event: record.event, links: link(record.uuid) },
      ),
    };
  }

  /** `GET /v1/nodes/{ident}/history/{uuid}` (1.78): one history record, every field. */
  @Get('nodes/:ident/history/:record')
  @ResponseBody('NodeHistoryRecord', HISTORY_RECORD_SCHEMA)
  async historyRecord(@Param('ident') ident: string, @Param('record') record: string, @Ctx() ctx: RequestContext) {
    requireHistoryVersion(ctx);
    const { nodeId, events } = await this.audit.stream(ident);
    const found = toIronicHistory(nodeHistory(positioned(events))).find((r) => r.uuid === record);
    if (!found) throw new ApiError(404, `Node history record ${record} could not be found.`);
    return { ...found, links: [{ href: `${ctx.baseUrl}/v1/nodes/${nodeId}/history/${record}`, rel: 'self' }] };
  }

  /** `GET /v1/nodes/{ident}/events?after=&limit=`: the node's raw event log with who, why and when, secrets masked. */
  @Get('nodes/:ident/events')
  @ResponseBody('EventPage', EVENT_PAGE_SCHEMA)
  @QueryParameters(EVENT_PAGE_PARAMETERS)
  async nodeEvents(@Param('ident') ident: string, @Query() query: Record<string, unknown>, @Ctx() ctx: RequestContext) {
    const after = position(query.after, 'after') ?? 0;
    const limit = position(query.limit, 'limit') ?? MAX_EVENTS_PAGE;
    if (limit < 1 || limit > MAX_EVENTS_PAGE) throw badRequest(`limit must be from 1 to ${MAX_EVENTS_PAGE}`);
    const { nodeId, events: all } = await this.audit.stream(ident);
    const stream = all.filter((recorded) => recorded.position > after);
    const page = stream.slice(0, limit);
    const events = page.flatMap((recorded) => {
      const event = toNodeEvent(recorded);
      return event ? [{ ...toRelayedEvent(recorded.position, 'node', redactSecrets(event)), revision: recorded.revision, recorded_at: recorded.recordedAt }] : [];
    });
    const next = stream.length > limit ? `${ctx.baseUrl}/v1/nodes/${nodeId}/events?after=${page.at(-1)!.position}&limit=${limit}` : undefined;
    return { events, ...(next ? { next } : {}) };
  }

  /** `GET /v1/{chassis | allocations | deploy_templates}/{uuid}/events?after=&limit=`: the raw log of a resource other than a node. */
  @Get(':collection/:uuid/events')
  @ResponseBody('EventPage', EVENT_PAGE_SCHEMA)
  @QueryParameters(EVENT_PAGE_PARAMETERS)
  async resourceEvents(@Param('collection') collection: string, @Param('uuid') uuid: string, @Query() query: Record<string, unknown>, @Ctx() ctx: RequestContext) {
    const kind = KIND_OF_COLLECTION[collection];
    if (!kind) throw new ApiError(404, 'The resource could not be found.');
    const after = position(query.after, 'after') ?? 0;
    const limit = position(query.limit, 'limit') ?? MAX_EVENTS_PAGE;
    if (limit < 1 || limit > MAX_EVENTS_PAGE) throw badRequest(`limit must be from 1 to ${MAX_EVENTS_PAGE}`);
    const { events, next } = await this.audit.resourceEvents(kind, uuid, after, limit);
    return { events, ...(next !== undefined ? { next: `${ctx.baseUrl}/v1/${collection}/${uuid}/events?after=${next}&limit=${limit}` } : {}) };
  }

  private eventFilter(query: Record<string, unknown>): EventFilter {
    const text = (name: string) => {
      const value = query[name];
      if (value !== undefined && typeof value !== 'string') throw badRequest(`${name} must be given once`);
      return value;
    };
    const node = text('node');
    const types = text('type')?.split(',').map((t) => t.trim()).filter(Boolean);
    const provisionState = text('provision_state');
    for (const type of types ?? []) if (!EVENT_TYPES.includes(type)) throw badRequest(`Unknown event type "${type}"; known: ${EVENT_TYPES.join(', ')}`);
    if (provisionState !== undefined && !(PROVISION_STATES as readonly string[]).includes(provisionState)) throw badRequest(`Unknown provision state "${provisionState}"`);
    const nodeId = node === undefined ? undefined : this.projection.readModel.get(node)?.uuid;
    if (node !== undefined && !nodeId) throw new ApiError(404, `Node ${node} could not be found.`);
    return { nodeId, types: types && types.length > 0 ? new Set(types) : undefined, provisionState };
  }
}

/** The collections whose resources are aggregates of their own, by URL segment. */
const KIND_OF_COLLECTION: Readonly<Record<string, ResourceKind>> = { chassis: 'chassis', allocations: 'allocation', deploy_templates: 'deploy_template' };

/** Every event type a subscriber may filter on. */
const EVENT_TYPES: readonly string[] = [...NODE_EVENT_TYPES, ...CHASSIS_EVENT_TYPES, ...ALLOCATION_EVENT_TYPES, ...DEPLOY_TEMPLATE_EVENT_TYPES];

function requireHistoryVersion(ctx: RequestContext): void {
  if (!ctx.version.atLeast(Versions.NODE_HISTORY)) throw new ApiError(404, 'The resource could not be found.');
}

/** A non-negative integer query value (positions, limits), or `undefined` when absent. */
function position(value: unknown, name: string): number | undefined {
  if (value === undefined || value === '') return undefined;
  const number = typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : NaN;
  if (!Number.isSafeInteger(number)) throw badRequest(`${name} must be a non-negative integer (a position in the event log), not ${JSON.stringify(value)}`);
  return number;
}
