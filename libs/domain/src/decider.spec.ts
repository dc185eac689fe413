import { describe, expect, it } from '@jest/globals';
import { type NodeCommand } from './commands.js';
import { decide, evolve, replay } from './decider.js';
import { DomainError, InvalidParameterError, InvalidStateError, NodeConflictError, NodeLockedError, NodeNotFoundError } from './errors.js';
import { type NodeEvent } from './events.js';
import { nextState, transition } from './machine.js';
import { type Node } from './node.js';
import { isProvisionVerb, PROVISION_STATES, type ProvisionState, STUCK_STATES_TREATED_AS_FAIL, VERBS } from './states.js';
import { CONDUCTOR, meta, NODE_ID, nodeIn } from './testing/fixtures.js';

/** given a node, when a command arrives, then these events (or this error). */
function when(node: Node | null, command: Omit<NodeCommand, 'nodeId' | 'meta'> & { meta?: NodeCommand['meta'] }) {
  const full = { nodeId: NODE_ID, meta: meta(), ...command } as NodeCommand;
  const events = decide(full, node);
  return { events, node: events.reduce<Node | null>(evolve, node) };
}

const provision = (target: string, extra: object = {}) => ({ type: 'RequestProvisionAction' as const, data: { target, ...extra } });
const outcome = (data: { outcome: 'succeeded' | 'waiting' | 'resumed' } | { outcome: 'failed'; error: string }) => ({ type: 'RecordProvisionOutcome' as const, data });

describe('registering a node', () => {
  it('starts in enroll (or available for old clients) with time and actor from the command', () => {
    const { events, node } = when(null, { type: 'RegisterNode', data: { driver: 'redfish', name: 'n1', provision_state: 'enroll' } });
    expect(events).toEqual([
      expect.objectContaining({
        type: 'NodeRegistered',
        meta: { nodeId: NODE_ID, at: '2026-11-21T10:00:00.000Z', actor: 'operator', requestId: 'req-1', correlationId: 'req-1', causationId: 'req-1' },
      }),
    ]);
    expect(node).toMatchObject({ uuid: NODE_ID, name: 'n1', driver: 'redfish', provision_state: 'enroll', power_state: null, created_at: '2026-11-21T10:00:00.000Z', updated_at: null });
    expect(when(null, { type: 'RegisterNode', data: { driver: 'fake-hardware', provision_state: 'available' } }).node?.provision_state).toBe('available');
  });

  it('refuses a second registration of the same uuid', () => {
    expect(() => when(nodeIn('enroll'), { type: 'RegisterNode', data: { driver: 'fake-hardware', provision_state: 'enroll' } })).toThrow(NodeConflictError);
  });

  it('refuses commands for a node that does not exist', () => {
    expect(() => when(null, provision('manage'))).toThrow(NodeNotFoundError);
  });

  it('gives a new node its hardware type’s default interfaces, and keeps the ones asked for', () => {
    const redfish = when(null, { type: 'RegisterNode', data: { driver: 'redfish', provision_state: 'enroll' } }).node!;
    expect(redfish).toMatchObject({ power_interface: 'redfish', management_interface: 'redfish', deploy_interface: 'direct', network_interface: 'noop' });
    const flat = when(null, { type: 'RegisterNode', data: { driver: 'fake-hardware', network_interface: 'flat', provision_state: 'enroll' } }).node!;
    expect(flat).toMatchObject({ power_interface: 'fake', network_interface: 'flat' });
  });

  it('refuses an interface the hardware type does not offer, in Ironic’s words, at registration and on update', () => {
    const refusal = new InvalidParameterError(NODE_ID, "Could not find the following interface in the 'ironic.hardware.interfaces.boot' entrypoint: pxe. Valid interfaces are ['fake'].");
    expect(() => when(null, { type: 'RegisterNode', data: { driver: 'fake-hardware', boot_interface: 'pxe', provision_state: 'enroll' } })).toThrow(refusal);
    expect(() => when(nodeIn('manageable'), { type: 'UpdateNode', data: { changes: { boot_interface: 'pxe' } } })).toThrow(refusal);
    expect(when(nodeIn('manageable', { driver: 'redfish', ...{ power_interface: 'redfish', management_interface: 'redfish', boot_interface: 'pxe', deploy_interface: 'ramdisk', bios_interface: 'redfish', console_interface: 'no-console', inspect_interface: 'inspector', raid_interface: 'no-raid', rescue_interface: 'no-rescue', vendor_interface: 'no-vendor' } }), { type: 'UpdateNode', data: { changes: { bios_interface: 'no-bios' } } }).node?.bios_interface).toBe('no-bios');
  });
});

