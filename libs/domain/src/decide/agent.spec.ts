/** The ramdisk agent's look-up token, its heartbeats, and the step progress conductors record. */
import { describe, expect, it } from '@jest/globals';
import { AGENT_TEXT, callbackTimeoutError } from '../agent.js';
import { type NodeCommand } from '../commands.js';
import { decide } from '../decider.js';
import { InvalidInputError, InvalidParameterError, InvalidStateError } from '../errors.js';
import { type Node } from '../node.js';
import { type Step } from '../steps.js';
import { defaultInterfaces } from '../hardware-types.js';
import { type ProvisionState } from '../states.js';
import { CONDUCTOR, meta, NODE_ID, nodeIn } from '../testing/fixtures.js';
import { given, when } from '../testing/decider-specification.js';

type Given = Omit<NodeCommand, 'nodeId' | 'meta'>;

const issue = (token: string): Given => ({ type: 'IssueAgentToken', data: { token } });
const beat = (fields: Partial<{ callback_url: string; agent_version: string | null; agent_token: string | null; agent_status: string | null }> = {}): Given => ({
  type: 'RecordAgentHeartbeat',
  data: { callback_url: 'http://10.0.0.5:9999', agent_version: '9.9.0', agent_token: 'secret', agent_status: null, ...fields },
});
const withAgent = (node: Node, token = 'secret', url: string | null = null): Node => ({ ...node, agent: { token, url, version: null, last_heartbeat: null } });
const step = (name: string, priority = 0, iface = 'deploy'): Step => ({ interface: iface, step: name, priority, args: {} });

describe('agent look-up tokens', () => {
  it('are issued once per boot of the ramdisk, in the states where a ramdisk may run', () => {
    const first = when(nodeIn('wait call-back'), issue('t1'));
    expect(first.events.map((e) => [e.type, e.data])).toEqual([['AgentTokenIssued', { token: 't1' }]]);
    expect(first.node.agent?.token).toBe('t1');
    given(first.node).when(issue('t2')).then([]);
    given(nodeIn('active')).when(issue('t1')).thenThrows(InvalidStateError);
    given(nodeIn('available')).when(issue('t1')).thenThrows(InvalidStateError);
  });

  it('are issued while a conductor works on the node (booting the ramdisk), which Ironic would make the agent wait for', () => {
    expect(when(nodeIn('deploying', { reservation: 'conductor-b' }), issue('t1')).node.agent?.token).toBe('t1');
  });

  it('and the agent are forgotten when the node leaves the ramdisk states', () => {
    const cleaning = { ...withAgent(nodeIn('clean wait'), 'secret', 'http://a'), step_run: { kind: 'clean' as const, steps: [step('erase_devices_metadata', 99)], index: 0 } };
    const { node } = when(cleaning, { type: 'RequestProvisionAction', data: { target: 'abort' } });
    expect(node).toMatchObject({ provision_state: 'clean failed', agent: null, step_run: null });
    expect(node.last_error).toBe('By request, the clean operation was aborted during or after the completion of step "deploy.erase_devices_metadata"');
    expect(when(nodeIn('clean wait'), { type: 'RequestProvisionAction', data: { target: 'abort' } }).node.last_error).toBe('By request, the clean operation was aborted');
  });
});

