import { type IntrospectionEvent, type IntrospectionState } from './introspection.js';
import { type BootMode, type ManagementAction, type RamdiskRun } from './management.js';
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
import { type MachineEvent, type PowerState, type PowerTarget, type ProvisionState } from './states.js';
import { type RaidTasks, type Step, type StepKind } from './steps.js';

/** Who did it, when and why: carried by every event of every resource for auditors. */
export interface AuditMeta {
  /** ISO 8601 time of the decision, from the command (the domain reads no clock). */
  readonly at: string;
  /** The acting user, or the service that acted on its own (`conductor`, `power-sync`). */
  readonly actor: string;
  /** The API request (or periodic task run) that caused this, as returned to the client. */
  readonly requestId: string;
  /** Groups every event of one operation, across the commands it spans. */
  readonly correlationId: string;
  /** The request or event that directly caused this one. */
  readonly causationId: string;
}

/** A node event's metadata: the node, and who did it, when and why. */
export interface EventMeta extends AuditMeta {
  readonly nodeId: string;
}

interface Event<T extends string, D> {
  readonly type: T;
  readonly data: D;
  readonly meta: EventMeta;
}

/** A node was enrolled (with the boot mode its registration gave, if any). */
export type NodeRegistered = Event<
  'NodeRegistered',
  NodeFields & { readonly provision_state: 'enroll' | 'available'; readonly boot_mode?: string | null; readonly secure_boot?: boolean | null }
>;

/** Operator-owned fields were changed (`properties` also by an out-of-band inspection). */
export type NodeUpdated = Event<'NodeUpdated', { readonly changes: Partial<NodeFields> }>;

/** The node was removed. */
export type NodeDeleted = Event<'NodeDeleted', { readonly provision_state: ProvisionState }>;

/** The provision state machine moved (an operator's verb or the outcome of conductor work). */
export type ProvisionStateChanged = Event<
  'ProvisionStateChanged',
  {
    readonly from: ProvisionState;
    readonly to: ProvisionState;
    readonly event: MachineEvent;
    /** The API target that fired it (`active`, `undeploy`, …), when an operator did. */
    readonly verb: string | null;
    readonly target: ProvisionState | null;
    /** The conductor working on the node from now on (`null`: nobody, or not yet known in a trial decision). */
    readonly reservation: string | null;
    /** Set when the move is a failure; `null` clears an old error when an operator starts a new action. */
    readonly last_error: string | null;
    readonly clean_steps?: Json[];
    /** A manual clean that boots no ramdisk (`true` only; kept as the node's `cleaning_disable_ramdisk` while it runs). */
    readonly disable_ramdisk?: boolean;
    readonly deploy_steps?: Json[];
    /** The config drive a deployment or rebuild was given: kept as `instance_info.configdrive`, as Ironic's conductor keeps it. */
    readonly configdrive?: Json;
    /** The rescue ramdisk's password: kept as `instance_info.rescue_password` until the rescue ramdisk is done with it, as Ironic keeps it. */
    readonly rescue_password?: string;
  }
>;

/**
 * A power action was accepted and handed to a conductor (`reservation`; never null in the store,
 * only in a decision judged before a conductor took the command).
 */
export type PowerActionStarted = Event<
  'PowerActionStarted',
  { readonly requested: PowerTarget; readonly target: PowerState; readonly timeout: number | null; readonly reservation: string | null }
>;

/** The BMC confirmed the requested power state. */
export type PowerStateChanged = Event<'PowerStateChanged', { readonly requested: PowerTarget; readonly from: PowerState | null; readonly to: PowerState }>;

/** The power action failed; the recorded power state is unchanged (and no maintenance). */
export type PowerActionFailed = Event<'PowerActionFailed', { readonly requested: PowerTarget; readonly error: string }>;

/** Power sync found the BMC in another state than recorded, and recorded the BMC's. */
export type PowerStateCorrected = Event<'PowerStateCorrected', { readonly from: PowerState | null; readonly to: PowerState | null }>;

/** Power sync found the BMC in another state than recorded, and pushed it back to the recorded one. */
export type PowerStateRestored = Event<'PowerStateRestored', { readonly found: PowerState | null; readonly restored: PowerState | null }>;

