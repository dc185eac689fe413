import { describe, expect, it } from '@jest/globals';
import { accepted, type BulkProgress, failures, runOnAll } from './bulk.js';

const tick = () => new Promise((resolve) => setTimeout(resolve, 1));

describe('runOnAll', () => {
  it('runs on every node, a few at a time, keeping each node’s answer and telling progress after each', async () => {
    let running = 0;
    let most = 0;
    const seen: number[] = [];
    const uuids = Array.from({ length: 10 }, (_, index) => `n${index}`);
    const result = await runOnAll(
      uuids,
      async (uuid) => {
        most = Math.max(most, ++running);
        await tick();
        running--;
        if (uuid === 'n3') throw new Error('The requested action "deploy" can not be performed on node n3 while it is in state "enroll".');
      },
      { parallel: 3, onProgress: (progress: BulkProgress) => seen.push(progress.outcomes.length) },
    );
    expect(most).toBe(3);
    expect(seen).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(result.outcomes.map((outcome) => outcome.uuid).sort()).toEqual(uuids);
    expect(failures(result)).toBe(1);
    expect(accepted(result).sort()).toEqual(uuids.filter((uuid) => uuid !== 'n3'));
    expect(result.outcomes.find((outcome) => outcome.uuid === 'n3')?.error).toMatch(/can not be performed/);
  });

  it('starts no more once stopped', async () => {
    const stop = new AbortController();
    const result = await runOnAll(['a', 'b', 'c', 'd'], async () => stop.abort(), { parallel: 1, onProgress: () => undefined, signal: stop.signal });
    expect(result.outcomes).toEqual([{ uuid: 'a', error: null }]);
  });
});
