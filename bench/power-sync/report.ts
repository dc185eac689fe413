/** The report: Markdown tables on stdout, every pass as JSON in $BENCH_OUT. */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { results } from './passes.js';
import { type CpuSample, loadNow, type ProcessFootprint } from './process-stats.js';
import { outsideKills } from './processes.js';
import { profiles } from './profiles.js';
import { type LedgerOps, opsTotal } from './ledger-ops.js';
import { startups } from './scenarios.js';
import { type SetupTimes } from './setup.js';
import { BMCS, ENROL, FIRST_PASS, FIRST_WORKERS, HANG_PERCENT, HANGING, INTERVAL_S, LOAD, OUT, POWER_SYNC_MAIN, ROOT, SETUP_CONCURRENCY } from './settings.js';

/** The machine and NATS server, as the report names them. */
export const machine: Record<string, string> = {};
/** Scenario names, in order, of the report's two tables. */
export const responsiveNames: string[] = [];
export const hangingNames: { name: string; workers: number; timeoutMs: number }[] = [];
/** The setup's times, once it has run. */
export const setupTimes: { current?: SetupTimes } = {};

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}
const s = (ms: number) => (ms / 1000).toFixed(2);
const range = (values: number[], format: (v: number) => string) =>
  values.length === 0 ? 'n/a' : `${format(median(values))} (${format(Math.min(...values))}–${format(Math.max(...values))})`;

function summarize(scenario: string): Record<string, string> | null {
  const all = results.filter((r) => r.scenario === scenario);
  const measured = all.filter((r) => !r.warmup && !r.overran);
  if (all.length === 0) return null;
  const walls = measured.map((r) => r.wallMs!);
  const cpu = (key: keyof CpuSample) => {
    const values = measured.map((r) => r.cpu[key]).filter((v): v is number => v !== null);
    return values.length ? median(values).toFixed(1) : '–';
  };
  const warm = all.find((r) => r.warmup);
  return {
    passes: `${measured.length}${all.some((r) => r.overran) ? ' (+ overran)' : ''}`,
    wall: range(walls, s),
    rate: range(measured.map((r) => r.readsPerS!), (v) => Math.round(v).toLocaleString('en-US')),
    first: range(measured.map((r) => r.firstReadMs ?? 0), (v) => `${Math.round(v)}`),
    responsive: range(measured.map((r) => r.responsiveReadMs ?? 0), s),
    exact: measured.every((r) => r.notExactlyOne === 0 && r.early === 0) ? 'yes' : `no (${measured.map((r) => r.notExactlyOne + r.early).join(', ')})`,
    cpu: `${cpu('powerSync')} / ${cpu('simAndBench')} / ${cpu('nats')} / ${cpu('conductor')}`,
    ledgerOps: (() => {
      const counted = measured.map((r) => r.ledgerOps).filter((o): o is LedgerOps => o !== null);
      if (counted.length === 0) return '–';
      const m = (key: keyof LedgerOps) => Math.round(median(counted.map((o) => o[key]))).toLocaleString('en-US');
      return `${Math.round(median(counted.map(opsTotal))).toLocaleString('en-US')} (${m('publishes')} / ${m('reads')})`;
    })(),
    load: range(measured.map((r) => Number(r.load.split(' / ')[0])), (v) => v.toFixed(1)),
    commits: measured.map((r) => r.commits).join(', '),
    warmup: warm ? (warm.wallMs === null ? 'overran' : `${s(warm.wallMs)} s`) : '–',
    footprint: [...(measured[0]?.after ?? []).keys()]
      .map((i) => {
        const of = (moment: 'before' | 'after', key: keyof ProcessFootprint) => measured.map((r) => r[moment][i]?.[key]).filter((v): v is number => v !== undefined);
        return `#${i + 1}: ${range(of('before', 'fds'), String)} → ${range(of('after', 'fds'), String)} fds (${range(of('after', 'sockets'), String)} sockets), ${range(of('after', 'rssMb'), String)} MB`;
      })
      .join('; '),
  };
}

