/**
 * The event-store port: the only thing the rest of ironledger knows about persistence.
 *
 * Semantics shared by every adapter (and checked by the contract suite in `contract/`):
 * - A stream holds the events of one aggregate (one node); its revision is the 0-based
 *   index of its last event, so a stream with 3 events is at revision 2.
 * - One `append` is one commit: all its events are stored atomically or not at all, and
 *   they get consecutive revisions and consecutive global positions.
 * - Global positions are positive safe integers, strictly increasing in the order in which
 *   events were committed; they need not be dense.
 */

/** An event as the caller hands it to the store. */
export interface EventData {
  readonly type: string;
  readonly data: Readonly<Record<string, unknown>>;
  readonly metadata?: Readonly<Record<string, unknown>>;
}

/** An event as the store gives it back. */
export interface RecordedEvent extends EventData {
  readonly streamId: string;
  /** 0-based index of the event in its stream. */
  readonly revision: number;
  /** Position in the global order of all events. */
  readonly position: number;
  readonly metadata: Readonly<Record<string, unknown>>;
  /** When the store recorded the event (ISO 8601), as the store's clock saw it. */
  readonly recordedAt: string;
}

/**
 * What the appender believes about the stream:
 * - `'no_stream'`: the stream must not exist yet;
 * - a number: the stream's current revision must be exactly this;
 * - `'any'`: no check.
 */
export type ExpectedRevision = 'no_stream' | 'any' | number;

export interface AppendOptions {
  readonly expectedRevision: ExpectedRevision;
  /**
   * Identifies the commit. Appending it again with the same expected revision (a retry after a
   * lost reply) stores nothing and returns the original result, also once the stream has moved on
   * (for as long as the store remembers the commit: JetStream, 5 minutes). With `'any'` only the
   * store's own retries within one append are safe: appended again, the commit may land a second
   * time at a later revision (EventStoreDB, too, promises idempotence only for an expected
   * revision). Defaults to a random id.
   */
  readonly commitId?: string;
}

export interface AppendResult {
  /** Revision of the last event appended. */
  readonly nextRevision: number;
  /** Global position of the last event appended. */
  readonly position: number;
}

export interface ReadAllOptions {
  /** Return only events with a position strictly greater than this (default: from the start). */
  readonly after?: number;
  /** At most this many events. */
  readonly limit?: number;
}

export interface ReadPagesOptions {
  /** Start after this position (default: from the start). */
  readonly after?: number;
  /** Events per page (the last page may hold fewer). */
  readonly pageSize: number;
}

export interface SubscribeOptions {
  /** Deliver events with a position strictly greater than this: a checkpoint (default: from the start). */
  readonly after?: number;
}

/** A catch-up subscription: every stored event after the checkpoint, in order, then live ones. */
export interface Subscription extends AsyncIterable<RecordedEvent> {
  /** Stops delivery; the iterator then ends. */
  close(): Promise<void>;
}

export interface EventStore {
  append(streamId: string, events: readonly EventData[], options: AppendOptions): Promise<AppendResult>;
  /** Events of one stream from `fromRevision` (default 0), in order; empty when the stream does not exist. */
  readStream(streamId: string, fromRevision?: number): Promise<RecordedEvent[]>;
  /** Events of all streams in global order. */
  readAll(options?: ReadAllOptions): Promise<RecordedEvent[]>;
  /**
   * Events of all streams in global order, up to the end of the log, a page at a time: one read
   * of the log however long it is (paging through `readAll` starts a read per page).
   */
  readAllPages(options: ReadPagesOptions): AsyncIterable<RecordedEvent[]>;
  subscribeToAll(options?: SubscribeOptions): Subscription;
  /** The position of the last event the store holds now (0 when it holds none): how far a reader must get to be caught up. */
  lastPosition(): Promise<number>;
  /** Releases connections; the store is unusable afterwards. */
  close(): Promise<void>;
}
