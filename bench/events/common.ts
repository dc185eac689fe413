/** Shared by the lifecycle-event benchmarks: the seeded store, statistics and Markdown output. */
import { cpus, loadavg } from 'node:os';
import { JetStreamEventStore } from '@ironledger/event-store';

/** The benchmark's store: its own JetStream stream, kept between runs so that seeding happens once. */
export const BENCH_STORE = { stream: process.env.BENCH_STREAM ?? 'BENCH_LIFECYCLE_1M', subjectPrefix: process.env.BENCH_SUBJECT_PREFIX ?? 'bench.lifecycle1m' } as const;

export function natsUrl(): string {
  const url = process.env.NATS_URL;
  if (!url) throw new Error('Set NATS_URL (e.g. NATS_URL=$(bash scripts/nats.sh start)).');
  return url;
}

export function openBenchStore(store: { stream: string; subjectPrefix: string } = BENCH_STORE): Promise<JetStreamEventStore> {
  return JetStreamEventStore.connect({ servers: natsUrl(), ...store });
}

export const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/** The value below which `p` (0–100) percent of the samples lie (nearest rank). */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

export const fmt = (n: number, digits = 0): string => n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });

export function markdownTable(header: readonly string[], rows: readonly (readonly string[])[], right: readonly number[] = []): string {
  const align = header.map((_, i) => (right.includes(i) ? '---:' : '---'));
  return [header, align, ...rows].map((r) => `| ${r.join(' | ')} |`).join('\n');
}

/** The machine, and how busy it was (the benchmarks share it with whatever else runs). */
export function machine(): string {
  const [one, five] = loadavg();
  return `Node ${process.version}, ${process.platform}/${process.arch}, ${cpus().length} CPUs, load average ${one.toFixed(1)} (1 min) / ${five.toFixed(1)} (5 min) at the end`;
}
