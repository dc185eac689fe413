/**
 * The measuring half of `npm run bench:memory` (bench/memory/run.sh starts the stack and enrolls the fleet).
 *
 *   node --import ./scripts/register-ts.mjs bench/memory/measure.ts sample RESULTS.jsonl
 *     Waits until every node has left `enroll`/`verifying`, then AFTER_VERIFIED_S seconds (the target's
 *     measure: power sync keeps running at its interval meanwhile); with AFTER_VERIFIED_S empty, until
 *     power sync has finished a pass that began after that (and read every BMC since), and the stack's
 *     CPU has settled (under SETTLE_CPU, default 5 %, of one core, summed over the stack, for
 *     SETTLE_S = 10 s). Then it reads each process's RSS
 *     (VmRSS, and its peak VmHWM, from /proc/<pid>/status; PSS from smaps_rollup) and, for the Node services, the V8 heap from
 *     their Prometheus metrics (prom-client's default `nodejs_heap_size_*_bytes`), prints a table and
 *     appends the sample as one JSON line.
 *     Environment from run.sh: N, RUN, API (the gateway's URL), POWER_SYNC_METRICS (power sync's metrics
 *     URL), PROCESSES (`name=pid[=metrics URL]`, comma-separated; the simulator is measured but not
 *     counted in the stack's total).
 *   node --import ./scripts/register-ts.mjs bench/memory/measure.ts report RESULTS.jsonl
 *     Medians (min–max) over the samples of the file, and the total against the 300 MB target.
 *
 * Nothing is forced: no GC, no change to the services; the metrics endpoints are only read.
 */
import { appendFileSync, readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { count, duration, ProgressBar } from '@ironledger/observability';

/** The target: the whole stack idle with TARGET_NODES nodes under TARGET_MB of RSS. */
const TARGET_MB = 300;
const TARGET_NODES = 10_000;
/** Processes outside the stack: measured, not counted in its total. */
const HARNESS = new Set(['bmc-sim']);
const MB = 1024 * 1024;

interface Sample {
  readonly run: number;
  readonly nodes: number;
  readonly at: string;
  readonly load: string;
  readonly settled: boolean;
  /** Sampled this long after verification ended (the target's measure), or, when absent, once power sync had read every BMC and the CPU had settled. */
  readonly afterVerifiedS?: number | null;
  /** Power sync's interval (s); absent in samples taken before it was recorded. */
  readonly powerSyncIntervalS?: number;
  readonly waitedMs: { readonly enrolled: number; readonly pass: number; readonly settle: number };
  readonly processes: readonly ProcessMemory[];
}

interface ProcessMemory {
  readonly name: string;
  readonly pid: number;
  readonly rssMb: number;
  readonly peakRssMb: number;
  /** Proportional set size: each shared page (the node binary's code, mapped by every service) divided among the processes mapping it. Absent in samples taken before it was recorded. */
  readonly pssMb?: number;
  readonly heapUsedMb: number | null;
  readonly heapTotalMb: number | null;
  /** Memory of C++ objects bound to JS ones (Buffers among them), outside the V8 heap. */
  readonly externalMb: number | null;
}

interface Watched {
  readonly name: string;
  readonly pid: number;
  readonly metrics?: string;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const log = (message: string) => console.log(`  ${message}`);

function fail(message: string): never {
  console.error(`bench:memory: ${message}`);
  process.exit(1);
}

function watchedFromEnv(): Watched[] {
  const spec = process.env.PROCESSES ?? fail('PROCESSES is not set (run bench/memory/run.sh)');
  return spec.split(',').map((entry) => {
    const [name, pid, ...url] = entry.split('=');
    return { name: name!, pid: Number(pid), metrics: url.length > 0 ? url.join('=') : undefined };
  });
}

/** `/proc/<pid>/<file>`, or '' once the process has gone. */
function procFile(pid: number, file: 'status' | 'smaps_rollup'): string {
  try {
    return readFileSync(`/proc/${pid}/${file}`, 'utf8');
  } catch {
    return '';
  }
}

/** Fails loudly when a process of the stack has gone. */
function checkAlive(processes: readonly Watched[]): void {
  const gone = processes.filter((p) => procFile(p.pid, 'status') === '' || /State:\s+Z/.test(procFile(p.pid, 'status')));
  if (gone.length > 0) fail(`${gone.map((p) => `${p.name} (pid ${p.pid})`).join(', ')} exited; see its log`);
}

/** CPU seconds a process has used (utime + stime, 100 ticks/s). */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

const kb = (text: string, field: string) => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(text)?.[1] ?? NaN);

/** Prometheus text format: the sum of every series of `name` whose labels contain `labels`. */
function metric(text: string, name: string, labels = ''): number {
  let sum = 0;
  let found = false;
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    if (labels && !line.includes(labels)) continue;
    sum += Number(line.slice(line.lastIndexOf(' ') + 1));
    found = true;
  }
  return found ? sum : NaN;
}