describe('tokens made before a virtual-media boot (pregenerated)', () => {
  const virtualMedia = (state: ProvisionState, overrides: Partial<Node> = {}): Node =>
    nodeIn(state, { driver: 'redfish', boot_interface: 'redfish-virtual-media', deploy_interface: 'direct', rescue_interface: 'agent', reservation: CONDUCTOR, ...overrides });
  const pregenerate = (token: string): Given => ({ type: 'IssueAgentToken', data: { token, pregenerated: true } });

  it('are recorded by the conductor holding a node it boots into the agent from virtual media, before it boots, and outlive the boot', () => {
    for (const state of ['deploying', 'cleaning', 'rescuing'] as const) {
      const { events, node } = when(virtualMedia(state), pregenerate('vm-token'));
      expect(events.map((e) => [e.type, e.data])).toEqual([['AgentTokenIssued', { token: 'vm-token', pregenerated: true }]]);
      expect(node.agent).toMatchObject({ token: 'vm-token', pregenerated: true });
      // A second boot in the same run (a retry) keeps the token the medium already carries.
      given(node).when(pregenerate('other')).then([]);
    }
  });

  it('are never given to a look-up, before or after the conductor made one', () => {
    given(virtualMedia('deploying', { reservation: null })).when(issue('attacker')).then([]);
    given(virtualMedia('wait call-back', { reservation: null })).when(issue('attacker')).then([]);
    const booted = when(virtualMedia('deploying'), pregenerate('vm-token')).node;
    given(booted).when(issue('attacker')).then([]);
    // A network boot still gets its token from the first look-up, as in Ironic.
    expect(when(virtualMedia('deploying', { boot_interface: 'pxe', reservation: null }), issue('t1')).node.agent?.token).toBe('t1');
  });

  it('leave inspection alone: the inspector boots its ramdisk, whose first look-up gets the token, as in Ironic', () => {
    expect(when(virtualMedia('inspect wait', { reservation: null }), issue('t1')).node.agent?.token).toBe('t1');
    expect(when(virtualMedia('inspecting', { reservation: null }), issue('t1')).node.agent?.token).toBe('t1');
    given(virtualMedia('inspect wait')).when(pregenerate('t')).thenThrows(InvalidInputError);
  });

  it('are refused to anyone but the conductor holding the node, where no ramdisk boots from virtual media, and outside the ramdisk states', () => {
    given(virtualMedia('deploying')).when(pregenerate('t'), { conductor: 'conductor-b' }).thenThrows(InvalidInputError);
    given(virtualMedia('deploying', { boot_interface: 'pxe' })).when(pregenerate('t')).thenThrows(InvalidInputError);
    given(virtualMedia('deploying', { deploy_interface: 'fake' })).when(pregenerate('t')).thenThrows(InvalidInputError);
    given(virtualMedia('active')).when(pregenerate('t')).thenThrows(InvalidStateError);
  });

  it('let only the agent that booted with them heartbeat; the token and the pregenerated mark go when the ramdisk is torn down', () => {
    const booted = when(virtualMedia('deploying'), pregenerate('vm-token')).node;
    const waiting: Node = { ...booted, provision_state: 'wait call-back', reservation: null };
    given(waiting).when(beat({ agent_token: 'guess' })).thenThrows(InvalidParameterError);
    const resumed = when(waiting, beat({ agent_token: 'vm-token', callback_url: 'http://agent:9999' })).node;
    expect(resumed.provision_state).toBe('deploying');
    const rewaiting: Node = { ...resumed, provision_state: 'wait call-back', reservation: null };
    given(rewaiting).when(beat({ agent_token: 'vm-token', callback_url: 'http://attacker:9999' })).thenThrows(InvalidInputError);
    const cleared = when(resumed, { type: 'RecordProvisionOutcome', data: { outcome: 'waiting', agent_reset: true } }).node;
    expect(cleared.agent).toBeNull();
  });
});

