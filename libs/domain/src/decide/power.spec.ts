/** Power actions, power sync's findings and maintenance: given a node, when the command comes, then these events or this refusal. */
import { describe, expect, it } from '@jest/globals';
import { InvalidParameterError, InvalidStateError, NodeLockedError } from '../errors.js';
import { type Node } from '../node.js';
import { CONDUCTOR, NODE_ID, nodeIn } from '../testing/fixtures.js';
import { given, when } from '../testing/decider-specification.js';

const sync = (data: object) => ({ type: 'RecordPowerSync' as const, data });

describe('power', () => {
  it('shows the target while the action runs and records the result', () => {
    const started = when(nodeIn('active'), { type: 'RequestPowerAction', data: { target: 'rebooting' } }).node;
    expect(started).toMatchObject({ target_power_state: 'power on', reservation: CONDUCTOR });
    const done = when(started, { type: 'RecordPowerOutcome', data: { outcome: 'succeeded', power_state: 'power on' } }).node;
    expect(done).toMatchObject({ power_state: 'power on', target_power_state: null, reservation: null });
  });

  it('leaves the power state unchanged and no maintenance when the action fails', () => {
    const started = when(nodeIn('active', { power_state: 'power on' }), { type: 'RequestPowerAction', data: { target: 'power off' } }).node;
    const failed = when(started, { type: 'RecordPowerOutcome', data: { outcome: 'failed', error: 'BMC timeout' } }).node;
    expect(failed).toMatchObject({ power_state: 'power on', target_power_state: null, maintenance: false, last_error: 'BMC timeout' });
  });

  it('refuses unknown targets and bad timeouts', () => {
    given(nodeIn('active')).when({ type: 'RequestPowerAction', data: { target: 'power sideways' } }).thenThrows(
      `The requested action "power sideways" can not be performed on node "${NODE_ID}" while it is in state "None".`,
    );
    given(nodeIn('active')).when({ type: 'RequestPowerAction', data: { target: 'soft power off', timeout: -1 } }).thenThrows(InvalidParameterError);
  });
});

describe('power sync', () => {
  it('records a BMC state that differs, and nothing when it agrees', () => {
    given(nodeIn('active', { power_state: 'power on' }))
      .when(sync({ outcome: 'read', power_state: 'power off' }))
      .then([expect.objectContaining({ type: 'PowerStateCorrected', data: { from: 'power on', to: 'power off' } })]);
    given(nodeIn('active', { power_state: 'power on' })).when(sync({ outcome: 'read', power_state: 'power on' })).then([]);
  });

  it('records a forced restore without changing the recorded state', () => {
    const { node } = given(nodeIn('active', { power_state: 'power on' }))
      .when(sync({ outcome: 'forced', found: 'power off' }))
      .then([expect.objectContaining({ type: 'PowerStateRestored', data: { found: 'power off', restored: 'power on' } })]);
    expect(node.power_state).toBe('power on');
    const afterFailures = when(nodeIn('active', { power_state: 'power on', power_sync_failures: 2 }), sync({ outcome: 'forced', found: 'power off' }));
    expect(afterFailures.node.power_sync_failures).toBe(0);
  });

  it('counts failures and puts the node into maintenance with fault power failure after max retries', () => {
    let node: Node = nodeIn('active', { power_state: 'power on' });
    const failed = { outcome: 'failed', error: 'BMC timed out', maxRetries: 3 };
    node = when(node, sync(failed)).node;
    node = when(node, sync(failed)).node;
    expect(node).toMatchObject({ power_sync_failures: 2, maintenance: false });
    const third = when(node, sync(failed));
    expect(third.types).toEqual(['PowerSyncFailed', 'MaintenanceSet']);
    // An unreadable BMC leaves the recorded power state unchanged.
    expect(third.node).toMatchObject({ power_state: 'power on', maintenance: true, fault: 'power failure', power_sync_failures: 3 });
    expect(third.node.maintenance_reason).toContain('max retries exceeded');
    // Later failures are counted, without a second maintenance event.
    expect(when(third.node, sync(failed)).types).toEqual(['PowerSyncFailed']);
  });

  it('records the actual state when restoring keeps failing', () => {
    const node = nodeIn('active', { power_state: 'power on', power_sync_failures: 2 });
    const { node: after } = when(node, sync({ outcome: 'failed', error: 'reset refused', power_state: 'power off', maxRetries: 3 }));
    expect(after).toMatchObject({ power_state: 'power off', maintenance: true, fault: 'power failure' });
  });

  it('lifts its own maintenance when the BMC answers again', () => {
    const node = nodeIn('active', { power_state: 'power on', maintenance: true, fault: 'power failure', maintenance_reason: 'max retries', power_sync_failures: 4 });
    const { types, node: after } = when(node, sync({ outcome: 'read', power_state: 'power on' }));
    expect(types).toEqual(['PowerSyncRecovered', 'MaintenanceCleared']);
    expect(after).toMatchObject({ maintenance: false, fault: null, maintenance_reason: null, power_sync_failures: 0 });
  });

  it('never touches enrolled nodes, an operator’s maintenance, or a node being worked on', () => {
    given(nodeIn('enroll')).when(sync({ outcome: 'read', power_state: 'power on' })).thenThrows(InvalidStateError);
    given(nodeIn('active', { maintenance: true, maintenance_reason: 'disk swap' })).when(sync({ outcome: 'read', power_state: 'power on' })).thenThrows(InvalidStateError);
    given(nodeIn('deploying')).when(sync({ outcome: 'read', power_state: 'power on' })).thenThrows(NodeLockedError);
  });
});

describe('maintenance', () => {
  it('lifts a power-failure maintenance but never an operator’s', () => {
    const faulted = when(nodeIn('active'), { type: 'SetMaintenance', data: { reason: 'BMC unreachable 3 times', fault: 'power failure' } }).node;
    expect(faulted).toMatchObject({ maintenance: true, fault: 'power failure' });
    expect(when(faulted, { type: 'ClearMaintenance', data: { onlyFault: 'power failure' } }).node).toMatchObject({ maintenance: false, fault: null, maintenance_reason: null });
    const byOperator = when(nodeIn('active'), { type: 'SetMaintenance', data: { reason: 'disk swap' } }).node;
    given(byOperator).when({ type: 'ClearMaintenance', data: { onlyFault: 'power failure' } }).then([]);
    expect(when(byOperator, { type: 'ClearMaintenance', data: {} }).node.maintenance).toBe(false);
  });
});
