import { type Json, type Node } from '@ironledger/domain';
import { DriverError, type PowerDriver, type ProvisioningDriver } from './driver.js';

/**
 * Provisioning for hardware types that have nothing but power control (such as `ipmi`):
 * each step drives the node's power and finishes at once, since no ramdisk calls back.
 * - deploy ends `power on` (a reboot when the node is already on, so it boots afresh);
 * - tear-down and automated cleaning end `power off`; manual clean steps are refused (this
 *   hardware has none);
 * - adoption only checks that the BMC answers;
 * - inspection and rescue need a ramdisk or out-of-band support it lacks, so they fail with
 *   a clear error, as Ironic's `no-inspect` and `no-rescue` interfaces refuse them.
 */
export function genericProvisioning(power: PowerDriver, hardware = 'generic'): ProvisioningDriver {
  const unsupported = (node: Node, what: string): never => {
    throw new DriverError(`Hardware type ${hardware} does not support ${what} (node ${node.uuid}).`);
  };
  const powerOn = async (node: Node) => {
    const state = await power.getPowerState(node);
    await power.setPowerState(node, state === 'power on' ? 'rebooting' : 'power on');
  };
  return {
    async deploy(node) {
      power.validate(node);
      await powerOn(node);
      return 'done';
    },
    async tearDown(node) {
      await power.setPowerState(node, 'power off');
    },
    async clean(node, steps: Json[] | null) {
      if (steps && steps.length > 0) {
        throw new DriverError(`Cannot clean node ${node.uuid}: hardware type ${hardware} supports no clean steps, got ${JSON.stringify(steps)}.`);
      }
      await power.setPowerState(node, 'power off');
      return 'done';
    },
    inspect: async (node) => unsupported(node, 'inspection'),
    async adopt(node) {
      power.validate(node);
      await power.getPowerState(node);
    },
    rescue: async (node) => unsupported(node, 'rescue'),
    unrescue: async (node) => unsupported(node, 'unrescue'),
  };
}