describe('agent heartbeats', () => {
  it('resume a node waiting for its agent, recording where the agent listens', () => {
    const { types, node } = when(withAgent(nodeIn('wait call-back')), beat());
    expect(types).toEqual(['AgentHeartbeatRecorded', 'ProvisionStateChanged']);
    expect(node).toMatchObject({ provision_state: 'deploying', reservation: CONDUCTOR, agent: { token: 'secret', url: 'http://10.0.0.5:9999', version: '9.9.0', last_heartbeat: '2026-11-21T10:00:00.000Z' } });
    expect(when(withAgent(nodeIn('clean wait')), beat()).node.provision_state).toBe('cleaning');
    expect(when(withAgent(nodeIn('rescue wait')), beat()).node.provision_state).toBe('rescuing');
  });

  it('change nothing where they drive nothing, and only record themselves in maintenance', () => {
    given(withAgent(nodeIn('inspect wait'))).when(beat()).then([]);
    expect(when(withAgent(nodeIn('wait call-back', { maintenance: true })), beat()).types).toEqual(['AgentHeartbeatRecorded']);
  });

  it('are refused without the issued token, with a changed URL, or without a version, in Ironic’s order and words', () => {
    const waiting = withAgent(nodeIn('wait call-back'), 'secret', 'http://10.0.0.5:9999');
    given(waiting).when(beat({ callback_url: 'http://elsewhere:9999', agent_token: null })).thenThrows(new InvalidInputError(AGENT_TEXT.urlChanged));
    given(waiting).when(beat({ agent_token: null, agent_version: null })).thenThrows(new InvalidParameterError(waiting.uuid, AGENT_TEXT.tokenMissing));
    given(waiting).when(beat({ agent_status: 'bogus' })).thenThrows(AGENT_TEXT.statusInvalid);
    given(waiting).when(beat({ agent_version: null, agent_token: 'wrong' })).thenThrows(AGENT_TEXT.noVersion);
    given(waiting).when(beat({ agent_token: 'wrong' })).thenThrows(AGENT_TEXT.tokenInvalid);
    // A node that never issued a token takes no heartbeat at all.
    given(nodeIn('wait call-back')).when(beat()).thenThrows(AGENT_TEXT.tokenInvalid);
  });
});

describe('step progress recorded with a conductor outcome', () => {
  const held = (state: 'deploying' | 'cleaning', overrides: Partial<Node> = {}) => nodeIn(state, { reservation: CONDUCTOR, ...overrides });

  it('plans, starts and finishes steps before the move, and shows the running step', () => {
    const plan = [step('write_image', 80), step('boot_instance', 20)];
    const { types, node } = when(held('deploying'), {
      type: 'RecordProvisionOutcome',
      data: { outcome: 'waiting', progress: [{ type: 'planned', kind: 'deploy', steps: plan }, { type: 'started', kind: 'deploy', index: 0 }] },
    });
    expect(types).toEqual(['StepsPlanned', 'StepStarted', 'ProvisionStateChanged']);
    expect(node).toMatchObject({ provision_state: 'wait call-back', step_run: { kind: 'deploy', steps: plan, index: 0 } });
    const resumed = { ...node, provision_state: 'deploying' as const, reservation: CONDUCTOR };
    const done = when(resumed, { type: 'RecordProvisionOutcome', data: { outcome: 'succeeded', progress: [{ type: 'finished', kind: 'deploy', index: 0 }, { type: 'started', kind: 'deploy', index: 1 }, { type: 'finished', kind: 'deploy', index: 1 }] } });
    expect(done.events.map((e) => (e.type === 'StepStarted' || e.type === 'StepFinished' ? `${e.type} ${e.data.step.step}` : e.type))).toEqual([
      'StepFinished write_image', 'StepStarted boot_instance', 'StepFinished boot_instance', 'ProvisionStateChanged',
    ]);
    // The run ends with the deployment.
    expect(done.node).toMatchObject({ provision_state: 'active', step_run: null });
  });

  it('keeps the progress of a failed run in the history, and ends the run in the fail state', () => {
    const node = held('cleaning', { target_provision_state: 'available', step_run: { kind: 'clean', steps: [step('erase_devices_metadata', 99)], index: null } });
    const { types, node: after } = when(node, { type: 'RecordProvisionOutcome', data: { outcome: 'failed', error: 'Clean step deploy.erase_devices_metadata failed', progress: [{ type: 'started', kind: 'clean', index: 0 }] } });
    expect(types).toEqual(['StepStarted', 'ProvisionStateChanged']);
    expect(after).toMatchObject({ provision_state: 'clean failed', step_run: null, last_error: 'Clean step deploy.erase_devices_metadata failed' });
  });

  it('records the power state a failed work left, before the failure', () => {
    const node = held('deploying', { target_provision_state: 'active', power_state: 'power on' });
    const { types, node: after } = when(node, { type: 'RecordProvisionOutcome', data: { outcome: 'failed', error: 'Failed to prepare to deploy: no Cinder', power_state: 'power off' } });
    expect(types).toEqual(['PowerStateChanged', 'ProvisionStateChanged']);
    expect(after).toMatchObject({ provision_state: 'deploy failed', power_state: 'power off', last_error: 'Failed to prepare to deploy: no Cinder' });
  });

  it('refuses progress naming a step the plan does not have', () => {
    given(held('deploying')).when({ type: 'RecordProvisionOutcome', data: { outcome: 'waiting', progress: [{ type: 'started', kind: 'deploy', index: 3 }] } }).thenThrows(InvalidInputError);
  });

  it('clears the agent when the work restarted the ramdisk', () => {
    const node = withAgent(held('deploying'), 'secret', 'http://a');
    const { types, node: after } = when(node, { type: 'RecordProvisionOutcome', data: { outcome: 'waiting', agent_reset: true } });
    expect(types).toEqual(['AgentCleared', 'ProvisionStateChanged']);
    expect(after.agent).toBeNull();
  });
});

