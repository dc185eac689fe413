/** The node's side of allocations: taking one, ending one, and what else ends one. */
import { describe, expect, it } from '@jest/globals';
import { InvalidParameterError, NodeConflictError, NodeLockedError } from '../errors.js';
import { type Node } from '../node.js';
import { type ProvisionState, UPDATE_ALLOWED_STATES } from '../states.js';
import { NODE_ID, nodeIn } from '../testing/fixtures.js';
import { given, when } from '../testing/decider-specification.js';

const ALLOCATION = '3f1a9c2e-6b7d-4e8f-9a0b-1c2d3e4f5a6b';
const OTHER = '9d8c7b6a-5f4e-4d3c-8b2a-1f0e9d8c7b6a';

const ask = { resource_class: 'gold', traits: ['CUSTOM_X'], candidate_nodes: [] as string[], owner: null };
const allocate = (backfill = false, overrides: Partial<typeof ask> = {}) => ({ type: 'AllocateNode' as const, data: { allocation_uuid: ALLOCATION, backfill, ...ask, ...overrides } });
const deallocate = (reason: 'allocation deleted' | 'recovery' = 'allocation deleted') => ({ type: 'DeallocateNode' as const, data: { allocation_uuid: ALLOCATION, reason } });
const eligible = (overrides: Partial<Node> = {}, state: ProvisionState = 'available') =>
  nodeIn(state, { power_state: 'power off', resource_class: 'gold', traits: ['CUSTOM_X', 'CUSTOM_Y'], instance_info: { image_source: 'img' }, ...overrides });
const allocated = (state: ProvisionState = 'available', overrides: Partial<Node> = {}) => eligible({ allocation_uuid: ALLOCATION, instance_uuid: ALLOCATION, ...overrides }, state);

describe('a node taking an allocation', () => {
  it('names it, takes its UUID as instance and its traits as instance_info.traits; stays available', () => {
    const { events, node } = when(eligible(), allocate());
    expect(events).toEqual([{ type: 'NodeAllocated', data: { allocation_uuid: ALLOCATION, instance_uuid: ALLOCATION, traits: ['CUSTOM_X'] }, meta: expect.objectContaining({ nodeId: NODE_ID }) }]);
    expect(node).toMatchObject({ allocation_uuid: ALLOCATION, instance_uuid: ALLOCATION, instance_info: { image_source: 'img', traits: ['CUSTOM_X'] }, provision_state: 'available' });
    expect(when(eligible(), allocate(false, { traits: [] })).node!.instance_info).toEqual({ image_source: 'img', traits: [] });
  });

  it('is refused once the node no longer fits, or another allocation got it first', () => {
    const misfits: Partial<Node>[] = [{ provision_state: 'manageable' }, { power_state: null }, { maintenance: true }, { resource_class: 'silver' }, { traits: ['CUSTOM_Y'] }];
    for (const misfit of misfits) given(eligible(misfit)).when(allocate()).thenThrows(InvalidParameterError);
    given(eligible({ owner: 'p2' })).when(allocate(false, { owner: 'p1' } as never)).thenThrows(InvalidParameterError);
    expect(when(eligible({ lessee: 'p1' }), allocate(false, { owner: 'p1' } as never)).events).toHaveLength(1);
    given(eligible({ instance_uuid: OTHER })).when(allocate()).thenThrows(new NodeConflictError(NODE_ID, `Node ${NODE_ID} is associated with instance ${OTHER}.`));
    given(eligible({ allocation_uuid: OTHER, instance_uuid: OTHER })).when(allocate()).thenThrows(NodeConflictError);
    given(eligible({ reservation: 'conductor-b' })).when(allocate()).thenThrows(NodeLockedError);
  });

  it('is a no-op when the node already holds that allocation (a repeated command)', () => {
    given(allocated()).when(allocate()).then([]);
  });

  it('by backfill: a deployed node keeps its state; one with another instance, or with problems, is refused in Ironic’s words', () => {
    const deployed = eligible({ provision_state: 'active' });
    expect(when(deployed, allocate(true)).node).toMatchObject({ provision_state: 'active', allocation_uuid: ALLOCATION, instance_uuid: ALLOCATION });
    expect(when(eligible({ provision_state: 'active', instance_uuid: ALLOCATION }), allocate(true)).events.map((e) => e.type)).toEqual(['NodeAllocated']);
    given(eligible({ provision_state: 'active', instance_uuid: OTHER })).when(allocate(true)).thenThrows(new NodeConflictError(NODE_ID, `Node ${NODE_ID} is associated with instance ${OTHER}.`));
    expect(() => when(eligible({ maintenance: true, power_state: null, provision_state: 'active' }), allocate(true))).not.toThrow();
    given(eligible()).when(allocate(true)).thenThrows(
      new InvalidParameterError(NODE_ID, `Failed to process allocation ${ALLOCATION}: Cannot backfill an allocation for node ${NODE_ID}: Node must be in the "active" state, but the current state is "available".`),
    );
  });
});

