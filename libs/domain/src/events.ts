import { type IntrospectionEvent, type IntrospectionState } from './introspection.js';
import { type Json, type JsonObject, type NodeFields, type PortFields } from './node.js';
import { type MachineEvent, type PowerState, type PowerTarget, type ProvisionState } from './states.js';

/** Who did it, when and why: carried by every event for auditors. */
export interface EventMeta {
  readonly nodeId: string;
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

interface Event<T extends string, D> {
  readonly type: T;
  readonly data: D;
  readonly meta: EventMeta;
}

/** A node was enrolled. */
export type NodeRegistered = Event<'NodeRegistered', NodeFields & { readonly provision_state: 'enroll' | 'available' }>;

/** Operator-owned fields were changed. */
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
    /** The conductor working on the node from now on (`null`: nobody). */
    readonly reservation: string | null;
    /** Set when the move is a failure; `null` clears an old error when an operator starts a new action. */
    readonly last_error: string | null;
    readonly clean_steps?: Json[];
    readonly deploy_steps?: Json[];
  }
>;

/** A power action was accepted and handed to a conductor. */
export type PowerActionStarted = Event<
  'PowerActionStarted',
  { readonly requested: PowerTarget; readonly target: PowerState; readonly timeout: number | null; readonly reservation: string }
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

/** A port was created, by an operator (`api`) or for a MAC the ramdisk reported (`introspection`). */
export type PortAdded = Event<'PortAdded', PortFields & { readonly source: 'api' | 'introspection' }>;

export type PortRemoved = Event<'PortRemoved', { readonly uuid: string; readonly address: string }>;

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
  | PortRemoved;

export type NodeEventType = NodeEvent['type'];

export const NODE_EVENT_TYPES: readonly NodeEventType[] = [
  'NodeRegistered', 'NodeUpdated', 'NodeDeleted', 'ProvisionStateChanged', 'PowerActionStarted',
  'PowerStateChanged', 'PowerActionFailed', 'PowerStateCorrected', 'PowerStateRestored', 'PowerSyncFailed', 'PowerSyncRecovered',
  'MaintenanceSet', 'MaintenanceCleared', 'IntrospectionStarted', 'IntrospectionWaiting', 'InventoryProcessed', 'IntrospectionFinished',
  'IntrospectionAborted', 'IntrospectionExpired', 'PortAdded', 'PortRemoved',
];
