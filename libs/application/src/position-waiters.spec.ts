import { describe, expect, it } from '@jest/globals';
import { PositionWaiters } from './position-waiters.js';

describe('PositionWaiters', () => {
  it('answers at once for a position already reached, and as soon as a later one is', async () => {
    let position = 5;
    const waiters = new PositionWaiters(() => position);
    expect(await waiters.waitFor(5, 1000)).toBe(true);

    const seven = waiters.waitFor(7, 1000);
    const nine = waiters.waitFor(9, 1000);
    position = 8;
    waiters.release();
    expect(await seven).toBe(true);
    position = 9;
    waiters.release();
    expect(await nine).toBe(true);
  });

  it('answers false when the time is up, or when the follower stops', async () => {
    const waiters = new PositionWaiters(() => 0);
    expect(await waiters.waitFor(1, 10)).toBe(false);
    const pending = waiters.waitFor(2, 60_000);
    waiters.cancelAll();
    expect(await pending).toBe(false);
  });

  it('lets through only those whose position has been reached', async () => {
    let position = 0;
    const waiters = new PositionWaiters(() => position);
    const answers: number[] = [];
    for (const wanted of [3, 1, 2]) void waiters.waitFor(wanted, 60_000).then((reached) => reached && answers.push(wanted));
    position = 2;
    waiters.release();
    await new Promise((resolve) => setImmediate(resolve));
    expect(answers.sort()).toEqual([1, 2]);
    waiters.cancelAll();
  });
});