describe('a node’s allocation ending', () => {
  it('clears allocation and instance UUID, keeps instance_info', () => {
    const { events, node } = when(allocated('available', { instance_info: { traits: ['CUSTOM_X'] } }), deallocate());
    expect(events.map((e) => [e.type, e.data])).toEqual([['NodeDeallocated', { allocation_uuid: ALLOCATION, instance_uuid: ALLOCATION, reason: 'allocation deleted' }]]);
    expect(node).toMatchObject({ allocation_uuid: null, instance_uuid: null, instance_info: { traits: ['CUSTOM_X'] } });
  });

  it('is refused for a deployed or busy node outside maintenance, in Ironic’s words', () => {
    given(allocated('active')).when(deallocate()).thenThrows(
      new NodeConflictError(NODE_ID, `Cannot remove allocation ${ALLOCATION} for node ${NODE_ID}, because the node is active (and maintenance mode is off)`),
    );
    given(allocated('wait call-back')).when(deallocate()).thenThrows(
      new NodeConflictError(NODE_ID, `Cannot remove allocation ${ALLOCATION} for node ${NODE_ID}, because the node is in state wait call-back where updates are not allowed (and maintenance mode is off)`),
    );
    for (const state of UPDATE_ALLOWED_STATES.filter((s) => s !== 'inspecting' && s !== 'verifying')) expect(when(allocated(state), deallocate()).events).toHaveLength(1);
    expect(when(allocated('active', { maintenance: true }), deallocate()).events).toHaveLength(1);
    expect(when(allocated('wait call-back', { maintenance: true }), deallocate()).events).toHaveLength(1);
    given(allocated('deploying')).when(deallocate()).thenThrows(NodeLockedError);
  });

  it('by recovery needs no maintenance, and is a no-op for a node that holds another allocation or none', () => {
    expect(when(allocated('active'), deallocate('recovery')).node).toMatchObject({ allocation_uuid: null, instance_uuid: null });
    given(eligible()).when(deallocate()).then([]);
    given(allocated('available', { allocation_uuid: OTHER })).when(deallocate()).then([]);
  });

  it('comes with removing the instance UUID, before deployment or in maintenance', () => {
    const update = { type: 'UpdateNode' as const, data: { changes: { instance_uuid: null, extra: { a: 1 } } } };
    const { events, node } = when(allocated('manageable'), update);
    expect(events.map((e) => [e.type, e.data])).toEqual([
      ['NodeUpdated', { changes: { extra: { a: 1 } } }],
      ['NodeDeallocated', { allocation_uuid: ALLOCATION, instance_uuid: ALLOCATION, reason: 'instance removed' }],
    ]);
    expect(node).toMatchObject({ extra: { a: 1 }, allocation_uuid: null, instance_uuid: null });
    expect(when(allocated('active', { maintenance: true }), { type: 'UpdateNode', data: { changes: { instance_uuid: null } } }).events.map((e) => e.type)).toEqual(['NodeDeallocated']);
    given(allocated('active')).when(update).thenThrows(
      new NodeConflictError(NODE_ID, `Node ${NODE_ID} with an allocation can not have instance_uuid removed unless it is in one of allowed (enroll, inspecting, inspect wait, manageable, available) states or in maintenance mode.`),
    );
    given(allocated()).when({ type: 'UpdateNode', data: { changes: { instance_uuid: OTHER } } }).thenThrows(new NodeConflictError(NODE_ID, `Node ${NODE_ID} is associated with instance ${ALLOCATION}.`));
    expect(when(eligible({ instance_uuid: OTHER }), { type: 'UpdateNode', data: { changes: { instance_uuid: null } } }).events.map((e) => e.type)).toEqual(['NodeUpdated']);
  });

  it('comes with a finished tear-down, but not a failed one', () => {
    const tearingDown = allocated('deleting');
    const done = when(tearingDown, { type: 'RecordProvisionOutcome', data: { outcome: 'succeeded' } });
    expect(done.events.map((e) => e.type)).toEqual(['ProvisionStateChanged', 'NodeDeallocated', 'InstanceCleared']);
    expect(done.events[1]!.data).toMatchObject({ reason: 'tear-down' });
    expect(done.node).toMatchObject({ provision_state: 'cleaning', allocation_uuid: null, instance_uuid: null, instance_info: {} });
    expect(when(tearingDown, { type: 'RecordProvisionOutcome', data: { outcome: 'failed', error: 'x' } }).events.map((e) => e.type)).toEqual(['ProvisionStateChanged']);
    const plain = nodeIn('deleting');
    expect(when(plain, { type: 'RecordProvisionOutcome', data: { outcome: 'succeeded' } }).events.map((e) => e.type)).toEqual(['ProvisionStateChanged']);
  });

  it('lets an allocated node be deleted only in maintenance', () => {
    given(allocated('available')).when({ type: 'DeleteNode', data: {} }).thenThrows(new NodeConflictError(NODE_ID, `Node ${NODE_ID} is associated with instance ${ALLOCATION}.`));
    expect(when(allocated('available', { maintenance: true }), { type: 'DeleteNode', data: {} }).node).toBeNull();
  });
});
