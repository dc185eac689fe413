/** A scenario: fresh power-sync instance(s) on their own passes' stream, and the passes watched. */
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { type PassResult, observePass, results } from './passes.js';
import { ensureConductor, exited, live, outsideKills, startFromSource, stopInstances, streams } from './processes.js';
import { profiles, summarizeProfiles } from './profiles.js';
import { unwatchLedger, watchLedger } from './ledger-ops.js';
import { env, log, OUT, POWER_SYNC_MAIN, PROFILE, ROOT } from './settings.js';

export interface Scenario {
  readonly name: string;
  readonly instances: number;
  readonly workers: number;
  readonly intervalS: number;
  readonly passes: number;
  readonly warmup: boolean;
  readonly env?: Record<string, string>;
  /** Commits each pass makes (RecordPowerSync outcomes); the pass waits for them to land. */
  readonly commitsPerPass?: number;
}

export const startups: { scenario: string; readyMs: number }[] = [];


/** Runs a scenario; once more if one of its processes was stopped from outside meanwhile. */
export async function runScenario(scenario: Scenario): Promise<PassResult[]> {
  for (let attempt = 1; ; attempt++) {
    await ensureConductor();
    const { passes, killed } = await attemptScenario(scenario);
    if (killed.length === 0) return passes;
    outsideKills.push(...killed.map((name) => `${name} during "${scenario.name}"`));
    if (attempt >= 2) return passes;
    log(`${scenario.name}: ${killed.join(', ')} stopped from outside the benchmark; running the scenario again`);
    for (const result of passes) results.splice(results.indexOf(result), 1);
  }
}

async function attemptScenario(scenario: Scenario): Promise<{ passes: PassResult[]; killed: string[] }> {
  const passesStream = `PSBENCH_${randomUUID().slice(0, 8).toUpperCase()}`;
  streams.add(passesStream);
  watchLedger(passesStream);
  const intervalMs = scenario.intervalS * 1000;
  const profileDir = join(OUT, 'profiles', scenario.name.replace(/[^A-Za-z0-9]+/g, '-'));
  const profileEnv: Record<string, string> = PROFILE
    ? { NODE_OPTIONS: `${env.NODE_OPTIONS ?? ''} --import=${join(ROOT, 'bench/provision/cpu-profile.mjs')}`.trim(), CPU_PROFILE_DIR: profileDir }
    : {};
  log(`${scenario.name}: starting ${scenario.instances} power-sync instance(s), ${scenario.workers} workers each, a pass every ${scenario.intervalS} s`);
  const t0 = Date.now();
  live.instances = await Promise.all(
    Array.from({ length: scenario.instances }, (_, i) =>
      startFromSource(
        POWER_SYNC_MAIN,
        {
          ...live.baseEnv,
          ...profileEnv,
          POWER_SYNC_ID: `bench-${i}`,
          POWER_SYNC_PASSES: passesStream,
          SYNC_POWER_STATE_INTERVAL: String(scenario.intervalS),
          SYNC_POWER_STATE_WORKERS: String(scenario.workers),
          POWER_FAILURE_RECOVERY_INTERVAL: '86400',
          ...scenario.env,
        },
        { name: `power-sync ${i}`, readyTimeoutMs: 180_000 },
      ),
    ),
  );
  startups.push({ scenario: scenario.name, readyMs: Date.now() - t0 });
  log(`${scenario.name}: ready after ${((Date.now() - t0) / 1000).toFixed(1)} s (${live.instances[0]!.output().match(/ready: (\d+) nodes/)?.[1]} nodes loaded)`);
  const passes: PassResult[] = [];
  const killed: string[] = [];
  try {
    // The first boundary at least 1 s away, so that the baseline is taken before it.
    let boundary = Math.ceil((Date.now() + 1000) / intervalMs) * intervalMs;
    const total = scenario.passes + (scenario.warmup ? 1 : 0);
    for (let pass = 0; pass < total; pass++) {
      const warmup = scenario.warmup && pass === 0;
      const result = await observePass(scenario.name, pass + 1, warmup, boundary, intervalMs, live.eventStream, scenario.commitsPerPass ?? 0);
      passes.push(result);
      if (result.commits < (scenario.commitsPerPass ?? 0)) {
        for (const s of [...live.instances, live.conductor!]) log(`${result.commits} of ${scenario.commitsPerPass} outcomes recorded; ${s.name}'s output (tail):\n${s.output().slice(-2000)}`);
      }
      killed.push(...[...live.instances, live.conductor!].filter(exited).map((s) => `${s.name} (${s.process.signalCode ?? `exit ${s.process.exitCode}`})`));
      if (killed.length > 0) break;
      if (result.overran) {
        log(`${scenario.name}: the pass did not end within its interval; the scenario stops here`);
        for (const s of live.instances) log(`${s.name}'s output (tail):\n${s.output().slice(-2000)}`);
        break;
      }
      boundary += intervalMs;
    }
  } finally {
    await stopInstances();
    unwatchLedger();
    await live.jsm!.streams.delete(passesStream).catch(() => undefined);
    streams.delete(passesStream);
  }
  const windows = passes.filter((r) => !r.warmup && !r.overran).map((r) => r.monotonicUs);
  if (PROFILE && windows.length > 0) {
    try {
      profiles.set(scenario.name, summarizeProfiles(profileDir, windows));
    } catch (error) {
      log(`${scenario.name}: no profile summary: ${(error as Error).message}`);
    }
  }
  return { passes, killed };
}
