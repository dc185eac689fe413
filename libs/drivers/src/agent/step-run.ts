/**
 * One run through a deploy's or a cleaning's steps between two agent heartbeats: where the run
 * stands, the steps it can run now, and how it ends. Every step taken is recorded as progress,
 * which a failure carries with it.
 */
import {
  builtRaidProblem,
  type Json,
  type JsonObject,
  manualCleanPlan,
  type Node,
  type PowerState,
  pythonRepr,
  type Step,
  type StepKind,
  type StepProgress,
  stepName,
} from '@ironledger/domain';
import { raidStepTarget, runRaidStep } from '../raid-steps.js';
import { DriverError, StepFailure, type WorkOutcome } from '../driver.js';
import { type AgentCommand, agentCommandError, agentEndpoint } from './client.js';
import { configDriveForAgent } from './config-drive.js';
import { imageInfo } from './instance-info.js';
import { runOutOfBand } from './out-of-band.js';
import { type AgentProvisioningParts } from './parts.js';
import { BOOT_RAMDISK, bmcCleanSteps, byRedfishRaid, checkBmcSteps, inBand, planSteps, raidStepRefusal } from './step-plan.js';

/** What a run needs: the parts it drives and the automated cleaning priorities. */
export interface StepRunContext {
  readonly parts: AgentProvisioningParts;
  readonly priorities: Readonly<Record<string, number>>;
}

/**
 * One run through the steps: finish the step the agent was running, then run the next ones
 * until one is left running on the agent (`wait`) or none is left (`done`). A failure ends
 * the run with the progress so far.
 */
export async function continueSteps(context: StepRunContext, node: Node, kind: StepKind, requested: readonly Json[] | null): Promise<WorkOutcome> {
  const progress: StepProgress[] = [];
  try {
    const position = await resumeRun(context, node, kind, requested, progress);
    if (position === 'wait') return { result: 'wait', progress };
    const ran = await runNextSteps(context.parts, node, kind, position, progress);
    if (ran === 'wait') return { result: 'wait', progress };
    return await endRun(context.parts, node, kind, ran, progress);
  } catch (error) {
    if (error instanceof StepFailure) throw error;
    throw new StepFailure((error as Error).message, progress);
  }
}

/** Where a run stands: its steps and the last one finished (`null`: none yet). */
interface RunPosition {
  readonly steps: readonly Step[];
  readonly index: number | null;
}

/**
 * Picks the run up where the node's `step_run` left it: plans the steps once the ramdisk is up
 * (or when nothing is planned), else asks the agent how the step it was running went; `wait`
 * while it still runs, or while the BMC's RAID tasks do.
 */
async function resumeRun(context: StepRunContext, node: Node, kind: StepKind, requested: readonly Json[] | null, progress: StepProgress[]): Promise<RunPosition | 'wait'> {
  let steps = node.step_run?.kind === kind ? node.step_run.steps : null;
  const index = node.step_run?.kind === kind ? node.step_run.index : null;
  if (steps?.length === 1 && stepName(steps[0]!) === stepName(BOOT_RAMDISK)) {
    // The ramdisk is up: booting it is done, and the agent can tell the rest of the plan.
    progress.push({ type: 'finished', kind, index: 0 });
    steps = null;
  }
  if (steps === null) {
    const planned = await planSteps(context.parts, context.priorities, node, kind, requested);
    progress.push({ type: 'planned', kind, steps: planned });
    return { steps: planned, index: null };
  }
  if (index !== null) {
    const step = steps[index]!;
    // A RAID step the BMC runs: the conductor polling its tasks finished it before the run resumed.
    if (byRedfishRaid(node, step)) return node.step_run?.raid_tasks ? 'wait' : { steps, index };
    const command = completedCommand(await context.parts.agent.commandsStatus(agentEndpoint(node)), kind, step);
    if (!command) return 'wait';
    if (command.command_status === 'FAILED') throw new StepFailure(stepFailed(kind, step, node, command), progress);
    if (command.command_status !== 'SUCCEEDED') throw new StepFailure(`Agent returned unknown status for ${kind} step ${stepName(step)} on node ${node.uuid} : ${command.command_status}.`, progress);
    progress.push(finished(node, kind, index, step, command, progress));
  }
  return { steps, index };
}

/** What the steps run so far did to the node: the power state they left, and whether the agent was torn down. */
interface StepsRan {
  readonly powerState: PowerState | undefined;
  readonly agentReset: boolean;
}

/** Runs the steps after `position` in order, until one is left running on the agent or the BMC (`wait`) or none is left. */
async function runNextSteps(parts: AgentProvisioningParts, node: Node, kind: StepKind, { steps, index }: RunPosition, progress: StepProgress[]): Promise<StepsRan | 'wait'> {
  let powerState: PowerState | undefined;
  let agentReset = false;
  for (let next = (index ?? -1) + 1; next < steps.length; next++) {
    const step = steps[next]!;
    progress.push({ type: 'started', kind, index: next });
    if (inBand(node, step)) {
      const command = await startInBand(parts, node, kind, step);
      if (command.command_status === 'RUNNING') return 'wait';
      if (command.command_status === 'FAILED') throw new StepFailure(stepFailed(kind, step, node, command), progress);
      progress.push(finished(node, kind, next, step, command, progress));
      continue;
    }
    if (byRedfishRaid(node, step)) {
      // apply_configuration makes its configuration the node's target first, recorded with the step's start.
      const target = raidStepTarget(step);
      if (target) progress[progress.length - 1] = { type: 'started', kind, index: next, target_raid_config: target };
      const round = await runRaidStep(target ? { ...node, target_raid_config: target } : node, step, parts.raidSteps!);
      if ('tasks' in round) {
        // The BMC applies the changes at the reboot: the node waits while a conductor polls their tasks.
        progress.push({ type: 'raid_tasks', kind, index: next, tasks: round.tasks });
        return 'wait';
      }
      progress.push({ type: 'finished', kind, index: next, raid_config: round.done });
      continue;
    }
    powerState = (await runOutOfBand(parts, node, step)) ?? powerState;
    agentReset ||= stepName(step) === 'deploy.tear_down_agent';
    progress.push({ type: 'finished', kind, index: next });
  }
  return { powerState, agentReset };
}

