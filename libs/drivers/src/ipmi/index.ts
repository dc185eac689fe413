import { AgentClient } from '../agent/client.js';
import { type AgentOptions, DEFAULT_RAMDISK_API_URL } from '../agent/options.js';
import { agentProvisioning } from '../agent/provisioning.js';
import { bootInterfaceFor, pxeBoot } from '../boot/index.js';
import { type HardwareType } from '../driver.js';
import { genericProvisioning } from '../generic-provisioning.js';
import { provisioningByInterface } from '../provisioning-by-interface.js';
import { IpmiManagementDriver } from './management.js';
import { type IpmiOptions, IpmiPowerDriver } from './power.js';

export { type ExecIpmitool, type ExecOptions, spawnIpmitool } from './exec.js';
export { type IpmiAccess, parseDriverInfo, PRIV_LEVELS, type PrivLevel } from './ipmitool.js';
export { deployBootMode, IpmiManagementDriver } from './management.js';
export { type IpmiOptions, IpmiPowerDriver } from './power.js';

/**
 * Ironic's `ipmi` hardware type: power and management through ipmitool; provisioning by power
 * alone (`ramdisk`), or through the ramdisk agent booted by PXE (`direct`, `agent` rescue).
 */
export function ipmiHardware(options: IpmiOptions = {}, agentOptions: AgentOptions = {}): HardwareType {
  const power = new IpmiPowerDriver(options);
  const management = new IpmiManagementDriver(power);
  const boots = [pxeBoot(management, { apiUrl: agentOptions.apiUrl ?? DEFAULT_RAMDISK_API_URL, images: agentOptions.images })];
  const agent = agentProvisioning(
    { power, boot: (node) => bootInterfaceFor(node, boots), agent: new AgentClient({ requestTimeoutMs: agentOptions.commandTimeoutMs }) },
    { cleanStepPriorities: agentOptions.cleanStepPriorities },
  );
  return { name: 'ipmi', power, management, provisioning: provisioningByInterface(genericProvisioning(power, 'ipmi'), { direct: agent }, { agent }) };
}