/** Power sync could not read (or restore) the BMC; `failures` counts the failures in a row. */
export type PowerSyncFailed = Event<'PowerSyncFailed', { readonly error: string; readonly failures: number }>;

/** The BMC answered power sync again after `failures` failures in a row. */
export type PowerSyncRecovered = Event<'PowerSyncRecovered', { readonly failures: number }>;

/** Maintenance was set by an operator (`fault: null`) or by the system (`fault` says why). */
export type MaintenanceSet = Event<'MaintenanceSet', { readonly reason: string | null; readonly fault: string | null }>;

export type MaintenanceCleared = Event<'MaintenanceCleared', { readonly fault: string | null }>;

/**
 * One move of the introspection record along ironic-inspector's table (`introspection.ts`).
 * `from: null`: the node had no record; `event: null`: a record born in `to` without an event
 * (discovery creates it in `enrolling`, as the inspector's `add_node` does).
 */
interface IntrospectionMove<To extends IntrospectionState> {
  readonly from: IntrospectionState | null;
  readonly event: IntrospectionEvent | null;
  readonly to: To;
}

/** An introspection began: the conductor is booting the ramdisk (`starting`), or discovery enrolls a machine (`enrolling`). */
export type IntrospectionStarted = Event<'IntrospectionStarted', IntrospectionMove<'starting' | 'enrolling'>>;

/** The ramdisk was booted; its inventory is awaited. */
export type IntrospectionWaiting = Event<'IntrospectionWaiting', IntrospectionMove<'waiting'>>;

/**
 * The ramdisk's inventory arrived and was processed: the properties it set (the scheduler's
 * and `capabilities`), the ports added and skipped, the interfaces left out. With `error` the
 * ramdisk reported a failure and nothing was applied.
 */
export type InventoryProcessed = Event<
  'InventoryProcessed',
  IntrospectionMove<'processing'> & {
    readonly properties: JsonObject;
    /** MACs that got a port (see the `PortAdded` events of the same commit). */
    readonly ports_added: readonly string[];
    /** MACs that did not, and why (already a port of this or another node). */
    readonly ports_skipped: readonly { readonly address: string; readonly reason: string }[];
    readonly interfaces_excluded: readonly { readonly name: string; readonly reason: string }[];
    /** The BMC address the ramdisk reported, as a host name. */
    readonly bmc_address: string | null;
    readonly error: string | null;
    /** The ramdisk's inventory as posted, and what processing made of the rest (`GET /v1/nodes/{id}/inventory`); absent in older events. */
    readonly inventory?: JsonObject;
    readonly plugin_data?: JsonObject;
  }
>;

/** The introspection ended: `finished`, or `error` (failure, timeout, abort) with why. */
export type IntrospectionFinished = Event<'IntrospectionFinished', IntrospectionMove<'finished' | 'error'> & { readonly error: string | null }>;

/** An operator asked to abort the introspection. */
export type IntrospectionAborted = Event<'IntrospectionAborted', IntrospectionMove<'aborting' | 'error'>>;

/** A finished record was dropped by the retention clean-up (`node_status_keep_time`); what it said is kept here. */
export type IntrospectionExpired = Event<
  'IntrospectionExpired',
  { readonly state: IntrospectionState; readonly started_at: string; readonly finished_at: string; readonly error: string | null }
>;

/** A port was created, by an operator (`api`), for a MAC the ramdisk reported (`introspection`) or one the BMC reported (`inspection`). */
export type PortAdded = Event<'PortAdded', PortFields & { readonly source: 'api' | 'introspection' | 'inspection' }>;

export type PortRemoved = Event<'PortRemoved', { readonly uuid: string; readonly address: string }>;

/** The node's traits were replaced (or cleared) as a whole; `traits`: the new list, sorted. */
export type NodeTraitsSet = Event<'NodeTraitsSet', { readonly traits: readonly string[] }>;

export type NodeTraitAdded = Event<'NodeTraitAdded', { readonly trait: string }>;

export type NodeTraitRemoved = Event<'NodeTraitRemoved', { readonly trait: string }>;

/**
 * The node was given to an allocation: it names the allocation, takes its UUID as
 * `instance_uuid`, and the allocation's traits as `instance_info.traits`.
 */
export type NodeAllocated = Event<'NodeAllocated', { readonly allocation_uuid: string; readonly instance_uuid: string; readonly traits: readonly string[] }>;

