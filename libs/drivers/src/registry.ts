import { type HardwareType } from './driver.js';
import { fakeHardware } from './fake.js';

export interface DriverOptions {
  /** Delay of each fake-hardware step (FAKE_STEP_DELAY_MS). */
  readonly fakeStepDelayMs?: number;
}

/** Every hardware type this build supports, by the name nodes use in their `driver` field. */
export function hardwareTypes(options: DriverOptions = {}): ReadonlyMap<string, HardwareType> {
  const types = [fakeHardware({ stepDelayMs: options.fakeStepDelayMs })];
  return new Map(types.map((type) => [type.name, type]));
}
