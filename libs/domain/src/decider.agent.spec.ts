/** The ramdisk agent's look-up token, its heartbeats, and the step progress conductors record. */
import { describe, expect, it } from '@jest/globals';
import { AGENT_TEXT, callbackTimeoutError } from './agent.js';
import { type NodeCommand } from './commands.js';
import { decide, evolve } from './decider.js';
import { InvalidInputError, InvalidParameterError, InvalidStateError } from './errors.js';
import { type Node } from './node.js';
import { type Step } from './steps.js';
import { defaultInterfaces } from './hardware-types.js';
import { type ProvisionState } from './states.js';
import { CONDUCTOR, meta, NODE_ID, nodeIn } from './testing/fixtures.js';

type Given = Omit<NodeCommand, 'nodeId' | 'meta'>;

function when(node: Node, command: Given, conductor: string | undefined = CONDUCTOR) {
  const events = decide({ nodeId: node.uuid, meta: meta({ conductor }), ...command } as NodeCommand, node);
  return { events, types: events.map((e) => e.type), node: events.reduce<Node | null>(evolve, node)! };
}

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
    expect(when(first.node, issue('t2')).events).toEqual([]);
    expect(() => when(nodeIn('active'), issue('t1'))).toThrow(InvalidStateError);
    expect(() => when(nodeIn('available'), issue('t1'))).toThrow(InvalidStateError);
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

describe('agent heartbeats', () => {
  it('resume a node waiting for its agent, recording where the agent listens', () => {
    const { types, node } = when(withAgent(nodeIn('wait call-back')), beat());
    expect(types).toEqual(['AgentHeartbeatRecorded', 'ProvisionStateChanged']);
    expect(node).toMatchObject({ provision_state: 'deploying', reservation: CONDUCTOR, agent: { token: 'secret', url: 'http://10.0.0.5:9999', version: '9.9.0', last_heartbeat: '2026-11-21T10:00:00.000Z' } });
    expect(when(withAgent(nodeIn('clean wait')), beat()).node.provision_state).toBe('cleaning');
    expect(when(withAgent(nodeIn('rescue wait')), beat()).node.provision_state).toBe('rescuing');
  });

  it('change nothing where they drive nothing, and only record themselves in maintenance', () => {
    expect(when(withAgent(nodeIn('inspect wait')), beat()).events).toEqual([]);
    expect(when(withAgent(nodeIn('wait call-back', { maintenance: true })), beat()).types).toEqual(['AgentHeartbeatRecorded']);
  });

  it('are refused without the issued token, with a changed URL, or without a version, in Ironic’s order and words', () => {
    const waiting = withAgent(nodeIn('wait call-back'), 'secret', 'http://10.0.0.5:9999');
    expect(() => when(waiting, beat({ callback_url: 'http://elsewhere:9999', agent_token: null }))).toThrow(new InvalidInputError(AGENT_TEXT.urlChanged));
    expect(() => when(waiting, beat({ agent_token: null, agent_version: null }))).toThrow(new InvalidParameterError(waiting.uuid, AGENT_TEXT.tokenMissing));
    expect(() => when(waiting, beat({ agent_status: 'bogus' }))).toThrow(AGENT_TEXT.statusInvalid);
    expect(() => when(waiting, beat({ agent_version: null, agent_token: 'wrong' }))).toThrow(AGENT_TEXT.noVersion);
    expect(() => when(waiting, beat({ agent_token: 'wrong' }))).toThrow(AGENT_TEXT.tokenInvalid);
    // A node that never issued a token takes no heartbeat at all.
    expect(() => when(nodeIn('wait call-back'), beat())).toThrow(AGENT_TEXT.tokenInvalid);
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

  it('refuses progress naming a step the plan does not have', () => {
    expect(() => when(held('deploying'), { type: 'RecordProvisionOutcome', data: { outcome: 'waiting', progress: [{ type: 'started', kind: 'deploy', index: 3 }] } })).toThrow(InvalidInputError);
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
    const beat1 = when(working, beat(), 'conductor-b');
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