describe('every API verb in every state', () => {
  const verbs = Object.keys(VERBS);
  describe.each(PROVISION_STATES)('in %s', (state) => {
    it.each(verbs)('%s fires the table’s operator transition or is refused with nothing appended', (verb) => {
      const node = nodeIn(state, { reservation: null });
      const tr = isProvisionVerb(verb) ? transition(state, VERBS[verb]) : undefined;
      const to = tr?.by === 'operator' ? tr.to : undefined;
      const args = verb === 'clean' ? { clean_steps: [{ interface: 'deploy', step: 'erase_devices' }] } : {};
      if (!to) {
        expect(() => when(node, provision(verb, args))).toThrow(new InvalidStateError(NODE_ID, state, verb));
        return;
      }
      const { events, node: after } = when(node, provision(verb, args));
      expect(events).toHaveLength(1);
      expect(events[0]).toMatchObject({ type: 'ProvisionStateChanged', data: { from: state, to, verb, event: VERBS[verb as keyof typeof VERBS] } });
      expect(after?.provision_state).toBe(to);
    });
  });

  it('refuses an unknown target with Ironic’s message', () => {
    expect(() => when(nodeIn('enroll'), provision('bogus'))).toThrow(
      `The requested action "bogus" can not be performed on node "${NODE_ID}" while it is in state "enroll".`,
    );
  });
});

describe('conductor outcomes in every state', () => {
  const outcomes = { succeeded: 'done', failed: 'fail', waiting: 'wait', resumed: 'resume' } as const;
  describe.each(PROVISION_STATES)('in %s', (state) => {
    it.each(Object.keys(outcomes) as (keyof typeof outcomes)[])('%s fires the table’s conductor transition or is refused', (result) => {
      const node = nodeIn(state);
      const command = outcome(result === 'failed' ? { outcome: 'failed', error: 'boom' } : { outcome: result });
      const expectedEvent =
        result === 'succeeded' && state === 'deleting' ? 'clean' : outcomes[result];
      const tr = transition(state, expectedEvent);
      const to = tr?.by === 'conductor' ? tr.to : undefined;
      if (!to) {
        expect(() => when(node, command)).toThrow(InvalidStateError);
        return;
      }
      expect(when(node, command).node?.provision_state).toBe(to);
    });
  });
});

describe('enroll → manageable (credential verification)', () => {
  it('holds the node while verifying and releases it when the BMC answered', () => {
    const verifying = when(nodeIn('enroll'), provision('manage')).node!;
    expect(verifying).toMatchObject({ provision_state: 'verifying', target_provision_state: 'manageable', reservation: CONDUCTOR });
    const done = when(verifying, outcome({ outcome: 'succeeded' })).node!;
    expect(done).toMatchObject({ provision_state: 'manageable', target_provision_state: null, reservation: null, last_error: null });
  });

  it('goes back to enroll with last_error when the credentials fail', () => {
    const verifying = when(nodeIn('enroll'), provision('manage')).node!;
    const failed = when(verifying, outcome({ outcome: 'failed', error: 'Redfish: 401 Unauthorized' })).node!;
    expect(failed).toMatchObject({ provision_state: 'enroll', target_provision_state: null, reservation: null, last_error: 'Redfish: 401 Unauthorized' });
  });

  it('clears an old last_error when the operator tries again', () => {
    expect(when(nodeIn('enroll', { last_error: 'old' }), provision('manage')).node?.last_error).toBeNull();
  });
});

