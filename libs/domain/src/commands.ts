import { type Allocation } from './allocation.js';
import { type DeployTemplate } from './deploy-template.js';
import { type AuditMeta } from './events.js';
import { type IntrospectionData } from './introspection.js';
import { type InterfaceField } from './hardware-types.js';
import { type BootMode } from './management.js';
import {
  type BiosSettingValue,
  type Json,
  type JsonObject,
  type NodeFields,
  type Port,
  type PortFields,
  type Portgroup,
  type PortgroupFields,
  type VolumeConnector,
  type VolumeConnectorFields,
  type VolumeTarget,
  type VolumeTargetFields,
} from './node.js';
import { type PowerState } from './states.js';
import { type RaidTasks, type StepKind, type StepProgress } from './steps.js';

/** Context every command brings, since the domain reads no clock and knows no user. */
export interface CommandMeta {
  /** ISO 8601 time of the request. */
  readonly at: string;
  readonly actor: string;
  readonly requestId: string;
  readonly correlationId?: string;
  readonly causationId?: string;
  /** The conductor instance executing the command: it holds the node while work runs. */
  readonly conductor?: string;
}

interface Command<T extends string, D = object> {
  readonly type: T;
  readonly nodeId: string;
  readonly data: D;
  readonly meta: CommandMeta;
}

/** Operator-owned fields as a request sets them: an interface set to `null` gets its hardware type's default. */
export type NodeFieldChanges = Omit<Partial<NodeFields>, InterfaceField> & Partial<Record<InterfaceField, string | null>>;

/**
 * Enroll a node. Below API 1.11 nodes start `available`, from 1.11 in `enroll`. As in Ironic, a
 * registration may also put the node into maintenance (without a reason) and say its boot mode.
 */
export type RegisterNode = Command<
  'RegisterNode',
  NodeFieldChanges & {
    readonly driver: string;
    readonly provision_state: 'enroll' | 'available';
    readonly maintenance?: boolean;
    readonly boot_mode?: string | null;
    readonly secure_boot?: boolean | null;
  }
>;

/**
 * Change operator-owned fields (`PATCH /v1/nodes/{id}`), and maintenance with them when the
 * patch turns it on or off. With `reset_interfaces` and a new driver, every interface the
 * request does not set gets the new hardware type's default.
 */
export type UpdateNode = Command<
  'UpdateNode',
  { readonly changes: NodeFieldChanges; readonly maintenance?: boolean; readonly reset_interfaces?: boolean }
>;

/**
 * Remove a node. `allow_deleting_available` is the conductor's setting (Ironic's
 * `[conductor] allow_deleting_available_nodes`, true when absent): whether `available` nodes may go.
 */
export type DeleteNode = Command<'DeleteNode', { readonly allow_deleting_available?: boolean }>;

/** `PUT …/states/provision`: the target as the API received it, and the verb's arguments. */
export type RequestProvisionAction = Command<
  'RequestProvisionAction',
  {
    readonly target: string;
    readonly clean_steps?: Json[];
    /** Manual cleaning without booting the agent's ramdisk: only the steps the conductor runs through the BMC (API 1.70). */
    readonly disable_ramdisk?: boolean;
    readonly deploy_steps?: Json[];
    readonly configdrive?: Json;
    /** The password the rescue ramdisk sets (`rescue` only), kept as `instance_info.rescue_password` while rescued. */
    readonly rescue_password?: string;
    /**
     * The fleet's deploy templates, stamped by the conductor on a deployment (`active`, `rebuild`):
     * an agent deployment runs the steps of those its instance's traits name, before the operator's.
     */
    readonly deploy_templates?: readonly DeployTemplateSteps[];
  }
>;

/** What a deployment reads of a deploy template: its name (a trait) and its steps. */
export type DeployTemplateSteps = Pick<DeployTemplate, 'name' | 'steps'>;

/**
 * The conductor reports how the work behind a transient state went:
 * - `succeeded`: the work is done (the machine event is `done`, or `clean` after tear-down,
 *   or `manage` after manual cleaning);
 * - `waiting`: the work continues out of band until a callback (`wait`);
 * - `resumed`: the callback arrived and work continues (`resume`);
 * - `failed`: the work failed (`fail`), with the error for `last_error`.
 */
