import { describe, expect, it } from '@jest/globals';
import { aNode } from '../testing/nodes.js';
import { shardCounts } from './shards.controller.js';

describe('shard counts', () => {
  it('count nodes per shard, most first, ties in shard order with the unsharded ("None") first and "" a shard of its own', () => {
    const nodes = [null, 'b', 'a', '', 'b', null, 'a', 'c'].map((shard) => aNode({ shard }));
    expect(shardCounts(nodes)).toEqual([
      { name: 'None', count: 2 },
      { name: 'a', count: 2 },
      { name: 'b', count: 2 },
      { name: '', count: 1 },
      { name: 'c', count: 1 },
    ]);
    expect(shardCounts([])).toEqual([]);
  });
});
