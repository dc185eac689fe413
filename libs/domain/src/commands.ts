import { type IntrospectionData } from './introspection.js';
import { type Json, type JsonObject, type NodeFields, type PortFields } from './node.js';
import { type PowerState } from './states.js';

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

/** Enroll a node. Below API 1.11 nodes start `available`, from 1.11 in `enroll`. */
export type RegisterNode = Command<'RegisterNode', Partial<NodeFields> & { readonly driver: string; readonly provision_state: 'enroll' | 'available' }>;

export type UpdateNode = Command<'UpdateNode', { readonly changes: Partial<NodeFields> }>;

export type DeleteNode = Command<'DeleteNode'>;

/** `PUT …/states/provision`: the target as the API received it, and the verb's arguments. */
export type RequestProvisionAction = Command<
  'RequestProvisionAction',
  { readonly target: string; readonly clean_steps?: Json[]; readonly deploy_steps?: Json[] }
>;

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
  | {
      readonly outcome: 'succeeded' | 'waiting' | 'resumed';
      /** The power state the work left the node in, when it changed power (booting an inspection ramdisk). */
      readonly power_state?: PowerState;
    }
  | { readonly outcome: 'failed'; readonly error: string }
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

/** `POST /v1/ports`. */
export type AddPort = Command<'AddPort', Partial<PortFields> & { readonly uuid: string; readonly address: string }>;

/** `DELETE /v1/ports/{uuid}`. */
export type RemovePort = Command<'RemovePort', { readonly uuid: string }>;

/**
 * Retention clean-up: drop the node's introspection record if it finished before
 * `finished_before` (ISO 8601 UTC, as `toISOString` writes it). Nothing happens otherwise.
 */
export type ExpireIntrospection = Command<'ExpireIntrospection', { readonly finished_before: string }>;

export type NodeCommand =
  | RegisterNode
  | UpdateNode
  | DeleteNode
  | RequestProvisionAction
  | RecordProvisionOutcome
  | RecoverNode
  | RequestPowerAction
  | RecordPowerOutcome
  | RecordPowerSync
  | SetMaintenance
  | ClearMaintenance
  | StartIntrospection
  | ProcessInventory
  | DiscoverNode
  | AddPort
  | RemovePort
  | ExpireIntrospection;

export type NodeCommandType = NodeCommand['type'];

export const NODE_COMMAND_TYPES: readonly NodeCommandType[] = [
  'RegisterNode', 'UpdateNode', 'DeleteNode', 'RequestProvisionAction', 'RecordProvisionOutcome', 'RecoverNode',
  'RequestPowerAction', 'RecordPowerOutcome', 'RecordPowerSync', 'SetMaintenance', 'ClearMaintenance',
  'StartIntrospection', 'ProcessInventory', 'DiscoverNode', 'AddPort', 'RemovePort', 'ExpireIntrospection',
];
