import { describe, expect, it } from '@jest/globals';
import { backoffDelay, sleep } from './backoff.js';

describe('backoffDelay', () => {
  it('doubles from the first delay up to the cap, keeping half of it fixed and jittering the rest', () => {
    const options = { initialMs: 100, maxMs: 1000 };
    expect([0, 1, 2, 3, 4, 10].map((attempt) => backoffDelay(attempt, options, () => 0))).toEqual([50, 100, 200, 400, 500, 500]);
    expect([0, 1, 2, 3, 4, 10].map((attempt) => backoffDelay(attempt, options, () => 1))).toEqual([100, 200, 400, 800, 1000, 1000]);
    expect(backoffDelay(1000, options, () => 0.5)).toBe(750);
  });
});

describe('sleep', () => {
  it('ends early when its signal aborts', async () => {
    const controller = new AbortController();
    const started = performance.now();
    const slept = sleep(10_000, controller.signal);
    controller.abort();
    await slept;
    expect(performance.now() - started).toBeLessThan(1000);
  });
});
