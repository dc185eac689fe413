/**
 * A node's target RAID configuration (`PUT /v1/nodes/{id}/states/raid`), checked as Ironic's
 * base RAID interface checks it: its JSON schema (draft 4), reported the way the `jsonschema`
 * library picks and words the one error it shows, then at most one root volume.
 */
import { type JsonObject } from './node.js';
import { type Schema, validationError } from './json-schema.js';

const RAID_LEVELS = ['JBOD', '0', '1', '2', '5', '6', '1+0', '5+0', '6+0'];

/** Each logical disk's properties with Ironic's descriptions (also `GET /v1/drivers/{d}/raid/logical_disk_properties`). */
const LOGICAL_DISK_PROPERTIES: Schema = {
  raid_level: {
    type: 'string',
    enum: RAID_LEVELS,
    description: "RAID level for the logical disk. Valid values are 'JBOD', '0', '1', '2', '5', '6', '1+0', '5+0' and '6+0'. Required.",
  },
  size_gb: {
    anyOf: [{ type: 'integer', minimum: 0 }, { type: 'string', enum: ['MAX'] }],
    description: "Size in GiB (Integer) for the logical disk. Use 'MAX' as size_gb if this logical disk is supposed to use the rest of the space available. Required.",
  },
  volume_name: { type: 'string', description: 'Name of the volume to be created. If this is not specified, it will be auto-generated. Optional.' },
  is_root_volume: { type: 'boolean', description: 'Specifies whether this disk is a root volume. By default, this is False. Optional.' },
  share_physical_disks: {
    type: 'boolean',
    description: 'Specifies whether other logical disks can share physical disks with this logical disk. By default, this is False. Optional.',
  },
  disk_type: {
    type: 'string',
    enum: ['hdd', 'ssd'],
    description: "The type of disk preferred. Valid values are 'hdd' and 'ssd'. If this is not specified, disk type will not be a selection criterion for choosing backing physical disks. Optional.",
  },
  interface_type: {
    type: 'string',
    enum: ['sata', 'scsi', 'sas'],
    description:
      "The interface type of disk. Valid values are 'sata', 'scsi' and 'sas'. If this is not specified, interface type will not be a selection criterion for choosing backing physical disks. Optional.",
  },
  number_of_physical_disks: {
    type: 'integer',
    minimum: 0,
    exclusiveMinimum: true,
    description: 'Number of physical disks to use for this logical disk. By default, the driver uses the minimum number of disks required for that RAID level. Optional.',
  },
  controller: {
    type: 'string',
    description: 'Controller to use for this logical disk. If not specified, the driver will choose a suitable RAID controller on the bare metal node. Optional.',
  },
  physical_disks: {
    anyOf: [
      { type: 'array', items: { type: 'string' } },
      { type: 'array', items: { type: 'object' }, minItems: 2 },
    ],
    description: 'The physical disks to use for this logical disk. If not specified, the driver will choose suitable physical disks to use. Optional.',
  },
};

const RAID_CONFIG_SCHEMA: Schema = {
  type: 'object',
  properties: {
    logical_disks: {
      type: 'array',
      items: {
        type: 'object',
        properties: LOGICAL_DISK_PROPERTIES,
        required: ['raid_level', 'size_gb'],
        additionalProperties: false,
        dependencies: { physical_disks: ['controller'] },
      },
      minItems: 1,
    },
  },
  required: ['logical_disks'],
  additionalProperties: false,
};

/** `GET /v1/drivers/{driver}/raid/logical_disk_properties`: each property and its description. */
export const LOGICAL_DISK_PROPERTY_DESCRIPTIONS: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries(LOGICAL_DISK_PROPERTIES).map(([name, schema]) => [name, (schema as { description: string }).description]),
);

/**
 * Why `config` is not a valid target RAID configuration for the node's RAID interface
 * (`raidInterface`), in Ironic's words, or `null` when it is. `{}` (no target) is always valid;
 * the `redfish` interface also refuses SCSI disks.
 */
