import { describe, expect, it } from '@jest/globals';
import { LruMap } from './lru.js';

describe('LruMap', () => {
  it('forgets the least recently used entry beyond its capacity', () => {
    const map = new LruMap<string, number>(2);
    map.set('a', 1);
    map.set('b', 2);
    expect(map.get('a')).toBe(1); // a is now more recent than b
    map.set('c', 3);
    expect([map.get('a'), map.get('b'), map.get('c'), map.size]).toEqual([1, undefined, 3, 2]);
    map.set('a', 10); // replacing refreshes too
    map.set('d', 4);
    expect([map.get('a'), map.get('c'), map.get('d')]).toEqual([10, undefined, 4]);
    map.delete('a');
    expect(map.size).toBe(1);
  });

  it('peeks at an entry without making it more recent', () => {
    const map = new LruMap<string, number>(2);
    map.set('a', 1);
    map.set('b', 2);
    expect(map.peek('a')).toBe(1);
    expect(map.peek('z')).toBeUndefined();
    map.set('c', 3);
    expect([map.peek('a'), map.peek('b'), map.peek('c')]).toEqual([undefined, 2, 3]);
  });

  it('hands each entry forgotten for room to onEvict, and only those', () => {
    const evicted: [number, string][] = [];
    const map = new LruMap<string, number>(2, (value, key) => evicted.push([value, key]));
    map.set('a', 1);
    map.set('b', 2);
    map.set('a', 10);
    map.delete('b');
    map.set('c', 3);
    expect(evicted).toEqual([]);
    map.set('d', 4);
    expect(evicted).toEqual([[10, 'a']]);
    expect([...map.values()]).toEqual([3, 4]);
    map.clear();
    expect([map.size, evicted.length]).toEqual([0, 1]);
  });

  it('refuses a capacity below one', () => {
    expect(() => new LruMap(0)).toThrow(RangeError);
  });
});
