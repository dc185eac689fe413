/**
 * Subscribing to node events over NATS: an ordered JetStream consumer on the relay's stream,
 * filtered by subject.
 *
 * Checkpoint scheme: the checkpoint is the event's global store position — the same number SSE
 * uses as event id, so a consumer can switch transports, and it stays valid when the relay
 * stream is re-created. To resume after position p, the client binary-searches the relay stream
 * for the first sequence whose event lies after p (the relay stores events in position order, so
 * positions increase with sequences): O(log n) direct gets, about 20 for a million events, each
 * answered with the first message at or after the probed sequence, so deleted messages do no
 * harm. The ordered consumer starts there; anything at or before p is skipped anyway.
 */
import { jetstream, jetstreamManager, type ConsumerMessages, type JetStreamManager } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { nodeEventFilter, NODE_EVENTS_SUBJECT_PREFIX } from '@ironledger/contracts';
import { type NodeEventType } from '@ironledger/domain';
import { DEFAULT_RELAY_STREAM, parseRelayedEvent, type ReceivedEvent, RelayHeader, resourceIdOf } from '@ironledger/lifecycle-events';
import { backoffDelay, type BackoffOptions, sleep } from '@ironledger/bus';
import { type EventSubscription, subscription } from './subscription.js';

export interface NatsSubscribeOptions {
  /** NATS servers; ignored when `connection` is given. */
  readonly servers?: string | string[];
  /** A connection to use (left open); the subscription then relies on its reconnection. */
  readonly connection?: NatsConnection;
  /** Only this node's events. */
  readonly nodeId?: string;
  /** Only events of these types. */
  readonly eventTypes?: readonly NodeEventType[];
  /** Checkpoint: deliver events after this position (default 0: from the first event). */
  readonly from?: number;
  /** The relay stream and its subject prefix (defaults `IRONLEDGER_NODE_EVENTS`, `ironledger.events`). */
  readonly stream?: string;
  readonly subjectPrefix?: string;
  /** Delays between reconnection attempts (defaults 250 ms doubling to 10 s, with jitter). */
  readonly backoff?: BackoffOptions;
  /** Hears about every failure the subscription recovers from. */
  readonly onError?: (error: unknown) => void;
  /** Restart the consumer when messages wait but none arrives for this long (default 10 s). */
  readonly stallTimeoutMs?: number;
}