async function scrape(url: string): Promise<string> {
  const response = await fetch(url);
  if (!response.ok) fail(`${url}: ${response.status}`);
  return response.text();
}

async function api(path: string): Promise<{ nodes: { uuid: string; last_error?: string | null }[] }> {
  const response = await fetch(`${process.env.API}${path}`, { headers: { 'x-openstack-ironic-api-version': 'latest' } });
  if (!response.ok) fail(`GET ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as { nodes: { uuid: string; last_error?: string | null }[] };
}

/** Until no node is in `enroll` or `verifying` any more (every one verified and `manageable`). */
async function waitEnrolled(processes: readonly Watched[], nodes: number): Promise<void> {
  const bar = new ProgressBar(process.stdout, '  verify', 'nodes');
  for (;;) {
    checkAlive(processes);
    const enroll = await api('/v1/nodes?provision_state=enroll&fields=uuid,last_error&limit=1000');
    const failed = enroll.nodes.find((node) => node.last_error);
    if (failed) fail(`node ${failed.uuid} failed verification: ${failed.last_error}`);
    const verifying = await api('/v1/nodes?provision_state=verifying&fields=uuid&limit=1000');
    const waiting = enroll.nodes.length + verifying.nodes.length;
    bar.update(nodes - waiting, { fraction: 1 - waiting / nodes, detail: waiting >= 1000 ? '(1,000+ waiting)' : `(${waiting} waiting)` });
    if (waiting === 0) break;
    await sleep(1000);
  }
  bar.done(nodes, { fraction: 1, detail: '(0 waiting)' });
}

/** Until power sync has finished a pass published after `since`'s count, and read every BMC since. */
async function waitPowerSyncPass(processes: readonly Watched[], nodes: number, timeoutMs: number): Promise<void> {
  const powerSync = process.env.POWER_SYNC_METRICS ?? fail('no POWER_SYNC_METRICS (power sync\'s metrics URL)');
  const reads = (text: string) => metric(text, 'ironledger_power_sync_bmc_reads_total');
  const first = await scrape(powerSync);
  const published = metric(first, 'ironledger_power_sync_passes_total', 'kind="sync"') || 0;
  const reads0 = reads(first) || 0;
  const bar = new ProgressBar(process.stdout, '  power sync', 'BMC reads');
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    checkAlive(processes);
    const text = await scrape(powerSync);
    const ended = metric(text, 'ironledger_power_sync_pass_duration_seconds_count', 'kind="sync"') || 0;
    const read = (reads(text) || 0) - reads0;
    const passDone = ended >= published + 1;
    const point = { fraction: Math.min(1, read / nodes), detail: passDone ? 'pass ended' : `waiting for pass ${published + 1} to end` };
    if (passDone && read >= nodes) {
      bar.done(read, point);
      return;
    }
    bar.update(read, point);
    if (Date.now() > deadline) fail(`power sync did not finish a pass over ${count(nodes)} nodes within ${duration(timeoutMs)} (${count(read)} reads)`);
    await sleep(1000);
  }
}

/** Until the stack has used less than `maxShare` of one core over `windowS` seconds; false if not within `timeoutMs`. */
async function waitSettled(processes: readonly Watched[], windowS: number, maxShare: number, timeoutMs: number): Promise<boolean> {
  const stack = processes.filter((p) => !HARNESS.has(p.name));
  const deadline = Date.now() + timeoutMs;
  const samples: { at: number; cpu: number }[] = [];
  for (;;) {
    checkAlive(processes);
    const now = Date.now();
    samples.push({ at: now, cpu: stack.reduce((sum, p) => sum + cpuSeconds(p.pid), 0) });
    const from = samples.findLast((s) => now - s.at >= windowS * 1000);
    if (from) {
      const share = (samples.at(-1)!.cpu - from.cpu) / ((now - from.at) / 1000);
      log(`CPU of the stack over the last ${windowS} s: ${(share * 100).toFixed(1)} % of one core`);
      if (share < maxShare) return true;
    }
    if (now > deadline) return false;
    await sleep(2000);
  }
}

/** `ms` of wall time, checking every second that the stack is still there. */
async function waitFor(processes: readonly Watched[], ms: number): Promise<void> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    checkAlive(processes);
    await sleep(Math.min(1000, until - Date.now()));
  }
}

async function measure(processes: readonly Watched[]): Promise<ProcessMemory[]> {
  return Promise.all(
    processes.map(async ({ name, pid, metrics }) => {
      const text = procFile(pid, 'status');
      const prom = metrics ? await scrape(metrics) : '';
      const mb = (value: number) => (Number.isNaN(value) ? null : Math.round((value / MB) * 10) / 10);
      return {
        name,
        pid,
        rssMb: Math.round((kb(text, 'VmRSS') / 1024) * 10) / 10,
        peakRssMb: Math.round((kb(text, 'VmHWM') / 1024) * 10) / 10,
        pssMb: Math.round((kb(procFile(pid, 'smaps_rollup'), 'Pss') / 1024) * 10) / 10,
        heapUsedMb: metrics ? mb(metric(prom, 'nodejs_heap_size_used_bytes')) : null,
        heapTotalMb: metrics ? mb(metric(prom, 'nodejs_heap_size_total_bytes')) : null,
        externalMb: metrics ? mb(metric(prom, 'nodejs_external_memory_bytes')) : null,
      };
    }),
  );
}

// ---------------------------------------------------------------------------------------------
// Tables

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** `123` for one value, `123 (120–126)` for several: the median and the range. */
function figure(values: readonly (number | null)[]): string {
  const known = values.filter((v): v is number => v !== null);
  if (known.length === 0) return '–';
  const f = (v: number) => v.toFixed(0);
  return known.length === 1 ? f(known[0]!) : `${f(median(known))} (${f(Math.min(...known))}–${f(Math.max(...known))})`;
}

const stackTotal = (sample: Sample, key: 'rssMb' | 'pssMb' = 'rssMb') => sample.processes.filter((p) => !HARNESS.has(p.name)).reduce((sum, p) => sum + (p[key] ?? Number.NaN), 0);

function table(samples: readonly Sample[]): string {
  const names = samples[0]!.processes.map((p) => p.name);
  const of = (name: string, key: keyof Omit<ProcessMemory, 'name' | 'pid'>) => samples.map((s) => s.processes.find((p) => p.name === name)?.[key] ?? null);
  const lines = [
    '| process | RSS (MB) | PSS (MB) | peak RSS (MB) | V8 heap used (MB) | V8 heap total (MB) | external (MB) |',
    '|---|---:|---:|---:|---:|---:|---:|',
  ];
  for (const name of names) {
    const label = HARNESS.has(name) ? `${name} (simulated BMCs; not in the total)` : name;
    lines.push(`| ${label} | ${figure(of(name, 'rssMb'))} | ${figure(of(name, 'pssMb'))} | ${figure(of(name, 'peakRssMb'))} | ${figure(of(name, 'heapUsedMb'))} | ${figure(of(name, 'heapTotalMb'))} | ${figure(of(name, 'externalMb'))} |`);
  }
  const totals = samples.map((sample) => stackTotal(sample));
  const verdict = median(totals) < TARGET_MB ? 'met' : 'NOT met';
  const pssTotals = samples.map((sample) => stackTotal(sample, 'pssMb')).filter((total) => !Number.isNaN(total));
  lines.push(`| **stack total** (${names.filter((name) => !HARNESS.has(name)).join(', ')}) | **${figure(totals)}** | ${figure(pssTotals)} | | | | |`);
  const runs = samples.length > 1 ? `, median of ${samples.length} runs, min–max in brackets` : '';
  if (samples[0]!.nodes === TARGET_NODES) lines.push('', `Target: whole stack idle with ${count(TARGET_NODES)} nodes < ${TARGET_MB} MB RSS: **${verdict}** (${figure(totals)} MB${runs}).`);
  else lines.push('', `Stack total: ${figure(totals)} MB RSS${runs} (the ${TARGET_MB} MB target is for ${count(TARGET_NODES)} nodes).`);
  return lines.join('\n');
}

// ---------------------------------------------------------------------------------------------
// Main

const [mode, file] = process.argv.slice(2);
if (!file || (mode !== 'sample' && mode !== 'report')) fail('usage: measure.ts sample|report RESULTS.jsonl');

if (mode === 'sample') {
  const processes = watchedFromEnv();
  const nodes = Number(process.env.N);
  const settleS = Number(process.env.SETTLE_S ?? 10);
  const settleCpu = Number(process.env.SETTLE_CPU ?? 5) / 100;
  const afterVerifiedS = process.env.AFTER_VERIFIED_S ? Number(process.env.AFTER_VERIFIED_S) : null;
  const t0 = Date.now();
  await waitEnrolled(processes, nodes);
  const t1 = Date.now();
  let settled = true;
  let t2 = t1;
  if (afterVerifiedS !== null) {
    // The target's own measure: a fixed time after verification, power sync running as it runs.
    log(`all ${count(nodes)} nodes verified after ${duration(t1 - t0)}; sampling ${afterVerifiedS} s later`);
    await waitFor(processes, afterVerifiedS * 1000);
  } else {
    log(`all ${count(nodes)} nodes verified after ${duration(t1 - t0)}; waiting for a whole power-sync pass`);
    await waitPowerSyncPass(processes, nodes, Number(process.env.PASS_TIMEOUT_S ?? 1800) * 1000);
    t2 = Date.now();
    log(`power sync read every BMC after ${duration(t2 - t1)}; waiting for the CPU to settle`);
    settled = await waitSettled(processes, settleS, settleCpu, Number(process.env.SETTLE_TIMEOUT_S ?? 300) * 1000);
    if (!settled) log(`WARNING: the stack's CPU did not settle under ${settleCpu * 100} % of one core; measuring anyway`);
  }
  const t3 = Date.now();
  const sample: Sample = {
    run: Number(process.env.RUN ?? 1),
    nodes,
    at: new Date().toISOString(),
    load: loadavg().map((l) => l.toFixed(2)).join(' / '),
    settled,
    afterVerifiedS,
    powerSyncIntervalS: Number(process.env.SYNC_POWER_STATE_INTERVAL),
    waitedMs: { enrolled: t1 - t0, pass: t2 - t1, settle: t3 - t2 },
    processes: await measure(processes),
  };
  appendFileSync(file, `${JSON.stringify(sample)}\n`);
  console.log(`\nRun ${sample.run}, ${count(nodes)} nodes, idle, at ${sample.at} (load average 1/5/15 min: ${sample.load}; ${cpus().length} CPUs):\n`);
  console.log(table([sample]));
} else {
  const samples = readFileSync(file, 'utf8').split('\n').filter(Boolean).map((line) => JSON.parse(line) as Sample);
  if (samples.length === 0) fail(`no samples in ${file}`);
  const unsettled = samples.filter((s) => !s.settled).map((s) => s.run);
  console.log(`\n${count(samples[0]!.nodes)} Redfish nodes, ${samples.length} run(s) (${samples.map((s) => `${s.at}, load ${s.load}`).join('; ')}):\n`);
  console.log(table(samples));
  if (unsettled.length > 0) console.log(`\nCPU did not settle before the sample of run(s) ${unsettled.join(', ')}.`);
}
