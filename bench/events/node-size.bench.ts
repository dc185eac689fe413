/**
 * How much V8 heap the read model takes per node. Builds a `FleetReadModel` from one of:
 *  - `--fleet redfish` (default): N Redfish nodes enrolled and verified as `bench/memory` enrolls
 *    them (registration, `manage`, the boot mode and the simulator's BIOS settings cached,
 *    `manageable`, one power sync read);
 *  - `--fleet simulated`: N nodes living the fleet simulator's lifecycles, about `--events` each;
 *  - `--log`: the benchmark store's seeded log (as `rebuild.bench.ts` reads it).
 * Each commit's events are serialized and parsed as the store decodes them, so that nothing is
 * shared with the commands that made them. Then collections are forced and the heap the model
 * holds is printed per node, beside the size of the nodes as JSON.
 *
 *   node --expose-gc --import ./scripts/register-ts.mjs bench/events/node-size.bench.ts [--fleet redfish|simulated] [--nodes 10000] [--events 88] [--snapshot file]
 *   NATS_URL=… node --expose-gc --import ./scripts/register-ts.mjs bench/events/node-size.bench.ts --log
 *
 * `--share M` measures the model of a process acting for one of M instances on a hash ring (a
 * conductor among M, a power-sync instance among M): it keeps whole only the nodes of its share
 * and the rest packed (`FleetReadModel.keepWhole`). `--unpacked` measures every node packed and then
 * read again (unpacked and kept whole), as a process holds the nodes it has unpacked, and the CPU
 * each packing and unpacking took.
 */
import { getHeapStatistics, writeHeapSnapshot } from 'node:v8';
import { parseArgs } from 'node:util';
import { FleetReadModel, HashRing, rebuildReadModel, toEventData } from '@ironledger/application';
import { nodeStreamId } from '@ironledger/contracts';
import { type CommandMeta, decide, evolve, type Node, type NodeCommand, type NodeEvent } from '@ironledger/domain';
import { seededRandom, simulatedClock, simulatedNodeId, type SimulatedNode, stepNode } from '@ironledger/lifecycle-events/testing';
import { fmt, machine, markdownTable, openBenchStore } from './common.js';
import { simulatedBios } from '../share/seed.js';

const { values } = parseArgs({
  options: {
    nodes: { type: 'string', default: '10000' },
    // About what the seeded log has per node ever registered (1,000,099 events, 11,390 nodes).
    events: { type: 'string', default: '88' },
    fleet: { type: 'string', default: 'redfish' },
    log: { type: 'boolean', default: false },
    snapshot: { type: 'string' },
    share: { type: 'string', default: '1' },
    unpacked: { type: 'boolean', default: false },
  },
});

const collect = (globalThis as { gc?: () => void }).gc;
if (!collect) throw new Error('Run with node --expose-gc.');
const heapUsed = (): number => {
  for (let i = 0; i < 3; i++) collect();
  return getHeapStatistics().used_heap_size;
};

/** Applies a commit's events to `model` as the store hands them back: parsed from their JSON. */
function applyDecoded(model: FleetReadModel, nodeId: string, events: readonly NodeEvent[], revision: number, position: number): void {
  const decoded = JSON.parse(JSON.stringify(events.map(toEventData))) as ReturnType<typeof toEventData>[];
  const recordedAt = new Date().toISOString();
  decoded.forEach(({ type, data, metadata = {} }, index) => {
    model.apply({ streamId: nodeStreamId(nodeId), type, data, metadata, revision: revision + index, position: position + index, recordedAt });
  });
}

/** The read model of `nodes` Redfish nodes, enrolled and verified the way `scripts/enroll-fleet.mjs` and a conductor do it. */
function redfishModel(nodes: number): FleetReadModel {
  const model = new FleetReadModel();
  const clock = simulatedClock('2026-11-25T03:26:00.000Z', 7);
  let request = 0;
  let position = 0;
  for (let n = 0; n < nodes; n++) {
    const nodeId = simulatedNodeId(0x7ed, n);
    const operator = (): CommandMeta => ({ at: clock(), actor: 'admin', requestId: `req-${++request}` });
    const conductor = (): CommandMeta => ({ at: clock(), actor: 'conductor', requestId: `req-${++request}`, conductor: 'conductor-1' });
    const commands: NodeCommand[] = [
      {
        type: 'RegisterNode',
        nodeId,
        meta: operator(),
        data: {
          name: `sim-${String(n).padStart(5, '0')}`,
          driver: 'redfish',
          boot_interface: 'redfish-virtual-media',
          driver_info: { redfish_address: `http://127.0.0.1:8000/bmc/${n + 1}`, redfish_username: 'admin', redfish_password: 'password' },
          provision_state: 'enroll',
        },
      } as NodeCommand,
      { type: 'RequestProvisionAction', nodeId, meta: { ...operator(), conductor: 'conductor-1' }, data: { target: 'manage' } } as NodeCommand,
      { type: 'CacheBootMode', nodeId, meta: conductor(), data: { boot_mode: 'uefi', secure_boot: false } } as NodeCommand,
      { type: 'CacheBiosSettings', nodeId, meta: conductor(), data: { settings: simulatedBios(n + 1) } } as NodeCommand,
      { type: 'RecordProvisionOutcome', nodeId, meta: conductor(), data: { outcome: 'succeeded' } } as NodeCommand,
      { type: 'RecordPowerSync', nodeId, meta: { at: clock(), actor: 'power-sync', requestId: `req-${++request}` }, data: { outcome: 'read', power_state: 'power off' } } as NodeCommand,
    ];
    let node: Node | null = null;
    let revision = 0;
    for (const command of commands) {
      const events = decide(command, node);
      for (const event of events) node = evolve(node, event);
      applyDecoded(model, nodeId, events, revision, position + 1);
      revision += events.length;
      position += events.length;
    }
  }
  return model;
}

