import { type AgentInfo } from './agent.js';
import { defaultInterfaces, type NodeInterfaces } from './hardware-types.js';
import { type Introspection } from './introspection.js';
import { type ManagementAction } from './management.js';
import { emptyList, emptyObject, known, shared, sharedIfEmpty, sharedList } from './shared-values.js';
import { type PowerState, type ProvisionState } from './states.js';
import { type StepRun } from './steps.js';

/** A JSON value as stored in free-form node fields (`driver_info`, `properties`, …). */
export type Json = string | number | boolean | null | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

/** The fields an operator may change with `PATCH /v1/nodes/{id}`. */
export const UPDATABLE_FIELDS = [
  'name', 'driver', 'driver_info', 'properties', 'extra', 'instance_info', 'instance_uuid',
  'automated_clean', 'description', 'resource_class', 'owner', 'lessee', 'protected',
  'protected_reason', 'retired', 'retired_reason', 'conductor_group', 'chassis_uuid', 'network_data', 'shard',
  'bios_interface', 'boot_interface', 'console_interface', 'deploy_interface', 'inspect_interface', 'management_interface',
  'network_interface', 'power_interface', 'raid_interface', 'rescue_interface', 'storage_interface', 'vendor_interface',
] as const;
export type UpdatableField = (typeof UPDATABLE_FIELDS)[number];

/** Operator-owned node fields (what registration sets and updates change). */
export interface NodeFields extends NodeInterfaces {
  name: string | null;
  driver: string;
  driver_info: JsonObject;
  properties: JsonObject;
  extra: JsonObject;
  instance_info: JsonObject;
  instance_uuid: string | null;
  /** Per-node override of automated cleaning; `null` follows the conductor's setting. */
  automated_clean: boolean | null;
  description: string | null;
  resource_class: string | null;
  owner: string | null;
  lessee: string | null;
  protected: boolean;
  protected_reason: string | null;
  /** `null` when an operator removed the flag (Ironic keeps it nullable); counts as not retired. */
  retired: boolean | null;
  retired_reason: string | null;
  /** Lower case; `''` is the default group. */
  conductor_group: string;
  /** The chassis the node is in, if any. */
  chassis_uuid: string | null;
  /** Static network configuration handed to the instance (Ironic's `network_data`). */
  network_data: JsonObject;
  /** The shard the node belongs to, for partitioning consumers' work. */
  shard: string | null;
}

/** A node as its events define it: Ironic's node fields. */
export interface Node extends NodeFields {
  uuid: string;
  provision_state: ProvisionState;
  target_provision_state: ProvisionState | null;
  power_state: PowerState | null;
  target_power_state: PowerState | null;
  maintenance: boolean;
  maintenance_reason: string | null;
  /** Why the system (not an operator) put the node into maintenance, e.g. `power failure`. */
  fault: string | null;
  last_error: string | null;
  /** The conductor working on the node right now, if any: the node's lock. */
  reservation: string | null;
  /** Power sync's failures to read or restore the BMC in a row (0 when the last visit worked). */
  power_sync_failures: number;
  /** Steps of the running manual clean or custom deploy, kept for callbacks and recovery. */
  clean_steps: Json[] | null;
  /** The running manual clean boots no ramdisk: it runs only out-of-band steps (Ironic's `cleaning_disable_ramdisk`). */
  cleaning_disable_ramdisk: boolean;
  deploy_steps: Json[] | null;
  /** The plan of the running clean or deploy and how far it has got. */
  step_run: StepRun | null;
  /** The ramdisk agent running on the node now, once it looked the node up. */
  agent: AgentInfo | null;
  /** What a PXE service serves the node now: the agent's ramdisk, or a `ramdisk`-deployed instance (`null`: no network boot prepared). */
  boot_config: JsonObject | null;
  created_at: string;
  updated_at: string | null;
  provision_updated_at: string | null;
  /**
   * The in-band inspection record (ironic-inspector's node cache row): `null` when the node was
   * never introspected or its finished record was cleaned up.
   */
  introspection: Introspection | null;
  /** The node's network ports, in creation order. */
  ports: readonly Port[];
  /** Port groups (bonds) of the node's ports, in creation order. */
  portgroups: readonly Portgroup[];
  /** Storage initiators and the volumes the node boots from or attaches. */
  volume_connectors: readonly VolumeConnector[];
  volume_targets: readonly VolumeTarget[];
  /** Scheduling traits (standard or `CUSTOM_…`), distinct and sorted, as Ironic lists them. */
  traits: readonly string[];
  /** The allocation that holds the node for an instance, if any. */
  allocation_uuid: string | null;
  /** Boot mode and secure boot as the BMC last reported them (`null`: unknown). */
  boot_mode: string | null;
  secure_boot: boolean | null;
  console_enabled: boolean;
  /** The RAID configuration in place, and the one asked for (Ironic's `raid_config`, `target_raid_config`). */
  raid_config: JsonObject;
  target_raid_config: JsonObject;
  /** BIOS settings as last read from the hardware. */
  bios_settings: readonly BiosSetting[];
  /** The management call the node's lock (`reservation`) is held for, if any. */
  management_action: ManagementAction | null;
  /** What in-band inspection reported last: the ramdisk's inventory and what processing derived from it. */
  inventory: NodeInventory | null;
}

