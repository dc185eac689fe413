/**
 * (a) Rebuilding the read model from the whole log: 1,000,000 events on JetStream, seeded once
 * with realistic lifecycles (seed.ts), folded RUNS times by `rebuildReadModel` — the path of
 * `ironledger rebuild` and of every service's start — with a progress bar on stderr.
 *
 *   NATS_URL=$(bash scripts/nats.sh start) node --import ./scripts/register-ts.mjs bench/events/rebuild.bench.ts [--events N] [--runs R]
 */
import { parseArgs } from 'node:util';
import { rebuildReadModel } from '@ironledger/application';
import { ProgressBar, type ProgressPoint } from '@ironledger/observability';
import { fmt, machine, markdownTable, median, openBenchStore } from './common.js';
import { type Phase, timePhase } from './rebuild-breakdown.js';
import { seed } from './seed.js';

const { values } = parseArgs({ options: { events: { type: 'string', default: '1000000' }, runs: { type: 'string', default: '5' }, breakdown: { type: 'boolean', default: false } } });
const TARGET = Number(values.events);
const RUNS = Number(values.runs);

const store = await openBenchStore();
const seeded = await seed(store, TARGET);
process.stderr.write(`${seeded.seeded ? 'seeded' : 'reusing'} ${fmt(seeded.events)} events (${fmt(seeded.commits)} commits, ${fmt(seeded.nodes)} nodes ever) in ${fmt(seeded.seconds, 1)} s\n`);

interface Run {
  readonly seconds: number;
  /** CPU time (user + system) of this process during the rebuild: less at the mercy of other work on the machine than the elapsed time. */
  readonly cpuSeconds: number;
  readonly events: number;
  readonly nodes: number;
  readonly checksum: string;
}
const runs: Run[] = [];
let head = 0;
/** Judged by position against the last run's head (unknown on the first run). */
const reading = (position: number): ProgressPoint => ({ fraction: head > 0 ? position / head : undefined, detail: `position ${fmt(position)}` });
for (let i = 0; i < RUNS; i++) {
  const bar = new ProgressBar(process.stderr, `rebuild ${i + 1}/${RUNS}`, 'events');
  let events = 0;
  const started = performance.now();
  const cpu = process.cpuUsage();
  const model = await rebuildReadModel(store, (n, position) => {
    events = n;
    bar.update(n, reading(position));
  });
  const seconds = (performance.now() - started) / 1000;
  const { user, system } = process.cpuUsage(cpu);
  bar.done(events, reading(model.position));
  head = model.position;
  runs.push({ seconds, cpuSeconds: (user + system) / 1e6, events, nodes: model.size, checksum: model.checksum() });
}
await store.close();

if (new Set(runs.map((r) => r.checksum)).size !== 1) throw new Error('Rebuilds of the same log disagree');
const seconds = runs.map((r) => r.seconds);
const cpuSeconds = runs.map((r) => r.cpuSeconds);
const rates = runs.map((r) => r.events / r.seconds);
const [first] = runs;
console.log(`\n### Rebuild of the read model from ${fmt(first.events)} events (JetStream)\n`);
console.log(`${machine()}; ${fmt(first.nodes)} nodes in the rebuilt model, ${fmt(seeded.nodes)} ever registered; median of ${RUNS} runs (min–max).\n`);
console.log(
  markdownTable(
    ['what', 'result'],
    [
      ['seeding (once): events / commits', `${fmt(seeded.events)} / ${fmt(seeded.commits)} (1–3 events per commit)`],
      ['seeding time', `${fmt(seeded.seconds, 1)} s (${fmt(seeded.events / seeded.seconds)} events/s, 48 concurrent writers)`],
      ['rebuild time', `**${fmt(median(seconds), 2)} s** (${fmt(Math.min(...seconds), 2)}–${fmt(Math.max(...seconds), 2)})`],
      ['CPU time of the rebuilding process (user + system)', `${fmt(median(cpuSeconds), 2)} s (${fmt(Math.min(...cpuSeconds), 2)}–${fmt(Math.max(...cpuSeconds), 2)})`],
      ['rebuild rate', `${fmt(median(rates))} events/s (${fmt(Math.min(...rates))}–${fmt(Math.max(...rates))})`],
      ['target', `< 5 s: ${median(seconds) < 5 ? 'met' : 'MISSED'}`],
      ['checksum (all runs equal)', `\`${first.checksum.slice(0, 16)}…\``],
    ],
  ),
);

if (values.breakdown) {
  const rows: string[][] = [];
  for (const [phase, what] of [
    ['transport', 'read every commit message with one ordered consumer (10,000-message pulls)'],
    ['decode', '… and decode them into events (`EventStore.readAllPages`: two headers, JSON body)'],
  ] as [Phase, string][]) {
    const times: number[] = [];
    for (let i = 0; i < Math.min(RUNS, 3); i++) times.push((await timePhase(phase)).seconds);
    rows.push([what, `${fmt(median(times), 2)} s (${fmt(Math.min(...times), 2)}–${fmt(Math.max(...times), 2)})`]);
    process.stderr.write(`breakdown ${phase}: ${fmt(median(times), 2)} s\n`);
  }
  rows.push(['… and fold them into the read model: `rebuildReadModel`, from above', `${fmt(median(seconds), 2)} s`]);
  console.log(`\nWhere the time goes (cumulative; median of ${Math.min(RUNS, 3)} runs each):\n`);
  console.log(markdownTable(['reading the same log', 'time'], rows));
}
