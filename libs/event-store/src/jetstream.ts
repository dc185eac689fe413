import { randomUUID } from 'node:crypto';
import {
  JetStreamApiCodes,
  jetstream,
  jetstreamManager,
  StorageType,
  type JetStreamClient,
  type JetStreamManager,
  type JsMsg,
  type MsgRequest,
  type NextMsgRequest,
  type StoredMsg,
} from '@nats-io/jetstream';
import { connect, type Msg, type MsgHdrs, nanos, type NatsConnection } from '@nats-io/transport-node';
import { LruMap } from '@ironledger/domain';
import {
  backoffDelay,
  ConnectionState,
  ensureStream,
  InboxRequests,
  natsAccess,
  NoResponders,
  outgoingHeaders,
  type PubAck,
  refusalOf,
  RequestTimeout,
  sleep,
  unanswered,
} from '@ironledger/bus';
import { ConcurrencyError, StoreUnavailableError } from './errors.js';
import { CommitHeader, detached, headerBlock, headerValue, isoTime, nanosOf } from './nats-message.js';
import { pagesAfter } from './pages.js';
import { type CommitBatch, readOnThread } from './reader-thread.js';
import {
  type AppendOptions,
  type AppendResult,
  type EventData,
  type EventStore,
  type ReadAllOptions,
  type ReadPagesOptions,
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
  /** Copies of the stream in a NATS cluster (see `ensureStream`; default: one for a new stream, an existing one's own). */
  readonly replicas?: number;
  /** Whole-log reads of at least this many commits run on a thread of their own (default 50,000; see `readAllPages`). */
  readonly readOnThreadFrom?: number;
}

/**
 * How long an append waits for JetStream's acknowledgement before it offers the commit again.
 * While a stream has no leader an offer goes unanswered; the sooner it is offered again, the
 * sooner after an election the commit lands (nats.js's default of 5 s added up to 5 s to every
 * write made during one). An offer answered late is harmless: its resend is a duplicate.
 */
const PUBLISH_TIMEOUT_MS = 2000;
/** How long an append keeps offering its commit while no stream leader answers: a NATS cluster takes seconds to elect a new one. */
const APPEND_DEADLINE_MS = 20_000;
/**
 * How long the servers remember a commit's message id (the stream's de-duplication window). The
 * id names the revision the commit takes (`<stream id>@<first revision>`), and every server of a
 * cluster applies its log in the same order, dropping a message whose id it remembers: of two
 * commits racing for one revision the later is dropped on every server, although both passed the
 * leader's sequence check (nats-server 2.9 checks `Nats-Expected-Last-Subject-Sequence` only
 * against what the leader has applied, so two commits in flight at once both pass it). The window
 * must outlast the time a commit can be in flight: a leader election takes seconds, and an append
 * offers its commit for at most APPEND_DEADLINE_MS. A rival escapes only when a server applies it
 * more than the window after the commit it races was offered: when the stream had no leader, or
 * the server lagged behind the log, for that long. Five minutes, for one remembered id (about 150
 * bytes of server memory) per commit of the last five minutes.
 */
export const DEDUPLICATION_WINDOW_MS = 5 * 60_000;
/** Messages per pull request when reading. */
const BATCH = 1000;
/** Messages per pull request when reading the whole log: about 10 MB ahead of the reader, so that its pulls never wait on the server. */
const WHOLE_LOG_BATCH = 10_000;
/**
 * Whole-log reads this long or longer run on a thread of their own. The thread's start (its own
 * connection, and its modules loaded) takes tens of milliseconds built and about a second from
 * source, which a read of this many commits outweighs; shorter reads (tests, most service
 * starts) stay on the caller's thread.
 */
const READ_ON_THREAD_FROM = 50_000;
/**
 * How often the server tells an idle consumer that it lives. Two told missing and the consumer is
 * taken for lost: the NATS server holding it died, in a cluster maybe not the one this client is
 * connected to (so no reconnection says so).
 */
