/** The steps of an agent run the conductor carries out itself, through the BMC, the boot interface or one agent call. */
import { type Node, type PowerState, type Step, stepName } from '@ironledger/domain';
import { runBiosStep } from '../bios-steps.js';
import { deployBootMode } from '../boot/index.js';
import { DriverError } from '../driver.js';
import { agentCommandError, agentEndpoint } from './client.js';
import { isWholeDiskImage } from './instance-info.js';
import { type AgentProvisioningParts } from './parts.js';

/** Runs a step the conductor carries out itself; the power state it left, when it changed power. */
export async function runOutOfBand(parts: AgentProvisioningParts, node: Node, step: Step): Promise<PowerState | undefined> {
  switch (stepName(step)) {
    case 'deploy.prepare_instance_boot':
      await installBootloader(parts, node);
      await parts.boot(node).prepareInstance(node);
      return undefined;
    case 'deploy.tear_down_agent':
      return tearDownAgent(parts, node);
    case 'deploy.switch_to_tenant_network':
      // The `noop` and `flat` network interfaces have no tenant network to switch to.
      return undefined;
    case 'deploy.boot_instance':
      return parts.power.setPowerState(node, 'power on');
    case 'bios.apply_configuration':
    case 'bios.factory_reset':
      await runBiosStep(node, step, parts.biosSteps!.bios);
      return undefined;
    default:
      throw new DriverError(`Step ${stepName(step)} is not run by the conductor.`);
  }
}

/**
 * Ironic's `configure_local_boot`: the agent installs the boot loader of a partition image
 * into its root partition (and the EFI system partition in UEFI mode), and registers a whole
 * disk image's in UEFI mode; a whole disk image booted in BIOS mode has its own already, and a
 * partition image whose root the agent could not name (no UUID, or an empty one) gets none.
 */
export async function installBootloader({ agent }: Pick<AgentProvisioningParts, 'agent'>, node: Node): Promise<void> {
  const where = agentEndpoint(node);
  const uuids = await agent.getPartitionUuids(where);
  const wholeDisk = isWholeDiskImage(node);
  const bootMode = deployBootMode(node);
  const rootUuid = typeof uuids['root uuid'] === 'string' ? uuids['root uuid'] : null;
  if (wholeDisk ? bootMode !== 'uefi' : !rootUuid) return;
  const efi = !wholeDisk && bootMode === 'uefi' ? uuids['efi system partition uuid'] : null;
  const params = { root_uuid: rootUuid, efi_system_part_uuid: typeof efi === 'string' ? efi : null, prep_boot_part_uuid: null, target_boot_mode: bootMode };
  const result = await agent.installBootloader(where, params);
  if (result.command_status === 'FAILED') throw new DriverError(`Failed to install a bootloader when deploying node ${node.uuid}: ${agentCommandError(result)}`);
}

/** oslo's `bool_from_string` truths. */
const TRUE_WORDS: ReadonlySet<string> = new Set(['1', 't', 'true', 'on', 'y', 'yes']);

/** How long the agent gets to power the host off before the BMC does (Ironic's `[agent] post_deploy_get_power_state_retries` and `_retry_interval`). */
export interface PowerOffWait {
  /** Readings of the power state after asking the agent: the first at once, the others `intervalMs` apart. */
  readonly readings: number;
  readonly intervalMs: number;
}

/** Ironic's defaults: 6 retries, 5 seconds apart. */
export const AGENT_POWER_OFF_WAIT: PowerOffWait = { readings: 7, intervalMs: 5000 };

/**
 * Ironic's tear_down_agent: the agent is asked to power the host off (`standby.power_off`, which
 * IPA does in the background), and the BMC is read until the host is off; only a host still on
 * after the wait is powered off through the BMC. A request the agent did not answer may still
 * have reached it, so the wait comes either way. With `driver_info.deploy_forces_oob_reboot` the
 * agent only flushes its file systems (`standby.sync`) and the BMC powers the host off.
 */
export async function tearDownAgent({ agent, power }: Pick<AgentProvisioningParts, 'agent' | 'power'>, node: Node, wait: PowerOffWait = AGENT_POWER_OFF_WAIT): Promise<PowerState> {
  if (TRUE_WORDS.has(String(node.driver_info.deploy_forces_oob_reboot ?? false).trim().toLowerCase())) {
    // A failed flush is only a warning in Ironic; an agent that cannot be reached fails the deployment.
    await agent.sync(agentEndpoint(node));
    return power.setPowerState(node, 'power off');
  }
  try {
    await agent.powerOff(agentEndpoint(node));
  } catch {
    // The BMC settles it below.
  }
  for (let reading = 0; reading < wait.readings; reading++) {
    if (reading > 0) await new Promise((resolve) => setTimeout(resolve, wait.intervalMs));
    try {
      if ((await power.getPowerState(node)) === 'power off') return 'power off';
    } catch {
      // A failed reading is one more try, as in Ironic.
    }
  }
  return power.setPowerState(node, 'power off');
}