describe('heartbeats while the conductor works', () => {
  it('are recorded, and a conductor about to wait resumes at once when one came in meanwhile', () => {
    const working = withAgent(nodeIn('deploying'), 'secret', 'http://10.0.0.5:9999');
    const beat1 = when(working, beat(), { conductor: 'conductor-b' });
    expect(beat1.types).toEqual(['AgentHeartbeatRecorded']);
    expect(beat1.node).toMatchObject({ provision_state: 'deploying', reservation: CONDUCTOR });
    // The conductor started its step before that heartbeat: it knew none.
    const outcome = when(beat1.node, { type: 'RecordProvisionOutcome', data: { outcome: 'waiting', heartbeat_seen: null } });
    expect(outcome.events.map((e) => (e.type === 'ProvisionStateChanged' ? `${e.data.from} -> ${e.data.to}` : e.type))).toEqual(['deploying -> wait call-back', 'wait call-back -> deploying']);
    expect(outcome.node).toMatchObject({ provision_state: 'deploying', reservation: CONDUCTOR });
    // Knowing the last heartbeat, it waits for the next.
    const waits = when(beat1.node, { type: 'RecordProvisionOutcome', data: { outcome: 'waiting', heartbeat_seen: beat1.node.agent!.last_heartbeat } });
    expect(waits.node.provision_state).toBe('wait call-back');
  });
});

