/**
 * Node names, by UUID, for what the console shows by UUID alone (the live feed's events carry
 * only the node's UUID). Learned from the events themselves (enrolment, renaming, deletion)
 * and from the rows the console lists; the rest are asked for once each.
 */
import { type LoggedEvent } from './api.js';

/** A node's name: a string, `null` when it has none (or is gone), absent while unknown. */
export type NameBook = ReadonlyMap<string, string | null>;

/** What the events say of names: an enrolment or a rename names the node, a deletion leaves it unnamed. */
export function namesFromEvents(events: readonly LoggedEvent[]): [string, string | null][] {
  const learned: [string, string | null][] = [];
  for (const { type, data, meta } of events) {
    if (!meta.nodeId) continue;
    if (type === 'NodeRegistered') learned.push([meta.nodeId, typeof data.name === 'string' ? data.name : null]);
    const changes = data.changes as Readonly<Record<string, unknown>> | undefined;
    if (type === 'NodeUpdated' && changes && 'name' in changes) learned.push([meta.nodeId, typeof changes.name === 'string' ? changes.name : null]);
  }
  return learned;
}

/** The nodes of `uuids` whose names are not known yet, each once. */
export const unknownNames = (book: NameBook, uuids: Iterable<string>): string[] => [...new Set(uuids)].filter((uuid) => !book.has(uuid));
