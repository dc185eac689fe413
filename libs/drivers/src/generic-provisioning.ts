import { type Json, type Node, type PowerState } from '@ironledger/domain';
import { BIOS_CLEAN_STEPS, checkBiosStep, cleanStep, runBiosStep } from './bios-steps.js';
import { type BiosDriver, DriverError, type PowerDriver, type ProvisioningDriver, type WorkOutcome } from './driver.js';

/** The BIOS interface whose clean steps manual cleaning runs, and how the driver describes `settings`. */
export interface BiosSteps {
  readonly bios: BiosDriver;
  readonly settingsHelp: string;
}

/**
 * Provisioning for hardware types that have nothing but power control (such as `ipmi`):
 * each step drives the node's power and finishes at once, since no ramdisk calls back; each
 * step that changed power says which state it left the node in.
 * - deploy ends `power on` (a reboot when the node is already on, so it boots afresh);
 * - tear-down and automated cleaning end `power off`; manual cleaning runs the BIOS steps
 *   (`bios.apply_configuration`, `bios.factory_reset`) when the hardware has a BIOS interface,
 *   and refuses any other step;
 * - adoption only checks that the BMC answers;
 * - inspection and rescue need a ramdisk or out-of-band support it lacks, so they fail with
 *   a clear error, as Ironic's `no-inspect` and `no-rescue` interfaces refuse them.
 */
export function genericProvisioning(power: PowerDriver, hardware = 'generic', biosSteps?: BiosSteps): ProvisioningDriver {
  const unsupported = (node: Node, what: string): never => {
    throw new DriverError(`Hardware type ${hardware} does not support ${what} (node ${node.uuid}).`);
  };
  const powerOn = async (node: Node): Promise<PowerState> => {
    const state = await power.getPowerState(node);
    return power.setPowerState(node, state === 'power on' ? 'rebooting' : 'power on');
  };
  const done = (powerState?: PowerState): WorkOutcome => ({ result: 'done', ...(powerState && { powerState }) });
  return {
    async deploy(node) {
      power.validate(node);
      return done(await powerOn(node));
    },
    async tearDown(node) {
      return done(await power.setPowerState(node, 'power off'));
    },
    async clean(node, steps: Json[] | null) {
      if (steps && steps.length > 0) {
        const parsed = steps.map((given) => {
          const step = cleanStep(given);
          if (!biosSteps || step?.interface !== 'bios' || !(BIOS_CLEAN_STEPS as readonly string[]).includes(step.step)) {
            throw new DriverError(`Cannot clean node ${node.uuid}: node does not support this clean step: ${JSON.stringify(given)}`);
          }
          checkBiosStep(node, step, biosSteps.settingsHelp);
          return step;
        });
        for (const step of parsed) await runBiosStep(node, step, biosSteps!.bios);
        return done();
      }
      return done(await power.setPowerState(node, 'power off'));
    },
    inspect: async (node) => unsupported(node, 'inspection'),
    async adopt(node) {
      power.validate(node);
      await power.getPowerState(node);
      return done();
    },
    rescue: async (node) => unsupported(node, 'rescue'),
    unrescue: async (node) => unsupported(node, 'unrescue'),
  };
}
