/** One pass of power sync, watched from its boundary until every BMC was read: what it took and what it cost. */
import { sleep } from '../../test/support/processes.js';
import { cpuDelta, type CpuSample, cpuSample, footprints, loadNow, type ProcessFootprint, shown } from './process-stats.js';
import { exited, live } from './processes.js';
import { commits, type LedgerOps, ledgerOps, opsDelta, opsTotal } from './ledger-ops.js';
import { BMCS, log } from './settings.js';

export interface PassResult {
  readonly scenario: string;
  readonly pass: number;
  readonly warmup: boolean;
  /** ms from the pass boundary to the first GET of the pass. */
  readonly firstReadMs: number | null;
  /** ms from the boundary until every responsive BMC had been read. */
  readonly responsiveReadMs: number | null;
  /** ms from the boundary until every BMC had been read (and, for hanging ones, the client gave up). */
  readonly wallMs: number | null;
  readonly readsPerS: number | null;
  /** BMCs whose counter moved by other than exactly one GET in the pass. */
  readonly notExactlyOne: number;
  /** Of those, the BMCs not read at all, and those read more than once. */
  readonly unread: number;
  readonly readAgain: number;
  /** GETs that arrived in the 300 ms before the boundary (left over from the previous pass). */
  readonly early: number;
  /** Event-store commits made during the pass (RecordPowerSync outcomes). */
  readonly commits: number;
  /** ms from the boundary until the expected commits had landed (null when none were expected). */
  readonly recordedMs: number | null;
  readonly cpu: CpuSample;
  readonly load: string;
  /** Each power-sync instance just before the boundary (what the previous pass left open) and when the pass ended. */
  readonly before: readonly (ProcessFootprint | null)[];
  readonly after: readonly (ProcessFootprint | null)[];
  readonly overran: boolean;
  /** JetStream operations on the passes' stream from 300 ms before the boundary until the pass ended (null: not counted). */
  readonly ledgerOps: LedgerOps | null;
  /** The pass on CLOCK_MONOTONIC in µs (what V8 CPU profiles use): from the boundary to its end. */
  readonly monotonicUs: readonly [number, number];
}

export const results: PassResult[] = [];

/**
 * Watches one pass: from `boundary` (epoch ms, a multiple of the interval) until every BMC's
 * request counter has moved; with hanging BMCs also until the simulator holds no request any more.
 */
export async function observePass(scenario: string, pass: number, warmup: boolean, boundary: number, intervalMs: number, stream: string, expectCommits = 0): Promise<PassResult> {
  const bmcs = live.sim!.bmcs;
  await sleep(Math.max(0, boundary - 300 - Date.now()));
  const base = Float64Array.from(bmcs, (b) => b.requests);
  const cpu0 = cpuSample();
  const ops0 = await ledgerOps();
  const before = footprints();
  const commits0 = await commits(stream);
  let early = 0;
  let pending = bmcs.map((_, i) => i);
  let firstReadAt: number | null = null;
  let responsiveAt: number | null = null;
  let allReadAt: number | null = null;
  const hangingNow = bmcs.some((b) => b.hang);
  const giveUp = boundary + intervalMs - 400;
  while (Date.now() < giveUp && !live.instances.some(exited)) {
    const now = Date.now();
    const before = pending.length;
    pending = pending.filter((i) => bmcs[i]!.requests === base[i]);
    if (pending.length < before) {
      if (now < boundary) early += before - pending.length;
      else firstReadAt ??= now;
    }
    if (responsiveAt === null && pending.every((i) => bmcs[i]!.hang)) responsiveAt = now;
    if (pending.length === 0) {
      allReadAt = now;
      break;
    }
    // A resolution of 0.2 % of the time elapsed (2 to 50 ms): scanning 10,000 counters is not free, and
    // this process is also the simulator.
    await sleep(Math.max(2, Math.min(50, (now - boundary) / 500)));
  }
  let endAt = allReadAt;
  if (allReadAt !== null && hangingNow) {
    // The pass ends when the last hanging read has timed out: the simulator then holds nothing.
    endAt = null;
    while (Date.now() < giveUp) {
      const fleet = (await (await fetch(`${live.sim!.url}/control/fleet`)).json()) as { held: number };
      if (fleet.held === 0) {
        endAt = Date.now();
        break;
      }
      await sleep(20);
    }
  }
  const cpu = cpuDelta(cpu0, cpuSample());
  const after = footprints();
  // Outcomes the pass sends to the conductors land a little after the reads.
  const commitsDeadline = Math.min(giveUp, Date.now() + (expectCommits > 0 ? 120_000 : 1000));
  let committed = await commits(stream) - commits0;
  while (committed < expectCommits && Date.now() < commitsDeadline) {
    await sleep(200);
    committed = await commits(stream) - commits0;
  }
  const recordedAt = Date.now();
  await sleep(Math.max(0, Math.min(500, giveUp - Date.now())));
  // After that pause: the acknowledgements of the last visits are in.
  const ops = opsDelta(ops0, await ledgerOps());
  const reads = bmcs.map((b, i) => b.requests - base[i]!);
  const unread = reads.filter((n) => n === 0).length;
  const readAgain = reads.filter((n) => n > 1).length;
  const notExactlyOne = unread + readAgain;
  const wallMs = endAt === null ? null : endAt - boundary;
  const monotonicNowUs = Number(process.hrtime.bigint() / 1000n);
  const monotonicUs = [monotonicNowUs - (Date.now() - boundary) * 1000, monotonicNowUs - (Date.now() - (endAt ?? giveUp)) * 1000] as const;
  const result: PassResult = {
    scenario,
    pass,
    warmup,
    firstReadMs: firstReadAt === null ? null : firstReadAt - boundary,
    responsiveReadMs: responsiveAt === null ? null : responsiveAt - boundary,
    wallMs,
    readsPerS: wallMs === null ? null : Math.round((BMCS * 1000) / wallMs),
    notExactlyOne,
    unread,
    readAgain,
    early,
    commits: committed,
    recordedMs: expectCommits > 0 ? recordedAt - boundary : null,
    cpu,
    load: loadNow(),
    before,
    after,
    overran: endAt === null,
    ledgerOps: ops,
    monotonicUs,
  };
  const recorded = expectCommits > 0 ? `, ${committed} commits recorded ${((recordedAt - boundary) / 1000).toFixed(1)} s after the boundary` : `, ${committed} commits`;
  log(
    `${scenario} pass ${pass}${warmup ? ' (warm-up)' : ''}: ${wallMs === null ? 'OVERRAN' : `${(wallMs / 1000).toFixed(2)} s, ${result.readsPerS} reads/s`}, first read +${result.firstReadMs} ms, ` +
      `${notExactlyOne} BMCs not read exactly once (${unread} not read, ${readAgain} more than once), ${early} early${recorded}; ` +
      `passes' stream ${ops ? `${opsTotal(ops)} JetStream ops (${JSON.stringify(ops)})` : 'not counted'}; CPU s ${JSON.stringify(cpu)}; load ${result.load}; ` +
      `per instance before → after: ${before.map((b, i) => `${shown(b)} → ${shown(after[i] ?? null)}`).join(', ')}`,
  );
  results.push(result);
  return result;
}