describe('cleaning', () => {
  const steps = [{ interface: 'deploy', step: 'erase_devices' }];

  it('manual cleaning heads for manageable through clean wait and clean failed', () => {
    const cleaning = when(nodeIn('manageable'), provision('clean', { clean_steps: steps })).node!;
    expect(cleaning).toMatchObject({ provision_state: 'cleaning', target_provision_state: 'manageable', clean_steps: steps });
    const waiting = when(cleaning, outcome({ outcome: 'waiting' })).node!;
    expect(waiting).toMatchObject({ provision_state: 'clean wait', target_provision_state: 'manageable', reservation: null });
    const resumed = when(waiting, outcome({ outcome: 'resumed' })).node!;
    expect(resumed).toMatchObject({ provision_state: 'cleaning', target_provision_state: 'manageable', reservation: CONDUCTOR });
    expect(when(resumed, outcome({ outcome: 'failed', error: 'step failed' })).node).toMatchObject({ provision_state: 'clean failed', target_provision_state: 'manageable' });
    expect(when(resumed, outcome({ outcome: 'succeeded' })).node).toMatchObject({ provision_state: 'manageable', target_provision_state: null, clean_steps: null });
  });

  it('manual cleaning needs clean_steps', () => {
    expect(() => when(nodeIn('manageable'), provision('clean'))).toThrow(InvalidParameterError);
  });

  it('automated cleaning heads for available', () => {
    const cleaning = when(nodeIn('manageable'), provision('provide')).node!;
    expect(cleaning).toMatchObject({ provision_state: 'cleaning', target_provision_state: 'available' });
    expect(when(cleaning, outcome({ outcome: 'failed', error: 'x' })).node).toMatchObject({ provision_state: 'clean failed', target_provision_state: 'available' });
    expect(when(cleaning, outcome({ outcome: 'succeeded' })).node).toMatchObject({ provision_state: 'available', target_provision_state: null });
  });

  it('abort from clean wait is the operator’s', () => {
    expect(when(nodeIn('clean wait'), provision('abort')).node?.provision_state).toBe('clean failed');
  });
});

describe('deploy and tear-down', () => {
  it('walks available → deploying → wait call-back → deploying → active → deleting → cleaning → available', () => {
    let node: Node | null = nodeIn('available');
    const path: (ProvisionState | null)[] = [];
    for (const step of [provision('active'), outcome({ outcome: 'waiting' }), outcome({ outcome: 'resumed' }), outcome({ outcome: 'succeeded' }), provision('undeploy'), outcome({ outcome: 'succeeded' }), outcome({ outcome: 'succeeded' })]) {
      node = when(node, step).node;
      path.push(node?.provision_state ?? null);
    }
    expect(path).toEqual(['deploying', 'wait call-back', 'deploying', 'active', 'deleting', 'cleaning', 'available']);
    expect(node).toMatchObject({ target_provision_state: null, reservation: null });
  });

  it('keeps custom deploy steps until the deployment settles', () => {
    const deploySteps = [{ interface: 'deploy', step: 'write_image', priority: 80 }];
    const deploying = when(nodeIn('available'), provision('active', { deploy_steps: deploySteps })).node!;
    expect(deploying.deploy_steps).toEqual(deploySteps);
    expect(when(deploying, outcome({ outcome: 'succeeded' })).node?.deploy_steps).toBeNull();
  });

  it('keeps a deployment’s config drive in instance_info, as Ironic does; other verbs ignore it', () => {
    const given = { instance_info: { image_source: 'img' } };
    expect(when(nodeIn('available', given), provision('active', { configdrive: 'H4sI' })).node?.instance_info).toEqual({ image_source: 'img', configdrive: 'H4sI' });
    expect(when(nodeIn('active', given), provision('rebuild', { configdrive: { meta_data: {} } })).node?.instance_info).toEqual({ image_source: 'img', configdrive: { meta_data: {} } });
    expect(when(nodeIn('available', given), provision('active')).node?.instance_info).toEqual({ image_source: 'img' });
  });

  it('wipes instance_uuid and instance_info when tear-down finishes, not when it fails (Ironic’s do_node_tear_down)', () => {
    const deployed = { instance_uuid: '9f0e1d2c-0000-4000-8000-000000000001', instance_info: { image_source: 'img', configdrive: 'H4sI' } };
    const finished = when(nodeIn('deleting', deployed), outcome({ outcome: 'succeeded' }));
    expect(finished.events.map((e) => e.type)).toEqual(['ProvisionStateChanged', 'InstanceCleared']);
    expect(finished.node).toMatchObject({ provision_state: 'cleaning', instance_uuid: null, instance_info: {} });
    expect(when(nodeIn('deleting', deployed), outcome({ outcome: 'failed', error: 'x' })).node).toMatchObject({ provision_state: 'error', ...deployed });
    expect(when(nodeIn('deleting'), outcome({ outcome: 'succeeded' })).events.map((e) => e.type)).toEqual(['ProvisionStateChanged']);
  });
});