export type RecordProvisionOutcome = Command<
  'RecordProvisionOutcome',
  (
    | {
        readonly outcome: 'succeeded' | 'waiting' | 'resumed';
        /** The power state the work left the node in, when it changed power (booting a ramdisk). */
        readonly power_state?: PowerState;
      }
    | {
        readonly outcome: 'failed';
        readonly error: string;
        /** The power state the work left the node in before it failed, when it changed power. */
        readonly power_state?: PowerState;
      }
  ) & {
    /** How far the work got through its clean or deploy steps, in order. */
    readonly progress?: readonly StepProgress[];
    /** The work restarted or stopped the ramdisk: its agent's token and URL are void. */
    readonly agent_reset?: boolean;
    /**
     * The agent's last heartbeat when the work began (`waiting` only): a later one came in while
     * the work ran, so the node does not wait for another but resumes at once.
     */
    readonly heartbeat_seen?: string | null;
    /** What a network boot service must serve the node in the state the work leads to: the agent's ramdisk, or a ramdisk instance (PXE). */
    readonly boot_config?: JsonObject;
  }
>;

/**
 * A token for the node's ramdisk agent, made where the command is made: by the API when a booted
 * ramdisk looks its node up (network boots), or with `pregenerated` by the conductor holding the
 * node just before it boots the ramdisk from virtual media, which carries the token to the agent.
 */
export type IssueAgentToken = Command<'IssueAgentToken', { readonly token: string; readonly pregenerated?: boolean }>;

/** A ramdisk agent's heartbeat (`POST /v1/heartbeat/{node}`). */
export type RecordAgentHeartbeat = Command<
  'RecordAgentHeartbeat',
  {
    readonly callback_url: string;
    readonly agent_version: string | null;
    readonly agent_token: string | null;
    readonly agent_status: string | null;
  }
>;

/**
 * A conductor polled the BMC tasks a `redfish` RAID step of the node waits for (`checked`, the
 * monitors it found the step waiting for) and found them done: it submitted the step's next
 * changes (`tasks`), or the step is over with the configuration the BMC now has (`raid_config`).
 */
export type RecordRaidTasks = Command<
  'RecordRaidTasks',
  { readonly kind: StepKind; readonly index: number; readonly checked: readonly string[] } & ({ readonly tasks: RaidTasks } | { readonly raid_config: JsonObject })
>;

/** A conductor found the node held by a dead conductor: fail what cannot be resumed. */
export type RecoverNode = Command<'RecoverNode', { readonly deadConductor: string }>;

/** `PUT …/states/power`. */
export type RequestPowerAction = Command<'RequestPowerAction', { readonly target: string; readonly timeout?: number }>;

export type RecordPowerOutcome = Command<
  'RecordPowerOutcome',
  { readonly outcome: 'succeeded'; readonly power_state: PowerState } | { readonly outcome: 'failed'; readonly error: string }
>;

/**
 * Power sync visited the node's BMC:
 * - `read`: the BMC answered with `power_state`; a different state is recorded as a correction,
 *   and an earlier run of failures (and the maintenance they caused) ends;
 * - `forced`: the BMC was found in `found` and pushed back to the recorded state;
 * - `failed`: reading (or forcing) failed; `power_state` is the BMC's state when known. After
 *   `maxRetries` failures in a row the node goes into maintenance with fault `power failure`.
 */
export type RecordPowerSync = Command<
  'RecordPowerSync',
  | { readonly outcome: 'read'; readonly power_state: PowerState | null }
  | { readonly outcome: 'forced'; readonly found: PowerState | null }
  | { readonly outcome: 'failed'; readonly error: string; readonly power_state?: PowerState | null; readonly maxRetries: number }
>;

export type SetMaintenance = Command<'SetMaintenance', { readonly reason: string | null; readonly fault?: string }>;

/** Lift maintenance; with `onlyFault`, only when the system set it for that fault (operators' maintenance stays). */
export type ClearMaintenance = Command<'ClearMaintenance', { readonly onlyFault?: string }>;

/** The conductor is about to boot the inspection ramdisk of the node it holds in `inspecting`. */
export type StartIntrospection = Command<'StartIntrospection'>;

/**
 * The conductor inspected the node it holds in `inspecting` out of band, through its BMC
 * (Ironic's `redfish` inspect interface): the node's properties as inspection left them, and the
 * MACs of its enabled network interfaces, each becoming a port unless some port already has it.
 */
export type RecordInspectedHardware = Command<
  'RecordInspectedHardware',
  {
    readonly properties: JsonObject;
    /** MACs in lower case. */
    readonly macs: readonly string[];
    /** A fresh port UUID for each MAC, for the ports it adds. */
    readonly port_uuids: Readonly<Record<string, string>>;
    /** MACs that are ports of other nodes, and which: stamped from the fleet's view (see `ProcessInventory`). */
    readonly addresses_in_use?: Readonly<Record<string, string>>;
  }
