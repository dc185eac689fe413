/**
 * (b) Append-to-subscriber latency under a steady append load: RATE appends/s for SECONDS s
 * (after a warm-up), each append one simulated lifecycle step of one of NODES nodes, committed
 * to the JetStream store; the event relay runs in its own process (as it will in the gateway);
 * a subscriber receives the events. Latency runs from the append call to the subscriber's receipt
 * of the event, both timed in this process. RUNS runs, each on fresh streams.
 *
 *   NATS_URL=$(bash scripts/nats.sh start) node --import ./scripts/register-ts.mjs bench/events/latency.bench.ts [--rate 500] [--seconds 20] [--runs 5]
 *
 * Transports: NATS (subscribeNats on the relay stream) always. With `--sse <gateway URL>` an SSE
 * subscriber (subscribeSse on the gateway's GET /v1/events) is measured side by side; the
 * appends then go to the store the environment names (the gateway's: JETSTREAM_STREAM, …),
 * and the relay is the gateway's own (default relay stream), so none is started here.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { type EventSubscription, subscribeNats, subscribeSse } from '@ironledger/client';
import { toEventData } from '@ironledger/application';
import { nodeStreamId } from '@ironledger/contracts';
import { type CommandMeta } from '@ironledger/domain';
import { JetStreamEventStore, storeConfigFromEnv } from '@ironledger/event-store';
import { isolatedStreams, seededRandom, simulatedClock, simulatedNodeId, type SimulatedNode, stepNode } from '@ironledger/lifecycle-events/testing';
import { fmt, machine, markdownTable, median, natsUrl, percentile } from './common.js';

const { values } = parseArgs({
  options: {
    rate: { type: 'string', default: '500' },
    seconds: { type: 'string', default: '20' },
    runs: { type: 'string', default: '5' },
    warmup: { type: 'string', default: '3' },
    nodes: { type: 'string', default: '2000' },
    sse: { type: 'string' },
  },
});
const RATE = Number(values.rate);
const SECONDS = Number(values.seconds);
const RUNS = Number(values.runs);
const WARMUP = Number(values.warmup);
const NODES = Number(values.nodes);
const root = fileURLToPath(new URL('../..', import.meta.url));

/** A way for a subscriber to receive events: each is measured side by side in every run. */
interface Transport {
  readonly name: string;
  subscribe(from: number): EventSubscription;
}

interface Setup {
  readonly store: JetStreamEventStore;
  readonly transports: Transport[];
  dispose(): Promise<void>;
}

/** Fresh streams and a relay process of our own (NATS only). */
async function isolatedSetup(run: number): Promise<Setup> {
  const names = isolatedStreams(`lat${run}`);
  const store = await JetStreamEventStore.connect({ servers: natsUrl(), stream: names.storeStream, subjectPrefix: names.storePrefix });
  const relay = await startRelay({ JETSTREAM_STREAM: names.storeStream, JETSTREAM_SUBJECT_PREFIX: names.storePrefix, RELAY_STREAM: names.relayStream, RELAY_SUBJECT_PREFIX: names.eventsPrefix });
  return {
    store,
    transports: [{ name: 'NATS (relay stream, ordered consumer)', subscribe: (from) => subscribeNats({ servers: natsUrl(), stream: names.relayStream, subjectPrefix: names.eventsPrefix, from }) }],
    async dispose() {
      relay.kill('SIGTERM');
      await new Promise((resolve) => relay.once('exit', resolve));
      await store.close();
      const nc = await connect({ servers: natsUrl() });
      const jsm = await jetstreamManager(nc);
      await jsm.streams.delete(names.storeStream).catch(() => false);
      await jsm.streams.delete(names.relayStream).catch(() => false);
      await nc.close();
    },
  };
}

/** The gateway's store and relay, plus its SSE endpoint. */
async function gatewaySetup(baseUrl: string): Promise<Setup> {
  const config = storeConfigFromEnv();
  if (config.kind !== 'jetstream') throw new Error('The latency benchmark appends to JetStream');
  const store = await JetStreamEventStore.connect(config);
  return {
    store,
    transports: [
      { name: 'NATS (relay stream, ordered consumer)', subscribe: (from) => subscribeNats({ servers: natsUrl(), from }) },
      { name: 'SSE (gateway GET /v1/events)', subscribe: (from) => subscribeSse({ baseUrl, from }) },
    ],
    dispose: () => store.close(),
  };
}

async function startRelay(env: Record<string, string>): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', './scripts/register-ts.mjs', 'bench/events/relay-process.ts'], { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => chunk.toString().includes('ready') && resolve());
    child.once('exit', (code) => reject(new Error(`relay exited with ${code}`)));
  });
  return child;
}

interface Result {
  readonly latencies: number[][];
  readonly appendMs: number[];
  readonly appends: number;
  readonly appendErrors: number;
  readonly missing: number[];
}

