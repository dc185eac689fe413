import { type Node } from '@ironledger/domain';
import { DriverError } from '../driver.js';
import { type BootInterface } from './boot-interface.js';

export { type BootInterface, type RamdiskMode, ramdiskModeOf } from './boot-interface.js';
export { capability, deployBootMode } from './boot-mode.js';
export { agentIso, agentKernelAndRamdisk, bootsInstanceRamdisk, type InstanceRamdisk, instanceRamdisk, type RamdiskImageDefaults } from './ramdisk-images.js';
export { DEFAULT_KERNEL_APPEND_PARAMS, instancePxeConfig, ipxeScript, kernelAppendParams, type NetworkBootName, pxeBoot, type PxeBootOptions, type PxeConfig, pxeConfig } from './pxe.js';
export { CONFIG_FLOPPY_LABEL, configFloppy, PARAMETERS_FILE, parametersText } from './config-floppy.js';
export { type MediaPublisher, mediaServer, type MediaServerOptions } from './media-server.js';
export { ejectInserted, isOpticalDrive, isRemovableDrive, managerDrives, mediaActionTarget, redfishVirtualMediaBoot, type VirtualDrive, type VirtualMediaBootOptions } from './virtual-media.js';

/**
 * The node's boot interface (its `boot_interface`) among those its hardware type offers,
 * refused in Ironic's words when it is not one of them.
 */
export function bootInterfaceFor(node: Node, available: readonly BootInterface[]): BootInterface {
  const found = available.find((boot) => boot.name === node.boot_interface);
  if (!found) throw new DriverError(`boot interface implementation '${node.boot_interface}' is not supported by hardware type ${node.driver}.`);
  return found;
}
