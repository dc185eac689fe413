import { type BiosSettingValue, type HardwareInterface, interfaceOf, type Json, type Node, type PowerState, POWER_TARGET_RESULT, type PowerTarget, pythonRepr, pythonStr } from '@ironledger/domain';
import { checkBiosStep, cleanStep, runBiosStep } from './bios-steps.js';
import {
  type BiosDriver,
  type ConsoleDriver,
  DriverError,
  DriverRefusal,
  type HardwareType,
  type IndicatorInfo,
  type ManagementDriver,
  type Phase,
  type PowerDriver,
  type ProvisioningDriver,
  type WorkOutcome,
} from './driver.js';

/** The kinds of work the fake driver can be told to fail or to wait in (`management`: setting the boot device). */
export type FakeWork = 'verify' | 'power' | 'deploy' | 'tear_down' | 'clean' | 'inspect' | 'adopt' | 'rescue' | 'unrescue' | 'management';

export interface FakeOptions {
  /** Delay of every step when the node does not set `fake_delay_ms` (default 0). */
  readonly stepDelayMs?: number;
}

/** Clean steps the fake hardware supports, per interface. */
const CLEAN_STEPS: Readonly<Record<string, readonly string[]>> = {
  deploy: ['erase_devices', 'erase_devices_metadata'],
  management: ['reset_bios_to_default'],
  raid: ['create_configuration', 'delete_configuration'],
  bios: ['apply_configuration', 'factory_reset', 'cache_bios_settings'],
};

/** Ironic's fake indicators: a read-only chassis LED and a system LED, both always `on`. */
const FAKE_INDICATORS: readonly IndicatorInfo[] = [
  { id: 'led-0', component: 'chassis', readonly: true, states: ['off', 'on'] },
  { id: 'led', component: 'system', readonly: false, states: ['blinking', 'off', 'on'] },
];

/**
 * Fake hardware for tests and the demo. It does nothing but wait, and each node can script
 * it through `driver_info`:
 * - `fake_delay_ms`: how long each step takes;
 * - `fake_fail`: a work name or list of them (`deploy`, `clean`, `verify`, `power`, …) that fail
 *   (`management`: setting the boot device, which the delay also slows down);
 * - `fake_wait`: work that waits for a ramdisk callback before finishing (`deploy`, `clean`, `inspect`, `rescue`).
 * Power and BIOS settings are remembered per node, starting from the node's recorded ones.
 * Management behaves as Ironic's fake management interface: `pxe` is the only boot device (and
 * always what it reports), two indicators that are always on, no NMI, boot mode or secure boot.
 */
