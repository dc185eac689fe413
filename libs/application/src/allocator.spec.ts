/**
 * Allocations as conductors carry them out, on the in-memory store: picking a node, the failures
 * in Ironic's words, two conductors racing for one node, backfilling, releasing, and the recovery
 * of what a dead conductor left behind. Node commands go as a conductor sends them: handled, then
 * `afterNodeCommit`.
 */
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { type Allocation, type AllocationCommand, type CommandMeta, type Node, type NodeCommand, NodeConflictError } from '@ironledger/domain';
import { InMemoryEventStore } from '@ironledger/event-store';
import { AllocationFailedError, Allocator } from './allocator.js';
import { AllocationCommandHandler, NodeCommandHandler } from './command-handler.js';
import { LiveProjection } from './projection.js';
import { UniqueClaims } from './unique-claims.js';

const SELF = 'conductor-self';
const DEAD = 'conductor-dead';

let store: InMemoryEventStore;
let projection: LiveProjection;
let serial = 0;

/** One conductor's parts over the shared store and projection (each conductor has its own caches). */
function conductorParts(id: string, caughtUp: (position: number) => Promise<unknown> = (position) => projection.waitFor(position)) {
  const nodes = new NodeCommandHandler(store);
  const allocations = new AllocationCommandHandler(store);
  const claims = new UniqueClaims(store, { currentState: async (kind, resourceId) => (kind === 'allocation' ? allocations : nodes).load(resourceId).then((l) => l.state) });
  const allocator = new Allocator({ nodes, allocations, fleet: projection.readModel, caughtUp, claims }, { conductorId: id, lockedRetryIntervalMs: 10 });
  return { id, nodes, allocations, allocator };
}

type Parts = ReturnType<typeof conductorParts>;

/** What a command came to: its result, or the error it was refused with. */
type Reply = { ok: true; state: Allocation | null } | { ok: false; error: Error };

/** An allocation command as a conductor carries it out (stamped with its id). */
const execute = (parts: Parts, command: AllocationCommand): Promise<Reply> =>
  parts.allocator.execute({ ...command, meta: { ...command.meta, conductor: parts.id } }).then(
    ({ state }) => ({ ok: true, state }),
    (error: Error) => ({ ok: false, error }),
  );

/** A node command as a conductor carries it out: handled, then what it ended of an allocation is deleted. */
async function nodeCommand(command: Omit<NodeCommand, 'meta'>): Promise<{ ok: true } | { ok: false; error: Error }> {
  const stamped = { ...command, meta: meta(SELF) } as NodeCommand;
  try {
    const handled = await self.nodes.handle(stamped);
    await self.allocator.afterNodeCommit(handled.previous, handled.events, stamped.meta);
    return { ok: true };
  } catch (error) {
    return { ok: false, error: error as Error };
  }
}

let self: ReturnType<typeof conductorParts>;

const meta = (conductor?: string): CommandMeta => ({ at: new Date().toISOString(), actor: 'operator', requestId: `req-${++serial}`, ...(conductor && { conductor }) });
const uuid = (prefix: string) => `${prefix}-0000-4000-8000-${String(++serial).padStart(12, '0')}`;

async function settled(): Promise<void> {
  await self.allocator.drain();
  const last = (await store.readAll({ after: 0, limit: 100_000 })).at(-1);
  if (last) await projection.waitFor(last.position);
}

async function node(command: Omit<NodeCommand, 'meta'>): Promise<void> {
  await self.nodes.handle({ ...command, meta: meta(SELF) } as NodeCommand);
}

/** A node of `resource_class` available for allocations (known power state). */
async function availableNode(overrides: { resource_class?: string; name?: string; traits?: string[] } = {}): Promise<string> {
  const id = uuid('1a000000');
  await node({ type: 'RegisterNode', nodeId: id, data: { driver: 'fake-hardware', provision_state: 'available', resource_class: overrides.resource_class ?? 'gold', name: overrides.name ?? null } });
  await node({ type: 'RecordPowerSync', nodeId: id, data: { outcome: 'read', power_state: 'power off' } });
  if (overrides.traits) await node({ type: 'SetNodeTraits', nodeId: id, data: { traits: overrides.traits } });
  return id;
}

