import { createServer, type Server, Socket } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { jetstreamManager, type JetStreamManager } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { NodeCommandHandler } from '@ironledger/application';
import { toNodeEvent } from '@ironledger/application';
import { type NodeEventType } from '@ironledger/domain';
import { JetStreamEventStore, type RecordedEvent } from '@ironledger/event-store';
import { EventRelay, type ReceivedEvent } from '@ironledger/lifecycle-events';
import { driveFleet, isolatedStreams, seededRandom, simulatedNodeId, simulatedPassword, testNatsUrl as natsUrl } from '@ironledger/lifecycle-events/testing';
import { firstSequenceAfter, type NatsSubscribeOptions, subscribeNats } from './nats.js';
import { type EventSubscription } from './subscription.js';

/** Takes events until `max` of them, or until none came for `idleMs`; then closes the subscription. */
async function take(subscription: EventSubscription, max: number, idleMs = 400): Promise<ReceivedEvent[]> {
  const taken: ReceivedEvent[] = [];
  const iterator = subscription[Symbol.asyncIterator]();
  while (taken.length < max) {
    let timer: NodeJS.Timeout | undefined;
    const idle = new Promise<'idle'>((resolve) => (timer = setTimeout(() => resolve('idle'), idleMs)));
    const next = await Promise.race([iterator.next(), idle]);
    clearTimeout(timer);
    if (next === 'idle' || next.done) break;
    taken.push(next.value);
  }
  await subscription.close();
  return taken;
}

/** A TCP proxy in front of NATS whose connections can be cut, to simulate a flaky network. */
class FlakyProxy {
  private readonly sockets = new Set<Socket>();
  private server?: Server;
  port = 0;
  /** Client connections accepted so far: each reconnection adds one. */
  connections = 0;

  constructor(private readonly target: URL) {}

  async start(port = 0): Promise<string> {
    this.server = createServer((client) => {
      this.connections++;
      const upstream = new Socket();
      upstream.connect(Number(this.target.port), this.target.hostname);
      for (const s of [client, upstream]) {
        this.sockets.add(s);
        s.on('close', () => this.sockets.delete(s));
        s.on('error', () => s.destroy());
      }
      client.pipe(upstream).pipe(client);
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
    });
    await new Promise<void>((resolve) => this.server!.listen(port, '127.0.0.1', resolve));
    this.port = (this.server.address() as { port: number }).port;
    return `nats://127.0.0.1:${this.port}`;
  }

  /** Drops every connection through the proxy. */
  cut(): void {
    for (const s of this.sockets) s.destroy();
  }

