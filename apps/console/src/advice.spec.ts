import { describe, expect, it } from '@jest/globals';
import { nextSteps } from './advice.js';

const node = { provision_state: 'available', fault: null, maintenance: false, last_error: null };

describe('nextSteps', () => {
  it('says nothing of a node at rest and well', () => {
    expect(nextSteps(node)).toEqual([]);
  });

  it('names the verbs out of a failed state', () => {
    expect(nextSteps({ ...node, provision_state: 'deploy failed', last_error: 'Image checksum mismatch' })).toEqual([expect.stringMatching(/Undeploy/)]);
    expect(nextSteps({ ...node, provision_state: 'clean failed' })).toEqual([expect.stringMatching(/Manage .* Provide/)]);
    expect(nextSteps({ ...node, provision_state: 'enroll', last_error: 'Failed to get power state' })).toEqual([expect.stringMatching(/^Verification failed/)]);
  });

  it('puts a fault first, and says how it clears', () => {
    expect(nextSteps({ ...node, provision_state: 'clean failed', fault: 'clean failure', maintenance: true })).toEqual([expect.stringMatching(/^Cleaning failed/), expect.stringMatching(/Manage/)]);
    expect(nextSteps({ ...node, fault: 'power failure', maintenance: true })[0]).toMatch(/BMC did not answer/);
    expect(nextSteps({ ...node, maintenance: true })).toEqual([expect.stringMatching(/Maintenance off/)]);
  });
});