export function fakeHardware(options: FakeOptions = {}): HardwareType {
  const powered = new Map<string, PowerState>();
  const biosSettings = new Map<string, BiosSettingValue[]>();

  const script = (node: Node) => {
    const info = node.driver_info;
    const list = (value: Json | undefined) => (Array.isArray(value) ? value.map(String) : typeof value === 'string' ? [value] : []);
    const delay = typeof info.fake_delay_ms === 'number' ? info.fake_delay_ms : (options.stepDelayMs ?? 0);
    return { delay, fails: new Set(list(info.fake_fail)), waits: new Set(list(info.fake_wait)) };
  };

  /** Runs one step: waits, then fails if scripted to. */
  const step = async (node: Node, work: FakeWork): Promise<void> => {
    const { delay, fails } = script(node);
    if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
    if (fails.has(work)) throw new DriverError(`Fake ${work.replace('_', ' ')} failed on node ${node.uuid} (driver_info.fake_fail).`);
  };

  /** Runs a step that may continue out of band: the first run waits if scripted to. Fake work leaves power alone. */
  const waitable = async (node: Node, work: FakeWork, phase: Phase): Promise<WorkOutcome> => {
    await step(node, work);
    return { result: phase === 'start' && script(node).waits.has(work) ? 'wait' : 'done' };
  };
  const done = async (node: Node, work: FakeWork): Promise<WorkOutcome> => {
    await step(node, work);
    return { result: 'done' };
  };

  const power: PowerDriver = {
    validate: () => undefined,
    async getPowerState(node) {
      await step(node, 'verify');
      return powered.get(node.uuid) ?? node.power_state;
    },
    async setPowerState(node, target: PowerTarget) {
      await step(node, 'power');
      const state = POWER_TARGET_RESULT[target];
      powered.set(node.uuid, state);
      return state;
    },
  };

  const management: ManagementDriver = {
    validate: () => undefined,
    supportedBootDevices: () => ['pxe'],
    // Nothing is remembered: Ironic's fake always reports a one-time PXE boot.
    getBootDevice: async () => ({ boot_device: 'pxe', persistent: false }),
    async setBootDevice(node, device) {
      if (device !== 'pxe') throw new DriverRefusal(`Invalid boot device ${device} specified.`);
      await step(node, 'management');
    },
    listIndicators: async () => [...FAKE_INDICATORS],
    async getIndicatorState(_node, component, id) {
      const ofComponent = FAKE_INDICATORS.filter((indicator) => indicator.component === component);
      if (ofComponent.length === 0) throw new DriverRefusal(`Invalid component ${component} specified.`);
      if (!ofComponent.some((indicator) => indicator.id === id)) throw new DriverRefusal(`Invalid indicator ${id} specified.`);
      return 'on';
    },
  };

  const bios: BiosDriver = {
    readSettings: async (node) => biosSettings.get(node.uuid) ?? node.bios_settings.map(({ created_at: _c, updated_at: _u, ...setting }) => setting),
    async applyConfiguration(node, settings) {
      // Ironic's fake replaces the whole set with the one given.
      biosSettings.set(node.uuid, settings.map(({ name, value }) => ({ name, value: pythonStr(value) })));
    },
    async factoryReset(node) {
      biosSettings.set(node.uuid, []);
    },
  };

  const consoleDriver: ConsoleDriver = {
    validate: () => undefined,
    start: async () => undefined,
    stop: async () => undefined,
    info: async () => ({}),
  };

  const provisioning: ProvisioningDriver = {
    deploy: (node, phase) => waitable(node, 'deploy', phase),
    tearDown: (node) => done(node, 'tear_down'),
    async clean(node, steps, phase) {
      // An interface set to `no-…` offers no steps; Ironic names every step it lacks at once.
      const offered = (name: string) => (interfaceOf(node, name as HardwareInterface).startsWith('no-') ? [] : (CLEAN_STEPS[name] ?? []));
      const unsupported = (steps ?? []).filter((given) => {
        const parsedStep = cleanStep(given);
        return !parsedStep || !offered(parsedStep.interface).includes(parsedStep.step);
      });
      if (unsupported.length > 0) {
        throw new DriverError(`Cannot clean node ${node.uuid}: ${unsupported.map((given) => `node does not support this clean step: ${pythonRepr(given)}`).join('; ')}`);
      }
      const parsed = (steps ?? []).map((given) => {
        const parsedStep = cleanStep(given)!;
        if (parsedStep.interface === 'bios') checkBiosStep(node, parsedStep, 'List of BIOS settings, each item needs to contain a dictionary with name/value pairs');
        return parsedStep;
      });
      if (phase === 'start') {
        for (const biosStep of parsed.filter((s) => s.interface === 'bios' && s.step !== 'cache_bios_settings')) await runBiosStep(node, biosStep, bios);
      }
      return waitable(node, 'clean', phase);
    },
    inspect: (node, phase) => waitable(node, 'inspect', phase),
    adopt: (node) => done(node, 'adopt'),
    rescue: (node, phase) => waitable(node, 'rescue', phase),
    unrescue: (node) => done(node, 'unrescue'),
    // A fake ramdisk has no media and leaves the power alone.
    tearDownRamdisk: async () => undefined,
  };

  return { name: 'fake-hardware', power, provisioning, management, bios, console: consoleDriver };
}
