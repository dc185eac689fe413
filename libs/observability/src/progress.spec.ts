import { describe, expect, it } from '@jest/globals';
import { duration, ProgressBar, renderProgress } from './progress.js';

describe('duration', () => {
  it('writes seconds, minutes and hours', () => {
    expect([duration(1234), duration(65_000), duration(3_725_000), duration(Number.NaN)]).toEqual(['1.2 s', '1m 05s', '1h 02m', '?']);
  });
});

describe('renderProgress', () => {
  it('shows bar, percentage, count, rate, detail and ETA', () => {
    expect(renderProgress({ done: 250_000, unit: 'events', fraction: 0.5, detail: 'position 500,000', elapsedMs: 2_000 })).toBe(
      '[████████████░░░░░░░░░░░░]  50%  250,000 events  125,000 events/s  position 500,000  ETA 2.0 s',
    );
  });

  it('leaves out bar and ETA when the fraction is unknown, and clamps an overshoot', () => {
    expect(renderProgress({ done: 10, unit: 'events', detail: 'position 10', elapsedMs: 1_000 })).toBe('10 events  10 events/s  position 10  ETA ?');
    expect(renderProgress({ done: 12, unit: 'nodes', fraction: 1.2, elapsedMs: 1_000 })).toBe(`[${'█'.repeat(24)}] 100%  12 nodes  12 nodes/s  ETA 0.0 s`);
  });
});

describe('ProgressBar', () => {
  it('redraws in place on a terminal and prints whole lines elsewhere, without repeating the last one', () => {
    const written: string[] = [];
    const sink = (isTTY: boolean) => Object.assign({ write: (text: string) => written.push(text) > 0 }, { isTTY }) as unknown as NodeJS.WritableStream & { isTTY: boolean };
    const log = new ProgressBar(sink(false), 'rebuild', 'events');
    log.update(10, { fraction: 0.1 }, true);
    log.done(10, { fraction: 0.1 });
    expect(written).toHaveLength(1);
    expect(written[0]).toMatch(/^rebuild \[.*\] +10%.*\n$/);
    written.length = 0;
    const tty = new ProgressBar(sink(true), 'rebuild', 'events');
    tty.update(50, { fraction: 0.5 }, true);
    tty.done(100, { fraction: 1 });
    expect(written[0].startsWith('\r\x1b[2K')).toBe(true);
    expect(written.at(-1)).toBe('\n');
  });
});
