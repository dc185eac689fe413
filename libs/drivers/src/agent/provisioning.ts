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
import { interfaceOf, type Node, type Phase, type StepProgress } from '@ironledger/domain';
import { cinderAttachFailure } from '../cinder.js';
import { DriverError, type ProvisioningDriver, type WorkOutcome } from '../driver.js';
import { agentCommandError, agentEndpoint } from './client.js';
import { checkDeployImage, checkRescuePassword } from './instance-info.js';
import { type AgentProvisioningParts } from './parts.js';
import { sha256Crypt } from './rescue-password.js';
import { BOOT_RAMDISK, DEFAULT_CLEAN_STEP_PRIORITIES } from './step-plan.js';
import { cleanWithoutRamdisk, continueSteps } from './step-run.js';

export interface AgentProvisioningOptions {
  /** Priorities overriding the agent's for automated cleaning, by step name (Ironic's `[deploy] erase_devices_priority`, …). */
  readonly cleanStepPriorities?: Readonly<Record<string, number>>;
}

/** Boots the agent's ramdisk: the node waits for its heartbeat. */
async function bootRamdisk({ power, boot: bootOf }: AgentProvisioningParts, node: Node, mode: 'deploy' | 'rescue', progress: StepProgress[] = []): Promise<WorkOutcome> {
  const boot = bootOf(node);
  power.validate(node);
  boot.validate(node);
  const bootConfig = await boot.prepareRamdisk(node, mode);
  const state = await power.getPowerState(node);
  const powerState = await power.setPowerState(node, state === 'power on' ? 'rebooting' : 'power on');
  return { result: 'wait', powerState, progress, ...(bootConfig && { bootConfig }) };
}

/** The agent's provisioning verbs; each step of a run is in `step-run.ts`, the plan in `step-plan.ts`, the conductor's own steps in `out-of-band.ts`. */
export function agentProvisioning(parts: AgentProvisioningParts, options: AgentProvisioningOptions = {}): ProvisioningDriver {
  const { power, agent } = parts;
  const context = { parts, priorities: { ...DEFAULT_CLEAN_STEP_PRIORITIES, ...options.cleanStepPriorities } };

  return {
    async deploy(node, phase) {
      if (phase === 'start') {
        if (interfaceOf(node, 'storage') === 'cinder' && node.volume_targets.length > 0) {
          // As Ironic's prepare: the node is powered off before its volumes are attached.
          throw cinderAttachFailure(node, await power.setPowerState(node, 'power off'));
        }
        checkDeployImage(node);
        return bootRamdisk(parts, node, 'deploy', [
          { type: 'planned', kind: 'deploy', steps: [BOOT_RAMDISK] },
          { type: 'started', kind: 'deploy', index: 0 },
        ]);
      }
      return continueSteps(context, node, 'deploy', node.deploy_steps);
    },
    async clean(node, steps, phase: Phase) {
      if (node.cleaning_disable_ramdisk) return cleanWithoutRamdisk(parts, node, steps ?? []);
      // Manual steps are checked against what the node offers once its agent says what that is.
      if (phase === 'start') return bootRamdisk(parts, node, 'deploy');
      return continueSteps(context, node, 'clean', steps);
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
        return bootRamdisk(parts, node, 'rescue');
      }
      // Ironic's words: its heartbeat's message around InstanceRescueFailure's.
      const failure = (reason: string) => new DriverError(`Node failed to perform rescue operation: Failed to rescue instance ${node.instance_uuid ?? 'None'} for node ${node.uuid}: ${reason}`);
      let result;
      try {
        // Ironic sends the password crypt-hashed, never in plain text.
        result = await agent.finalizeRescue(agentEndpoint(node), sha256Crypt(String(node.instance_info.rescue_password)), true);
      } catch (error) {
        throw failure((error as Error).message);
      }
      if (result.command_status !== 'SUCCEEDED') throw failure(`Agent returned bad result for command finalize_rescue: ${agentCommandError(result)}`);
      // Ironic's rescue clean-up: the ramdisk runs on from memory, its boot media go.
      await parts.boot(node).cleanUpRamdisk(node);
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

