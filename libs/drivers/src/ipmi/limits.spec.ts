import { describe, expect, it } from '@jest/globals';
import { BmcLanes, Semaphore, SlotTimeout } from './limits.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs `jobs` through `enter`, each holding its slot for `holdMs`; returns the most holders at once. */
async function peak(jobs: number, holdMs: number, enter: (i: number) => Promise<() => void>): Promise<number> {
  let now = 0;
  let most = 0;
  await Promise.all(
    Array.from({ length: jobs }, async (_, i) => {
      const release = await enter(i);
      most = Math.max(most, ++now);
      await sleep(holdMs);
      now--;
      release();
    }),
  );
  return most;
}

describe('Semaphore', () => {
  it('admits at most its capacity', async () => {
    const semaphore = new Semaphore(3);
    expect(await peak(10, 5, () => semaphore.acquire())).toBe(3);
    expect(semaphore.inUse).toBe(0);
  });

  it('serves waiters first come, first served', async () => {
    const semaphore = new Semaphore(1);
    const release = await semaphore.acquire();
    const order: number[] = [];
    const waiting = [1, 2, 3].map((i) => semaphore.acquire().then((done) => (order.push(i), done())));
    expect(semaphore.waiting).toBe(3);
    release();
    await Promise.all(waiting);
    expect(order).toEqual([1, 2, 3]);
  });

  it('gives up at the deadline and leaves the queue', async () => {
    const semaphore = new Semaphore(1);
    const release = await semaphore.acquire();
    await expect(semaphore.acquire(Date.now() + 20)).rejects.toBeInstanceOf(SlotTimeout);
    expect(semaphore.waiting).toBe(0);
    release();
    release(); // a second release is a no-op
    expect(semaphore.inUse).toBe(0);
  });

  it('refuses a capacity below 1', () => {
    expect(() => new Semaphore(0)).toThrow(RangeError);
  });
});

describe('BmcLanes', () => {
  it('runs one command at a time per BMC, BMCs in parallel', async () => {
    const lanes = new BmcLanes(0);
    expect(await peak(6, 5, () => lanes.enter('a:623'))).toBe(1);
    expect(await peak(6, 5, (i) => lanes.enter(`bmc-${i}:623`))).toBe(6);
  });

  it('waits the minimum interval between two commands to one BMC', async () => {
    const lanes = new BmcLanes(60);
    (await lanes.enter('a:623'))();
    const started = Date.now();
    (await lanes.enter('a:623'))();
    expect(Date.now() - started).toBeGreaterThanOrEqual(55);
    const other = Date.now();
    (await lanes.enter('b:623'))();
    expect(Date.now() - other).toBeLessThan(30);
  });

  it('gives up waiting for a busy BMC at the deadline', async () => {
    const lanes = new BmcLanes(0);
    const release = await lanes.enter('a:623');
    await expect(lanes.enter('a:623', Date.now() + 20)).rejects.toBeInstanceOf(SlotTimeout);
    release();
    (await lanes.enter('a:623'))();
  });
});
