import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { claimStreamId, NodeCommandHandler } from '@ironledger/application';
import { type CommandReply, nodeStreamId } from '@ironledger/contracts';
import { JetStreamEventStore } from '@ironledger/event-store';
import { CommandBus } from '../support/bus.js';
import { eventually, isolatedRun, natsUrl, type Service, startService } from '../support/processes.js';

jest.setTimeout(60_000);

/** Several conductor processes sharing one NATS and one event log. */
describe('conductors sharing the fleet', () => {
  const runEnv = isolatedRun('failover');
  const env = { NATS_URL: natsUrl(), ...runEnv, HEARTBEAT_INTERVAL_MS: '200' };
  const conductors: Service[] = [];
  let bus: CommandBus;
  let store: JetStreamEventStore;

  beforeAll(async () => {
    bus = await CommandBus.connect(natsUrl(), runEnv.NATS_SUBJECT_PREFIX);
    store = await JetStreamEventStore.connect({ servers: natsUrl(), stream: runEnv.JETSTREAM_STREAM, subjectPrefix: runEnv.JETSTREAM_SUBJECT_PREFIX });
  });

  afterAll(async () => {
    await bus?.close();
    await Promise.all(conductors.map((c) => c.stop('SIGKILL')));
    await store?.close();
  });

  const start = async (id: string) => {
    const service = await startService('apps/conductor/src/main.ts', { ...env, CONDUCTOR_ID: id }, { name: id });
    conductors.push(service);
    return service;
  };
  const load = async (id: string) => (await new NodeCommandHandler(store).load(id)).state!;

  it('lets exactly one of two conductors apply racing requests on one node', async () => {
    await start('race-a');
    await start('race-b');
    for (let round = 0; round < 5; round++) {
      const nodeId = randomUUID();
      await bus.send({ type: 'RegisterNode', nodeId, data: { driver: 'fake-hardware', driver_info: { fake_delay_ms: 300 }, provision_state: 'enroll' } });
      // Ten identical requests at once: the queue group spreads them over both conductors.
      const replies = await Promise.all(Array.from({ length: 10 }, () => bus.send({ type: 'RequestProvisionAction', nodeId, data: { target: 'manage' } })));
      expect(replies.filter((r) => r.ok)).toHaveLength(1);
      expect(replies.filter((r) => !r.ok).map((r) => !r.ok && r.error.type).sort()).toEqual(Array(9).fill('locked'));
      const transitions = (await store.readStream(nodeStreamId(nodeId))).filter((e) => e.type === 'ProvisionStateChanged' && e.data.event === 'manage');
      expect(transitions).toHaveLength(1);
    }
  });

  it('gives a name to exactly one of the nodes created with it at once, keeps it through a refused command, and frees it on rename and delete', async () => {
    if (conductors.length === 0) {
      await start('race-a');
      await start('race-b');
    }
    const register = (nodeId: string, name: string) => bus.send({ type: 'RegisterNode', nodeId, data: { driver: 'fake-hardware', name, provision_state: 'enroll' } });
    for (let round = 0; round < 5; round++) {
      const name = `twin-${round}-${randomUUID().slice(0, 8)}`;
      const nodeIds = Array.from({ length: 10 }, () => randomUUID());
      // Ten nodes with one name at once: the queue group spreads them over both conductors.
      const replies = await Promise.all(nodeIds.map((nodeId) => register(nodeId, name)));
      expect(replies.filter((r) => r.ok)).toHaveLength(1);
      expect(replies.filter((r) => !r.ok).map((r) => !r.ok && r.error.message)).toEqual(Array(9).fill(`A node with name ${name} already exists.`));
      const registered = await Promise.all(nodeIds.map(async (nodeId) => (await store.readStream(nodeStreamId(nodeId))).length));
      expect(registered.filter((events) => events > 0)).toHaveLength(1);
    }

    const first = randomUUID();
    const second = randomUUID();
    const name = `moving-${randomUUID().slice(0, 8)}`;
    expect((await bus.send({ type: 'RegisterNode', nodeId: first, data: { driver: 'fake-hardware', name, driver_info: { fake_delay_ms: 500 }, provision_state: 'enroll' } })).ok).toBe(true);
    expect((await register(second, name)).ok).toBe(false);
    // A refused command that repeats the node's own name leaves the name with the node.
    expect((await bus.send({ type: 'RequestProvisionAction', nodeId: first, data: { target: 'manage' } })).ok).toBe(true);
    const locked = await bus.send({ type: 'UpdateNode', nodeId: first, data: { changes: { name, description: 'busy' } } });
    expect(!locked.ok && locked.error.type).toBe('locked');
    expect((await store.readStream(claimStreamId({ kind: 'name', value: name }))).map((e) => [e.type, e.data])).toEqual([['NodeNameClaimed', { nodeId: first }]]);
    expect((await register(second, name)).ok).toBe(false);
    await eventually(async () => ((await load(first)).provision_state === 'manageable' ? true : undefined), 10_000, 'node manageable');
    expect((await bus.send({ type: 'UpdateNode', nodeId: first, data: { changes: { name: `${name}-renamed` } } })).ok).toBe(true);
    expect((await register(second, name)).ok).toBe(true);
    expect((await bus.send({ type: 'DeleteNode', nodeId: second, data: {} })).ok).toBe(true);
    expect((await register(randomUUID(), name)).ok).toBe(true);
  });

  it('gives a MAC address and a port UUID to exactly one of the ports added with it at once, and frees them with the port or node', async () => {
    if (conductors.length === 0) {
      await start('race-a');
      await start('race-b');
    }
    const nodeIds = Array.from({ length: 10 }, () => randomUUID());
    for (const nodeId of nodeIds) await bus.send({ type: 'RegisterNode', nodeId, data: { driver: 'fake-hardware', provision_state: 'enroll' } });
    const addPort = (nodeId: string, address: string, uuid: string = randomUUID()) => bus.send({ type: 'AddPort', nodeId, data: { uuid, address } });
    const ports = async (nodeId: string) => (await load(nodeId)).ports;
    for (let round = 0; round < 3; round++) {
      const mac = `52:54:00:00:${round.toString(16).padStart(2, '0')}:${randomUUID().slice(0, 2)}`;
      // One MAC on ten nodes at once, spread over both conductors by the queue group.
      const replies = await Promise.all(nodeIds.map((nodeId) => addPort(nodeId, mac)));
      expect(replies.filter((r) => r.ok)).toHaveLength(1);
      expect(replies.filter((r) => !r.ok).map((r) => !r.ok && r.error.message)).toEqual(Array(9).fill(`A port with MAC address ${mac} already exists.`));
      const holders: string[] = [];
      for (const nodeId of nodeIds) if ((await ports(nodeId)).some((port) => port.address === mac)) holders.push(nodeId);
      expect(holders).toHaveLength(1);
      // Removing the port frees the MAC for another node.
      const [port] = (await ports(holders[0]!)).filter((p) => p.address === mac);
      expect((await bus.send({ type: 'RemovePort', nodeId: holders[0]!, data: { uuid: port!.uuid } })).ok).toBe(true);
      const other = nodeIds.find((nodeId) => nodeId !== holders[0])!;
      expect((await addPort(other, mac)).ok).toBe(true);
    }
    // One port UUID with ten different MACs at once.
    const uuid = randomUUID();
    const replies = await Promise.all(nodeIds.map((nodeId, i) => addPort(nodeId, `52:54:00:01:00:${i.toString(16).padStart(2, '0')}`, uuid)));
    expect(replies.filter((r) => r.ok)).toHaveLength(1);
    expect(replies.filter((r) => !r.ok).map((r) => !r.ok && r.error.message)).toEqual(Array(9).fill(`A port with UUID ${uuid} already exists.`));
    // Deleting the node frees its MACs and port UUIDs.
    const holder = nodeIds[replies.findIndex((r) => r.ok)]!;
    const held = await ports(holder);
    expect((await bus.send({ type: 'DeleteNode', nodeId: holder, data: {} })).ok).toBe(true);
    const heir = nodeIds.find((nodeId) => nodeId !== holder)!;
    for (const port of held) expect((await addPort(heir, port.address, port.uuid)).ok).toBe(true);
  });

  it('gives a port group name, a port group MAC and a volume connector’s type and ID each to exactly one of the nodes asking for it at once', async () => {
    if (conductors.length === 0) {
      await start('race-a');
      await start('race-b');
    }
    const nodeIds = Array.from({ length: 10 }, () => randomUUID());
    for (const nodeId of nodeIds) await bus.send({ type: 'RegisterNode', nodeId, data: { driver: 'fake-hardware', provision_state: 'enroll' } });
    const winnerOf = async (replies: CommandReply[], expected: string, has: (node: Awaited<ReturnType<typeof load>>) => boolean) => {
      expect(replies.filter((r) => r.ok)).toHaveLength(1);
      expect(replies.filter((r) => !r.ok).map((r) => !r.ok && r.error.message)).toEqual(Array(9).fill(expected));
      const holders: string[] = [];
      for (const nodeId of nodeIds) if (has(await load(nodeId))) holders.push(nodeId);
      expect(holders).toEqual([nodeIds[replies.findIndex((r) => r.ok)]]);
    };
    const name = `bond-${randomUUID().slice(0, 8)}`;
    const named = await Promise.all(nodeIds.map((nodeId) => bus.send({ type: 'AddPortgroup', nodeId, data: { uuid: randomUUID(), name } })));
    await winnerOf(named, `A portgroup with name ${name} already exists.`, (node) => node.portgroups.some((g) => g.name === name));
    const mac = `52:54:00:77:${randomUUID().slice(0, 2)}:01`;
    const addressed = await Promise.all(nodeIds.map((nodeId) => bus.send({ type: 'AddPortgroup', nodeId, data: { uuid: randomUUID(), address: mac } })));
    await winnerOf(addressed, `A portgroup with MAC address ${mac} already exists.`, (node) => node.portgroups.some((g) => g.address === mac));
    const iqn = `iqn.2026-11.org.race:${randomUUID().slice(0, 8)}`;
    const connectors = await Promise.all(nodeIds.map((nodeId) => bus.send({ type: 'AddVolumeConnector', nodeId, data: { uuid: randomUUID(), type: 'iqn', connector_id: iqn, extra: {} } })));
    await winnerOf(connectors, `A volume connector with type iqn and connector ID ${iqn} already exists.`, (node) => node.volume_connectors.some((c) => c.connector_id === iqn));
  });

  it('moves a port once when two conductors are asked to move it to two nodes at once; its MAC stays one node’s', async () => {
    if (conductors.length === 0) {
      await start('race-a');
      await start('race-b');
    }
    const [home, ...others] = Array.from({ length: 5 }, () => randomUUID());
    for (const nodeId of [home!, ...others]) await bus.send({ type: 'RegisterNode', nodeId, data: { driver: 'fake-hardware', provision_state: 'enroll' } });
    const port = randomUUID();
    const mac = `52:54:00:78:${randomUUID().slice(0, 2)}:01`;
    expect((await bus.send({ type: 'AddPort', nodeId: home!, data: { uuid: port, address: mac } })).ok).toBe(true);
    const replies = await Promise.all(others.map((to) => bus.send({ type: 'UpdatePort', nodeId: home!, data: { uuid: port, changes: {}, to_node: to } })));
    expect(replies.filter((r) => r.ok)).toHaveLength(1);
    const holders: string[] = [];
    for (const nodeId of [home!, ...others]) if ((await load(nodeId)).ports.some((p) => p.uuid === port)) holders.push(nodeId);
    expect(holders).toEqual([others[replies.findIndex((r) => r.ok)]]);
    const claims = await store.readStream(claimStreamId({ kind: 'mac', value: mac }));
    expect(claims.at(-1)!.data).toEqual({ nodeId: holders[0] });
  });
});

