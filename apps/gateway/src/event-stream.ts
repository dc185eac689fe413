/**
 * One subscriber's server-sent event stream (`GET /v1/events`). Events come from the store
 * itself: first the history after the subscriber's checkpoint, read page by page, then the live
 * events the projection applies, so nothing the store holds is missed and nothing it does not
 * hold is sent. Each event's `id:` is its global position, so a client that reconnects with
 * `Last-Event-ID` resumes exactly where it stopped.
 *
 * Nothing is buffered without bound: history is read only as fast as the socket drains, and a
 * subscriber too slow for the live events (its socket or its queue over the limits) is
 * disconnected, to resume from its checkpoint.
 */
import { type ServerResponse } from 'node:http';
import { type AppliedEvent, type LiveProjection, NodeReadModel } from '@ironledger/application';
import { toNodeEvent } from '@ironledger/contracts';
import { type EventStore } from '@ironledger/event-store';
import { readFleetAt, redactSecrets, toRelayedEvent } from '@ironledger/lifecycle-events';

export interface EventFilter {
  readonly nodeId?: string;
  readonly types?: ReadonlySet<string>;
  /** Events of nodes that were in, or moved into, this provision state. */
  readonly provisionState?: string;
}

export interface EventStreamOptions {
  /** A comment line this often keeps proxies and clients from timing out (default 15 s). */
  readonly heartbeatMs: number;
  /** Live events waiting for a slow subscriber before it is disconnected (default 10,000). */
  readonly maxQueuedEvents: number;
  /** Bytes waiting in the socket before a subscriber is disconnected (default 1 MiB). */
  readonly maxBufferedBytes: number;
  /** Events read per history page. */
  readonly pageSize: number;
}

export const DEFAULT_STREAM_OPTIONS: EventStreamOptions = { heartbeatMs: 15_000, maxQueuedEvents: 10_000, maxBufferedBytes: 1 << 20, pageSize: 1000 };

type Change = Pick<AppliedEvent, 'recorded' | 'event' | 'before' | 'after'>;

export function matches({ event, before, after }: Change, filter: EventFilter): boolean {
  if (filter.nodeId !== undefined && event.meta.nodeId !== filter.nodeId) return false;
  if (filter.types && !filter.types.has(event.type)) return false;
  const state = filter.provisionState;
  return state === undefined || before?.provision_state === state || after?.provision_state === state;
}

/** An event as one SSE message. */
export function sseMessage({ recorded, event }: Pick<Change, 'recorded' | 'event'>): string {
  return `id: ${recorded.position}\nevent: ${event.type}\ndata: ${JSON.stringify(toRelayedEvent(recorded.position, redactSecrets(event)))}\n\n`;
}

/**
 * Streams events after `from` (a position) matching `filter` into `response` until the client
 * goes away; `headers` are sent with the 200.
 */
export async function streamEvents(
  response: ServerResponse,
  headers: Record<string, string>,
  store: EventStore,
  projection: LiveProjection,
  filter: EventFilter,
  from: number,
  options: EventStreamOptions = DEFAULT_STREAM_OPTIONS,
): Promise<void> {
  let closed = false;
  let wake: () => void = () => undefined;
  const queue: Change[] = [];
  const close = () => {
    if (closed) return;
    closed = true;
    wake();
    response.end();
  };
  response.on('close', close);

  // Listen before reading history, so that the switch from history to live loses nothing.
  const head = projection.readModel.position;
  const stopListening = projection.onEvent((applied) => {
    if (queue.length >= options.maxQueuedEvents) return close();
    queue.push(applied);
    wake();
  });
  const heartbeat = setInterval(() => write(': ping\n\n'), options.heartbeatMs);

  function write(text: string): boolean {
    if (closed) return false;
    const flushed = response.write(text);
    if (!flushed && response.writableLength > options.maxBufferedBytes) close();
    return flushed;
  }
  const drained = () =>
    new Promise<void>((resolve) => {
      const done = () => {
        response.off('drain', done).off('close', done);
        resolve();
      };
      response.once('drain', done).once('close', done);
    });

  try {
    response.writeHead(200, { ...headers, 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache', 'x-accel-buffering': 'no' });
    write('retry: 1000\n\n');
    let last = from;
    // History: only as fast as the client reads it.
    if (last < head) {
      // Provision-state filtering needs each node's state as it was: fold the fleet up to `from` first.
      const fleet = filter.provisionState === undefined ? new NodeReadModel() : await readFleetAt(store, { position: from });
      while (!closed && last < head) {
        const page = await store.readAll({ after: last, limit: options.pageSize });
        for (const recorded of page) {
          if (recorded.position > head || closed) break;
          last = recorded.position;
          const applied = filter.provisionState === undefined ? change(recorded) : fleet.apply(recorded);
          if (applied && matches(applied, filter) && !write(sseMessage(applied))) await drained();
        }
        if (page.length < options.pageSize) break;
      }
    }
    // Live: what the projection applied since `head`.
    while (!closed) {
      const next = queue.shift();
      if (!next) {
        await new Promise<void>((resolve) => (wake = resolve));
        continue;
      }
      if (next.recorded.position <= last) continue;
      last = next.recorded.position;
      if (matches(next, filter)) write(sseMessage(next));
    }
  } finally {
    clearInterval(heartbeat);
    stopListening();
    close();
  }
}

/** A history event without node states (enough when no provision-state filter is asked for). */
function change(recorded: Change['recorded']): Change | undefined {
  const event = toNodeEvent(recorded);
  return event && { recorded, event, before: null, after: null };
}