export function raidConfigProblem(config: JsonObject, raidInterface?: string): string | null {
  if (Object.keys(config).length === 0) return null;
  // The RAID interface reports jsonschema's best match alone (no "possible root cause": that is the API's).
  const error = validationError(config, RAID_CONFIG_SCHEMA);
  if (error) return `RAID config validation error: ${error.message}`;
  const disks = config.logical_disks as JsonObject[];
  const roots = disks.filter((disk) => Boolean(disk.is_root_volume)).length;
  if (roots > 1) return `Raid config cannot have more than one root volume. ${roots} root volumes were specified`;
  if (raidInterface === 'redfish' && disks.some((disk) => disk.interface_type === 'scsi')) return 'interface type `scsi` not supported by Redfish RAID';
  return null;
}

/**
 * Why a RAID configuration an agent reports as built cannot be recorded (Ironic's
 * `update_raid_info`), or `null`: it has more than one root volume.
 */
export function builtRaidProblem(config: JsonObject): string | null {
  const disks = Array.isArray(config.logical_disks) ? (config.logical_disks as JsonObject[]) : [];
  const roots = disks.filter((disk) => typeof disk === 'object' && disk !== null && Boolean(disk.is_root_volume)).length;
  return roots > 1 ? `Raid config cannot have more than one root volume. ${roots} root volumes were specified` : null;
}

/**
 * The node's `raid_config` and `properties` once a RAID configuration was built (`config`, at
 * `at`) or deleted (`{}`), as Ironic's agent RAID records them: a built one with `last_updated`
 * (Python's `str` of a UTC datetime), its root volume giving `local_gb` (unless `MAX`),
 * `root_device` (its `root_device_hint`) and the `raid_level` capability; a deletion drops
 * `root_device`.
 */
export function recordedRaid(properties: JsonObject, config: JsonObject, at: string): { raid_config: JsonObject; properties: JsonObject } {
  if (Object.keys(config).length === 0) {
    const { root_device: _dropped, ...kept } = properties;
    return { raid_config: {}, properties: kept };
  }
  const raid_config = { ...config, last_updated: pythonUtcNow(at) };
  const disks = Array.isArray(config.logical_disks) ? (config.logical_disks as JsonObject[]) : [];
  const root = disks.find((disk) => typeof disk === 'object' && disk !== null && Boolean(disk.is_root_volume));
  if (!root) return { raid_config, properties };
  const updated: JsonObject = { ...properties };
  if (root.size_gb !== 'MAX') updated.local_gb = root.size_gb ?? null;
  if ('root_device_hint' in root) updated.root_device = root.root_device_hint ?? null;
  updated.capabilities = withCapability(typeof properties.capabilities === 'string' ? properties.capabilities : '', 'raid_level', String(root.raid_level));
  return { raid_config, properties: updated };
}

/** `key:value` set in a capabilities string (`a:b,c:d`), in place when present, else at the end. */
function withCapability(capabilities: string, key: string, value: string): string {
  const pairs = new Map(
    capabilities
      .split(',')
      .filter(Boolean)
      .map((pair) => {
        const at = pair.indexOf(':');
        return [pair.slice(0, at), pair.slice(at + 1)] as const;
      }),
  );
  pairs.set(key, value);
  return [...pairs].map(([name, setting]) => `${name}:${setting}`).join(',');
}

/** An ISO timestamp as Python prints a naive UTC datetime: `2026-01-02 03:04:05.678000`. */
function pythonUtcNow(at: string): string {
  const [date, time = ''] = at.replace(/Z$/, '').split('T');
  const [clock = '00:00:00', fraction = ''] = time.split('.');
  const micros = fraction.padEnd(6, '0').slice(0, 6);
  return micros === '000000' ? `${date} ${clock}` : `${date} ${clock}.${micros}`;
}
