import { describe, expect, it } from '@jest/globals';
import { type CommandMeta, type NodeCommand } from '@ironledger/domain';
import { InMemoryEventStore, type ReadPagesOptions } from '@ironledger/event-store';
import { NodeCommandHandler } from './command-handler.js';
import { LiveProjection } from './projection.js';

let request = 0;
const meta = (): CommandMeta => ({ at: '2026-11-21T12:00:00Z', actor: 'op', requestId: `req-${++request}`, conductor: 'c1' });
const nodeId = (i: number) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;

async function drive(handler: NodeCommandHandler, i: number): Promise<number> {
  const id = nodeId(i);
  const steps: Omit<NodeCommand, 'meta'>[] = [
    { type: 'RegisterNode', nodeId: id, data: { driver: 'fake-hardware', name: `n${i}`, provision_state: 'enroll' } },
    { type: 'RequestProvisionAction', nodeId: id, data: { target: 'manage' } },
    { type: 'RecordProvisionOutcome', nodeId: id, data: { outcome: 'succeeded' } },
  ];
  let position = 0;
  for (const step of steps) position = (await handler.handle({ ...step, meta: meta() } as NodeCommand)).position;
  return position;
}

describe('LiveProjection', () => {
  it('catches up with history, follows live events, and serves read-your-writes', async () => {
    const store = new InMemoryEventStore();
    const handler = new NodeCommandHandler(store);
    await drive(handler, 1);
    const projection = new LiveProjection(store);
    await projection.start();
    expect(projection.readModel.get('n1')).toMatchObject({ uuid: nodeId(1), provision_state: 'manageable' });

    const position = await drive(handler, 2);
    expect(await projection.waitFor(position, 1000)).toBe(true);
    expect(projection.readModel.get(nodeId(2))?.provision_state).toBe('manageable');
    expect(await projection.waitFor(position + 1000, 50)).toBe(false);
    await projection.stop();
  });

  it('rebuilds from the whole log to the same state as the live model', async () => {
    const store = new InMemoryEventStore();
    const handler = new NodeCommandHandler(store);
    const projection = new LiveProjection(store);
    await projection.start();
    for (let i = 0; i < 20; i++) await drive(handler, i);
    await handler.handle({ type: 'DeleteNode', nodeId: nodeId(3), data: {}, meta: meta() });
    const report = await projection.rebuild();
    expect(report).toMatchObject({ equal: true, nodes: 19, differences: [] });
    expect(report.liveChecksum).toBe(report.rebuiltChecksum);
    expect(projection.readModel.get('n3')).toBeUndefined();
    await projection.stop();
  });

  it('starts and rebuilds with one read of the log, then follows it live', async () => {
    const store = new InMemoryEventStore();
    const handler = new NodeCommandHandler(store);
    for (let i = 0; i < 5; i++) await drive(handler, i);
    let reads = 0;
    const counted = Object.assign(Object.create(store) as InMemoryEventStore, {
      readAllPages: (options: ReadPagesOptions) => {
        reads++;
        return store.readAllPages(options);
      },
    });
    const projection = new LiveProjection(counted);
    const progress: number[] = [];
    const report = await projection.startAndRebuild((events) => progress.push(events));
    expect(reads).toBe(1);
    expect(progress.at(-1)).toBe(15);
    expect(report).toMatchObject({ equal: true, nodes: 5, differences: [] });
    expect(report.liveChecksum).toBe(report.rebuiltChecksum);

    const position = await drive(handler, 9);
    expect(await projection.waitFor(position, 1000)).toBe(true);
    expect(projection.readModel.get('n9')?.provision_state).toBe('manageable');
    await projection.stop();
  });

  it('reports the nodes where the live model went wrong', async () => {
    const store = new InMemoryEventStore();
    const handler = new NodeCommandHandler(store);
    const projection = new LiveProjection(store);
    await projection.start();
    const position = await drive(handler, 1);
    await projection.waitFor(position);
    // Corrupt the live model behind the projection's back: the rebuild must notice.
    Object.assign(projection.readModel.get('n1')!, { provision_state: 'active' });
    const report = await projection.rebuild();
    expect(report.equal).toBe(false);
    expect(report.differences).toEqual([nodeId(1)]);
    await projection.stop();
  });
});

describe('LiveProjection when its subscription breaks', () => {
  it('reports the failure and follows the log again from where it was', async () => {
    const store = new InMemoryEventStore();
    let breakNext = true;
    // A store whose first live subscription fails once, as a dropped connection would.
    const flaky = Object.assign(Object.create(store) as InMemoryEventStore, {
      subscribeToAll: (options?: { after?: number }) => {
        if (!breakNext) return store.subscribeToAll(options);
        breakNext = false;
        return { [Symbol.asyncIterator]: () => ({ next: () => Promise.reject(new Error('connection lost')) }), close: async () => undefined };
      },
    });
    const handler = new NodeCommandHandler(store);
    const projection = new LiveProjection(flaky, 20);
    await projection.start();
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(projection.failure?.message).toBe('connection lost');
    const position = await drive(handler, 7);
    expect(await projection.waitFor(position, 2000)).toBe(true);
    expect(projection.failure).toBeUndefined();
    expect(projection.readModel.get('n7')?.provision_state).toBe('manageable');
    await projection.stop();
  });
});
