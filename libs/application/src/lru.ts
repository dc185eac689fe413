/**
 * A map that keeps at most `capacity` entries, forgetting the least recently used first: a
 * cache whose size is bounded whatever the fleet's.
 */
export class LruMap<K, V> {
  private readonly entries = new Map<K, V>();

  constructor(readonly capacity: number) {
    if (!(Number.isInteger(capacity) && capacity >= 1)) throw new RangeError(`An LRU map holds at least one entry, not ${capacity}`);
  }

  get size(): number {
    return this.entries.size;
  }

  /** The entry, which becomes the most recently used. */
  get(key: K): V | undefined {
    const value = this.entries.get(key);
    if (value === undefined) return undefined;
    this.entries.delete(key);
    this.entries.set(key, value);
    return value;
  }

  set(key: K, value: V): void {
    this.entries.delete(key);
    this.entries.set(key, value);
    // A Map iterates in insertion order: its first key is the least recently used.
    if (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value as K);
  }

  delete(key: K): void {
    this.entries.delete(key);
  }
}
