/**
 * Side-by-side summary of load.ts runs: medians per side over its repetitions, and ironledger/Ironic
 * ratios. Reads the JSON lines that run.sh saved (`<dir>/ironledger-*.json`, `<dir>/ironic-*.json`,
 * optional `<dir>/machine.txt`), prints a Markdown table and one JSON line.
 *
 *   node --import ./scripts/register-ts.mjs bench/provision/compare.ts .run/bench-provision/<stamp>
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const dir = process.argv[2];
if (!dir) throw new Error('usage: compare.ts <results dir>');

type Json = Record<string, unknown>;
const load = (prefix: string): Json[] =>
  readdirSync(dir)
    .filter((file) => file.startsWith(`${prefix}-`) && file.endsWith('.json'))
    .sort()
    .map((file) => JSON.parse(readFileSync(join(dir, file), 'utf8')) as Json);
const sides = { ironledger: load('ironledger'), ironic: load('ironic') };
/** run.sh's machine.txt: "<side> <rep> busy_pct_steal_pct_before=B/S loadavg=a/b/c nproc=N" per repetition. */
const machineLines = existsSync(join(dir, 'machine.txt')) ? readFileSync(join(dir, 'machine.txt'), 'utf8').split('\n').filter(Boolean) : [];
const busyBefore = (side: string) =>
  machineLines
    .filter((line) => line.startsWith(`${side} `))
    .map((line) => Number(/busy_pct_steal_pct_before=(\d+)/.exec(line)?.[1]))
    .filter(Number.isFinite);
const machine = { lines: machineLines };

