import { type HardwareType } from '../driver.js';
import { genericProvisioning } from '../generic-provisioning.js';
import { type ClosablePowerDriver, redfishPower, type RedfishOptions } from './power.js';

export { parseDriverInfo as parseRedfishDriverInfo, REDFISH_AUTH_TYPES, type RedfishAuthType, type RedfishDriverInfo } from './driver-info.js';
export { RedfishError, type RedfishErrorKind } from './errors.js';
export { planReset, REDFISH_POWER_STATES, type ResetStep } from './power-states.js';
export { type ClosablePowerDriver, redfishPower, type RedfishOptions } from './power.js';

/** A hardware type holding connections and sessions, to be closed on shutdown. */
export interface RedfishHardware extends HardwareType {
  readonly power: ClosablePowerDriver;
  close(): Promise<void>;
}

/** Ironic's `redfish` hardware type: power through Redfish, provisioning by power alone. */
export function redfishHardware(options: RedfishOptions = {}): RedfishHardware {
  const power = redfishPower(options);
  return { name: 'redfish', power, provisioning: genericProvisioning(power, 'redfish'), close: () => power.close() };
}
