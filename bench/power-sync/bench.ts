/**
 * Power sync benchmark: one sync pass over 10,000 simulated Redfish BMCs, all responding, then with
 * 5 % of them hanging until the request timeout. Wall time per pass and BMC reads/s, median of N passes.
 *
 *   bash bench/power-sync/run.sh                                   # or, with NATS_URL set:
 *   node --import ./scripts/register-ts.mjs bench/power-sync/bench.ts
 *
 * What it runs (real processes, as in test/power-sync/power-sync.int.spec.ts): the BMC simulator in
 * this process (so its per-BMC request counters can be read directly), one conductor, and power-sync
 * instances, on the NATS server of $NATS_URL (when unset, this checkout's `scripts/nats.sh start`, stopped
 * again at the end if it was started here) with an isolated JetStream stream and bus subjects.
 *
 * 1. Setup (timed separately): 10,000 Redfish nodes (basic auth, `redfish_system_id`) registered and
 *    managed through the conductor (`manage` verifies credentials with one read of each BMC: the
 *    simulator's counters then show exactly one GET per BMC), so they end `manageable`, which power sync
 *    visits. With BENCH_ENROL=available they are registered `available` instead (Ironic's state for new
 *    nodes below API 1.11): one command per node and no verification, which at 100,000 BMCs saves about
 *    ten minutes; power sync visits `available` nodes exactly as `manageable` ones, so the passes measured
 *    are the same. Their power state is still unknown, so the first power-sync pass records every one
 *    through the conductor; that pass is timed as part of the setup.
 * 2. For each scenario, fresh power-sync instance(s) with their own passes' stream; passes start at multiples
 *    of SYNC_POWER_STATE_INTERVAL. A pass is measured from its boundary to the moment every BMC's request
 *    counter has moved (each read is one GET of the ComputerSystem; every pass checks that every counter
 *    moved by exactly one), and with hanging BMCs until the simulator holds no request any more (the
 *    client gave up on the last one). The first pass of each scenario is a warm-up (new process, cold
 *    JIT); the next N are measured.
 * 3. Scenarios: all responding with SYNC_POWER_STATE_WORKERS = 8 (Ironic's default) and a higher value,
 *    and two instances sharing the pass; 5 % of BMCs hanging with REDFISH_REQUEST_TIMEOUT_MS = 10 s
 *    (default) and a lower value. Hanging scenarios run with POWER_STATE_SYNC_MAX_RETRIES very high so
 *    that the failing nodes stay in the sync pass (with the default 3 they move to the recovery pass after
 *    three passes, which then pays the same timeouts every POWER_FAILURE_RECOVERY_INTERVAL); their
 *    interval is sized from the expected pass time.
 *
 * Each power-sync instance's open file descriptors (sockets among them) are counted, and its RSS read, just
 * before each pass boundary (what the previous pass left open) and when the pass ended (/proc/<pid>).
 * Prints Markdown tables and writes every pass as JSON into $BENCH_OUT (default
 * .run/bench-power-sync/<UTC stamp>). With BENCH_PROFILE=1 it also says where power-sync's CPU goes in
 * the measured passes (V8 CPU profiles cut to the passes: samples carry CLOCK_MONOTONIC times).
 * Other jobs on a shared machine may stop processes by name: a conductor or power-sync instance stopped
 * from outside is started again and its scenario repeated once, and the report says so.
 * Stops by itself: every process it started is stopped and its JetStream streams are deleted, also on
 * errors, SIGINT/SIGTERM, or when BENCH_DEADLINE_S runs out.
 *
 * Environment (defaults in brackets):
 *   BENCH_BMCS [10000]                   simulated BMCs = nodes
 *   BENCH_WORKERS [8,128]                SYNC_POWER_STATE_WORKERS of the all-responding scenarios, one instance each
 *   BENCH_TWO_INSTANCES [64]             workers of each of two instances sharing the pass (0: skip)
 *   BENCH_PASSES [5]                     measured passes per all-responding scenario (after one warm-up pass)
 *   BENCH_INTERVAL_S [35]                SYNC_POWER_STATE_INTERVAL of the all-responding scenarios: above the Redfish
 *                                        client's idle-connection timeout (4 s), so that every pass opens a new
 *                                        connection to every BMC, as with Ironic's 60-120 s intervals
 *   BENCH_FIRST_INTERVAL_S [90]          interval of the first pass (a command per node)
 *   BENCH_HANG_PERCENT [5]               share of BMCs that hang (every 1/share-th BMC)
 *   BENCH_HANG_TIMEOUTS_MS [10000,2000]  REDFISH_REQUEST_TIMEOUT_MS of the hanging scenarios
 *   BENCH_HANG_WORKERS [128]             SYNC_POWER_STATE_WORKERS of the hanging scenarios
 *   BENCH_HANG_PASSES [3]                measured passes per hanging scenario (after one warm-up pass)
 *   BENCH_HANG_EXTRA [8:2000]            more hanging scenarios, workers:timeout,..., one measured pass each ('' to skip)
 *   BENCH_LOAD [0]                       busy processes (a loop each) running beside the all-responding scenarios:
 *                                        the machine at load (their share of the cores is what the services lose)
 *   BENCH_SETUP_CONCURRENCY [64]         registration commands in flight
 *   BENCH_ENROL [manage]                 manage: nodes registered in `enroll` and managed (the conductor verifies each
 *                                        BMC); available: registered `available`, no verification (faster setup)
 *   BENCH_PROFILE [0]                    1: power-sync runs under V8's CPU profiler (bench/provision/cpu-profile.mjs,
 *                                        what --cpu-prof does); profiles in $BENCH_OUT/profiles/<scenario>
 *   BENCH_DEADLINE_S [3600]              the whole run stops (cleaning up) after this long
 *   BENCH_POWER_SYNC_MAIN [apps/power-sync/src/main.ts]  power-sync entry point (e.g. a copy with a change, to compare)
 *
 * This file runs the scenarios in order; settings.ts reads the settings above, processes.ts starts and
 * stops what runs, setup.ts enrols the nodes, scenarios.ts and passes.ts run and watch the passes
 * (process-stats.ts and ledger-ops.ts measure them, profiles.ts folds CPU profiles), report.ts prints.
 */