const at = (run: Json, path: string): number | undefined => {
  let value: unknown = run;
  for (const key of path.split('.')) value = value && typeof value === 'object' ? (value as Json)[key] : undefined;
  return typeof value === 'number' ? value : undefined;
};
const median = (values: number[]): number | undefined => {
  if (values.length === 0) return undefined;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
const med = (side: Json[], path: string) => median(side.map((run) => at(run, path)).filter((v): v is number => v !== undefined));
const all = (side: Json[], path: string) => side.map((run) => at(run, path) ?? '-').join(', ');
const fmt = (value: number | undefined, digits = 1) => (value === undefined ? '-' : Number(value.toFixed(digits)).toString());

/** [label, path, higher is better?, digits] */
const METRICS: [string, string, boolean, number][] = [
  ['warm-up nodes before the run (not measured)', 'warmup.n', true, 0],
  ['warm-up nodes/s (from a cold start)', 'warmup.nodes_per_s', true, 2],
  ['nodes (N)', 'provision.n', true, 0],
  ['concurrency (C)', 'provision.c', true, 0],
  ['failed nodes', 'provision.failed', false, 0],
  ['wall time s', 'provision.wall_s', false, 1],
  ['**nodes/s**', 'provision.nodes_per_s', true, 2],
  ['create p50 ms', 'provision.latency.create.p50', false, 1],
  ['create p95 ms', 'provision.latency.create.p95', false, 1],
  ['create p99 ms', 'provision.latency.create.p99', false, 1],
  ['manage p50 ms', 'provision.latency.manage.p50', false, 1],
  ['manage p95 ms', 'provision.latency.manage.p95', false, 1],
  ['manage p99 ms', 'provision.latency.manage.p99', false, 1],
  ['provide p50 ms', 'provision.latency.provide.p50', false, 1],
  ['provide p95 ms', 'provision.latency.provide.p95', false, 1],
  ['provide p99 ms', 'provision.latency.provide.p99', false, 1],
  ['deploy p50 ms', 'provision.latency.active.p50', false, 1],
  ['deploy p95 ms', 'provision.latency.active.p95', false, 1],
  ['deploy p99 ms', 'provision.latency.active.p99', false, 1],
  ['node total p50 ms', 'provision.latency.node_total.p50', false, 1],
  ['node total p95 ms', 'provision.latency.node_total.p95', false, 1],
  ['node total p99 ms', 'provision.latency.node_total.p99', false, 1],
  ['PUT provision p50 ms', 'provision.latency.http_put_provision.p50', false, 1],
  ['GET poll p50 ms', 'provision.latency.http_get_poll.p50', false, 1],
  ['polls per node', 'provision.polls_per_node', false, 1],
  ['server CPU s (provisioning)', 'server_cpu_provision_s', false, 1],
  ['**server CPU ms per node**', 'server_cpu_ms_per_node', false, 1],
  ['nodes read in read test', 'read.nodes', true, 0],
  ['**GET /v1/nodes/{id} req/s** (c=8, 10 s)', 'read.get_one.rps', true, 1],
  ['GET /v1/nodes/{id} p50 ms', 'read.get_one.latency.p50', false, 1],
  ['GET /v1/nodes/{id} p95 ms', 'read.get_one.latency.p95', false, 1],
  ['GET /v1/nodes/{id} p99 ms', 'read.get_one.latency.p99', false, 1],
  ['**server CPU µs per GET /v1/nodes/{id}**', 'read.get_one.server_cpu_us_per_request', false, 0],
  ['GET /v1/nodes p50 ms', 'read.list.p50', false, 1],
  ['GET /v1/nodes p95 ms', 'read.list.p95', false, 1],
  ['GET /v1/nodes: nodes in the page', 'read.list.nodes_in_page', true, 0],
  ['GET /v1/nodes/detail p50 ms', 'read.list_detail.p50', false, 1],
  ['GET /v1/nodes/detail p95 ms', 'read.list_detail.p95', false, 1],
  ['client CPU ms per node (load generator)', 'client_cpu_ms_per_node', false, 1],
  ['other processes during provisioning, cores', 'others_cores_provision', false, 2],
  ['load average after (1 min)', 'loadavg_after.0', false, 2],
];

// derived per-run values
for (const runs of Object.values(sides)) {
  for (const run of runs) {
    const p = run.provision as Json | undefined;
    if (!p) continue;
    const counts = (p.counts ?? {}) as Record<string, number>;
    const ok = Number(p.ok) || 1;
    p.polls_per_node = (counts.http_get_poll ?? 0) / ok;
    const cpu = at(run, 'server_cpu_provision_s');
    if (cpu !== undefined) run.server_cpu_ms_per_node = (cpu * 1000) / ok;
    const client = at(run, 'client_cpu_provision_s');
    if (client !== undefined) run.client_cpu_ms_per_node = (client * 1000) / ok;
    const others = at(run, 'others_cpu_provision_s');
    const wall = at(run, 'provision.wall_s');
    if (others !== undefined && wall) run.others_cores_provision = others / wall;
  }
}

const rows: string[] = [];
const summary: Record<string, { ironledger?: number; ironic?: number; ratio?: number }> = {};
for (const [label, path, higherBetter, digits] of METRICS) {
  const a = med(sides.ironledger, path);
  const b = med(sides.ironic, path);
  let ratio: number | undefined;
  if (a !== undefined && b !== undefined && a > 0 && b > 0 && !/\(N\)|\(C\)|not measured|nodes in|nodes read|failed|client CPU|other processes|load average|wall time|CPU s \(provisioning\)/.test(label)) ratio = higherBetter ? a / b : b / a;
  summary[path] = { ironledger: a, ironic: b, ratio };
  rows.push(`| ${label} | ${fmt(a, digits)} | ${fmt(b, digits)} | ${ratio === undefined ? '' : `${fmt(ratio, ratio >= 10 ? 0 : 1)}×`} | ${all(sides.ironledger, path)} | ${all(sides.ironic, path)} |`);
}

rows.push(`| machine CPU busy % before the run (without the systems under test) | ${fmt(median(busyBefore('ironledger')), 0)} | ${fmt(median(busyBefore('ironic')), 0)} | | ${busyBefore('ironledger').join(', ')} | ${busyBefore('ironic').join(', ')} |`);

const out = [
  `Medians of ${sides.ironledger.length} ironledger and ${sides.ironic.length} Ironic runs ("better ×" = how many times better ironledger is: a/b for rates, b/a for times).`,
  '',
  '| metric | ironledger (median) | Ironic 21.4 (median) | better × | ironledger runs | Ironic runs |',
  '|---|---|---|---|---|---|',
  ...rows,
].join('\n');
console.log(out);
const cpuPerNodeRatio = summary['server_cpu_ms_per_node']?.ratio;
const cpuPerGetRatio = summary['read.get_one.server_cpu_us_per_request']?.ratio;
/** How many times better ironledger did in each repetition than Ironic in the same one (run back to back). */
const paired = (path: string, higherBetter: boolean) => {
  const ratios = sides.ironledger
    .map((run, i) => [at(run, path), sides.ironic[i] && at(sides.ironic[i], path)] as const)
    .filter((pair): pair is readonly [number, number] => Boolean(pair[0] && pair[1]))
    .map(([a, b]) => (higherBetter ? a / b : b / a));
  return ratios.length === 0 ? '-' : `${ratios.map((r) => fmt(r)).join(', ')} (median ${fmt(median(ratios))}×)`;
};
console.log('');
if (sides.ironledger.length > 0 && sides.ironic.length > 0) {
  console.log(
    `paired ratios, repetition by repetition: server CPU per node ${paired('server_cpu_ms_per_node', false)}; per GET ${paired('read.get_one.server_cpu_us_per_request', false)}; ` +
      `nodes/s ${paired('provision.nodes_per_s', true)}; GET req/s ${paired('read.get_one.rps', true)}`,
  );
}
const verdict = (ratio: number | undefined, target: number) => (ratio === undefined ? 'n/a' : `${fmt(ratio)}× -> ${ratio >= target ? 'MET' : 'MISSED'}`);
console.log(`targets (server CPU, every server process from /proc): per node ≥ 50× less than Ironic: ${verdict(cpuPerNodeRatio, 50)}; per GET /v1/nodes/{id} ≥ 20× less: ${verdict(cpuPerGetRatio, 20)}`);
const line = JSON.stringify({ machine, runs: { ironledger: sides.ironledger.length, ironic: sides.ironic.length }, medians: summary });
writeFileSync(join(dir, 'summary.md'), `${out}\n`);
console.log(line);
