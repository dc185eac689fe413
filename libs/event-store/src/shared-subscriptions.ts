import { type AppendOptions, type AppendResult, type EventData, type EventStore, type ReadAllOptions, type ReadPagesOptions, type RecordedEvent, type SubscribeOptions, type Subscription } from './event-store.js';

/** Events read per page while a subscriber catches up. */
const PAGE = 1000;

/** One subscriber of the shared feed: what the feed delivered since it joined, or that it fell too far behind. */
interface Listener {
  queue: RecordedEvent[];
  /** Index of the next event of `queue` to deliver. */
  head: number;
  overflowed: boolean;
  /** The feed ended (its store closed), or failed with `failure`. */
  ended: boolean;
  failure?: unknown;
  wake(): void;
}

/** The one live subscription of the inner store, and where it stands. */
interface Feed {
  readonly subscription: Subscription;
  readonly listeners: Set<Listener>;
  /** Position of the last event it delivered (its starting checkpoint before the first). */
  delivered: number;
}

/**
 * An event store whose subscribers share ONE live subscription of the store it wraps, instead
 * of one each: a process that keeps a projection and relays events (the gateway) receives and
 * decodes every event once. A subscriber first catches up by reading the store from its own
 * checkpoint up to where the shared feed stood when it joined, then takes the feed's events.
 * The feed starts at the first subscriber's checkpoint and ends with the last subscriber.
 */
export class SharedSubscriptionStore implements EventStore {
  private feed?: Feed;

  constructor(
    private readonly inner: EventStore,
    /** Live events held for a subscriber that falls behind; beyond that it catches up from the store again. */
    private readonly maxQueued = 10_000,
  ) {}

  append(streamId: string, events: readonly EventData[], options: AppendOptions): Promise<AppendResult> {
    return this.inner.append(streamId, events, options);
  }

  readStream(streamId: string, fromRevision?: number): Promise<RecordedEvent[]> {
    return this.inner.readStream(streamId, fromRevision);
  }

  readAll(options?: ReadAllOptions): Promise<RecordedEvent[]> {
    return this.inner.readAll(options);
  }

  readAllPages(options: ReadPagesOptions): AsyncIterable<RecordedEvent[]> {
    return this.inner.readAllPages(options);
  }

  lastPosition(): Promise<number> {
    return this.inner.lastPosition();
  }

  close(): Promise<void> {
    return this.inner.close();
  }

  subscribeToAll({ after = 0 }: SubscribeOptions = {}): Subscription {
    const feed = (this.feed ??= this.startFeed(after));
    const listener: Listener = { queue: [], head: 0, overflowed: false, ended: false, wake: () => {} };
    feed.listeners.add(listener);
    let closed = false;
    const leave = () => {
      closed = true;
      listener.wake();
      feed.listeners.delete(listener);
      if (feed.listeners.size === 0) this.endFeed(feed);
    };
    // What the feed delivered before this subscriber listened is read from the store.
    const iterator = this.follow(feed, listener, after, feed.delivered, () => closed);
    return {
      [Symbol.asyncIterator]: () => iterator,
      close: async () => {
        leave();
        await iterator.return(undefined);
      },
    };
  }

  private async *follow(feed: Feed, listener: Listener, after: number, joinedAt: number, isClosed: () => boolean): AsyncGenerator<RecordedEvent, void, undefined> {
    let cursor = after;
    for (;;) {
      while (cursor < joinedAt && !isClosed()) {
        const page = await this.inner.readAll({ after: cursor, limit: PAGE });
        if (page.length === 0) break;
        for (const event of page) {
          if (isClosed()) return;
          cursor = event.position;
          yield event;
        }
      }
      while (!isClosed() && !listener.overflowed) {
        if (listener.head < listener.queue.length) {
          const event = listener.queue[listener.head++]!;
          if (event.position <= cursor) continue;
          cursor = event.position;
          yield event;
          continue;
        }
        listener.queue = [];
        listener.head = 0;
        if (listener.failure !== undefined) throw listener.failure;
        if (listener.ended) return;
        await new Promise<void>((resolve) => (listener.wake = resolve));
      }
      if (isClosed()) return;
      // Fell too far behind: start over from the store, up to where the feed is now.
      listener.overflowed = false;
      joinedAt = feed.delivered;
    }
  }

  private startFeed(after: number): Feed {
    const feed: Feed = { subscription: this.inner.subscribeToAll({ after }), listeners: new Set(), delivered: after };
    void this.pump(feed);
    return feed;
  }

  private async pump(feed: Feed): Promise<void> {
    let failure: unknown;
    try {
      for await (const event of feed.subscription) {
        feed.delivered = event.position;
        for (const listener of feed.listeners) {
          if (listener.overflowed) continue;
          if (listener.queue.length - listener.head >= this.maxQueued) {
            listener.queue = [];
            listener.head = 0;
            listener.overflowed = true;
          } else listener.queue.push(event);
          listener.wake();
        }
      }
    } catch (error) {
      failure = error;
    }
    // Every subscriber hears that the feed is over (after the events it has); a new subscription starts a new feed.
    for (const listener of feed.listeners) {
      listener.ended = true;
      listener.failure = failure;
      listener.wake();
    }
    this.endFeed(feed);
  }

  private endFeed(feed: Feed): void {
    if (this.feed !== feed) return;
    this.feed = undefined;
    void feed.subscription.close();
  }
}