/** Node events from the relay stream, after `from`, live, resuming by itself after connection loss. */
export function subscribeNats(options: NatsSubscribeOptions): EventSubscription {
  const closing = new AbortController();
  const stream = options.stream ?? DEFAULT_RELAY_STREAM;
  const prefix = options.subjectPrefix ?? NODE_EVENTS_SUBJECT_PREFIX;
  const types = options.eventTypes && options.eventTypes.length > 0 ? new Set<string>(options.eventTypes) : undefined;
  const stallMs = options.stallTimeoutMs ?? 10_000;
  let checkpoint = options.from ?? 0;

  async function* run(): AsyncGenerator<ReceivedEvent, void, undefined> {
    let nc = options.connection;
    let failures = 0;
    try {
      while (!closing.signal.aborted) {
        let messages: ConsumerMessages | undefined;
        let watchdog: NodeJS.Timeout | undefined;
        const stop = () => void messages?.stop();
        closing.signal.addEventListener('abort', stop);
        try {
          nc ??= await connect({ servers: options.servers ?? 'nats://127.0.0.1:4222', name: 'ironledger subscriber', maxReconnectAttempts: -1, reconnectTimeWait: 250, timeout: stallMs });
          const connection = nc;
          // Every step has its own request timeout, but a connection cut at the wrong moment can
          // leave one waiting: the whole start-up gets a deadline too.
          const { consumer, consuming } = await withTimeout(
            (async () => {
              const jsm = await jetstreamManager(connection);
              const start = await firstSequenceAfter(jsm, stream, prefix, checkpoint);
              const consumer = await jetstream(connection).consumers.get(stream, { filter_subjects: filterSubjects(connection, prefix, options.nodeId, options.eventTypes), opt_start_seq: start });
              // Short pulls: the client's idle-heartbeat check then notices a lost pull within seconds.
              return { consumer, consuming: await consumer.consume({ max_messages: 512, expires: 10_000 }) };
            })(),
            stallMs,
            'starting the consumer',
          );
          messages = consuming;
          if (closing.signal.aborted) return;
          let lastMessage = performance.now();
          let stalled = false;
          // Belt and braces: messages waiting for this consumer, yet none delivered for a while.
          watchdog = setInterval(() => {
            if (performance.now() - lastMessage < stallMs) return;
            withTimeout(consumer.info(false), stallMs, 'consumer info').then(
              (info) => {
                if (info.num_pending > 0 && performance.now() - lastMessage >= stallMs) {
                  stalled = true;
                  consuming.stop();
                }
              },
              () => {
                stalled = true;
                consuming.stop();
              },
            );
          }, stallMs);
          for await (const message of consuming) {
            lastMessage = performance.now();
            const received = parseRelayedEvent(message.string());
            failures = 0;
            if (received.position <= checkpoint) continue;
            // Types the server could not filter (several of them on an old server) are dropped here.
            if ((types && !types.has(received.event.type)) || (options.nodeId !== undefined && (received.kind !== 'node' || resourceIdOf(received) !== options.nodeId))) {
              checkpoint = received.position;
              continue;
            }
            checkpoint = received.position;
            yield received;
          }
          if (closing.signal.aborted) return;
          throw new Error(stalled ? `The JetStream consumer stalled: nothing delivered for ${stallMs} ms with messages pending` : 'The JetStream consumer stopped');
        } catch (error) {
          if (closing.signal.aborted) return;
          options.onError?.(error);
          if (!options.connection && nc?.isClosed()) nc = undefined;
          await sleep(backoffDelay(failures++, options.backoff), closing.signal);
        } finally {
          clearInterval(watchdog);
          closing.signal.removeEventListener('abort', stop);
          messages?.stop();
        }
      }
    } finally {
      if (!options.connection && nc && !nc.isClosed()) await nc.close();
    }
  }

  return subscription(run(), closing, () => checkpoint);
}

/**
 * The first stream sequence holding an event after `position` (the stream's next sequence when
 * there is none yet). Binary search over direct gets; each probe returns the first message at or
 * after the probed sequence.
 */
export async function firstSequenceAfter(jsm: JetStreamManager, stream: string, prefix: string, position: number): Promise<number> {
  const { state } = await jsm.streams.info(stream);
  if (position <= 0 || state.messages === 0) return Math.max(1, state.first_seq);
  let lo = state.first_seq;
  let hi = state.last_seq + 1;
  while (lo < hi) {
    const mid = Math.floor((lo + hi) / 2);
    const message = await jsm.direct.getMessage(stream, { seq: mid, next_by_subj: `${prefix}.>` });
    if (!message || message.seq >= hi) {
      hi = mid;
      continue;
    }
    const found = Number(message.header.get(RelayHeader.position));
    if (!Number.isSafeInteger(found)) throw new Error(`Message ${message.seq} of ${stream} carries no ${RelayHeader.position} header`);
    if (found <= position) lo = message.seq + 1;
    else hi = mid;
  }
  return lo;
}

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`Timed out ${what} after ${ms} ms`)), ms)));
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** Server-side filters: one subject, or one per type where the server takes several (2.10+). */
function filterSubjects(nc: NatsConnection, prefix: string, nodeId: string | undefined, eventTypes: readonly string[] | undefined): string | string[] {
  if (!eventTypes || eventTypes.length === 0) return nodeEventFilter({ nodeId }, prefix);
  if (eventTypes.length === 1) return nodeEventFilter({ nodeId, eventType: eventTypes[0] }, prefix);
  if (serverAtLeast(nc, 2, 10)) return [...new Set(eventTypes)].map((eventType) => nodeEventFilter({ nodeId, eventType }, prefix));
  return nodeEventFilter({ nodeId }, prefix);
}

function serverAtLeast(nc: NatsConnection, major: number, minor: number): boolean {
  const [a = 0, b = 0] = (nc.info?.version ?? '0.0.0').split('.').map(Number);
  return a > major || (a === major && b >= minor);
}
