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

export interface InMemoryEventStoreOptions {
  /** Source of `recordedAt` (default: the system clock). */
  readonly clock?: () => Date;
}

/** The event store for unit tests: everything in one array, positions 1, 2, 3… */
export class InMemoryEventStore implements EventStore {
  /** Every event in global order: the event at position p is `log[p - 1]`. */
  private readonly log: RecordedEvent[] = [];
  private readonly streams = new Map<string, RecordedEvent[]>();
  private readonly commits = new Map<string, AppendResult>();
  /** Subscriptions waiting for the next append. */
  private readonly waiting = new Set<() => void>();
  private readonly clock: () => Date;
  private closed = false;

  constructor({ clock = () => new Date() }: InMemoryEventStoreOptions = {}) {
    this.clock = clock;
  }

  async append(streamId: string, events: readonly EventData[], { expectedRevision, commitId }: AppendOptions): Promise<AppendResult> {
    const committed = commitId === undefined ? undefined : this.commits.get(commitId);
    if (committed) return committed;
    if (events.length === 0) throw new RangeError(`Append to ${streamId} has no events`);
    const stream = this.streams.get(streamId) ?? [];
    const actual = stream.length === 0 ? 'no_stream' : stream.length - 1;
    if (expectedRevision !== 'any' && expectedRevision !== actual) throw new ConcurrencyError(streamId, expectedRevision, actual);

    const recordedAt = this.clock().toISOString();
    // A JSON copy: callers cannot change what was stored, and data behaves as in a durable store.
    const recorded = events.map(({ type, data, metadata = {} }, index): RecordedEvent => ({
      streamId,
      type,
      data: jsonCopy(data),
      metadata: jsonCopy(metadata),
      revision: stream.length + index,
      position: this.log.length + index + 1,
      recordedAt,
    }));
    stream.push(...recorded);
    this.streams.set(streamId, stream);
    this.log.push(...recorded);

    const result = { nextRevision: stream.length - 1, position: this.log.length };
    if (commitId !== undefined) this.commits.set(commitId, result);
    this.wakeSubscriptions();
    return result;
  }

  async readStream(streamId: string, fromRevision = 0): Promise<RecordedEvent[]> {
    return (this.streams.get(streamId) ?? []).slice(Math.max(0, fromRevision));
  }

  async lastPosition(): Promise<number> {
    return this.log.at(-1)?.position ?? 0;
  }

  async readAll({ after = 0, limit = Infinity }: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    const start = indexAfter(after);
    return this.log.slice(start, start + limit);
  }

  async *readAllPages({ after = 0, pageSize }: ReadPagesOptions): AsyncGenerator<RecordedEvent[]> {
    for (let start = indexAfter(after); ; start += pageSize) {
      const page = this.log.slice(start, start + pageSize);
      if (page.length === 0) return;
      yield page;
    }
  }

  subscribeToAll({ after = 0 }: SubscribeOptions = {}): Subscription {
    const state = { closed: false, wake: () => {} };
    const iterator = this.follow(indexAfter(after), state);
    return {
      [Symbol.asyncIterator]: () => iterator,
      close: async () => {
        state.closed = true;
        this.waiting.delete(state.wake);
        state.wake();
        await iterator.return(undefined);
      },
    };
  }

  async close(): Promise<void> {
    this.closed = true;
    this.wakeSubscriptions();
  }

  private async *follow(next: number, state: { closed: boolean; wake: () => void }): AsyncGenerator<RecordedEvent, void, undefined> {
    while (!state.closed && !this.closed) {
      if (next < this.log.length) {
        yield this.log[next++];
      } else {
        await new Promise<void>((resolve) => {
          state.wake = resolve;
          this.waiting.add(resolve);
        });
      }
    }
  }

  private wakeSubscriptions(): void {
    for (const wake of this.waiting) wake();
    this.waiting.clear();
  }
}

/** Index in the log of the first event whose position is greater than `after`. */
function indexAfter(after: number): number {
  return Math.max(0, Math.floor(after));
}

function jsonCopy<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}
