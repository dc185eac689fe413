/**
 * A map that keeps at most `capacity` entries, forgetting the least recently used first: a
 * cache whose size is bounded whatever the fleet's. `onEvict` hears of each entry forgotten
 * for room (not of those deleted or cleared), to release what it holds.
 */
export class LruMap<K, V> {
  private readonly entries = new Map<K, V>();

  constructor(
    readonly capacity: number,
    private readonly onEvict?: (value: V, key: K) => void,
  ) {
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

  /** The entry, leaving its place alone: for a cache whose order is that of its writes, not its reads. */
  peek(key: K): V | undefined {
    return this.entries.get(key);
  }

  set(key: K, value: V): void {
    this.entries.delete(key);
    this.entries.set(key, value);
    if (this.entries.size <= this.capacity) return;
    // A Map iterates in insertion order: its first entry is the least recently used.
    const [oldestKey, oldest] = this.entries.entries().next().value as [K, V];
    this.entries.delete(oldestKey);
    this.onEvict?.(oldest, oldestKey);
  }

  delete(key: K): void {
    this.entries.delete(key);
  }

  /** The values, least recently used first. */
  values(): IterableIterator<V> {
    return this.entries.values();
  }

  clear(): void {
    this.entries.clear();
  }
}
