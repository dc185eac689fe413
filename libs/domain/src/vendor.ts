/**
 * The vendor methods each vendor interface offers on a node (`…/vendor_passthru/{method}`), as
 * data: what `GET …/vendor_passthru/methods` lists, and the checks Ironic's conductor makes
 * before it calls the method: in a worker after a 202 (`async`), or while the client waits, which
 * then gets 200 with what the method returned.
 */
import { type JsonObject } from './node.js';

/** A vendor method as Ironic lists it. */
export interface VendorMethodInfo {
  readonly http_methods: readonly string[];
  readonly async: boolean;
  readonly description: string;
  readonly attach: boolean;
  readonly require_exclusive_lock: boolean;
}

/** Vendor methods by vendor interface; an interface not listed (`no-vendor`, `fake`) has none. */
export const VENDOR_METHODS: Readonly<Record<string, Readonly<Record<string, VendorMethodInfo>>>> = {
  ipmitool: {
    send_raw: {
      http_methods: ['POST'],
      async: true,
      description: "Send raw bytes to the BMC. Required argument: 'raw_bytes' - a string of raw bytes (e.g. '0x00 0x01').",
      attach: false,
      require_exclusive_lock: true,
    },
    bmc_reset: {
      http_methods: ['POST'],
      async: true,
      description: "Reset the BMC. Required argument: 'warm' (Boolean) - for warm (True) or cold (False) reset.",
      attach: false,
      require_exclusive_lock: true,
    },
  },
  // Listed by name, as Ironic lists them.
  redfish: {
    create_subscription: {
      http_methods: ['POST'],
      async: false,
      description: "Creates a subscription on a node. Required argument: a dictionary of {'Destination': 'destination_url'}",
      attach: false,
      require_exclusive_lock: true,
    },
    delete_subscription: {
      http_methods: ['DELETE'],
      async: false,
      description: "Delete a subscription on a node. Required argument: a dictionary of {'id': 'subscription_bmc_id'}",
      attach: false,
      require_exclusive_lock: true,
    },
    eject_vmedia: {
      http_methods: ['POST'],
      async: true,
      description:
        "Eject a virtual media device. If no device is provided then all attached devices will be ejected. Optional arguments: 'boot_device' - the boot device to eject, either 'cd', 'dvd', 'usb', or 'floppy'",
      attach: false,
      require_exclusive_lock: true,
    },
    get_all_subscriptions: {
      http_methods: ['GET'],
      async: false,
      description: 'Returns all subscriptions on the node.',
      attach: false,
      require_exclusive_lock: true,
    },
    get_subscription: {
      http_methods: ['GET'],
      async: false,
      description: "Get a subscription on the node. Required argument: a dictionary of {'id': 'subscription_bmc_id'}",
      attach: false,
      require_exclusive_lock: true,
    },
  },
};

/** The vendor methods of a node's vendor interface. */
export function vendorMethods(vendorInterface: string): Readonly<Record<string, VendorMethodInfo>> {
  return VENDOR_METHODS[vendorInterface] ?? {};
}

/** Whether the method answers while the client waits (200 with its return value) rather than with 202. */
export function isSynchronousVendorMethod(vendorInterface: string, method: string): boolean {
  return vendorMethods(vendorInterface)[method]?.async === false;
}

/**
 * Why the node's vendor interface refuses a call, in Ironic's words and order, or `undefined`:
 * an unknown method, then an HTTP method it does not take, then a missing argument. (The lock
 * and `driver_info` come between the last two in Ironic; the conductor checks them.)
 */
export function vendorCallRefusal(vendorInterface: string, method: string, httpMethod: string): string | undefined {
  const info = vendorMethods(vendorInterface)[method];
  if (!info) return `No handler for method ${method}`;
  const http = httpMethod.toUpperCase();
  if (!info.http_methods.includes(http)) return `The method ${method} does not support HTTP ${http}`;
  return undefined;
}

/** The argument a method cannot do without, in Ironic's words, or `undefined`. */
export function vendorArgumentRefusal(method: string, args: JsonObject): string | undefined {
  // Python's truthiness: an empty string, 0, false, [] or {} count as missing.
  if (method === 'send_raw' && !pythonTruthy(args.raw_bytes)) return 'Parameter raw_bytes (string of bytes) was not specified.';
  if (method === 'delete_subscription' && !pythonTruthy(args.id)) return "id can't be None";
  return undefined;
}

/** Python's truthiness of a JSON value. */
export function pythonTruthy(value: unknown): boolean {
  if (value === undefined || value === null || value === false || value === 0 || value === '') return false;
  if (Array.isArray(value)) return value.length > 0;
  if (typeof value === 'object') return Object.keys(value).length > 0;
  return true;
}
