import { describe, expect, it } from '@jest/globals';
import {
  ALLOCATION_FAILURE,
  type Allocation,
  type AllocationFields,
  type AllocationCommand,
  AllocationNotFoundError,
  backfillProblems,
  chooseCandidates,
  decideAllocation,
  evolveAllocation,
  fitsAllocation,
  isValidAllocationName,
  matchesAllocation,
} from './allocation.js';
import { InvalidInputError, InvalidStateError, ResourceConflictError } from './errors.js';
import { newNode, type Node } from './node.js';
import { CONDUCTOR, meta } from './testing/fixtures.js';

const ID = '3f1a9c2e-6b7d-4e8f-9a0b-1c2d3e4f5a6b';
const FIELDS: AllocationFields = { name: 'a1', resource_class: 'gold', traits: ['CUSTOM_X'], candidate_nodes: [], extra: { k: 'v' }, owner: null };

function when(allocation: Allocation | null, command: Pick<AllocationCommand, 'type' | 'data'>, at = meta().at) {
  const events = decideAllocation({ allocationId: ID, meta: meta({ at }), ...command } as AllocationCommand, allocation);
  return { events, allocation: events.reduce<Allocation | null>(evolveAllocation, allocation) };
}

const created = (fields: Partial<AllocationFields> & { backfill_node?: string } = {}) => when(null, { type: 'CreateAllocation', data: { ...FIELDS, ...fields } }).allocation!;

let serial = 0;
function node(overrides: Partial<Node> = {}): Node {
  serial++;
  return newNode(`00000000-0000-4000-8000-${String(serial).padStart(12, '0')}`, '2026-11-21T09:00:00.000Z', {
    provision_state: 'available',
    power_state: 'power off',
    resource_class: 'gold',
    traits: ['CUSTOM_X', 'CUSTOM_Y'],
    ...overrides,
  });
}

describe('an allocation', () => {
  it('is created allocating, by the conductor that took it, with what was asked for', () => {
    const { events, allocation } = when(null, { type: 'CreateAllocation', data: FIELDS });
    expect(events).toEqual([
      { type: 'AllocationCreated', data: { ...FIELDS, backfill_node: null, conductor: CONDUCTOR }, meta: expect.objectContaining({ allocationId: ID, actor: 'operator' }) },
    ]);
    expect(allocation).toEqual({ uuid: ID, ...FIELDS, backfill_node: null, conductor: CONDUCTOR, state: 'allocating', last_error: null, node_uuid: null, created_at: meta().at, updated_at: null });
  });

  it('needs a resource class unless it backfills, valid traits, a valid (or empty) name and a fresh UUID', () => {
    expect(() => created({ resource_class: null })).toThrow(new InvalidInputError('The resource_class field is mandatory when not backfilling'));
    expect(() => created({ resource_class: '' })).toThrow(InvalidInputError);
    expect(created({ resource_class: null, backfill_node: 'n' })).toMatchObject({ resource_class: null, backfill_node: 'n' });
    expect(() => created({ traits: ['CUSTOM_X', 'lower'] })).toThrow(InvalidInputError);
    expect(() => created({ name: 'bad name!' })).toThrow(new InvalidInputError("Cannot create allocation with invalid name 'bad name!'"));
    expect(created({ name: '' }).name).toBe('');
    expect(() => when(created(), { type: 'CreateAllocation', data: FIELDS })).toThrow(new ResourceConflictError(`An allocation with UUID ${ID} already exists.`));
  });

  it('keeps traits and candidates as given, duplicates and order included', () => {
    expect(created({ traits: ['CUSTOM_Y', 'CUSTOM_X', 'CUSTOM_Y'] }).traits).toEqual(['CUSTOM_Y', 'CUSTOM_X', 'CUSTOM_Y']);
  });

  it('succeeds with a node or fails with why, only while allocating', () => {
    const succeeded = when(created(), { type: 'RecordAllocationOutcome', data: { outcome: 'succeeded', node_uuid: 'n1' } }, '2026-11-21T10:00:01.000Z').allocation!;
    expect(succeeded).toMatchObject({ state: 'active', node_uuid: 'n1', last_error: null, conductor: null, updated_at: '2026-11-21T10:00:01.000Z' });
    const failed = when(created(), { type: 'RecordAllocationOutcome', data: { outcome: 'failed', error: 'none' } }).allocation!;
    expect(failed).toMatchObject({ state: 'error', node_uuid: null, last_error: 'none', conductor: null });
    for (const done of [succeeded, failed]) {
      expect(() => when(done, { type: 'RecordAllocationOutcome', data: { outcome: 'succeeded', node_uuid: 'n2' } })).toThrow(InvalidStateError);
    }
  });

  it('changes its name and extra in any state; the same values change nothing', () => {
    const active = when(created(), { type: 'RecordAllocationOutcome', data: { outcome: 'succeeded', node_uuid: 'n1' } }).allocation!;
    const { events, allocation } = when(active, { type: 'UpdateAllocation', data: { changes: { name: 'a2', extra: {} } } });
    expect(events.map((e) => e.data)).toEqual([{ changes: { name: 'a2', extra: {} } }]);
    expect(allocation).toMatchObject({ name: 'a2', extra: {}, state: 'active', node_uuid: 'n1' });
    expect(when(active, { type: 'UpdateAllocation', data: { changes: { name: 'a1', extra: { k: 'v' } } } }).events).toEqual([]);
    expect(when(active, { type: 'UpdateAllocation', data: { changes: { name: null } } }).allocation!.name).toBeNull();
    expect(() => when(active, { type: 'UpdateAllocation', data: { changes: { name: 'bad name' } } })).toThrow(new InvalidInputError("Cannot update allocation with invalid name 'bad name'"));
  });

  it('is deleted with the node it held named; a missing one is a 404', () => {
    const active = when(created(), { type: 'RecordAllocationOutcome', data: { outcome: 'succeeded', node_uuid: 'n1' } }).allocation!;
    const { events, allocation } = when(active, { type: 'DeleteAllocation', data: {} });
    expect(events.map((e) => [e.type, e.data])).toEqual([['AllocationDeleted', { node_uuid: 'n1' }]]);
    expect(allocation).toBeNull();
    expect(() => when(null, { type: 'DeleteAllocation', data: {} })).toThrow(new AllocationNotFoundError(ID));
  });

  it('names follow Ironic’s logical-name rule', () => {
    expect(['a', 'A-b.c_d~9', 'x'.repeat(255), '11111111-2222-3333-4444-555555555555'].every(isValidAllocationName)).toBe(true);
    expect(['a b', 'a/b', 'x'.repeat(256), 'ä'].some(isValidAllocationName)).toBe(false);
  });
});

