/** JetStream operations on a scenario's passes' stream, and the commits in the run's event stream. */
import { type Subscription } from '@nats-io/transport-node';
import { live } from './processes.js';

/**
 * JetStream operations on the running scenario's passes' stream, counted on the bus by a core
 * subscription: every publish to its subjects (plans, duplicates too, and progress records) and
 * every read of a stored message (a plan another instance claimed, a gone member's progress).
 */
export interface LedgerOps {
  readonly publishes: number;
  readonly reads: number;
}
let ledgerWatch: { counts: { publishes: number; reads: number }; subs: Subscription[] } | undefined;

export function watchLedger(stream: string): void {
  const counts = { publishes: 0, reads: 0 };
  const count = (subject: string, key: keyof typeof counts) =>
    live.nc!.subscribe(subject, {
      callback: () => {
        counts[key]++;
      },
    });
  ledgerWatch = { counts, subs: [count(`ironledger.powersync.${stream.toLowerCase()}.>`, 'publishes'), count(`$JS.API.STREAM.MSG.GET.${stream}`, 'reads')] };
}

export function unwatchLedger(): void {
  for (const sub of ledgerWatch?.subs ?? []) sub.unsubscribe();
  ledgerWatch = undefined;
}

/** The passes' stream's operations so far, or null when none is watched. */
export async function ledgerOps(): Promise<LedgerOps | null> {
  if (!ledgerWatch) return null;
  await live.nc!.flush();
  return { ...ledgerWatch.counts };
}

export const opsDelta = (a: LedgerOps | null, b: LedgerOps | null): LedgerOps | null => (a && b ? { publishes: b.publishes - a.publishes, reads: b.reads - a.reads } : null);
export const opsTotal = (ops: LedgerOps) => ops.publishes + ops.reads;

/** Messages (one per commit) in the run's event stream. */
export async function commits(stream: string): Promise<number> {
  return (await live.jsm!.streams.info(stream)).state.messages;
}
