/**
 * Progress of long work (a rebuild, a fleet's enrolment, a benchmark's phases) for people
 * watching a terminal or reading a log.
 */

/** `1,234,567`. */
export const count = (n: number): string => Math.round(n).toLocaleString('en-US');

/** `1.2 s`, `3m 05s`, `1h 02m`. */
export function duration(ms: number): string {
  if (!Number.isFinite(ms) || ms < 0) return '?';
  if (ms < 10_000) return `${(ms / 1000).toFixed(1)} s`;
  const s = Math.round(ms / 1000);
  if (s < 3600) return `${Math.floor(s / 60)}m ${String(s % 60).padStart(2, '0')}s`;
  return `${Math.floor(s / 3600)}h ${String(Math.floor((s % 3600) / 60)).padStart(2, '0')}m`;
}

/** Where the work stands besides its count: how much of it is done (0–1, when known) and what else to say. */
export interface ProgressPoint {
  readonly fraction?: number;
  readonly detail?: string;
}

export interface ProgressState extends ProgressPoint {
  /** Units done so far (events read, nodes enrolled). */
  readonly done: number;
  /** What is counted, plural (`events`). */
  readonly unit: string;
  readonly elapsedMs: number;
}

const BAR = 24;

/** One line of progress: bar and percentage (when the fraction is known), count, rate, detail and ETA. */
export function renderProgress({ done, unit, fraction, detail, elapsedMs }: ProgressState): string {
  const rate = elapsedMs > 0 ? (done * 1000) / elapsedMs : 0;
  const known = fraction === undefined ? undefined : Math.min(1, Math.max(0, fraction));
  const filled = known === undefined ? 0 : Math.round(known * BAR);
  const bar = known === undefined ? '' : `[${'█'.repeat(filled)}${'░'.repeat(BAR - filled)}] ${String(Math.floor(known * 100)).padStart(3)}%  `;
  const eta = known === undefined || known === 0 ? '?' : duration((elapsedMs * (1 - known)) / known);
  return `${bar}${count(done)} ${unit}  ${count(rate)} ${unit}/s${detail ? `  ${detail}` : ''}  ETA ${eta}`;
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
    private readonly label: string,
    private readonly unit: string,
  ) {}

  update(done: number, point: ProgressPoint = {}, force = false): void {
    const now = performance.now();
    const interval = this.out.isTTY ? 100 : 2000;
    if (!force && now - this.lastDraw < interval) return;
    const key = `${done}@${point.fraction}@${point.detail}`;
    // The final draw repeats nothing a log already shows.
    if (force && !this.out.isTTY && this.last === key) return;
    this.last = key;
    this.lastDraw = now;
    const line = `${this.label} ${renderProgress({ done, unit: this.unit, ...point, elapsedMs: now - this.started })}`;
    this.out.write(this.out.isTTY ? `\r\x1b[2K${line}` : `${line}\n`);
    this.drawn = true;
  }

  /** Draws the final state, ends the line and returns the milliseconds since the bar began. */
  done(done: number, point: ProgressPoint = {}): number {
    const elapsed = performance.now() - this.started;
    this.update(done, point, true);
    if (this.out.isTTY && this.drawn) this.out.write('\n');
    return elapsed;
  }
}