/** The end of a run whose steps are all done; a cleaning also takes down the ramdisk and the host (Ironic's tear_down_cleaning). */
async function endRun(parts: AgentProvisioningParts, node: Node, kind: StepKind, { powerState, agentReset }: StepsRan, progress: StepProgress[]): Promise<WorkOutcome> {
  if (kind === 'clean') {
    await parts.boot(node).cleanUpRamdisk(node);
    return { result: 'done', progress, powerState: await parts.power.setPowerState(node, 'power off'), agentReset: true };
  }
  return { result: 'done', progress, ...(powerState && { powerState }), agentReset };
}

/** Starts an in-band step on the agent; its command, as the agent answers at once. */
async function startInBand({ agent }: AgentProvisioningParts, node: Node, kind: StepKind, step: Step): Promise<AgentCommand> {
  const where = agentEndpoint(node);
  const refusal = raidStepRefusal(node, step);
  if (refusal) throw new DriverError(refusal);
  if (kind === 'clean') return agent.executeCleanStep(where, node, node.ports, step);
  if (stepName(step) !== 'deploy.write_image') return agent.executeDeployStep(where, node, node.ports, step);
  const configdrive = configDriveForAgent(node, new Date());
  return agent.executeDeployStep(where, node, node.ports, { ...step, args: { ...step.args, image_info: imageInfo(node, configdrive), configdrive } });
}

/**
 * Manual cleaning that boots no ramdisk (`disable_ramdisk`): only the steps the conductor runs
 * through the BMC, one after the other; no tear-down, since nothing was booted.
 */
export async function cleanWithoutRamdisk(parts: AgentProvisioningParts, node: Node, requested: readonly Json[]): Promise<WorkOutcome> {
  const progress: StepProgress[] = [];
  try {
    const steps = manualCleanPlan(requested, bmcCleanSteps(parts, node), node.uuid);
    // The node's RAID steps are known but refused: Ironic's need the ramdisk booted.
    checkBmcSteps(parts, node, requested, steps, true);
    progress.push({ type: 'planned', kind: 'clean', steps });
    for (const [index, step] of steps.entries()) {
      progress.push({ type: 'started', kind: 'clean', index });
      await runOutOfBand(parts, node, step);
      progress.push({ type: 'finished', kind: 'clean', index });
    }
    return { result: 'done', progress };
  } catch (error) {
    throw new StepFailure((error as Error).message, progress);
  }
}

/**
 * The agent's finished command for `step`, as Ironic reads the command list: `undefined` while
 * the step runs or has not started on the agent yet (another command is last, or the last
 * finished one was for an earlier step).
 */
export function completedCommand(commands: readonly AgentCommand[], kind: StepKind, step: Step): AgentCommand | undefined {
  const last = commands.at(-1);
  if (!last || last.command_name !== `execute_${kind}_step` || last.command_status === 'RUNNING') return undefined;
  const ran = ((last.command_result ?? {}) as JsonObject)[`${kind}_step`] as JsonObject | undefined;
  if (last.command_status === 'SUCCEEDED' && (!ran || ran.interface !== step.interface || ran.step !== step.step)) return undefined;
  return last;
}

/**
 * An in-band step the agent finished, with what agent RAID's post-step hooks record: the
 * configuration `create_configuration` built (its result, which must not be empty), `{}` after
 * `delete_configuration`. A hook that fails fails the step in Ironic's words.
 */
function finished(node: Node, kind: StepKind, index: number, step: Step, command: AgentCommand, progress: readonly StepProgress[]): StepProgress {
  const name = stepName(step);
  if (name === 'raid.delete_configuration') return { type: 'finished', kind, index, raid_config: {} };
  if (name !== 'raid.create_configuration') return { type: 'finished', kind, index };
  const hookFailed = (cls: string, error: string) =>
    new StepFailure(`For node ${node.uuid}, post ${kind} step hook _create_configuration_final failed for ${kind} step ${pythonRepr(step)}.${cls}: ${error}`, progress);
  const result = ((command.command_result ?? {}) as JsonObject)[`${kind}_result`];
  if (typeof result !== 'object' || result === null || Array.isArray(result) || Object.keys(result).length === 0) {
    const returned = `Agent ramdisk didn't return a proper command result while building RAID on ${node.uuid}. It returned '${pythonRepr(command)}' after command execution.`;
    throw hookFailed('IronicException', returned);
  }
  const problem = builtRaidProblem(result);
  if (problem) throw hookFailed('InvalidParameterValue', problem);
  return { type: 'finished', kind, index, raid_config: result };
}

/** Ironic's words for a step the agent failed. */
function stepFailed(kind: StepKind, step: Step, node: Node, command: AgentCommand): string {
  return `${kind === 'clean' ? 'Clean' : 'Deploy'} step ${stepName(step)} failed on node ${node.uuid}. ${agentCommandError(command)}`;
}
