import { describe, expect, it } from '@jest/globals';
import { type Allocation } from '@ironledger/domain';
import { Microversion } from '../http/microversion.js';
import { allocationsNextLink, allocationView, parseAllocationQuery } from './allocation.view.js';

const ALLOCATION: Allocation = {
  uuid: 'cb52d410-c488-4fd5-a25b-a9558e75c088',
  name: 'a1',
  resource_class: 'rc',
  traits: ['CUSTOM_B', 'CUSTOM_A', 'CUSTOM_B'],
  candidate_nodes: [],
  extra: { k: 'v' },
  owner: 'p1',
  state: 'active',
  last_error: null,
  node_uuid: 'e2d3404e-97b8-4702-bfdb-a7b42464c006',
  backfill_node: null,
  conductor: null,
  created_at: '2026-11-24T20:40:25.848Z',
  updated_at: '2026-11-24T20:40:25.893Z',
};
const BASE = 'http://127.0.0.1:6385';

describe('an allocation’s view', () => {
  it('has Ironic’s keys in Ironic’s order, the owner from 1.60 only', () => {
    const view = allocationView(ALLOCATION, BASE, new Microversion(60));
    expect(Object.keys(view)).toEqual(['uuid', 'created_at', 'updated_at', 'candidate_nodes', 'extra', 'last_error', 'name', 'owner', 'resource_class', 'state', 'traits', 'links', 'node_uuid']);
    expect(view).toMatchObject({ created_at: '2026-11-24T20:40:25.848000+00:00', traits: ['CUSTOM_B', 'CUSTOM_A', 'CUSTOM_B'], owner: 'p1' });
    expect(view.links).toEqual([{ href: `${BASE}/v1/allocations/${ALLOCATION.uuid}`, rel: 'self' }, { href: `${BASE}/allocations/${ALLOCATION.uuid}`, rel: 'bookmark' }]);
    expect(allocationView(ALLOCATION, BASE, new Microversion(59))).not.toHaveProperty('owner');
  });

  it('cut down to fields keeps Ironic’s order, not the requested one, and links', () => {
    expect(Object.keys(allocationView(ALLOCATION, BASE, new Microversion(82), ['node_uuid', 'name']))).toEqual(['name', 'links', 'node_uuid']);
  });
});

describe('the allocations query', () => {
  it('lower-cases and de-duplicates fields, and links the next page without filters', () => {
    const query = parseAllocationQuery({ fields: 'UUID, name,uuid', limit: '2', state: 'error' }, new Microversion(82));
    expect(query).toMatchObject({ fields: ['uuid', 'name'], limit: 2, sortKey: 'id', sortDir: 'asc', state: 'error' });
    expect(allocationsNextLink(BASE, query, 'm')).toBe(`${BASE}/v1/allocations?sort_key=id&sort_dir=asc&fields=uuid,name&limit=2&marker=m`);
    expect(parseAllocationQuery({ limit: '5000' }, new Microversion(82)).limit).toBe(1000);
  });
});
