import { describe, expect, it } from '@jest/globals';
import { type Introspection } from '@ironledger/domain';
import { ApiError } from '../http/errors.js';
import { introspectionStatus, inspectorTime, parseIntrospectionQuery, selectIntrospections } from './introspection.view.js';
import { aNode } from '../testing/nodes.js';

const record = (started_at: string, rest: Partial<Introspection> = {}): Introspection => ({ state: 'waiting', started_at, finished_at: null, error: null, ...rest });
const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

describe('introspection status', () => {
  it('has the inspector’s shape and time format', () => {
    const status = introspectionStatus(uuid(1), record('2026-11-21T10:00:00.123Z', { state: 'error', finished_at: '2026-11-21T10:05:00Z', error: 'Introspection timeout' }), 'http://h:1');
    expect(status).toEqual({
      uuid: uuid(1),
      state: 'error',
      finished: true,
      error: 'Introspection timeout',
      started_at: '2026-11-21T10:00:00.123000',
      finished_at: '2026-11-21T10:05:00.000000',
      links: [{ href: `http://h:1/v1/introspection/${uuid(1)}`, rel: 'self' }],
    });
    expect(inspectorTime(null)).toBeNull();
  });
});

describe('the status list', () => {
  const nodes = [
    aNode({ uuid: uuid(1), introspection: record('2026-11-21T10:00:00.000Z') }),
    aNode({ uuid: uuid(2), introspection: record('2026-11-21T11:00:00.000Z') }),
    aNode({ uuid: uuid(3), introspection: record('2026-11-21T10:00:00.000Z') }),
    aNode({ uuid: uuid(4), introspection: null }),
    aNode({ uuid: uuid(5) }),
  ];

  it('lists nodes with a record, newest first, then by UUID descending', () => {
    expect(selectIntrospections(nodes, { limit: 1000 }).map((n) => n.uuid)).toEqual([uuid(2), uuid(3), uuid(1)]);
  });

  it('pages after a marker, and 404s an unknown one', () => {
    expect(selectIntrospections(nodes, { limit: 1, marker: uuid(2) }).map((n) => n.uuid)).toEqual([uuid(3)]);
    expect(selectIntrospections(nodes, { limit: 5, marker: uuid(1) })).toEqual([]);
    expect(() => selectIntrospections(nodes, { limit: 5, marker: uuid(4) })).toThrow(new ApiError(404, `Node not found for marker: ${uuid(4)}`));
  });

  it('checks marker and limit as the inspector does', () => {
    expect(parseIntrospectionQuery({})).toEqual({ marker: undefined, limit: 1000 });
    expect(parseIntrospectionQuery({ limit: '0' }).limit).toBe(1000);
    expect(parseIntrospectionQuery({ limit: '25', marker: uuid(1) })).toEqual({ limit: 25, marker: uuid(1) });
    expect(() => parseIntrospectionQuery({ limit: '-3' })).toThrow('Bad request: Limit cannot be negative');
    expect(() => parseIntrospectionQuery({ limit: '1001' })).toThrow('Bad request: Limit over 1000');
    expect(() => parseIntrospectionQuery({ limit: '1.5' })).toThrow("Bad request: invalid literal for int() with base 10: '1.5'");
    expect(() => parseIntrospectionQuery({ marker: 'x' })).toThrow('Bad request: Marker not UUID-like');
  });
});