describe('heartbeats that change nothing', () => {
  const URL = 'http://10.0.0.5:9999';
  /** A node in `state` since 10:00, whose agent (version 9.9.0 at URL) last heartbeat at `last`. */
  const heard = (state: ProvisionState, last: string | null, overrides: Partial<Node> = {}): Node => ({
    ...nodeIn(state, { provision_updated_at: '2026-11-21T10:00:00.000Z', ...overrides }),
    agent: { token: 'secret', url: URL, version: '9.9.0', last_heartbeat: last },
  });
  const later = (seconds: number) => new Date(Date.parse('2026-11-21T10:00:00.000Z') + seconds * 1000).toISOString();

  it('append nothing after the first of a state while the conductor works, however many come', () => {
    for (const state of ['deploying', 'cleaning', 'rescuing'] as const) {
      const first = when(heard(state, '2026-11-21T09:59:00.000Z'), beat(), { conductor: 'conductor-b', at: later(1) });
      expect(first.types).toEqual(['AgentHeartbeatRecorded']);
      let node = first.node;
      for (let i = 2; i <= 50; i++) {
        const next = when(node, beat(), { conductor: 'conductor-b', at: later(i) });
        expect(next.events).toEqual([]);
        node = next.node;
      }
      expect(node.agent?.last_heartbeat).toBe(later(1));
    }
  });

  it('append nothing after the first of a wait state in maintenance', () => {
    const first = when(heard('wait call-back', '2026-11-21T09:59:00.000Z', { maintenance: true }), beat(), { at: later(1) });
    expect(first.types).toEqual(['AgentHeartbeatRecorded']);
    given(first.node).when(beat(), { at: later(2) }).then([]);
    given(heard('clean wait', later(1), { maintenance: true })).when(beat(), { at: later(2) }).then([]);
  });

  it('are recorded when they come from a new boot: a URL or agent version the node does not have', () => {
    const running = heard('deploying', later(1));
    given(running).when(beat(), { at: later(2) }).then([]);
    expect(when(running, beat({ agent_version: '10.0.0' }), { at: later(2) }).node.agent?.version).toBe('10.0.0');
    const booted = { ...running, agent: { token: 'secret', url: null, version: null, last_heartbeat: null } };
    expect(when(booted, beat(), { at: later(2) }).node.agent).toMatchObject({ url: URL, version: '9.9.0', last_heartbeat: later(2) });
  });

  it('still resume a wait state, each time one comes', () => {
    const waiting = heard('wait call-back', later(1));
    expect(when(waiting, beat(), { at: later(2) }).types).toEqual(['AgentHeartbeatRecorded', 'ProvisionStateChanged']);
  });

  it('after the one that resumed the node, the next is recorded: the conductor then resumes instead of waiting', () => {
    const resumedAt = when(heard('wait call-back', '2026-11-21T09:59:00.000Z'), beat(), { at: later(1) });
    expect(resumedAt.node).toMatchObject({ provision_state: 'deploying', provision_updated_at: later(1), agent: { last_heartbeat: later(1) } });
    const meanwhile = when(resumedAt.node, beat(), { conductor: 'conductor-b', at: later(2) });
    expect(meanwhile.types).toEqual(['AgentHeartbeatRecorded']);
    given(meanwhile.node).when(beat(), { conductor: 'conductor-b', at: later(3) }).then([]);
    const outcome = when(meanwhile.node, { type: 'RecordProvisionOutcome', data: { outcome: 'waiting', heartbeat_seen: later(1) } }, { at: later(4) });
    expect(outcome.node.provision_state).toBe('deploying');
  });
});

