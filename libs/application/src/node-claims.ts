import {
  type CommandMeta,
  type DiscoverNode,
  type Node,
  type NodeCommand,
  type NodeEvent,
  normalizeMac,
  type ProcessInventory,
  type ReceiveCommand,
  type RecordInspectedHardware,
  type RegisterNode,
  type UpdateNode,
} from '@ironledger/domain';
import { type Handled, type HandleOptions, type NodeCommandHandler } from './command-handler.js';
import { type FleetReadModel } from './read-model.js';
import { type Claim, ClaimConflictError, claimKey, claimsHeldBy, connectorClaims, connectorKey, portClaims, portgroupClaims, targetClaims, type UniqueClaims } from './unique-claims.js';

/** What carrying out a node command under its claims needs. */
export interface NodeClaimParts {
  /** The conductor the claims are made by (stamped on each claim's audit). */
  readonly conductorId: string;
  readonly nodes: NodeCommandHandler;
  readonly claims: UniqueClaims;
  /** The fleet as the conductor's projection sees it: which node already has a MAC address. */
  readonly fleet: FleetReadModel;
}

/** Who a claim was made for, recorded with it. */
export const claimAudit = (meta: CommandMeta, conductorId: string): Record<string, unknown> => ({ actor: meta.actor, requestId: meta.requestId, conductor: conductorId });

/**
 * Carries out a command that may give the node a name, a MAC address or a port UUID, or take
 * one away: a value the node does not have yet is claimed in the store first (so that two nodes
 * can never both get it), and what the node no longer has is released after the commit. Claims
 * made for a refused command are released.
 */
export async function handleWithClaims(parts: NodeClaimParts, command: NodeCommand, options: HandleOptions): Promise<Handled<NodeEvent, Node>> {
  const { claims, nodes } = parts;
  const audit = claimAudit(command.meta, parts.conductorId);
  const wanted = claimsWantedBy(command);
  const claimedNow: Claim[] = [];
  let handled: Handled<NodeEvent, Node>;
  try {
    if (wanted.length > 1) await Promise.all(wanted.map((claim) => claims.ensureFree(claim, command.nodeId)));
    for (const claim of wanted) if (await claims.claim(claim, command.nodeId, audit)) claimedNow.push(claim);
    handled = await nodes.handle(await withInventoryClaims(parts, command, audit, claimedNow), options);
  } catch (error) {
    // Only claims this command made: what the node already had stays its own.
    await releaseClaims(claims, claimedNow, command.nodeId, audit);
    throw error;
  }
  // The command is committed whatever happens now: a claim left behind by a failed release
  // is void once its grace period is over, as its node does not have the value.
  const kept = new Set(claimsHeldBy(handled.state).map(claimKey));
  await releaseClaims(claims, [...wanted, ...claimedNow, ...claimsHeldBy(handled.previous)].filter((claim) => !kept.has(claimKey(claim))), command.nodeId, audit);
  return handled;
}

/** The MACs an inventory, or an out-of-band inspection, may add ports for. */
function inventoryMacs(command: NodeCommand): (string | undefined)[] | undefined {
  if (command.type === 'RecordInspectedHardware') return command.data.macs.map(normalizeMac);
  if (command.type !== 'ProcessInventory' && command.type !== 'DiscoverNode') return undefined;
  const interfaces = Array.isArray(command.data.inventory?.interfaces) ? command.data.inventory.interfaces : [];
  return interfaces.map((iface) => normalizeMac(iface?.mac_address));
}

/**
 * For an inventory (or what an out-of-band inspection found): which of its MACs are ports of
 * other nodes, added to the command for the decider, which skips them (as Ironic skips a port it
 * refuses as a duplicate). The fleet's view answers at once; every other MAC is claimed, and a
 * MAC another node claimed first is skipped too.
 */
