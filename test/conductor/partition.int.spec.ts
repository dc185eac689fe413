import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { NodeCommandHandler, RosterRings } from '@ironledger/application';
import { Roster } from '@ironledger/bus';
import { busSubjects, nodeStreamId } from '@ironledger/contracts';
import { type Node } from '@ironledger/domain';
import { JetStreamEventStore } from '@ironledger/event-store';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { CommandBus } from '../support/bus.js';
import { eventually, isolatedRun, natsUrl, type Service, sleep, startService } from '../support/processes.js';

jest.setTimeout(180_000);

const HEARTBEAT_MS = 200;
/** Every node is a fake-hardware node of the default group: one ring over every live conductor. */
const pick = ({ provision_state, target_provision_state, reservation, last_error }: Node) => ({ provision_state, target_provision_state, reservation, last_error });
const ringNode = (uuid: string) => ({ uuid, driver: 'fake-hardware', conductor_group: '' });

/** One conductor's work on one node, from its journal: when it started and ended (or the conductor was killed). */
interface Stint {
  readonly conductor: string;
  readonly node: string;
  readonly from: number;
  readonly to: number;
}

/** The stints of work in a conductor's log; work still open ends at `killedAt` (or never, if it lives). */
function stintsOf(conductor: string, log: string, killedAt = Infinity): Stint[] {
  const open = new Map<string, number>();
  const stints: Stint[] = [];
  for (const line of log.split('\n')) {
    if (!line.startsWith('{')) continue;
    const { msg, time } = JSON.parse(line) as { msg?: string; time?: string };
    const work = msg && /^work on node (\S+) (\S+)/.exec(msg);
    if (!work || !time) continue;
    const [, node, what] = work;
    if (what === 'started') open.set(node!, Date.parse(time));
    else if (open.has(node!)) {
      stints.push({ conductor, node: node!, from: open.get(node!)!, to: Date.parse(time) });
      open.delete(node!);
    }
  }
  for (const [node, from] of open) stints.push({ conductor, node, from, to: killedAt });
  return stints;
}

/**
 * Conductor processes sharing a fleet by the hash rings: commands go to the owner of their node,
 * and conductors come and go (started, SIGKILLed) while nodes are provisioned.
 */
