import { describe, expect, it } from '@jest/globals';
import { type Node } from '@ironledger/domain';
import { PARTS, partOf, PassPlan, readingOrder } from './pass-plan.js';

const ids = Array.from({ length: 2000 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`);

describe('PassPlan', () => {
  const plan = new PassPlan(['ps-c', 'ps-a', 'ps-b']);

  it('gives every node one owner among its members, each a share', () => {
    const owners = ids.map((id) => plan.ownerOf(id));
    expect(new Set(owners)).toEqual(new Set(['ps-a', 'ps-b', 'ps-c']));
    for (const member of plan.members) expect(owners.filter((owner) => owner === member).length).toBeGreaterThan(ids.length / 6);
  });

  it('gives two instances shares within a few percent of each other (a pass lasts as long as its largest share)', () => {
    const many = Array.from({ length: 20_000 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`);
    for (const pair of [['bench-0', 'bench-1'], ['ps-a', 'ps-b'], ['share-power-sync-1', 'share-power-sync-2']]) {
      const two = new PassPlan(pair);
      const first = many.filter((id) => two.ownerOf(id) === pair[0]).length / many.length;
      expect([pair, Math.abs(first - 0.5) < 0.04]).toEqual([pair, true]);
    }
  });

  it('gives a gone member’s nodes to the owner the ring without it gives them, and moves no other node', () => {
    for (const gone of [new Set(['ps-a']), new Set(['ps-a', 'ps-c'])]) {
      const without = new PassPlan(plan.members.filter((member) => !gone.has(member)));
      for (const id of ids) {
        expect(plan.readerOf(id, gone)).toBe(without.ownerOf(id));
        if (!gone.has(plan.ownerOf(id)!)) expect(plan.readerOf(id, gone)).toBe(plan.ownerOf(id));
      }
    }
  });

  it('has no reader when every member is gone, and no owner without members', () => {
    expect(plan.readerOf(ids[0], new Set(plan.members))).toBeUndefined();
    expect(new PassPlan([]).ownerOf(ids[0])).toBeUndefined();
  });
});

describe('readingOrder', () => {
  it('reads part by part, failed nodes first within a part', () => {
    const nodes = ids.slice(0, 300).map((uuid, i) => ({ uuid, power_sync_failures: i % 7 === 0 ? 2 : 0 }) as Node);
    const order = readingOrder(nodes);
    const parts = order.map((node) => partOf(node.uuid));
    expect(parts).toEqual([...parts].sort((a, b) => a - b));
    expect(Math.max(...parts)).toBeLessThan(PARTS);
    for (let i = 1; i < order.length; i++) {
      if (parts[i] === parts[i - 1]) expect(order[i].power_sync_failures).toBeLessThanOrEqual(order[i - 1].power_sync_failures);
    }
  });
});
