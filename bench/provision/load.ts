/**
 * Provisioning and read load against ANY Ironic-compatible v1 API (ironledger's gateway or the real
 * OpenStack Ironic): the workload of the Ironic anchor's `load.py` (/work/shared/anchors/ironic/RESULTS.md).
 *
 *   node --import ./scripts/register-ts.mjs bench/provision/load.ts --api http://127.0.0.1:6385 -n 200 -c 16
 *
 * Provisioning: C workers, each driving one node at a time through
 *   POST /v1/nodes {"driver":"fake-hardware","name":...}
 *   PUT /v1/nodes/{uuid}/states/provision {"target":"manage"}  -> poll until manageable
 *   ... {"target":"provide"} -> poll until available ... {"target":"active"} -> poll until active
 * Polling is `GET /v1/nodes/{uuid}?fields=provision_state,target_provision_state,last_error`: once
 * right after the PUT's answer, then every --poll-ms (100 ms). A transition's latency runs from sending
 * the PUT until the first poll that sees the target state with `target_provision_state == null`.
 * 409 and 503 answers are retried (counted in `counts.retries`).
 *
 * Warm-up (--warmup W, default 0): before anything is measured, W nodes go through the same
 * workload, are torn down (`deleted`, then `manage`) and deleted, so that the measured run starts
 * on an empty fleet of a system that has run the workload before (a JIT's compiled code,
 * connection pools, caches). Nothing of the warm-up is counted but its own summary.
 *
 * Read test (after provisioning, or alone with --mode read on the nodes already there): sequential
 * `GET /v1/nodes` and `GET /v1/nodes/detail` (2 warm-ups, 20 reps), then `GET /v1/nodes/{uuid}`
 * (full node) from --read-clients (8) concurrent clients for --read-seconds (10), cycling over all nodes.
 *
 * Every request carries `X-OpenStack-Ironic-API-Version: latest` and, by default, goes over a NEW TCP
 * connection (`Connection: close`, written on a raw socket), like load.py; --keepalive reuses connections
 * (through Node's HTTP agent).
 *
 * Output: a Markdown summary, then ONE JSON line (the last line of stdout; also --json-out FILE).
 */
import { writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { ProgressBar } from '@ironledger/observability';
import { type Answer, httpSender } from './http-client.js';
import { cpuByRoot, machineBusySeconds } from './proc-cpu.js';

const HELP = `usage: load.ts [--api URL] [-n N] [-c C] [--keepalive] [--poll-ms MS] [--mode all|provision|read]
               [--warmup W] [--no-read] [--read-seconds S] [--read-clients K] [--list-reps R] [--pids [name=]PID,...]
               [--label TEXT] [--json-out FILE] [--name-prefix P] [--transition-timeout-s S] [--quiet]`;

const { values: opts } = parseArgs({
  options: {
    api: { type: 'string', default: 'http://127.0.0.1:6385' },
    nodes: { type: 'string', short: 'n', default: '50' },
    concurrency: { type: 'string', short: 'c', default: '8' },
    keepalive: { type: 'boolean', default: false },
    'poll-ms': { type: 'string', default: '100' },
    mode: { type: 'string', default: 'all' },
    warmup: { type: 'string', default: '0' },
    'no-read': { type: 'boolean', default: false },
    'read-seconds': { type: 'string', default: '10' },
    'read-clients': { type: 'string', default: '8' },
    'list-reps': { type: 'string', default: '20' },
    'list-warmup': { type: 'string', default: '2' },
    pids: { type: 'string', default: '' },
    label: { type: 'string', default: '' },
    'json-out': { type: 'string' },
    'name-prefix': { type: 'string' },
    'transition-timeout-s': { type: 'string', default: '120' },
    quiet: { type: 'boolean', default: false },
    help: { type: 'boolean', short: 'h', default: false },
  },
  allowPositionals: false,
});
if (opts.help) {
  console.log(HELP);
  process.exit(0);
}

const int = (name: string, text: string, min = 0): number => {
  const value = Number(text);
  if (!Number.isInteger(value) || value < min) throw new Error(`--${name} must be an integer >= ${min}, not "${text}"`);
  return value;
};
const API = new URL(opts.api!);
const N = int('nodes', opts.nodes!, 1);
const C = int('concurrency', opts.concurrency!, 1);
const POLL_MS = int('poll-ms', opts['poll-ms']!, 1);
const WARMUP = int('warmup', opts.warmup!, 0);
const READ_SECONDS = Number(opts['read-seconds']);
const READ_CLIENTS = int('read-clients', opts['read-clients']!, 1);
const LIST_REPS = int('list-reps', opts['list-reps']!, 1);
const LIST_WARMUP = int('list-warmup', opts['list-warmup']!, 0);
const TRANSITION_TIMEOUT_MS = Number(opts['transition-timeout-s']) * 1000;
const MODE = opts.mode!;
if (!['all', 'provision', 'read'].includes(MODE)) throw new Error(`--mode must be all, provision or read, not "${MODE}"`);
const DO_PROVISION = MODE !== 'read';
const DO_READ = MODE === 'read' || (MODE === 'all' && !opts['no-read']);
const PREFIX = opts['name-prefix'] ?? `bench-${Date.now().toString(36)}`;
const log = (line: string) => {
  if (!opts.quiet) process.stderr.write(`${line}\n`);
};
/** A phase's progress on stderr: always on a terminal, in a log only without --quiet. */
const phaseBar = (label: string, unit: string) => (process.stderr.isTTY || !opts.quiet ? new ProgressBar(process.stderr, label, unit) : undefined);

// ---------------------------------------------------------------- HTTP ----

const http = httpSender(API, opts.keepalive === true);

// ------------------------------------------------------------ metrics ----

const samples = new Map<string, number[]>();
const record = (name: string, ms: number) => {
  let list = samples.get(name);
  if (!list) samples.set(name, (list = []));
  list.push(ms);
};
const counts: Record<string, number> = {};
const count = (name: string, by = 1) => {
  counts[name] = (counts[name] ?? 0) + by;
};
const errors: string[] = [];
const noteError = (message: string) => {
  count('errors');
  if (errors.length < 20) errors.push(message);
};
const statePaths: Record<string, Record<string, number>> = {};
/** The first few 409/503 answers that were retried, to tell lock contention from overload. */
const retrySamples: string[] = [];

/** Nearest-rank percentile of sorted values. */
const pct = (sorted: readonly number[], q: number): number => (sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!);
const round = (value: number, digits = 1) => (Number.isFinite(value) ? Number(value.toFixed(digits)) : null);

interface Summary {
  n: number;
  p50: number | null;
  p95: number | null;
  p99: number | null;
  mean: number | null;
  max: number | null;
}
function summarise(values: readonly number[] | undefined): Summary {
  const sorted = [...(values ?? [])].sort((a, b) => a - b);
  const mean = sorted.reduce((sum, v) => sum + v, 0) / (sorted.length || NaN);
  return { n: sorted.length, p50: round(pct(sorted, 0.5)), p95: round(pct(sorted, 0.95)), p99: round(pct(sorted, 0.99)), mean: round(mean), max: round(sorted.at(-1) ?? NaN) };
}

// ------------------------------------------------------- server CPU ----

/** CPU seconds used since `since`, per pid and in total. */
function cpuDelta(since: Map<number, number>): { total: number; by_pid: Record<string, number> } | null {
  if (since.size === 0) return null;
  const now = cpuByRoot([...since.keys()]);
  const byPid: Record<string, number> = {};
  let total = 0;
  for (const [pid, before] of since) {
    const used = (now.get(pid) ?? before) - before;
    byPid[String(pid)] = round(used, 2)!;
    total += used;
  }
  return { total: round(total, 2)!, by_pid: byPid };
}
/** --pids: `pid,pid` or `name=pid,name=pid` (names only label the CPU breakdown). */
const serverPidNames: Record<string, string> = {};
const serverPids = opts.pids!
  .split(',')
  .filter(Boolean)
  .map((item) => {
    const [name, pid] = item.includes('=') ? item.split('=') : [item, item];
    serverPidNames[pid!] = name!;
    return Number(pid);
  });

// ------------------------------------------------------ provisioning ----

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const RETRY_STATUSES = new Set([409, 503]);
const MAX_RETRIES = 100;

/** Sends with the 409/503 retry; anything else that is not `expect` is an error. */
async function call(kind: string, method: string, path: string, expect: number, payload?: unknown): Promise<Answer> {
  for (let attempt = 0; ; attempt++) {
    let answer: Answer;
    try {
      answer = await http.send(method, path, payload);
    } catch (error) {
      count('network_errors');
      if (attempt < 3 && method !== 'POST') {
        await sleep(50);
        continue;
      }
      throw error;
    }
    record(`http_${kind}`, answer.ms);
    count(`http_${kind}`);
    if (answer.status === expect) return answer;
    if (RETRY_STATUSES.has(answer.status) && attempt < MAX_RETRIES) {
      count('retries');
      count(`retries_${answer.status}`);
      if (retrySamples.length < 5) retrySamples.push(`${method} ${path} -> ${answer.status} ${answer.body.slice(0, 300)}`);
      await sleep(POLL_MS);
      continue;
    }
    throw new Error(`${method} ${path} -> ${answer.status} ${answer.body.slice(0, 300)}`);
  }
}

interface PollView {
  provision_state: string | null;
  target_provision_state: string | null;
  last_error: string | null;
}

interface Step {
  readonly name: string;
  readonly target: string;
  readonly reach: string;
}

const TRANSITIONS: readonly Step[] = [
  { name: 'manage', target: 'manage', reach: 'manageable' },
  { name: 'provide', target: 'provide', reach: 'available' },
  { name: 'active', target: 'active', reach: 'active' },
];
/** Back to a state in which a node may be deleted (Ironic's `DELETE_ALLOWED_STATES`). */
const TEAR_DOWN: readonly Step[] = [
  { name: 'undeploy', target: 'deleted', reach: 'available' },
  { name: 'manage', target: 'manage', reach: 'manageable' },
];

async function transition(uuid: string, step: Step): Promise<void> {
  const started = performance.now();
  await call('put_provision', 'PUT', `/v1/nodes/${uuid}/states/provision`, 202, { target: step.target });
  const seen: string[] = [];
  for (let polls = 0; ; polls++) {
    if (polls > 0) await sleep(POLL_MS);
    const answer = await call('get_poll', 'GET', `/v1/nodes/${uuid}?fields=provision_state,target_provision_state,last_error`, 200);
    const view = JSON.parse(answer.body) as PollView;
    const state = String(view.provision_state);
    if (seen.at(-1) !== state) seen.push(state);
    if (view.provision_state === step.reach && view.target_provision_state === null) {
      record(step.name, performance.now() - started);
      count(`polls_${step.name}`, polls + 1);
      const path = seen.join('>');
      (statePaths[step.name] ??= {})[path] = (statePaths[step.name]![path] ?? 0) + 1;
      return;
    }
    if (/fail/.test(state) || (view.target_provision_state === null && view.last_error)) {
      throw new Error(`node ${uuid}: ${step.name} ended in ${state} (last_error ${JSON.stringify(view.last_error)}), path ${seen.join('>')}`);
    }
    if (performance.now() - started > TRANSITION_TIMEOUT_MS) throw new Error(`node ${uuid}: ${step.name} not done after ${TRANSITION_TIMEOUT_MS} ms, path ${seen.join('>')}`);
  }
}

const uuids: string[] = [];

async function provisionOne(name: string): Promise<boolean> {
  const started = performance.now();
  try {
    const created = await call('post', 'POST', '/v1/nodes', 201, { driver: 'fake-hardware', name });
    record('create', performance.now() - started);
    const uuid = (JSON.parse(created.body) as { uuid: string }).uuid;
    uuids.push(uuid);
    for (const step of TRANSITIONS) await transition(uuid, step);
    record('node_total', performance.now() - started);
    return true;
  } catch (error) {
    noteError((error as Error).message);
    return false;
  }
}

/** Runs `task(0)` … `task(count - 1)` on C workers; how many succeeded and the wall time in seconds. */
async function onWorkers(count: number, what: string, task: (index: number) => Promise<boolean>): Promise<{ ok: number; failed: number; wallS: number }> {
  let next = 0;
  let ok = 0;
  let failed = 0;
  const started = performance.now();
  const bar = phaseBar(`  ${what}`, 'nodes');
  const point = () => ({ fraction: (ok + failed) / count, detail: failed > 0 ? `${failed} failed` : undefined });
  await Promise.all(
    Array.from({ length: C }, async () => {
      while (next < count) {
        if (await task(next++)) ok++;
        else failed++;
        bar?.update(ok + failed, point());
      }
    }),
  );
  bar?.done(ok + failed, point());
  return { ok, failed, wallS: (performance.now() - started) / 1000 };
}

async function provision() {
  const { ok, failed, wallS } = await onWorkers(N, 'provisioning', (index) => provisionOne(`${PREFIX}-${index}`));
  const latency: Record<string, Summary> = {};
  for (const name of ['create', 'manage', 'provide', 'active', 'node_total', 'http_post', 'http_put_provision', 'http_get_poll']) latency[name] = summarise(samples.get(name));
  return { n: N, c: C, wall_s: round(wallS, 2), nodes_per_s: round(ok / wallS, 2), ok, failed, latency, counts: { ...counts }, state_paths: statePaths, errors: [...errors], retry_samples: retrySamples };
}

/** --warmup: the workload on W nodes, then their tear-down and deletion; forgets every figure it made. */
async function warmUp() {
  const up = await onWorkers(WARMUP, 'warm-up: provisioning', (index) => provisionOne(`${PREFIX}-warmup-${index}`));
  const warmed = uuids.splice(0);
  const down = await onWorkers(warmed.length, 'warm-up: tearing down and deleting', async (index) => {
    try {
      for (const step of TEAR_DOWN) await transition(warmed[index]!, step);
      await call('delete', 'DELETE', `/v1/nodes/${warmed[index]}`, 204);
      return true;
    } catch (error) {
      noteError((error as Error).message);
      return false;
    }
  });
  const failures = [...errors];
  samples.clear();
  for (const key of Object.keys(counts)) delete counts[key];
  for (const key of Object.keys(statePaths)) delete statePaths[key];
  errors.length = 0;
  retrySamples.length = 0;
  if (up.failed + down.failed > 0) throw new Error(`the warm-up failed: ${failures.slice(0, 3).join('; ')}`);
  return { n: WARMUP, nodes_per_s: round(up.ok / up.wallS, 2), provision_s: round(up.wallS, 2), teardown_s: round(down.wallS, 2) };
}

// ------------------------------------------------------------- reads ----

async function allNodeUuids(): Promise<string[]> {
  const found: string[] = [];
  let path: string | undefined = '/v1/nodes?fields=uuid&limit=1000';
  while (path) {
    const answer = await http.send('GET', path);
    if (answer.status !== 200) throw new Error(`GET ${path} -> ${answer.status} ${answer.body.slice(0, 300)}`);
    const page = JSON.parse(answer.body) as { nodes: { uuid: string }[]; next?: string };
    found.push(...page.nodes.map((node) => node.uuid));
    path = page.next && page.nodes.length > 0 ? new URL(page.next).pathname + new URL(page.next).search : undefined;
  }
  return found;
}

async function listLatency(path: string) {
  const times: number[] = [];
  let bytes = 0;
  let nodes = 0;
  let errorsSeen = 0;
  for (let i = 0; i < LIST_WARMUP + LIST_REPS; i++) {
    const answer = await http.send('GET', path);
    if (answer.status !== 200) {
      errorsSeen++;
      continue;
    }
    if (i < LIST_WARMUP) continue;
    times.push(answer.ms);
    bytes = Buffer.byteLength(answer.body);
    nodes = (JSON.parse(answer.body) as { nodes: unknown[] }).nodes.length;
  }
  return { ...summarise(times), bytes, nodes_in_page: nodes, errors: errorsSeen };
}

async function getOneThroughput(ids: readonly string[]) {
  const times: number[] = [];
  let errorsSeen = 0;
  let cursor = 0;
  const started = performance.now();
  const deadline = started + READ_SECONDS * 1000;
  const bar = phaseBar('  GET /v1/nodes/{uuid}', 'requests');
  const point = () => ({ fraction: (performance.now() - started) / (READ_SECONDS * 1000) });
  const cpuAtStart = cpuByRoot(serverPids);
  await Promise.all(
    Array.from({ length: READ_CLIENTS }, async () => {
      while (performance.now() < deadline) {
        const id = ids[cursor++ % ids.length]!;
        try {
          const answer = await http.send('GET', `/v1/nodes/${id}`);
          if (answer.status === 200) times.push(answer.ms);
          else errorsSeen++;
        } catch {
          errorsSeen++;
        }
        bar?.update(times.length, point());
      }
    }),
  );
  bar?.done(times.length, point());
  const elapsed = (performance.now() - started) / 1000;
  // The servers' CPU over this phase alone, per request answered (errors included: they cost too).
  const cpu = cpuDelta(cpuAtStart);
  const answered = times.length + errorsSeen;
  return {
    clients: READ_CLIENTS,
    seconds: round(elapsed, 2),
    requests: times.length,
    rps: round(times.length / elapsed, 1),
    latency: summarise(times),
    errors: errorsSeen,
    server_cpu_s: cpu?.total ?? null,
    server_cpu_by_pid: cpu?.by_pid ?? null,
    server_cpu_us_per_request: cpu && answered > 0 ? round((cpu.total * 1e6) / answered, 0) : null,
  };
}

async function reads(known: readonly string[]) {
  const ids = known.length > 0 ? known : await allNodeUuids();
  if (ids.length === 0) throw new Error('no nodes to read');
  log(`read test over ${ids.length} nodes`);
  const list = await listLatency('/v1/nodes');
  const listDetail = await listLatency('/v1/nodes/detail');
  const getOne = await getOneThroughput(ids);
  return { nodes: ids.length, keepalive: Boolean(opts.keepalive), list, list_detail: listDetail, get_one: getOne };
}

// -------------------------------------------------------------- main ----

function markdown(result: Result): string {
  const rows: [string, string][] = [];
  const ms = (s: Summary | undefined) => (s ? `${s.p50} / ${s.p95} / ${s.p99}` : '-');
  const named = (by: Record<string, number> | null) => (by ? Object.entries(by).map(([pid, cpu]) => `${result.pids[pid] ?? pid} ${cpu}`).join(', ') : '-');
  const p = result.provision;
  if (result.warmup) rows.push(['warm-up (not measured)', `${result.warmup.n} nodes at ${result.warmup.nodes_per_s} nodes/s, then torn down and deleted`]);
  if (p) {
    rows.push(['nodes ok / failed', `${p.ok} / ${p.failed}  (N=${p.n}, C=${p.c})`]);
    rows.push(['wall time', `${p.wall_s} s`]);
    rows.push(['**nodes/s**', `**${p.nodes_per_s}**`]);
    for (const [key, label] of [['create', 'create'], ['manage', 'manage'], ['provide', 'provide'], ['active', 'deploy'], ['node_total', 'node total'], ['http_put_provision', 'PUT provision (HTTP)'], ['http_get_poll', 'GET poll (HTTP)']] as const) {
      rows.push([`${label} p50/p95/p99 ms`, ms(p.latency[key])]);
    }
    rows.push(['retries (409/503)', String(p.counts.retries ?? 0)]);
  }
  const r = result.read;
  if (r) {
    rows.push([`**GET /v1/nodes/{id} req/s** (c=${r.get_one.clients}, ${r.get_one.seconds} s)`, `**${r.get_one.rps}**`]);
    rows.push(['GET /v1/nodes/{id} p50/p95/p99 ms', ms(r.get_one.latency)]);
    rows.push(['**server CPU µs per GET /v1/nodes/{id}** (by process)', `**${r.get_one.server_cpu_us_per_request ?? '-'}** (${named(r.get_one.server_cpu_by_pid)})`]);
    rows.push([`GET /v1/nodes p50/p95 ms (${r.list.nodes_in_page} nodes, ${r.list.bytes} B)`, `${r.list.p50} / ${r.list.p95}`]);
    rows.push([`GET /v1/nodes/detail p50/p95 ms (${r.list_detail.nodes_in_page} nodes)`, `${r.list_detail.p50} / ${r.list_detail.p95}`]);
    rows.push(['read errors', String(r.list.errors + r.list_detail.errors + r.get_one.errors)]);
  }
  if (result.provision) rows.push(['CPU s during provisioning: servers (by process) / client', `${result.server_cpu_provision_s ?? '-'} (${named(result.server_cpu_provision_by_pid)}) / ${result.client_cpu_provision_s}`]);
  rows.push(['CPU s whole run: servers (by process) / client', `${result.server_cpu_s ?? '-'} (${named(result.server_cpu_by_pid)}) / ${result.client_cpu_s}`]);
  if (result.provision && result.others_cpu_provision_s !== null) {
    rows.push(['other processes on the machine during provisioning', `${result.others_cpu_provision_s} CPU s (${round(result.others_cpu_provision_s / result.provision.wall_s!, 2)} cores on average)`]);
  }
  rows.push(['load average after', result.loadavg_after.join(' ')]);
  return [`| ${result.label || result.api} | |`, '|---|---|', ...rows.map(([k, v]) => `| ${k} | ${v} |`)].join('\n');
}

interface Result {
  label: string;
  /** --warmup: what ran before the measurement (not part of any other figure). */
  warmup?: Awaited<ReturnType<typeof warmUp>>;
  api: string;
  keepalive: boolean;
  poll_ms: number;
  provision?: Awaited<ReturnType<typeof provision>>;
  read?: Awaited<ReturnType<typeof reads>>;
  /** --pids as given, with a name each when given as name=pid. */
  pids: Record<string, string>;
  server_cpu_s: number | null;
  server_cpu_by_pid: Record<string, number> | null;
  server_cpu_provision_s: number | null;
  server_cpu_provision_by_pid: Record<string, number> | null;
  client_cpu_s: number;
  client_cpu_provision_s: number | null;
  /** Busy CPU seconds of the whole machine (all processes), and what is left after servers and client. */
  machine_busy_s: number | null;
  machine_busy_provision_s: number | null;
  others_cpu_provision_s: number | null;
  loadavg_before: number[];
  loadavg_after: number[];
}

log(`${opts.label || 'load'}: ${API.origin} N=${N} C=${C} poll=${POLL_MS}ms ${opts.keepalive ? 'keep-alive' : 'new connection per request'}${WARMUP ? `, after a warm-up of ${WARMUP} nodes` : ''}`);
const warmup = DO_PROVISION && WARMUP > 0 ? await warmUp() : undefined;
if (warmup) log(`warm-up: ${WARMUP} nodes at ${warmup.nodes_per_s} nodes/s, torn down and deleted in ${warmup.teardown_s} s`);
const loadBefore = loadavg().map((v) => round(v, 2)!);
const cpuStart = cpuByRoot(serverPids);
const machineStart = machineBusySeconds();
const clientStart = process.cpuUsage();
const result: Result = {
  label: opts.label!,
  ...(warmup && { warmup }),
  api: API.origin,
  keepalive: Boolean(opts.keepalive),
  poll_ms: POLL_MS,
  pids: serverPidNames,
  server_cpu_s: null,
  server_cpu_by_pid: null,
  server_cpu_provision_s: null,
  server_cpu_provision_by_pid: null,
  client_cpu_s: 0,
  client_cpu_provision_s: null,
  machine_busy_s: null,
  machine_busy_provision_s: null,
  others_cpu_provision_s: null,
  loadavg_before: loadBefore,
  loadavg_after: [],
};
if (DO_PROVISION) {
  result.provision = await provision();
  const cpu = cpuDelta(cpuStart);
  const client = process.cpuUsage(clientStart);
  result.server_cpu_provision_s = cpu?.total ?? null;
  result.server_cpu_provision_by_pid = cpu?.by_pid ?? null;
  result.client_cpu_provision_s = round((client.user + client.system) / 1e6, 2)!;
  const machine = machineBusySeconds() - machineStart;
  result.machine_busy_provision_s = round(machine, 2);
  // what neither the servers under test nor this client used: other tenants of the machine
  if (cpu) result.others_cpu_provision_s = round(machine - cpu.total - result.client_cpu_provision_s, 2);
  log(`provisioned ${result.provision.ok}/${N} in ${result.provision.wall_s} s: ${result.provision.nodes_per_s} nodes/s`);
}
if (DO_READ) result.read = await reads(uuids);
const cpuEnd = cpuDelta(cpuStart);
result.server_cpu_s = cpuEnd?.total ?? null;
result.server_cpu_by_pid = cpuEnd?.by_pid ?? null;
result.machine_busy_s = round(machineBusySeconds() - machineStart, 2);
const clientCpu = process.cpuUsage(clientStart);
result.client_cpu_s = round((clientCpu.user + clientCpu.system) / 1e6, 2)!;
result.loadavg_after = loadavg().map((v) => round(v, 2)!);
http.close();

const line = JSON.stringify(result);
if (opts['json-out']) writeFileSync(opts['json-out'], `${line}\n`);
console.log(markdown(result));
console.log(line);
process.exitCode = result.provision && result.provision.failed > 0 ? 1 : 0;
