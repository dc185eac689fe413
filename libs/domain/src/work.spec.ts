import { describe, expect, it } from '@jest/globals';
import { type NodeEvent } from './events.js';
import { STUCK_STATES_TREATED_AS_FAIL } from './states.js';
import { nodeIn } from './testing/fixtures.js';
import { WORK_OF_STATE, workAfter } from './work.js';

const resumed = { type: 'ProvisionStateChanged', data: { event: 'resume' } } as unknown as NodeEvent;

describe('work after a commit', () => {
  it('names work for exactly the states a conductor holds a node in', () => {
    expect(Object.keys(WORK_OF_STATE).sort()).toEqual([...STUCK_STATES_TREATED_AS_FAIL].sort());
  });

  it('calls for no work in stable and waiting states', () => {
    for (const state of ['available', 'active', 'manageable', 'clean wait', 'wait call-back', 'inspect wait'] as const) expect(workAfter(nodeIn(state), [])).toBeNull();
  });

  it('runs a power action first, with the requested target and timeout', () => {
    const started = { type: 'PowerActionStarted', data: { requested: 'soft rebooting', target: 'power on', timeout: 30, reservation: 'c' } } as unknown as NodeEvent;
    expect(workAfter(nodeIn('active', { target_power_state: 'power on' }), [started])).toEqual({ kind: 'power', target: 'soft rebooting', timeoutSeconds: 30 });
    expect(workAfter(nodeIn('cleaning', { target_power_state: 'power off' }), [])).toEqual({ kind: 'power', target: 'power off', timeoutSeconds: null });
  });

  it('tells manual from automated cleaning, with the operator steps only for manual', () => {
    const steps = [{ interface: 'deploy', step: 'erase_devices' }];
    expect(workAfter(nodeIn('cleaning', { clean_steps: steps }), [])).toEqual({ kind: 'clean', manual: false, steps: null, phase: 'start' });
    expect(workAfter(nodeIn('cleaning', { target_provision_state: 'manageable', clean_steps: steps }), [resumed])).toEqual({ kind: 'clean', manual: true, steps, phase: 'resumed' });
  });

  it('continues work after a callback and starts it otherwise', () => {
    expect(workAfter(nodeIn('deploying'), [resumed])).toEqual({ kind: 'deploy', phase: 'resumed' });
    expect(workAfter(nodeIn('rescuing'), [])).toEqual({ kind: 'rescue', phase: 'start' });
    expect(workAfter(nodeIn('deleting'), [resumed])).toEqual({ kind: 'tear-down' });
    expect(workAfter(nodeIn('verifying'), [])).toEqual({ kind: 'verify' });
  });
});
