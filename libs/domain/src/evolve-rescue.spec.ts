import { describe, expect, it } from '@jest/globals';
import { type ProvisionStateChanged } from './events.js';
import { evolve } from './evolve.js';
import { type ProvisionState } from './states.js';
import { NODE_ID, nodeIn } from './testing/fixtures.js';

const moved = (from: ProvisionState, to: ProvisionState, event: ProvisionStateChanged['data']['event'], extra: Partial<ProvisionStateChanged['data']> = {}): ProvisionStateChanged => ({
  type: 'ProvisionStateChanged',
  data: { from, to, event, verb: null, target: null, reservation: null, last_error: null, ...extra },
  meta: { nodeId: NODE_ID, at: '2026-11-21T10:00:00.000Z', actor: 'conductor', requestId: 'req-1', correlationId: 'req-1', causationId: 'req-1' },
});

describe('the rescue password', () => {
  const rescuing = { rescue_interface: 'agent', instance_info: { image_source: 'http://images/root.img', rescue_password: 'pw' } };

  it('is kept while the rescue ramdisk boots and runs', () => {
    expect(evolve(nodeIn('active'), moved('active', 'rescuing', 'rescue', { rescue_password: 'pw' }))?.instance_info).toMatchObject({ rescue_password: 'pw' });
    expect(evolve(nodeIn('rescuing', rescuing), moved('rescuing', 'rescue wait', 'wait'))?.instance_info).toMatchObject({ rescue_password: 'pw' });
  });

  it('is forgotten once the ramdisk is done with it: rescued, failed or aborted (Ironic’s rescue clean-up), and after unrescue', () => {
    for (const [from, to, event] of [
      ['rescue wait', 'rescue', 'done'],
      ['rescuing', 'rescue', 'done'],
      ['rescue wait', 'rescue failed', 'fail'],
      ['rescue wait', 'rescue failed', 'abort'],
      ['unrescuing', 'active', 'done'],
    ] as const) {
      expect([from, to, evolve(nodeIn(from, rescuing), moved(from, to, event))?.instance_info]).toEqual([from, to, { image_source: 'http://images/root.img' }]);
    }
  });

  it('is kept by the fake rescue interface, whose clean-up does nothing, unless the wait is aborted', () => {
    const fake = { ...rescuing, rescue_interface: 'fake' };
    expect(evolve(nodeIn('rescuing', fake), moved('rescuing', 'rescue', 'done'))?.instance_info).toMatchObject({ rescue_password: 'pw' });
    expect(evolve(nodeIn('rescue wait', fake), moved('rescue wait', 'rescue failed', 'fail'))?.instance_info).toMatchObject({ rescue_password: 'pw' });
    expect(evolve(nodeIn('rescue wait', fake), moved('rescue wait', 'rescue failed', 'abort'))?.instance_info).not.toHaveProperty('rescue_password');
  });
});
