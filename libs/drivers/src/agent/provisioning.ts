/**
 * Provisioning through the ramdisk agent (Ironic's `direct` deploy and `agent` rescue): the
 * conductor boots the agent's ramdisk, the agent looks its node up and heartbeats, and each
 * heartbeat resumes this work, which drives the agent's command API one step at a time.
 *
 * Each call is one run between two waits: it reads where the node's step run is (the node's
 * `step_run`, recorded by earlier runs), asks the agent how the step it started went, runs
 * the steps it can, and returns `wait` when the agent works on, or `done` at the end. The
 * progress it made is returned with the outcome and recorded in the same commit.
 */
import { type Json, type JsonObject, type Node, type Phase, type PowerState, type Step, type StepKind, type StepProgress, automatedCleanPlan, deployPlan, manualCleanPlan, stepName } from '@ironledger/domain';
import { BIOS_CLEAN_STEPS, type BiosSteps, checkBiosStep, runBiosStep } from '../bios-steps.js';
import { DriverError, type PowerDriver, type ProvisioningDriver, StepFailure, type WorkOutcome } from '../driver.js';
import { type BootInterface, deployBootMode } from '../boot/index.js';
import { type AgentClient, type AgentCommand, agentCommandError, agentEndpoint } from './client.js';
import { checkDeployImage, checkRescuePassword, imageInfo, isWholeDiskImage } from './instance-info.js';

export interface AgentProvisioningOptions {
  /** Priorities overriding the agent's for automated cleaning, by step name (Ironic's `[deploy] erase_devices_priority`, …). */
  readonly cleanStepPriorities?: Readonly<Record<string, number>>;
}

export interface AgentProvisioningParts {
  readonly power: PowerDriver;
  /** The node's boot interface (`boot_interface`). */
  readonly boot: (node: Node) => BootInterface;
  readonly agent: AgentClient;
  /** BIOS steps the conductor runs itself, when the hardware has a BIOS interface. */
  readonly biosSteps?: BiosSteps;
}

/** Automated cleaning erases partition tables and metadata only, unless the operator says otherwise. */
export const DEFAULT_CLEAN_STEP_PRIORITIES: Readonly<Record<string, number>> = { erase_devices: 0 };

/** Ironic's direct deploy steps the conductor runs itself; `deploy.deploy`, which boots the ramdisk, runs before the agent is up. */
const BOOT_RAMDISK: Step = { interface: 'deploy', step: 'deploy', priority: 100, args: {} };
const CONDUCTOR_DEPLOY_STEPS: readonly Step[] = [
  { interface: 'deploy', step: 'write_image', priority: 80, args: {} },
  { interface: 'deploy', step: 'prepare_instance_boot', priority: 60, args: {} },
  { interface: 'deploy', step: 'tear_down_agent', priority: 40, args: {} },
  { interface: 'deploy', step: 'switch_to_tenant_network', priority: 30, args: {} },
  { interface: 'deploy', step: 'boot_instance', priority: 20, args: {} },
];

/** The BIOS steps, which the conductor runs through the BMC during cleaning (never by default). */
const BIOS_STEPS: readonly Step[] = BIOS_CLEAN_STEPS.map((step) => ({ interface: 'bios', step, priority: 0, args: {} }));

/** The steps the conductor runs itself; every other step runs on the agent (`write_image` too, with the image). */
const OUT_OF_BAND: ReadonlySet<string> = new Set([...CONDUCTOR_DEPLOY_STEPS.filter((step) => step.step !== 'write_image'), ...BIOS_STEPS].map(stepName));
const inBand = (step: Step): boolean => !OUT_OF_BAND.has(stepName(step));

/** A step as the plan keeps it (the agent's descriptions of arguments left out). */
const planned = ({ interface: iface, step, priority, args, abortable, reboot_requested }: Step): Step => ({
  interface: iface, step, priority, args,
  ...(abortable !== undefined && { abortable }),
  ...(reboot_requested !== undefined && { reboot_requested }),
});