/** A node deployed without an allocation. */
async function deployedNode(): Promise<string> {
  const id = await availableNode();
  await node({ type: 'RequestProvisionAction', nodeId: id, data: { target: 'active' } });
  await node({ type: 'RecordProvisionOutcome', nodeId: id, data: { outcome: 'succeeded' } });
  return id;
}

const create = (parts: Parts, data: Partial<Allocation> & { backfill_node?: string } = {}, allocationId = uuid('2b000000')) =>
  execute(parts, {
    type: 'CreateAllocation',
    allocationId,
    data: { name: null, resource_class: 'gold', traits: [], candidate_nodes: [], extra: {}, owner: null, ...data },
    meta: meta(),
  });

const allocation = (id: string) => projection.readModel.allocations.get(id);
const nodeState = (id: string) => projection.readModel.get(id)!;
const idOf = (reply: Reply) => (reply.ok ? reply.state!.uuid : '');
const refusal = (type: string, message: string) => ({ ok: false, error: expect.objectContaining({ type, message }) });
const remove = (parts: Parts, allocationId: string) => execute(parts, { type: 'DeleteAllocation', allocationId, data: {}, meta: meta() });

beforeEach(async () => {
  store = new InMemoryEventStore();
  projection = new LiveProjection(store);
  await projection.start();
  self = conductorParts(SELF);
});

afterEach(async () => {
  await settled();
  await projection.stop();
  await store.close();
});

describe('allocating a node', () => {
  it('answers allocating at once, then reserves a node and records it: the node names the allocation', async () => {
    const nodeId = await availableNode({ traits: ['CUSTOM_GOLD', 'CUSTOM_FAST'] });
    await availableNode({ resource_class: 'silver' });
    const reply = await create(self, { name: 'a1', traits: ['CUSTOM_GOLD'] });
    expect(reply).toMatchObject({ ok: true, state: { state: 'allocating', node_uuid: null, conductor: SELF } });
    await settled();
    const id = idOf(reply);
    expect(allocation(id)).toMatchObject({ state: 'active', node_uuid: nodeId, last_error: null });
    expect(nodeState(nodeId)).toMatchObject({ allocation_uuid: id, instance_uuid: id, instance_info: { traits: ['CUSTOM_GOLD'] }, provision_state: 'available' });
    expect((await store.readStream(`allocation-${id}`)).map((e) => e.type)).toEqual(['AllocationCreated', 'AllocationSucceeded']);
  });

  it('prefers the node named like the allocation', async () => {
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < 3; i++) await availableNode();
      const named = await availableNode({ name: `pick-${round}` });
      const id = idOf(await create(self, { name: `pick-${round}` }));
      await settled();
      expect(allocation(id)!.node_uuid).toBe(named);
    }
  });

  it('fails with Ironic’s words when no node matches, or none has the traits', async () => {
    await availableNode({ traits: ['CUSTOM_GOLD'] });
    const unpowered = uuid('1a000000');
    await node({ type: 'RegisterNode', nodeId: unpowered, data: { driver: 'fake-hardware', provision_state: 'available', resource_class: 'bronze' } });
    const none = idOf(await create(self, { resource_class: 'bronze' }));
    const candidates = idOf(await create(self, { candidate_nodes: [unpowered] }));
    const traits = idOf(await create(self, { traits: ['CUSTOM_NONE', 'CUSTOM_GOLD'] }));
    await settled();
    expect(allocation(none)).toMatchObject({ state: 'error', node_uuid: null, last_error: `Failed to process allocation ${none}: no available nodes match the resource class bronze.` });
    expect(allocation(candidates)!.last_error).toBe(`Failed to process allocation ${candidates}: none of the requested nodes are available and match the resource class gold.`);
    expect(allocation(traits)!.last_error).toBe(`Failed to process allocation ${traits}: no suitable nodes have the requested traits CUSTOM_NONE, CUSTOM_GOLD.`);
  });

  it('gives one node to one allocation only, however many conductors race for it (several rounds)', async () => {
    const others = [conductorParts('conductor-b'), conductorParts('conductor-c')];
    try {
      for (let round = 0; round < 8; round++) {
        const nodeId = await availableNode({ resource_class: `race-${round}` });
        const replies = await Promise.all([self, ...others].map((parts) => create(parts, { resource_class: `race-${round}` })));
        await Promise.all(others.map((parts) => parts.allocator.drain()));
        await settled();
        const states = replies.map((reply) => allocation(idOf(reply))!);
        const winners = states.filter((a) => a.state === 'active');
        expect(winners).toHaveLength(1);
        expect(states.filter((a) => a.state === 'error')).toHaveLength(2);
        expect(nodeState(nodeId)).toMatchObject({ allocation_uuid: winners[0]!.uuid, instance_uuid: winners[0]!.uuid });
        expect((await store.readStream(`node-${nodeId}`)).filter((e) => e.type === 'NodeAllocated')).toHaveLength(1);
      }
    } finally {
      await Promise.all(others.map((parts) => parts.allocator.drain()));
    }
  });

  it('lets only one of two deciders on the same revision append: the other is refused on the fresh stream', async () => {
    const nodeId = await availableNode();
    const [first, second] = [new NodeCommandHandler(store), new NodeCommandHandler(store)];
    await Promise.all([first.load(nodeId), second.load(nodeId)]);
    const take = (handler: NodeCommandHandler, allocationUuid: string) =>
      handler.handle({ type: 'AllocateNode', nodeId, data: { allocation_uuid: allocationUuid, resource_class: 'gold', traits: [], candidate_nodes: [], owner: null, backfill: false }, meta: meta(SELF) });
    const results = await Promise.allSettled([take(first, 'alloc-one'), take(second, 'alloc-two')]);
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect((results.find((r) => r.status === 'rejected') as PromiseRejectedResult).reason).toBeInstanceOf(NodeConflictError);
  });

  it('retries locked candidates, then says it could not reserve them', async () => {
    const nodeId = await availableNode();
    await node({ type: 'RequestPowerAction', nodeId, data: { target: 'power on' } });
    const id = idOf(await create(self));
    await settled();
    expect(allocation(id)!.last_error).toBe(`Failed to process allocation ${id}: could not reserve any of 1 suitable nodes.`);
  });

  it('keeps names unique, and frees a name with its allocation', async () => {
    await availableNode();
    const first = await create(self, { name: 'n1' });
    expect(await create(self, { name: 'n1' })).toEqual(refusal('conflict', 'An allocation with name n1 already exists.'));
    expect(await create(self, { name: '' })).toMatchObject({ ok: true });
    expect(await create(self, { name: '' })).toEqual(refusal('conflict', 'An allocation with name  already exists.'));
    await settled();
    expect(await remove(self, idOf(first))).toMatchObject({ ok: true, state: null });
    expect(await create(self, { name: 'n1' })).toMatchObject({ ok: true });
  });
});

