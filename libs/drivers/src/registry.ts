import { type HardwareType } from './driver.js';
import { fakeHardware } from './fake.js';
import { ipmiHardware, type IpmiOptions } from './ipmi/index.js';
import { redfishHardware, type RedfishOptions } from './redfish/index.js';

export interface DriverOptions {
  /** Delay of each fake-hardware step (FAKE_STEP_DELAY_MS). */
  readonly fakeStepDelayMs?: number;
  /** Limits and timeouts of the `ipmi` hardware type (its defaults when absent). */
  readonly ipmi?: IpmiOptions;
  /** Timeouts, polling and connection limits of the `redfish` hardware type (its defaults when absent). */
  readonly redfish?: RedfishOptions;
}

/** Every hardware type this build supports, by the name nodes use in their `driver` field. */
export function hardwareTypes(options: DriverOptions = {}): ReadonlyMap<string, HardwareType> {
  const types = [fakeHardware({ stepDelayMs: options.fakeStepDelayMs }), ipmiHardware(options.ipmi), redfishHardware(options.redfish)];
  return new Map(types.map((type) => [type.name, type]));
}