  async stop(): Promise<void> {
    this.cut();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}

// Real NATS and lifecycles driven in real time: seconds per test.
jest.setTimeout(30_000);

describe('subscribeNats (relay stream → subscriber)', () => {
  let nc: NatsConnection;
  let jsm: JetStreamManager;
  let store: JetStreamEventStore;
  let handler: NodeCommandHandler;
  let relay: EventRelay;
  let names: ReturnType<typeof isolatedStreams>;
  let base: Pick<NatsSubscribeOptions, 'stream' | 'subjectPrefix' | 'backoff'>;

  const nodeEvents = async (): Promise<RecordedEvent[]> => (await store.readAll()).filter((r) => toNodeEvent(r) !== undefined);

  beforeAll(async () => {
    nc = await connect({ servers: natsUrl() });
    jsm = await jetstreamManager(nc);
  });

  beforeEach(async () => {
    names = isolatedStreams('client');
    store = await JetStreamEventStore.connect({ servers: natsUrl(), stream: names.storeStream, subjectPrefix: names.storePrefix });
    handler = new NodeCommandHandler(store);
    base = { stream: names.relayStream, subjectPrefix: names.eventsPrefix, backoff: { initialMs: 20, maxMs: 200 } };
    relay = new EventRelay({ store, servers: natsUrl(), stream: base.stream, subjectPrefix: base.subjectPrefix });
    await relay.start();
  });

  afterEach(async () => {
    await relay.stop();
    await store.close();
    await jsm.streams.delete(names.storeStream).catch(() => undefined);
    await jsm.streams.delete(names.relayStream).catch(() => undefined);
  });

  afterAll(async () => {
    await nc.close();
  });

  it('never misses or repeats an event when the subscriber disconnects at random points and resumes from its checkpoint', async () => {
    let driving = true;
    const drive = driveFleet(handler, { nodes: 12, steps: 35, seed: 21, pauseMs: 4 }).finally(() => (driving = false));
    const random = seededRandom(99);
    const seen: number[] = [];
    let checkpoint = 0;
    let sessions = 0;
    for (;;) {
      const subscription = subscribeNats({ servers: natsUrl(), ...base, from: checkpoint });
      const batch = await take(subscription, 1 + Math.floor(random() * 30), driving ? 2000 : 500);
      sessions++;
      seen.push(...batch.map((r) => r.position));
      if (batch.length > 0) {
        expect(subscription.checkpoint).toBe(batch.at(-1)!.position);
        checkpoint = subscription.checkpoint;
      }
      if (!driving && batch.length === 0) break;
    }
    const last = await drive;
    expect(await relay.waitFor(last)).toBe(true);
    const expected = (await nodeEvents()).map((e) => e.position);
    expect(sessions).toBeGreaterThan(10);
    expect(seen).toEqual(expected);
  });

  it('delivers the typed events themselves, with secrets redacted', async () => {
    const last = await driveFleet(handler, { nodes: 3, steps: 10, seed: 22 });
    expect(await relay.waitFor(last)).toBe(true);
    const expected = await nodeEvents();
    const received = await take(subscribeNats({ servers: natsUrl(), ...base }), expected.length + 1);
    expect(received.map((r) => r.event.type)).toEqual(expected.map((e) => e.type));
    expect(received.map((r) => r.event.meta)).toEqual(expected.map((e) => e.metadata));
    const served = JSON.stringify(received);
    for (let i = 0; i < 3; i++) expect(served).not.toContain(simulatedPassword(simulatedNodeId(22, i)));
    expect(JSON.stringify(expected)).toContain(simulatedPassword(simulatedNodeId(22, 0)));
  });

  it('filters by node, by event type, by several types and by both, also when resuming from a checkpoint', async () => {
    const last = await driveFleet(handler, { nodes: 6, steps: 30, seed: 23 });
    expect(await relay.waitFor(last)).toBe(true);
    const all = await nodeEvents();
    const node = simulatedNodeId(23, 2);
    const cases: { nodeId?: string; eventTypes?: NodeEventType[] }[] = [
      { nodeId: node },
      { eventTypes: ['ProvisionStateChanged'] },
      { eventTypes: ['PowerActionStarted', 'MaintenanceSet', 'NodeRegistered'] },
      { nodeId: node, eventTypes: ['ProvisionStateChanged'] },
      { nodeId: node, eventTypes: ['PowerStateChanged', 'PowerActionStarted'] },
    ];
    for (const filter of cases) {
      const expected = all
        .filter((e) => filter.nodeId === undefined || e.metadata.nodeId === filter.nodeId)
        .filter((e) => filter.eventTypes === undefined || (filter.eventTypes as string[]).includes(e.type))
        .map((e) => e.position);
      expect(expected.length).toBeGreaterThan(1);
      const received = await take(subscribeNats({ servers: natsUrl(), ...base, ...filter }), expected.length + 1);
      expect(received.map((r) => r.position)).toEqual(expected);
      // Resume from the middle: exactly the rest.
      const middle = expected[Math.floor(expected.length / 2)];
      const rest = await take(subscribeNats({ servers: natsUrl(), ...base, ...filter, from: middle }), expected.length);
      expect(rest.map((r) => r.position)).toEqual(expected.filter((p) => p > middle));
    }
  });

  it('finds the stream sequence after any checkpoint by binary search', async () => {
    const last = await driveFleet(handler, { nodes: 4, steps: 20, seed: 24 });
    expect(await relay.waitFor(last)).toBe(true);
    const positions = (await nodeEvents()).map((e) => e.position);
    const stream = base.stream!;
    expect(await firstSequenceAfter(jsm, stream, base.subjectPrefix!, 0)).toBe(1);
    for (const [i, position] of positions.entries()) {
      expect(await firstSequenceAfter(jsm, stream, base.subjectPrefix!, position)).toBe(i + 2);
      expect(await firstSequenceAfter(jsm, stream, base.subjectPrefix!, position - 1)).toBe(i + 1);
    }
    // Deleted messages (say, by a retention limit) are stepped over: the answer is the smallest
    // sequence from which on every stored event lies after the checkpoint.
    await jsm.streams.deleteMessage(stream, 5);
    await jsm.streams.deleteMessage(stream, 6);
    for (const i of [3, 4, 5]) expect(await firstSequenceAfter(jsm, stream, base.subjectPrefix!, positions[i])).toBe(5);
    expect(await firstSequenceAfter(jsm, stream, base.subjectPrefix!, positions[6])).toBe(8);
  });

  it('rides out dropped connections and a NATS outage without a gap or a duplicate', async () => {
    const proxy = new FlakyProxy(new URL(natsUrl()));
    const url = await proxy.start();
    const errors: unknown[] = [];
    const subscription = subscribeNats({ servers: url, ...base, onError: (e) => errors.push(e), stallTimeoutMs: 2000 });
    const received: number[] = [];
    const consuming = (async () => {
      for await (const { position } of subscription) received.push(position);
    })();
    // Nodes driven for a few seconds; meanwhile the network fails four times, the third time for 700 ms.
    const drive = driveFleet(handler, { nodes: 8, steps: 60, seed: 25, pauseMs: 20 });
    for (let cut = 1; cut <= 4; cut++) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      proxy.cut();
      if (cut === 3) {
        const port = proxy.port;
        await proxy.stop();
        await new Promise((resolve) => setTimeout(resolve, 700));
        await proxy.start(port);
      }
    }
    const last = await drive;
    expect(await relay.waitFor(last)).toBe(true);
    const expected = (await nodeEvents()).map((e) => e.position);
    const deadline = Date.now() + 15_000;
    while (received.at(-1) !== last && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    await subscription.close();
    await consuming;
    await proxy.stop();
    expect(received.length).toBeGreaterThan(100);
    // The first connection, and new ones after the failures (two failures may fall within one reconnection).
    expect(proxy.connections).toBeGreaterThanOrEqual(3);
    expect(received).toEqual(expected);
  }, 40_000);
});
