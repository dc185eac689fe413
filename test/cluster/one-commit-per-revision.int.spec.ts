/**
 * One commit per (stream, revision) on a 3-server NATS cluster with streams of 3 replicas: writers
 * on several event-store instances, each connected to another server, append with expected
 * revisions to a few shared streams at once, for some seconds without faults and through a SIGKILL
 * of the stream's leader. The raw JetStream stream must hold no two commits at one revision; every
 * acknowledged append must be in the log once, at the revision and position it was acknowledged
 * at; the log must read back (readStream, readAll, subscribeToAll) with each stream's revisions
 * dense and in order; and every server must end up holding the same copy.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it, jest } from '@jest/globals';
import { type StoredMsg } from '@nats-io/jetstream';
import { natsServers, RequestTimeout } from '@ironledger/bus';
import { ConcurrencyError, type ExpectedRevision, JetStreamEventStore, type RecordedEvent, StoreUnavailableError } from '@ironledger/event-store';
import { type ServerName } from '../support/nats-cluster.js';
import { natsClusterForFile } from '../support/nats-cluster-for-file.js';
import { eventually, sleep } from '../support/processes.js';

jest.setTimeout(120_000);

const REPLICAS = 3;
/** Store instances, spread over the three servers, and writers on each. */
const STORES = 6;
const WRITERS_PER_STORE = 4;
/** The streams every writer appends to: few, so that writers race for the same revisions. */
const STREAMS = ['node-a', 'node-b', 'node-c'];
/** How long the writers write without faults, and before and after the leader is killed. */
const LOAD_MS = 5_000;

const nats = natsClusterForFile();

/** An append the store acknowledged: the events (by id) and where it said they are. */
interface Acknowledged {
  readonly streamId: string;
  readonly ids: readonly string[];
  readonly firstRevision: number;
  readonly position: number;
}

/** Writers appending to the shared streams from several store instances until stopped. */
class Load {
  readonly acknowledged: Acknowledged[] = [];
  /** Appends that failed otherwise than by a conflict: they may or may not be stored. */
  readonly unknown: { readonly streamId: string; readonly ids: readonly string[]; readonly error: string }[] = [];
  conflicts = 0;
  private stopping = false;
  private readonly running: Promise<void>[];

  constructor(stores: readonly JetStreamEventStore[]) {
    this.running = stores.flatMap((store, s) => Array.from({ length: WRITERS_PER_STORE }, (_, w) => this.write(store, `s${s}w${w}`)));
  }

  async stop(): Promise<void> {
    this.stopping = true;
    await Promise.all(this.running);
  }

  summary(): string {
    const errors = [...new Set(this.unknown.map((u) => u.error.replace(/REVISIONS_\w+/, 'REVISIONS_…')))];
    return `${this.acknowledged.length} appends acknowledged, ${this.conflicts} conflicts, ${this.unknown.length} unknown outcomes${errors.length > 0 ? ` (${errors.join('; ')})` : ''}`;
  }

  /**
   * Appends at the revision last seen; after a conflict, at the revision the conflict names (a
   * command handler reads the stream instead, but reads set up consumers, which for seconds after a
   * leader change no server does: the writers would mostly wait instead of racing).
   */
  private async write(store: JetStreamEventStore, writer: string): Promise<void> {
    const seen = new Map<string, number>();
    for (let n = 0; !this.stopping; n++) {
      const streamId = STREAMS[Math.floor(Math.random() * STREAMS.length)];
      const revision = seen.get(streamId) ?? -1;
      const ids = Array.from({ length: 1 + (n % 3) }, (_, i) => `${writer}:${n}:${i}`);
      try {
        const result = await store.append(
          streamId,
          ids.map((id) => ({ type: 'Written', data: { id } })),
          { expectedRevision: revision < 0 ? 'no_stream' : revision },
        );
        this.acknowledged.push({ streamId, ids, firstRevision: result.nextRevision - ids.length + 1, position: result.position });
        seen.set(streamId, result.nextRevision);
      } catch (error) {
        if (!(error instanceof ConcurrencyError)) {
          this.unknown.push({ streamId, ids, error: (error as Error).message });
          continue;
        }
        this.conflicts++;
        seen.set(streamId, error.actual === 'no_stream' ? -1 : error.actual);
      }
    }
  }
}

/** A commit as the raw JetStream stream holds it. */
interface RawCommit {
  readonly seq: number;
  readonly streamId: string;
  readonly firstRevision: number;
  readonly ids: readonly string[];
}

