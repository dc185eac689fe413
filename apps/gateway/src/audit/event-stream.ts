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
import { type AppliedEvent, type LiveProjection, FleetReadModel } from '@ironledger/application';
import { toResourceEvent } from '@ironledger/application';
import { type EventStore, type RecordedEvent } from '@ironledger/event-store';
import { readFleetAt, redactSecrets, toRelayedEvent } from '@ironledger/lifecycle-events';

/**
 * What a caller held to one project sees of the feed. A node's event is judged by the node's
 * owner and lessee after it (before it, for the deletion): a node given to another project shows
 * the change of owner, and what follows, to the new owner only.
 */
export interface EventReach {
  readonly project: string;
  /** Kinds the caller sees every event of (their rules do not depend on an owner). */
  readonly everyOf: ReadonlySet<Change['kind']>;
  /** Whether it sees the events of the allocations its project owns. */
  readonly ownAllocations: boolean;
}

export interface EventFilter {
  readonly nodeId?: string;
  readonly types?: ReadonlySet<string>;
  /** Events of nodes that were in, or moved into, this provision state. */
  readonly provisionState?: string;
  /** Set for a caller who may see only its project's resources; absent, every event passes. */
  readonly reach?: EventReach;
}

export interface EventStreamOptions {
  /** A comment line this often keeps proxies and clients from timing out (default 15 s). */
  readonly heartbeatMs: number;
  /** Live events waiting for a slow subscriber before it is disconnected (default 1,000). */
  readonly maxQueuedEvents: number;
  /** Bytes waiting in the socket before a subscriber is disconnected (default 256 KiB). */
  readonly maxBufferedBytes: number;
  /** Events read per history page. */
  readonly pageSize: number;
}

export const DEFAULT_STREAM_OPTIONS: EventStreamOptions = { heartbeatMs: 15_000, maxQueuedEvents: 1000, maxBufferedBytes: 256 << 10, pageSize: 1000 };

type Change = AppliedEvent;

/** Whether an event passes the filter: the node and provision-state filters let only node events through. */
export function matches(change: Change, filter: EventFilter): boolean {
  if (filter.reach && !reaches(change, filter.reach)) return false;
  if (filter.types && !filter.types.has(change.event.type)) return false;
  if (filter.nodeId === undefined && filter.provisionState === undefined) return true;
  if (change.kind !== 'node') return false;
  const { event, before, after } = change;
  if (filter.nodeId !== undefined && event.meta.nodeId !== filter.nodeId) return false;
  const state = filter.provisionState;
  return state === undefined || before?.provision_state === state || after?.provision_state === state;
}

function reaches(change: Change, reach: EventReach): boolean {
  if (reach.everyOf.has(change.kind)) return true;
  if (change.kind === 'node') {
    const node = change.after ?? change.before;
    return node !== null && (node.owner === reach.project || node.lessee === reach.project);
  }
  if (change.kind === 'allocation') return reach.ownAllocations && (change.after ?? change.before)?.owner === reach.project;
  return false;
}

/** An event as one SSE message, its secrets masked. */
export function sseMessage({ recorded, kind, event }: Pick<Change, 'recorded' | 'kind' | 'event'>): string {
  return `id: ${recorded.position}\nevent: ${event.type}\ndata: ${JSON.stringify(toRelayedEvent(recorded.position, kind, redactSecrets(event)))}\n\n`;
}

/**
 * Streams events after `from` (a position) matching `filter` into `response` until the client
 * goes away; `headers` are sent with the 200. The store is read once before anything is sent
 * (the first history page, or the fleet's states for a provision-state or project filter): a store that
 * cannot answer then rejects the promise and the client gets an error status; `start` is
 * called just before the 200 goes out. Once streaming, a failure only ends the stream (the
 * client resumes from its last id) and is reported to `onError`.
 */
export async function streamEvents(
  response: ServerResponse,
  headers: Record<string, string>,
  store: EventStore,
  projection: LiveProjection,
  filter: EventFilter,
  from: number,
  { options = DEFAULT_STREAM_OPTIONS, start = () => undefined, onError = () => undefined }: { options?: EventStreamOptions; start?: () => void; onError?: (error: unknown) => void } = {},
): Promise<void> {
  // Listen before reading history, so that the switch from history to live loses nothing.
  const head = projection.readModel.position;
  const queue: Change[] = [];
  let overflowed = false;
  let wake: () => void = () => undefined;
  const stopListening = projection.onEvent((applied) => {
    if (queue.length >= options.maxQueuedEvents) overflowed = true;
    else queue.push(applied);
    wake();
  });

  let fleet: FleetReadModel;
  let page: RecordedEvent[];
  // Provision-state and project filtering need each resource's state as it was: fold the fleet up to `from` first.
  const needsStates = filter.provisionState !== undefined || filter.reach !== undefined;
  try {
    fleet = !needsStates || from >= head ? new FleetReadModel() : await readFleetAt(store, { position: from });
    page = from < head ? await store.readAll({ after: from, limit: options.pageSize }) : [];
  } catch (error) {
    stopListening();
    throw error;
  }

  let closed = false;
  const close = () => {
    if (closed) return;
    closed = true;
    wake();
    response.end();
  };
  response.on('close', close);
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
    start();
    response.writeHead(200, { ...headers, 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache', 'x-accel-buffering': 'no' });
    write('retry: 1000\n\n');
    let last = from;
    // History: only as fast as the client reads it.
    while (!closed && last < head) {
      for (const recorded of page) {
        if (recorded.position > head || closed) break;
        last = recorded.position;
        const applied = needsStates ? fleet.apply(recorded) : change(recorded);
        if (applied && matches(applied, filter) && !write(sseMessage(applied))) await drained();
      }
      if (page.length < options.pageSize || closed || last >= head) break;
      page = await store.readAll({ after: last, limit: options.pageSize });
    }
    // Live: what the projection applied since `head`.
    while (!closed && !overflowed) {
      const next = queue.shift();
      if (!next) {
        await new Promise<void>((resolve) => (wake = resolve));
        continue;
      }
      if (next.recorded.position <= last) continue;
      last = next.recorded.position;
      if (matches(next, filter)) write(sseMessage(next));
    }
  } catch (error) {
    onError(error);
  } finally {
    clearInterval(heartbeat);
    stopListening();
    close();
  }
}

/** A history event without resource states (enough when neither a provision state nor a project filters). */
function change(recorded: Change['recorded']): Change | undefined {
  const found = toResourceEvent(recorded);
  return found && ({ recorded, kind: found.kind, event: found.event, before: null, after: null } as Change);
}
