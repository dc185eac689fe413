import { type HardwareType } from '../driver.js';
import { genericProvisioning } from '../generic-provisioning.js';
import { IpmiManagementDriver } from './management.js';
import { type IpmiOptions, IpmiPowerDriver } from './power.js';

export { type ExecIpmitool, type ExecOptions, spawnIpmitool } from './exec.js';
export { type IpmiAccess, parseDriverInfo, PRIV_LEVELS, type PrivLevel } from './ipmitool.js';
export { deployBootMode, IpmiManagementDriver } from './management.js';
export { type IpmiOptions, IpmiPowerDriver } from './power.js';

/** Ironic's `ipmi` hardware type: power and management through ipmitool, provisioning by power alone. */
export function ipmiHardware(options: IpmiOptions = {}): HardwareType {
  const power = new IpmiPowerDriver(options);
  return { name: 'ipmi', power, management: new IpmiManagementDriver(power), provisioning: genericProvisioning(power, 'ipmi') };
}