export function agentProvisioning(parts: AgentProvisioningParts, options: AgentProvisioningOptions = {}): ProvisioningDriver {
  const { power, agent } = parts;
  const priorities = { ...DEFAULT_CLEAN_STEP_PRIORITIES, ...options.cleanStepPriorities };

  /** Boots the agent's ramdisk: the node waits for its heartbeat. */
  const bootRamdisk = async (node: Node, mode: 'deploy' | 'rescue', progress: StepProgress[] = []): Promise<WorkOutcome> => {
    const boot = parts.boot(node);
    power.validate(node);
    boot.validate(node);
    const bootConfig = await boot.prepareRamdisk(node, mode);
    const state = await power.getPowerState(node);
    const powerState = await power.setPowerState(node, state === 'power on' ? 'rebooting' : 'power on');
    return { result: 'wait', powerState, progress, ...(bootConfig && { bootConfig }) };
  };

  /** The steps a run of `kind` plans once the agent is up: the agent's, the conductor's, and what the operator asked for. */
  const plan = async (node: Node, kind: StepKind, requested: readonly Json[] | null): Promise<Step[]> => {
    const where = agentEndpoint(node);
    if (kind === 'deploy') {
      const offered = (await agent.getDeploySteps(where, node, node.ports)).map(planned);
      // The conductor's write_image hands the image to the agent: the agent's own entry of that name is the same step.
      const agentOnly = offered.filter((step) => !CONDUCTOR_DEPLOY_STEPS.some((own) => stepName(own) === stepName(step)));
      return deployPlan([...CONDUCTOR_DEPLOY_STEPS, ...agentOnly], requested ?? [], node.uuid);
    }
    const offered = [...(await agent.getCleanSteps(where, node, node.ports)).map(planned), ...(parts.biosSteps ? BIOS_STEPS : [])];
    if (requested === null) return automatedCleanPlan(offered, priorities);
    const steps = manualCleanPlan(requested, offered, node.uuid);
    for (const step of steps) if (step.interface === 'bios') checkBiosStep(node, step, parts.biosSteps!.settingsHelp);
    return steps;
  };

  /** Runs a step the conductor carries out itself; the power state it left, when it changed power. */
  const runOutOfBand = async (node: Node, step: Step): Promise<PowerState | undefined> => {
    switch (stepName(step)) {
      case 'deploy.prepare_instance_boot':
        await installBootloader(node);
        await parts.boot(node).prepareInstance(node);
        return undefined;
      case 'deploy.tear_down_agent':
        return tearDownAgent(node);
      case 'deploy.switch_to_tenant_network':
        // The `noop` and `flat` network interfaces have no tenant network to switch to.
        return undefined;
      case 'deploy.boot_instance':
        return power.setPowerState(node, 'power on');
      case 'bios.apply_configuration':
      case 'bios.factory_reset':
        await runBiosStep(node, step, parts.biosSteps!.bios);
        return undefined;
      default:
        throw new DriverError(`Step ${stepName(step)} is not run by the conductor.`);
    }
  };

  /**
   * Ironic's `configure_local_boot`: the agent installs the boot loader of a partition image
   * into its root partition (and the EFI system partition in UEFI mode), and registers a whole
   * disk image's in UEFI mode; a whole disk image booted in BIOS mode has its own already.
   */
  const installBootloader = async (node: Node): Promise<void> => {
    const where = agentEndpoint(node);
    const uuids = await agent.getPartitionUuids(where);
    const wholeDisk = isWholeDiskImage(node);
    const bootMode = deployBootMode(node);
    const rootUuid = typeof uuids['root uuid'] === 'string' ? uuids['root uuid'] : null;
    if (wholeDisk ? bootMode !== 'uefi' : rootUuid === null) return;
    const efi = !wholeDisk && bootMode === 'uefi' ? uuids['efi system partition uuid'] : null;
    const params = { root_uuid: rootUuid, efi_system_part_uuid: typeof efi === 'string' ? efi : null, prep_boot_part_uuid: null, target_boot_mode: bootMode };
    const result = await agent.installBootloader(where, params);
    if (result.command_status === 'FAILED') throw new DriverError(`Failed to install a bootloader when deploying node ${node.uuid}: ${agentCommandError(result)}`);
  };

  /** Ironic's tear_down_agent: the agent shuts the host down; the BMC makes sure of it. */
  const tearDownAgent = async (node: Node): Promise<PowerState> => {
    try {
      await agent.powerOff(agentEndpoint(node));
    } catch {
      // An agent that does not answer any more leaves the power to the BMC.
    }
    return power.setPowerState(node, 'power off');
  };

  /** Starts an in-band step on the agent; its command, as the agent answers at once. */
  const startInBand = async (node: Node, kind: StepKind, step: Step): Promise<AgentCommand> => {
    const where = agentEndpoint(node);
    if (kind === 'clean') return agent.executeCleanStep(where, node, node.ports, step);
    const args = stepName(step) === 'deploy.write_image' ? { ...step.args, image_info: imageInfo(node), configdrive: node.instance_info.configdrive ?? null } : step.args;
    return agent.executeDeployStep(where, node, node.ports, { ...step, args: args as JsonObject });
  };

  /**
   * One run through the steps: finish the step the agent was running, then run the next ones
   * until one is left running on the agent (`wait`) or none is left (`done`). A failure ends
   * the run with the progress so far.
   */
  const continueSteps = async (node: Node, kind: StepKind, requested: readonly Json[] | null): Promise<WorkOutcome> => {
    const progress: StepProgress[] = [];
    const fail = (message: string): never => {
      throw new StepFailure(message, progress);
    };
    try {
      let steps = node.step_run?.kind === kind ? node.step_run.steps : null;
      let index = node.step_run?.kind === kind ? node.step_run.index : null;
      if (steps?.length === 1 && stepName(steps[0]!) === stepName(BOOT_RAMDISK)) {
        // The ramdisk is up: booting it is done, and the agent can tell the rest of the plan.
        progress.push({ type: 'finished', kind, index: 0 });
        steps = null;
      }
      if (steps === null) {
        steps = await plan(node, kind, requested);
        index = null;
        progress.push({ type: 'planned', kind, steps });
      } else if (index !== null) {
        const step = steps[index]!;
        const command = completedCommand(await agent.commandsStatus(agentEndpoint(node)), kind, step);
        if (!command) return { result: 'wait', progress };
        if (command.command_status === 'FAILED') fail(stepFailed(kind, step, node, command));
        if (command.command_status !== 'SUCCEEDED') fail(`Agent returned unknown status for ${kind} step ${stepName(step)} on node ${node.uuid} : ${command.command_status}.`);
        progress.push({ type: 'finished', kind, index });
      }
      let powerState: PowerState | undefined;
      let agentReset = false;
      for (let next = (index ?? -1) + 1; next < steps.length; next++) {
        const step = steps[next]!;
        progress.push({ type: 'started', kind, index: next });
        if (inBand(step)) {
          const command = await startInBand(node, kind, step);
          if (command.command_status === 'RUNNING') return { result: 'wait', progress };
          if (command.command_status === 'FAILED') fail(stepFailed(kind, step, node, command));
        } else {
          powerState = (await runOutOfBand(node, step)) ?? powerState;
          agentReset ||= stepName(step) === 'deploy.tear_down_agent';
        }
        progress.push({ type: 'finished', kind, index: next });
      }
      if (kind === 'clean') {
        // Ironic's tear_down_cleaning: the ramdisk's media goes, the host goes off.
        await parts.boot(node).cleanUpRamdisk(node);
        return { result: 'done', progress, powerState: await power.setPowerState(node, 'power off'), agentReset: true };
      }
      return { result: 'done', progress, ...(powerState && { powerState }), agentReset };
    } catch (error) {
      if (error instanceof StepFailure) throw error;
      throw new StepFailure((error as Error).message, progress);
    }
  };

  /**
   * Manual cleaning that boots no ramdisk (`disable_ramdisk`): only the steps the conductor runs
   * through the BMC, one after the other; no tear-down, since nothing was booted.
   */
  const cleanWithoutRamdisk = async (node: Node, requested: readonly Json[]): Promise<WorkOutcome> => {
    const progress: StepProgress[] = [];
    try {
      const steps = manualCleanPlan(requested, parts.biosSteps ? BIOS_STEPS : [], node.uuid);
      for (const step of steps) checkBiosStep(node, step, parts.biosSteps!.settingsHelp);
      progress.push({ type: 'planned', kind: 'clean', steps });
      for (const [index, step] of steps.entries()) {
        progress.push({ type: 'started', kind: 'clean', index });
        await runOutOfBand(node, step);
        progress.push({ type: 'finished', kind: 'clean', index });
      }
      return { result: 'done', progress };
    } catch (error) {
      throw new StepFailure((error as Error).message, progress);
    }
  };

  return {
    async deploy(node, phase) {
      if (phase === 'start') {
        checkDeployImage(node);
        return bootRamdisk(node, 'deploy', [
          { type: 'planned', kind: 'deploy', steps: [BOOT_RAMDISK] },
          { type: 'started', kind: 'deploy', index: 0 },
        ]);
      }
      return continueSteps(node, 'deploy', node.deploy_steps);
    },
    async clean(node, steps, phase: Phase) {
      if (node.cleaning_disable_ramdisk) return cleanWithoutRamdisk(node, steps ?? []);
      // Manual steps are checked against what the node offers once its agent says what that is.
      if (phase === 'start') return bootRamdisk(node, 'deploy');
      return continueSteps(node, 'clean', steps);
    },
    async tearDown(node) {
      const powerState = await power.setPowerState(node, 'power off');
      await parts.boot(node).cleanUpRamdisk(node);
      return { result: 'done', powerState };
    },
    async tearDownRamdisk(node, powerOff) {
      const powerState = powerOff ? await power.setPowerState(node, 'power off') : undefined;
      await parts.boot(node).cleanUpRamdisk(node);
      return powerState;
    },
    async rescue(node, phase) {
      if (phase === 'start') {
        checkRescuePassword(node);
        return bootRamdisk(node, 'rescue');
      }
      const result = await agent.finalizeRescue(agentEndpoint(node), String(node.instance_info.rescue_password), false);
      if (result.command_status !== 'SUCCEEDED') throw new DriverError(`Node ${node.uuid} failed to perform rescue operation: ${agentCommandError(result)}`);
      return { result: 'done', agentReset: true };
    },
    async unrescue(node) {
      const boot = parts.boot(node);
      await boot.cleanUpRamdisk(node);
      const bootConfig = await boot.prepareInstance(node);
      const state = await power.getPowerState(node);
      const powerState = await power.setPowerState(node, state === 'power on' ? 'rebooting' : 'power on');
      return { result: 'done', powerState, ...(bootConfig && { bootConfig }) };
    },
    async adopt(node) {
      power.validate(node);
      await power.getPowerState(node);
      return { result: 'done' };
    },
    async inspect(node) {
      throw new DriverError(`Node ${node.uuid} is inspected through the inspector's ramdisk, not the deploy interface.`);
    },
  };
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

/** Ironic's words for a step the agent failed. */
function stepFailed(kind: StepKind, step: Step, node: Node, command: AgentCommand): string {
  return `${kind === 'clean' ? 'Clean' : 'Deploy'} step ${stepName(step)} failed on node ${node.uuid}. ${agentCommandError(command)}`;
}
