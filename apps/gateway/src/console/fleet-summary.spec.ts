import { describe, expect, it } from '@jest/globals';
import { newNode, type Node, PROVISION_STATES } from '@ironledger/domain';
import { fleetSummary } from './fleet-summary.js';

let next = 0;
const node = (fields: Partial<Node> & Pick<Node, 'provision_state'>): Node => newNode(`00000000-0000-4000-8000-${String(++next).padStart(12, '0')}`, '2026-11-21T22:54:08.773Z', fields);

describe('fleetSummary', () => {
  it('counts nodes by provision state, power state, maintenance and fault', () => {
    const summary = fleetSummary(
      [
        node({ provision_state: 'available', power_state: 'power off' }),
        node({ provision_state: 'available', power_state: 'power on', maintenance: true, fault: 'power failure' }),
        node({ provision_state: 'active', power_state: 'power on', maintenance: true }),
        node({ provision_state: 'enroll' }),
        node({ provision_state: 'clean failed', power_state: 'power off', maintenance: true, fault: 'clean failure' }),
        node({ provision_state: 'manageable', maintenance: true, fault: 'power failure' }),
      ],
      42_001,
      '2026-11-21T22:54:08.773Z',
    );
    expect(summary).toMatchObject({ position: 42_001, since: '2026-11-21T22:54:08.773Z', nodes: 6, maintenance: 4 });
    expect(summary.power_state).toEqual({ 'power on': 2, 'power off': 2, null: 2 });
    expect(summary.fault).toEqual({ 'power failure': 2, 'clean failure': 1 });
    expect(Object.entries(summary.provision_state).filter(([, count]) => count > 0)).toEqual([
      ['enroll', 1],
      ['manageable', 1],
      ['available', 2],
      ['active', 1],
      ['clean failed', 1],
    ]);
  });

  it('lists every provision and power state, in the table’s order, for an empty fleet', () => {
    const summary = fleetSummary([], 0, null);
    expect(Object.keys(summary.provision_state)).toEqual([...PROVISION_STATES]);
    expect(Object.values(summary.provision_state).every((count) => count === 0)).toBe(true);
    expect(summary).toMatchObject({ nodes: 0, maintenance: 0, fault: {}, power_state: { 'power on': 0, 'power off': 0, null: 0 }, since: null });
  });
});
