import { type EventStore } from '../event-store.js';

/**
 * Appends `count` commits of 1–3 events (1 + n mod 3), each to a stream of its own (`stream-<n>`),
 * 32 at a time: a long log quickly, for tests of whole-log reads.
 */
export async function appendCommits(store: EventStore, count: number): Promise<void> {
  for (let first = 0; first < count; first += 32) {
    await Promise.all(
      Array.from({ length: Math.min(32, count - first) }, (_, k) => {
        const n = first + k;
        const events = Array.from({ length: 1 + (n % 3) }, (_, i) => ({ type: 'Seeded', data: { n, i, text: `commit ${n} ünïcode` }, metadata: { by: 'test' } }));
        return store.append(`stream-${n}`, events, { expectedRevision: 'no_stream' });
      }),
    );
  }
}