/**
 * A conductor killed mid-transition, deterministically: it is the only conductor when the
 * nodes are taken (so it holds all of them), and the survivor starts only then, so the test
 * never depends on how the queue group spreads commands or on timing under load.
 */
describe('a conductor killed mid-transition', () => {
  const runEnv = isolatedRun('failover_kill');
  const env = { NATS_URL: natsUrl(), ...runEnv, HEARTBEAT_INTERVAL_MS: '300' };
  const conductors: Service[] = [];
  let bus: CommandBus;
  let store: JetStreamEventStore;

  beforeAll(async () => {
    bus = await CommandBus.connect(natsUrl(), runEnv.NATS_SUBJECT_PREFIX);
    store = await JetStreamEventStore.connect({ servers: natsUrl(), stream: runEnv.JETSTREAM_STREAM, subjectPrefix: runEnv.JETSTREAM_SUBJECT_PREFIX });
  });

  afterAll(async () => {
    await bus?.close();
    await Promise.all(conductors.map((c) => c.stop('SIGKILL')));
    await store?.close();
  });

  const start = async (id: string) => {
    const service = await startService('apps/conductor/src/main.ts', { ...env, CONDUCTOR_ID: id }, { name: id, readyTimeoutMs: 60_000 });
    conductors.push(service);
    return service;
  };
  const load = async (id: string) => (await new NodeCommandHandler(store).load(id)).state!;

  it('fails the nodes of a conductor killed mid-transition, and the history replays consistently', async () => {
    const doomed = await start('doomed');
    const nodes: string[] = [];
    for (let i = 0; i < 4; i++) {
      const nodeId = randomUUID();
      expect(await bus.send({ type: 'RegisterNode', nodeId, data: { driver: 'fake-hardware', driver_info: { fake_delay_ms: 120_000 }, provision_state: 'enroll' } })).toEqual(expect.objectContaining({ ok: true }));
      expect(await bus.send({ type: 'RequestProvisionAction', nodeId, data: { target: 'manage' } })).toEqual(expect.objectContaining({ ok: true }));
      nodes.push(nodeId);
    }
    for (const nodeId of nodes) expect((await load(nodeId)).reservation).toBe('doomed');

    await start('survivor');
    await doomed.stop('SIGKILL');
    for (const nodeId of nodes) {
      const node = await eventually(async () => {
        const current = await load(nodeId);
        return current.reservation === null ? current : undefined;
      }, 30_000, `recovery of ${nodeId}`);
      // verifying fails back to enroll, with the reason.
      expect(node.provision_state).toBe('enroll');
      expect(node.last_error).toContain('Conductor doomed stopped while the node was verifying');
      const history = await store.readStream(nodeStreamId(nodeId));
      expect(history.map((e) => (e.type === 'ProvisionStateChanged' ? `${e.data.from}->${e.data.to}` : e.type))).toEqual(['NodeRegistered', 'enroll->verifying', 'verifying->enroll']);
    }
  });
});
