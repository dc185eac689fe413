import { describe, expect, it } from '@jest/globals';
import { type AllocationCommand, type CommandMeta, type NodeCommand } from '@ironledger/domain';
import { InMemoryEventStore } from '@ironledger/event-store';
import { AllocationCommandHandler, NodeCommandHandler } from './command-handler.js';
import { FleetReadModel } from './read-model.js';
import { Tenancy } from './tenancy.js';

let request = 0;
const meta = (): CommandMeta => ({ at: '2026-11-29T12:00:00Z', actor: 'op', requestId: `req-${++request}`, conductor: 'c1' });
const A = '00000000-0000-4000-8000-00000000000a';
const B = '00000000-0000-4000-8000-00000000000b';
const ALLOCATION = '00000000-0000-4000-8000-0000000000a1';

/** A log in which nodes change owner and lessee, are deleted, and an allocation of a project comes and goes. */
async function log(): Promise<InMemoryEventStore> {
  const store = new InMemoryEventStore();
  const nodes = new NodeCommandHandler(store);
  const allocations = new AllocationCommandHandler(store);
  const node = (command: Omit<NodeCommand, 'meta'>) => nodes.handle({ ...command, meta: meta() } as NodeCommand);
  const allocation = (command: Omit<AllocationCommand, 'meta'>) => allocations.handle({ ...command, meta: meta() } as AllocationCommand);
  await node({ type: 'RegisterNode', nodeId: A, data: { driver: 'fake-hardware', provision_state: 'enroll', owner: 'p1' } });
  await node({ type: 'RegisterNode', nodeId: B, data: { driver: 'fake-hardware', provision_state: 'enroll' } });
  await node({ type: 'UpdateNode', nodeId: A, data: { changes: { lessee: 'p2', description: 'leased' } } });
  await node({ type: 'UpdateNode', nodeId: A, data: { changes: { description: 'still leased' } } });
  await node({ type: 'AddPort', nodeId: A, data: { uuid: 'port-a', address: 'aa:00:00:00:00:01' } });
  await node({ type: 'UpdateNode', nodeId: B, data: { changes: { owner: 'p2' } } });
  await node({ type: 'UpdateNode', nodeId: A, data: { changes: { owner: 'p3', lessee: null } } });
  await allocation({ type: 'CreateAllocation', allocationId: ALLOCATION, data: { name: null, resource_class: 'x', traits: [], candidate_nodes: [], extra: {}, owner: 'p3' } });
  await allocation({ type: 'UpdateAllocation', allocationId: ALLOCATION, data: { changes: { extra: { a: 1 } } } });
  await allocation({ type: 'DeleteAllocation', allocationId: ALLOCATION, data: {} });
  await node({ type: 'DeleteNode', nodeId: B, data: {} });
  return store;
}

describe('Tenancy', () => {
  it('judges every event as the read model’s states do: owner and lessee after it, before it for a deletion', async () => {
    const events = await (await log()).readAll();
    const tenancy = new Tenancy();
    const fleet = new FleetReadModel();
    const judged = events.map((recorded) => {
      const applied = fleet.apply(recorded);
      const expected =
        applied?.kind === 'node'
          ? { owner: (applied.after ?? applied.before)!.owner, lessee: (applied.after ?? applied.before)!.lessee }
          : applied?.kind === 'allocation'
            ? { owner: (applied.after ?? applied.before)!.owner, lessee: null }
            : undefined;
      const tenant = tenancy.apply(recorded);
      expect(tenant?.projects).toEqual(expected);
      return [recorded.type, tenant?.projects.owner, tenant?.projects.lessee];
    });
    expect(judged).toEqual([
      ['NodeRegistered', 'p1', null],
      ['NodeRegistered', null, null],
      ['NodeUpdated', 'p1', 'p2'],
      ['NodeUpdated', 'p1', 'p2'],
      ['PortAdded', 'p1', 'p2'],
      ['NodeUpdated', 'p2', null],
      ['NodeUpdated', 'p3', null],
      ['AllocationCreated', 'p3', null],
      ['AllocationUpdated', 'p3', null],
      ['AllocationDeleted', 'p3', null],
      ['NodeDeleted', 'p2', null],
    ]);
    expect(tenancy.position).toBe(events.at(-1)!.position);
  });

  it('refuses an event it has folded past, which it could only judge on later owners', async () => {
    const [first, second] = await (await log()).readAll();
    const tenancy = new Tenancy();
    tenancy.apply(first!);
    tenancy.apply(second!);
    expect(() => tenancy.apply(first!)).toThrow(RangeError);
  });
});