>;

/** What processing an inventory needs besides the ramdisk's data. */
interface InventoryProcessing extends IntrospectionData {
  /** A fresh port UUID for each MAC the inventory reports (lower case), for the ports it adds. */
  readonly port_uuids: Readonly<Record<string, string>>;
  /**
   * MACs of the inventory that are ports of other nodes, and which: stamped by the conductor
   * from its view of the fleet (the single-node decider cannot know), so those are skipped.
   */
  readonly addresses_in_use?: Readonly<Record<string, string>>;
}

/**
 * The ramdisk of a node in `inspect wait` posted its inventory (`POST /v1/continue`): apply it
 * and finish the inspection, in one commit. `power_off` (the inspector's `[processing]
 * power_off`) powers the node off afterwards.
 */
export type ProcessInventory = Command<'ProcessInventory', InventoryProcessing & { readonly power_off?: boolean }>;

/**
 * An unknown machine posted its inventory and discovery is on (the inspector's
 * `node_not_found_hook = enroll`): enroll it with `driver` and `driver_info` and process its
 * inventory, in one commit.
 */
export type DiscoverNode = Command<'DiscoverNode', InventoryProcessing & { readonly driver: string; readonly driver_info: JsonObject }>;

/**
 * `POST /v1/ports`. An absent `pxe_enabled` takes Ironic's default (true) and, as in Ironic, is
 * not held against a port group that does not support standalone ports.
 */
export type AddPort = Command<'AddPort', Partial<PortFields> & { readonly uuid: string; readonly address: string }>;

/**
 * `PATCH /v1/ports/{uuid}`: the fields that change. With `to_node` (another node) the port
 * moves: it leaves this node (`PortMovedOut`) and the conductor hands it, changed, to the other
 * node in a `ReceivePort`.
 */
export type UpdatePort = Command<'UpdatePort', { readonly uuid: string; readonly changes: Partial<Omit<PortFields, 'uuid'>>; readonly to_node?: string }>;

/**
 * What every `Receive…` command has: the node the item comes from, and whether it is coming back
 * to this node, which it just left, because its destination refused it (then no rule applies).
 * Conductors issue these commands themselves, while they move an item; the bus takes none.
 */
interface Receiving {
  readonly from_node: string;
  readonly returning?: true;
}

/** A port moving in from `from_node`, as it was there, with the `changes` its move makes. */
export type ReceivePort = Command<'ReceivePort', Receiving & { readonly port: Port; readonly changes: Partial<Omit<PortFields, 'uuid'>> }>;

/** `DELETE /v1/ports/{uuid}`. */
export type RemovePort = Command<'RemovePort', { readonly uuid: string }>;

/** `POST /v1/portgroups`. */
export type AddPortgroup = Command<'AddPortgroup', Partial<PortgroupFields> & { readonly uuid: string }>;

/** `PATCH /v1/portgroups/{ident}`; with `to_node` the group moves to that node (see `UpdatePort`). */
export type UpdatePortgroup = Command<'UpdatePortgroup', { readonly uuid: string; readonly changes: Partial<Omit<PortgroupFields, 'uuid'>>; readonly to_node?: string }>;

export type ReceivePortgroup = Command<'ReceivePortgroup', Receiving & { readonly portgroup: Portgroup; readonly changes: Partial<Omit<PortgroupFields, 'uuid'>> }>;

/** `DELETE /v1/portgroups/{ident}`. */
export type RemovePortgroup = Command<'RemovePortgroup', { readonly uuid: string }>;

/**
 * What a volume connector update changes. A connector is unique by `type` and `connector_id`
 * together, so a change of either names both (the claim on the pair needs the whole pair).
 */
export type VolumeConnectorChanges = { readonly extra?: JsonObject } & ({ readonly type: string; readonly connector_id: string } | { readonly type?: never; readonly connector_id?: never });

/** `POST /v1/volume/connectors`. */
export type AddVolumeConnector = Command<'AddVolumeConnector', VolumeConnectorFields>;

/** `PATCH /v1/volume/connectors/{uuid}`; with `to_node` the connector moves to that node. */
export type UpdateVolumeConnector = Command<'UpdateVolumeConnector', { readonly uuid: string; readonly changes: VolumeConnectorChanges; readonly to_node?: string }>;

