/** CPU time, open files and memory of the processes taking part (Linux /proc), and the machine's load. */
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { loadavg } from 'node:os';
import { live } from './processes.js';

/** CPU seconds a process has used so far (Linux /proc; utime + stime at 100 ticks/s). */
export function cpuSeconds(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return null;
  }
}

/** The nats-server listening on the URL's port, if it runs on this machine. */
export function natsServerPid(url: string): number | undefined {
  const port = new URL(url).port;
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
      if (cmdline[0]?.endsWith('nats-server') && cmdline.some((arg, i) => (arg === '-p' || arg === '--port') && cmdline[i + 1] === port)) return Number(pid);
    } catch {
      // gone meanwhile
    }
  }
  return undefined;
}

/** Open file descriptors (sockets among them) and resident memory of a process (Linux /proc). */
export interface ProcessFootprint {
  readonly fds: number;
  readonly sockets: number;
  readonly rssMb: number;
}
export function footprint(pid: number | undefined): ProcessFootprint | null {
  if (pid === undefined) return null;
  try {
    const fds = readdirSync(`/proc/${pid}/fd`);
    let sockets = 0;
    for (const fd of fds) {
      try {
        if (readlinkSync(`/proc/${pid}/fd/${fd}`).startsWith('socket:')) sockets++;
      } catch {
        // closed meanwhile
      }
    }
    const rssKb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]);
    return { fds: fds.length, sockets, rssMb: Math.round(rssKb / 1024) };
  } catch {
    return null;
  }
}
export const footprints = () => live.instances.map((s) => footprint(s.process.pid));
export const shown = (f: ProcessFootprint | null) => (f ? `${f.fds} fds (${f.sockets} sockets), ${f.rssMb} MB` : 'n/a');

export const loadNow = () => loadavg().map((l) => l.toFixed(2)).join(' / ');

/** CPU seconds used by each process that takes part, read at two moments. */
export type CpuSample = Record<'powerSync' | 'simAndBench' | 'nats' | 'conductor', number | null>;
export function cpuSample(): CpuSample {
  const sum = (values: (number | null)[]) => (values.some((v) => v === null) ? null : values.reduce<number>((a, b) => a + b!, 0));
  const own = process.cpuUsage();
  return {
    powerSync: sum(live.instances.map((s) => cpuSeconds(s.process.pid))),
    simAndBench: (own.user + own.system) / 1e6,
    nats: cpuSeconds(live.natsPid),
    conductor: cpuSeconds(live.conductor?.process.pid),
  };
}
export const cpuDelta = (a: CpuSample, b: CpuSample): CpuSample =>
  Object.fromEntries(Object.entries(a).map(([key, before]) => {
    const after = b[key as keyof CpuSample];
    return [key, before === null || after === null ? null : Number((after - before).toFixed(2))];
  })) as CpuSample;
