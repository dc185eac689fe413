import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { jetstream, jetstreamManager, type JetStreamManager } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { NodeCommandHandler } from '@ironledger/application';
import { toNodeEvent } from '@ironledger/application';
import { nodeEventSubject } from '@ironledger/contracts';
import { JetStreamEventStore } from '@ironledger/event-store';
import { type IronicNotification } from './notifications.js';
import { EventRelay } from './relay.js';
import { driveFleet, isolatedStreams, SCRIPTED_PASSWORD, scriptedCommands, simulatedPassword, simulatedNodeId, testNatsUrl as natsUrl } from './testing/index.js';
import { parseRelayedEvent, RelayHeader } from './wire.js';

interface Stored {
  readonly seq: number;
  readonly subject: string;
  readonly position: number;
  readonly headers: Record<string, string>;
  readonly body: string;
}

/** Every message of a relay stream, in order. */
async function readRelayStream(nc: NatsConnection, jsm: JetStreamManager, stream: string): Promise<Stored[]> {
  const { state } = await jsm.streams.info(stream);
  if (state.messages === 0) return [];
  const consumer = await jetstream(nc).consumers.get(stream);
  const stored: Stored[] = [];
  const messages = await consumer.consume();
  for await (const m of messages) {
    const headers = Object.fromEntries([RelayHeader.position, RelayHeader.eventType, RelayHeader.kind, RelayHeader.resourceId, RelayHeader.msgId].map((h) => [h, m.headers?.get(h) ?? '']));
    stored.push({ seq: m.seq, subject: m.subject, position: Number(headers[RelayHeader.position]), headers, body: m.string() });
    if (m.info.pending === 0) break;
  }
  await messages.close();
  return stored;
}

// Real NATS and lifecycles driven in real time: seconds per test.
jest.setTimeout(30_000);