describe('locks', () => {
  it('refuses operator actions while another conductor works on the node', () => {
    const node = nodeIn('deploying', { reservation: 'conductor-b' });
    expect(() => when(node, provision('deleted'))).toThrow(new NodeLockedError(NODE_ID, 'conductor-b'));
    expect(() => when(node, { type: 'RequestPowerAction', data: { target: 'power off' } })).toThrow(NodeLockedError);
    expect(() => when(node, { type: 'UpdateNode', data: { changes: { name: 'x' } } })).toThrow(NodeLockedError);
    expect(() => when(node, { type: 'DeleteNode', data: {} })).toThrow(NodeLockedError);
  });

  it('lets only the holding conductor report the outcome', () => {
    const node = nodeIn('deploying', { reservation: 'conductor-b' });
    expect(() => when(node, outcome({ outcome: 'succeeded' }))).toThrow(NodeLockedError);
    expect(when(node, { ...outcome({ outcome: 'succeeded' }), meta: meta({ conductor: 'conductor-b' }) }).node?.provision_state).toBe('active');
  });
});

describe('recovery after a conductor died', () => {
  it.each(STUCK_STATES_TREATED_AS_FAIL)('fails a node left in %s and releases it', (state) => {
    const node = nodeIn(state, { reservation: 'dead-1' });
    const { events, node: after } = when(node, { type: 'RecoverNode', data: { deadConductor: 'dead-1' } });
    expect(events).toHaveLength(1);
    expect(after).toMatchObject({ provision_state: nextState(state, 'fail'), reservation: null });
    expect(after?.last_error).toContain('dead-1');
  });

  it('fails an unfinished power action', () => {
    const node = nodeIn('active', { reservation: 'dead-1', target_power_state: 'power off' });
    const after = when(node, { type: 'RecoverNode', data: { deadConductor: 'dead-1' } }).node;
    expect(after).toMatchObject({ target_power_state: null, reservation: null, provision_state: 'active' });
  });

  it('leaves nodes of live conductors and free nodes alone', () => {
    expect(() => when(nodeIn('deploying', { reservation: 'alive' }), { type: 'RecoverNode', data: { deadConductor: 'dead-1' } })).toThrow(NodeLockedError);
    expect(when(nodeIn('active'), { type: 'RecoverNode', data: { deadConductor: 'dead-1' } }).events).toEqual([]);
  });
});

describe('power', () => {
  it('shows the target while the action runs and records the result', () => {
    const started = when(nodeIn('active'), { type: 'RequestPowerAction', data: { target: 'rebooting' } }).node!;
    expect(started).toMatchObject({ target_power_state: 'power on', reservation: CONDUCTOR });
    const done = when(started, { type: 'RecordPowerOutcome', data: { outcome: 'succeeded', power_state: 'power on' } }).node!;
    expect(done).toMatchObject({ power_state: 'power on', target_power_state: null, reservation: null });
  });

  it('leaves the power state unchanged and no maintenance when the action fails', () => {
    const started = when(nodeIn('active', { power_state: 'power on' }), { type: 'RequestPowerAction', data: { target: 'power off' } }).node!;
    const failed = when(started, { type: 'RecordPowerOutcome', data: { outcome: 'failed', error: 'BMC timeout' } }).node!;
    expect(failed).toMatchObject({ power_state: 'power on', target_power_state: null, maintenance: false, last_error: 'BMC timeout' });
  });

  it('refuses unknown targets and bad timeouts', () => {
    expect(() => when(nodeIn('active'), { type: 'RequestPowerAction', data: { target: 'power sideways' } })).toThrow(
      `The requested action "power sideways" can not be performed on node "${NODE_ID}" while it is in state "None".`,
    );
    expect(() => when(nodeIn('active'), { type: 'RequestPowerAction', data: { target: 'soft power off', timeout: -1 } })).toThrow(InvalidParameterError);
  });

});