async function withInventoryClaims({ claims, fleet }: NodeClaimParts, command: NodeCommand, audit: Record<string, unknown>, claimedNow: Claim[]): Promise<NodeCommand> {
  const macs = inventoryMacs(command);
  if (!macs) return command;
  const inUse: Record<string, string> = {};
  for (const mac of new Set(macs)) {
    if (!mac) continue;
    const owner = fleet.nodeWithAddress(mac);
    if (owner && owner.uuid !== command.nodeId) {
      inUse[mac] = owner.uuid;
      continue;
    }
    try {
      if (await claims.claim({ kind: 'mac', value: mac }, command.nodeId, audit)) claimedNow.push({ kind: 'mac', value: mac });
    } catch (error) {
      if (!(error instanceof ClaimConflictError)) throw error;
      inUse[mac] = error.holder;
    }
  }
  return { ...command, data: { ...command.data, addresses_in_use: inUse } } as ProcessInventory | DiscoverNode | RecordInspectedHardware;
}

/** Gives up `claims` held for `nodeId`, each once; a release that fails is left to the claim's grace period. */
export async function releaseClaims(claims: UniqueClaims, released: readonly Claim[], nodeId: string, audit: Record<string, unknown>): Promise<void> {
  const distinct = new Map(released.map((claim) => [claimKey(claim), claim]));
  for (const claim of distinct.values()) await claims.release(claim, nodeId, audit).catch(() => undefined);
}

/** The node fields a command sets, if it sets any. */
export function fieldsSetBy(command: NodeCommand): RegisterNode['data'] | DiscoverNode['data'] | UpdateNode['data']['changes'] | undefined {
  return command.type === 'RegisterNode' || command.type === 'DiscoverNode' ? command.data : command.type === 'UpdateNode' ? command.data.changes : undefined;
}

/**
 * The unique values a command gives its node: a name, an instance, a port's MAC address and UUID,
 * a port group's UUID, name and MAC, a volume connector's UUID and (type, ID), a volume target's
 * UUID. (Ports an inventory adds get fresh UUIDs; their MACs are claimed with the inventory. Moves
 * claim for the destination: `moveItem`.)
 */
export function claimsWantedBy(command: NodeCommand): Claim[] {
  switch (command.type) {
    case 'AddPort': {
      const mac = normalizeMac(command.data.address);
      return [...(mac ? [{ kind: 'mac', value: mac } as const] : []), { kind: 'port', value: command.data.uuid }];
    }
    case 'UpdatePort': {
      const mac = normalizeMac(command.data.changes.address);
      return mac ? [{ kind: 'mac', value: mac }] : [];
    }
    case 'AddPortgroup':
      return portgroupClaims({ uuid: command.data.uuid, name: command.data.name ?? null, address: command.data.address ?? null });
    case 'UpdatePortgroup': {
      const { name, address } = command.data.changes;
      return [...(typeof name === 'string' ? [{ kind: 'portgroup_name', value: name } as const] : []), ...(typeof address === 'string' ? [{ kind: 'portgroup_mac', value: address } as const] : [])];
    }
    case 'AddVolumeConnector':
      return connectorClaims(command.data);
    case 'UpdateVolumeConnector': {
      const { type, connector_id } = command.data.changes;
      return type !== undefined ? [{ kind: 'connector_id', value: connectorKey({ type, connector_id }) }] : [];
    }
    case 'AddVolumeTarget':
      return targetClaims(command.data);
    default: {
      const fields = fieldsSetBy(command);
      const wanted: Claim[] = [];
      const name = fields && 'name' in fields ? fields.name : undefined;
      if (typeof name === 'string' && name !== '') wanted.push({ kind: 'name', value: name });
      const instance = fields && 'instance_uuid' in fields ? fields.instance_uuid : undefined;
      if (typeof instance === 'string' && instance !== '') wanted.push({ kind: 'instance', value: instance });
      return wanted;
    }
  }
}

/** The unique values the item a `Receive…` command brings will hold, once its changes are made. */
export function receivedClaims(receive: ReceiveCommand): Claim[] {
  switch (receive.type) {
    case 'ReceivePort':
      return portClaims({ ...receive.data.port, ...receive.data.changes });
    case 'ReceivePortgroup':
      return portgroupClaims({ ...receive.data.portgroup, ...receive.data.changes });
    case 'ReceiveVolumeConnector':
      return connectorClaims({ ...receive.data.connector, ...receive.data.changes });
    case 'ReceiveVolumeTarget':
      return targetClaims(receive.data.target);
  }
}
