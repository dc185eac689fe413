import { type AgentOptions } from './agent/options.js';
import { type RamdiskImageDefaults } from './boot/index.js';
import { type HardwareType } from './driver.js';
import { fakeHardware } from './fake.js';
import { ipmiHardware, type IpmiOptions } from './ipmi/index.js';
import { manualManagementHardware } from './manual-management.js';
import { REDFISH_AUTH_TYPES, type RedfishAuthType, redfishHardware, type RedfishOptions } from './redfish/index.js';

export interface DriverOptions {
  /** Delay of each fake-hardware step (FAKE_STEP_DELAY_MS). */
  readonly fakeStepDelayMs?: number;
  /** Limits and timeouts of the `ipmi` hardware type (its defaults when absent). */
  readonly ipmi?: IpmiOptions;
  /** Timeouts, polling and connection limits of the `redfish` hardware type (its defaults when absent). */
  readonly redfish?: RedfishOptions;
  /** Provisioning through the ramdisk agent (`direct` deploy), for the hardware types that offer it. */
  readonly agent?: AgentOptions;
}

/** Every hardware type this build supports, by the name nodes use in their `driver` field. */
export function hardwareTypes(options: DriverOptions = {}): ReadonlyMap<string, HardwareType> {
  const fake = fakeHardware({ stepDelayMs: options.fakeStepDelayMs });
  const types = [fake, ipmiHardware(options.ipmi, options.agent), redfishHardware(options.redfish, options.agent), manualManagementHardware(fake, options.agent)];
  return new Map(types.map((type) => [type.name, type]));
}

/**
 * The hardware types of a process that runs several services driving BMCs (the all-in-one
 * process): one connection pool and one session per BMC for all of them, as within one service.
 * The process closes them once the services have stopped.
 */
export interface SharedHardware {
  readonly drivers: ReadonlyMap<string, HardwareType>;
}

/** Releases every hardware type's connections and sessions. */
export async function closeHardwareTypes(types: ReadonlyMap<string, HardwareType>): Promise<void> {
  await Promise.allSettled([...types.values()].map((type) => type.close?.()));
}

/**
 * Driver settings from the environment, for the services that run drivers:
 * FAKE_STEP_DELAY_MS; REDFISH_REQUEST_TIMEOUT_MS, REDFISH_POWER_TIMEOUT_S, REDFISH_POLL_INTERVAL_MS,
 * REDFISH_AUTH_TYPE (Ironic's `[redfish] auth_type`), REDFISH_RAID_CONFIG_STATUS_INTERVAL_S (Ironic's
 * `[redfish] raid_config_status_interval`, default 60: how often the conductor polls the tasks RAID steps wait for, at most CALLBACK_TIMEOUT_S), REDFISH_MAX_SOCKETS (connections open to BMCs
 * at once, per process, default 256: every BMC gets its own otherwise, as many open files); IPMI_COMMAND_RETRY_TIMEOUT_MS (Ironic's
 * `command_retry_timeout`), IPMI_MIN_COMMAND_INTERVAL_MS (`min_command_interval`), IPMI_MAX_CONCURRENT,
 * IPMI_CIPHER_SUITE; for the ramdisk agent RAMDISK_API_URL (where ramdisks reach the API, default
 * Ironic's http://127.0.0.1:6385), DEPLOY_ISO, RESCUE_ISO, DEPLOY_KERNEL, DEPLOY_RAMDISK,
 * RESCUE_KERNEL, RESCUE_RAMDISK (Ironic's `[conductor]` ramdisk images of nodes whose `driver_info`
 * names none), ERASE_DEVICES_PRIORITY and ERASE_DEVICES_METADATA_PRIORITY (Ironic's `[deploy]`
 * overrides of the agent's priorities; erase_devices is 0 unless set), AGENT_COMMAND_TIMEOUT_MS, and
 * VMEDIA_SERVER_HOST (default 127.0.0.1), VMEDIA_SERVER_PORT (default 0: any free one) and
 * VMEDIA_SERVER_URL (default http://host:port): where the conductor serves the configuration
 * floppies that carry the agent's token to virtual-media boots; BMCs must reach it.
 * Unset ones keep the drivers' defaults.
 */
export function driverOptionsFromEnv(env: NodeJS.ProcessEnv = process.env): DriverOptions {
  const number = (name: string): number | undefined => {
    const raw = env[name];
    if (raw === undefined || raw === '') return undefined;
    const value = Number(raw);
    if (!Number.isFinite(value) || value < 0) throw new Error(`${name} must be a non-negative number, not "${raw}"`);
    return value;
  };
  const maxSockets = number('REDFISH_MAX_SOCKETS');
  if (maxSockets !== undefined && !(Number.isInteger(maxSockets) && maxSockets >= 1)) {
    throw new Error(`REDFISH_MAX_SOCKETS must be a whole number of at least 1, not "${env.REDFISH_MAX_SOCKETS}"`);
  }
  const authType = env.REDFISH_AUTH_TYPE || undefined;
  if (authType !== undefined && !(REDFISH_AUTH_TYPES as readonly string[]).includes(authType)) {
    throw new Error(`REDFISH_AUTH_TYPE must be one of ${REDFISH_AUTH_TYPES.join(', ')}, not "${authType}"`);
  }
  return {
    fakeStepDelayMs: number('FAKE_STEP_DELAY_MS'),
    redfish: {
      requestTimeoutMs: number('REDFISH_REQUEST_TIMEOUT_MS'),
      powerTimeoutSeconds: number('REDFISH_POWER_TIMEOUT_S'),
      pollIntervalMs: number('REDFISH_POLL_INTERVAL_MS'),
      raidConfigStatusIntervalS: number('REDFISH_RAID_CONFIG_STATUS_INTERVAL_S'),
      maxSockets,
      defaultAuthType: authType as RedfishAuthType | undefined,
    },
    agent: {
      apiUrl: env.RAMDISK_API_URL || undefined,
      images: ramdiskImagesFromEnv(env),
      cleanStepPriorities: Object.fromEntries(
        ([['erase_devices', number('ERASE_DEVICES_PRIORITY')], ['erase_devices_metadata', number('ERASE_DEVICES_METADATA_PRIORITY')]] as const).filter(([, value]) => value !== undefined),
      ) as Record<string, number>,
      commandTimeoutMs: number('AGENT_COMMAND_TIMEOUT_MS'),
      mediaServer: { host: env.VMEDIA_SERVER_HOST || undefined, port: number('VMEDIA_SERVER_PORT'), publicUrl: env.VMEDIA_SERVER_URL || undefined },
    },
    ipmi: {
      commandRetryTimeoutMs: number('IPMI_COMMAND_RETRY_TIMEOUT_MS'),
      minCommandIntervalMs: number('IPMI_MIN_COMMAND_INTERVAL_MS'),
      maxConcurrent: number('IPMI_MAX_CONCURRENT'),
      defaultCipherSuite: number('IPMI_CIPHER_SUITE'),
    },
  };
}

/** The default ramdisk images (Ironic's `[conductor]` deploy/rescue kernel and ramdisk, and ISOs for virtual media). */
export function ramdiskImagesFromEnv(env: NodeJS.ProcessEnv = process.env): RamdiskImageDefaults {
  return {
    deployIso: env.DEPLOY_ISO || undefined,
    rescueIso: env.RESCUE_ISO || undefined,
    deployKernel: env.DEPLOY_KERNEL || undefined,
    deployRamdisk: env.DEPLOY_RAMDISK || undefined,
    rescueKernel: env.RESCUE_KERNEL || undefined,
    rescueRamdisk: env.RESCUE_RAMDISK || undefined,
  };
}
