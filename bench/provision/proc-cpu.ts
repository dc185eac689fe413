/** CPU time from Linux's /proc: of process trees (the servers under load) and of the whole machine. */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

export const CLK_TCK = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;
  } catch {
    return 100;
  }
})();

/** user+sys CPU seconds of each given process including its live descendants (Linux /proc), by root pid. */
export function cpuByRoot(roots: readonly number[]): Map<number, number> {
  const stats = new Map<number, { ppid: number; ticks: number }>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const text = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const rest = text.slice(text.lastIndexOf(')') + 2).split(' ');
      stats.set(Number(entry), { ppid: Number(rest[1]), ticks: Number(rest[11]) + Number(rest[12]) });
    } catch {
      // exited meanwhile
    }
  }
  const result = new Map<number, number>();
  for (const root of roots) {
    const tree = new Set([root]);
    for (let grew = true; grew; ) {
      grew = false;
      for (const [pid, { ppid }] of stats) {
        if (!tree.has(pid) && tree.has(ppid)) {
          tree.add(pid);
          grew = true;
        }
      }
    }
    let ticks = 0;
    for (const pid of tree) ticks += stats.get(pid)?.ticks ?? 0;
    result.set(root, ticks / CLK_TCK);
  }
  return result;
}
/** Busy CPU seconds of the whole machine so far (all cores, from /proc/stat: everything but idle and iowait). */
export function machineBusySeconds(): number {
  const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1, 9).map(Number);
  const total = fields.reduce((a, b) => a + b, 0);
  return (total - fields[3]! - fields[4]!) / CLK_TCK;
}
