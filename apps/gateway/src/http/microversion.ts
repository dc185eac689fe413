/**
 * Ironic API microversions: which version a request asked for, and what each version allows.
 * The major version is always 1, so a version is its minor number wrapped with a few helpers.
 */

export class Microversion {
  constructor(readonly minor: number) {}

  /** True when this version is `1.<minor>` or newer. */
  atLeast(minor: number): boolean {
    return this.minor >= minor;
  }

  toString(): string {
    return `1.${this.minor}`;
  }
}

/** The range Ironic 21.4 (2023.1 "Antelope") serves. */
export const MIN_VERSION = new Microversion(1);
export const MAX_VERSION = new Microversion(82);
/** Without a version header a client gets the oldest behaviour (Ironic's rule). */
export const DEFAULT_VERSION = MIN_VERSION;

export const VERSION_HEADER = 'X-OpenStack-Ironic-API-Version';
export const MIN_VERSION_HEADER = 'X-OpenStack-Ironic-API-Minimum-Version';
export const MAX_VERSION_HEADER = 'X-OpenStack-Ironic-API-Maximum-Version';

/** Versions that introduced behaviour the gateway checks (named after Ironic's `versions.py`). */
export const Versions = {
  AVAILABLE_STATE: 2,
  MANAGEABLE_STATE: 4,
  NODE_NAME: 5,
  INSPECT_STATE: 6,
  FIELDS_PARAM: 8,
  PROVISION_STATE_FILTER: 9,
  UNRESTRICTED_NODE_NAME: 10,
  ENROLL_BY_DEFAULT: 11,
  RAID_CONFIG: 12,
  ABORT_VERB: 13,
  STATES_LINKS: 14,
  MANUAL_CLEAN: 15,
  DRIVER_FILTER: 16,
  ADOPT_VERB: 17,
  RESOURCE_CLASS: 21,
  RAMDISK_ENDPOINTS: 22,
  PORTGROUPS: 24,
  REMOVE_CHASSIS_UUID: 25,
  SOFT_POWER: 27,
  VIFS: 28,
  INJECT_NMI: 29,
  DYNAMIC_DRIVERS: 30,
  VOLUME: 32,
  REBUILD_CONFIG_DRIVE: 35,
  AGENT_VERSION: 36,
  NODE_TRAITS: 37,
  RESCUE: 38,
  INSPECT_WAIT_STATE: 39,
  BIOS: 40,
  INSPECT_ABORT: 41,
  FAULT: 42,
  DETAIL_PARAM: 43,
  RESET_INTERFACES: 45,
  CONDUCTOR_GROUP: 46,
  CONDUCTORS: 49,
  OWNER: 50,
  ALLOCATIONS: 52,
  EVENTS: 54,
  DEPLOY_TEMPLATES: 55,
  BUILD_CONFIG_DRIVE: 56,
  CONFIG_DRIVE_VENDOR_DATA: 59,
  RETIRED: 61,
  AGENT_TOKEN: 62,
  LESSEE: 65,
  NETWORK_DATA: 66,
  HEARTBEAT_VERIFY_CA: 68,
  DEPLOY_STEPS_PARAM: 69,
  CLEAN_DISABLE_RAMDISK: 70,
  HEARTBEAT_STATUS: 72,
  DEPLOY_UNDEPLOY_VERBS: 73,
  BOOT_MODE_CHANGE: 76,
  DRIVER_FIELDS_PARAM: 77,
  NODE_HISTORY: 78,
  NODE_INVENTORY: 81,
  SHARDS: 82,
} as const;

/** Why a version header was refused; rendered as Ironic's `{code, title, description}` error. */
export interface VersionRefusal {
  readonly status: 400 | 406;
  readonly description: string;
  /** Ironic sends the supported range along, except when the header could not be parsed. */
  readonly withRange: boolean;
}

export type Negotiation = { readonly ok: true; readonly version: Microversion } | ({ readonly ok: false } & VersionRefusal);

type Headers = Readonly<Record<string, string | string[] | undefined>>;

/**
 * The version a request asked for, from `OpenStack-API-Version: baremetal X.Y` or the legacy
 * `X-OpenStack-Ironic-API-Version: X.Y` (header names in lower case, as Node gives them).
 */
export function negotiateVersion(headers: Headers): Negotiation {
  const requested = requestedVersion(headers);
  if (requested === undefined) return { ok: true, version: DEFAULT_VERSION };
  if (requested.toLowerCase() === 'latest') return { ok: true, version: MAX_VERSION };
  const match = /^(\d+)\.(\d+)$/.exec(requested);
  if (!match) return { ok: false, status: 406, description: `Invalid value for ${VERSION_HEADER} header`, withRange: false };
  const [major, minor] = [Number(match[1]), Number(match[2])];
  const range = `The supported version range is: [${MIN_VERSION}, ${MAX_VERSION}].`;
  if (major !== 1) {
    return { ok: false, status: 400, description: `Mutually exclusive versions requested. Version ${major}.${minor} requested but not supported by this service. ${range}`, withRange: true };
  }
  if (minor < MIN_VERSION.minor || minor > MAX_VERSION.minor) {
    return { ok: false, status: 406, description: `Version ${major}.${minor} was requested but the minor version is not supported by this service. ${range}`, withRange: true };
  }
  return { ok: true, version: new Microversion(minor) };
}

function requestedVersion(headers: Headers): string | undefined {
  const standard = lastValue(headers['openstack-api-version']);
  // The standard header lists `service version` pairs, comma separated; ours is `baremetal`.
  for (const entry of standard?.split(',') ?? []) {
    const [service, version] = entry.trim().split(/\s+/);
    if (service?.toLowerCase() === 'baremetal' && version) return version;
  }
  return lastValue(headers[VERSION_HEADER.toLowerCase()])?.trim();
}

function lastValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value.at(-1) : value;
}
