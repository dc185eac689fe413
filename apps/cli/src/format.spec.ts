import { describe, expect, it } from '@jest/globals';
import { clip, duration, table, transition } from './format.js';
import { ProgressBar, renderProgress } from './progress.js';

describe('table', () => {
  it('aligns columns to the widest cell, right-aligning the ones asked for', () => {
    expect(table(['STATE', 'NODES'], [['active', '1,200'], ['available', '7']], { right: [1] })).toBe(
      ['STATE      NODES', '---------  -----', 'active     1,200', 'available      7'].join('\n'),
    );
  });

  it('counts an arrow as one column and does not pad the last column', () => {
    expect(table(['A', 'B'], [[transition('x', 'y'), 'z']])).toBe(['A      B', '-----  -', 'x → y  z'].join('\n'));
  });
});

describe('formatting helpers', () => {
  it('writes transitions, durations and clipped text', () => {
    expect([transition('a', 'b'), transition(null, 'b'), transition('a', null), transition(null, null)]).toEqual(['a → b', '→ b', 'a →', '']);
    expect([duration(1234), duration(65_000), duration(3_725_000), duration(Number.NaN)]).toEqual(['1.2 s', '1m 05s', '1h 02m', '?']);
    expect(clip('abcdef', 4)).toBe('abc…');
    expect(clip('abc', 4)).toBe('abc');
  });
});

describe('renderProgress', () => {
  it('shows bar, percentage, events, rate, position and ETA', () => {
    expect(renderProgress({ events: 250_000, position: 500_000, head: 1_000_000, elapsedMs: 2_000 })).toBe(
      '[████████████░░░░░░░░░░░░]  50%  250,000 events  125,000 events/s  position 500,000  ETA 2.0 s',
    );
  });

  it('leaves out bar and ETA when the end of the log is unknown', () => {
    expect(renderProgress({ events: 10, position: 10, head: 0, elapsedMs: 1_000 })).toBe('10 events  10 events/s  position 10  ETA ?');
  });

  it('redraws in place on a terminal and prints whole lines elsewhere, without repeating the last one', () => {
    const written: string[] = [];
    const sink = (isTTY: boolean) => Object.assign({ write: (text: string) => written.push(text) > 0 }, { isTTY }) as unknown as NodeJS.WritableStream & { isTTY: boolean };
    const log = new ProgressBar(sink(false), 100, 'rebuild');
    log.update(10, 10, true);
    log.done(10, 10);
    expect(written).toHaveLength(1);
    expect(written[0]).toMatch(/^rebuild \[.*\] +10%.*\n$/);
    written.length = 0;
    const tty = new ProgressBar(sink(true), 100, 'rebuild');
    tty.update(50, 50, true);
    tty.done(100, 100);
    expect(written[0].startsWith('\r\x1b[2K')).toBe(true);
    expect(written.at(-1)).toBe('\n');
  });
});
