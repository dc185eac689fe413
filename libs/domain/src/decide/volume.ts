/**
 * Volume connectors and targets of a node. Creating needs nothing of the node; changing or
 * deleting one needs the node powered off (Ironic's conductor), and a connector or target moved
 * to another node needs that node powered off (only the destination is checked, as in Ironic).
 */
import {
  type AddVolumeConnector,
  type AddVolumeTarget,
  type ReceiveVolumeConnector,
  type ReceiveVolumeTarget,
  type RemoveVolumeConnector,
  type RemoveVolumeTarget,
  type UpdateVolumeConnector,
  type UpdateVolumeTarget,
} from '../commands.js';
import { ALREADY_EXISTS, InvalidStateError, NodeConflictError, VolumeConnectorNotFoundError, VolumeTargetNotFoundError } from '../errors.js';
import { type NodeEvent } from '../events.js';
import { type Node, type VolumeConnector, type VolumeConnectorFields, type VolumeTarget, type VolumeTargetFields } from '../node.js';
import { changedEntries, ensureNotLocked, eventMeta } from './shared.js';

export function addVolumeConnector(command: AddVolumeConnector, node: Node): NodeEvent[] {
  const data: VolumeConnectorFields = { ...command.data, extra: command.data.extra ?? {} };
  if (node.volume_connectors.some((connector) => connector.uuid === data.uuid)) throw new NodeConflictError(node.uuid, ALREADY_EXISTS.volumeConnector(data.uuid));
  checkConnectorId(node, data);
  return [{ type: 'VolumeConnectorAdded', data, meta: eventMeta(command) }];
}

export function updateVolumeConnector(command: UpdateVolumeConnector, node: Node): NodeEvent[] {
  const connector = findConnector(node, command.data.uuid);
  const { to_node } = command.data;
  ensureNotLocked(node);
  if (to_node !== undefined && to_node !== node.uuid) return [{ type: 'VolumeConnectorMovedOut', data: { uuid: connector.uuid, to_node }, meta: eventMeta(command) }];
  // Ironic's conductor checks the power state even when nothing changes.
  ensurePoweredOff(node, 'volume connector update');
  const changes = changedEntries<VolumeConnectorFields>(connector, command.data.changes);
  if (Object.keys(changes).length === 0) return [];
  checkConnectorId(node, { ...connector, ...changes });
  return [{ type: 'VolumeConnectorUpdated', data: { uuid: connector.uuid, changes }, meta: eventMeta(command) }];
}

export function receiveVolumeConnector(command: ReceiveVolumeConnector, node: Node): NodeEvent[] {
  const { connector: moving, from_node } = command.data;
  ensureNotLocked(node);
  ensurePoweredOff(node, 'volume connector update');
  const connector: VolumeConnector = { ...moving, ...changedEntries<VolumeConnectorFields>(moving, command.data.changes), updated_at: command.meta.at };
  if (node.volume_connectors.some((other) => other.uuid === connector.uuid)) throw new NodeConflictError(node.uuid, ALREADY_EXISTS.volumeConnector(connector.uuid));
  checkConnectorId(node, connector);
  return [{ type: 'VolumeConnectorMovedIn', data: { connector, from_node }, meta: eventMeta(command) }];
}

export function removeVolumeConnector(command: RemoveVolumeConnector, node: Node): NodeEvent[] {
  const connector = findConnector(node, command.data.uuid);
  ensureNotLocked(node);
  ensurePoweredOff(node, 'volume connector deletion');
  return [{ type: 'VolumeConnectorRemoved', data: { uuid: connector.uuid }, meta: eventMeta(command) }];
}

export function addVolumeTarget(command: AddVolumeTarget, node: Node): NodeEvent[] {
  const data: VolumeTargetFields = { ...command.data, properties: command.data.properties ?? {}, extra: command.data.extra ?? {} };
  if (node.volume_targets.some((target) => target.uuid === data.uuid)) throw new NodeConflictError(node.uuid, ALREADY_EXISTS.volumeTarget(data.uuid));
  checkBootIndex(node, data);
  return [{ type: 'VolumeTargetAdded', data, meta: eventMeta(command) }];
}

export function updateVolumeTarget(command: UpdateVolumeTarget, node: Node): NodeEvent[] {
  const target = findTarget(node, command.data.uuid);
  const { to_node } = command.data;
  ensureNotLocked(node);
  if (to_node !== undefined && to_node !== node.uuid) return [{ type: 'VolumeTargetMovedOut', data: { uuid: target.uuid, to_node }, meta: eventMeta(command) }];
  // Ironic's conductor checks the power state even when nothing changes.
  ensurePoweredOff(node, 'volume target update');
  const changes = changedEntries<VolumeTargetFields>(target, command.data.changes);
  if (Object.keys(changes).length === 0) return [];
  checkBootIndex(node, { ...target, ...changes });
  return [{ type: 'VolumeTargetUpdated', data: { uuid: target.uuid, changes }, meta: eventMeta(command) }];
}

export function receiveVolumeTarget(command: ReceiveVolumeTarget, node: Node): NodeEvent[] {
  const { target: moving, from_node } = command.data;
  ensureNotLocked(node);
  ensurePoweredOff(node, 'volume target update');
  const target: VolumeTarget = { ...moving, ...changedEntries<VolumeTargetFields>(moving, command.data.changes), updated_at: command.meta.at };
  if (node.volume_targets.some((other) => other.uuid === target.uuid)) throw new NodeConflictError(node.uuid, ALREADY_EXISTS.volumeTarget(target.uuid));
  checkBootIndex(node, target);
  return [{ type: 'VolumeTargetMovedIn', data: { target, from_node }, meta: eventMeta(command) }];
}

export function removeVolumeTarget(command: RemoveVolumeTarget, node: Node): NodeEvent[] {
  const target = findTarget(node, command.data.uuid);
  ensureNotLocked(node);
  ensurePoweredOff(node, 'volume target deletion');
  return [{ type: 'VolumeTargetRemoved', data: { uuid: target.uuid }, meta: eventMeta(command) }];
}

function findConnector(node: Node, uuid: string): VolumeConnector {
  const connector = node.volume_connectors.find((candidate) => candidate.uuid === uuid);
  if (!connector) throw new VolumeConnectorNotFoundError(uuid);
  return connector;
}

function findTarget(node: Node, uuid: string): VolumeTarget {
  const target = node.volume_targets.find((candidate) => candidate.uuid === uuid);
  if (!target) throw new VolumeTargetNotFoundError(uuid);
  return target;
}

/** Ironic's `InvalidStateRequested` (400) unless the node is `power off` (a never-synced node is "None"). */
function ensurePoweredOff(node: Node, action: string): void {
  if (node.power_state !== 'power off') throw new InvalidStateError(node.uuid, node.power_state, action);
}

/** A connector is unique by type and connector ID (across the fleet by claims; here within the node). */
function checkConnectorId(node: Node, connector: VolumeConnectorFields): void {
  if (node.volume_connectors.some((other) => other.uuid !== connector.uuid && other.type === connector.type && other.connector_id === connector.connector_id)) {
    throw new NodeConflictError(node.uuid, ALREADY_EXISTS.connectorId(connector.type, connector.connector_id));
  }
}

/** One target per boot index on a node. */
function checkBootIndex(node: Node, target: VolumeTargetFields): void {
  if (node.volume_targets.some((other) => other.uuid !== target.uuid && other.boot_index === target.boot_index)) {
    throw new NodeConflictError(node.uuid, ALREADY_EXISTS.bootIndex(target.boot_index));
  }
}
