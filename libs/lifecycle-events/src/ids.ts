import { createHash } from 'node:crypto';

/** ironledger's own UUID namespace for ids derived from log positions (a random v4, fixed forever). */
const NAMESPACE = Buffer.from('6d1f3b8e4a2c4f0b9e7d5c3a1b2f4e6d', 'hex');

/**
 * A name-based (version 5, RFC 9562) UUID: the same name always gives the same UUID, so ids
 * derived from log positions are stable across replays, processes and machines.
 */
export function stableUuid(name: string): string {
  const bytes = createHash('sha1').update(NAMESPACE).update(name).digest().subarray(0, 16);
  bytes[6] = (bytes[6] & 0x0f) | 0x50;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** A timestamp as Ironic's objects serialise it: `2026-11-21T10:00:00+00:00` (UTC, whole seconds). */
export function ironicDateTime(iso: string | null): string | null {
  if (iso === null) return null;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return `${date.toISOString().slice(0, 19)}+00:00`;
}

/** A timestamp as oslo.messaging stamps a notification: `str(utcnow())`, `2026-11-21 10:00:00.000000`. */
export function osloTimestamp(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return `${date.toISOString().slice(0, 10)} ${date.toISOString().slice(11, 23)}000`;
}
