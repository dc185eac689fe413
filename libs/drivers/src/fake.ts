import { type Json, type Node, type PowerState, POWER_TARGET_RESULT, type PowerTarget } from '@ironledger/domain';
import { DriverError, type HardwareType, type Phase, type PowerDriver, type ProvisioningDriver, type WorkResult } from './driver.js';

/** The kinds of work the fake driver can be told to fail or to wait in. */
export type FakeWork = 'verify' | 'power' | 'deploy' | 'tear_down' | 'clean' | 'inspect' | 'adopt' | 'rescue' | 'unrescue';

export interface FakeOptions {
  /** Delay of every step when the node does not set `fake_delay_ms` (default 0). */
  readonly stepDelayMs?: number;
}

/** Clean steps the fake hardware supports, per interface. */
const CLEAN_STEPS: Readonly<Record<string, readonly string[]>> = {
  deploy: ['erase_devices', 'erase_devices_metadata'],
  management: ['reset_bios_to_default'],
  raid: ['create_configuration', 'delete_configuration'],
  bios: ['apply_configuration', 'factory_reset'],
};

/**
 * Fake hardware for tests and the demo. It does nothing but wait, and each node can script
 * it through `driver_info`:
 * - `fake_delay_ms`: how long each step takes;
 * - `fake_fail`: a work name or list of them (`deploy`, `clean`, `verify`, `power`, …) that fail;
 * - `fake_wait`: work that waits for a ramdisk callback before finishing (`deploy`, `clean`, `inspect`, `rescue`).
 * Power is remembered per node, starting from the node's recorded state.
 */
export function fakeHardware(options: FakeOptions = {}): HardwareType {
  const powered = new Map<string, PowerState>();

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

  /** Runs a step that may continue out of band: the first run waits if scripted to. */
  const waitable = async (node: Node, work: FakeWork, phase: Phase): Promise<WorkResult> => {
    await step(node, work);
    return phase === 'start' && script(node).waits.has(work) ? 'wait' : 'done';
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

  const provisioning: ProvisioningDriver = {
    deploy: (node, phase) => waitable(node, 'deploy', phase),
    tearDown: (node) => step(node, 'tear_down'),
    async clean(node, steps, phase) {
      for (const cleanStep of steps ?? []) {
        const { interface: iface, step: name } = (cleanStep ?? {}) as Record<string, Json>;
        if (typeof iface !== 'string' || typeof name !== 'string' || !CLEAN_STEPS[iface]?.includes(name)) {
          throw new DriverError(`Cannot clean node ${node.uuid}: node does not support this clean step: ${JSON.stringify(cleanStep)}`);
        }
      }
      return waitable(node, 'clean', phase);
    },
    inspect: (node, phase) => waitable(node, 'inspect', phase),
    adopt: (node) => step(node, 'adopt'),
    rescue: (node, phase) => waitable(node, 'rescue', phase),
    unrescue: (node) => step(node, 'unrescue'),
  };

  return { name: 'fake-hardware', power, provisioning };
}
