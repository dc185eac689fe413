import { randomUUID } from 'node:crypto';
import {
  JetStreamApiCodes,
  JetStreamApiError,
  jetstream,
  jetstreamManager,
  StorageType,
  type JetStreamClient,
  type JetStreamManager,
  type JsMsg,
  type StoredMsg,
} from '@nats-io/jetstream';
import { connect, headers, type MsgHdrs, type NatsConnection } from '@nats-io/transport-node';
import { ConcurrencyError } from './errors.js';
import {
  type AppendOptions,
  type AppendResult,
  type EventData,
  type EventStore,
  type ReadAllOptions,
  type RecordedEvent,
  type SubscribeOptions,
  type Subscription,
} from './event-store.js';

/*
 * Global positions: one commit is one JetStream message, and the event at `index` in the
 * commit stored at stream sequence `sequence` has position `sequence * POSITION_STRIDE + index`.
 * Positions therefore follow the commit order, and a checkpoint can point into a commit.
 */
export const POSITION_STRIDE = 1000;
export const MAX_EVENTS_PER_COMMIT = POSITION_STRIDE - 1;

export function encodePosition(sequence: number, index: number): number {
  return sequence * POSITION_STRIDE + index;
}

export function decodePosition(position: number): { sequence: number; index: number } {
  return { sequence: Math.floor(position / POSITION_STRIDE), index: position % POSITION_STRIDE };
}

export interface JetStreamEventStoreOptions {
  readonly servers: string | string[];
  /** The JetStream stream holding every commit (default `IRONLEDGER_EVENTS`). */
  readonly stream?: string;
  /** A stream's commits go to `<subjectPrefix>.<stream id>` (default `ironledger.store`). */
  readonly subjectPrefix?: string;
}

const Header = {
  streamId: 'Ironledger-Stream-Id',
  firstRevision: 'Ironledger-First-Revision',
  eventCount: 'Ironledger-Event-Count',
  commitId: 'Ironledger-Commit-Id',
} as const;

/** An expected last subject sequence that no subject ever reaches. */
const UNREACHABLE_SEQUENCE = Number.MAX_SAFE_INTEGER;
/** Messages per pull request when reading. */
const BATCH = 1000;

/** Event store on NATS JetStream: one subject per event stream, one message per commit. */
export class JetStreamEventStore implements EventStore {
  private readonly js: JetStreamClient;

  private constructor(
    private readonly nc: NatsConnection,
    private readonly jsm: JetStreamManager,
    private readonly stream: string,
    private readonly subjectPrefix: string,
  ) {
    this.js = jetstream(nc);
  }

  /** Connects and creates the JetStream stream, or brings its configuration up to date. */
  static async connect({ servers, stream = 'IRONLEDGER_EVENTS', subjectPrefix = 'ironledger.store' }: JetStreamEventStoreOptions): Promise<JetStreamEventStore> {
    // Reconnect for as long as it takes; no async stack traces on the hot path (they cost ~10 % CPU per request).
    const nc = await connect({ servers, maxReconnectAttempts: -1, noAsyncTraces: true });
    try {
      const jsm = await jetstreamManager(nc);
      const config = { subjects: [`${subjectPrefix}.>`], storage: StorageType.File };
      try {
        await jsm.streams.update(stream, config);
      } catch (error) {
        if (!isApiError(error, JetStreamApiCodes.StreamNotFound)) throw error;
        await jsm.streams.add({ name: stream, ...config });
      }
      return new JetStreamEventStore(nc, jsm, stream, subjectPrefix);
    } catch (error) {
      await nc.close();
      throw error;
    }
  }

  async append(streamId: string, events: readonly EventData[], { expectedRevision, commitId = randomUUID() }: AppendOptions): Promise<AppendResult> {
    if (events.length === 0 || events.length > MAX_EVENTS_PER_COMMIT) {
      throw new RangeError(`A commit holds 1 to ${MAX_EVENTS_PER_COMMIT} events; append to ${streamId} has ${events.length}`);
    }
    const subject = this.subject(streamId);
    const body = JSON.stringify(events.map(({ type, data, metadata = {} }) => ({ type, data, metadata })));
    for (;;) {
      const head = await this.jsm.streams.getMessage(this.stream, { last_by_subj: subject });
      const actual = head ? commitOf(head).nextRevision : 'no_stream';
      // 'any' is still published against the head just read: the revisions below depend on it.
      const expected = expectedRevision === 'any' || expectedRevision === actual;
      const firstRevision = actual === 'no_stream' ? 0 : actual + 1;
      try {
        const ack = await this.js.publish(subject, body, {
          msgID: commitId,
          headers: commitHeaders(streamId, firstRevision, events.length, commitId),
          // Even a stale expectation goes to the server: it recognises a retried commit id
          // (and answers with the original) before it checks the sequence.
          expect: { lastSubjectSequence: expected ? (head?.seq ?? 0) : UNREACHABLE_SEQUENCE },
        });
        if (!ack.duplicate) return resultOf(ack.seq, firstRevision, events.length);
        const original = await this.jsm.streams.getMessage(this.stream, { seq: ack.seq });
        if (!original) throw new Error(`Commit ${commitId} was acknowledged as a duplicate of message ${ack.seq}, which is gone`);
        return commitOf(original);
      } catch (error) {
        if (!isApiError(error, JetStreamApiCodes.StreamWrongLastSequence)) throw error;
        if (!expected) throw new ConcurrencyError(streamId, expectedRevision, actual);
        // Another writer committed between our read and our publish: judge again against the new head.
      }
    }
  }