describe('backfilling', () => {
  it('gives a deployed node its allocation at once', async () => {
    const nodeId = await deployedNode();
    const reply = await create(self, { resource_class: 'gold', backfill_node: nodeId, traits: [] });
    expect(reply).toMatchObject({ ok: true, state: { state: 'active', node_uuid: nodeId } });
    await settled();
    expect(nodeState(nodeId)).toMatchObject({ allocation_uuid: idOf(reply), instance_uuid: idOf(reply), provision_state: 'active' });
  });

  it('refuses a node that does not fit (Ironic’s AllocationFailed, a 500), keeping the failed allocation as Ironic does', async () => {
    const nodeId = await availableNode();
    const id = uuid('2b000000');
    const reply = await create(self, { backfill_node: nodeId, resource_class: 'gold' }, id);
    const why = `Failed to process allocation ${id}: Cannot backfill an allocation for node ${nodeId}: Node must be in the "active" state, but the current state is "available".`;
    expect(reply).toEqual({ ok: false, error: expect.any(AllocationFailedError) });
    expect(reply.ok || reply.error.message).toBe(why);
    await settled();
    expect(allocation(id)).toMatchObject({ state: 'error', last_error: why });
    expect(nodeState(nodeId).allocation_uuid).toBeNull();
  });

  it('refuses a node with another instance, and an instance another node has', async () => {
    const nodeId = await deployedNode();
    const instance = uuid('3c000000');
    await node({ type: 'UpdateNode', nodeId, data: { changes: { instance_uuid: instance } } });
    const id = uuid('2b000000');
    expect(await create(self, { backfill_node: nodeId }, id)).toEqual(refusal('conflict', `Node ${nodeId} is associated with instance ${instance}.`));
    await settled();
    expect(allocation(id)).toMatchObject({ state: 'error', last_error: `Node ${nodeId} is associated with instance ${instance}.` });
    const other = await deployedNode();
    await settled();
    expect(await create(self, { backfill_node: other }, instance)).toEqual(
      refusal('conflict', `Instance ${instance} is already associated with a node, it cannot be associated with this other node ${other}`),
    );
  });
});

