/** The ramdisk agent's look-up and heartbeats, as Ironic's conductor takes them. */
import { AGENT_STATUSES, AGENT_TEXT, HEARTBEAT_RECORDED_STATES } from '../agent.js';
import { type IssueAgentToken, type NodeCommand, type RecordAgentHeartbeat, type RecordProvisionOutcome } from '../commands.js';
import { InvalidInputError, InvalidParameterError, InvalidStateError } from '../errors.js';
import { type NodeEvent, type ProvisionStateChanged } from '../events.js';
import { type Node } from '../node.js';
import { RESUMABLE_STATES } from '../machine.js';
import { interfaceOf } from '../hardware-types.js';
import { type ManagementAction, type RamdiskRun } from '../management.js';
import { LOOKUP_ALLOWED_STATES, type MachineEvent, type ProvisionState } from '../states.js';
import { type Step, type StepProgress } from '../steps.js';
import { carriedTarget, eventMeta, firedBy, moved, workingConductor } from './shared.js';

/**
 * A ramdisk looked the node up: it gets a token unless one was issued to this boot already
 * (the API then shows a masked one, which the agent cannot use: a second ramdisk claiming
 * the node is refused). The node must be where a ramdisk may run. Unlike Ironic, a conductor
 * working on the node does not hold the look-up off (Ironic answers 409 and the agent waits
 * seconds): the token touches nothing the conductor works on, and the conductor's next commit
 * is decided again on the stream that holds it.
 */
export function issueAgentToken(command: IssueAgentToken, node: Node): NodeEvent[] {
  if (!LOOKUP_ALLOWED_STATES.has(node.provision_state)) throw new InvalidStateError(node.uuid, node.provision_state, 'lookup');
  if (node.agent?.token) return [];
  return [{ type: 'AgentTokenIssued', data: { token: command.data.token }, meta: eventMeta(command) }];
}

/**
 * An agent's heartbeat. Its token must be the one issued; then it is recorded, and in a wait
 * state (out of maintenance) it resumes the node's work: the conductor picks up where the agent
 * has got. In other states it changes nothing (the agent beats again).
 */
export function recordAgentHeartbeat(command: RecordAgentHeartbeat, node: Node): NodeEvent[] {
  const { callback_url, agent_version, agent_token, agent_status } = command.data;
  if (node.agent?.url && node.agent.url !== callback_url) throw new InvalidInputError(AGENT_TEXT.urlChanged);
  if (agent_token === null) throw new InvalidParameterError(node.uuid, AGENT_TEXT.tokenMissing);
  if (agent_status !== null && !AGENT_STATUSES.includes(agent_status)) throw new InvalidParameterError(node.uuid, AGENT_TEXT.statusInvalid);
  if (agent_version === null && agent_status === null) throw new InvalidParameterError(node.uuid, AGENT_TEXT.noVersion);
  if (!node.agent?.token || node.agent.token !== agent_token) throw new InvalidParameterError(node.uuid, AGENT_TEXT.tokenInvalid);
  const recorded: NodeEvent = { type: 'AgentHeartbeatRecorded', data: { url: callback_url, version: agent_version, status: agent_status }, meta: eventMeta(command) };
  // While the conductor works, the heartbeat is only recorded: its work resumes on it when it would wait
  // (`heartbeatCameMeanwhile`). In maintenance it moves nothing either, as in Ironic.
  if (HEARTBEAT_RECORDED_STATES.has(node.provision_state) || (node.maintenance && RESUMABLE_STATES.has(node.provision_state))) return [recorded];
  if (!RESUMABLE_STATES.has(node.provision_state) || node.reservation !== null) return [];
  return [recorded, resumed(command, node)];
}

/**
 * Whether an agent heartbeat was recorded while the conductor's work ran (its outcome names the
 * last heartbeat it knew): the node then resumes as soon as it would wait, instead of waiting
 * for the agent's next heartbeat, which may be minutes away.
 */
export function heartbeatCameMeanwhile(command: RecordProvisionOutcome, node: Node): boolean {
  const seen = command.data.heartbeat_seen;
  return seen !== undefined && node.agent?.last_heartbeat != null && node.agent.last_heartbeat !== seen;
}

/** The move out of a wait state when the agent reports in (the conductor's `resume`). */
export function resumed(command: NodeCommand, node: Node): ProvisionStateChanged {
  const to = firedBy('conductor', node.provision_state, 'resume')!;
  return moved(command, node, 'resume', to, { verb: null, chosenTarget: carriedTarget(node), last_error: node.last_error });
}

/** The events recording what a conductor's work reported besides its outcome: step progress, a restarted ramdisk, a network boot prepared. */
export function workProgress(command: RecordProvisionOutcome, node: Node): NodeEvent[] {
  const events: NodeEvent[] = [];
  let plan = node.step_run?.steps ?? [];
  for (const progress of command.data.progress ?? []) {
    if (progress.type === 'planned') plan = progress.steps;
    events.push(stepEvent(command, progress, plan));
  }
  if (command.data.agent_reset && node.agent) events.push({ type: 'AgentCleared', data: {}, meta: eventMeta(command) });
  return events;
}

function stepEvent(command: RecordProvisionOutcome, progress: StepProgress, plan: readonly Step[]): NodeEvent {
  const meta = eventMeta(command);
  if (progress.type === 'planned') return { type: 'StepsPlanned', data: { kind: progress.kind, steps: progress.steps }, meta };
  const step = plan[progress.index];
  if (!step) throw new InvalidInputError(`Step ${progress.index} of the ${progress.kind} plan does not exist.`);
  const data = { kind: progress.kind, index: progress.index, step };
  return progress.type === 'started' ? { type: 'StepStarted', data, meta } : { type: 'StepFinished', data, meta };
}

/** The ramdisk run of each state in which the agent's ramdisk is booted or runs. */
const RAMDISK_RUN_OF: Readonly<Partial<Record<ProvisionState, RamdiskRun>>> = {
  cleaning: 'clean',
  'clean wait': 'clean',
  deploying: 'deploy',
  'wait call-back': 'deploy',
  rescuing: 'rescue',
  'rescue wait': 'rescue',
};

/** Whether the node's interfaces boot the agent's ramdisk for `run` (fake hardware boots none). */
function bootsAgentRamdisk(node: Node, run: RamdiskRun): boolean {
  if (run === 'rescue') return interfaceOf(node, 'rescue') === 'agent';
  const deploy = interfaceOf(node, 'deploy');
  return deploy === 'direct' || deploy === 'ramdisk';
}

/**
 * What a ramdisk run ended by failure, timeout or abort leaves to do: the conductor that decided
 * it takes the node's lock to tear the ramdisk down, ejecting its media and powering the host off
 * where Ironic does: after cleaning, after a failed deployment step (not a callback timeout), and
 * after a failed rescue (not an aborted one).
 */
export function ramdiskTearDown(command: NodeCommand, node: Node, event: MachineEvent): NodeEvent[] {
  const of = RAMDISK_RUN_OF[node.provision_state];
  const reservation = workingConductor(command.meta);
  // A decision judged before any conductor has the command (the API's trial) takes no lock.
  if (!of || (event !== 'abort' && event !== 'fail') || reservation === null || !bootsAgentRamdisk(node, of)) return [];
  const powerOff = of === 'clean' || (of === 'deploy' ? node.provision_state === 'deploying' : event === 'fail');
  const action: ManagementAction = { kind: 'tear_down_ramdisk', of, power_off: powerOff };
  return [{ type: 'ManagementActionStarted', data: { action, reservation }, meta: eventMeta(command) }];
}