describe('EventRelay (JetStream store → relay stream)', () => {
  let nc: NatsConnection;
  let jsm: JetStreamManager;
  let store: JetStreamEventStore;
  let handler: NodeCommandHandler;
  let relayStream: string;
  let prefix: string;
  let notificationPrefix: string;
  let storeStream: string;
  const relays: EventRelay[] = [];

  const newRelay = (extra: Partial<ConstructorParameters<typeof EventRelay>[0]> = {}) => {
    const relay = new EventRelay({ store, servers: natsUrl(), stream: relayStream, subjectPrefix: prefix, ...extra });
    relays.push(relay);
    return relay;
  };

  /** Node events of the store, in order. */
  const storedNodeEvents = async () => (await store.readAll()).filter((r) => toNodeEvent(r) !== undefined);

  beforeAll(async () => {
    nc = await connect({ servers: natsUrl() });
    jsm = await jetstreamManager(nc);
  });

  beforeEach(async () => {
    const names = isolatedStreams('relay');
    storeStream = names.storeStream;
    relayStream = names.relayStream;
    prefix = names.eventsPrefix;
    notificationPrefix = names.notificationsPrefix;
    store = await JetStreamEventStore.connect({ servers: natsUrl(), stream: storeStream, subjectPrefix: names.storePrefix });
    handler = new NodeCommandHandler(store);
  });

  afterEach(async () => {
    await Promise.all(relays.splice(0).map((r) => r.stop()));
    await store.close();
    await jsm.streams.delete(storeStream).catch(() => undefined);
    await jsm.streams.delete(relayStream).catch(() => undefined);
  });

  afterAll(async () => {
    await nc.close();
  });

  it('relays every node event once, in order, on its node/type subject, with position headers and no secrets', async () => {
    await driveFleet(handler, { nodes: 8, steps: 15, seed: 3 }); // history before the relay starts
    const relay = newRelay();
    await relay.start();
    const last = await driveFleet(handler, { nodes: 8, steps: 15, seed: 4 }); // and live events
    expect(await relay.waitFor(last, 10_000)).toBe(true);

    const expected = await storedNodeEvents();
    const stored = await readRelayStream(nc, jsm, relayStream);
    expect(stored.map((s) => s.position)).toEqual(expected.map((e) => e.position));
    expect(stored.map((s) => s.seq)).toEqual(stored.map((_, i) => i + 1));
    for (const [i, s] of stored.entries()) {
      const event = toNodeEvent(expected[i])!;
      expect(s.subject).toBe(nodeEventSubject(event.meta.nodeId, event.type, prefix));
      expect(s.headers).toEqual({ [RelayHeader.position]: String(expected[i].position), [RelayHeader.eventType]: event.type, [RelayHeader.kind]: 'node', [RelayHeader.resourceId]: event.meta.nodeId, [RelayHeader.msgId]: String(expected[i].position) });
      expect(parseRelayedEvent(s.body)).toMatchObject({ position: expected[i].position, event: { type: event.type, meta: event.meta } });
    }
    const bodies = stored.map((s) => s.body).join('\n');
    for (let i = 0; i < 8; i++) {
      expect(bodies).not.toContain(simulatedPassword(simulatedNodeId(3, i)));
      expect(bodies).not.toContain(simulatedPassword(simulatedNodeId(4, i)));
    }
    expect(bodies).toContain('"ipmi_password":"******"');
  });

  it('resumes after a restart mid-stream from the last relayed event: no gap, no duplicate', async () => {
    const driving = driveFleet(handler, { nodes: 6, steps: 40, seed: 5, pauseMs: 5 });
    for (let restart = 0; restart < 4; restart++) {
      const relay = newRelay();
      await relay.start();
      await new Promise((resolve) => setTimeout(resolve, 60 + restart * 40));
      await relay.stop();
    }
    const last = await driving;
    const final = newRelay();
    await final.start();
    expect(await final.waitFor(last, 10_000)).toBe(true);
    const stored = await readRelayStream(nc, jsm, relayStream);
    expect(stored.map((s) => s.position)).toEqual((await storedNodeEvents()).map((e) => e.position));
  });

  it('lets two relays run at once on the same stream without storing an event twice or out of order', async () => {
    const errors: unknown[] = [];
    const [a, b] = [newRelay({ onError: (e) => errors.push(e), retryDelayMs: 5 }), newRelay({ onError: (e) => errors.push(e), retryDelayMs: 5 })];
    await Promise.all([a.start(), b.start()]);
    const last = await driveFleet(handler, { nodes: 10, steps: 30, seed: 6 });
    expect(await a.waitFor(last, 10_000)).toBe(true);
    expect(await b.waitFor(last, 10_000)).toBe(true);
    const stored = await readRelayStream(nc, jsm, relayStream);
    expect(stored.map((s) => s.position)).toEqual((await storedNodeEvents()).map((e) => e.position));
    // Whenever one relay got ahead, the other was refused and caught up: that is the mechanism at work.
    expect(errors.every((e) => (e as Error).message.includes('another writer') || (e as Error).message.includes('wrong last sequence'))).toBe(true);
  });

  it('publishes Ironic-style notifications for live events when asked to', async () => {
    const commands = scriptedCommands();
    // The registration is relayed by an earlier relay: the notifying one starts after it, folds
    // the log up to its checkpoint to know the node, and notifies only what it relays itself.
    const earlier = newRelay();
    await earlier.start();
    expect(await earlier.waitFor((await handler.handle(commands[0])).position)).toBe(true);
    await earlier.stop();
    const received: IronicNotification[] = [];
    const sub = nc.subscribe(`${notificationPrefix}.>`, { callback: (_err, m) => void received.push(m.json<IronicNotification>()) });
    const relay = newRelay({ notifications: { subjectPrefix: notificationPrefix, host: 'test-host' } });
    await relay.start();
    let last = 0;
    for (const command of commands.slice(1, 4)) last = (await handler.handle(command)).position;
    expect(await relay.waitFor(last, 10_000)).toBe(true);
    await nc.flush();
    await new Promise((resolve) => setTimeout(resolve, 100));
    sub.unsubscribe();
    expect(received.map((n) => n.event_type)).toEqual(['baremetal.node.provision_set.start', 'baremetal.node.provision_set.end', 'baremetal.node.provision_set.start']);
    expect(received[1].payload['ironic_object.data']).toMatchObject({ previous_provision_state: 'verifying', provision_state: 'manageable', name: 'rack7-node3' });
    expect(received[0].publisher_id).toBe('ironic-conductor.test-host');
    expect(JSON.stringify(received)).not.toContain(SCRIPTED_PASSWORD);
  });
});