describe('releasing', () => {
  async function allocated(): Promise<{ nodeId: string; id: string }> {
    const nodeId = await availableNode({ resource_class: `r-${++serial}` });
    const id = idOf(await create(self, { resource_class: nodeState(nodeId).resource_class }));
    await settled();
    expect(allocation(id)!.state).toBe('active');
    return { nodeId, id };
  }

  it('deleting the allocation frees its node (instance_info kept)', async () => {
    const { nodeId, id } = await allocated();
    expect(await remove(self, id)).toMatchObject({ ok: true });
    await settled();
    expect(allocation(id)).toBeUndefined();
    expect(nodeState(nodeId)).toMatchObject({ allocation_uuid: null, instance_uuid: null, instance_info: { traits: [] } });
  });

  it('refuses to delete the allocation of a deployed node outside maintenance, changing nothing', async () => {
    const { nodeId, id } = await allocated();
    await node({ type: 'RequestProvisionAction', nodeId, data: { target: 'active' } });
    await node({ type: 'RecordProvisionOutcome', nodeId, data: { outcome: 'succeeded' } });
    const before = (await store.readAll({ after: 0, limit: 100_000 })).length;
    expect(await remove(self, id)).toEqual(refusal('conflict', `Cannot remove allocation ${id} for node ${nodeId}, because the node is active (and maintenance mode is off)`));
    expect((await store.readAll({ after: 0, limit: 100_000 })).length).toBe(before);
  });

  it('removing the instance UUID deletes the allocation', async () => {
    const { nodeId, id } = await allocated();
    expect(await nodeCommand({ type: 'UpdateNode', nodeId, data: { changes: { instance_uuid: null } } })).toMatchObject({ ok: true });
    await settled();
    expect(allocation(id)).toBeUndefined();
    expect(nodeState(nodeId)).toMatchObject({ allocation_uuid: null, instance_uuid: null });
  });

  it('deleting the node in maintenance deletes its allocation', async () => {
    const { nodeId, id } = await allocated();
    expect(await nodeCommand({ type: 'DeleteNode', nodeId, data: { allow_deleting_available: true } })).toMatchObject({ ok: false, error: { type: 'conflict' } });
    await node({ type: 'SetMaintenance', nodeId, data: { reason: null } });
    expect(await nodeCommand({ type: 'DeleteNode', nodeId, data: { allow_deleting_available: true } })).toMatchObject({ ok: true });
    await settled();
    expect(allocation(id)).toBeUndefined();
  });

  it('undeploying deletes the allocation at tear-down', async () => {
    const { nodeId, id } = await allocated();
    await node({ type: 'RequestProvisionAction', nodeId, data: { target: 'active' } });
    await node({ type: 'RecordProvisionOutcome', nodeId, data: { outcome: 'succeeded' } });
    expect(await nodeCommand({ type: 'RequestProvisionAction', nodeId, data: { target: 'deleted' } })).toMatchObject({ ok: true });
    // The tear-down and the cleaning after it (automated cleaning off), as the conductor's work records them.
    for (let step = 0; step < 3 && nodeState(nodeId).provision_state !== 'available'; step++) {
      expect(await nodeCommand({ type: 'RecordProvisionOutcome', nodeId, data: { outcome: 'succeeded' } })).toMatchObject({ ok: true });
      await settled();
    }
    await settled();
    expect(nodeState(nodeId)).toMatchObject({ provision_state: 'available', allocation_uuid: null, instance_uuid: null });
    expect(allocation(id)).toBeUndefined();
    expect((await store.readStream(`allocation-${id}`)).map((e) => e.type)).toEqual(['AllocationCreated', 'AllocationSucceeded', 'AllocationDeleted']);
  });
});

