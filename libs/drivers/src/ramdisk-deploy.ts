/**
 * Ironic's `ramdisk` deploy interface: the instance is a ramdisk, or a bootable ISO, that the
 * boot interface boots at every start (`instance_info` boot_iso, or kernel and ramdisk); no
 * image is written. Cleaning, tear-down, rescue and adoption are the agent's, which Ironic's
 * ramdisk deploy shares with `direct`.
 *
 * A config drive given with the deployment is kept on the node but not handed to the instance:
 * Ironic attaches it as a virtual USB stick built by the conductor, which ironledger does not build.
 */
import { type Node } from '@ironledger/domain';
import { type BootInterface } from './boot/index.js';
import { type PowerDriver, type ProvisioningDriver } from './driver.js';

export interface RamdiskDeployParts {
  readonly power: PowerDriver;
  /** The node's boot interface (`boot_interface`). */
  readonly boot: (node: Node) => BootInterface;
  /** The agent's provisioning, for everything but the deployment itself. */
  readonly agent: ProvisioningDriver;
}

export function ramdiskDeploy({ power, boot, agent }: RamdiskDeployParts): ProvisioningDriver {
  return {
    ...agent,
    async deploy(node) {
      const instanceBoot = boot(node);
      power.validate(node);
      instanceBoot.validateInstance(node);
      // As Ironic: off, the instance's boot prepared (persistently), on: nothing calls back.
      await power.setPowerState(node, 'power off');
      const bootConfig = await instanceBoot.prepareInstance(node);
      const powerState = await power.setPowerState(node, 'power on');
      return { result: 'done', powerState, ...(bootConfig && { bootConfig }) };
    },
  };
}
