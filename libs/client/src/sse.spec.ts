import { describe, expect, it } from '@jest/globals';
import { scriptedEvents } from '@ironledger/lifecycle-events/testing';
import { toRelayedEvent } from '@ironledger/lifecycle-events';
import { eventsUrl, SseRefusedError, subscribeSse } from './sse.js';

const { events } = scriptedEvents();
const frame = (position: number, i: number) => `id: ${position}\nevent: ${events[i].type}\ndata: ${JSON.stringify(toRelayedEvent(position, 'node', events[i]))}\n\n`;

interface Call {
  readonly url: string;
  readonly lastEventId: string | null;
}

/**
 * A fake fetch serving scripted connections: each is a status and chunks to stream (then the
 * stream ends, or stays open when `hold` is set, until aborted).
 */
function fakeFetch(connections: { status?: number; chunks?: string[]; hold?: boolean }[]) {
  const calls: Call[] = [];
  const impl = (async (input: string | URL | Request, init?: RequestInit) => {
    const headers = new Headers(init?.headers);
    calls.push({ url: String(input), lastEventId: headers.get('Last-Event-ID') });
    const next = connections.shift() ?? { chunks: [], hold: true };
    const signal = init?.signal;
    const body = new ReadableStream<Uint8Array>({
      async start(controller) {
        for (const chunk of next.chunks ?? []) controller.enqueue(new TextEncoder().encode(chunk));
        if (!next.hold) return controller.close();
        signal?.addEventListener('abort', () => controller.error(signal.reason ?? new Error('aborted')));
      },
    });
    const status = next.status ?? 200;
    return new Response(status === 204 ? null : status !== 200 ? 'refused' : body, { status, headers: { 'content-type': 'text/event-stream' } });
  }) as typeof fetch;
  return { impl, calls };
}

const fast = { initialMs: 1, maxMs: 5 };

async function take(subscription: AsyncIterable<{ position: number }>, n: number): Promise<number[]> {
  const seen: number[] = [];
  for await (const { position } of subscription) {
    seen.push(position);
    if (seen.length === n) break;
  }
  return seen;
}

describe('subscribeSse', () => {
  it('builds the events URL with its filters', () => {
    expect(eventsUrl({ baseUrl: 'http://gw:6385', nodeId: 'n-1', eventTypes: ['ProvisionStateChanged', 'NodeDeleted'], provisionState: 'available' })).toBe(
      'http://gw:6385/v1/events?node=n-1&type=ProvisionStateChanged%2CNodeDeleted&provision_state=available',
    );
    expect(eventsUrl({ baseUrl: 'http://gw:6385/base/' })).toBe('http://gw:6385/base/v1/events');
  });

  it('delivers typed events, reconnects with Last-Event-ID after a break, and never repeats an event', async () => {
    const { impl, calls } = fakeFetch([
      { chunks: [': ping\n\n', frame(1000, 0), frame(2000, 1).slice(0, 30)] }, // breaks mid-event
      { chunks: [frame(2000, 1), frame(1000, 0), frame(3000, 2)], hold: true }, // server resends 2000; 1000 is old
    ]);
    const subscription = subscribeSse({ baseUrl: 'http://gw', fetch: impl, backoff: fast });
    const received = [];
    for await (const item of subscription) {
      received.push(item);
      if (received.length === 3) break;
    }
    expect(received.map((r) => [r.position, r.event.type])).toEqual([
      [1000, 'NodeRegistered'],
      [2000, 'ProvisionStateChanged'],
      [3000, 'ProvisionStateChanged'],
    ]);
    expect(received[0].event).toEqual(events[0]);
    expect(calls.map((c) => c.lastEventId)).toEqual([null, '1000']);
    expect(subscription.checkpoint).toBe(3000);
  });

  it('asks for everything with from: 0, and for live events only without from', async () => {
    const everything = fakeFetch([{ chunks: [frame(1000, 0)], hold: true }]);
    expect(await take(subscribeSse({ baseUrl: 'http://gw', fetch: everything.impl, from: 0 }), 1)).toEqual([1000]);
    expect(everything.calls[0].lastEventId).toBe('0');
    const live = fakeFetch([{ chunks: [frame(1000, 0)], hold: true }]);
    expect(await take(subscribeSse({ baseUrl: 'http://gw', fetch: live.impl }), 1)).toEqual([1000]);
    expect(live.calls[0].lastEventId).toBeNull();
  });

  it('starts from a checkpoint by sending it as Last-Event-ID on the first request', async () => {
    const { impl, calls } = fakeFetch([{ chunks: [frame(5000, 0)], hold: true }]);
    const subscription = subscribeSse({ baseUrl: 'http://gw', fetch: impl, from: 4000 });
    expect(await take(subscription, 1)).toEqual([5000]);
    expect(calls[0].lastEventId).toBe('4000');
  });

  it('reconnects when the server falls silent past the idle timeout, and after 5xx answers', async () => {
    const errors: unknown[] = [];
    const { impl, calls } = fakeFetch([{ chunks: [frame(1000, 0)], hold: true }, { status: 503 }, { chunks: [frame(2000, 1)], hold: true }]);
    const subscription = subscribeSse({ baseUrl: 'http://gw', fetch: impl, idleTimeoutMs: 50, backoff: fast, onError: (e) => errors.push(e) });
    expect(await take(subscription, 2)).toEqual([1000, 2000]);
    expect(calls.map((c) => c.lastEventId)).toEqual([null, '1000', '1000']);
    expect(errors).toHaveLength(2);
  });

  it('gives up on a 4xx refusal, and ends on 204', async () => {
    const refused = subscribeSse({ baseUrl: 'http://gw', fetch: fakeFetch([{ status: 401 }]).impl });
    await expect(take(refused, 1)).rejects.toThrow(SseRefusedError);
    const ended = subscribeSse({ baseUrl: 'http://gw', fetch: fakeFetch([{ status: 204 }]).impl });
    expect(await take(ended, 1)).toEqual([]);
  });

  it('drops events outside the requested node or types even if the server sends them', async () => {
    const { impl } = fakeFetch([{ chunks: [frame(1000, 0), frame(2000, 1), frame(3000, 7)], hold: true }]);
    const subscription = subscribeSse({ baseUrl: 'http://gw', fetch: impl, eventTypes: ['PowerActionStarted'] });
    expect(await take(subscription, 1)).toEqual([3000]);
  });

  it('closes cleanly while waiting for events', async () => {
    const { impl } = fakeFetch([{ chunks: [], hold: true }]);
    const subscription = subscribeSse({ baseUrl: 'http://gw', fetch: impl });
    const iterator = subscription[Symbol.asyncIterator]();
    const next = iterator.next();
    await new Promise((resolve) => setTimeout(resolve, 20));
    await subscription.close();
    expect(await next).toEqual({ done: true, value: undefined });
  });
});