/**
 * The node's allocation ended: `allocation_uuid` and `instance_uuid` are cleared (`instance_info`
 * stays). Why: the allocation was deleted, the instance UUID removed, the node torn down, or
 * recovery found the allocation gone or failed.
 */
export type NodeDeallocated = Event<
  'NodeDeallocated',
  { readonly allocation_uuid: string; readonly instance_uuid: string | null; readonly reason: 'allocation deleted' | 'instance removed' | 'tear-down' | 'recovery' }
>;
/**
 * Tear-down finished: `instance_uuid` and `instance_info` were wiped before cleaning, as Ironic's
 * conductor wipes them, so that the node can be offered again. `instance_uuid` is the one it had.
 */
export type InstanceCleared = Event<'InstanceCleared', { readonly instance_uuid: string | null }>;

/** An operator changed fields of a port (`PATCH /v1/ports/{uuid}`). */
export type PortUpdated = Event<'PortUpdated', { readonly uuid: string; readonly changes: Partial<Omit<PortFields, 'uuid'>> }>;

/** The port left this node for `to_node` (its `PortMovedIn` there follows). */
export type PortMovedOut = Event<'PortMovedOut', { readonly uuid: string; readonly address: string; readonly to_node: string }>;

/** A port of `from_node` moved to this node, as it is now. */
export type PortMovedIn = Event<'PortMovedIn', { readonly port: Port; readonly from_node: string }>;

export type PortgroupAdded = Event<'PortgroupAdded', PortgroupFields>;
export type PortgroupUpdated = Event<'PortgroupUpdated', { readonly uuid: string; readonly changes: Partial<Omit<PortgroupFields, 'uuid'>> }>;
export type PortgroupMovedOut = Event<'PortgroupMovedOut', { readonly uuid: string; readonly to_node: string }>;
export type PortgroupMovedIn = Event<'PortgroupMovedIn', { readonly portgroup: Portgroup; readonly from_node: string }>;
export type PortgroupRemoved = Event<'PortgroupRemoved', { readonly uuid: string }>;

export type VolumeConnectorAdded = Event<'VolumeConnectorAdded', VolumeConnectorFields>;
export type VolumeConnectorUpdated = Event<'VolumeConnectorUpdated', { readonly uuid: string; readonly changes: Partial<Omit<VolumeConnectorFields, 'uuid'>> }>;
export type VolumeConnectorMovedOut = Event<'VolumeConnectorMovedOut', { readonly uuid: string; readonly to_node: string }>;
export type VolumeConnectorMovedIn = Event<'VolumeConnectorMovedIn', { readonly connector: VolumeConnector; readonly from_node: string }>;
export type VolumeConnectorRemoved = Event<'VolumeConnectorRemoved', { readonly uuid: string }>;

/** A volume target was created; its `properties` may hold secrets (masked wherever events are served). */
export type VolumeTargetAdded = Event<'VolumeTargetAdded', VolumeTargetFields>;
export type VolumeTargetUpdated = Event<'VolumeTargetUpdated', { readonly uuid: string; readonly changes: Partial<Omit<VolumeTargetFields, 'uuid'>> }>;
export type VolumeTargetMovedOut = Event<'VolumeTargetMovedOut', { readonly uuid: string; readonly to_node: string }>;
export type VolumeTargetMovedIn = Event<'VolumeTargetMovedIn', { readonly target: VolumeTarget; readonly from_node: string }>;
export type VolumeTargetRemoved = Event<'VolumeTargetRemoved', { readonly uuid: string }>;

/** A VIF was bound to one of the node's ports or port groups (`internal_info.tenant_vif_port_id`); the other is `null`. */
export type VifAttached = Event<'VifAttached', { readonly vif: string; readonly port_uuid: string | null; readonly portgroup_uuid: string | null }>;

/** The VIF was unbound from the port or port group that held it. */
export type VifDetached = Event<'VifDetached', { readonly vif: string; readonly port_uuid: string | null; readonly portgroup_uuid: string | null }>;
/**
 * A conductor took the node's lock (`reservation`) for a management call. For the asynchronous
 * calls (boot mode, secure boot, console) the old `last_error` is cleared, as Ironic does before
 * answering 202.
 */
export type ManagementActionStarted = Event<'ManagementActionStarted', { readonly action: ManagementAction; readonly reservation: string | null }>;

