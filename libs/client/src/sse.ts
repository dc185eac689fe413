/**
 * Subscribing to node events over the gateway's server-sent events, `GET /v1/events`.
 *
 * Wire format (the gateway serves exactly this): each event is
 *   id: <global position>
 *   event: <event type>
 *   data: {"position":…,"type":…,"data":…,"meta":…}
 * with secrets redacted, and comment lines `: ping` as heartbeats. Query parameters narrow the
 * stream: `node=<uuid>`, `type=<EventType>[,<EventType>…]`, `provision_state=<state>` (left to
 * the server: only events of nodes in, or moving into, that state). The client sends
 * `Last-Event-ID: <checkpoint>` on every connection, the first one included when `from` is given,
 * and reconnects with back-off (at least the server's `retry:`) when the stream breaks or stays
 * silent past `idleTimeoutMs`.
 */
import { type DomainEvent } from '@ironledger/application';
import { parseRelayedEvent, type ReceivedEvent, resourceIdOf } from '@ironledger/lifecycle-events';
import { backoffDelay, type BackoffOptions, sleep } from '@ironledger/bus';
import { SseParser } from './sse-parser.js';
import { type EventSubscription, subscription } from './subscription.js';

export interface SseSubscribeOptions {
  /** The gateway, e.g. `http://127.0.0.1:6385`. */
  readonly baseUrl: string;
  readonly nodeId?: string;
  readonly eventTypes?: readonly DomainEvent['type'][];
  readonly provisionState?: string;
  /** Checkpoint: deliver events after this position. */
  readonly from?: number;
  /** Extra request headers, e.g. `Authorization` for HTTP basic auth. */
  readonly headers?: Readonly<Record<string, string>>;
  /** Reconnect when nothing (not even a heartbeat) arrives for this long (default 45 s). */
  readonly idleTimeoutMs?: number;
  readonly backoff?: BackoffOptions;
  readonly onError?: (error: unknown) => void;
  /** The fetch to use (default: Node's). */
  readonly fetch?: typeof fetch;
}

/** The server refused the subscription (a 4xx other than 408 and 429): retrying would not help. */
export class SseRefusedError extends Error {
  readonly type = 'sse_refused';
  constructor(
    readonly status: number,
    body: string,
  ) {
    super(`GET /v1/events was refused with ${status}: ${body.slice(0, 500)}`);
  }
}

/** The URL of the event stream for these filters. */
export function eventsUrl({ baseUrl, nodeId, eventTypes, provisionState }: Pick<SseSubscribeOptions, 'baseUrl' | 'nodeId' | 'eventTypes' | 'provisionState'>): string {
  const url = new URL('v1/events', baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`);
  if (nodeId !== undefined) url.searchParams.set('node', nodeId);
  if (eventTypes && eventTypes.length > 0) url.searchParams.set('type', eventTypes.join(','));
  if (provisionState !== undefined) url.searchParams.set('provision_state', provisionState);
  return url.toString();
}

/** Node events from the gateway's SSE stream, after `from`, live, reconnecting by itself. */
export function subscribeSse(options: SseSubscribeOptions): EventSubscription {
  const closing = new AbortController();
  const doFetch = options.fetch ?? fetch;
  const url = eventsUrl(options);
  const idleTimeoutMs = options.idleTimeoutMs ?? 45_000;
  const types = options.eventTypes && options.eventTypes.length > 0 ? new Set<string>(options.eventTypes) : undefined;
  let checkpoint = options.from ?? 0;

  async function* run(): AsyncGenerator<ReceivedEvent, void, undefined> {
    let failures = 0;
    let retryMs = 0;
    while (!closing.signal.aborted) {
      const connection = new AbortController();
      const abort = () => connection.abort();
      closing.signal.addEventListener('abort', abort);
      let idle: NodeJS.Timeout | undefined;
      const touch = () => {
        clearTimeout(idle);
        idle = setTimeout(() => connection.abort(new Error(`No data for ${idleTimeoutMs} ms`)), idleTimeoutMs);
      };
      try {
        touch();
        const headers: Record<string, string> = { Accept: 'text/event-stream', 'Cache-Control': 'no-cache', ...options.headers };
        // Without a checkpoint the server starts from now; `from: 0` means the whole history.
        if (options.from !== undefined || checkpoint > 0) headers['Last-Event-ID'] = String(checkpoint);
        const response = await doFetch(url, { headers, signal: connection.signal });
        // 204 is the standard's way for a server to say "do not reconnect".
        if (response.status === 204) return;
        if (!response.ok) {
          const body = await response.text().catch(() => '');
          if (response.status >= 400 && response.status < 500 && response.status !== 408 && response.status !== 429) throw new SseRefusedError(response.status, body);
          throw new Error(`GET /v1/events answered ${response.status}: ${body.slice(0, 200)}`);
        }
        if (!response.body) throw new Error('GET /v1/events answered without a body');
        const parser = new SseParser();
        const decoder = new TextDecoder();
        for await (const chunk of response.body as AsyncIterable<Uint8Array>) {
          touch();
          for (const message of parser.push(decoder.decode(chunk, { stream: true }))) {
            if (message.data === '') continue;
            const received = parseRelayedEvent(message.data);
            failures = 0;
            if (received.position <= checkpoint) continue;
            checkpoint = received.position;
            if (types && !types.has(received.event.type)) continue;
            if (options.nodeId !== undefined && (received.kind !== 'node' || resourceIdOf(received) !== options.nodeId)) continue;
            yield received;
          }
          if (parser.retry !== undefined) retryMs = parser.retry;
        }
        throw new Error('The event stream ended');
      } catch (error) {
        if (closing.signal.aborted) return;
        if (error instanceof SseRefusedError) throw error;
        options.onError?.(error);
        await sleep(Math.max(retryMs, backoffDelay(failures++, options.backoff)), closing.signal);
      } finally {
        clearTimeout(idle);
        closing.signal.removeEventListener('abort', abort);
        connection.abort();
      }
    }
  }

  return subscription(run(), closing, () => checkpoint);
}