export type ReceiveVolumeConnector = Command<'ReceiveVolumeConnector', Receiving & { readonly connector: VolumeConnector; readonly changes: VolumeConnectorChanges }>;

/** `DELETE /v1/volume/connectors/{uuid}`. */
export type RemoveVolumeConnector = Command<'RemoveVolumeConnector', { readonly uuid: string }>;

/** `POST /v1/volume/targets`. */
export type AddVolumeTarget = Command<'AddVolumeTarget', VolumeTargetFields>;

/** `PATCH /v1/volume/targets/{uuid}`; with `to_node` the target moves to that node. */
export type UpdateVolumeTarget = Command<'UpdateVolumeTarget', { readonly uuid: string; readonly changes: Partial<Omit<VolumeTargetFields, 'uuid'>>; readonly to_node?: string }>;

export type ReceiveVolumeTarget = Command<'ReceiveVolumeTarget', Receiving & { readonly target: VolumeTarget; readonly changes: Partial<Omit<VolumeTargetFields, 'uuid'>> }>;

/** `DELETE /v1/volume/targets/{uuid}`. */
export type RemoveVolumeTarget = Command<'RemoveVolumeTarget', { readonly uuid: string }>;

/** `POST /v1/nodes/{id}/vifs`: attach the VIF `vif`, optionally to the given port or port group. */
export type AttachVif = Command<'AttachVif', { readonly vif: string; readonly port_uuid?: string; readonly portgroup_uuid?: string }>;

/** `DELETE /v1/nodes/{id}/vifs/{vif}`. */
export type DetachVif = Command<'DetachVif', { readonly vif: string }>;

/**
 * Retention clean-up: drop the node's introspection record if it finished before
 * `finished_before` (ISO 8601 UTC, as `toISOString` writes it). Nothing happens otherwise.
 */
export type ExpireIntrospection = Command<'ExpireIntrospection', { readonly finished_before: string }>;

/** `PUT /v1/nodes/{id}/traits` (and, with none, `DELETE /v1/nodes/{id}/traits`): the node's traits become these. */
export type SetNodeTraits = Command<'SetNodeTraits', { readonly traits: readonly string[] }>;

/** `PUT /v1/nodes/{id}/traits/{trait}`. */
export type AddNodeTrait = Command<'AddNodeTrait', { readonly trait: string }>;

/** `DELETE /v1/nodes/{id}/traits/{trait}`. */
export type RemoveNodeTrait = Command<'RemoveNodeTrait', { readonly trait: string }>;

/**
 * A conductor gives the node to an allocation: refused unless the node still fits it (see
 * `fitsAllocation`; for a backfill, `backfillProblems`) and has no instance or allocation, so
 * two allocations racing for one node never both get it.
 */
export type AllocateNode = Command<
  'AllocateNode',
  Pick<Allocation, 'resource_class' | 'traits' | 'candidate_nodes' | 'owner'> & { readonly allocation_uuid: string; readonly backfill: boolean }
>;

/**
 * The node's allocation ends: it was deleted (`allocation deleted`, refused while the node is
 * deployed or busy, outside maintenance), or recovery found it gone or failed (`recovery`).
 */
export type DeallocateNode = Command<'DeallocateNode', { readonly allocation_uuid: string; readonly reason: 'allocation deleted' | 'recovery' }>;
/** `PUT …/management/boot_device`: carried out at once by the conductor holding the node. */
export type SetBootDevice = Command<'SetBootDevice', { readonly boot_device: string; readonly persistent: boolean }>;

/** `PUT …/management/inject_nmi`. */
export type InjectNmi = Command<'InjectNmi'>;

/** `PUT …/management/indicators/{indicator}@{component}`. */
export type SetIndicatorState = Command<'SetIndicatorState', { readonly component: string; readonly indicator: string; readonly state: string }>;

/** `PUT …/states/boot_mode` (API 1.76): answered with 202, carried out afterwards. */
export type SetBootMode = Command<'SetBootMode', { readonly target: BootMode }>;

/** `PUT …/states/secure_boot` (API 1.76). */
export type SetSecureBoot = Command<'SetSecureBoot', { readonly target: boolean }>;

/** `…/vendor_passthru/{method}` with the HTTP method used and the request's body: answered with 202, carried out afterwards. */
export type CallVendorMethod = Command<'CallVendorMethod', { readonly method: string; readonly http_method: string; readonly args: JsonObject }>;

/** `PUT …/states/console`; `enabled: null` is accepted as Ironic accepts it (and fails). */
export type SetConsoleMode = Command<'SetConsoleMode', { readonly enabled: boolean | null }>;

