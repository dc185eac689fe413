/**
 * Event-store throughput per adapter: run with `npm run bench:store` (see scripts/bench-store.sh).
 * In-memory always; JetStream when NATS_URL is set; KurrentDB when KURRENTDB_URL is set. Every
 * figure is the median of RUNS time-boxed runs, with their spread.
 */
import { randomUUID } from 'node:crypto';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { type EventData, type EventStore } from '../src/event-store.js';
import { InMemoryEventStore } from '../src/in-memory.js';
import { JetStreamEventStore } from '../src/jetstream.js';
import { KurrentDbEventStore } from '../src/kurrentdb.js';

const RUNS = 5;
/** Each run stops after this long, or after MAX_APPENDS appends (bounds the in-memory store). */
const RUN_MS = 1_000;
const MAX_APPENDS = 50_000;
const WRITERS = 50;
/** Read benchmarks use STREAMS streams of STREAM_LENGTH events, read back in pages of PAGE. */
const STREAMS = 250;
const STREAM_LENGTH = 20;
const PAGE = 500;

interface Target {
  readonly name: string;
  open(): Promise<{ store: EventStore; dispose(): Promise<void> }>;
}

/** A store holding the streams the read metrics read. */
interface Seeded {
  readonly store: EventStore;
  readonly streams: readonly string[];
}

interface Metric {
  readonly title: string;
  /** One run: does work until `stop()` says so and returns how many units it did. */
  run(seeded: Seeded, stop: () => boolean): Promise<number>;
}

/** Isolates this run's data on shared servers. */
const bench = randomUUID().slice(0, 8);
let streams = 0;
const newStream = () => `node-${++streams}`;

const event = (n: number): EventData => ({
  type: 'NodeProvisionStateChanged',
  data: { n, node: 'r1-n7', from: 'available', to: 'deploying', at: new Date().toISOString() },
  metadata: { correlationId: randomUUID(), actor: 'bench' },
});

/** Appends one event at a time to a new stream, each expecting the previous revision. */
async function writer(store: EventStore, stop: () => boolean, budget: { left: number }): Promise<number> {
  const stream = newStream();
  let appended = 0;
  while (!stop() && budget.left-- > 0) {
    await store.append(stream, [event(appended)], { expectedRevision: appended === 0 ? 'no_stream' : appended - 1 });
    appended++;
  }
  return appended;
}

async function seed(store: EventStore): Promise<Seeded> {
  const names = Array.from({ length: STREAMS }, newStream);
  const half = STREAM_LENGTH / 2;
  const pending = [...names];
  await Promise.all(
    Array.from({ length: WRITERS }, async () => {
      for (let stream = pending.pop(); stream; stream = pending.pop()) {
        await store.append(stream, Array.from({ length: half }, (_, i) => event(i)), { expectedRevision: 'no_stream' });
        await store.append(stream, Array.from({ length: half }, (_, i) => event(half + i)), { expectedRevision: half - 1 });
      }
    }),
  );
  return { store, streams: names };
}

const metrics: Metric[] = [
  {
    title: `readAll, pages of ${PAGE} (events/s)`,
    async run({ store }, stop) {
      let read = 0;
      for (let after = 0; !stop(); ) {
        const page = await store.readAll({ after, limit: PAGE });
        read += page.length;
        after = page.length < PAGE ? 0 : page[page.length - 1].position;
      }
      return read;
    },
  },
  {
    title: `readStream, ${STREAM_LENGTH}-event streams (streams/s)`,
    async run({ store, streams }, stop) {
      let loads = 0;
      while (!stop()) {
        const stream = await store.readStream(streams[loads % streams.length]);
        if (stream.length !== STREAM_LENGTH) throw new Error(`Read ${stream.length} events, expected ${STREAM_LENGTH}`);
        loads++;
      }
      return loads;
    },
  },
  {
    title: 'append, 1 writer (appends/s)',
    run: ({ store }, stop) => writer(store, stop, { left: MAX_APPENDS }),
  },
  {
    title: `append, ${WRITERS} writers on distinct streams (appends/s)`,
    async run({ store }, stop) {
      const budget = { left: MAX_APPENDS };
      const counts = await Promise.all(Array.from({ length: WRITERS }, () => writer(store, stop, budget)));
      return counts.reduce((a, b) => a + b, 0);
    },
  },
];

async function rate(metric: Metric, seeded: Seeded): Promise<number> {
  const start = performance.now();
  const units = await metric.run(seeded, () => performance.now() - start >= RUN_MS);
  return units / ((performance.now() - start) / 1_000);
}

function summary(rates: number[]): string {
  const sorted = [...rates].sort((a, b) => a - b);
  const round = (n: number) => Math.round(n).toLocaleString('en-US');
  return `${round(sorted[Math.floor(sorted.length / 2)])} (${round(sorted[0])}–${round(sorted[sorted.length - 1])})`;
}

function targets(): Target[] {
  const inMemory: Target = {
    name: 'in-memory',
    async open() {
      const store = new InMemoryEventStore();
      return { store, dispose: () => store.close() };
    },
  };
  const found = [inMemory];

  const servers = process.env.NATS_URL;
  if (servers) {
    found.push({
      name: 'NATS JetStream',
      async open() {
        // A stream of our own, deleted afterwards.
        const stream = `BENCH_${bench}`;
        const store = await JetStreamEventStore.connect({ servers, stream, subjectPrefix: `bench.${bench}` });
        const dispose = async () => {
          await store.close();
          const nc = await connect({ servers });
          await (await jetstreamManager(nc)).streams.delete(stream);
          await nc.close();
        };
        return { store, dispose };
      },
    });
  } else console.log('NATS JetStream: skipped (set NATS_URL, or run `npm run bench:store`, which starts a nats-server)');

  const kurrentdb = process.env.KURRENTDB_URL;
  if (kurrentdb) {
    found.push({
      name: 'KurrentDB',
      async open() {
        const store = await KurrentDbEventStore.connect(kurrentdb, { streamPrefix: `bench-${bench}-` });
        return { store, dispose: () => store.close() };
      },
    });
  } else console.log('KurrentDB: skipped (set KURRENTDB_URL=kurrentdb://host:2113?tls=false to include it)');

  return found;
}

const rows: string[] = [];
for (const target of targets()) {
  const { store, dispose } = await target.open();
  try {
    const seeded = await seed(store);
    const cells: string[] = [];
    for (const metric of metrics) {
      const rates: number[] = [];
      for (let run = 0; run < RUNS; run++) rates.push(await rate(metric, seeded));
      cells.push(summary(rates));
      process.stderr.write(`${target.name}: ${metric.title} done\n`);
    }
    rows.push(`| ${target.name} | ${cells.join(' | ')} |`);
  } finally {
    await dispose();
  }
}

console.log(`\nMedian of ${RUNS} runs of ${RUN_MS} ms (min–max), Node ${process.version}:\n`);
console.log(`| adapter | ${metrics.map((m) => m.title).join(' | ')} |`);
console.log(`|---|${metrics.map(() => '---:').join('|')}|`);
for (const row of rows) console.log(row);
