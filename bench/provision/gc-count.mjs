// How often a process collects garbage, and for how long its main thread stops: from its first
// SIGUSR2 (after start-up) until it exits, by kind (scavenges, mark-compacts, incremental steps).
//   NODE_OPTIONS="--import=/abs/path/bench/provision/gc-count.mjs" GC_COUNT_DIR=/tmp/gc node app.js
// Writes GC.<pid>.json into GC_COUNT_DIR when the process exits.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { constants, PerformanceObserver } from 'node:perf_hooks';
import process from 'node:process';

const KINDS = {
  [constants.NODE_PERFORMANCE_GC_MINOR]: 'scavenge',
  [constants.NODE_PERFORMANCE_GC_MAJOR]: 'mark-compact',
  [constants.NODE_PERFORMANCE_GC_INCREMENTAL]: 'incremental',
  [constants.NODE_PERFORMANCE_GC_WEAKCB]: 'weak callbacks',
};
const dir = process.env.GC_COUNT_DIR || process.cwd();
const counts = {};
let counting = false;
process.on('SIGUSR2', () => (counting = true));
new PerformanceObserver((list) => {
  if (!counting) return;
  for (const entry of list.getEntries()) {
    const kind = KINDS[entry.detail?.kind] ?? 'other';
    const count = (counts[kind] ??= { count: 0, pauseMs: 0 });
    count.count++;
    count.pauseMs += entry.duration;
  }
}).observe({ entryTypes: ['gc'] });
process.on('exit', () => {
  if (!counting) return;
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, `GC.${process.pid}.json`), `${JSON.stringify({ argv: process.argv.slice(1), counts })}\n`);
});