const HEARTBEAT_MS = 1000;
/**
 * How long a live subscription waits for the server to set up its consumer before it asks again:
 * while a stream's new leader is being elected nobody answers, and the sooner the first question
 * after the election goes out, the sooner readers follow the log again.
 */
const LIVE_SETUP_TIMEOUT_MS = 1000;
/**
 * Commits of one stream read one request at a time (`next_by_subj`) before an ordered consumer
 * takes over the rest. Most streams hold a few commits, and a consumer costs the server far more
 * than a few reads: nats-server 2.9 sets one up (queues, a store, subscriptions) for every read, and
 * kept much of it after the consumer was deleted (69 MB of its heap after 10,000 nodes were enrolled).
 */
const SINGLE_READS = 32;
/** Stream heads remembered (about 100 bytes each), the least recently used forgotten first. */
const MAX_KNOWN_HEADS = 100_000;

/** A stream's last commit: its message's stream sequence and the stream revision it ends at (-1: no stream). */
interface Head {
  readonly seq: number;
  readonly revision: number;
}

const EMPTY_HEAD: Head = { seq: 0, revision: -1 };

const revisionOf = (head: Head) => (head.revision < 0 ? 'no_stream' : head.revision);

/** What became of a commit offered to the stream (see `publish`). */
type Offered = { readonly outcome: 'stored'; readonly seq: number } | { readonly outcome: 'duplicate'; readonly seq: number } | { readonly outcome: 'moved'; readonly resent: boolean };

/**
 * The heads of the streams this store last wrote or read, so that an append whose expected
 * revision matches can publish at once instead of reading the head first (one round trip
 * instead of two). A head may be stale (another writer may have committed since); the
 * server refuses a publish based on a stale head (see `append`).
 */
class KnownHeads {
  private readonly heads: LruMap<string, Head>;

  constructor(capacity: number) {
    this.heads = new LruMap(capacity);
  }

  /** The head to publish against for this expectation without reading, if there is a good guess. */
  guess(subject: string, expectedRevision: AppendOptions['expectedRevision']): Head | undefined {
    if (expectedRevision === 'no_stream') return EMPTY_HEAD;
    const known = this.heads.get(subject);
    return known && (expectedRevision === 'any' || known.revision === expectedRevision) ? known : undefined;
  }

  remember(subject: string, head: Head): void {
    this.heads.set(subject, head);
  }

  forget(subject: string): void {
    this.heads.delete(subject);
  }
}

/** Event store on NATS JetStream: one subject per event stream, one message per commit. */
export class JetStreamEventStore implements EventStore {
  private readonly js: JetStreamClient;
  private readonly liveJs: JetStreamClient;
  private readonly requests: InboxRequests;
  private readonly heads = new KnownHeads(MAX_KNOWN_HEADS);
  private readonly connection: ConnectionState;

  private constructor(
    private readonly nc: NatsConnection,
    private readonly jsm: JetStreamManager,
    private readonly stream: string,
    private readonly subjectPrefix: string,
    /** Where a reader thread connects, and from how many commits on a whole-log read has one. */
    private readonly threadReads: { readonly servers: string | string[]; readonly from: number },
  ) {
    this.js = jetstream(nc);
    this.liveJs = jetstream(nc, { timeout: LIVE_SETUP_TIMEOUT_MS });
    this.requests = new InboxRequests(nc);
    this.connection = new ConnectionState(nc);
  }

