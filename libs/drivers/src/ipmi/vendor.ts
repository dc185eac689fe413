import { type JsonObject, type Node, pythonStr } from '@ironledger/domain';
import { DriverError, type VendorDriver } from '../driver.js';
import { type IpmiPowerDriver } from './power.js';

/** What `strutils.bool_from_string` takes for true, as Ironic reads `warm`. */
const TRUE_STRINGS = new Set(['1', 't', 'true', 'on', 'y', 'yes']);

/** The arguments each method takes; any other is refused as a Python call with an unexpected keyword is. */
const ARGUMENTS: Readonly<Record<string, readonly string[]>> = { send_raw: ['raw_bytes'], bmc_reset: ['warm'] };

/**
 * Ironic's `ipmitool` vendor interface through the power driver's ipmitool runner (one command
 * at a time per BMC): `send_raw` sends `raw <bytes>`, `bmc_reset` sends `bmc reset warm|cold`
 * (warm unless `warm` reads as false).
 */
export function ipmiVendor(ipmi: IpmiPowerDriver): VendorDriver {
  return {
    validate(node: Node): void {
      ipmi.access(node);
    },

    async call(node: Node, method: string, args: JsonObject): Promise<void> {
      const taken = ARGUMENTS[method];
      if (!taken) throw new DriverError(`No handler for method ${method}`);
      const unexpected = Object.keys(args).find((name) => !taken.includes(name));
      if (unexpected !== undefined) throw new DriverError(`${method}() got an unexpected keyword argument '${unexpected}'`);
      const access = ipmi.access(node);
      if (method === 'send_raw') {
        await ipmi.run(access, ['raw', ...pythonStr(args.raw_bytes).split(/\s+/).filter(Boolean)]);
        return;
      }
      const warm = args.warm === undefined || TRUE_STRINGS.has(pythonStr(args.warm).trim().toLowerCase());
      await ipmi.run(access, ['bmc', 'reset', warm ? 'warm' : 'cold']);
    },
  };
}
