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
 * disk image's in UEFI mode; a whole disk image booted in BIOS mode has its own already.
 */
async function installBootloader({ agent }: AgentProvisioningParts, node: Node): Promise<void> {
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
}

/** Ironic's tear_down_agent: the agent shuts the host down; the BMC makes sure of it. */
async function tearDownAgent({ agent, power }: AgentProvisioningParts, node: Node): Promise<PowerState> {
  try {
    await agent.powerOff(agentEndpoint(node));
  } catch {
    // An agent that does not answer any more leaves the power to the BMC.
  }
  return power.setPowerState(node, 'power off');
}
