/**
 * The cost of one scrape of the gateway's fleet gauges in a 100,000-node fleet: one pass over the
 * read model (provision and power states, maintenance, faults, stuck nodes, agent heartbeats)
 * and the exposition of the gauges, on the event loop of the gateway.
 *
 *   node --import ./scripts/register-ts.mjs bench/metrics/fleet-scrape.bench.ts [--nodes N] [--runs R]
 */
import { parseArgs } from 'node:util';
import { NO_AGENT, newNode, type Node, PROVISION_STATES } from '@ironledger/domain';
import { Registry } from 'prom-client';
import { fleetCensus, registerFleetGauges } from '../../apps/gateway/src/observability/fleet-gauges.js';

const { values } = parseArgs({ options: { nodes: { type: 'string', default: '100000' }, runs: { type: 'string', default: '31' } } });
const NODES = Number(values.nodes);
const RUNS = Number(values.runs);

const start = Date.parse('2026-11-21T12:00:00.000Z');
const at = (seconds: number) => new Date(start - seconds * 1000).toISOString();
// Whole nodes (every field), spread over every provision state, a tenth with a running agent.
const fleet: Node[] = Array.from({ length: NODES }, (_, i) =>
  newNode(`00000000-0000-4000-8000-${String(i).padStart(12, '0')}`, at(86_400), {
    provision_state: PROVISION_STATES[i % PROVISION_STATES.length]!,
    provision_updated_at: at(i % 7200),
    power_state: i % 3 === 0 ? null : i % 3 === 1 ? 'power on' : 'power off',
    maintenance: i % 50 === 0,
    fault: i % 100 === 0 ? 'power failure' : null,
    agent: i % 10 === 0 ? { ...NO_AGENT, token: 't', last_heartbeat: at(i % 600) } : NO_AGENT,
  }),
);

function median(label: string, run: (i: number) => unknown): Promise<string> | string {
  const times: number[] = [];
  return (async () => {
    for (let i = 0; i < RUNS; i++) {
      const started = performance.now();
      await run(i);
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    return `| ${label} | ${times[Math.floor(RUNS / 2)]!.toFixed(2)} | ${times[0]!.toFixed(2)}–${times.at(-1)!.toFixed(2)} |`;
  })();
}

const registry = new Registry();
let now = start;
registerFleetGauges(registry, { summaries: () => fleet.values() }, { stuckAfterS: 3600, now: () => now });
const rows = [
  await median('census: one pass over the nodes', () => fleetCensus(fleet.values(), start, 3600_000)),
  // Each scrape a second after the last: a new pass every time.
  await median('scrape of the fleet gauges (census + exposition)', async () => {
    now += 1000;
    await registry.metrics();
  }),
];
console.log(`\n${NODES} nodes, median of ${RUNS} runs (min–max), Node ${process.version}:\n`);
console.log('| what | median ms | min–max ms |');
console.log('|---|---:|---:|');
for (const row of rows) console.log(row);
