import { describe, expect, it } from '@jest/globals';
import { type CommandMeta, type NodeCommand } from '@ironledger/domain';
import { InMemoryEventStore } from '@ironledger/event-store';
import { NodeCommandHandler } from './command-handler.js';
import { rebuildReadModel } from './projection.js';

let request = 0;
const meta = (): CommandMeta => ({ at: '2026-11-21T12:00:00Z', actor: 'op', requestId: `req-${++request}`, conductor: 'c1' });
const A = '00000000-0000-4000-8000-00000000000a';
const B = '00000000-0000-4000-8000-00000000000b';

describe('NodeReadModel ports', () => {
  it('finds ports by UUID and nodes by MAC, in creation order, and forgets removed ports and deleted nodes', async () => {
    const store = new InMemoryEventStore();
    const handler = new NodeCommandHandler(store);
    const send = (command: Omit<NodeCommand, 'meta'>) => handler.handle({ ...command, meta: meta() } as NodeCommand);
    for (const id of [A, B]) await send({ type: 'RegisterNode', nodeId: id, data: { driver: 'fake-hardware', provision_state: 'enroll' } });
    await send({ type: 'AddPort', nodeId: A, data: { uuid: 'pa1', address: 'aa:00:00:00:00:01' } });
    await send({ type: 'AddPort', nodeId: B, data: { uuid: 'pb1', address: 'bb:00:00:00:00:01' } });
    await send({ type: 'AddPort', nodeId: A, data: { uuid: 'pa2', address: 'aa:00:00:00:00:02' } });

    let model = await rebuildReadModel(store);
    expect([...model.ports()].map(({ port, node }) => [port.uuid, node.uuid])).toEqual([['pa1', A], ['pb1', B], ['pa2', A]]);
    expect(model.port('pb1')?.port.address).toBe('bb:00:00:00:00:01');
    expect(model.nodeWithAddress('aa:00:00:00:00:02')?.uuid).toBe(A);

    await send({ type: 'RemovePort', nodeId: A, data: { uuid: 'pa1' } });
    await send({ type: 'DeleteNode', nodeId: B, data: {} });
    model = await rebuildReadModel(store);
    expect([...model.ports()].map(({ port }) => port.uuid)).toEqual(['pa2']);
    expect(model.port('pa1')).toBeUndefined();
    expect(model.nodeWithAddress('aa:00:00:00:00:01')).toBeUndefined();
    expect(model.nodeWithAddress('bb:00:00:00:00:01')).toBeUndefined();
  });
});
