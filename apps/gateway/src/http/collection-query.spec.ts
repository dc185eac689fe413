import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { selectPage } from './collection-query.js';

interface Item {
  readonly uuid: string;
  readonly kind: 'a' | 'b';
}

const paged = (items: readonly Item[]) => ({ items, uuidOf: (item: Item) => item.uuid, sortValue: (item: Item) => item.kind, unknownMarker: (uuid: string) => `Item ${uuid} could not be found.` });

/** The page by definition: every item kept, in creation order (reversed for `desc`), after the marker's place. */
function expectedPage(items: readonly Item[], sortDir: 'asc' | 'desc', limit: number, marker: string | undefined, keep: (item: Item) => boolean): Item[] {
  const ordered = sortDir === 'asc' ? [...items] : [...items].reverse();
  const after = marker === undefined ? ordered : ordered.slice(ordered.findIndex((item) => item.uuid === marker) + 1);
  return after.filter(keep).slice(0, limit);
}

describe('selectPage in creation order', () => {
  it('is the filtered collection in order after the marker, whichever the direction, marker and limit', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom<'a' | 'b'>('a', 'b'), { maxLength: 40 }),
        fc.constantFrom<'asc' | 'desc'>('asc', 'desc'),
        fc.integer({ min: 1, max: 10 }),
        fc.option(fc.nat(), { nil: undefined }),
        fc.constantFrom<'a' | 'b' | undefined>('a', 'b', undefined),
        (kinds, sortDir, limit, markerAt, only) => {
          const items = kinds.map((kind, index) => ({ uuid: `item-${index}`, kind }));
          const marker = markerAt === undefined || items.length === 0 ? undefined : items[markerAt % items.length]!.uuid;
          const keep = (item: Item) => only === undefined || item.kind === only;
          const page = selectPage(paged(items), { sortKey: 'id', sortDir, limit, marker }, keep);
          const expected = expectedPage(items, sortDir, limit, marker, keep);
          expect(page.items).toEqual(expected);
          expect(page.hasNext).toBe(expected.length === limit);
          // The same pages from a sequence that is not an array, says where an item is and has gaps, in either sort.
          const gappy = items.flatMap((item, index) => (index % 3 === 1 ? [undefined, item] : [item]));
          const sequence = { length: gappy.length, at: (index: number) => gappy[index], positionOf: (uuid: string) => gappy.findIndex((item) => item?.uuid === uuid) };
          for (const sortKey of ['id', 'kind']) {
            const query = { sortKey, sortDir, limit, marker };
            expect(selectPage({ ...paged(items), items: sequence }, query, keep)).toEqual(selectPage(paged(items), query, keep));
          }
        },
      ),
    );
  });

  it('refuses a marker that names no item', () => {
    expect(() => selectPage(paged([{ uuid: 'item-0', kind: 'a' }]), { sortKey: 'id', sortDir: 'asc', limit: 5, marker: 'item-9' })).toThrow('Item item-9 could not be found.');
  });
});
