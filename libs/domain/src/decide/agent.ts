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
 * A token for the node's ramdisk agent. One made by the conductor holding the node
 * (`pregenerated`) is recorded before it boots the ramdisk from virtual media, whose medium
 * hands it to the agent; a look-up never gets one in a state where the conductor boots it so, so
 * nobody who merely reads the API can claim its boot. A look-up of a ramdisk booted otherwise (from
 * the network, whose parameters anyone on it can read, or by the inspector for inspection) gets
 * the token unless one was issued to this boot already (the API then
 * shows a masked one, which the agent cannot use: a second ramdisk claiming the node is refused).
 * The node must be where a ramdisk may run. Unlike Ironic, a conductor working on the node does
 * not hold the look-up off (Ironic answers 409 and the agent waits seconds): the token touches
 * nothing the conductor works on, and the conductor's next commit is decided again on the stream
 * that holds it.
 */
export function issueAgentToken(command: IssueAgentToken, node: Node): NodeEvent[] {
  const pregenerated = command.data.pregenerated === true;
  if (!LOOKUP_ALLOWED_STATES.has(node.provision_state)) throw new InvalidStateError(node.uuid, node.provision_state, pregenerated ? 'boot ramdisk' : 'lookup');
  if (pregenerated && !pregeneratedTokenDue(node, command.meta.conductor)) {
    throw new InvalidInputError(`Node ${node.uuid} is not being booted from virtual media into the agent's ramdisk by conductor ${command.meta.conductor ?? '(none)'}.`);
  }
  if (node.agent?.token || (!pregenerated && agentBootsFromVirtualMedia(node))) return [];
  return [{ type: 'AgentTokenIssued', data: { token: command.data.token, ...(pregenerated && { pregenerated }) }, meta: eventMeta(command) }];
}

/** Whether the node's boot interface boots ramdisks from virtual media (`redfish-virtual-media`, and the vendors' `*-virtual-media`). */
export function bootsFromVirtualMedia(node: Node): boolean {
  return interfaceOf(node, 'boot').endsWith('virtual-media');
}

/**
 * Whether `conductor`, holding the node, is to make the agent's token before it boots the
 * ramdisk: the node boots the agent's ramdisk from virtual media in the state it is in, and no
 * token exists for this boot yet.
 */
export function pregeneratedTokenDue(node: Node, conductor: string | undefined): boolean {
  return conductor !== undefined && node.reservation === conductor && agentBootsFromVirtualMedia(node);
}

/**
 * Whether, in the state it is in, the conductor boots the node into the agent's ramdisk from
 * virtual media (so the token comes on the medium). Inspection's ramdisk is the inspector's boot,
 * not the conductor's: its look-up gets a token, as in Ironic.
 */
export function agentBootsFromVirtualMedia(node: Node): boolean {
  const run = RAMDISK_RUN_OF[node.provision_state];
  return run !== undefined && bootsAgentRamdisk(node, run) && bootsFromVirtualMedia(node);
}

/**
 * An agent's heartbeat. Its token must be the one issued; then, in a wait state (out of
 * maintenance) it is recorded and resumes the node's work: the conductor picks up where the agent
 * has got. While the conductor works, or in maintenance, it moves nothing and is recorded only when
 * it tells the node something new (`heartbeatChangesNode`); in other states it changes nothing.
 * A heartbeat that appends nothing is still a sign of life: the gateways keep its time (outside the log).
 */
export function recordAgentHeartbeat(command: RecordAgentHeartbeat, node: Node): NodeEvent[] {
  const { callback_url, agent_version, agent_token, agent_status } = command.data;
  // Only the agent that first heartbeat with the token is driven: its callback URL is the one recorded (checked first, as Ironic does).
  if (node.agent?.url && node.agent.url !== callback_url) throw new InvalidInputError(AGENT_TEXT.urlChanged);
  if (agent_token === null) throw new InvalidParameterError(node.uuid, AGENT_TEXT.tokenMissing);
  if (agent_status !== null && !AGENT_STATUSES.includes(agent_status)) throw new InvalidParameterError(node.uuid, AGENT_TEXT.statusInvalid);
  if (agent_version === null && agent_status === null) throw new InvalidParameterError(node.uuid, AGENT_TEXT.noVersion);
  if (!node.agent?.token || node.agent.token !== agent_token) throw new InvalidParameterError(node.uuid, AGENT_TEXT.tokenInvalid);
  const recorded: NodeEvent = { type: 'AgentHeartbeatRecorded', data: { url: callback_url, version: agent_version, status: agent_status }, meta: eventMeta(command) };
  // While the conductor works, the heartbeat is only recorded: its work resumes on it when it would wait
  // (`heartbeatCameMeanwhile`). In maintenance it moves nothing either, as in Ironic.
  // Nor while a RAID step waits for the BMC's tasks: a conductor polling them resumes the node (Ironic only touches provisioning).
  if (HEARTBEAT_RECORDED_STATES.has(node.provision_state) || ((node.maintenance || node.step_run?.raid_tasks) && RESUMABLE_STATES.has(node.provision_state))) {
    return heartbeatChangesNode(command, node) ? [recorded] : [];
  }
  if (!RESUMABLE_STATES.has(node.provision_state) || node.reservation !== null) return [];
  return [recorded, resumed(command, node)];
}

/**
 * Whether a heartbeat that moves nothing is worth an event: it comes from a new boot of the
 * ramdisk (a callback URL or agent version the node does not have), or it is the first since the
 * node entered its state, the one a conductor about to wait needs to know of. Any later one would
 * only grow the log with liveness.
 */
function heartbeatChangesNode(command: RecordAgentHeartbeat, node: Node): boolean {
  const agent = node.agent;
  if (agent?.url !== command.data.callback_url || agent.version !== command.data.agent_version) return true;
  return !heardSince(agent.last_heartbeat, node.provision_updated_at);
}

/**
 * Whether a heartbeat at `heartbeat` came after the node entered its state at `entered`. One
 * recorded together with the move (a resuming heartbeat) bears the same time: it came before.
 * Both are event times, ISO 8601 UTC as `toISOString` writes them: their order is the strings'.
 */
function heardSince(heartbeat: string | null, entered: string | null): boolean {
  return heartbeat !== null && entered !== null && heartbeat > entered;
}

/**
 * Whether an agent heartbeat was recorded while the conductor's work ran (its outcome names the
 * last heartbeat it knew): the node then resumes as soon as it would wait, instead of waiting
 * for the agent's next heartbeat, which may be minutes away.
 */
export function heartbeatCameMeanwhile(command: RecordProvisionOutcome, node: Node): boolean {
  // A RAID step waiting for the BMC's tasks is resumed by the conductor polling them, not by the agent.
  if (command.data.progress?.at(-1)?.type === 'raid_tasks') return false;
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
  if (progress.type === 'raid_tasks') return { type: 'RaidTasksSubmitted', data: { ...data, tasks: progress.tasks }, meta };
  if (progress.type === 'started') return { type: 'StepStarted', data: progress.target_raid_config === undefined ? data : { ...data, target_raid_config: progress.target_raid_config }, meta };
  return { type: 'StepFinished', data: progress.raid_config === undefined ? data : { ...data, raid_config: progress.raid_config }, meta };
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