async function rawCommits(stream: string): Promise<RawCommit[]> {
  const { state } = await nats.jsm.streams.info(stream);
  const sequences = Array.from({ length: state.last_seq }, (_, i) => i + 1);
  const messages: (StoredMsg | null)[] = [];
  for (let i = 0; i < sequences.length; i += 100) {
    messages.push(...(await Promise.all(sequences.slice(i, i + 100).map((seq) => nats.jsm.streams.getMessage(stream, { seq })))));
  }
  return messages
    .filter((m): m is StoredMsg => m !== null)
    .map((m) => ({
      seq: m.seq,
      streamId: m.header.get('Ironledger-Stream-Id'),
      firstRevision: Number(m.header.get('Ironledger-First-Revision')),
      ids: m.json<{ data: { id: string } }[]>().map((e) => e.data.id),
    }));
}

/** (stream, revision) pairs that more than one commit holds, with the commits' sequences. */
function doubleCommits(commits: readonly RawCommit[]): string[] {
  const holders = new Map<string, number[]>();
  for (const { seq, streamId, firstRevision, ids } of commits) {
    ids.forEach((_, i) => {
      const key = `${streamId}@${firstRevision + i}`;
      holders.set(key, [...(holders.get(key) ?? []), seq]);
    });
  }
  return [...holders].filter(([, seqs]) => seqs.length > 1).map(([key, seqs]) => `${key} held by the commits at sequences ${seqs.join(', ')}`);
}

/** Revisions missing or repeated in each stream, read in order (each must run 0, 1, 2, …). */
function gaps(events: readonly Pick<RecordedEvent, 'streamId' | 'revision'>[]): string[] {
  const next = new Map<string, number>();
  const found: string[] = [];
  for (const { streamId, revision } of events) {
    const due = next.get(streamId) ?? 0;
    if (revision !== due) found.push(`${streamId}: revision ${revision} where ${due} was due`);
    next.set(streamId, revision + 1);
  }
  return found;
}

/** `read`'s answer, asked again while the store is unavailable. */
async function retried<T>(read: () => Promise<T>): Promise<T> {
  for (const deadline = Date.now() + 30_000; ; await sleep(200)) {
    try {
      return await read();
    } catch (error) {
      if (!(error instanceof StoreUnavailableError) || Date.now() > deadline) throw error;
    }
  }
}

/** Every event a subscription from the start delivers up to the store's last position. */
async function subscribed(store: JetStreamEventStore): Promise<RecordedEvent[]> {
  const last = await store.lastPosition();
  const subscription = store.subscribeToAll();
  const events: RecordedEvent[] = [];
  try {
    for await (const event of subscription) {
      events.push(event);
      if (event.position >= last) break;
    }
  } finally {
    await subscription.close();
  }
  return events;
}

/** Every server holds the same copy of `stream` (a restarted server within 30 s of catching up). */
async function expectAlikeCopies(stream: string): Promise<void> {
  const alike = (copies: object) => Object.keys(copies).length === nats.cluster.names.length && new Set(Object.values(copies).map((copy) => JSON.stringify(copy))).size === 1;
  const copies = await eventually(async () => {
    const copies = await nats.cluster.copiesOf(stream);
    return alike(copies) ? copies : undefined;
  }, 30_000, `three alike copies of ${stream}`).catch(() => nats.cluster.copiesOf(stream));
  const [first] = Object.values(copies);
  expect(copies).toStrictEqual(Object.fromEntries(nats.cluster.names.map((name) => [name, first])));
}

/** Runs the load on a fresh stream, calling `during` once it is going; checks the log afterwards. */
async function runAndCheck(during: (stream: string, load: Load) => Promise<void>): Promise<{ stream: string; load: Load; commits: RawCommit[] }> {
  const stream = `REVISIONS_${randomUUID().replaceAll('-', '')}`;
  const servers = natsServers(nats.cluster.url);
  const stores = await Promise.all(
    Array.from({ length: STORES }, (_, i) => JetStreamEventStore.connect({ servers: servers[i % servers.length], stream, subjectPrefix: `rev.${stream}`, replicas: REPLICAS })),
  );
  try {
    expect((await nats.jsm.streams.info(stream)).config.num_replicas).toBe(REPLICAS);
    const load = new Load(stores);
    try {
      await during(stream, load);
    } finally {
      await load.stop();
    }

    const commits = await rawCommits(stream);
    const events = commits.flatMap(({ streamId, firstRevision, ids }) => ids.map((id, i) => ({ id, streamId, revision: firstRevision + i })));
    expect(doubleCommits(commits)).toEqual([]);

    // Every acknowledged append is in the log once, where it was acknowledged to be.
    const byId = new Map<string, { streamId: string; revision: number }[]>();
    for (const { id, streamId, revision } of events) byId.set(id, [...(byId.get(id) ?? []), { streamId, revision }]);
    const misplaced = load.acknowledged.flatMap(({ streamId, ids, firstRevision }) =>
      ids.flatMap((id, i) => {
        const found = byId.get(id) ?? [];
        return found.length === 1 && found[0].streamId === streamId && found[0].revision === firstRevision + i ? [] : [`${id} acknowledged at ${streamId}@${firstRevision + i}, found at ${JSON.stringify(found)}`];
      }),
    );
    expect(misplaced).toEqual([]);
    // No commit is stored twice, acknowledged or not.
    expect([...byId].filter(([, found]) => found.length > 1).map(([id]) => id)).toEqual([]);

    // Read back through the port: dense and in order, and the same events every way. A read may
    // find no server to set up its consumer for a while after a leader change: it is asked again.
    const reader = stores[0];
    const all = await retried(() => reader.readAll());
    expect(all.map((e) => e.data.id)).toEqual(events.map((e) => e.id));
    expect(gaps(all)).toEqual([]);
    const positions = new Map(all.map((e) => [e.data.id as string, e.position]));
    expect(load.acknowledged.filter((a) => positions.get(a.ids.at(-1)!) !== a.position).map((a) => a.ids.at(-1))).toEqual([]);
    for (const streamId of STREAMS) {
      const stream = await retried(() => reader.readStream(streamId));
      expect(stream.map((e) => e.revision)).toEqual(stream.map((_, i) => i));
      expect(stream).toStrictEqual(all.filter((e) => e.streamId === streamId));
    }
    expect(await retried(() => subscribed(stores[1]))).toStrictEqual(all);
    return { stream, load, commits };
  } finally {
    await Promise.all(stores.map((store) => store.close()));
  }
}

