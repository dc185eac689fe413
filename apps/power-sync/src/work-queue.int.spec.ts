import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { jetstream, jetstreamManager, type JetStreamManager } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { batchesOf, MAX_BATCH, PowerSyncQueue, type Visit } from './work-queue.js';

jest.setTimeout(60_000);

const servers = process.env.NATS_URL ?? '';
if (!servers) {
  throw new Error('NATS_URL is not set: run the integration tests through `npm test`, which starts a nats-server (or set NATS_URL=$(bash scripts/nats.sh start)).');
}

/** Every queue of a test: one connection each, as separate instances have. */
let opened: { nats: NatsConnection; stop: (() => Promise<void>)[] }[] = [];
let stream = '';
let jsm: JetStreamManager;
let admin: NatsConnection;

beforeAll(async () => {
  admin = await connect({ servers });
  jsm = await jetstreamManager(admin);
});

afterEach(async () => {
  for (const { nats, stop } of opened) {
    for (const s of stop) await s().catch(() => undefined);
    await nats.close();
  }
  opened = [];
  await jsm.streams.delete(stream).catch(() => undefined);
});

afterAll(async () => {
  await admin.close();
});

const ids = (count: number) => Array.from({ length: count }, (_, i) => `node-${String(i).padStart(4, '0')}`);
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const until = async (check: () => boolean, ms = 10_000) => {
  for (const end = Date.now() + ms; !check() && Date.now() < end; ) await sleep(20);
};

/** `count` instances' queues on a fresh stream. */
async function queues(count: number, ackWaitMs = 5000): Promise<PowerSyncQueue[]> {
  stream = `PSQ_${randomUUID().slice(0, 8).toUpperCase()}`;
  // opened[i] is queue i's connection, whichever connects first.
  const connections = await Promise.all(Array.from({ length: count }, () => connect({ servers })));
  opened.push(...connections.map((nats) => ({ nats, stop: [] })));
  return Promise.all(connections.map((nats) => PowerSyncQueue.open(nats, { stream, ackWaitMs, duplicateWindowMs: 60_000 })));
}

/** Consumes on queue `i`, recording which instance visited what; `visit` may take time or fail. */
async function consume(queue: PowerSyncQueue, i: number, concurrency: number, seen: [number, Visit][], visit: (v: Visit) => Promise<void> = async () => undefined) {
  const consumer = await queue.consume(concurrency, async (v) => {
    seen.push([i, v]);
    await visit(v);
  });
  opened[i]!.stop.push(() => consumer.stop());
  return consumer;
}

describe('batches', () => {
  it('cuts a pass into batches of at most MAX_BATCH, at least 16 when it has the nodes, in the pass order', () => {
    expect(batchesOf([])).toEqual([]);
    expect(batchesOf(ids(3))).toEqual([['node-0000'], ['node-0001'], ['node-0002']]);
    expect(batchesOf(ids(40)).map((b) => b.length)).toEqual([3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 1]);
    const big = batchesOf(ids(10_000));
    expect(big).toHaveLength(40);
    expect(big.every((b) => b.length === MAX_BATCH)).toBe(true);
    expect(big.flat()).toEqual(ids(10_000));
  });
});

