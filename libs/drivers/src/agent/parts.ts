import { type Node } from '@ironledger/domain';
import { type BiosSteps } from '../bios-steps.js';
import { type BootInterface } from '../boot/index.js';
import { type PowerDriver } from '../driver.js';
import { type RaidDriver } from '../redfish/raid.js';
import { type AgentClient } from './client.js';

/** What agent provisioning drives: the node's power and boot interfaces, the agent, and the BIOS when there is one. */
export interface AgentProvisioningParts {
  readonly power: PowerDriver;
  /** The node's boot interface (`boot_interface`). */
  readonly boot: (node: Node) => BootInterface;
  readonly agent: AgentClient;
  /** BIOS steps the conductor runs itself, when the hardware has a BIOS interface. */
  readonly biosSteps?: BiosSteps;
  /** The RAID interface whose steps the conductor runs itself through the BMC (`raid_interface` `redfish`), when the hardware has one. */
  readonly raidSteps?: RaidDriver;
}