import { cpus } from 'node:os';
import { join } from 'node:path';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { natsServerPid, loadNow } from './process-stats.js';
import { cleanup, live, natsUrl, startLoad, stopLoad } from './processes.js';
import { hangingNames, machine, printResults, responsiveNames, setupTimes } from './report.js';
import { runScenario, type Scenario } from './scenarios.js';
import { runSetup } from './setup.js';
import { BMCS, DEADLINE_S, env, FIRST_INTERVAL_S, FIRST_PASS, FIRST_WORKERS, HANG_EXTRA, HANG_PASSES, HANG_TIMEOUTS_MS, HANG_WORKERS, HANGING, INTERVAL_S, LOAD, log, OUT, PASSES, PROFILE, TWO_INSTANCES, WORKERS } from './settings.js';

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    log(`${signal}: cleaning up`);
    void cleanup().then(() => process.exit(130));
  });
}
const deadline = setTimeout(() => {
  log(`BENCH_DEADLINE_S (${DEADLINE_S} s) reached: stopping`);
  printResults();
  void cleanup().then(() => process.exit(3));
}, DEADLINE_S * 1000);
deadline.unref();

let exitCode = 0;
try {
  machine.loadBefore = loadNow();
  machine.cpus = `${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}`;
  const url = natsUrl();
  machine.nats = env.NATS_URL ? '$NATS_URL' : live.natsStartedHere ? 'started here by scripts/nats.sh' : "this checkout's scripts/nats.sh server (already running)";
  live.natsPid = natsServerPid(url);
  live.nc = await connect({ servers: url });
  live.jsm = await jetstreamManager(live.nc);
  log(`NATS ${url} (nats-server pid ${live.natsPid ?? 'not found'}); load ${machine.loadBefore}; results into ${OUT}`);
  setupTimes.current = await runSetup(url);
  // No node has a recorded power state yet: the first pass records every one through the live.conductor.
  const first = await runScenario({ name: FIRST_PASS, instances: 1, workers: FIRST_WORKERS, intervalS: FIRST_INTERVAL_S, passes: 1, warmup: false, commitsPerPass: BMCS });
  if (first[0]?.commits !== BMCS) throw new Error(`the first pass recorded ${first[0]?.commits} power states, not ${BMCS}`);

  // All responding.
  let fastestRate = 0;
  const responsive: Scenario[] = [
    ...WORKERS.map((workers) => ({ name: `1 × ${workers} workers`, instances: 1, workers, intervalS: INTERVAL_S, passes: PASSES, warmup: true })),
    ...(TWO_INSTANCES > 0 ? [{ name: `2 × ${TWO_INSTANCES} workers`, instances: 2, workers: TWO_INSTANCES, intervalS: INTERVAL_S, passes: PASSES, warmup: true }] : []),
  ];
  if (LOAD > 0) log(`${LOAD} busy processes run beside the all-responding scenarios`);
  startLoad(LOAD);
  for (const scenario of responsive) {
    responsiveNames.push(scenario.name);
    const passes = await runScenario(scenario);
    for (const r of passes) if (!r.warmup && r.readsPerS) fastestRate = Math.max(fastestRate, r.readsPerS);
  }
  stopLoad();

  // 5 % hanging.
  for (const n of HANGING) live.sim!.control(n, { hang: true });
  const hanging = [...HANG_TIMEOUTS_MS.map((timeoutMs) => ({ workers: HANG_WORKERS, timeoutMs, passes: HANG_PASSES, warmup: true })), ...HANG_EXTRA.map(([workers, timeoutMs]) => ({ workers, timeoutMs, passes: 1, warmup: false }))];
  for (const { workers, timeoutMs, passes, warmup } of hanging) {
    // Long enough for the hanging reads (workers are held until the timeout) plus the others at the measured rate.
    const expectedS = (HANGING.length * timeoutMs) / workers / 1000 + timeoutMs / 1000 + (BMCS - HANGING.length) / Math.max(200, fastestRate / 2);
    const intervalS = Math.ceil((expectedS * 1.3 + 10) / 5) * 5;
    const name = `1 × ${workers} workers, ${HANGING.length} hanging, timeout ${timeoutMs} ms`;
    hangingNames.push({ name, workers, timeoutMs });
    await runScenario({ name, instances: 1, workers, intervalS, passes, warmup, env: { REDFISH_REQUEST_TIMEOUT_MS: String(timeoutMs), POWER_STATE_SYNC_MAX_RETRIES: '1000000' }, commitsPerPass: HANGING.length });
  }
  for (const n of HANGING) live.sim!.control(n, { hang: false });
} catch (error) {
  exitCode = 1;
  log(`failed: ${(error as Error).stack ?? error}`);
  if (live.conductor) log(`conductor output (tail):\n${live.conductor.output().slice(-3000)}`);
  for (const s of live.instances) log(`${s.name} output (tail):\n${s.output().slice(-3000)}`);
} finally {
  printResults();
  await cleanup();
}
if (PROFILE) log(`whole-process CPU profiles: node --import ./scripts/register-ts.mjs bench/provision/profile-summary.ts ${join(OUT, 'profiles')}/*`);
process.exit(exitCode);
