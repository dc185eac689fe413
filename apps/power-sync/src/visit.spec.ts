import { describe, expect, it } from '@jest/globals';
import { newNode, type Node, type PowerState, type PowerTarget, POWER_TARGET_RESULT } from '@ironledger/domain';
import { DriverError, type PowerDriver } from '@ironledger/drivers';
import { dueForRecovery, dueForSync, visit } from './visit.js';

const node = (overrides: Partial<Node> = {}): Node => newNode('n-1', '2026-11-21T00:00:00Z', { provision_state: 'active', power_state: 'power on', ...overrides });

/** A BMC in memory: what it reports, whether it answers, and what was done to it. */
function bmc(state: PowerState | null, { reads = true, sets = true } = {}) {
  const actions: PowerTarget[] = [];
  const driver: PowerDriver = {
    validate: () => undefined,
    getPowerState: async () => {
      if (!reads) throw new DriverError('Redfish request timed out after 10 s');
      return state;
    },
    setPowerState: async (_node, target) => {
      actions.push(target);
      if (!sets) throw new DriverError('reset refused');
      return POWER_TARGET_RESULT[target];
    },
  };
  return { driver, actions };
}

const settings = { force: true, maxRetries: 3 };

describe('which nodes a pass visits', () => {
  it('skips enroll, callback waits, adopt failed, maintenance, and nodes being worked on', () => {
    expect(dueForSync(node())).toBe(true);
    for (const provision_state of ['enroll', 'wait call-back', 'clean wait', 'adopt failed'] as const) expect(dueForSync(node({ provision_state }))).toBe(false);
    expect(dueForSync(node({ maintenance: true }))).toBe(false);
    expect(dueForSync(node({ reservation: 'c1' }))).toBe(false);
    expect(dueForSync(node({ target_power_state: 'power off' }))).toBe(false);
  });

  it('retries only the maintenance it set itself', () => {
    expect(dueForRecovery(node({ maintenance: true, fault: 'power failure' }))).toBe(true);
    expect(dueForRecovery(node({ maintenance: true, fault: null, maintenance_reason: 'operator' }))).toBe(false);
    expect(dueForRecovery(node())).toBe(false);
  });
});

describe('visiting a BMC', () => {
  it('records nothing when the BMC agrees', async () => {
    expect(await visit(node(), bmc('power on').driver, settings)).toBeNull();
  });

  it('pushes the BMC back to the recorded state in force mode', async () => {
    const { driver, actions } = bmc('power off');
    expect(await visit(node(), driver, settings)).toEqual({ outcome: 'forced', found: 'power off' });
    expect(actions).toEqual(['power on']);
  });

  it('records the BMC’s state when not forcing, or when nothing was recorded', async () => {
    const { driver, actions } = bmc('power off');
    expect(await visit(node(), driver, { ...settings, force: false })).toEqual({ outcome: 'read', power_state: 'power off' });
    expect(await visit(node({ power_state: null }), driver, settings)).toEqual({ outcome: 'read', power_state: 'power off' });
    expect(actions).toEqual([]);
  });

  it('reports a BMC that does not answer, and one that refuses to be restored', async () => {
    expect(await visit(node(), bmc('power on', { reads: false }).driver, settings)).toMatchObject({ outcome: 'failed', error: expect.stringContaining('timed out'), maxRetries: 3 });
    expect(await visit(node(), bmc('power off', { sets: false }).driver, settings)).toMatchObject({ outcome: 'failed', power_state: 'power off', error: expect.stringContaining('reset refused') });
  });

  it('reports a good read after failures, so that they (and their maintenance) end', async () => {
    expect(await visit(node({ power_sync_failures: 2 }), bmc('power on').driver, settings)).toEqual({ outcome: 'read', power_state: 'power on' });
    // In power-failure maintenance the BMC is read, never forced.
    const { driver, actions } = bmc('power off');
    expect(await visit(node({ maintenance: true, fault: 'power failure' }), driver, settings)).toEqual({ outcome: 'read', power_state: 'power off' });
    expect(actions).toEqual([]);
  });
});
