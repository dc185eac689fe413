import { describe, expect, it } from '@jest/globals';
import { type NodeCommand } from './commands.js';
import { decide, evolve } from './decider.js';
import { InvalidParameterError, NodeLockedError, NotFoundError } from './errors.js';
import { type Node } from './node.js';
import { STANDARD_TRAITS } from './os-traits.js';
import { meta, NODE_ID, nodeIn } from './testing/fixtures.js';
import { isValidTrait, MAX_TRAITS_PER_NODE, sortedTraits } from './traits.js';

function when(node: Node, command: Pick<NodeCommand, 'type' | 'data'>) {
  const events = decide({ nodeId: NODE_ID, meta: meta(), ...command } as NodeCommand, node);
  return { events, node: events.reduce<Node | null>(evolve, node)! };
}

const custom = (n: number) => `CUSTOM_T${String(n).padStart(2, '0')}`;

describe('trait syntax', () => {
  it('holds the 345 standard names of os-traits 2.9.0, sorted by code point', () => {
    expect(STANDARD_TRAITS).toHaveLength(345);
    expect([...STANDARD_TRAITS]).toEqual(sortedTraits(STANDARD_TRAITS));
    expect(STANDARD_TRAITS).toContain('HW_CPU_X86_AVX2');
  });

  it('accepts standard names and CUSTOM_ names of 1 to 255 characters, and nothing else', () => {
    for (const valid of ['HW_CPU_X86_AVX2', 'COMPUTE_ACCELERATORS', 'CUSTOM_A', 'CUSTOM_GOLD_1', `CUSTOM_${'A'.repeat(248)}`]) expect([valid, isValidTrait(valid)]).toEqual([valid, true]);
    for (const invalid of ['', 'CUSTOM_', 'custom_gold', 'CUSTOM_gold', 'CUSTOM-GOLD', 'NOT_A_TRAIT', 'HW_CPU_X86_AVX2 ', `CUSTOM_${'A'.repeat(249)}`, 5, null]) {
      expect([invalid, isValidTrait(invalid)]).toEqual([invalid, false]);
    }
  });
});

describe("a node's traits", () => {
  it('are replaced as a whole, distinct and sorted; the same set again changes nothing', () => {
    const { events, node } = when(nodeIn('available'), { type: 'SetNodeTraits', data: { traits: ['CUSTOM_B', 'HW_CPU_X86_AVX2', 'CUSTOM_A', 'CUSTOM_B'] } });
    expect(events).toEqual([{ type: 'NodeTraitsSet', data: { traits: ['CUSTOM_A', 'CUSTOM_B', 'HW_CPU_X86_AVX2'] }, meta: expect.objectContaining({ nodeId: NODE_ID }) }]);
    expect(node.traits).toEqual(['CUSTOM_A', 'CUSTOM_B', 'HW_CPU_X86_AVX2']);
    expect(node.updated_at).toBe(meta().at);
    expect(when(node, { type: 'SetNodeTraits', data: { traits: ['HW_CPU_X86_AVX2', 'CUSTOM_A', 'CUSTOM_B'] } }).events).toEqual([]);
    expect(when(node, { type: 'SetNodeTraits', data: { traits: [] } }).node.traits).toEqual([]);
  });

  it('take one trait more in its sorted place; adding one it has is a no-op', () => {
    const node = nodeIn('active', { traits: ['CUSTOM_A', 'CUSTOM_C'] });
    const added = when(node, { type: 'AddNodeTrait', data: { trait: 'CUSTOM_B' } });
    expect(added.events.map((e) => e.type)).toEqual(['NodeTraitAdded']);
    expect(added.node.traits).toEqual(['CUSTOM_A', 'CUSTOM_B', 'CUSTOM_C']);
    expect(when(node, { type: 'AddNodeTrait', data: { trait: 'CUSTOM_A' } }).events).toEqual([]);
  });

  it('lose one trait; one the node lacks is a 404 in Ironic’s words', () => {
    const node = nodeIn('manageable', { traits: ['CUSTOM_A', 'CUSTOM_B'] });
    expect(when(node, { type: 'RemoveNodeTrait', data: { trait: 'CUSTOM_A' } }).node.traits).toEqual(['CUSTOM_B']);
    expect(() => when(node, { type: 'RemoveNodeTrait', data: { trait: 'CUSTOM_NOPE' } })).toThrow(new NotFoundError(`Node ${NODE_ID} doesn't have a trait 'CUSTOM_NOPE'`));
  });

  it('are at most 50: a replacement or addition beyond is refused, counting distinct traits', () => {
    const fifty = Array.from({ length: MAX_TRAITS_PER_NODE }, (_, i) => custom(i));
    expect(when(nodeIn('available'), { type: 'SetNodeTraits', data: { traits: [...fifty, fifty[0]!] } }).node.traits).toHaveLength(50);
    const refusal = `Could not modify traits for node ${NODE_ID} as it would exceed the maximum number of traits per node (51 vs. 50)`;
    expect(() => when(nodeIn('available'), { type: 'SetNodeTraits', data: { traits: [...fifty, 'CUSTOM_X'] } })).toThrow(new InvalidParameterError(NODE_ID, refusal));
    const full = nodeIn('available', { traits: sortedTraits(fifty) });
    expect(() => when(full, { type: 'AddNodeTrait', data: { trait: 'CUSTOM_X' } })).toThrow(new InvalidParameterError(NODE_ID, refusal));
    expect(when(full, { type: 'AddNodeTrait', data: { trait: fifty[3]! } }).events).toEqual([]);
  });

  it('must be valid traits', () => {
    expect(() => when(nodeIn('available'), { type: 'SetNodeTraits', data: { traits: ['CUSTOM_A', 'bad'] } })).toThrow(InvalidParameterError);
    expect(() => when(nodeIn('available'), { type: 'AddNodeTrait', data: { trait: 'NOT_A_TRAIT' } })).toThrow(InvalidParameterError);
  });

  it('change in any provision state, but not while a conductor holds the node', () => {
    for (const state of ['enroll', 'active', 'deploy failed', 'clean wait'] as const) {
      expect(when(nodeIn(state), { type: 'AddNodeTrait', data: { trait: 'CUSTOM_A' } }).node.traits).toEqual(['CUSTOM_A']);
    }
    const held = nodeIn('deploying', { traits: ['CUSTOM_A'] });
    expect(() => when(held, { type: 'SetNodeTraits', data: { traits: [] } })).toThrow(NodeLockedError);
    expect(() => when(held, { type: 'AddNodeTrait', data: { trait: 'CUSTOM_B' } })).toThrow(NodeLockedError);
    expect(() => when(held, { type: 'RemoveNodeTrait', data: { trait: 'CUSTOM_A' } })).toThrow(NodeLockedError);
  });
});
