import { describe, expect, it } from '@jest/globals';
import { InvalidStateError } from '../errors.js';
import { given, when } from './decider-specification.js';
import { nodeIn } from './fixtures.js';

const register = { type: 'RegisterNode' as const, data: { driver: 'fake-hardware', provision_state: 'enroll' as const } };
const manage = { type: 'RequestProvisionAction' as const, data: { target: 'manage' } };

describe('the decider specification', () => {
  it('takes the given node from the events that made it', () => {
    const { events } = when(null, register);
    const decided = given(events).when(manage).then([expect.objectContaining({ type: 'ProvisionStateChanged', data: expect.objectContaining({ from: 'enroll', to: 'verifying' }) })]);
    expect(decided.node.provision_state).toBe('verifying');
  });

  it('fails a then whose events differ, and a thenThrows the decider does not throw', () => {
    expect(() => given(nodeIn('enroll')).when(manage).then([])).toThrow();
    expect(() => given(nodeIn('enroll')).when(manage).thenThrows(InvalidStateError)).toThrow();
    given(nodeIn('active')).when(manage).thenThrows(InvalidStateError);
  });
});
