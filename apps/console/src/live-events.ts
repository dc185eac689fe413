/**
 * The gateway's live event stream (`GET /v1/events`), followed from a position and resumed from
 * the last one seen whenever the connection drops: the console misses nothing and sees nothing
 * twice, whether the network failed or the page was reloaded.
 */
import { ApiError, callGateway, ironicFault, type LoggedEvent } from './api.js';
import { SseParser } from './sse.js';

export type StreamStatus = { readonly state: 'connecting' } | { readonly state: 'live' } | { readonly state: 'retrying'; readonly error: string };

export interface FollowOptions {
  /** The position to follow from (events after it). */
  readonly from: number;
  readonly onEvent: (event: LoggedEvent) => void;
  readonly onStatus: (status: StreamStatus) => void;
  /** Ends the stream for good. */
  readonly signal: AbortSignal;
}

/** Waits before reconnecting: 1 s, doubling up to 15 s, back to 1 s once connected. */
const reconnectDelayMs = (failures: number): number => Math.min(1000 * 2 ** failures, 15_000);

/** Follows the stream until `signal` aborts. */
export async function followEvents({ from, onEvent, onStatus, signal }: FollowOptions): Promise<void> {
  let last = from;
  let failures = 0;
  while (!signal.aborted) {
    onStatus({ state: 'connecting' });
    try {
      const response = await callGateway(`/v1/events?from=${last}`, { headers: { Accept: 'text/event-stream' }, signal });
      if (!response.ok || !response.body) throw new ApiError(response.status, ironicFault(response.status, await response.text()));
      onStatus({ state: 'live' });
      failures = 0;
      const parser = new SseParser();
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
        for (const message of parser.push(chunk.value)) {
          const event = JSON.parse(message.data) as LoggedEvent;
          last = event.position;
          onEvent(event);
        }
      }
      throw new Error('the event stream ended');
    } catch (error) {
      if (signal.aborted) return;
      onStatus({ state: 'retrying', error: (error as Error).message });
    }
    await sleep(reconnectDelayMs(failures++), signal);
  }
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
  });
}