describe('conductors owning shares of the fleet', () => {
  const runEnv = isolatedRun('partition');
  const env = { NATS_URL: natsUrl(), ...runEnv, HEARTBEAT_INTERVAL_MS: String(HEARTBEAT_MS) };
  const conductors = new Map<string, Service>();
  const killedAt = new Map<string, number>();
  let listener: NatsConnection;
  let roster: Roster;
  let rings: RosterRings;
  let bus: CommandBus;
  let store: JetStreamEventStore;

  beforeAll(async () => {
    listener = await connect({ servers: natsUrl() });
    roster = new Roster(listener, busSubjects(runEnv.NATS_SUBJECT_PREFIX).conductorHeartbeat, HEARTBEAT_MS).start();
    rings = new RosterRings(() => roster.members());
    // Commands are sent as a gateway sends them: to the owner of their node by the rings over the live conductors.
    bus = await CommandBus.connect(natsUrl(), runEnv.NATS_SUBJECT_PREFIX, (message) => ownerOf((message as { nodeId: string }).nodeId));
    store = await JetStreamEventStore.connect({ servers: natsUrl(), stream: runEnv.JETSTREAM_STREAM, subjectPrefix: runEnv.JETSTREAM_SUBJECT_PREFIX });
  });

  afterAll(async () => {
    await bus?.close();
    await Promise.all([...conductors.values()].map((c) => c.stop('SIGKILL')));
    roster?.stop();
    await listener?.close();
    await store?.close();
  });

  const ownerOf = (nodeId: string) => rings.current().ownerOf(ringNode(nodeId));
  const start = async (id: string) => {
    conductors.set(id, await startService('apps/conductor/src/main.ts', { ...env, CONDUCTOR_ID: id }, { name: id, readyTimeoutMs: 60_000, keepChars: 20_000_000 }));
    await eventually(() => (roster.alive().includes(id) ? true : undefined), 10_000, `${id} on the roster`);
  };
  const kill = async (id: string) => {
    killedAt.set(id, Date.now());
    await conductors.get(id)!.stop('SIGKILL');
  };
  const load = async (id: string): Promise<Node> => (await new NodeCommandHandler(store).load(id)).state!;
  const register = async (driverInfo: Record<string, number> = {}) => {
    const nodeId = randomUUID();
    expect((await bus.send({ type: 'RegisterNode', nodeId, data: { driver: 'fake-hardware', driver_info: driverInfo, provision_state: 'enroll' } })).ok).toBe(true);
    return nodeId;
  };

  it('sends a node’s commands to the conductor owning it, and to any conductor when the owner named is gone', async () => {
    await start('own-a');
    await start('own-b');
    await start('own-c');
    const nodes = await Promise.all(Array.from({ length: 30 }, () => register()));
    for (const nodeId of nodes) expect((await bus.send({ type: 'RequestProvisionAction', nodeId, data: { target: 'manage' } })).ok).toBe(true);
    const holders = await Promise.all(nodes.map(async (nodeId) => (await store.readStream(nodeStreamId(nodeId))).find((e) => e.type === 'ProvisionStateChanged')!.data.reservation));
    expect(holders).toEqual(nodes.map(ownerOf));
    // Every conductor got a share.
    expect(new Set(holders)).toEqual(new Set(['own-a', 'own-b', 'own-c']));

    const stray = await CommandBus.connect(natsUrl(), runEnv.NATS_SUBJECT_PREFIX, () => 'no-such-conductor');
    try {
      expect((await stray.send({ type: 'RegisterNode', nodeId: randomUUID(), data: { driver: 'fake-hardware', provision_state: 'enroll' } })).ok).toBe(true);
    } finally {
      await stray.close();
    }
    for (const id of ['own-a', 'own-b', 'own-c']) await kill(id);
  });

  it('brings every node to active while conductors are started and SIGKILLed, none worked by two conductors at once, none left held', async () => {
    for (const id of ['churn-1', 'churn-2', 'churn-3']) await start(id);
    const nodes = await Promise.all(Array.from({ length: 24 }, () => register({ fake_delay_ms: 3000 })));

    // An operator bringing each node to active, again after a failure (a conductor died under it).
    const next: Partial<Record<string, string>> = { enroll: 'manage', manageable: 'provide', available: 'active', 'clean failed': 'manage', 'deploy failed': 'deleted', error: 'deleted' };
    let driving = true;
    const drive = async (nodeId: string) => {
      while (driving) {
        const node = await load(nodeId);
        if (node.provision_state === 'active' && node.reservation === null) return;
        // A failed state keeps the target it failed to reach, as Ironic's does.
        const resting = node.reservation === null && (node.target_provision_state === null || node.provision_state.endsWith('failed'));
        const target = resting ? next[node.provision_state] : undefined;
        if (target) await bus.send({ type: 'RequestProvisionAction', nodeId, data: { target } });
        await sleep(100);
      }
    };
    const driven = Promise.all(nodes.map(drive));

    // The churn: a conductor joins (taking a share), then one holding a node under way is killed
    // (its share goes to the others), twice over; each step takes 3 s, so a kill lands on work.
    const killAHolder = async () => {
      const holder = await eventually(async () => {
        const held = (await Promise.all(nodes.map(load))).map((node) => node.reservation).find((id) => id !== null && !killedAt.has(id));
        return held ?? undefined;
      }, 60_000, 'a node under way');
      await kill(holder);
      return holder;
    };
    await start('churn-4');
    const first = await killAHolder();
    await start('churn-5');
    const second = await killAHolder();
    let timer: NodeJS.Timeout | undefined;
    const late = async () => {
      const states = await Promise.all(nodes.map(async (nodeId) => ({ nodeId, ...pick(await load(nodeId)) })));
      return new Error(`nodes did not all reach active in 120 s: ${JSON.stringify(states.filter((state) => state.provision_state !== 'active'))}`);
    };
    try {
      await Promise.race([driven, new Promise((_, reject) => (timer = setTimeout(() => void late().then(reject), 120_000)))]);
    } finally {
      driving = false;
      clearTimeout(timer);
    }
    for (const nodeId of nodes) expect(await load(nodeId)).toMatchObject({ provision_state: 'active', reservation: null, target_provision_state: null });

    // Work on a node by one conductor never overlaps work on it by another.
    const stints = [...conductors].filter(([id]) => id.startsWith('churn-')).flatMap(([id, service]) => stintsOf(id, service.output(), killedAt.get(id)));
    expect(stints.length).toBeGreaterThanOrEqual(nodes.length * 3);
    const overlaps = stints.filter((a) => stints.some((b) => b.node === a.node && b.conductor !== a.conductor && b.from < a.to && a.from < b.to));
    expect(overlaps).toEqual([]);
    // The kills mattered: the killed conductors' work under way was taken over by others.
    const workers = new Map<string, Set<string>>();
    for (const stint of stints) workers.set(stint.node, (workers.get(stint.node) ?? new Set()).add(stint.conductor));
    for (const killed of [first, second]) expect([...workers.values()].some((set) => set.has(killed) && set.size > 1)).toBe(true);
  });
});
