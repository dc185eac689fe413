/**
 * Reading what a JetStream message carries besides its body, cheaply. Read nats.js's way, a
 * commit's headers (a map of every header, built per message) and its time (a `Date`, formatted
 * per message) cost a rebuild of the read model about as much as parsing the events themselves.
 */
import { type JsMsg } from '@nats-io/jetstream';
import { type Msg } from '@nats-io/transport-node';

/** The headers a commit message carries besides JetStream's own. */
export const CommitHeader = {
  streamId: 'Ironledger-Stream-Id',
  firstRevision: 'Ironledger-First-Revision',
  eventCount: 'Ironledger-Event-Count',
  commitId: 'Ironledger-Commit-Id',
} as const;

/** Where nats.js 3 keeps a message's bytes, the header block first (not part of its API). */
interface MessageBytes {
  readonly _rdata?: unknown;
  readonly _msg?: { readonly hdr?: unknown };
}

const utf8 = new TextDecoder();

/** A delivered message's header block as text (`NATS/1.0\r\nName: value\r\n…`), or `undefined` when nats.js does not keep it where version 3 does. */
export function headerBlock(message: JsMsg): string | undefined {
  return coreHeaderBlock((message as unknown as { readonly msg?: Msg }).msg);
}

/** The header block of a message received by a plain subscription (see `headerBlock`). */
export function coreHeaderBlock(message: Msg | undefined): string | undefined {
  const bytes = message as unknown as MessageBytes | undefined;
  const length = bytes?._msg?.hdr;
  return bytes?._rdata instanceof Uint8Array && typeof length === 'number' && length > 0 ? utf8.decode(bytes._rdata.subarray(0, length)) : undefined;
}

/** The first value of header `name` in a header block, as nats.js's `headers.get` reads it (trimmed; '' when there is none). */
export function headerValue(block: string, name: string): string {
  const key = `\r\n${name}:`;
  const start = block.indexOf(key);
  if (start < 0) return '';
  const end = block.indexOf('\r\n', start + key.length);
  return block.slice(start + key.length, end < 0 ? block.length : end).trim();
}

/**
 * A copy of `value` that does not keep alive the string it was cut from. V8 keeps a slice of a
 * long string as a view of it: a stream id read by `headerValue` would hold on to its commit's
 * whole header block for as long as the read model and the relay keep the id, the life of the
 * process (about 300 bytes a node). Concatenating makes V8 copy the characters.
 */
export function detached(value: string): string {
  return (' ' + value).slice(1);
}

let formattedMs = Number.NaN;
let formatted = '';

/** A JetStream timestamp in nanoseconds as ISO 8601 to the millisecond (nats.js's `timestamp`); a log read in order has runs of commits in one millisecond, and each run is formatted once. */
export function isoTime(nanos: number): string {
  const ms = Math.floor(nanos / 1_000_000);
  if (ms !== formattedMs) {
    formattedMs = ms;
    formatted = new Date(ms).toISOString();
  }
  return formatted;
}

/**
 * A stored message's RFC 3339 time (what JetStream's message get answers) in nanoseconds, rounded
 * to a double as a delivered message's `timestampNanos` is (nats.js parses the integer), so that
 * an event read either way has the same time: truncating the text to the millisecond instead
 * disagrees with it by a millisecond now and then.
 */
export function nanosOf(timestamp: string): number {
  const parts = /^([^.]+?)(?:\.(\d+))?(Z|[+-]\d\d:\d\d)$/.exec(timestamp);
  if (!parts) return Date.parse(timestamp) * 1_000_000;
  const [, whole, fraction = '', zone] = parts;
  return Number(BigInt(Date.parse(whole + zone)) * 1_000_000_000n / 1000n + BigInt(fraction.padEnd(9, '0').slice(0, 9)));
}