/** The BMC took the boot device; the lock is released. */
export type BootDeviceSet = Event<'BootDeviceSet', { readonly boot_device: string; readonly persistent: boolean }>;

/** The BMC injected a non-maskable interrupt; the lock is released. */
export type NmiInjected = Event<'NmiInjected', Record<string, never>>;

/** The BMC set an indicator (LED); the lock is released. */
export type IndicatorSet = Event<'IndicatorSet', { readonly component: string; readonly indicator: string; readonly state: string }>;

/** The hardware boots in `boot_mode` now; the lock is released. */
export type BootModeSet = Event<'BootModeSet', { readonly boot_mode: BootMode }>;

/** Secure boot is on or off now; the lock is released. */
export type SecureBootSet = Event<'SecureBootSet', { readonly secure_boot: boolean }>;

/** The console was started or stopped; the lock is released. */
export type ConsoleModeSet = Event<'ConsoleModeSet', { readonly enabled: boolean }>;

/** The vendor method ran without error; the lock is released. */
export type VendorMethodCalled = Event<'VendorMethodCalled', { readonly method: string }>;

/** A ramdisk whose wait was ended was torn down (its media ejected; the host left in `power_state` when its power changed); the lock is released. */
export type RamdiskTornDown = Event<'RamdiskTornDown', { readonly of: RamdiskRun; readonly power_state: PowerState | null }>;

/**
 * A management call failed (the BMC or driver refused, or its conductor died); the lock is
 * released. `error` is what the client (synchronous calls) or `last_error` (asynchronous ones
 * but vendor methods) says.
 */
/** `last_error`: what the node's `last_error` becomes, when the failure says so itself (an asynchronous vendor method's). */
export type ManagementActionFailed = Event<'ManagementActionFailed', { readonly action: ManagementAction; readonly error: string; readonly last_error?: string }>;

/** The target RAID configuration was set (`{}`: cleared). */
export type TargetRaidConfigSet = Event<'TargetRaidConfigSet', { readonly target_raid_config: JsonObject }>;

/**
 * The BIOS settings read from the hardware differed from those the node kept: `set` are new or
 * changed ones, `removed` the names the hardware no longer reports.
 */
export type BiosSettingsCached = Event<'BiosSettingsCached', { readonly set: readonly BiosSettingValue[]; readonly removed: readonly string[] }>;

/** The boot mode and secure boot state read from the hardware differed from those the node kept. */
export type BootModeCached = Event<'BootModeCached', { readonly boot_mode: BootMode | null; readonly secure_boot: boolean | null }>;

/** The secret the ramdisk agent must heartbeat with: given to a look-up, or `pregenerated` by the conductor for the boot medium. */
export type AgentTokenIssued = Event<'AgentTokenIssued', { readonly token: string; readonly pregenerated?: boolean }>;

/** The ramdisk agent heartbeat: where it listens, and its version. */
export type AgentHeartbeatRecorded = Event<'AgentHeartbeatRecorded', { readonly url: string; readonly version: string | null; readonly status: string | null }>;

/** The conductor restarted or stopped the ramdisk: the agent's token and URL are void. */
export type AgentCleared = Event<'AgentCleared', Record<string, never>>;

/** The conductor prepared a network boot (of the agent's ramdisk, or of a ramdisk instance): what a PXE service serves the node (kernel, ramdisk, parameters, MACs). */
export type BootConfigRecorded = Event<'BootConfigRecorded', { readonly config: JsonObject }>;

/** The conductor planned the steps of a clean or deploy. */
export type StepsPlanned = Event<'StepsPlanned', { readonly kind: StepKind; readonly steps: readonly Step[] }>;

/** A step of the running clean or deploy began (`step` repeats the plan's entry, for readers of the history). */
export type StepStarted = Event<'StepStarted', { readonly kind: StepKind; readonly index: number; readonly step: Step; readonly target_raid_config?: JsonObject }>;

/** A step of the running clean or deploy finished. */
export type StepFinished = Event<'StepFinished', { readonly kind: StepKind; readonly index: number; readonly step: Step; readonly raid_config?: JsonObject }>;

/** A `redfish` RAID step of the running clean or deploy submitted changes to the BMC and waits for their tasks (a conductor polls them). */
export type RaidTasksSubmitted = Event<'RaidTasksSubmitted', { readonly kind: StepKind; readonly index: number; readonly step: Step; readonly tasks: RaidTasks }>;