/** The conductor reports how the management call it holds the node for went; `error` in the driver's words. */
/** How a management call went; a call that changed power (a ramdisk's tear-down) says where it left it. */
export type RecordManagementOutcome = Command<'RecordManagementOutcome', { readonly outcome: 'succeeded'; readonly power_state?: PowerState } | { readonly outcome: 'failed'; readonly error: string }>;

/** `PUT …/states/raid`: the target RAID configuration (`{}` clears it). */
export type SetTargetRaidConfig = Command<'SetTargetRaidConfig', { readonly target_raid_config: JsonObject }>;

/** The conductor read the node's BIOS settings (verify, cleaning): they replace what the node keeps. */
export type CacheBiosSettings = Command<'CacheBiosSettings', { readonly settings: readonly BiosSettingValue[] }>;

/** The conductor read the node's boot mode and secure boot state (`null`: unknown or unsupported). */
export type CacheBootMode = Command<'CacheBootMode', { readonly boot_mode: BootMode | null; readonly secure_boot: boolean | null }>;

export type NodeCommand =
  | RegisterNode
  | UpdateNode
  | DeleteNode
  | RequestProvisionAction
  | RecordProvisionOutcome
  | IssueAgentToken
  | RecordAgentHeartbeat
  | RecordRaidTasks
  | RecoverNode
  | RequestPowerAction
  | RecordPowerOutcome
  | RecordPowerSync
  | SetMaintenance
  | ClearMaintenance
  | StartIntrospection
  | ProcessInventory
  | RecordInspectedHardware
  | DiscoverNode
  | AddPort
  | RemovePort
  | ExpireIntrospection
  | SetNodeTraits
  | AddNodeTrait
  | RemoveNodeTrait
  | AllocateNode
  | DeallocateNode
  | UpdatePort
  | ReceivePort
  | AddPortgroup
  | UpdatePortgroup
  | ReceivePortgroup
  | RemovePortgroup
  | AddVolumeConnector
  | UpdateVolumeConnector
  | ReceiveVolumeConnector
  | RemoveVolumeConnector
  | AddVolumeTarget
  | UpdateVolumeTarget
  | ReceiveVolumeTarget
  | RemoveVolumeTarget
  | AttachVif
  | DetachVif
  | SetBootDevice
  | InjectNmi
  | SetIndicatorState
  | SetBootMode
  | SetSecureBoot
  | SetConsoleMode
  | CallVendorMethod
  | RecordManagementOutcome
  | SetTargetRaidConfig
  | CacheBiosSettings
  | CacheBootMode;

export type NodeCommandType = NodeCommand['type'];

export const NODE_COMMAND_TYPES: readonly NodeCommandType[] = [
  'RegisterNode', 'UpdateNode', 'DeleteNode', 'RequestProvisionAction', 'RecordProvisionOutcome', 'IssueAgentToken', 'RecordAgentHeartbeat', 'RecordRaidTasks', 'RecoverNode',
  'RequestPowerAction', 'RecordPowerOutcome', 'RecordPowerSync', 'SetMaintenance', 'ClearMaintenance',
  'StartIntrospection', 'ProcessInventory', 'RecordInspectedHardware', 'DiscoverNode', 'AddPort', 'RemovePort', 'ExpireIntrospection',
  'SetNodeTraits', 'AddNodeTrait', 'RemoveNodeTrait', 'AllocateNode', 'DeallocateNode',
  'UpdatePort', 'ReceivePort', 'AddPortgroup', 'UpdatePortgroup', 'ReceivePortgroup', 'RemovePortgroup',
  'AddVolumeConnector', 'UpdateVolumeConnector', 'ReceiveVolumeConnector', 'RemoveVolumeConnector',
  'AddVolumeTarget', 'UpdateVolumeTarget', 'ReceiveVolumeTarget', 'RemoveVolumeTarget', 'AttachVif', 'DetachVif',
  'SetBootDevice', 'InjectNmi', 'SetIndicatorState', 'SetBootMode', 'SetSecureBoot', 'SetConsoleMode', 'CallVendorMethod', 'RecordManagementOutcome',
  'SetTargetRaidConfig', 'CacheBiosSettings', 'CacheBootMode',
];

/** The audit part of an event's metadata, from the command that caused it. */
export function auditMeta(meta: CommandMeta): AuditMeta {
  const { at, actor, requestId, correlationId, causationId } = meta;
  return { at, actor, requestId, correlationId: correlationId ?? requestId, causationId: causationId ?? requestId };
}