/** A node's inventory as `GET /v1/nodes/{id}/inventory` shows it. */
export interface NodeInventory {
  readonly inventory: JsonObject;
  readonly plugin_data: JsonObject;
}

/** A port group: several ports bonded into one logical link. */
export interface Portgroup {
  readonly uuid: string;
  readonly name: string | null;
  /** MAC address, lower case with colons; unique among port groups. */
  readonly address: string | null;
  readonly extra: JsonObject;
  /** What the system keeps about it (e.g. the VIF bound to it: `tenant_vif_port_id`). */
  readonly internal_info: JsonObject;
  /** The bonding mode; `null` only when an operator replaced it with null (Ironic keeps that). */
  readonly mode: string | null;
  readonly properties: JsonObject;
  readonly standalone_ports_supported: boolean;
  readonly created_at: string;
  readonly updated_at: string | null;
}

/** A storage initiator of the node (`iqn`, `wwpn`, …). */
export interface VolumeConnector {
  readonly uuid: string;
  readonly type: string;
  readonly connector_id: string;
  readonly extra: JsonObject;
  readonly created_at: string;
  readonly updated_at: string | null;
}

/** A volume the node boots from (`boot_index` 0) or attaches. */
export interface VolumeTarget {
  readonly uuid: string;
  readonly volume_type: string;
  readonly properties: JsonObject;
  readonly boot_index: number;
  readonly volume_id: string;
  readonly extra: JsonObject;
  readonly created_at: string;
  readonly updated_at: string | null;
}

/** One BIOS setting as the hardware reports it, with what its attribute registry says of it (API 1.74). */
export interface BiosSettingValue {
  readonly name: string;
  readonly value: string | null;
  readonly attribute_type?: string | null;
  readonly allowable_values?: readonly string[] | null;
  readonly lower_bound?: number | null;
  readonly upper_bound?: number | null;
  readonly min_length?: number | null;
  readonly max_length?: number | null;
  readonly read_only?: boolean | null;
  readonly reset_required?: boolean | null;
  readonly unique?: boolean | null;
}

/** A BIOS setting as the node keeps it: when it first appeared, and when its value last changed. */
export interface BiosSetting extends BiosSettingValue {
  readonly created_at: string;
  readonly updated_at: string | null;
}

/** A network port of a node (Ironic's port), as the node's events define it. */
export interface Port {
  readonly uuid: string;
  /** MAC address, lower case with colons. Unique across the fleet. */
  readonly address: string;
  readonly pxe_enabled: boolean;
  readonly extra: JsonObject;
  readonly local_link_connection: JsonObject;
  readonly physical_network: string | null;
  readonly is_smartnic: boolean;
  /** The port group the port is bonded into, if any (of the same node). */
  readonly portgroup_uuid: string | null;
  /** What the system keeps about the port (e.g. the VIF bound to it: `tenant_vif_port_id`). */
  readonly internal_info: JsonObject;
  readonly created_at: string;
  readonly updated_at?: string | null;
}

/** The operator-settable fields of a port (`POST /v1/ports`), with Ironic's defaults. */
export type PortFields = Omit<Port, 'created_at' | 'updated_at' | 'internal_info'>;

