import { type Json, type NodeFields } from './node.js';
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
  { readonly outcome: 'succeeded' | 'waiting' | 'resumed' } | { readonly outcome: 'failed'; readonly error: string }
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
  | ClearMaintenance;

export type NodeCommandType = NodeCommand['type'];

export const NODE_COMMAND_TYPES: readonly NodeCommandType[] = [
  'RegisterNode', 'UpdateNode', 'DeleteNode', 'RequestProvisionAction', 'RecordProvisionOutcome', 'RecoverNode',
  'RequestPowerAction', 'RecordPowerOutcome', 'RecordPowerSync', 'SetMaintenance', 'ClearMaintenance',
];