describe('power sync', () => {
  const sync = (data: object) => ({ type: 'RecordPowerSync' as const, data });

  it('records a BMC state that differs, and nothing when it agrees', () => {
    const corrected = when(nodeIn('active', { power_state: 'power on' }), sync({ outcome: 'read', power_state: 'power off' }));
    expect(corrected.events.map((e) => e.type)).toEqual(['PowerStateCorrected']);
    expect(corrected.events[0].data).toEqual({ from: 'power on', to: 'power off' });
    expect(when(nodeIn('active', { power_state: 'power on' }), sync({ outcome: 'read', power_state: 'power on' })).events).toEqual([]);
  });

  it('records a forced restore without changing the recorded state', () => {
    const { events, node } = when(nodeIn('active', { power_state: 'power on' }), sync({ outcome: 'forced', found: 'power off' }));
    expect(events[0]).toMatchObject({ type: 'PowerStateRestored', data: { found: 'power off', restored: 'power on' } });
    expect(node?.power_state).toBe('power on');
    const afterFailures = when(nodeIn('active', { power_state: 'power on', power_sync_failures: 2 }), sync({ outcome: 'forced', found: 'power off' }));
    expect(afterFailures.node?.power_sync_failures).toBe(0);
  });

  it('counts failures and puts the node into maintenance with fault power failure after max retries', () => {
    let node: Node | null = nodeIn('active', { power_state: 'power on' });
    const failed = { outcome: 'failed', error: 'BMC timed out', maxRetries: 3 };
    node = when(node, sync(failed)).node;
    node = when(node, sync(failed)).node;
    expect(node).toMatchObject({ power_sync_failures: 2, maintenance: false });
    const third = when(node, sync(failed));
    expect(third.events.map((e) => e.type)).toEqual(['PowerSyncFailed', 'MaintenanceSet']);
    // An unreadable BMC leaves the recorded power state unchanged.
    expect(third.node).toMatchObject({ power_state: 'power on', maintenance: true, fault: 'power failure', power_sync_failures: 3 });
    expect(third.node?.maintenance_reason).toContain('max retries exceeded');
    // Later failures are counted, without a second maintenance event.
    expect(when(third.node, sync(failed)).events.map((e) => e.type)).toEqual(['PowerSyncFailed']);
  });

  it('records the actual state when restoring keeps failing', () => {
    const node = nodeIn('active', { power_state: 'power on', power_sync_failures: 2 });
    const { node: after } = when(node, sync({ outcome: 'failed', error: 'reset refused', power_state: 'power off', maxRetries: 3 }));
    expect(after).toMatchObject({ power_state: 'power off', maintenance: true, fault: 'power failure' });
  });

  it('lifts its own maintenance when the BMC answers again', () => {
    const node = nodeIn('active', { power_state: 'power on', maintenance: true, fault: 'power failure', maintenance_reason: 'max retries', power_sync_failures: 4 });
    const { events, node: after } = when(node, sync({ outcome: 'read', power_state: 'power on' }));
    expect(events.map((e) => e.type)).toEqual(['PowerSyncRecovered', 'MaintenanceCleared']);
    expect(after).toMatchObject({ maintenance: false, fault: null, maintenance_reason: null, power_sync_failures: 0 });
  });

  it('never touches enrolled nodes, an operator’s maintenance, or a node being worked on', () => {
    expect(() => when(nodeIn('enroll'), sync({ outcome: 'read', power_state: 'power on' }))).toThrow(InvalidStateError);
    expect(() => when(nodeIn('active', { maintenance: true, maintenance_reason: 'disk swap' }), sync({ outcome: 'read', power_state: 'power on' }))).toThrow(InvalidStateError);
    expect(() => when(nodeIn('deploying'), sync({ outcome: 'read', power_state: 'power on' }))).toThrow(NodeLockedError);
  });
});