/** The read model of `nodes` simulated nodes, each taking about `events` events (a deleted node's slot gets a new node). */
function simulatedModel(nodes: number, events: number): FleetReadModel {
  const model = new FleetReadModel();
  const clock = simulatedClock('2024-01-01T00:00:00.000Z', 30_000);
  const random = seededRandom(7);
  let request = 0;
  const meta = (): CommandMeta => ({ at: clock(), actor: 'operator', requestId: `size-${++request}`, conductor: `conductor-${request % 3}` });
  let position = 0;
  let registered = 0;
  for (let slot = 0; slot < nodes; slot++) {
    let sim: SimulatedNode = { id: simulatedNodeId(0x512e, registered++), node: null, revision: -1, deleted: false };
    for (let taken = 0; taken < events; ) {
      const batch = stepNode(sim, 1 + Math.floor(random() * 3), random, meta);
      if (batch.length === 0) break;
      taken += batch.length;
      applyDecoded(model, sim.id, batch, sim.revision + 1, position + 1);
      position += batch.length;
      sim.revision += batch.length;
      if (sim.deleted) sim = { id: simulatedNodeId(0x512e, registered++), node: null, revision: -1, deleted: false };
    }
  }
  return model;
}

const before = heapUsed();
const started = performance.now();
let model: FleetReadModel;
if (values.log) {
  const store = await openBenchStore();
  model = await rebuildReadModel(store);
  await store.close();
} else if (values.fleet === 'simulated') {
  model = simulatedModel(Number(values.nodes), Number(values.events));
} else {
  model = redfishModel(Number(values.nodes));
}
const members = Number(values.share);
if (members > 1) {
  const ring = new HashRing(Array.from({ length: members }, (_, i) => `instance-${i}`));
  await model.keepWhole({ keep: (node) => ring.ownerOf(node.uuid) === 'instance-0' });
}
/** CPU time (user + system) of `work`, in µs. */
async function cpuOf(work: () => unknown): Promise<number> {
  const from = process.cpuUsage();
  await work();
  const { user, system } = process.cpuUsage(from);
  return user + system;
}
/** CPU per node packed and per node unpacked (`--unpacked`), for the table. */
const costs: [string, string][] = [];
if (values.unpacked) {
  const packing = await cpuOf(() => model.keepWhole({ keep: () => false, recent: 0, reason: 'every node packed' }));
  costs.push(['CPU to pack a node (`keepWhole`, every node)', `${fmt(packing / model.size, 1)} µs`]);
  await model.keepWhole({ keep: () => true, reason: 'every node whole' });
  const unpacking = await cpuOf(() => {
    for (const summary of model.summaries()) model.get(summary.uuid);
  });
  costs.push(['CPU to unpack a node (`get`, every node)', `${fmt(unpacking / model.size, 1)} µs`]);
}
const seconds = (performance.now() - started) / 1000;
const whole = [...model.wholeNodes()].length;
const held = heapUsed() - before;
const json = [...model.all()].reduce((sum, node) => sum + Buffer.byteLength(JSON.stringify(node)), 0);
if (values.snapshot) writeHeapSnapshot(values.snapshot);

const source = values.log
  ? `the benchmark store's log (${fmt(model.position)} is its last position)`
  : values.fleet === 'simulated'
    ? `${fmt(Number(values.nodes))} simulated nodes, about ${values.events} events each`
    : `${fmt(Number(values.nodes))} Redfish nodes enrolled and verified`;
console.log(`\n### Read model heap per node\n\n${machine()}; from ${source}, built in ${fmt(seconds, 1)} s; checksum \`${model.checksum().slice(0, 16)}…\`.\n`);
console.log(
  markdownTable(
    ['what', 'result'],
    [
      ['nodes in the model', fmt(model.size)],
      ['nodes held whole (the rest packed)', `${fmt(whole)}${members > 1 ? ` (the share of one instance of ${members})` : ''}${values.unpacked ? ' (each packed, then unpacked)' : ''}`],
      ['V8 heap held by the read model (after forced GC)', `${fmt(held / 2 ** 20, 1)} MB`],
      ['**heap per node**', `**${fmt(held / model.size)} bytes**`],
      ['node as JSON (`JSON.stringify`), per node', `${fmt(json / model.size)} bytes`],
      ...costs,
    ],
  ),
);
