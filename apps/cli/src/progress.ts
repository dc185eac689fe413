import { count, duration } from './format.js';

export interface ProgressState {
  readonly events: number;
  /** Position of the last event read. */
  readonly position: number;
  /** Where the log ended when the run began (0: unknown), for the percentage and the ETA. */
  readonly head: number;
  readonly elapsedMs: number;
}

const BAR = 24;

/**
 * One line of progress: bar, percentage, events, events/s, position and ETA. Progress is judged
 * by position against the log's head, which grows about linearly with the events read.
 */
export function renderProgress({ events, position, head, elapsedMs }: ProgressState): string {
  const rate = elapsedMs > 0 ? (events * 1000) / elapsedMs : 0;
  const fraction = head > 0 ? Math.min(1, position / head) : undefined;
  const filled = fraction === undefined ? 0 : Math.round(fraction * BAR);
  const bar = fraction === undefined ? '' : `[${'█'.repeat(filled)}${'░'.repeat(BAR - filled)}] ${String(Math.floor(fraction * 100)).padStart(3)}%  `;
  const eta = fraction === undefined || fraction === 0 ? '?' : duration((elapsedMs * (1 - fraction)) / fraction);
  return `${bar}${count(events)} events  ${count(rate)} events/s  position ${count(position)}  ETA ${eta}`;
}

/**
 * Writes progress to a stream: redrawn in place on a terminal (at most every 100 ms), one line at
 * most every 2 s otherwise, so that logs stay readable.
 */
export class ProgressBar {
  private readonly started = performance.now();
  private lastDraw = -Infinity;
  private drawn = false;
  private last = '';

  constructor(
    private readonly out: NodeJS.WritableStream & { isTTY?: boolean },
    private readonly head: number,
    private readonly label: string,
  ) {}

  update(events: number, position: number, force = false): void {
    const now = performance.now();
    const interval = this.out.isTTY ? 100 : 2000;
    if (!force && now - this.lastDraw < interval) return;
    // The final draw repeats nothing a log already shows.
    if (force && !this.out.isTTY && this.last === `${events}@${position}`) return;
    this.last = `${events}@${position}`;
    this.lastDraw = now;
    const line = `${this.label} ${renderProgress({ events, position, head: this.head, elapsedMs: now - this.started })}`;
    this.out.write(this.out.isTTY ? `\r\x1b[2K${line}` : `${line}\n`);
    this.drawn = true;
  }

  /** Draws the final state and ends the line. */
  done(events: number, position: number): number {
    const elapsed = performance.now() - this.started;
    this.update(events, position, true);
    if (this.out.isTTY && this.drawn) this.out.write('\n');
    return elapsed;
  }
}
