/**
 * The event-store port on KurrentDB (or EventStoreDB 22.6+) through the official gRPC client.
 * Each append is one server write, so it is atomic and its events get consecutive revisions.
 */
import { randomUUID } from 'node:crypto';
import {
  BACKWARDS,
  END,
  ErrorType,
  KurrentDBClient,
  excludeSystemEvents,
  isCommandError,
  jsonEvent,
  streamNameFilter,
  type Filter,
} from '@kurrent/kurrentdb-client';
import { ConcurrencyError } from './errors.js';
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
import { encodePosition, eventId, readPositionAfter, toRecordedEvent, toStreamState } from './kurrentdb-mapping.js';
import { pagesAfter } from './pages.js';

export interface KurrentDbOptions {
  /**
   * Scopes the store to streams named `streamPrefix + streamId`: readAll and subscribeToAll see
   * only those. Lets several stores (tests, environments) share one server.
   */
  readonly streamPrefix?: string;
}

export class KurrentDbEventStore implements EventStore {
  readonly #client: KurrentDBClient;
  readonly #prefix: string;
  /** Server-side filter for $all: our streams only, without system events. */
  readonly #filter: Filter;
  readonly #subscriptions = new Set<Subscription>();
  #closing?: Promise<void>;

  private constructor(client: KurrentDBClient, prefix: string) {
    this.#client = client;
    this.#prefix = prefix;
    this.#filter = prefix ? streamNameFilter({ prefixes: [prefix] }) : excludeSystemEvents();
  }

  /** E.g. `kurrentdb://127.0.0.1:2113?tls=false`; fails fast when the server cannot be reached. */
  static async connect(connectionString: string, { streamPrefix = '' }: KurrentDbOptions = {}): Promise<KurrentDbEventStore> {
    if (streamPrefix.startsWith('$')) throw new RangeError('A stream prefix must not start with $: those are system streams');
    const client = KurrentDBClient.connectionString(connectionString);
    try {
      // One cheap read, so that a wrong address or credentials fail here rather than later.
      for await (const _ of client.readAll({ direction: BACKWARDS, fromPosition: END, maxCount: 1 }));
    } catch (error) {
      await client.dispose();
      throw error;
    }
    return new KurrentDbEventStore(client, streamPrefix);
  }

  async append(streamId: string, events: readonly EventData[], options: AppendOptions): Promise<AppendResult> {
    // The server would accept an empty write; the port does not.
    if (events.length === 0) throw new RangeError(`An append needs at least one event; the one to ${streamId} has none`);
    const commitId = options.commitId ?? randomUUID();
    const proposed = events.map(({ type, data, metadata }, index) =>
      jsonEvent({ id: eventId(streamId, commitId, index), type, data, metadata }),
    );
    try {
      const result = await this.#client.appendToStream(this.#prefix + streamId, proposed, {
        streamState: toStreamState(options.expectedRevision),
      });
      const nextRevision = Number(result.nextExpectedRevision);
      const position = result.position ? encodePosition(result.position) : await this.#positionOf(streamId, nextRevision);
      return { nextRevision, position };
    } catch (error) {
      if (error instanceof Error && isCommandError(error) && error.type === ErrorType.WRONG_EXPECTED_VERSION) {
        const actual = error.actualState === 'no_stream' ? 'no_stream' : Number(error.actualState);
        throw new ConcurrencyError(streamId, options.expectedRevision, actual);
      }
      throw error;
    }
  }

  async readStream(streamId: string, fromRevision = 0): Promise<RecordedEvent[]> {
    const events: RecordedEvent[] = [];
    try {
      for await (const { event } of this.#client.readStream(this.#prefix + streamId, { fromRevision: BigInt(fromRevision) })) {
        const recorded = toRecordedEvent(event, this.#prefix);
        if (recorded) events.push(recorded);
      }
    } catch (error) {
      if (error instanceof Error && isCommandError(error) && error.type === ErrorType.STREAM_NOT_FOUND) return [];
      throw error;
    }
    return events;
  }

  async readAll({ after = 0, limit }: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    const events: RecordedEvent[] = [];
    if (limit === 0) return events;
    const read = this.#client.readAll({
      fromPosition: readPositionAfter(after),
      // One more: the read starts with the event at `after`, which is not returned.
      maxCount: limit === undefined ? undefined : limit + 1,
      filter: this.#filter,
    });
    for await (const { event } of read) {
      const recorded = toRecordedEvent(event, this.#prefix);
      if (recorded && recorded.position > after) events.push(recorded);
      if (events.length === limit) break;
    }
    return events;
  }

  readAllPages({ after = 0, pageSize }: ReadPagesOptions): AsyncGenerator<RecordedEvent[]> {
    return pagesAfter(this.#eventsAfter(after), (event) => [event], after, pageSize);
  }

  /** This store's events (its prefix's) from the commit after position `after` on. */
  async *#eventsAfter(after: number): AsyncGenerator<RecordedEvent> {
    for await (const { event } of this.#client.readAll({ fromPosition: readPositionAfter(after), filter: this.#filter })) {
      const recorded = toRecordedEvent(event, this.#prefix);
      if (recorded) yield recorded;
    }
  }

  async lastPosition(): Promise<number> {
    for await (const { event } of this.#client.readAll({ direction: BACKWARDS, fromPosition: END, maxCount: 1, filter: this.#filter })) {
      const recorded = toRecordedEvent(event, this.#prefix);
      if (recorded) return recorded.position;
    }
    return 0;
  }

  subscribeToAll({ after = 0 }: SubscribeOptions = {}): Subscription {
    const source = this.#client.subscribeToAll({ fromPosition: readPositionAfter(after), filter: this.#filter });
    // The client emits errors directly; destroying with them keeps them for the iterator (which
    // may not be attached yet) instead of crashing the process as an unhandled 'error' event.
    source.on('error', (error) => source.destroy(error));
    const prefix = this.#prefix;
    let closed = false;
    const close = async (): Promise<void> => {
      if (closed) return;
      closed = true;
      this.#subscriptions.delete(subscription);
      await source.unsubscribe().catch(() => undefined); // a call that never started has nothing to cancel
      source.destroy();
    };
    async function* deliver(): AsyncGenerator<RecordedEvent> {
      let last = after;
      try {
        for await (const { event } of source) {
          const recorded = toRecordedEvent(event, prefix);
          // Skips the event at `after`, should the server send it, and any repeat at the catch-up/live seam.
          if (recorded && recorded.position > last) {
            last = recorded.position;
            yield recorded;
          }
        }
      } catch (error) {
        if (!closed) throw error; // closing cancels the call, which can surface as an error
      } finally {
        await close();
      }
    }
    const iterator = deliver();
    const subscription: Subscription = { close, [Symbol.asyncIterator]: () => iterator };
    this.#subscriptions.add(subscription);
    return subscription;
  }

  close(): Promise<void> {
    this.#closing ??= (async () => {
      await Promise.all([...this.#subscriptions].map((subscription) => subscription.close()));
      await this.#client.dispose();
    })();
    return this.#closing;
  }

  /** The server reports no position for an idempotent retry it cannot place: look the event up. */
  async #positionOf(streamId: string, revision: number): Promise<number> {
    for await (const { event } of this.#client.readStream(this.#prefix + streamId, { fromRevision: BigInt(revision), maxCount: 1 })) {
      const recorded = toRecordedEvent(event, this.#prefix);
      if (recorded) return recorded.position;
    }
    throw new Error(`Event ${revision} of stream ${streamId} vanished right after it was appended`);
  }
}
