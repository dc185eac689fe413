import { type HardwareType } from '../driver.js';
import { genericProvisioning } from '../generic-provisioning.js';
import { redfishBios } from './bios.js';
import { RedfishConnections } from './connections.js';
import { redfishManagement } from './management.js';
import { type ClosablePowerDriver, redfishPower, type RedfishOptions } from './power.js';

export { redfishBios } from './bios.js';
export { RedfishConnections } from './connections.js';
export { parseDriverInfo as parseRedfishDriverInfo, REDFISH_AUTH_TYPES, type RedfishAuthType, type RedfishDriverInfo } from './driver-info.js';
export { RedfishError, type RedfishErrorKind } from './errors.js';
export { bootDeviceOf, bootDevicePatch, redfishManagement } from './management.js';
export { planReset, REDFISH_POWER_STATES, type ResetStep } from './power-states.js';
export { type ClosablePowerDriver, redfishPower, type RedfishOptions } from './power.js';
export { redfishNode } from './test-node.js';

/** A hardware type holding connections and sessions, to be closed on shutdown. */
export interface RedfishHardware extends HardwareType {
  readonly power: ClosablePowerDriver;
  close(): Promise<void>;
  openSockets(): number;
}

/**
 * Ironic's `redfish` hardware type: power, management and BIOS through Redfish over one set of
 * BMC connections; provisioning by power alone, with the BIOS clean steps.
 */
export function redfishHardware(options: RedfishOptions = {}): RedfishHardware {
  const connections = new RedfishConnections(options);
  const power = redfishPower(options, connections);
  const bios = redfishBios(connections, power);
  return {
    name: 'redfish',
    power,
    management: redfishManagement(connections),
    bios,
    provisioning: genericProvisioning(power, 'redfish', { bios, settingsHelp: 'A list of BIOS settings to be applied' }),
    close: () => connections.close(),
    openSockets: () => connections.openSockets,
  };
}
