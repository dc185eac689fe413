import { describe, expect, it } from '@jest/globals';
import { type CommandMeta, newNode, type Node, type NodeCommand } from '@ironledger/domain';
import { InMemoryEventStore } from '@ironledger/event-store';
import { NodeCommandHandler } from './command-handler.js';
import { NodeTable, SUMMARY_FIELDS } from './node-table.js';
import { rebuildReadModel } from './projection.js';
import { FleetReadModel } from './read-model.js';

let request = 0;
const meta = (): CommandMeta => ({ at: '2026-11-29T12:00:00Z', actor: 'op', requestId: `req-${++request}`, conductor: 'c1' });
const nodeId = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const NODES = 40;
/** The share a process acts for in these tests: every third node. */
const mine = (node: Node) => Number(node.uuid.slice(-12)) % 3 === 0;

/** A small fleet with names, ports, a port group, instances, managed and updated nodes, and deleted ones. */
async function fleetStore(): Promise<{ store: InMemoryEventStore; send: (command: Omit<NodeCommand, 'meta'>) => Promise<unknown> }> {
  const store = new InMemoryEventStore();
  const handler = new NodeCommandHandler(store);
  const send = (command: Omit<NodeCommand, 'meta'>) => handler.handle({ ...command, meta: meta() } as NodeCommand);
  for (let n = 0; n < NODES; n++) {
    const id = nodeId(n);
    await send({ type: 'RegisterNode', nodeId: id, data: { driver: 'fake-hardware', name: `node-${n}`, provision_state: 'enroll', driver_info: { address: `10.0.0.${n}` } } });
    await send({ type: 'AddPort', nodeId: id, data: { uuid: `port-${n}`, address: `aa:00:00:00:00:${String(n).padStart(2, '0')}` } });
    if (n % 2 === 0) {
      await send({ type: 'RequestProvisionAction', nodeId: id, data: { target: 'manage' } });
      await send({ type: 'RecordProvisionOutcome', nodeId: id, data: { outcome: 'succeeded' } });
    }
    if (n % 5 === 0) await send({ type: 'UpdateNode', nodeId: id, data: { changes: { instance_uuid: `inst-${n}`, extra: { rack: n } } } });
  }
  await send({ type: 'AddPortgroup', nodeId: nodeId(4), data: { uuid: 'group-4', name: 'bond-4' } });
  return { store, send };
}

/** What the tests compare: every node, its indexes, and the checksum. */
function view(model: FleetReadModel) {
  return {
    checksum: model.checksum(),
    nodes: [...model.all()].map((node) => JSON.stringify(node)),
    byName: Array.from({ length: NODES }, (_, n) => model.get(`node-${n}`)?.uuid ?? null),
    byMac: Array.from({ length: NODES }, (_, n) => model.nodeWithAddress(`aa:00:00:00:00:${String(n).padStart(2, '0')}`)?.uuid ?? null),
    byInstance: Array.from({ length: NODES }, (_, n) => model.holderOfInstance(`inst-${n}`)?.uuid ?? null),
    group: model.portgroups.byKey('bond-4')?.node.uuid ?? null,
    summaries: [...model.summaries()].map((summary) => JSON.stringify(SUMMARY_FIELDS.map((field) => summary[field]))),
  };
}

describe('FleetReadModel keeping only a share whole', () => {
  it('reads and folds exactly as a model holding every node whole, and holds only the share whole after deciding', async () => {
    const { store, send } = await fleetStore();
    const whole = await rebuildReadModel(store);
    const share = new FleetReadModel();
    await share.keepWhole({ keep: mine, reason: 'every third' });
    for (const event of await store.readAll()) share.apply(event);
    expect(view(share)).toEqual(view(whole));
    expect(view(whole).summaries[0]).toBe(JSON.stringify(SUMMARY_FIELDS.map((field) => whole.get(nodeId(0))![field])));

    // Deciding anew packs every node outside the share (the recently used ones among them).
    await share.keepWhole({ keep: (node) => mine(node), reason: 'every third, again' });
    expect([...share.wholeNodes()].map((node) => node.uuid).sort()).toEqual([...whole.all()].filter(mine).map((node) => node.uuid).sort());

    // Packed nodes change, move their port, get renamed and deleted as whole ones do.
    const after = (await store.readAll()).at(-1)!.position;
    await send({ type: 'UpdateNode', nodeId: nodeId(1), data: { changes: { name: 'renamed-1', instance_uuid: 'inst-new' } } });
    await send({ type: 'RequestProvisionAction', nodeId: nodeId(7), data: { target: 'manage' } });
    await send({ type: 'DeleteNode', nodeId: nodeId(11), data: {} });
    await send({ type: 'RemovePort', nodeId: nodeId(13), data: { uuid: 'port-13' } });
    for (const event of await store.readAll({ after })) {
      share.apply(event);
      whole.apply(event);
    }
    expect(view(share)).toEqual(view(whole));
    expect(share.get('renamed-1')?.uuid).toBe(nodeId(1));
    expect(share.differences(whole)).toEqual([]);
    expect(share.copy().checksum()).toBe(whole.checksum());
  });

  it('decides nothing anew for the same reason, and everything for a new one', async () => {
    const { store } = await fleetStore();
    const model = await rebuildReadModel(store);
    let asked = 0;
    const counting = (node: Node) => (asked++, mine(node));
    await model.keepWhole({ keep: counting, reason: 'members a b' });
    expect(asked).toBe(NODES);
    await model.keepWhole({ keep: counting, reason: 'members a b' });
    expect(asked).toBe(NODES);
    expect(model.packedNodes).toBe(NODES - [...model.all()].filter(mine).length);
    // Nodes kept whole now are unpacked when next read, and stay whole.
    await model.keepWhole({ keep: () => true, reason: 'members a' });
    expect(model.packedNodes).toBe(NODES - [...model.all()].filter(mine).length);
    for (let n = 0; n < NODES; n++) model.get(nodeId(n));
    expect([...model.wholeNodes()]).toHaveLength(NODES);
    expect(model.packedNodes).toBe(0);
  });
});