  /** Connects and creates the JetStream stream, or brings its configuration up to date. */
  static async connect({
    servers,
    stream = 'IRONLEDGER_EVENTS',
    subjectPrefix = 'ironledger.store',
    replicas,
    readOnThreadFrom = READ_ON_THREAD_FROM,
  }: JetStreamEventStoreOptions): Promise<JetStreamEventStore> {
    // Reconnect for as long as it takes; no async stack traces on the hot path (they cost ~10 % CPU per request).
    const nc = await connect({ ...natsAccess(servers), maxReconnectAttempts: -1, noAsyncTraces: true });
    try {
      // No API check: ensureStream asks, and waits out a cluster that does not answer yet.
      const jsm = await jetstreamManager(nc, { checkAPI: false });
      await ensureStream(jsm, stream, { subjects: [`${subjectPrefix}.>`], storage: StorageType.File, duplicate_window: nanos(DEDUPLICATION_WINDOW_MS) }, replicas);
      return new JetStreamEventStore(nc, jsm, stream, subjectPrefix, { servers, from: readOnThreadFrom });
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
    const offer = (firstRevision: number, expectedLastSequence: number) =>
      this.publish(subject, body, commitHeaders(streamId, firstRevision, events.length, commitId, expectedLastSequence));
    /** The commit at `firstRevision` when it is this one (stored by an earlier offer whose acknowledgement was lost). */
    const ownCommitAt = async (firstRevision: number) => {
      // Expecting no last message of a stream that has a head: the server only answers whether a
      // commit holds the revision (checked first, in log order), and never stores this offer.
      const probe = await offer(firstRevision, 0);
      return probe.outcome === 'duplicate' ? this.ownCommit(probe.seq, commitId) : undefined;
    };
    // Publish straight away when the head can be guessed; the server's checks catch a wrong guess.
    let head = this.heads.guess(subject, expectedRevision);
    for (;;) {
      head ??= await this.readHead(subject);
      const actual = revisionOf(head);
      if (expectedRevision !== 'any' && expectedRevision !== actual) {
        // A stale expectation is a conflict, unless it is a retry of a commit stored already.
        const retried = head.revision >= 0 ? await ownCommitAt(expectedRevision === 'no_stream' ? 0 : expectedRevision + 1) : undefined;
        if (retried) return retried;
        throw new ConcurrencyError(streamId, expectedRevision, actual);
      }
      const firstRevision = head.revision + 1;
      const offered = await offer(firstRevision, head.seq);
      if (offered.outcome === 'stored') {
        const result = resultOf(offered.seq, firstRevision, events.length);
        this.heads.remember(subject, { seq: offered.seq, revision: result.nextRevision });
        return result;
      }
      this.heads.forget(subject);
      head = undefined;
      if (offered.outcome === 'duplicate') {
        const own = await this.ownCommit(offered.seq, commitId);
        if (own) return own;
        // Another commit took this revision first.
        if (expectedRevision === 'any') continue;
        head = await this.readHead(subject);
        this.heads.remember(subject, head);
        throw new ConcurrencyError(streamId, expectedRevision, revisionOf(head));
      }
      // The stream moved on since its head was read or guessed: judged again on the next turn,
      // against the stored head (where a stale exact expectation asks whether the commit is its
      // own). An offer sent more than once may have been stored by a send whose acknowledgement
      // was lost; 'any' asks that before it moves on to a later revision.
      if (expectedRevision === 'any' && offered.resent) {
        const own = await ownCommitAt(firstRevision);
        if (own) return own;
      }
    }
  }

  /**
   * Offers one commit message to the stream: stored at `seq`; a `duplicate` of the message at
   * `seq` (a commit with its id, which names the revision it takes, is stored already); or `moved`,
   * refused because the stream's last message is not the one expected. While no stream leader
   * answers (a server lost, a new leader being elected), the commit is offered again, and `resent`
   * says so: an offer that went unanswered may have been stored all the same.
   */
  private async publish(subject: string, body: string, headers: MsgHdrs): Promise<Offered> {
    const deadline = Date.now() + APPEND_DEADLINE_MS;
    let reply: Msg | undefined;
    let resent = false;
    for (let attempt = 0; !reply; attempt++) {
      try {
        reply = await this.requests.request(subject, body, { headers, timeoutMs: PUBLISH_TIMEOUT_MS });
      } catch (error) {
        if (!(error instanceof RequestTimeout || error instanceof NoResponders)) throw error;
        if (Date.now() >= deadline) throw new StoreUnavailableError(`No leader of stream ${this.stream} took a commit within ${APPEND_DEADLINE_MS} ms (${error.message}); it may or may not be stored`);
        // Nobody listening took nothing; a request that timed out may have been stored.
        resent ||= error instanceof RequestTimeout;
        await sleep(backoffDelay(attempt, { initialMs: 100, maxMs: 1000 }));
      }
    }
    const ack = reply.json<PubAck>();
    const refusal = refusalOf(ack);
    if (refusal?.code === JetStreamApiCodes.StreamWrongLastSequence) return { outcome: 'moved', resent };
    if (refusal) throw refusal;
    if (typeof ack.seq !== 'number') throw new Error(`JetStream acknowledged an append to ${subject} without a sequence`);
    return ack.duplicate === true ? { outcome: 'duplicate', seq: ack.seq } : { outcome: 'stored', seq: ack.seq };
  }

  /** What appending the commit stored at `seq` returned, if it is commit `commitId`. */
  private async ownCommit(seq: number, commitId: string): Promise<AppendResult | undefined> {
    const stored = await this.storedMessage({ seq });
    if (!stored) throw new Error(`JetStream answered that message ${seq} of stream ${this.stream} holds a commit, and it is gone`);
    return stored.header.get(CommitHeader.commitId) === commitId ? commitOf(stored) : undefined;
  }

  /** The stream's last commit as the server holds it now. */
  private async readHead(subject: string): Promise<Head> {
    const last = await this.storedMessage({ last_by_subj: subject });
    return last ? { seq: last.seq, revision: commitOf(last).nextRevision } : EMPTY_HEAD;
  }

  /** A message by sequence, the last of a subject, or (`next_by_subj`, which nats-server 2.9 answers too) the first of a subject from a sequence on. */
  private storedMessage(query: MsgRequest | NextMsgRequest): Promise<StoredMsg | null> {
    return this.jsm.streams.getMessage(this.stream, query as MsgRequest).catch((error: unknown) => {
      throw unanswered(error) ? new StoreUnavailableError(`No leader of stream ${this.stream} answered: ${(error as Error).message}`) : error;
    });
  }

  async readStream(streamId: string, fromRevision = 0): Promise<RecordedEvent[]> {
    const subject = this.subject(streamId);
    const events: RecordedEvent[] = [];
    let head: Head | undefined;
    const take = (seq: number, commit: RecordedEvent[]) => {
      head = { seq, revision: commit[commit.length - 1].revision };
      events.push(...commit.filter((event) => event.revision >= fromRevision));
    };
    let next = 1;
    for (let read = 0; read < SINGLE_READS; read++) {
      const stored = await this.storedMessage({ seq: next, next_by_subj: subject });
      if (!stored) {
        if (head) this.heads.remember(subject, head);
        return events;
      }
      take(stored.seq, storedEventsOf(stored));
      next = stored.seq + 1;
    }
    for await (const message of this.commits(next, { filter: subject })) take(message.seq, eventsOf(message));
    if (head) this.heads.remember(subject, head);
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

  /**
   * The log in pages through one ordered consumer; a long one (`readOnThreadFrom` commits or
   * more) read on a thread of its own, its events parsed and paged here (see `readOnThread`).
   */
  async *readAllPages({ after = 0, pageSize }: ReadPagesOptions): AsyncGenerator<RecordedEvent[]> {
    const sequence = sequenceAfter(after);
    if ((await this.commitsFrom(sequence)) >= this.threadReads.from) {
      yield* pagesAfter(readOnThread({ servers: this.threadReads.servers, stream: this.stream, sequence }), eventsOfBatch, after, pageSize);
    } else {
      yield* pagesAfter(this.commits(sequence, { batch: WHOLE_LOG_BATCH }), eventsOf, after, pageSize);
    }
  }

  /** How many commits the log holds from stream sequence `sequence` on (none when it cannot tell: the read that follows says why). */
  private async commitsFrom(sequence: number): Promise<number> {
    if (!this.connection.connected) return 0;
    const info = await this.jsm.streams.info(this.stream).catch(() => undefined);
    return info ? Math.max(0, info.state.last_seq - sequence + 1) : 0;
  }

  async lastPosition(): Promise<number> {
    const { state } = await this.jsm.streams.info(this.stream);
    if (state.messages === 0) return 0;
    const last = await this.jsm.streams.getMessage(this.stream, { seq: state.last_seq });
    return last ? commitOf(last).position : encodePosition(state.last_seq, 0);
  }

  /**
   * Live commits through an ordered consumer, started afresh from the next commit after every
   * reconnection (the server may have lost the consumer in a restart) and once the consumer went
   * silent: nats.js would ask a dead server about it again and again, leaving readers behind the log.
   */
  subscribeToAll({ after = 0 }: SubscribeOptions = {}): Subscription {
    const closing = new AbortController();
    const iterator = this.liveEvents(after, closing.signal);
    return {
      [Symbol.asyncIterator]: () => iterator,
      close: async () => {
        closing.abort();
        await iterator.return(undefined);
      },
    };
  }

  private async *liveEvents(after: number, closing: AbortSignal): AsyncGenerator<RecordedEvent, void, undefined> {
    let sequence = sequenceAfter(after);
    for (let failures = 0; !closing.aborted; ) {
      const restart = new AbortController();
      const stopWatching = this.connection.onReconnect(() => restart.abort());
      try {
        const signal = AbortSignal.any([closing, restart.signal]);
        for await (const message of this.commits(sequence, { live: true, signal, onSilence: () => restart.abort() })) {
          failures = 0;
          sequence = message.seq + 1;
          for (const event of eventsOf(message)) {
            if (closing.aborted) return;
            if (event.position > after) yield event;
          }
        }
      } catch (error) {
        // No server set up the consumer (a leader being elected): ask again, readers lagging meanwhile.
        if (!(error instanceof StoreUnavailableError)) throw error;
        await sleep(backoffDelay(failures++, { initialMs: 100, maxMs: 1000 }), closing);
        continue;
      } finally {
        stopWatching();
      }
      // The consumer ends on its own only when the connection closed: then so does the subscription.
      if (!restart.signal.aborted) return;
    }
  }

  async close(): Promise<void> {
    this.requests.close();
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
   * A consumer that goes silent stops, calling `onSilence`, or else failing with `StoreUnavailableError`.
   */
  private async *commits(
    sequence: number,
    { filter, batch = BATCH, live = false, signal, onSilence }: { filter?: string; batch?: number; live?: boolean; signal?: AbortSignal; onSilence?: () => void },
  ): AsyncGenerator<JsMsg, void, undefined> {
    // A read (unlike a live subscription) fails once the connection goes: an ordered consumer would wait for its return.
    const lost = new AbortController();
    const stopWatching = live ? () => false : this.connection.onDisconnect(() => lost.abort());
    const unavailable = (why: string) => new StoreUnavailableError(`${why} (stream ${this.stream})`);
    try {
      if (!live && !this.connection.connected) throw unavailable('The connection to NATS is down');
      const consumer = await (live ? this.liveJs : this.js).consumers.get(this.stream, { opt_start_seq: sequence, ...(filter && { filter_subjects: filter }) }).catch((error: unknown) => {
        throw unanswered(error) ? unavailable(`No NATS server set up a consumer: ${(error as Error).message}`) : error;
      });
      try {
        if (!live && (await consumer.info(true)).num_pending === 0) return;
        const messages = await consumer.consume({ max_messages: batch, idle_heartbeat: HEARTBEAT_MS });
        const silent = new AbortController();
        void (async () => {
          for await (const status of messages.status()) {
            if (status.type !== 'heartbeats_missed') continue;
            silent.abort();
            return onSilence?.();
          }
        })();
        const stopping = AbortSignal.any([lost.signal, silent.signal, ...(signal ? [signal] : [])]);
        const stop = () => void messages.stop();
        stopping.addEventListener('abort', stop);
        if (stopping.aborted) stop();
        try {
          for await (const message of messages) {
            yield message;
            if (!live && message.info.pending === 0) return;
          }
        } finally {
          stopping.removeEventListener('abort', stop);
          await messages.close();
        }
        if (lost.signal.aborted) throw unavailable('The connection to NATS is down');
        if (silent.signal.aborted && !onSilence) throw unavailable('A consumer went silent: the NATS server holding it is gone');
      } finally {
        // The server would drop the idle consumer after a while anyway; do not wait for it.
        consumer.delete().catch(() => undefined);
      }
    } finally {
      stopWatching();
    }
  }
}

function commitHeaders(streamId: string, firstRevision: number, eventCount: number, commitId: string, expectedLastSequence: number): MsgHdrs {
  return outgoingHeaders({
    [CommitHeader.streamId]: streamId,
    [CommitHeader.firstRevision]: String(firstRevision),
    [CommitHeader.eventCount]: String(eventCount),
    [CommitHeader.commitId]: commitId,
    // JetStream's own: the de-duplication id, which names the revision the commit takes, and the optimistic concurrency check.
    'Nats-Msg-Id': `${streamId}@${firstRevision}`,
    'Nats-Expected-Last-Subject-Sequence': String(expectedLastSequence),
  });
}

function resultOf(sequence: number, firstRevision: number, eventCount: number): AppendResult {
  return { nextRevision: firstRevision + eventCount - 1, position: encodePosition(sequence, eventCount - 1) };
}

/** What appending a stored commit message returned. */
function commitOf(message: StoredMsg): AppendResult {
  return resultOf(message.seq, Number(message.header.get(CommitHeader.firstRevision)), Number(message.header.get(CommitHeader.eventCount)));
}

function eventsOf(message: JsMsg): RecordedEvent[] {
  const block = headerBlock(message);
  const header = (name: string) => (block === undefined ? (message.headers?.get(name) ?? '') : headerValue(block, name));
  return commitEvents(message.seq, detached(header(CommitHeader.streamId)), Number(header(CommitHeader.firstRevision)), isoTime(message.info.timestampNanos), message.json<EventData[]>());
}

/**
 * The events of the commits a reader thread handed over, each commit parsed when its events are
 * reached: only a page's events are alive at once, not a whole batch's.
 */
function* eventsOfBatch(batch: CommitBatch): Iterable<RecordedEvent> {
  for (let i = 0; i < batch.count; i++) {
    const body = JSON.parse(batch.bodies[i]!) as EventData[];
    yield* commitEvents(batch.seqs[i]!, batch.streamIds[i]!, batch.firstRevisions[i]!, isoTime(batch.timesNanos[i]!), body);
  }
}

/** The events of a commit message read by sequence or subject rather than delivered by a consumer. */
function storedEventsOf(message: StoredMsg): RecordedEvent[] {
  const header = (name: string) => message.header.get(name);
  return commitEvents(message.seq, detached(header(CommitHeader.streamId)), Number(header(CommitHeader.firstRevision)), isoTime(nanosOf(message.timestamp)), message.json<EventData[]>());
}

function commitEvents(seq: number, streamId: string, firstRevision: number, recordedAt: string, body: EventData[]): RecordedEvent[] {
  return body.map(({ type, data, metadata = {} }, index) => ({
    streamId,
    type,
    data,
    metadata,
    revision: firstRevision + index,
    position: encodePosition(seq, index),
    recordedAt,
  }));
}

/** The first stream sequence that can hold an event positioned after `after`. */
function sequenceAfter(after: number): number {
  return Math.max(1, decodePosition(after).sequence);
}

