import { describe, expect, it } from '@jest/globals';
import { Microversion } from './microversion.js';
import { nextLink } from './collection-query.js';
import { parseNodeQuery, selectPage } from './node-query.js';
import { aNode } from './testing/nodes.js';

const latest = new Microversion(82);
const uuid = (i: number) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;
/** Five nodes in creation order; names run the other way round. */
const fleet = [1, 2, 3, 4, 5].map((i) =>
  aNode({ uuid: uuid(i), name: `n${6 - i}`, maintenance: i === 2, instance_uuid: i === 3 ? uuid(99) : null, provision_state: i <= 2 ? 'enroll' : 'available', owner: i === 5 ? 'p1' : null }),
);
const page = (raw: Record<string, unknown>, version = latest) => selectPage(fleet, parseNodeQuery(raw, version)).nodes.map((node) => node.uuid);

describe('parseNodeQuery', () => {
  it('defaults to creation order, ascending, pages of 1000', () => {
    expect(parseNodeQuery({}, latest)).toEqual({ filters: {}, limit: 1000, marker: undefined, sortKey: 'id', sortDir: 'asc', fields: undefined, detail: false });
  });

  it('refuses non-positive and non-numeric limits, and caps large ones', () => {
    expect(() => parseNodeQuery({ limit: '0' }, latest)).toThrow(expect.objectContaining({ status: 400, message: 'Limit must be positive' }));
    expect(() => parseNodeQuery({ limit: '-3' }, latest)).toThrow(expect.objectContaining({ status: 400, message: 'Limit must be positive' }));
    expect(() => parseNodeQuery({ limit: 'ten' }, latest)).toThrow(expect.objectContaining({ status: 400 }));
    expect(parseNodeQuery({ limit: '5000' }, latest).limit).toBe(1000);
  });

  it('refuses bad markers, sort keys and directions with 400', () => {
    expect(() => parseNodeQuery({ marker: 'n1' }, latest)).toThrow(expect.objectContaining({ status: 400 }));
    expect(() => parseNodeQuery({ sort_key: 'driver_info' }, latest)).toThrow(expect.objectContaining({ status: 400 }));
    expect(() => parseNodeQuery({ sort_dir: 'up' }, latest)).toThrow(expect.objectContaining({ status: 400 }));
    expect(() => parseNodeQuery({ maintenance: 'maybe' }, latest)).toThrow(expect.objectContaining({ status: 400 }));
  });

  it('refuses parameters newer than the version with 406', () => {
    expect(() => parseNodeQuery({ provision_state: 'enroll' }, new Microversion(8))).toThrow(expect.objectContaining({ status: 406 }));
    expect(() => parseNodeQuery({ driver: 'fake-hardware' }, new Microversion(15))).toThrow(expect.objectContaining({ status: 406 }));
    expect(() => parseNodeQuery({ owner: 'p1' }, new Microversion(49))).toThrow(expect.objectContaining({ status: 406 }));
    expect(() => parseNodeQuery({ detail: 'true' }, new Microversion(42))).toThrow(expect.objectContaining({ status: 406 }));
    expect(() => parseNodeQuery({ fields: 'uuid' }, new Microversion(7))).toThrow(expect.objectContaining({ status: 406 }));
  });

  it('refuses detail together with fields', () => {
    expect(() => parseNodeQuery({ detail: 'true', fields: 'uuid' }, latest)).toThrow(expect.objectContaining({ status: 400 }));
    expect(() => parseNodeQuery({ fields: 'uuid' }, latest, { detailPath: true })).toThrow(expect.objectContaining({ status: 400 }));
  });

  it('takes the last value of a repeated parameter', () => {
    expect(parseNodeQuery({ limit: ['1', '2'] }, latest).limit).toBe(2);
  });
});

describe('selectPage', () => {
  it('filters', () => {
    expect(page({ maintenance: 'true' })).toEqual([uuid(2)]);
    expect(page({ associated: 'true' })).toEqual([uuid(3)]);
    expect(page({ associated: 'false', provision_state: 'available' })).toEqual([uuid(4), uuid(5)]);
    expect(page({ owner: 'p1' })).toEqual([uuid(5)]);
    expect(page({ driver: 'ipmi' })).toEqual([]);
  });

  it('sorts by a key with creation order breaking ties, in both directions', () => {
    expect(page({ sort_key: 'name' })).toEqual([5, 4, 3, 2, 1].map(uuid));
    expect(page({ sort_key: 'provision_state', sort_dir: 'desc' })).toEqual([2, 1, 5, 4, 3].map(uuid));
    expect(page({ sort_dir: 'desc' })).toEqual([5, 4, 3, 2, 1].map(uuid));
  });

  it('pages after the marker, and offers a next page when the page is full', () => {
    const first = selectPage(fleet, parseNodeQuery({ limit: '2' }, latest));
    expect(first.nodes.map((n) => n.uuid)).toEqual([uuid(1), uuid(2)]);
    expect(first.hasNext).toBe(true);
    expect(page({ limit: '2', marker: uuid(2) })).toEqual([uuid(3), uuid(4)]);
    const last = selectPage(fleet, parseNodeQuery({ limit: '2', marker: uuid(4) }, latest));
    expect(last).toMatchObject({ hasNext: false });
    expect(last.nodes.map((n) => n.uuid)).toEqual([uuid(5)]);
    expect(page({ sort_key: 'name', limit: '2', marker: uuid(4) })).toEqual([uuid(3), uuid(2)]);
  });

  it('answers 404 for a marker that is no node', () => {
    expect(() => page({ marker: uuid(42) })).toThrow(expect.objectContaining({ status: 404, message: `Node ${uuid(42)} could not be found.` }));
  });
});

describe('nextLink', () => {
  it('repeats the query with the marker replaced', () => {
    expect(nextLink('http://h:1', '/v1/nodes', { limit: '2', marker: uuid(1), maintenance: 'false' }, uuid(3))).toBe(
      `http://h:1/v1/nodes?limit=2&maintenance=false&marker=${uuid(3)}`,
    );
  });
});
