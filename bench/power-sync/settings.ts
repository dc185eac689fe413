/** The benchmark's settings (the BENCH_* variables bench.ts describes) and its progress log. */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const env = process.env;
const list = (value: string | undefined, fallback: string) => (value ?? fallback).split(',').map((s) => s.trim()).filter(Boolean);
export const BMCS = Number(env.BENCH_BMCS ?? 10_000);
export const WORKERS = list(env.BENCH_WORKERS, '8,128').map(Number);
export const TWO_INSTANCES = Number(env.BENCH_TWO_INSTANCES ?? 64);
export const PASSES = Number(env.BENCH_PASSES ?? 5);
export const INTERVAL_S = Number(env.BENCH_INTERVAL_S ?? 35);
export const HANG_PERCENT = Number(env.BENCH_HANG_PERCENT ?? 5);
export const HANG_TIMEOUTS_MS = list(env.BENCH_HANG_TIMEOUTS_MS, '10000,2000').map(Number);
export const HANG_WORKERS = Number(env.BENCH_HANG_WORKERS ?? 128);
export const HANG_PASSES = Number(env.BENCH_HANG_PASSES ?? 3);
export const HANG_EXTRA = list(env.BENCH_HANG_EXTRA, '8:2000').map((s) => s.split(':').map(Number) as [number, number]);
/** Busy processes running beside the all-responding scenarios: the machine at load. */
export const LOAD = Number(env.BENCH_LOAD ?? 0);
export const SETUP_CONCURRENCY = Number(env.BENCH_SETUP_CONCURRENCY ?? 64);
export const ENROL = env.BENCH_ENROL || 'manage';
if (ENROL !== 'manage' && ENROL !== 'available') throw new Error(`BENCH_ENROL must be manage or available, not "${ENROL}"`);
/** The provision state every node has when the setup ends. */
export const SETTLED_STATE = ENROL === 'manage' ? 'manageable' : 'available';
export const PROFILE = env.BENCH_PROFILE === '1';
export const DEADLINE_S = Number(env.BENCH_DEADLINE_S ?? 3600);
/** The power-sync entry point, relative to the repository (another copy of the service, to compare). */
export const POWER_SYNC_MAIN = env.BENCH_POWER_SYNC_MAIN ?? 'apps/power-sync/src/main.ts';
export const OUT = env.BENCH_OUT ?? join(ROOT, '.run/bench-power-sync', new Date().toISOString().replace(/[-:]|\.\d+/g, ''));
/** Every n-th BMC hangs. */
export const HANG_EVERY = Math.round(100 / HANG_PERCENT);
export const FIRST_PASS = 'first pass after enrolment';
/** SYNC_POWER_STATE_INTERVAL of the first pass, which sends a command per node. */
export const FIRST_INTERVAL_S = Number(env.BENCH_FIRST_INTERVAL_S ?? 90);
/** Workers of the single instance of the first pass: the most of any scenario. */
export const FIRST_WORKERS = Math.max(...WORKERS, TWO_INSTANCES, 1);
export const HANGING = Array.from({ length: BMCS }, (_, i) => i + 1).filter((n) => n % HANG_EVERY === 0);

const started = Date.now();
export const log = (message: string) => console.error(`[${((Date.now() - started) / 1000).toFixed(1).padStart(6)} s] ${message}`);
