import { type LiveProjection } from '@ironledger/application';
import { type EventStore } from '@ironledger/event-store';
import { Counter, Gauge, Histogram, type Registry } from 'prom-client';
import { type LastHeartbeat, registerFleetGauges } from './fleet-gauges.js';

/** How long a scrape waits for the store's last position before reporting the lag as unknown. */
const LAG_TIMEOUT_MS = 500;

type HttpLabels = 'method' | 'route' | 'status';

/** What the gateway measures, for Prometheus (`GET /metrics` on its HTTP port). */
export class GatewayMetrics {
  private readonly httpRequests: Counter<HttpLabels>;
  private readonly httpDuration: Histogram<HttpLabels>;
  /** `GET /v1/events` streams open now. */
  readonly eventStreams: Gauge;
  /** A command's or a hardware query's request to a conductor until its reply, by message type and result (`ok` or the error type). */
  readonly conductorRoundTrip: Histogram<'type' | 'result'>;

  constructor(
    readonly registry: Registry,
    store: Pick<EventStore, 'lastPosition'>,
    projection: Pick<LiveProjection, 'readModel'>,
    { stuckNodeThresholdS = 3600, lastHeartbeat }: { readonly stuckNodeThresholdS?: number; readonly lastHeartbeat?: LastHeartbeat } = {},
  ) {
    const registers = [registry];
    this.httpRequests = new Counter({ name: 'ironledger_gateway_http_requests_total', help: 'HTTP requests answered, by method, route pattern (`unmatched`: no route) and status.', labelNames: ['method', 'route', 'status'], registers });
    this.httpDuration = new Histogram({
      name: 'ironledger_gateway_http_request_duration_seconds',
      help: 'HTTP requests from arrival until the response was sent (for GET /v1/events: while the stream was open), by method, route pattern and status.',
      labelNames: ['method', 'route', 'status'],
      buckets: [0.001, 0.005, 0.025, 0.1, 0.5, 2.5, 10],
      registers,
    });
    this.eventStreams = new Gauge({ name: 'ironledger_gateway_event_streams', help: 'Server-sent event streams (GET /v1/events) open now.', registers });
    this.conductorRoundTrip = new Histogram({
      name: 'ironledger_gateway_conductor_round_trip_seconds',
      help: 'Commands and hardware queries from request to a conductor until its reply, by message type and result (ok or the error type, `unavailable` when no conductor answered).',
      labelNames: ['type', 'result'],
      buckets: [0.005, 0.025, 0.1, 0.5, 2.5, 10],
      registers,
    });
    new Gauge({
      name: 'ironledger_gateway_read_model_lag_events',
      help: `Events the store holds that the read model has not applied yet, sampled at scrape time (NaN when the store does not answer within ${LAG_TIMEOUT_MS} ms).`,
      registers,
      async collect() {
        this.set(await readModelLag(store, projection, LAG_TIMEOUT_MS));
      },
    });
    new Gauge({
      name: 'ironledger_gateway_read_model_nodes',
      help: 'Nodes in the read model, by how they are held: whole, or packed (READ_MODEL_WHOLE_NODES).',
      labelNames: ['held'],
      registers,
      collect() {
        const { size, packedNodes } = projection.readModel;
        this.set({ held: 'whole' }, size - packedNodes);
        this.set({ held: 'packed' }, packedNodes);
      },
    });
    registerFleetGauges(registry, { summaries: () => projection.readModel.summaries() }, { stuckAfterS: stuckNodeThresholdS, lastHeartbeat });
  }

  /** Counts one answered HTTP request that took `seconds`. */
  observeRequest(method: string, route: string, status: number, seconds: number): void {
    const labels = { method, route, status };
    this.httpRequests.inc(labels);
    this.httpDuration.observe(labels, seconds);
  }
}

/**
 * How many events the read model is behind the store's last position now, or NaN when the store
 * does not tell within `timeoutMs` (a scrape must not hang on it, nor report a lag it does not know).
 */
export async function readModelLag(store: Pick<EventStore, 'lastPosition'>, projection: Pick<LiveProjection, 'readModel'>, timeoutMs: number): Promise<number> {
  let timer: NodeJS.Timeout | undefined;
  try {
    const last = await Promise.race([store.lastPosition(), new Promise<undefined>((resolve) => (timer = setTimeout(() => resolve(undefined), timeoutMs)))]);
    return last === undefined ? NaN : Math.max(0, last - projection.readModel.position);
  } catch {
    return NaN;
  } finally {
    clearTimeout(timer);
  }
}
