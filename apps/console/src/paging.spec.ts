import { describe, expect, it } from '@jest/globals';
import { NODE_FIELDS } from './api.js';
import { FIRST_PAGE, nextPage, nextSort, nodesQuery, pageNumber, previousPage } from './paging.js';

const params = (query: string) => Object.fromEntries(new URLSearchParams(query));

describe('node table paging', () => {
  it('pages forward by the last node of each page and back by the markers kept', () => {
    const second = nextPage(FIRST_PAGE, 'uuid-50');
    const third = nextPage(second, 'uuid-100');
    expect([pageNumber(FIRST_PAGE), pageNumber(second), pageNumber(third)]).toEqual([1, 2, 3]);
    expect(params(nodesQuery({}, third, 50)).marker).toBe('uuid-100');
    expect(previousPage(third)).toEqual(second);
    expect(params(nodesQuery({}, previousPage(second), 50))).not.toHaveProperty('marker');
    expect(previousPage(FIRST_PAGE)).toEqual(FIRST_PAGE);
  });

  it('asks for the fields shown, the filters given and one page of at most 200 nodes', () => {
    const query = params(nodesQuery({ provision_state: 'available', maintenance: 'true', driver: ' ipmi ', fault: '', resource_class: undefined }, FIRST_PAGE, 100));
    expect(query).toEqual({ provision_state: 'available', maintenance: 'true', driver: 'ipmi', fields: NODE_FIELDS.join(','), limit: '100' });
    expect(params(nodesQuery({}, FIRST_PAGE, 100_000)).limit).toBe('200');
    expect(params(nodesQuery({}, FIRST_PAGE, 0)).limit).toBe('1');
  });

  it('asks for the fleet as it was at a past instant', () => {
    expect(params(nodesQuery({}, FIRST_PAGE, 50, '2026-11-21T22:54:08.000Z')).at).toBe('2026-11-21T22:54:08.000Z');
  });

  it('orders by a column, ascending then descending then as Ironic does by default', () => {
    const ascending = nextSort(null, 'name');
    expect(ascending).toEqual({ key: 'name', dir: 'asc' });
    expect(nextSort(ascending, 'name')).toEqual({ key: 'name', dir: 'desc' });
    expect(nextSort({ key: 'name', dir: 'desc' }, 'name')).toBeNull();
    expect(nextSort({ key: 'name', dir: 'desc' }, 'driver')).toEqual({ key: 'driver', dir: 'asc' });
    expect(params(nodesQuery({}, nextPage(FIRST_PAGE, 'm'), 25, null, { key: 'provision_state', dir: 'desc' }))).toMatchObject({ sort_key: 'provision_state', sort_dir: 'desc', marker: 'm' });
    expect(params(nodesQuery({}, FIRST_PAGE, 25))).not.toHaveProperty('sort_key');
  });
});