export const DEFAULT_PORT_FIELDS: Readonly<Omit<PortFields, 'uuid' | 'address'>> = {
  pxe_enabled: true,
  extra: {},
  local_link_connection: {},
  physical_network: null,
  is_smartnic: false,
  portgroup_uuid: null,
};

/** A port as it stands when created: the given fields over Ironic's defaults. */
export function newPort(fields: Pick<Port, 'uuid' | 'address'> & Partial<PortFields>, createdAt: string): Port {
  // Object.assign rather than spreads: V8 gives each spread copy of a parsed event's object a hidden class of its own.
  return Object.assign({}, DEFAULT_PORT_FIELDS, fields, { internal_info: emptyObject('item.internal_info'), created_at: createdAt, updated_at: null });
}

/** The operator-settable fields of a port group (`POST /v1/portgroups`). */
export type PortgroupFields = Omit<Portgroup, 'created_at' | 'updated_at' | 'internal_info'>;

/** Ironic's defaults for a new port group (`mode`: `[DEFAULT]default_portgroup_mode`). */
export const DEFAULT_PORTGROUP_FIELDS: Readonly<Omit<PortgroupFields, 'uuid'>> = {
  name: null,
  address: null,
  extra: {},
  mode: 'active-backup',
  properties: {},
  standalone_ports_supported: true,
};

/** The operator-settable fields of a volume connector and of a volume target. */
export type VolumeConnectorFields = Omit<VolumeConnector, 'created_at' | 'updated_at'>;
export type VolumeTargetFields = Omit<VolumeTarget, 'created_at' | 'updated_at'>;

export const DEFAULT_NODE_FIELDS: Readonly<NodeFields> = {
  name: null,
  driver: 'fake-hardware',
  driver_info: {},
  properties: {},
  extra: {},
  instance_info: {},
  instance_uuid: null,
  automated_clean: null,
  description: null,
  resource_class: null,
  owner: null,
  lessee: null,
  protected: false,
  protected_reason: null,
  retired: false,
  retired_reason: null,
  conductor_group: '',
  chassis_uuid: null,
  network_data: {},
  shard: null,
  ...defaultInterfaces('fake-hardware'),
};

/** What a node that was just registered has besides its operator-owned fields. */
const REGISTERED: Omit<Node, keyof NodeFields | 'uuid' | 'created_at' | 'provision_state'> = {
  target_provision_state: null,
  power_state: null,
  target_power_state: null,
  maintenance: false,
  maintenance_reason: null,
  fault: null,
  last_error: null,
  reservation: null,
  power_sync_failures: 0,
  clean_steps: null,
  cleaning_disable_ramdisk: false,
  deploy_steps: null,
  step_run: null,
  agent: null,
  boot_config: null,
  updated_at: null,
  provision_updated_at: null,
  introspection: null,
  ports: emptyList('ports'),
  portgroups: emptyList('portgroups'),
  volume_connectors: emptyList('volume_connectors'),
  volume_targets: emptyList('volume_targets'),
  traits: emptyList('traits'),
  allocation_uuid: null,
  boot_mode: null,
  secure_boot: null,
  console_enabled: false,
  raid_config: emptyObject('raid_config'),
  target_raid_config: emptyObject('target_raid_config'),
  bios_settings: emptyList('bios_settings'),
  management_action: null,
  inventory: null,
};

/**
 * A node as it stands right after registration: the given fields over the defaults, no power
 * state, no target, nobody holding it. `evolve` builds registered nodes with it; tests build
 * nodes in any state from it. Interfaces a registration did not record (older events) are the
 * hardware type's defaults. Strings of the domain's vocabulary and empty fields are the shared ones.
 */
export function newNode(uuid: string, createdAt: string, fields: Partial<Node> & Pick<Node, 'provision_state'>): Node {
  return withSharedValues(copyNode(Object.assign({}, DEFAULT_NODE_FIELDS, defaultInterfaces(fields.driver ?? DEFAULT_NODE_FIELDS.driver), REGISTERED, { uuid, created_at: createdAt }, fields)));
}

/** A node parsed back from its own JSON, shaped and sharing values as `newNode` and `evolve` make them. */
export function restoreNode(parsed: Node): Node {
  const node = withSharedValues(copyNode(parsed));
  if (node.bios_settings.length > 0) node.bios_settings = node.bios_settings.map((setting) => biosSetting(setting, setting.created_at, setting.updated_at));
  return node;
}