let printed = false;
export function printResults(): void {
  if (printed) return;
  printed = true;
  mkdirSync(OUT, { recursive: true });
  writeFileSync(join(OUT, 'results.json'), JSON.stringify({ machine, setup: setupTimes.current, startups, results, profiles: Object.fromEntries(profiles) }, null, 2));
  const lines: string[] = [];
  lines.push(`Machine: ${machine.cpus}; Node ${process.version}; load average (1/5/15 min) before: ${machine.loadBefore}, after: ${loadNow()}; NATS ${machine.nats}; power-sync ${POWER_SYNC_MAIN}.`);
  if (LOAD > 0) lines.push('', `${LOAD} busy processes (a loop each) ran beside the all-responding scenarios (BENCH_LOAD).`);
  if (outsideKills.length > 0) lines.push('', `Stopped from outside the benchmark (and started again, the scenario repeated): ${outsideKills.join('; ')}.`);
  lines.push('');
  const setup = setupTimes.current;
  if (setup) {
    lines.push(`Setup (${BMCS.toLocaleString('en-US')} Redfish nodes, basic auth, ${SETUP_CONCURRENCY} commands in flight):`, '');
    lines.push('| Step | Time |', '|---|---|');
    lines.push(`| Simulator with ${BMCS.toLocaleString('en-US')} BMCs (in the bench process) | ${s(setup.simMs)} s |`);
    lines.push(`| Conductor start | ${s(setup.conductorMs)} s |`);
    if (ENROL === 'manage') {
      lines.push(`| \`RegisterNode\` + \`RequestProvisionAction manage\` for every node, replies received | ${s(setup.commandsMs)} s |`);
      lines.push(`| … until every node is \`manageable\` (the conductor verified each BMC with one read) | ${s(setup.manageableMs)} s (${Math.round((BMCS * 1000) / setup.manageableMs)} nodes/s) |`);
    } else {
      lines.push(`| \`RegisterNode\` (\`available\`, no verification: BENCH_ENROL=available) for every node, replies received | ${s(setup.commandsMs)} s |`);
      lines.push(`| … until every node is \`available\` in a projection | ${s(setup.manageableMs)} s (${Math.round((BMCS * 1000) / setup.manageableMs)} nodes/s) |`);
    }
    lines.push(`| Setup in all | ${s(setup.totalMs)} s |`);
    lines.push(`| Simulator requests per BMC after the setup | ${setup.getsPerVerify} |`);
    const ready = startups.map((x) => x.readyMs);
    lines.push(`| power-sync start until ready (projection of ${BMCS.toLocaleString('en-US')} nodes loaded), ${ready.length} starts | ${range(ready, s)} s |`);
    const first = results.find((r) => r.scenario === FIRST_PASS);
    if (first) {
      lines.push(
        `| First pass after enrolment, 1 × ${FIRST_WORKERS} workers (no power state recorded yet: every visit sends \`RecordPowerSync\`, the conductor appends \`PowerStateCorrected\`): every BMC read | ${first.wallMs === null ? 'overran' : `${s(first.wallMs)} s`} |`,
        `| … and all ${first.commits.toLocaleString('en-US')} power states recorded | ${first.recordedMs === null ? 'n/a' : `${s(first.recordedMs)} s`} |`,
      );
    }
    lines.push('');
  }
  lines.push(`All ${BMCS.toLocaleString('en-US')} BMCs responding (a pass every ${INTERVAL_S} s; median of the measured passes, min–max in brackets):`, '');
  lines.push('| power-sync | Passes | Wall time per pass (s) | BMC reads/s | First read after the boundary (ms) | Every BMC exactly one GET | CPU s per pass: power-sync / simulator + bench / nats-server / conductor | JetStream ops on the passes’ stream per pass (publishes / reads) | Load average (1 min) after each pass | Per instance: open fds before → after the pass (sockets after), RSS after | Warm-up pass |');
  lines.push('|---|---|---|---|---|---|---|---|---|---|---|');
  for (const name of responsiveNames) {
    const r = summarize(name);
    if (r) lines.push(`| ${name} | ${r.passes} | ${r.wall} | ${r.rate} | ${r.first} | ${r.exact} | ${r.cpu} | ${r.ledgerOps} | ${r.load} | ${r.footprint} | ${r.warmup} |`);
  }
  lines.push('');
  if (hangingNames.length > 0) {
    lines.push(`${HANGING.length} of ${BMCS.toLocaleString('en-US')} BMCs (${HANG_PERCENT} %) hanging (\`hang: true\`: no answer until the client gives up); failing nodes first in the pass (power_sync_failures > 0):`, '');
    lines.push('| power-sync | REDFISH_REQUEST_TIMEOUT_MS | Passes | Wall time per pass (s) | ⌈hanging / workers⌉ × timeout (s) | Responsive BMCs all read after (s) | BMC reads/s | Failures recorded per pass | CPU s per pass: power-sync / simulator + bench / nats-server / conductor | Load average (1 min) after each pass |');
    lines.push('|---|---|---|---|---|---|---|---|---|---|');
    for (const { name, workers, timeoutMs } of hangingNames) {
      const r = summarize(name);
      const bound = ((Math.ceil(HANGING.length / workers) * timeoutMs) / 1000).toFixed(0);
      if (r) lines.push(`| ${workers} workers | ${timeoutMs} | ${r.passes} | ${r.wall} | ${bound} | ${r.responsive} | ${r.rate} | ${r.commits} | ${r.cpu} | ${r.load} |`);
    }
    lines.push('');
  }
  if (profiles.size > 0) {
    const names = [...profiles.keys()];
    const areaNames = [...new Set(names.flatMap((n) => Object.keys(profiles.get(n)!.areas)))].sort(
      (a, b) => (profiles.get(names[0]!)!.areas[b] ?? 0) - (profiles.get(names[0]!)!.areas[a] ?? 0),
    );
    const perVisitUs = (name: string, ms: number) => {
      const cpu = median(results.filter((r) => r.scenario === name && !r.warmup && !r.overran).map((r) => r.cpu.powerSync ?? 0));
      const busy = profiles.get(name)!.busyMs;
      return busy > 0 ? Math.round(((ms / busy) * cpu * 1e6) / BMCS) : 0;
    };
    lines.push(
      'Where power-sync spends its CPU in the measured passes (V8 CPU profile, samples between each pass boundary and its end; each sample goes to the nearest known area up its stack; µs per visit = share × CPU seconds per pass / visits):',
      '',
    );
    lines.push(`| Area | ${names.join(' | ')} |`, `|---|${names.map(() => '---|').join('')}`);
    for (const area of areaNames) {
      const cells = names.map((name) => {
        const summary = profiles.get(name)!;
        const ms = summary.areas[area] ?? 0;
        return `${((100 * ms) / summary.busyMs).toFixed(1)} % (${perVisitUs(name, ms)} µs)`;
      });
      lines.push(`| ${area} | ${cells.join(' | ')} |`);
    }
    lines.push(`| *idle (waiting for I/O) vs. busy* | ${names.map((name) => `${((100 * profiles.get(name)!.idleMs) / (profiles.get(name)!.idleMs + profiles.get(name)!.busyMs)).toFixed(0)} % idle`).join(' | ')} |`, '');
    for (const name of names) {
      const summary = profiles.get(name)!;
      lines.push(`Top functions (self time) of power-sync, ${name}: ${summary.functions.slice(0, 8).map(([fn, ms]) => `\`${fn}\` ${((100 * ms) / summary.busyMs).toFixed(1)} %`).join(', ')}.`, '');
    }
  }
  lines.push(`Every pass: ${OUT.replace(ROOT, '')}/results.json`);
  console.log(lines.join('\n'));
}
