import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { jetstreamManager, type JetStreamManager, type PubAck } from '@nats-io/jetstream';
import { connect, type NatsConnection, type Subscription } from '@nats-io/transport-node';
import { OrderedPublisher } from './ordered-publisher.js';
import { isolatedStreams, testNatsUrl as natsUrl } from './testing/index.js';

describe('OrderedPublisher (real JetStream stream)', () => {
  let nc: NatsConnection;
  let jsm: JetStreamManager;
  let stream: string;
  let prefix: string;
  let publisher: OrderedPublisher;
  let acks: PubAck[];
  let inboxes: Subscription;

  beforeAll(async () => {
    nc = await connect({ servers: natsUrl() });
    jsm = await jetstreamManager(nc);
  });

  beforeEach(async () => {
    const names = isolatedStreams('publisher');
    stream = names.relayStream;
    prefix = names.eventsPrefix;
    await jsm.streams.add({ name: stream, subjects: [`${prefix}.>`] });
    // Every acknowledgement the server sends for this stream, whatever inbox it goes to.
    acks = [];
    inboxes = nc.subscribe('_INBOX.>', {
      callback: (_error, msg) => {
        const ack = msg.json<PubAck>();
        if (ack.stream === stream) acks.push(ack);
      },
    });
    await nc.flush();
    publisher = new OrderedPublisher(nc);
  });

  afterEach(async () => {
    publisher.close();
    inboxes.unsubscribe();
    await jsm.streams.delete(stream).catch(() => undefined);
  });

  afterAll(async () => {
    await nc.close();
  });

  const publishAll = (first: number, count: number) =>
    Array.from({ length: count }, (_, i) => publisher.publish(`${prefix}.n${first + i}`, `event ${first + i}`, first + i, `id-${first + i}`));

  it('stores messages published in one turn in order, with one acknowledgement for all of them', async () => {
    await Promise.all(publishAll(1, 5));
    const { state } = await jsm.streams.info(stream);
    expect(state.messages).toBe(5);
    for (const seq of [1, 2, 3, 4, 5]) expect((await jsm.streams.getMessage(stream, { seq }))?.subject).toBe(`${prefix}.n${seq}`);
    await nc.flush();
    expect(acks.map((ack) => ack.seq)).toEqual([5]);
  });

  it('asks for one acknowledgement per turn when publishes come in several turns', async () => {
    const first = publishAll(1, 3);
    await new Promise((resolve) => setImmediate(resolve));
    await Promise.all([...first, ...publishAll(4, 2)]);
    await nc.flush();
    expect(acks.map((ack) => ack.seq)).toEqual([3, 5]);
  });

  it('fails the whole turn when one of its messages is refused, though only the last is acknowledged', async () => {
    await Promise.all(publishAll(1, 2));
    // The stream ends at 2: a turn that starts at 4 expects 3 before it, and everything after it chains on that.
    const refused = publishAll(4, 3).map((p) => p.then(() => 'stored', () => 'refused'));
    expect(await Promise.all(refused)).toEqual(['refused', 'refused', 'refused']);
    expect((await jsm.streams.info(stream)).state.messages).toBe(2);
    await expect(publisher.publish(`${prefix}.n3`, 'event 3', 3, 'id-3')).rejects.toThrow();
  });
});