/** One run: warm-up, then SECONDS of steady load; every transport's latencies. */
async function measure(setup: Setup, run: number): Promise<Result> {
  const { store, transports } = setup;
  const head = (await store.readAll({ after: 0 })).at(-1)?.position ?? 0;
  const sent = new Map<string, number>();
  const measuring = new Set<string>();
  const latencies = transports.map(() => [] as number[]);
  const seen = transports.map(() => new Set<string>());
  const subscriptions = transports.map((t) => t.subscribe(head));
  const receiving = subscriptions.map(async (subscription, i) => {
    for await (const { event } of subscription) {
      const at = performance.now();
      const id = event.meta.requestId;
      const start = sent.get(id);
      if (start === undefined || seen[i].has(id)) continue;
      seen[i].add(id);
      if (measuring.has(id)) latencies[i].push(at - start);
    }
  });

  const random = seededRandom(run + 1);
  const clock = simulatedClock();
  let request = 0;
  const fleet: SimulatedNode[] = Array.from({ length: NODES }, (_, i) => ({ id: simulatedNodeId(0x1a7 + run, i), node: null, revision: -1, deleted: false }));
  const busy = new Map<number, Promise<void>>();
  const appendMs: number[] = [];
  let slot = 0;
  /** Ids for nodes that replace deleted ones (after the first NODES). */
  let replacements = NODES;
  let appends = 0;
  let appendErrors = 0;

  const appendOne = (measured: boolean) => {
    const index = slot++ % fleet.length;
    const previous = busy.get(index) ?? Promise.resolve();
    const next = previous.then(async () => {
      const sim = fleet[index];
      if (sim.deleted) fleet[index] = { id: simulatedNodeId(0x1a7 + run, replacements++), node: null, revision: -1, deleted: false };
      const current = fleet[index];
      const id = `lat-${run}-${++request}`;
      const meta = (): CommandMeta => ({ at: clock(), actor: 'bench', requestId: id, conductor: 'c1' });
      const events = stepNode(current, 1, random, meta);
      if (events.length === 0) return;
      const start = performance.now();
      sent.set(id, start);
      if (measured) measuring.add(id);
      let result;
      try {
        result = await store.append(nodeStreamId(current.id), events.map(toEventData), { expectedRevision: current.revision < 0 ? 'no_stream' : current.revision });
      } catch (error) {
        // Not an event anyone can receive: counted apart, not as missing.
        measuring.delete(id);
        appendErrors++;
        process.stderr.write(`append failed: ${(error as Error).message}\n`);
        return;
      }
      current.revision = result.nextRevision;
      if (measured) appendMs.push(performance.now() - start);
      appends++;
    });
    busy.set(index, next.catch(() => undefined));
  };

  /** Issues appends at RATE per second for `seconds`, open loop: on schedule, not after the previous one. */
  const load = async (seconds: number, measured: boolean) => {
    const start = performance.now();
    let issued = 0;
    const total = Math.round(seconds * RATE);
    while (issued < total) {
      const due = Math.min(total, Math.floor(((performance.now() - start) / 1000) * RATE) + 1);
      for (; issued < due; issued++) appendOne(measured);
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
    await Promise.all(busy.values());
  };

  await load(WARMUP, false);
  await load(SECONDS, true);
  // Wait until every measured event arrived everywhere (or give up after 10 s).
  const deadline = performance.now() + 10_000;
  while (latencies.some((l) => l.length < measuring.size) && performance.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
  await Promise.all(subscriptions.map((s) => s.close()));
  await Promise.all(receiving);
  return { latencies, appendMs, appends, appendErrors, missing: latencies.map((l) => measuring.size - l.length) };
}

const rows: string[][] = [];
const perTransport = new Map<string, { p50: number[]; p90: number[]; p99: number[]; max: number[]; count: number; missing: number }>();
const appendP50: number[] = [];
const appendP99: number[] = [];
let transportNames: string[] = [];
for (let run = 0; run < RUNS; run++) {
  const setup = values.sse ? await gatewaySetup(values.sse) : await isolatedSetup(run);
  try {
    transportNames = setup.transports.map((t) => t.name);
    const result = await measure(setup, run);
    const sortedAppend = [...result.appendMs].sort((a, b) => a - b);
    appendP50.push(percentile(sortedAppend, 50));
    appendP99.push(percentile(sortedAppend, 99));
    for (const [i, name] of transportNames.entries()) {
      const sorted = [...result.latencies[i]].sort((a, b) => a - b);
      const stats = perTransport.get(name) ?? { p50: [], p90: [], p99: [], max: [], count: 0, missing: 0 };
      stats.p50.push(percentile(sorted, 50));
      stats.p90.push(percentile(sorted, 90));
      stats.p99.push(percentile(sorted, 99));
      stats.max.push(sorted.at(-1) ?? Number.NaN);
      stats.count += sorted.length;
      stats.missing += result.missing[i];
      perTransport.set(name, stats);
      process.stderr.write(`run ${run + 1}/${RUNS} ${name}: ${sorted.length} events, p50 ${fmt(percentile(sorted, 50), 2)} ms, p99 ${fmt(percentile(sorted, 99), 2)} ms, max ${fmt(sorted.at(-1) ?? 0, 1)} ms, missing ${result.missing[i]}\n`);
    }
  } finally {
    await setup.dispose();
  }
}

const range = (values: number[], digits = 2) => `${fmt(median(values), digits)} (${fmt(Math.min(...values), digits)}–${fmt(Math.max(...values), digits)})`;
for (const name of transportNames) {
  const s = perTransport.get(name)!;
  rows.push([name, fmt(s.count), range(s.p50), range(s.p90), `**${range(s.p99)}**`, range(s.max, 1), String(s.missing)]);
}
console.log(`\n### Append-to-subscriber latency at ${fmt(RATE)} appends/s for ${SECONDS} s\n`);
console.log(`${machine()}; relay ${values.sse ? 'inside the gateway process' : 'in its own process'}; ${fmt(NODES)} simulated nodes; median of ${RUNS} runs (min–max), latencies in ms.\n`);
console.log(markdownTable(['transport', 'events measured', 'p50', 'p90', 'p99', 'max', 'missing'], rows, [1, 2, 3, 4, 5, 6]));
console.log(`\nThe append itself (call to acknowledgement, included above): p50 ${range(appendP50)} ms, p99 ${range(appendP99)} ms. Target p99 < 10 ms.`);
