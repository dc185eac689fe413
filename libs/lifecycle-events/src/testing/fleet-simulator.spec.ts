import { describe, expect, it } from '@jest/globals';
import { type CommandMeta } from '@ironledger/domain';
import { seededRandom, simulatedClock, simulatedNodeId, type SimulatedNode, stepNode } from './fleet-simulator.js';

function simulate(seed: number, nodes: number, steps: number) {
  const random = seededRandom(seed);
  const clock = simulatedClock();
  let request = 0;
  const meta = (): CommandMeta => ({ at: clock(), actor: 'sim', requestId: `req-${++request}`, conductor: 'c1' });
  const fleet: SimulatedNode[] = Array.from({ length: nodes }, (_, i) => ({ id: simulatedNodeId(seed, i), node: null, revision: -1, deleted: false }));
  const types = new Map<string, number>();
  const states = new Set<string>();
  const sizes = new Set<number>();
  for (let i = 0; i < steps; i++) {
    const sim = fleet[Math.floor(random() * fleet.length)];
    const batch = stepNode(sim, 1 + Math.floor(random() * 3), random, meta);
    if (batch.length > 0) sizes.add(batch.length);
    for (const event of batch) {
      types.set(event.type, (types.get(event.type) ?? 0) + 1);
      if (event.type === 'ProvisionStateChanged') states.add(event.data.to);
    }
  }
  return { fleet, types, states, sizes };
}

describe('the fleet simulator', () => {
  it('walks nodes through realistic lifecycles the domain accepts, deterministically', () => {
    const { types, states, fleet, sizes } = simulate(7, 40, 4000);
    expect([...sizes].sort()).toEqual([1, 2, 3]);
    for (const type of ['NodeRegistered', 'ProvisionStateChanged', 'PowerActionStarted', 'PowerStateChanged', 'PowerStateCorrected', 'MaintenanceSet', 'NodeUpdated', 'RamdiskTornDown']) {
      expect(types.get(type)).toBeGreaterThan(0);
    }
    for (const state of ['manageable', 'available', 'active', 'wait call-back', 'clean wait', 'deploy failed', 'deleting']) expect(states).toContain(state);
    // Nodes end where their life left them (many deleted), none stuck holding a tear-down.
    expect(fleet.some((n) => n.node !== null)).toBe(true);
    expect(fleet.filter((n) => n.node?.management_action)).toEqual([]);
    expect(simulate(7, 40, 4000).types).toEqual(types);
  });
});
