/**
 * Moving a sub-resource (port, port group, volume connector or target) to another node, as
 * Ironic means a PATCH of its `node_uuid` to work: the item leaves its node (the update decided
 * there gives `…MovedOut`) and arrives, with the patch's other changes, at the other node (a
 * `Receive…` command decided there gives `…MovedIn`). The two nodes are two aggregates: the
 * conductor decides both halves before it appends either.
 */
import {
  type NodeCommand,
  type ReceivePort,
  type ReceivePortgroup,
  type ReceiveVolumeConnector,
  type ReceiveVolumeTarget,
  type UpdatePort,
  type UpdatePortgroup,
  type UpdateVolumeConnector,
  type UpdateVolumeTarget,
} from '../commands.js';
import { PortgroupNotFoundError, PortNotFoundError, VolumeConnectorNotFoundError, VolumeTargetNotFoundError } from '../errors.js';
import { type NodeEvent } from '../events.js';
import { type Node } from '../node.js';
import { eventMeta } from './shared.js';

export type MoveCommand = UpdatePort | UpdatePortgroup | UpdateVolumeConnector | UpdateVolumeTarget;
export type ReceiveCommand = ReceivePort | ReceivePortgroup | ReceiveVolumeConnector | ReceiveVolumeTarget;

/** The node `command` moves its item to, when it moves it to another node. */
export function moveDestination(command: NodeCommand): string | undefined {
  switch (command.type) {
    case 'UpdatePort':
    case 'UpdatePortgroup':
    case 'UpdateVolumeConnector':
    case 'UpdateVolumeTarget':
      return command.data.to_node !== undefined && command.data.to_node !== command.nodeId ? command.data.to_node : undefined;
    default:
      return undefined;
  }
}

/** The command that hands the item `command` moves out of `source` to its new node. */
export function handOver(command: MoveCommand, source: Node, destination: string): ReceiveCommand {
  const base = { nodeId: destination, meta: command.meta };
  const from_node = source.uuid;
  switch (command.type) {
    case 'UpdatePort': {
      const port = source.ports.find((item) => item.uuid === command.data.uuid);
      if (!port) throw new PortNotFoundError(command.data.uuid);
      return { ...base, type: 'ReceivePort', data: { port, changes: command.data.changes, from_node } };
    }
    case 'UpdatePortgroup': {
      const portgroup = source.portgroups.find((item) => item.uuid === command.data.uuid);
      if (!portgroup) throw new PortgroupNotFoundError(command.data.uuid);
      return { ...base, type: 'ReceivePortgroup', data: { portgroup, changes: command.data.changes, from_node } };
    }
    case 'UpdateVolumeConnector': {
      const connector = source.volume_connectors.find((item) => item.uuid === command.data.uuid);
      if (!connector) throw new VolumeConnectorNotFoundError(command.data.uuid);
      return { ...base, type: 'ReceiveVolumeConnector', data: { connector, changes: command.data.changes, from_node } };
    }
    case 'UpdateVolumeTarget': {
      const target = source.volume_targets.find((item) => item.uuid === command.data.uuid);
      if (!target) throw new VolumeTargetNotFoundError(command.data.uuid);
      return { ...base, type: 'ReceiveVolumeTarget', data: { target, changes: command.data.changes, from_node } };
    }
  }
}

/**
 * The command that puts a moved item back on the node it left, as it was, when its new node
 * refused it after all (it changed between the decision and the append): no rule applies to an
 * item returning to where it was a moment ago.
 */
export function handBack(receive: ReceiveCommand): ReceiveCommand {
  const base = { nodeId: receive.data.from_node, meta: receive.meta };
  const back = { changes: {}, from_node: receive.nodeId, returning: true } as const;
  switch (receive.type) {
    case 'ReceivePort':
      return { ...base, type: 'ReceivePort', data: { port: receive.data.port, ...back } };
    case 'ReceivePortgroup':
      return { ...base, type: 'ReceivePortgroup', data: { portgroup: receive.data.portgroup, ...back } };
    case 'ReceiveVolumeConnector':
      return { ...base, type: 'ReceiveVolumeConnector', data: { connector: receive.data.connector, ...back } };
    case 'ReceiveVolumeTarget':
      return { ...base, type: 'ReceiveVolumeTarget', data: { target: receive.data.target, ...back } };
  }
}

/** The item handed back (`handBack`) arrives as it left. */
export function returnHome(receive: ReceiveCommand): NodeEvent[] {
  const meta = eventMeta(receive);
  const { from_node } = receive.data;
  switch (receive.type) {
    case 'ReceivePort':
      return [{ type: 'PortMovedIn', data: { port: receive.data.port, from_node }, meta }];
    case 'ReceivePortgroup':
      return [{ type: 'PortgroupMovedIn', data: { portgroup: receive.data.portgroup, from_node }, meta }];
    case 'ReceiveVolumeConnector':
      return [{ type: 'VolumeConnectorMovedIn', data: { connector: receive.data.connector, from_node }, meta }];
    case 'ReceiveVolumeTarget':
      return [{ type: 'VolumeTargetMovedIn', data: { target: receive.data.target, from_node }, meta }];
  }
}