describe(`appends on a 3-server NATS cluster, streams with ${REPLICAS} replicas`, () => {
  it('of concurrent writers with expected revisions: one commit per (stream, revision), no acknowledged append lost', async () => {
    const { stream, load, commits } = await runAndCheck(async () => {
      await sleep(LOAD_MS);
    });
    await expectAlikeCopies(stream);

    process.stdout.write(`no faults: ${load.summary()}, ${commits.length} commits stored\n`);
    expect(load.acknowledged.length).toBeGreaterThan(100);
    expect(load.conflicts).toBeGreaterThan(100);
    expect(load.unknown).toEqual([]);
  });

  it('of concurrent writers, the stream leader killed (SIGKILL) in the middle: the same, and every server ends with the same copy', async () => {
    let killed: ServerName | undefined;
    let acknowledgedBeforeKill = 0;
    const { stream, load, commits } = await runAndCheck(async (stream, load) => {
      await sleep(LOAD_MS / 2);
      killed = await nats.cluster.leaderOf(stream);
      acknowledgedBeforeKill = load.acknowledged.length;
      await nats.cluster.kill(killed);
      // Writing goes on under the new leader.
      await eventually(() => (load.acknowledged.length >= acknowledgedBeforeKill + 100 ? true : undefined), 60_000, 'appends to be acknowledged again after the kill');
      await sleep(LOAD_MS / 2);
      await nats.cluster.restart(killed);
    });
    await expectAlikeCopies(stream);

    process.stdout.write(`leader ${killed} killed after ${acknowledgedBeforeKill} acknowledged appends: ${load.summary()}, ${commits.length} commits stored\n`);
    expect(load.acknowledged.length).toBeGreaterThan(acknowledgedBeforeKill + 100);
  });

  it.each<['an exact revision' | "'any'", ExpectedRevision]>([
    ['an exact revision', 0],
    ["'any'", 'any'],
  ])('with %s whose acknowledgement was lost, offered again after another writer appended: stored once, answered with its own result', async (_, expectedRevision) => {
    const stream = `LOST_ACK_${randomUUID().replaceAll('-', '')}`;
    const options = { servers: nats.cluster.url, stream, subjectPrefix: `lost.${stream}`, replicas: REPLICAS };
    const [store, rival] = [await JetStreamEventStore.connect(options), await JetStreamEventStore.connect(options)];
    try {
      await store.append('node-1', [{ type: 'First', data: {} }], { expectedRevision: 'no_stream' });
      // The commit is stored, but its acknowledgement never comes; meanwhile the rival appends after it.
      const requests = store['requests'];
      const request = requests.request.bind(requests);
      const sends = jest.spyOn(requests, 'request').mockImplementationOnce(async (subject, ...rest) => {
        await request(subject, ...rest);
        await rival.append('node-1', [{ type: 'Rival', data: {} }], { expectedRevision: 1 });
        throw new RequestTimeout(subject, 5000);
      });

      const result = await store.append('node-1', [{ type: 'Mine', data: {} }], { expectedRevision });

      const stored = await store.readStream('node-1');
      expect(stored.map((e) => [e.type, e.revision])).toEqual([
        ['First', 0],
        ['Mine', 1],
        ['Rival', 2],
      ]);
      expect(result).toEqual({ nextRevision: 1, position: stored[1].position });
      // The second offer met a stream that had moved on (the leader checks the sequence first).
      expect(sends.mock.calls.length).toBeGreaterThan(1);
    } finally {
      await Promise.all([store.close(), rival.close()]);
      await nats.jsm.streams.delete(stream);
    }
  });
});