describe('maintenance', () => {
  it('lifts a power-failure maintenance but never an operator’s', () => {
    const faulted = when(nodeIn('active'), { type: 'SetMaintenance', data: { reason: 'BMC unreachable 3 times', fault: 'power failure' } }).node!;
    expect(faulted).toMatchObject({ maintenance: true, fault: 'power failure' });
    expect(when(faulted, { type: 'ClearMaintenance', data: { onlyFault: 'power failure' } }).node).toMatchObject({ maintenance: false, fault: null, maintenance_reason: null });
    const byOperator = when(nodeIn('active'), { type: 'SetMaintenance', data: { reason: 'disk swap' } }).node!;
    expect(when(byOperator, { type: 'ClearMaintenance', data: { onlyFault: 'power failure' } }).events).toEqual([]);
    expect(when(byOperator, { type: 'ClearMaintenance', data: {} }).node?.maintenance).toBe(false);
  });
});

describe('updates and deletion', () => {
  it('records only what changed', () => {
    const { events } = when(nodeIn('enroll', { name: 'a' }), { type: 'UpdateNode', data: { changes: { name: 'a', extra: { rack: 4 } } } });
    expect(events[0]).toMatchObject({ type: 'NodeUpdated', data: { changes: { extra: { rack: 4 } } } });
    expect(when(nodeIn('enroll', { name: 'a' }), { type: 'UpdateNode', data: { changes: { name: 'a' } } }).events).toEqual([]);
  });

  it('refuses to move an instance-associated node to another instance', () => {
    expect(() => when(nodeIn('active', { instance_uuid: 'i-1' }), { type: 'UpdateNode', data: { changes: { instance_uuid: 'i-2' } } })).toThrow(NodeConflictError);
  });

  it('deletes only in the delete-allowed states, or in maintenance', () => {
    expect(when(nodeIn('manageable'), { type: 'DeleteNode', data: {} }).node).toBeNull();
    expect(() => when(nodeIn('active'), { type: 'DeleteNode', data: {} })).toThrow(/Can not delete node .* while it is in provision state "active"/);
    expect(when(nodeIn('available', { maintenance: true }), { type: 'DeleteNode', data: {} }).node).toBeNull();
  });

  it('refusals are domain errors that carry a type', () => {
    try {
      when(nodeIn('active'), { type: 'DeleteNode', data: {} });
    } catch (error) {
      expect(error).toBeInstanceOf(DomainError);
      expect((error as DomainError).type).toBe('conflict');
      return;
    }
    throw new Error('expected a refusal');
  });
});

describe('replay', () => {
  it('folds a history into the same node as applying it step by step', () => {
    const history: NodeEvent[] = [];
    let node: Node | null = null;
    for (const step of [
      { type: 'RegisterNode' as const, data: { driver: 'fake-hardware', provision_state: 'enroll' as const } },
      provision('manage'),
      outcome({ outcome: 'succeeded' }),
      provision('provide'),
      outcome({ outcome: 'succeeded' }),
    ]) {
      const result = when(node, step);
      history.push(...result.events);
      node = result.node;
    }
    expect(replay(history)).toEqual(node);
    expect(node?.provision_state).toBe('available');
  });
});

describe('who may fire what', () => {
  it('keeps operators off the conductor’s transitions', () => {
    // cleaning → manageable and deleting → cleaning exist, but only as outcomes of conductor work.
    expect(() => when(nodeIn('cleaning', { reservation: null, target_provision_state: 'manageable' }), provision('manage'))).toThrow(InvalidStateError);
    expect(() => when(nodeIn('deleting', { reservation: null }), provision('clean', { clean_steps: [{ step: 'x' }] }))).toThrow(InvalidStateError);
  });
});