describe('NodeTable', () => {
  const node = (n: number) => newNode(nodeId(n), '2026-11-29T12:00:00Z', { provision_state: 'enroll', name: `node-${n}`, driver_info: { address: `10.0.0.${n}` } });

  it('holds at most its limit of recently used nodes outside the share whole, least recently used packed first', async () => {
    const table = new NodeTable();
    await table.keepWhole({ keep: () => false, recent: 2 });
    for (let n = 0; n < 5; n++) table.set(nodeId(n), node(n));
    expect([...table.wholeNodes()].map((held) => held.name)).toEqual(['node-3', 'node-4']);
    expect(table.packed).toBe(3);
    expect(table.get(nodeId(0))?.name).toBe('node-0');
    expect([...table.wholeNodes()].map((held) => held.name)).toEqual(['node-0', 'node-4']);
    expect(table.packed).toBe(3);
    table.delete(nodeId(1));
    table.delete(nodeId(4));
    expect(table.packed).toBe(2);
    expect(table.size).toBe(3);
    table.set(nodeId(1), node(1));
    // Reading through the fleet holds nothing more.
    expect([...table.values()].map((held) => held.name)).toEqual(['node-0', 'node-2', 'node-3', 'node-1']);
    expect(table.peek(nodeId(2))).toEqual(node(2));
    expect([...table.wholeNodes()]).toHaveLength(2);
  });

  it('gives its summaries in creation order as a sequence that says where each node is, gaps left by deletions compacted away', async () => {
    const table = new NodeTable();
    await table.keepWhole({ keep: (held) => held.name !== 'node-2', recent: 0 });
    /** The sequence's names, `null` for a gap; and each node's position by `positionOf`. */
    const read = () => {
      const sequence = table.inCreationOrder();
      const names = Array.from({ length: sequence.length }, (_, index) => sequence.at(index)?.name ?? null);
      const positions = [...table.keys()].map((id) => sequence.positionOf(id));
      return { names, placed: positions.map((position) => names[position]), known: sequence.positionOf(nodeId(99_999)) };
    };
    for (let n = 0; n < 5; n++) table.set(nodeId(n), node(n));
    expect(read()).toEqual({ names: ['node-0', 'node-1', 'node-2', 'node-3', 'node-4'], placed: ['node-0', 'node-1', 'node-2', 'node-3', 'node-4'], known: -1 });
    expect(table.inCreationOrder().at(2)).not.toHaveProperty('driver_info');
    table.delete(nodeId(1));
    table.set(nodeId(1), node(1));
    table.set(nodeId(3), { ...node(3), name: 'node-3b' });
    const names = ['node-0', null, 'node-2', 'node-3b', 'node-4', 'node-1'];
    expect(read()).toEqual({ names, placed: ['node-0', 'node-2', 'node-3b', 'node-4', 'node-1'], known: -1 });
    expect(names.filter(Boolean)).toEqual([...table.summaries()].map((summary) => summary.name));

    // Once a quarter of the slots (and over a thousand) are empty, they are dropped, the order kept.
    for (let n = 5; n < 3000; n++) table.set(nodeId(n), node(n));
    for (let n = 0; n < 3000; n += 2) table.delete(nodeId(n));
    const left = [...table.summaries()].map((summary) => summary.name);
    expect(left).toHaveLength(1500);
    const after = read();
    expect(after.names.length).toBeLessThan(2500);
    expect(after.names.filter(Boolean)).toEqual(left);
    expect(after.placed).toEqual(left);
    expect(table.get(nodeId(3))?.name).toBe('node-3b');
    expect(table.get(nodeId(4))).toBeUndefined();
  });

  it('gives back a packed node equal to the one stored, with the shared empty values of a node made by the domain', async () => {
    const table = new NodeTable();
    await table.keepWhole({ keep: () => false, recent: 0 });
    table.set(nodeId(1), node(1));
    table.set(nodeId(2), node(2));
    expect([...table.wholeNodes()]).toHaveLength(0);
    const back = table.peek(nodeId(2))!;
    expect(back).toEqual(node(2));
    expect(Object.keys(back)).toEqual(Object.keys(node(2)));
    expect(back.extra).toBe(node(3).extra);
  });

  it('packs the nodes a new rule no longer keeps a few at a time, letting other work run, and stops for a later rule', async () => {
    const table = new NodeTable();
    for (let n = 0; n < 1000; n++) table.set(nodeId(n), node(n));
    let turns = 0;
    const counting = setInterval(() => turns++, 0);
    await table.keepWhole({ keep: () => false, recent: 0, reason: 'none' });
    clearInterval(counting);
    expect(table.packed).toBe(1000);
    expect(turns).toBeGreaterThan(0);

    const whole = new NodeTable();
    for (let n = 0; n < 1000; n++) whole.set(nodeId(n), node(n));
    const first = whole.keepWhole({ keep: () => false, recent: 0, reason: 'none' });
    const second = whole.keepWhole({ keep: () => true, reason: 'all' });
    await Promise.all([first, second]);
    expect(whole.packed).toBeLessThan(1000);
  });
});
