import { type ReceivedEvent } from '@ironledger/lifecycle-events';

/**
 * Node events in order, from a checkpoint on, live; reconnecting by itself. Iterate it with
 * `for await`; leaving the loop (or `close()`) ends it.
 */
export interface EventSubscription extends AsyncIterable<ReceivedEvent> {
  /**
   * Position of the last event delivered (or the `from` it started at): keep it, and pass it as
   * `from` to resume exactly after it, over NATS or SSE alike.
   */
  readonly checkpoint: number;
  close(): Promise<void>;
}

/** Wraps a generator that stops when `closing` aborts into an `EventSubscription`. */
export function subscription(run: AsyncGenerator<ReceivedEvent, void, undefined>, closing: AbortController, checkpoint: () => number): EventSubscription {
  return {
    [Symbol.asyncIterator]: () => run,
    get checkpoint() {
      return checkpoint();
    },
    async close() {
      closing.abort();
      await run.return(undefined);
    },
  };
}