describe('the power sync work queue', () => {
  it('lets one instance publish a pass: the others find their first batch already there and publish nothing', async () => {
    const [a, b, c] = await queues(3);
    const results = await Promise.all([a!, b!, c!].map((q) => q.publishPass('sync', 7, ids(5000))));
    expect(results.filter((r) => r === 5000)).toHaveLength(1);
    expect(results.filter((r) => r === null)).toHaveLength(2);
    // 5,000 visits in 20 messages of 250, stored once; the recovery pass of the same number is another pass.
    expect((await jsm.streams.info(stream)).state.messages).toBe(20);
    expect(await b!.publishPass('recovery', 7, ids(10))).toBe(10);
    expect(await a!.publishPass('sync', 7, ids(5000))).toBeNull();
    expect(await a!.unfinished()).toBe(20 + 10);
  });

  it('has every node of a pass visited exactly once between two instances, in the pass order, and then holds nothing', async () => {
    const [a, b] = await queues(2);
    const seen: [number, Visit][] = [];
    const slow = () => sleep(Math.random() * 3);
    await consume(a!, 0, 8, seen, slow);
    await consume(b!, 1, 8, seen, slow);
    const nodes = ids(2000);
    expect(await a!.publishPass('sync', 1, nodes)).toBe(2000);
    await until(() => seen.length >= 2000);
    await sleep(300);
    expect(seen.map(([, v]) => v.nodeId).sort()).toEqual(nodes);
    expect(seen.every(([, v]) => v.kind === 'sync' && v.pass === 1)).toBe(true);
    // Both took a share; the first batches were started first (failed-last-time nodes lead a pass).
    expect(new Set(seen.map(([i]) => i)).size).toBe(2);
    expect(seen.slice(0, 8).every(([, v]) => v.nodeId < 'node-0500')).toBe(true);
    await until(() => false, 300);
    expect(await a!.unfinished()).toBe(0);
  });

  it('keeps a batch that takes longer than the ack wait with the instance working on it', async () => {
    const [a, b] = await queues(2, 600);
    const seen: [number, Visit][] = [];
    // Batches of 3 visits of 250 ms, one at a time: 750 ms each, against an ack wait of 600 ms.
    await consume(a!, 0, 1, seen, () => sleep(250));
    await consume(b!, 1, 1, seen, () => sleep(250));
    const nodes = ids(40);
    expect(await a!.publishPass('sync', 2, nodes)).toBe(40);
    await until(() => seen.length >= 40, 20_000);
    await sleep(1000);
    expect(seen.map(([, v]) => v.nodeId).sort()).toEqual(nodes);
    expect(await a!.unfinished()).toBe(0);
  });

  it('gives the batches of an instance that died to another: its visits are done again there', async () => {
    const [a, b] = await queues(2, 500);
    const seen: [number, Visit][] = [];
    let release = () => undefined as void;
    const hung = new Promise<void>((resolve) => (release = resolve));
    // The first instance takes a batch and hangs on it (and takes the next, which waits for a worker),
    // then its connection goes away without a word.
    await consume(a!, 0, 1, seen, () => hung);
    try {
      expect(await a!.publishPass('sync', 3, ['n1', 'n2'])).toBe(2);
      await until(() => seen.length === 1);
      await opened[0]!.nats.close();
      await consume(b!, 1, 4, seen);
      await until(() => seen.filter(([i]) => i === 1).length === 2);
      expect(seen.filter(([i]) => i === 1).map(([, v]) => v.nodeId).sort()).toEqual(['n1', 'n2']);
    } finally {
      // Else the first instance's stop would wait for its visit for ever.
      release();
    }
  });

  it('hands back at once, on stop, the batches whose visits had not started', async () => {
    const [a, b] = await queues(2, 60_000);
    const seen: [number, Visit][] = [];
    const stopping = await consume(a!, 0, 1, seen, () => sleep(1500));
    expect(await a!.publishPass('sync', 4, ['n1', 'n2', 'n3'])).toBe(3);
    await until(() => seen.length === 1);
    await stopping.stop();
    await consume(b!, 1, 4, seen);
    // Far within the ack wait: the batch came back with the stop.
    await until(() => seen.filter(([i]) => i === 1).length >= 2, 3000);
    expect(seen.filter(([i]) => i === 1).map(([, v]) => v.nodeId)).toEqual(expect.arrayContaining(['n2', 'n3']));
  });

  it('hands back, on stop, a batch sent for the request for a batch under way', async () => {
    const [a, b] = await queues(2, 60_000);
    const seen: [number, Visit][] = [];
    const stopping = await consume(a!, 0, 4, seen);
    // Its request for a batch waits on the empty queue; the pass is published while it stops.
    await sleep(300);
    const stopped = stopping.stop();
    expect(await a!.publishPass('sync', 6, ['n1'])).toBe(1);
    await stopped;
    await consume(b!, 1, 4, seen);
    // Far within the ack wait.
    await until(() => seen.length > 0, 5000);
    expect(seen).toEqual([[1, { kind: 'sync', pass: 6, nodeId: 'n1' }]]);
  });

  it('puts a visit whose handler failed back on the queue, for three rounds in all', async () => {
    const [a] = await queues(1);
    const seen: [number, Visit][] = [];
    await consume(a!, 0, 4, seen, async (v) => {
      if (v.nodeId === 'bad') throw new Error('conductor did not answer');
    });
    expect(await a!.publishPass('sync', 5, ['good', 'bad'])).toBe(2);
    await until(() => seen.filter(([, v]) => v.nodeId === 'bad').length === 3);
    await sleep(500);
    expect(seen.map(([, v]) => v.nodeId).sort()).toEqual(['bad', 'bad', 'bad', 'good']);
    expect(await a!.unfinished()).toBe(0);
  });

  it('takes a visit published one to a message (by an instance not yet upgraded) as a batch of one', async () => {
    const [a] = await queues(1);
    const seen: [number, Visit][] = [];
    await consume(a!, 0, 4, seen);
    const js = jetstream(admin);
    await js.publish(`ironledger.powersync.${stream.toLowerCase()}`, JSON.stringify({ kind: 'recovery', pass: 9, nodeId: 'old' }));
    await until(() => seen.length === 1);
    expect(seen).toEqual([[0, { kind: 'recovery', pass: 9, nodeId: 'old' }]]);
  });
});
