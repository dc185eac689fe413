/**
 * The cost of one page of `GET /v1/nodes` in a 100,000-node fleet, as the gateway selects it from
 * its read model (`selectNodes`): in creation order (the default, and what the console pages by)
 * at several depths, and sorted by another key, which sorts the whole fleet for every page.
 *
 *   node --import ./scripts/register-ts.mjs bench/paging/select-page.bench.ts [--nodes N] [--runs R]
 */
import { parseArgs } from 'node:util';
import { type Node } from '@ironledger/domain';
import { type NodeQuery, selectNodes } from '../../apps/gateway/src/nodes/node-query.js';

const { values } = parseArgs({ options: { nodes: { type: 'string', default: '100000' }, runs: { type: 'string', default: '31' } } });
const NODES = Number(values.nodes);
const RUNS = Number(values.runs);

// Only the fields a page's filters and sort keys read; the rest of a node plays no part here.
const fleet = Array.from(
  { length: NODES },
  (_, i) => ({ uuid: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`, name: `node-${(i * 7919) % NODES}`, provision_state: i % 4 === 0 ? 'active' : 'available', maintenance: false }) as unknown as Node,
);
const query = (overrides: Partial<NodeQuery>): NodeQuery => ({ filters: {}, limit: 100, sortKey: 'id', sortDir: 'asc', detail: false, whole: false, ...overrides });

function measure(label: string, pageQuery: NodeQuery): string {
  const times: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const started = performance.now();
    selectNodes(fleet, pageQuery);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const ms = (value: number) => value.toFixed(2);
  return `| ${label} | ${ms(times[Math.floor(RUNS / 2)]!)} | ${ms(times[0]!)}–${ms(times.at(-1)!)} |`;
}

const middle = fleet[Math.floor(NODES / 2)]!.uuid;
const nearEnd = fleet[NODES - 200]!.uuid;
console.log(`\n### One page of 100 nodes out of ${NODES.toLocaleString('en-US')} (median of ${RUNS} runs, ms)\n`);
console.log('| page | median | min–max |\n|---|---:|---:|');
for (const [label, pageQuery] of [
  ['first page, creation order', query({})],
  ['page in the middle (marker), creation order', query({ marker: middle })],
  ['page near the end (marker), creation order', query({ marker: nearEnd })],
  ['page in the middle, descending', query({ marker: middle, sortDir: 'desc' })],
  ['page in the middle, `provision_state=active`', query({ marker: middle, filters: { provision_state: 'active' } })],
  ['first page, `sort_key=name` (sorts the fleet)', query({ sortKey: 'name' })],
] as const) {
  console.log(measure(label, pageQuery));
}
