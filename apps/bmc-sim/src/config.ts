import { readFileSync } from 'node:fs';
import { type BmcSimOptions, RAMDISK_MODES, type RamdiskMode } from '@ironledger/bmc-sim';

/**
 * Reads the simulator's settings from the environment: BMC_SIM_HOST (127.0.0.1), BMC_SIM_PORT
 * (8000; 0 picks a free port), BMC_SIM_SYSTEMS (100), BMC_SIM_ENCLOSURE_SIZE (systems per blade
 * enclosure, one Redfish service over several systems; 0: none), BMC_SIM_USERNAME/BMC_SIM_PASSWORD
 * (admin/password), BMC_SIM_POWER (Off), BMC_SIM_SESSION_TIMEOUT (1800 s), and
 * BMC_SIM_TLS_CERT/BMC_SIM_TLS_KEY (PEM files: serve HTTPS), and for the inspection ramdisks
 * BMC_SIM_CALLBACK_URL (e.g. the gateway's /v1/continue; unset: no ramdisk posts),
 * BMC_SIM_RAMDISK_DELAY_MS (1000) and BMC_SIM_RAMDISK (inventory, never or garbage), and for
 * the agent ramdisks BMC_SIM_IRONIC_URL (Ironic's API, e.g. the gateway; unset: no agent starts),
 * BMC_SIM_AGENT_ADVERTISE_URL (the base of the agents' callback URLs; the simulator's URL),
 * BMC_SIM_AGENT_BOOT_MS (300), BMC_SIM_AGENT_LOOKUP_TIMEOUT_MS (300000),
 * BMC_SIM_AGENT_LOOKUP_INTERVAL_MS (1000) and BMC_SIM_AGENT_HEARTBEAT_MS (unset: IPA's interval).
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): BmcSimOptions {
  const cert = env.BMC_SIM_TLS_CERT;
  const key = env.BMC_SIM_TLS_KEY;
  if (Boolean(cert) !== Boolean(key)) throw new Error('BMC_SIM_TLS_CERT and BMC_SIM_TLS_KEY go together');
  return {
    host: env.BMC_SIM_HOST || '127.0.0.1',
    port: integer(env, 'BMC_SIM_PORT', 8000, 0),
    systems: integer(env, 'BMC_SIM_SYSTEMS', 100, 1),
    enclosureSize: integer(env, 'BMC_SIM_ENCLOSURE_SIZE', 0, 0),
    username: env.BMC_SIM_USERNAME || undefined,
    password: env.BMC_SIM_PASSWORD || undefined,
    power: env.BMC_SIM_POWER === 'On' ? 'On' : 'Off',
    sessionTimeoutSeconds: integer(env, 'BMC_SIM_SESSION_TIMEOUT', 1800, 1),
    tls: cert && key ? { cert: readFileSync(cert), key: readFileSync(key) } : undefined,
    ramdisk: { callbackUrl: env.BMC_SIM_CALLBACK_URL || undefined, delayMs: integer(env, 'BMC_SIM_RAMDISK_DELAY_MS', 1000, 0), mode: ramdiskMode(env.BMC_SIM_RAMDISK) },
    agent: {
      ironicUrl: env.BMC_SIM_IRONIC_URL || undefined,
      advertiseUrl: env.BMC_SIM_AGENT_ADVERTISE_URL || undefined,
      bootMs: integer(env, 'BMC_SIM_AGENT_BOOT_MS', 300, 0),
      lookupTimeoutMs: integer(env, 'BMC_SIM_AGENT_LOOKUP_TIMEOUT_MS', 300_000, 0),
      lookupIntervalMs: integer(env, 'BMC_SIM_AGENT_LOOKUP_INTERVAL_MS', 1000, 1),
      heartbeatMs: env.BMC_SIM_AGENT_HEARTBEAT_MS ? integer(env, 'BMC_SIM_AGENT_HEARTBEAT_MS', 0, 1) : undefined,
    },
  };
}

function integer(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min) throw new Error(`${name} must be an integer of at least ${min}, not "${raw}"`);
  return value;
}

function ramdiskMode(value: string | undefined): RamdiskMode {
  if (!value) return 'inventory';
  if ((RAMDISK_MODES as readonly string[]).includes(value)) return value as RamdiskMode;
  throw new Error(`BMC_SIM_RAMDISK must be one of ${RAMDISK_MODES.join(', ')}, not "${value}"`);
}
