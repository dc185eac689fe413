import { type Node } from '@ironledger/domain';
import { AgentClient } from './agent/client.js';
import { type AgentOptions, DEFAULT_RAMDISK_API_URL } from './agent/options.js';
import { agentProvisioning } from './agent/provisioning.js';
import { bootInterfaceFor, pxeBoot } from './boot/index.js';
import { agentPower, managementByInterface, noopManagement, powerByInterface } from './by-interface.js';
import { type HardwareType } from './driver.js';
import { provisioningByInterface } from './provisioning-by-interface.js';
import { ramdiskDeploy } from './ramdisk-deploy.js';

/**
 * Ironic's `manual-management` hardware type: the operator powers the node and sets its boot
 * order by hand. `agent` power (the default) needs fast track and so fails validation here, as
 * in Ironic's default configuration; `fake` power and management are those of `fake`, the
 * hardware type given. Provisioning goes through the ramdisk agent booted by (i)PXE.
 */
export function manualManagementHardware(fake: Pick<HardwareType, 'power' | 'management'>, agentOptions: AgentOptions = {}): HardwareType {
  const power = powerByInterface({ agent: agentPower, fake: fake.power });
  const management = managementByInterface({ noop: noopManagement, ...(fake.management && { fake: fake.management }) });
  const pxeOptions = { apiUrl: agentOptions.apiUrl ?? DEFAULT_RAMDISK_API_URL, images: agentOptions.images };
  const boots = [pxeBoot(management, pxeOptions, 'ipxe'), pxeBoot(management, pxeOptions)];
  const boot = (node: Node) => bootInterfaceFor(node, boots);
  const agent = agentProvisioning({ power, boot, agent: new AgentClient({ requestTimeoutMs: agentOptions.commandTimeoutMs }) }, { cleanStepPriorities: agentOptions.cleanStepPriorities });
  return { name: 'manual-management', power, management, provisioning: provisioningByInterface({ direct: agent, ramdisk: ramdiskDeploy({ power, boot, agent }) }, { agent }) };
}
