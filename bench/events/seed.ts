/**
 * Seeds the benchmark store with realistic node lifecycles: about NODES nodes at a time (a
 * deleted node is replaced by a new one), each driven by the fleet simulator (operators,
 * conductors and power sync, checked against the domain), committed 1–3 events at a time by
 * WRITERS concurrent writers, until the log holds TARGET events. Runs once: a marker stream
 * records the finished seeding, and later runs reuse it.
 *
 *   NATS_URL=$(bash scripts/nats.sh start) node --import ./scripts/register-ts.mjs bench/events/seed.ts [--events N] [--drop]
 */
import { parseArgs } from 'node:util';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { toEventData } from '@ironledger/application';
import { nodeStreamId } from '@ironledger/contracts';
import { type CommandMeta } from '@ironledger/domain';
import { type EventStore } from '@ironledger/event-store';
import { ProgressBar } from '@ironledger/observability';
import { seededRandom, simulatedClock, simulatedNodeId, type SimulatedNode, stepNode } from '@ironledger/lifecycle-events/testing';
import { BENCH_STORE, fmt, natsUrl, openBenchStore } from './common.js';

const MARKER = 'bench-seed-complete';
const NODES = 3000;
const WRITERS = 48;

export interface SeedReport {
  readonly events: number;
  readonly commits: number;
  readonly nodes: number;
  readonly seconds: number;
  /** False when an earlier seeding was reused. */
  readonly seeded: boolean;
}

/** Seeds `store` up to `target` events, or reports the seeding found there; progress goes to stderr. */
export async function seed(store: EventStore, target: number): Promise<SeedReport> {
  const marker = await store.readStream(MARKER);
  if (marker.length > 0) return { ...(marker[0].data as unknown as SeedReport), seeded: false };

  const started = performance.now();
  const clock = simulatedClock('2024-01-01T00:00:00.000Z', 30_000);
  let request = 0;
  const meta = (): CommandMeta => ({ at: clock(), actor: 'operator', requestId: `seed-${++request}`, conductor: `conductor-${request % 3}` });
  let nextSlot = 0;
  const newNode = (): SimulatedNode => ({ id: simulatedNodeId(0xbe0c, nextSlot++), node: null, revision: -1, deleted: false });
  const fleet = Array.from({ length: NODES }, newNode);
  let events = 0;
  let commits = 0;
  const bar = new ProgressBar(process.stderr, 'seeding', 'events');

  // Each writer owns the nodes whose index is its number modulo WRITERS: no two writers touch one stream.
  await Promise.all(
    Array.from({ length: WRITERS }, async (_, w) => {
      const random = seededRandom(w + 1);
      const mine = fleet.map((_, i) => i).filter((i) => i % WRITERS === w);
      while (events < target) {
        const slot = mine[Math.floor(random() * mine.length)];
        const sim = fleet[slot];
        const batch = stepNode(sim, 1 + Math.floor(random() * 3), random, meta);
        if (batch.length === 0) continue;
        const result = await store.append(nodeStreamId(sim.id), batch.map(toEventData), { expectedRevision: sim.revision < 0 ? 'no_stream' : sim.revision });
        sim.revision = result.nextRevision;
        events += batch.length;
        commits++;
        if (sim.deleted) fleet[slot] = newNode();
        bar.update(events, { fraction: events / target, detail: `${fmt(commits)} commits` });
      }
    }),
  );
  bar.done(events, { fraction: events / target, detail: `${fmt(commits)} commits` });
  const report: SeedReport = { events, commits, nodes: nextSlot, seconds: (performance.now() - started) / 1000, seeded: true };
  await store.append(MARKER, [{ type: 'BenchSeedCompleted', data: { ...report } }], { expectedRevision: 'no_stream' });
  return report;
}

async function drop(): Promise<void> {
  const nc = await connect({ servers: natsUrl() });
  await (await jetstreamManager(nc)).streams.delete(BENCH_STORE.stream).catch(() => false);
  await nc.close();
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({ options: { events: { type: 'string', default: '1000000' }, drop: { type: 'boolean', default: false } } });
  if (values.drop) await drop();
  const store = await openBenchStore();
  const report = await seed(store, Number(values.events));
  await store.close();
  console.log(JSON.stringify(report));
}
