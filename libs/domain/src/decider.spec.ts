import { describe, expect, it } from '@jest/globals';
import { replay } from './decider.js';
import { DomainError, InvalidParameterError, InvalidStateError, NodeLockedError, NodeNotFoundError } from './errors.js';
import { type NodeEvent } from './events.js';
import { nextState, transition } from './machine.js';
import { type Node } from './node.js';
import { isProvisionVerb, PROVISION_STATES, type ProvisionState, STUCK_STATES_TREATED_AS_FAIL, VERBS } from './states.js';
import { CONDUCTOR, meta, NODE_ID, nodeIn } from './testing/fixtures.js';
import { given, when } from './testing/decider-specification.js';

const provision = (target: string, extra: object = {}) => ({ type: 'RequestProvisionAction' as const, data: { target, ...extra } });
const outcome = (data: { outcome: 'succeeded' | 'waiting' | 'resumed' } | { outcome: 'failed'; error: string }) => ({ type: 'RecordProvisionOutcome' as const, data });

describe('a node that does not exist', () => {
  it('refuses commands for a node that does not exist', () => {
    given(null).when(provision('manage')).thenThrows(NodeNotFoundError);
  });
});

describe('every API verb in every state', () => {
  const verbs = Object.keys(VERBS);
  describe.each(PROVISION_STATES)('in %s', (state) => {
    it.each(verbs)('%s fires the table’s operator transition or is refused with nothing appended', (verb) => {
      const node = nodeIn(state, { reservation: null });
      const tr = isProvisionVerb(verb) ? transition(state, VERBS[verb]) : undefined;
      const to = tr?.by === 'operator' ? tr.to : undefined;
      const args = verb === 'clean' ? { clean_steps: [{ interface: 'deploy', step: 'erase_devices' }] } : verb === 'rescue' ? { rescue_password: 'pw' } : {};
      if (!to) {
        given(node).when(provision(verb, args)).thenThrows(new InvalidStateError(NODE_ID, state, verb));
        return;
      }
      const { events, node: after } = when(node, provision(verb, args));
      expect(events).toHaveLength(1);
      expect(events[0]).toMatchObject({ type: 'ProvisionStateChanged', data: { from: state, to, verb, event: VERBS[verb as keyof typeof VERBS] } });
      expect(after?.provision_state).toBe(to);
    });
  });

  it('refuses an unknown target with Ironic’s message', () => {
    given(nodeIn('enroll')).when(provision('bogus')).thenThrows(
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
        given(node).when(command).thenThrows(InvalidStateError);
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
    given(nodeIn('manageable')).when(provision('clean')).thenThrows(InvalidParameterError);
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
    given(node).when(provision('deleted')).thenThrows(new NodeLockedError(NODE_ID, 'conductor-b'));
    given(node).when({ type: 'RequestPowerAction', data: { target: 'power off' } }).thenThrows(NodeLockedError);
    given(node).when({ type: 'UpdateNode', data: { changes: { name: 'x' } } }).thenThrows(NodeLockedError);
    given(node).when({ type: 'DeleteNode', data: {} }).thenThrows(NodeLockedError);
  });

  it('lets only the holding conductor report the outcome', () => {
    const node = nodeIn('deploying', { reservation: 'conductor-b' });
    given(node).when(outcome({ outcome: 'succeeded' })).thenThrows(NodeLockedError);
    expect(when(node, { ...outcome({ outcome: 'succeeded' }), meta: meta({ conductor: 'conductor-b' }) }).node?.provision_state).toBe('active');
  });
});

describe('recovery after a conductor died', () => {
  it.each(STUCK_STATES_TREATED_AS_FAIL)('fails a node left in %s and releases it', (state) => {
    const node = nodeIn(state, { reservation: 'dead-1' });
    const { events, node: after } = when(node, { type: 'RecoverNode', data: { deadConductor: 'dead-1' } });
    expect(events).toHaveLength(1);
    expect(after).toMatchObject({ provision_state: nextState(state, 'fail'), reservation: null });
    // Ironic's takeover words for deploying and cleaning; for the others, which conductor stopped.
    if (state === 'deploying' || state === 'cleaning') expect(after?.last_error).toBe('Operation was aborted due to conductor take over');
    else expect(after?.last_error).toContain('dead-1');
  });

  it('fails an unfinished power action', () => {
    const node = nodeIn('active', { reservation: 'dead-1', target_power_state: 'power off' });
    const after = when(node, { type: 'RecoverNode', data: { deadConductor: 'dead-1' } }).node;
    expect(after).toMatchObject({ target_power_state: null, reservation: null, provision_state: 'active' });
  });

  it('leaves nodes of live conductors and free nodes alone', () => {
    given(nodeIn('deploying', { reservation: 'alive' })).when({ type: 'RecoverNode', data: { deadConductor: 'dead-1' } }).thenThrows(NodeLockedError);
    given(nodeIn('active')).when({ type: 'RecoverNode', data: { deadConductor: 'dead-1' } }).then([]);
  });
});

describe('refusals', () => {
  it('refusals are domain errors that carry a type', () => {
    const refused = given(nodeIn('active')).when({ type: 'DeleteNode', data: {} });
    refused.thenThrows(DomainError);
    refused.thenThrows(expect.objectContaining({ type: 'conflict' }));
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
    given(nodeIn('cleaning', { reservation: null, target_provision_state: 'manageable' })).when(provision('manage')).thenThrows(InvalidStateError);
    given(nodeIn('deleting', { reservation: null })).when(provision('clean', { clean_steps: [{ step: 'x' }] })).thenThrows(InvalidStateError);
  });
});