describe('recovery (the watchdog’s sweep)', () => {
  const sweep = (now = Date.now()) => self.allocator.recover(new Set([SELF]), now, { ...meta(SELF), at: new Date(now).toISOString(), actor: 'conductor' });

  /** An allocation a conductor created before it died. */
  async function abandoned(conductor = DEAD): Promise<Allocation> {
    const id = uuid('2b000000');
    const handled = await self.allocations.handle({
      type: 'CreateAllocation',
      allocationId: id,
      data: { name: null, resource_class: 'gold', traits: [], candidate_nodes: [], extra: {}, owner: null },
      meta: meta(conductor),
    });
    return handled.state!;
  }

  it('fails an allocation a dead conductor left before any node named it', async () => {
    await availableNode();
    const left = await abandoned();
    await settled();
    await sweep();
    await settled();
    expect(allocation(left.uuid)).toMatchObject({ state: 'error', last_error: `Failed to process allocation ${left.uuid}: conductor ${DEAD} stopped before it reserved a node.` });
  });

  it('finishes one whose node it had already reserved', async () => {
    const nodeId = await availableNode();
    const left = await abandoned();
    await node({ type: 'AllocateNode', nodeId, data: { allocation_uuid: left.uuid, resource_class: 'gold', traits: [], candidate_nodes: [], owner: null, backfill: false } });
    await settled();
    await sweep();
    await settled();
    expect(allocation(left.uuid)).toMatchObject({ state: 'active', node_uuid: nodeId });
  });

  it('leaves a live conductor’s allocation alone until it is overdue', async () => {
    const left = await abandoned(SELF);
    await settled();
    await sweep();
    await settled();
    expect(allocation(left.uuid)!.state).toBe('allocating');
    await sweep(Date.now() + 61_000);
    await settled();
    expect(allocation(left.uuid)!.state).toBe('error');
  });

  it('releases a node whose allocation failed, and deletes an active allocation its node let go', async () => {
    const nodeId = await availableNode();
    const failed = await abandoned();
    await node({ type: 'AllocateNode', nodeId, data: { allocation_uuid: failed.uuid, resource_class: 'gold', traits: [], candidate_nodes: [], owner: null, backfill: false } });
    await self.allocations.handle({ type: 'RecordAllocationOutcome', allocationId: failed.uuid, data: { outcome: 'failed', error: 'given up' }, meta: meta() });
    const orphanNode = await availableNode();
    const orphan = await abandoned(SELF);
    await node({ type: 'AllocateNode', nodeId: orphanNode, data: { allocation_uuid: orphan.uuid, resource_class: 'gold', traits: [], candidate_nodes: [], owner: null, backfill: false } });
    await self.allocations.handle({ type: 'RecordAllocationOutcome', allocationId: orphan.uuid, data: { outcome: 'succeeded', node_uuid: orphanNode }, meta: meta() });
    // A release interrupted after the node let go of its allocation.
    await node({ type: 'DeallocateNode', nodeId: orphanNode, data: { allocation_uuid: orphan.uuid, reason: 'allocation deleted' } });
    await settled();
    await sweep();
    await settled();
    expect(nodeState(nodeId)).toMatchObject({ allocation_uuid: null, instance_uuid: null });
    expect(allocation(failed.uuid)!.state).toBe('error');
    expect(allocation(orphan.uuid)).toBeUndefined();
  });

  it('gives back a node reserved for an allocation deleted while it was picked', async () => {
    const nodeId = await availableNode();
    const reply = await create(self);
    await remove(self, idOf(reply));
    await settled();
    expect(allocation(idOf(reply))).toBeUndefined();
    expect(nodeState(nodeId)).toMatchObject({ allocation_uuid: null, instance_uuid: null } satisfies Partial<Node>);
  });

  it('gives back a node reserved for an allocation deleted before the pick ended: its outcome is refused', async () => {
    let open: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const gated = conductorParts('conductor-gated', () => gate);
    const nodeId = await availableNode();
    const reply = await create(gated);
    expect(await remove(gated, idOf(reply))).toMatchObject({ ok: true });
    open();
    await gated.allocator.drain();
    await settled();
    const types = (await store.readStream(`node-${nodeId}`)).map((e) => e.type);
    expect(types.slice(-2)).toEqual(['NodeAllocated', 'NodeDeallocated']);
    expect(nodeState(nodeId)).toMatchObject({ allocation_uuid: null, instance_uuid: null });
  });
});