/**
 * A BIOS setting as the node keeps it. A fleet's nodes report the same attribute registry, so
 * names, types and allowed values are held once (an enumeration's value too, as one of its
 * allowed values). Object.assign rather than a spread: V8 gives each spread copy of a parsed
 * event's object a hidden class of its own.
 */
export function biosSetting(setting: BiosSettingValue, created_at: string, updated_at: string | null): BiosSetting {
  const kept = Object.assign({}, setting, { created_at, updated_at }) as { -readonly [K in keyof BiosSetting]: BiosSetting[K] };
  kept.name = shared(setting.name);
  if (typeof setting.attribute_type === 'string') kept.attribute_type = shared(setting.attribute_type);
  const allowed = setting.allowable_values;
  if (Array.isArray(allowed)) {
    kept.allowable_values = sharedList(allowed);
    if (typeof setting.value === 'string' && allowed.includes(setting.value)) kept.value = shared(setting.value);
  }
  return kept;
}


/** `node` (a fresh copy) with the domain's vocabulary and empty fields as the shared values. */
function withSharedValues(node: Node): Node {
  const values = node as unknown as Record<string, unknown>;
  for (const key in values) {
    const value = values[key];
    values[key] = typeof value === 'string' ? known(value) : sharedIfEmpty(value, key);
  }
  return node;
}

/**
 * A copy of `node`, to change before anyone else sees it. One object literal with every field
 * in a fixed order: every node then has the same hidden class, and V8 copies it about five
 * times faster than a spread (`{ ...node }` of a node that was itself a copy takes V8 11's slow
 * path, and a spread of a parsed event's object gets a hidden class of its own). The order is
 * the one nodes have always had (their JSON, checksums and the API's field order depend on it).
 */
export function copyNode(node: Node): Node {
  return {
    name: node.name,
    driver: node.driver,
    driver_info: node.driver_info,
    properties: node.properties,
    extra: node.extra,
    instance_info: node.instance_info,
    instance_uuid: node.instance_uuid,
    automated_clean: node.automated_clean,
    description: node.description,
    resource_class: node.resource_class,
    owner: node.owner,
    lessee: node.lessee,
    protected: node.protected,
    protected_reason: node.protected_reason,
    retired: node.retired,
    retired_reason: node.retired_reason,
    conductor_group: node.conductor_group,
    chassis_uuid: node.chassis_uuid,
    network_data: node.network_data,
    shard: node.shard,
    bios_interface: node.bios_interface,
    boot_interface: node.boot_interface,
    console_interface: node.console_interface,
    deploy_interface: node.deploy_interface,
    inspect_interface: node.inspect_interface,
    management_interface: node.management_interface,
    network_interface: node.network_interface,
    power_interface: node.power_interface,
    raid_interface: node.raid_interface,
    rescue_interface: node.rescue_interface,
    storage_interface: node.storage_interface,
    vendor_interface: node.vendor_interface,
    uuid: node.uuid,
    target_provision_state: node.target_provision_state,
    power_state: node.power_state,
    target_power_state: node.target_power_state,
    maintenance: node.maintenance,
    maintenance_reason: node.maintenance_reason,
    fault: node.fault,
    last_error: node.last_error,
    reservation: node.reservation,
    power_sync_failures: node.power_sync_failures,
    clean_steps: node.clean_steps,
    cleaning_disable_ramdisk: node.cleaning_disable_ramdisk,
    deploy_steps: node.deploy_steps,
    step_run: node.step_run,
    agent: node.agent,
    boot_config: node.boot_config,
    created_at: node.created_at,
    updated_at: node.updated_at,
    provision_updated_at: node.provision_updated_at,
    introspection: node.introspection,
    ports: node.ports,
    portgroups: node.portgroups,
    volume_connectors: node.volume_connectors,
    volume_targets: node.volume_targets,
    traits: node.traits,
    allocation_uuid: node.allocation_uuid,
    boot_mode: node.boot_mode,
    secure_boot: node.secure_boot,
    console_enabled: node.console_enabled,
    raid_config: node.raid_config,
    target_raid_config: node.target_raid_config,
    bios_settings: node.bios_settings,
    management_action: node.management_action,
    inventory: node.inventory,
    provision_state: node.provision_state,
  };
}
