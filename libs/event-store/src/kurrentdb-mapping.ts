/** Pure translations between the port and the KurrentDB client (see kurrentdb.ts). */
import { createHash } from 'node:crypto';
import {
  ANY,
  NO_STREAM,
  START,
  type AppendStreamState,
  type Position,
  type ReadPosition,
  type RecordedEvent as KurrentRecordedEvent,
} from '@kurrent/kurrentdb-client';
import { type ExpectedRevision, type RecordedEvent } from './event-store.js';

export function toStreamState(expected: ExpectedRevision): AppendStreamState {
  switch (expected) {
    case 'no_stream':
      return NO_STREAM;
    case 'any':
      return ANY;
    default:
      return BigInt(expected);
  }
}

/** ironledger's fixed namespace for name-based event ids. */
const EVENT_ID_NAMESPACE = '6f1c4c8e-4b7a-4f5e-9d2a-1b3c5d7e9f01';

/**
 * The id of the `index`th event of a commit: the same commit always yields the same ids, which is
 * what lets the server recognise a retried append as already written (its idempotency check).
 */
export function eventId(streamId: string, commitId: string, index: number): string {
  return uuidV5(EVENT_ID_NAMESPACE, `${streamId}\n${commitId}\n${index}`);
}

/** A name-based (SHA-1) UUID, RFC 9562 version 5. */
export function uuidV5(namespace: string, name: string): string {
  const hash = createHash('sha1').update(Buffer.from(namespace.replaceAll('-', ''), 'hex')).update(name).digest();
  hash[6] = (hash[6] & 0x0f) | 0x50; // version 5
  hash[8] = (hash[8] & 0x3f) | 0x80; // RFC variant
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/*
 * Positions. The server writes each append, multi-event ones included, as one prepare record per
 * event flagged "committed" (no separate commit record); $all reports each event at
 * { commit: its own log position, prepare: the same }, and the append reply carries the last
 * one's (KurrentDB AllReader, StorageChaser). So the events of one append do NOT share a commit
 * position: each has its own, increasing in log (= commit) order. That log position is our
 * position, and resuming turns it back into { commit: p, prepare: p }. Only explicit transactions
 * (legacy TCP API) put several events behind one commit record, sharing its commit position: we
 * refuse those rather than hand out duplicate positions.
 */
export function encodePosition({ commit, prepare }: Position): number {
  if (commit !== prepare) {
    throw new Error(`Event at commit ${commit}, prepare ${prepare} belongs to an explicit transaction, which is not supported`);
  }
  if (commit <= 0n || commit > BigInt(Number.MAX_SAFE_INTEGER)) throw new RangeError(`Log position ${commit} is not a positive safe integer`);
  return Number(commit);
}

/** Where to start reading for events strictly after `after` (a forward read includes the event at `after`). */
export function readPositionAfter(after: number | undefined): ReadPosition {
  return after ? { commit: BigInt(after), prepare: BigInt(after) } : START;
}

export function isSystemEvent(streamId: string, type: string): boolean {
  return streamId.startsWith('$') || type.startsWith('$');
}

/**
 * Our view of a client event, or undefined when it is not ours: a system event or, with a stream
 * prefix, one outside it.
 */
export function toRecordedEvent(event: KurrentRecordedEvent | undefined, streamPrefix: string): RecordedEvent | undefined {
  if (!event || isSystemEvent(event.streamId, event.type) || !event.streamId.startsWith(streamPrefix)) return undefined;
  if (!event.position) throw new Error('KurrentDB did not report event positions: the server must be 22.6 or later');
  return {
    streamId: event.streamId.slice(streamPrefix.length),
    revision: Number(event.revision),
    position: encodePosition(event.position),
    type: event.type,
    data: event.data as Record<string, unknown>,
    metadata: (event.metadata ?? {}) as Record<string, unknown>,
    recordedAt: wholeSeconds(event.created).toISOString(),
  };
}

/**
 * The client reads streams and $all through its Rust core, which truncates `created` to whole
 * seconds, while subscriptions keep milliseconds: truncate always, so an event reads the same
 * whichever way it arrives.
 */
function wholeSeconds(date: Date): Date {
  return new Date(Math.floor(date.getTime() / 1_000) * 1_000);
}