export type NodeEvent =
  | NodeRegistered
  | NodeUpdated
  | NodeDeleted
  | ProvisionStateChanged
  | PowerActionStarted
  | PowerStateChanged
  | PowerActionFailed
  | PowerStateCorrected
  | PowerStateRestored
  | PowerSyncFailed
  | PowerSyncRecovered
  | MaintenanceSet
  | MaintenanceCleared
  | IntrospectionStarted
  | IntrospectionWaiting
  | InventoryProcessed
  | IntrospectionFinished
  | IntrospectionAborted
  | IntrospectionExpired
  | PortAdded
  | PortRemoved
  | NodeTraitsSet
  | NodeTraitAdded
  | NodeTraitRemoved
  | NodeAllocated
  | NodeDeallocated
  | InstanceCleared
  | PortUpdated
  | PortMovedOut
  | PortMovedIn
  | PortgroupAdded
  | PortgroupUpdated
  | PortgroupMovedOut
  | PortgroupMovedIn
  | PortgroupRemoved
  | VolumeConnectorAdded
  | VolumeConnectorUpdated
  | VolumeConnectorMovedOut
  | VolumeConnectorMovedIn
  | VolumeConnectorRemoved
  | VolumeTargetAdded
  | VolumeTargetUpdated
  | VolumeTargetMovedOut
  | VolumeTargetMovedIn
  | VolumeTargetRemoved
  | VifAttached
  | VifDetached
  | ManagementActionStarted
  | BootDeviceSet
  | NmiInjected
  | IndicatorSet
  | BootModeSet
  | SecureBootSet
  | ConsoleModeSet
  | VendorMethodCalled
  | RamdiskTornDown
  | ManagementActionFailed
  | TargetRaidConfigSet
  | BiosSettingsCached
  | BootModeCached
  | AgentTokenIssued
  | AgentHeartbeatRecorded
  | AgentCleared
  | BootConfigRecorded
  | StepsPlanned
  | StepStarted
  | StepFinished
  | RaidTasksSubmitted;

export type NodeEventType = NodeEvent['type'];

export const NODE_EVENT_TYPES: readonly NodeEventType[] = [
  'NodeRegistered', 'NodeUpdated', 'NodeDeleted', 'ProvisionStateChanged', 'PowerActionStarted',
  'PowerStateChanged', 'PowerActionFailed', 'PowerStateCorrected', 'PowerStateRestored', 'PowerSyncFailed', 'PowerSyncRecovered',
  'MaintenanceSet', 'MaintenanceCleared', 'IntrospectionStarted', 'IntrospectionWaiting', 'InventoryProcessed', 'IntrospectionFinished',
  'IntrospectionAborted', 'IntrospectionExpired', 'PortAdded', 'PortRemoved',
  'NodeTraitsSet', 'NodeTraitAdded', 'NodeTraitRemoved', 'NodeAllocated', 'NodeDeallocated', 'InstanceCleared',
  'PortUpdated', 'PortMovedOut', 'PortMovedIn', 'PortgroupAdded', 'PortgroupUpdated', 'PortgroupMovedOut', 'PortgroupMovedIn', 'PortgroupRemoved',
  'VolumeConnectorAdded', 'VolumeConnectorUpdated', 'VolumeConnectorMovedOut', 'VolumeConnectorMovedIn', 'VolumeConnectorRemoved',
  'VolumeTargetAdded', 'VolumeTargetUpdated', 'VolumeTargetMovedOut', 'VolumeTargetMovedIn', 'VolumeTargetRemoved', 'VifAttached', 'VifDetached',
  'ManagementActionStarted', 'BootDeviceSet', 'NmiInjected', 'IndicatorSet', 'BootModeSet', 'SecureBootSet', 'ConsoleModeSet', 'VendorMethodCalled', 'RamdiskTornDown',
  'ManagementActionFailed', 'TargetRaidConfigSet', 'BiosSettingsCached', 'BootModeCached',
  'AgentTokenIssued', 'AgentHeartbeatRecorded', 'AgentCleared', 'BootConfigRecorded', 'StepsPlanned', 'StepStarted', 'StepFinished',
  'RaidTasksSubmitted',
];
