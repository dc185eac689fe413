import { type Node } from '@ironledger/domain';
import { AgentClient } from '../agent/client.js';
import { type AgentOptions, DEFAULT_RAMDISK_API_URL } from '../agent/options.js';
import { agentProvisioning } from '../agent/provisioning.js';
import { bootInterfaceFor, mediaServer, pxeBoot, redfishVirtualMediaBoot } from '../boot/index.js';
import { managementByInterface, noopManagement } from '../by-interface.js';
import { type HardwareType } from '../driver.js';
import { provisioningByInterface } from '../provisioning-by-interface.js';
import { ramdiskDeploy } from '../ramdisk-deploy.js';
import { redfishBios } from './bios.js';
import { RedfishConnections } from './connections.js';
import { redfishInspect } from './inspect.js';
import { redfishManagement } from './management.js';
import { redfishRaid } from './raid.js';
import { type ClosablePowerDriver, redfishPower, type RedfishOptions } from './power.js';
import { redfishVendor } from './vendor.js';

export { redfishBios } from './bios.js';
export { redfishRaid, type RaidDriver, type RaidRound } from './raid.js';
export { type RaidTaskTiming } from './raid-tasks.js';
export { RedfishConnections } from './connections.js';
export { parseDriverInfo as parseRedfishDriverInfo, REDFISH_AUTH_TYPES, type RedfishAuthType, type RedfishDriverInfo } from './driver-info.js';
export { RedfishError, type RedfishErrorKind } from './errors.js';
export { enabledMacs, inspectedProperties, localGb, redfishInspect, type RedfishHardwareFacts } from './inspect.js';
export { bootDeviceOf, bootDevicePatch, redfishManagement } from './management.js';
export { planReset, REDFISH_POWER_STATES, type ResetStep } from './power-states.js';
export { type ClosablePowerDriver, redfishPower, type RedfishOptions } from './power.js';
export { redfishNode } from './test-node.js';
export { redfishVendor } from './vendor.js';

/** A hardware type holding connections and sessions, to be closed on shutdown. */
export interface RedfishHardware extends HardwareType {
  readonly power: ClosablePowerDriver;
  close(): Promise<void>;
  openSockets(): number;
}

/**
 * Ironic's `redfish` hardware type: power, management, BIOS, RAID and inspection through Redfish
 * over one set of BMC connections. Provisioning goes through the ramdisk agent, booted by virtual media or PXE
 * (`direct` deploy, cleaning with the BIOS steps and the `redfish` RAID interface's, `agent` rescue); a `ramdisk` deployment boots
 * the instance's own ramdisk or ISO. Its vendor methods eject virtual media and manage the BMC's
 * event subscriptions.
 */
export function redfishHardware(options: RedfishOptions = {}, agentOptions: AgentOptions = {}): RedfishHardware {
  const connections = new RedfishConnections(options);
  const power = redfishPower(options, connections);
  const bios = redfishBios(connections, power);
  const redfish = redfishManagement(connections);
  const management = managementByInterface({ redfish, noop: noopManagement });
  const biosSteps = { bios, settingsHelp: 'A list of BIOS settings to be applied' };
  const images = agentOptions.images;
  const apiUrl = agentOptions.apiUrl ?? DEFAULT_RAMDISK_API_URL;
  const media = mediaServer(agentOptions.mediaServer);
  const boots = [redfishVirtualMediaBoot(connections, redfish, { images, apiUrl, media }), pxeBoot(management, { apiUrl, images }, 'ipxe'), pxeBoot(management, { apiUrl, images })];
  const boot = (node: Node) => bootInterfaceFor(node, boots);
  // RAID changes applied at a reset: the node reboots into its ramdisk (Ironic's reboot_to_finish_step).
  const reboot = async (node: Node) => {
    await boot(node).prepareRamdisk(node, 'deploy');
    return power.setPowerState(node, (await power.getPowerState(node)) === 'power on' ? 'rebooting' : 'power on');
  };
  const raid = redfishRaid(connections, { reboot });
  const agent = agentProvisioning(
    { power, boot, agent: new AgentClient({ requestTimeoutMs: agentOptions.commandTimeoutMs }), biosSteps, raidSteps: raid },
    { cleanStepPriorities: agentOptions.cleanStepPriorities },
  );
  return {
    name: 'redfish',
    power,
    management,
    bios,
    raid,
    inspect: { redfish: redfishInspect(connections) },
    vendor: redfishVendor(connections),
    provisioning: provisioningByInterface({ direct: agent, ramdisk: ramdiskDeploy({ power, boot, agent }) }, { agent }),
    close: async () => {
      await Promise.all([connections.close(), media.close()]);
    },
    openSockets: () => connections.openSockets,
  };
}
