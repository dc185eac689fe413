import { type Node } from '@ironledger/domain';
import { deployBootMode } from '../boot/boot-mode.js';
import { DriverError, DriverRefusal, type IndicatorInfo, type ManagementDriver } from '../driver.js';
import { bmcKey, bootdevCommand, bootdevRefusal, parseBootParam, parseIdentifyState } from './ipmitool.js';
import { type IpmiPowerDriver } from './power.js';

/** The boot devices ipmitool's `chassis bootdev` takes under Ironic's names. */
const BOOT_DEVICES = ['pxe', 'disk', 'cdrom', 'bios', 'safe'];

/** The chassis identify LED (`chassis identify`), the one indicator IPMI has. */
const IDENTIFY: IndicatorInfo = { id: 'identify', component: 'chassis', readonly: false, states: ['off', 'on'] };

/** What IPMI manages: boot devices, NMI and the identify LED; not boot mode nor secure boot. */
export type IpmiManagementDriver = ManagementDriver & Required<Pick<ManagementDriver, 'injectNmi' | 'listIndicators' | 'getIndicatorState' | 'setIndicatorState'>>;

/**
 * Ironic's `ipmitool` management interface through the power driver's ipmitool runner (so one
 * BMC gets one command at a time): boot flags with `chassis bootdev`, read back with
 * `chassis bootparam get 5`; NMI with `power diag`; and, beyond Ironic 21.4, the chassis identify
 * LED as an indicator (`chassis identify force|0`, its state from Get Chassis Status when the BMC
 * reports it).
 */
export function ipmiManagement(ipmi: IpmiPowerDriver): IpmiManagementDriver {
  const checkIndicator = (node: Node, component: string, id: string): void => {
    if (component !== IDENTIFY.component || id !== IDENTIFY.id) throw new DriverRefusal(`Unknown indicator ${id} for component ${component} of node ${node.uuid}`);
  };

  return {
    validate(node: Node): void {
      ipmi.access(node);
    },

    supportedBootDevices(): readonly string[] {
      return BOOT_DEVICES;
    },

    async getBootDevice(node: Node) {
      const { stdout } = await ipmi.run(ipmi.access(node), ['chassis', 'bootparam', 'get', '5']);
      return parseBootParam(stdout);
    },

    async setBootDevice(node: Node, device: string, persistent: boolean): Promise<void> {
      if (!BOOT_DEVICES.includes(device)) throw new DriverRefusal(`Invalid boot device ${device} specified.`);
      const access = ipmi.access(node);
      // As Ironic: first stop the BMC from dropping the flags after 60 s, unless the node says not to.
      if (node.driver_info.ipmi_disable_boot_timeout !== false && node.driver_info.ipmi_disable_boot_timeout !== 'false') {
        await ipmi.run(access, ['raw', '0x00', '0x08', '0x03', '0x08']);
      }
      const command = bootdevCommand(device, persistent, deployBootMode(node) === 'uefi');
      const refused = bootdevRefusal((await ipmi.run(access, command)).stderr);
      if (refused) throw new DriverError(`IPMI "${command.join(' ')}" on BMC ${bmcKey(access)} failed: the BMC answered with an error: ${refused}`);
    },

    async injectNmi(node: Node): Promise<void> {
      await ipmi.run(ipmi.access(node), ['power', 'diag']);
    },

    async listIndicators(): Promise<IndicatorInfo[]> {
      return [IDENTIFY];
    },

    async getIndicatorState(node: Node, component: string, id: string): Promise<string> {
      checkIndicator(node, component, id);
      const { stdout } = await ipmi.run(ipmi.access(node), ['raw', '0x00', '0x01']);
      return parseIdentifyState(stdout);
    },

    async setIndicatorState(node: Node, component: string, id: string, state: string): Promise<void> {
      checkIndicator(node, component, id);
      if (!IDENTIFY.states.includes(state)) throw new DriverRefusal(`Invalid indicator state ${state} specified.`);
      await ipmi.run(ipmi.access(node), ['chassis', 'identify', state === 'on' ? 'force' : '0']);
    },
  };
}
