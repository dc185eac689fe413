import { type Node } from '@ironledger/domain';
import { AgentClient } from '../agent/client.js';
import { type AgentOptions, DEFAULT_RAMDISK_API_URL } from '../agent/options.js';
import { agentProvisioning } from '../agent/provisioning.js';
import { bootInterfaceFor, pxeBoot } from '../boot/index.js';
import { managementByInterface, noopManagement } from '../by-interface.js';
import { type HardwareType } from '../driver.js';
import { provisioningByInterface } from '../provisioning-by-interface.js';
import { ramdiskDeploy } from '../ramdisk-deploy.js';
import { ipmiManagement } from './management.js';
import { type IpmiOptions, ipmiPower } from './power.js';
import { ipmiVendor } from './vendor.js';

export { type ExecIpmitool, type ExecOptions, spawnIpmitool } from './exec.js';
export { type IpmiAccess, parseDriverInfo, PRIV_LEVELS, type PrivLevel } from './ipmitool.js';
export { ipmiManagement, type IpmiManagementDriver } from './management.js';
export { type IpmiOptions, IpmiOutcomeUnknown, ipmiPower, type IpmiPowerDriver } from './power.js';
export { ipmiVendor } from './vendor.js';

/**
 * Ironic's `ipmi` hardware type: power and management through ipmitool; provisioning through the
 * ramdisk agent booted by PXE (`direct` deploy, cleaning, `agent` rescue); a `ramdisk` deployment
 * boots the instance's own kernel and ramdisk over PXE; vendor methods through ipmitool.
 */
export function ipmiHardware(options: IpmiOptions = {}, agentOptions: AgentOptions = {}): HardwareType {
  const power = ipmiPower(options);
  const management = managementByInterface({ ipmitool: ipmiManagement(power), noop: noopManagement });
  const pxeOptions = { apiUrl: agentOptions.apiUrl ?? DEFAULT_RAMDISK_API_URL, images: agentOptions.images };
  const boots = [pxeBoot(management, pxeOptions, 'ipxe'), pxeBoot(management, pxeOptions)];
  const boot = (node: Node) => bootInterfaceFor(node, boots);
  const agent = agentProvisioning({ power, boot, agent: new AgentClient({ requestTimeoutMs: agentOptions.commandTimeoutMs }) }, { cleanStepPriorities: agentOptions.cleanStepPriorities });
  return { name: 'ipmi', power, management, vendor: ipmiVendor(power), provisioning: provisioningByInterface({ direct: agent, ramdisk: ramdiskDeploy({ power, boot, agent }) }, { agent }) };
}
