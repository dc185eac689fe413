import { describe, expect, it } from '@jest/globals';
import { eventText } from './event-text.js';

describe('eventText', () => {
  it('says what an operator’s verb did, and why its outcome failed', () => {
    expect(eventText('ProvisionStateChanged', { from: 'enroll', to: 'verifying', event: 'manage', verb: 'manage', last_error: null })).toEqual({ summary: 'manage: enroll → verifying', error: null });
    expect(eventText('ProvisionStateChanged', { from: 'deploying', to: 'deploy failed', event: 'fail', verb: null, last_error: 'Timeout reached while waiting for callback' })).toEqual({
      summary: 'fail: deploying → deploy failed',
      error: 'Timeout reached while waiting for callback',
    });
  });

  it('summarises power, maintenance and registration events', () => {
    expect(eventText('PowerActionFailed', { requested: 'power on', error: 'BMC unreachable' })).toEqual({ summary: 'power on failed', error: 'BMC unreachable' });
    expect(eventText('PowerStateChanged', { requested: 'power on', from: null, to: 'power on' }).summary).toBe('unknown → power on');
    expect(eventText('MaintenanceSet', { reason: 'rack move', fault: null }).summary).toBe('maintenance on: rack move');
    expect(eventText('MaintenanceSet', { reason: 'BMC lost', fault: 'power failure' }).summary).toBe('maintenance on: BMC lost (fault: power failure)');
    expect(eventText('NodeRegistered', { name: 'n1', driver: 'fake-hardware' }).summary).toBe('enrolled as n1 with fake-hardware');
    expect(eventText('NodeUpdated', { changes: { name: 'n2', extra: {} } }).summary).toBe('changed name, extra');
  });

  it('names other events by their type alone', () => {
    expect(eventText('PortAdded', { port: {} })).toEqual({ summary: '', error: null });
  });
});
