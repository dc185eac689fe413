import { useEffect, useRef, useState } from 'preact/hooks';
import { api, type LoggedEvent } from './api.js';
import { eventText } from './event-text.js';
import { formatTime, shortId } from './format.js';
import { followEvents, type StreamStatus } from './live-events.js';
import { type NameBook } from './names.js';

/** Where the last event seen is kept, so that a reloaded page resumes after it. */
const CHECKPOINT_KEY = 'ironledger.console.lastEventId';
/** Events the feed shows (the newest). */
const FEED_LENGTH = 200;
/** Events are handed to the page in batches: a busy fleet must not re-render it per event. */
const BATCH_MS = 1000;

export interface LiveEvents {
  /** The newest events, newest first. */
  readonly events: readonly LoggedEvent[];
  readonly status: StreamStatus;
  /** Counts the batches that brought events: what shows the present reloads when it changes. */
  readonly tick: number;
  /** The nodes the last batch's events were about. */
  readonly touched: ReadonlySet<string>;
}

/**
 * Follows `GET /v1/events` for the page's lifetime: from the checkpoint of an earlier visit when
 * there is one (so the events that happened meanwhile arrive first), else from the log's head.
 */
export function useLiveEvents(): LiveEvents {
  const [live, setLive] = useState<LiveEvents>({ events: [], status: { state: 'connecting' }, tick: 0, touched: new Set() });
  const batch = useRef<LoggedEvent[]>([]);
  useEffect(() => {
    const stop = new AbortController();
    const setStatus = (status: StreamStatus) => setLive((previous) => ({ ...previous, status }));
    const flush = setInterval(() => {
      const arrived = batch.current;
      if (arrived.length === 0) return;
      batch.current = [];
      localStorage.setItem(CHECKPOINT_KEY, String(arrived.at(-1)!.position));
      const touched = new Set(arrived.flatMap((event) => (event.meta.nodeId ? [event.meta.nodeId] : [])));
      setLive((previous) => ({ ...previous, events: [...arrived.slice(-FEED_LENGTH).reverse(), ...previous.events].slice(0, FEED_LENGTH), tick: previous.tick + 1, touched }));
    }, BATCH_MS);
    void (async () => {
      // A checkpoint beyond the head is another log's (the store was reset): start from the head.
      const head = await retrying(() => api.fleet(null), stop.signal, setStatus);
      if (!head) return;
      const saved = Number(localStorage.getItem(CHECKPOINT_KEY) ?? NaN);
      const from = Number.isSafeInteger(saved) && saved > 0 && saved <= head.position ? saved : head.position;
      await followEvents({ from, onEvent: (event) => batch.current.push(event), onStatus: setStatus, signal: stop.signal });
    })();
    return () => {
      stop.abort();
      clearInterval(flush);
    };
  }, []);
  return live;
}

/** `load()`, tried again every 2 s until it answers; `undefined` once `signal` aborts. */
async function retrying<T>(load: () => Promise<T>, signal: AbortSignal, onStatus: (status: StreamStatus) => void): Promise<T | undefined> {
  while (!signal.aborted) {
    try {
      return await load();
    } catch (error) {
      onStatus({ state: 'retrying', error: (error as Error).message });
      await new Promise((resolve) => setTimeout(resolve, 2000));
    }
  }
  return undefined;
}

export function StreamState({ status }: { status: StreamStatus }) {
  const text = status.state === 'live' ? 'live' : status.state === 'connecting' ? 'connecting…' : `reconnecting (${status.error})`;
  return (
    <span class={`stream ${status.state}`} role="status" aria-label="Event stream">
      {text}
    </span>
  );
}

/** The newest events, each naming its node by name (by its UUID's first group while the name is unknown, or when it has none). */
export function LiveFeed({ live, names, onSelect }: { live: LiveEvents; names: NameBook; onSelect: (uuid: string) => void }) {
  return (
    <section class="panel feed" aria-labelledby="feed-title">
      <h2 id="feed-title">Live events</h2>
      {live.events.length === 0 ? (
        <p class="muted">No events since the page opened.</p>
      ) : (
        <ol class="events" aria-label="Events">
          {live.events.map((event) => {
            const { summary, error } = eventText(event.type, event.data);
            const node = event.meta.nodeId;
            return (
              <li key={event.position} data-position={event.position}>
                <time dateTime={event.meta.at}>{formatTime(event.meta.at)}</time>
                <strong>{event.type}</strong>
                {node && (
                  <button type="button" class="link" title={node} onClick={() => onSelect(node)}>
                    {names.get(node) ?? shortId(node)}
                  </button>
                )}
                <span>{summary}</span>
                {error && <span class="error">{error}</span>}
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