describe('a ramdisk run ended by failure, timeout or abort', () => {
  const abort: Given = { type: 'RequestProvisionAction', data: { target: 'abort' } };
  const timeout: Given = { type: 'RecordProvisionOutcome', data: { outcome: 'failed', error: 'Timeout reached while waiting for callback' } };
  const failure: Given = { type: 'RecordProvisionOutcome', data: { outcome: 'failed', error: 'Clean step deploy.erase_devices failed' } };
  /** A node whose interfaces boot the agent's ramdisk. */
  const agentNode = (state: ProvisionState, fields: Partial<Node> = {}) => nodeIn(state, { driver: 'redfish', ...defaultInterfaces('redfish'), rescue_interface: 'agent', ...fields });

  it('leaves the deciding conductor holding the node to tear the ramdisk down, keeping why the run ended', () => {
    const aborted = when(withAgent(agentNode('clean wait')), abort);
    expect(aborted.types).toEqual(['ProvisionStateChanged', 'ManagementActionStarted']);
    expect(aborted.node).toMatchObject({
      provision_state: 'clean failed',
      reservation: CONDUCTOR,
      management_action: { kind: 'tear_down_ramdisk', of: 'clean', power_off: true },
      last_error: 'By request, the clean operation was aborted',
    });
    // Ironic powers the host off after cleaning, not after an aborted rescue (whose timeout it does power off), nor a deployment's timeout.
    expect(when(agentNode('rescue wait'), abort).node.management_action).toEqual({ kind: 'tear_down_ramdisk', of: 'rescue', power_off: false });
    expect(when(agentNode('rescue wait'), timeout).node.management_action).toEqual({ kind: 'tear_down_ramdisk', of: 'rescue', power_off: true });
    expect(when(agentNode('wait call-back'), timeout).node).toMatchObject({ provision_state: 'deploy failed', management_action: { kind: 'tear_down_ramdisk', of: 'deploy', power_off: false } });
    // A failed step: Ironic's error handlers tear cleaning down and power a failed deployment off.
    expect(when(agentNode('cleaning'), failure).node).toMatchObject({ provision_state: 'clean failed', reservation: CONDUCTOR, management_action: { kind: 'tear_down_ramdisk', of: 'clean', power_off: true } });
    expect(when(agentNode('deploying'), failure).node.management_action).toEqual({ kind: 'tear_down_ramdisk', of: 'deploy', power_off: true });
    expect(when(agentNode('deploying', { deploy_interface: 'ramdisk' }), failure).node.management_action).toMatchObject({ of: 'deploy' });
  });

  it('leaves nothing to tear down where no agent ramdisk runs, or before a conductor has the command', () => {
    expect(when(agentNode('inspect wait'), abort).types).not.toContain('ManagementActionStarted');
    expect(when(nodeIn('clean wait'), abort).types).toEqual(['ProvisionStateChanged']);
    expect(when(agentNode('rescue wait', { rescue_interface: 'no-rescue' }), abort).types).toEqual(['ProvisionStateChanged']);
    const trial = decide({ nodeId: NODE_ID, meta: meta({ conductor: undefined }), ...abort } as NodeCommand, agentNode('clean wait'));
    expect(trial.map((e) => e.type)).toEqual(['ProvisionStateChanged']);
  });

  it('records the tear-down and the power it left, releasing the node; a failed one says so in last_error', () => {
    const { node } = when(agentNode('clean wait', { power_state: 'power on' }), abort);
    const done = when(node, { type: 'RecordManagementOutcome', data: { outcome: 'succeeded', power_state: 'power off' } });
    expect(done.events.map((e) => [e.type, e.data])).toEqual([['RamdiskTornDown', { of: 'clean', power_state: 'power off' }]]);
    expect(done.node).toMatchObject({ reservation: null, management_action: null, power_state: 'power off', last_error: 'By request, the clean operation was aborted' });
    const failed = when(node, { type: 'RecordManagementOutcome', data: { outcome: 'failed', error: 'BMC gone' } });
    expect(failed.node).toMatchObject({ reservation: null, management_action: null, power_state: 'power on', last_error: 'Tearing down cleaning failed: BMC gone' });
    expect(() => when(failed.node, { type: 'RequestProvisionAction', data: { target: 'manage' } })).not.toThrow();
  });
});

describe('a callback timeout', () => {
  it('is told in Ironic’s words for each wait, the clean wait naming its step', () => {
    expect(callbackTimeoutError(nodeIn('wait call-back'))).toBe(`Timeout reached while waiting for callback for node ${NODE_ID}`);
    expect(callbackTimeoutError(nodeIn('rescue wait'))).toBe('Timeout reached while waiting for rescue ramdisk callback for node');
    expect(callbackTimeoutError(nodeIn('inspect wait'))).toBe('timeout reached while inspecting the node');
    const prefix = 'Timeout reached while cleaning the node. Please check if the ramdisk responsible for the cleaning is running on the node. Failed on step';
    expect(callbackTimeoutError(nodeIn('clean wait'))).toBe(`${prefix} {}.`);
    const running = { ...nodeIn('clean wait'), step_run: { kind: 'clean' as const, steps: [step('erase_devices_metadata', 99)], index: 0 } };
    expect(callbackTimeoutError(running)).toBe(`${prefix} {'interface': 'deploy', 'step': 'erase_devices_metadata', 'priority': 99, 'args': {}}.`);
  });
});