  async readStream(streamId: string, fromRevision = 0): Promise<RecordedEvent[]> {
    const events: RecordedEvent[] = [];
    for await (const message of this.commits(1, { filter: this.subject(streamId) })) {
      events.push(...eventsOf(message).filter((event) => event.revision >= fromRevision));
    }
    return events;
  }

  async readAll({ after = 0, limit = Infinity }: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    const events: RecordedEvent[] = [];
    if (limit <= 0) return events;
    // Every commit holds at least one event, so `limit` messages are always enough.
    for await (const message of this.commits(sequenceAfter(after), { batch: Math.min(BATCH, limit) })) {
      events.push(...eventsOf(message).filter((event) => event.position > after));
      if (events.length >= limit) break;
    }
    return events.slice(0, limit);
  }

  subscribeToAll({ after = 0 }: SubscribeOptions = {}): Subscription {
    const closing = new AbortController();
    const commits = this.commits(sequenceAfter(after), { live: true, signal: closing.signal });
    const iterator = (async function* () {
      for await (const message of commits) {
        for (const event of eventsOf(message)) {
          if (closing.signal.aborted) return;
          if (event.position > after) yield event;
        }
      }
    })();
    return {
      [Symbol.asyncIterator]: () => iterator,
      close: async () => {
        closing.abort();
        await iterator.return(undefined);
      },
    };
  }

  async close(): Promise<void> {
    await this.nc.drain();
  }

  /** The subject of one event stream; the stream id becomes a single subject token. */
  private subject(streamId: string): string {
    if (streamId === '') throw new RangeError('A stream id must not be empty');
    // Percent-encoding removes whitespace and '>'; '.' and '*' need encoding by hand.
    const token = encodeURIComponent(streamId).replace(/[.*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
    return `${this.subjectPrefix}.${token}`;
  }

  /**
   * Commit messages from stream sequence `sequence` on, in order, through an ordered consumer
   * pulling `batch` at a time: up to the end of the stream, or, when `live`, until `signal` aborts.
   */
  private async *commits(
    sequence: number,
    { filter, batch = BATCH, live = false, signal }: { filter?: string; batch?: number; live?: boolean; signal?: AbortSignal },
  ): AsyncGenerator<JsMsg, void, undefined> {
    const consumer = await this.js.consumers.get(this.stream, { opt_start_seq: sequence, ...(filter && { filter_subjects: filter }) });
    try {
      if (!live && (await consumer.info(true)).num_pending === 0) return;
      const messages = await consumer.consume({ max_messages: batch });
      const stop = () => void messages.stop();
      signal?.addEventListener('abort', stop);
      if (signal?.aborted) stop();
      try {
        for await (const message of messages) {
          yield message;
          if (!live && message.info.pending === 0) return;
        }
      } finally {
        signal?.removeEventListener('abort', stop);
        await messages.close();
      }
    } finally {
      // The server would drop the idle consumer after a while anyway; do not wait for it.
      consumer.delete().catch(() => undefined);
    }
  }
}

function commitHeaders(streamId: string, firstRevision: number, eventCount: number, commitId: string): MsgHdrs {
  const h = headers();
  h.set(Header.streamId, streamId);
  h.set(Header.firstRevision, String(firstRevision));
  h.set(Header.eventCount, String(eventCount));
  h.set(Header.commitId, commitId);
  return h;
}

function resultOf(sequence: number, firstRevision: number, eventCount: number): AppendResult {
  return { nextRevision: firstRevision + eventCount - 1, position: encodePosition(sequence, eventCount - 1) };
}

/** What appending a stored commit message returned. */
function commitOf(message: StoredMsg): AppendResult {
  return resultOf(message.seq, Number(message.header.get(Header.firstRevision)), Number(message.header.get(Header.eventCount)));
}

function eventsOf(message: JsMsg): RecordedEvent[] {
  const streamId = message.headers?.get(Header.streamId) ?? '';
  const firstRevision = Number(message.headers?.get(Header.firstRevision));
  return message.json<EventData[]>().map(({ type, data, metadata = {} }, index) => ({
    streamId,
    type,
    data,
    metadata,
    revision: firstRevision + index,
    position: encodePosition(message.seq, index),
    recordedAt: message.timestamp,
  }));
}

/** The first stream sequence that can hold an event positioned after `after`. */
function sequenceAfter(after: number): number {
  return Math.max(1, decodePosition(after).sequence);
}

function isApiError(error: unknown, code: number): boolean {
  return error instanceof JetStreamApiError && error.code === code;
}