describe('which nodes an allocation may get', () => {
  const allocation = created();

  it('an available, powered node of its class, outside maintenance, without instance or allocation', () => {
    expect(matchesAllocation(node(), allocation)).toBe(true);
    const misfits: Partial<Node>[] = [
      { provision_state: 'manageable' },
      { provision_state: 'active' },
      { power_state: null },
      { maintenance: true },
      { instance_uuid: 'i-1' },
      { allocation_uuid: 'other' },
      { resource_class: 'silver' },
      { resource_class: 'GOLD' },
      { resource_class: null },
    ];
    for (const misfit of misfits) expect([misfit, matchesAllocation(node(misfit), allocation)]).toEqual([misfit, false]);
  });

  it('among its candidates, and its owner’s or lessee’s when it names one', () => {
    const candidate = node();
    expect(matchesAllocation(candidate, { ...allocation, candidate_nodes: [candidate.uuid] })).toBe(true);
    expect(matchesAllocation(node(), { ...allocation, candidate_nodes: [candidate.uuid] })).toBe(false);
    const owned = { ...allocation, owner: 'p1' };
    expect(matchesAllocation(node({ owner: 'p1' }), owned)).toBe(true);
    expect(matchesAllocation(node({ lessee: 'p1' }), owned)).toBe(true);
    expect(matchesAllocation(node({ owner: 'p2' }), owned)).toBe(false);
    expect(matchesAllocation(node(), owned)).toBe(false);
  });

  it('fits only with all the traits it asks for (a superset)', () => {
    expect(fitsAllocation(node({ traits: ['CUSTOM_X'] }), allocation)).toBe(true);
    expect(fitsAllocation(node({ traits: ['CUSTOM_Y'] }), allocation)).toBe(false);
    expect(fitsAllocation(node({ traits: [] }), { ...allocation, traits: [] })).toBe(true);
  });

  it('says why none fits, in Ironic’s words', () => {
    const keep = <T>(items: T[]) => items;
    expect(chooseCandidates(allocation, [node({ maintenance: true })], keep)).toEqual({ ok: false, error: `Failed to process allocation ${ID}: no available nodes match the resource class gold.` });
    expect(chooseCandidates({ ...allocation, candidate_nodes: ['x'] }, [node()], keep)).toEqual({
      ok: false,
      error: `Failed to process allocation ${ID}: none of the requested nodes are available and match the resource class gold.`,
    });
    expect(chooseCandidates({ ...allocation, traits: ['CUSTOM_X', 'CUSTOM_Z', 'CUSTOM_Z'] }, [node()], keep)).toEqual({
      ok: false,
      error: `Failed to process allocation ${ID}: no suitable nodes have the requested traits CUSTOM_X, CUSTOM_Z.`,
    });
  });

  it('offers the suitable ones in shuffled order, the one named like the allocation first', () => {
    const [a, b, c] = [node({ name: 'x' }), node({ name: 'a1' }), node({ name: 'z' })];
    const reversed = <T>(items: T[]) => [...items].reverse();
    expect(chooseCandidates({ ...allocation, name: null }, [a, b, c, node({ traits: [] })], reversed)).toEqual({ ok: true, nodes: [c, b, a] });
    expect(chooseCandidates(allocation, [a, b, c], reversed)).toEqual({ ok: true, nodes: [b, c, a] });
  });

  it('for a backfill: a deployed node of the class, with the traits, among the candidates; every problem said', () => {
    const deployed = node({ provision_state: 'active', traits: ['CUSTOM_X'] });
    expect(backfillProblems(deployed, allocation)).toEqual([]);
    expect(backfillProblems(deployed, { ...allocation, resource_class: null, traits: [] })).toEqual([]);
    expect(backfillProblems(node({ provision_state: 'available', resource_class: null, traits: [] }), { ...allocation, candidate_nodes: ['c1', 'c2'] })).toEqual([
      'Node must be in the "active" state, but the current state is "available"',
      'Resource class None does not match the requested resource class gold',
      "List of traits TraitList(created_at=<?>,objects=[],updated_at=<?>) does not match the requested traits ['CUSTOM_X']",
      "Candidate nodes must be empty or contain the target node, but got ['c1', 'c2']",
    ]);
    expect(backfillProblems(node({ provision_state: 'active', traits: ['CUSTOM_Y', 'CUSTOM_Z'] }), allocation)).toEqual([
      "List of traits TraitList(created_at=<?>,objects=[Trait,Trait],updated_at=<?>) does not match the requested traits ['CUSTOM_X']",
    ]);
    expect(ALLOCATION_FAILURE.backfill(ID, 'n1', ['one', 'two'])).toBe(`Failed to process allocation ${ID}: Cannot backfill an allocation for node n1: one; two.`);
  });
});
