/**
 * Node events as Ironic's versioned notifications (`doc/source/admin/notifications.rst` and the
 * payload classes in `ironic/objects/node.py`), so that consumers written for Ironic's
 * `ironic_versioned_notifications` topic can read them. Pure: the node before and after the
 * event come from the caller's fold.
 *
 * Where ironledger differs from Ironic:
 * - one notification per recorded event, computed from the log: a `start` is not sent before
 *   the work and an `end` after it by different processes; `maintenance_set` and forced power
 *   (`PowerStateRestored`) give a `start` and an `end` at once;
 * - `create`/`update`/`delete` (of nodes, ports, port groups, volume connectors and targets:
 *   `baremetal.port.create.end`, `baremetal.portgroup.update.end`, `baremetal.volumetarget.delete.end`, …)
 *   have only `.end` (nothing is recorded for attempts); a port moved to another node is one
 *   `update.end` (of its new node's `PortMovedIn`); and
 *   `maintenance_set.error` never occurs (refusals are not events);
 * - `message_id` is derived from the event's position, `timestamp` is the event's `meta.at`;
 * - inspection times, `clean_step`/`deploy_step` and `driver_internal_info` are `null` or empty
 *   (ironledger does not model them);
 * - secrets are masked field by field as the API views mask them (`redact.ts`): `driver_info`,
 *   `instance_info` (Ironic's notifications mask an `image_url` even when empty, and only the
 *   secret members of a config drive given as JSON), and a volume target's `properties`, which
 *   Ironic's notifications send in clear.
 */
import {
  assertNever,
  type Node,
  type NodeEvent,
  type Port,
  type Portgroup,
  POWER_TARGET_RESULT,
  type ProvisionState,
  UNSTABLE_STATES,
  type VolumeConnector,
  type VolumeTarget,
} from '@ironledger/domain';
import { ironicDateTime, osloTimestamp, stableUuid } from './ids.js';
import { maskDriverInfo, maskInstanceInfo, maskVolumeTargetProperties } from './redact.js';

export type NotificationPriority = 'info' | 'error';

/** The envelope oslo.messaging puts on the bus, with an Ironic versioned object as payload. */
export interface IronicNotification {
  readonly priority: NotificationPriority;
  readonly event_type: string;
  readonly timestamp: string;
  readonly publisher_id: string;
  readonly message_id: string;
  readonly payload: {
    readonly 'ironic_object.namespace': 'ironic';
    readonly 'ironic_object.name': PayloadName;
    readonly 'ironic_object.version': string;
    readonly 'ironic_object.data': Readonly<Record<string, unknown>>;
  };
}

export type PayloadName =
  | 'NodePayload'
  | 'NodeSetPowerStatePayload'
  | 'NodeCorrectedPowerStatePayload'
  | 'NodeSetProvisionStatePayload'
  | 'NodeCRUDPayload'
  | 'PortCRUDPayload'
  | 'PortgroupCRUDPayload'
  | 'VolumeConnectorCRUDPayload'
  | 'VolumeTargetCRUDPayload';

/** Payload versions of the Ironic release whose field list is mirrored here. */
const PAYLOAD_VERSION: Readonly<Record<PayloadName, string>> = {
  NodePayload: '1.16',
  NodeSetPowerStatePayload: '1.16',
  NodeCorrectedPowerStatePayload: '1.16',
  NodeSetProvisionStatePayload: '1.17',
  NodeCRUDPayload: '1.14',
  PortCRUDPayload: '1.4',
  PortgroupCRUDPayload: '1.0',
  VolumeConnectorCRUDPayload: '1.0',
  VolumeTargetCRUDPayload: '1.0',
};

export interface NotificationContext {
  /** The event's global position: makes `message_id` stable. */
  readonly position: number;
  /** The node before the event (`null` before it was registered). */
  readonly before: Node | null;
  /** The node after the event (`null` once deleted). */
  readonly after: Node | null;
  /** Host part of `publisher_id` (Ironic: the API or conductor host). */
  readonly host?: string;
}

const unstable = new Set<ProvisionState>(UNSTABLE_STATES);

/** Ironic's notifications for one node event; empty for events Ironic has no notification for. */
export function toNotifications(event: NodeEvent, { position, before, after, host = 'ironledger' }: NotificationContext): IronicNotification[] {
  const made: IronicNotification[] = [];
  const emit = (
    service: 'ironic-api' | 'ironic-conductor',
    eventType: string,
    priority: NotificationPriority,
    name: PayloadName,
    data: Record<string, unknown>,
    object: 'node' | 'port' | 'portgroup' | 'volumeconnector' | 'volumetarget' = 'node',
  ) =>
    made.push({
      priority,
      event_type: `baremetal.${object}.${eventType}`,
      timestamp: osloTimestamp(event.meta.at),
      publisher_id: `${service}.${host}`,
      message_id: stableUuid(`notification:${position}:${made.length}`),
      payload: { 'ironic_object.namespace': 'ironic', 'ironic_object.name': name, 'ironic_object.version': PAYLOAD_VERSION[name], 'ironic_object.data': data },
    });

  switch (event.type) {
    case 'NodeRegistered':
      if (after) emit('ironic-api', 'create.end', 'info', 'NodeCRUDPayload', crudPayload(after));
      break;
    case 'NodeUpdated':
      // Properties an inspection through the BMC set: Ironic's conductor saves them without a notification.
      if (after && event.meta.actor !== 'conductor') emit('ironic-api', 'update.end', 'info', 'NodeCRUDPayload', crudPayload(after));
      break;
    case 'NodeTraitsSet':
    case 'NodeTraitAdded':
    case 'NodeTraitRemoved':
      if (after) emit('ironic-api', 'update.end', 'info', 'NodeCRUDPayload', crudPayload(after));
      break;
    case 'NodeDeleted':
      if (before) emit('ironic-api', 'delete.end', 'info', 'NodeCRUDPayload', crudPayload(before));
      break;
    case 'ProvisionStateChanged': {
      if (!after) break;
      const { from, to, event: machineEvent } = event.data;
      const status = provisionStatus(machineEvent, from, to);
      emit('ironic-conductor', `provision_set.${status}`, status === 'error' ? 'error' : 'info', 'NodeSetProvisionStatePayload', {
        ...nodePayload(after),
        instance_info: maskInstanceInfo(after.instance_info),
        driver_internal_info: {},
        event: machineEvent,
        previous_provision_state: from,
        previous_target_provision_state: before?.target_provision_state ?? null,
      });
      break;
    }
    case 'PowerActionStarted':
      if (before) emit('ironic-conductor', 'power_set.start', 'info', 'NodeSetPowerStatePayload', { ...nodePayload(before), to_power: event.data.target });
      break;
    case 'PowerStateChanged':
      if (after) emit('ironic-conductor', 'power_set.end', 'info', 'NodeSetPowerStatePayload', { ...nodePayload(after), to_power: event.data.to });
      break;
    case 'PowerActionFailed':
      if (after) emit('ironic-conductor', 'power_set.error', 'error', 'NodeSetPowerStatePayload', { ...nodePayload(after), to_power: POWER_TARGET_RESULT[event.data.requested] });
      break;
    case 'PowerStateCorrected':
      if (after) emit('ironic-conductor', 'power_state_corrected.success', 'info', 'NodeCorrectedPowerStatePayload', { ...nodePayload(after), from_power: event.data.from });
      break;
    case 'PowerStateRestored':
      // Ironic's power sync forces the state through node_power_action, which notifies start and end.
      if (before && after && event.data.restored !== null) {
        emit('ironic-conductor', 'power_set.start', 'info', 'NodeSetPowerStatePayload', { ...nodePayload(before), to_power: event.data.restored });
        emit('ironic-conductor', 'power_set.end', 'info', 'NodeSetPowerStatePayload', { ...nodePayload(after), to_power: event.data.restored });
      }
      break;
    case 'MaintenanceSet':
    case 'MaintenanceCleared':
      if (before && after) {
        emit('ironic-api', 'maintenance_set.start', 'info', 'NodePayload', nodePayload(before));
        emit('ironic-api', 'maintenance_set.end', 'info', 'NodePayload', nodePayload(after));
      }
      break;
    case 'PortAdded': {
      // Ports an inspection through the BMC made are created by Ironic's conductor, which notifies nothing (its API does).
      if (event.data.source === 'inspection') break;
      const port = after?.ports?.find((p) => p.uuid === event.data.uuid);
      if (port) emit('ironic-api', 'create.end', 'info', 'PortCRUDPayload', portPayload(port, event.meta.nodeId), 'port');
      break;
    }
    case 'PortRemoved': {
      const port = before?.ports?.find((p) => p.uuid === event.data.uuid);
      if (port) emit('ironic-api', 'delete.end', 'info', 'PortCRUDPayload', portPayload(port, event.meta.nodeId), 'port');
      break;
    }
    case 'PortUpdated': {
      const port = after?.ports.find((p) => p.uuid === event.data.uuid);
      if (port) emit('ironic-api', 'update.end', 'info', 'PortCRUDPayload', portPayload(port, event.meta.nodeId), 'port');
      break;
    }
    case 'PortMovedIn':
      emit('ironic-api', 'update.end', 'info', 'PortCRUDPayload', portPayload(event.data.port, event.meta.nodeId), 'port');
      break;
    case 'PortgroupAdded':
    case 'PortgroupUpdated':
    case 'PortgroupRemoved': {
      const group = (event.type === 'PortgroupRemoved' ? before : after)?.portgroups.find((g) => g.uuid === event.data.uuid);
      if (group) emit('ironic-api', CRUD_ACTION[event.type], 'info', 'PortgroupCRUDPayload', portgroupPayload(group, event.meta.nodeId), 'portgroup');
      break;
    }
    case 'PortgroupMovedIn':
      emit('ironic-api', 'update.end', 'info', 'PortgroupCRUDPayload', portgroupPayload(event.data.portgroup, event.meta.nodeId), 'portgroup');
      break;
    case 'VolumeConnectorAdded':
    case 'VolumeConnectorUpdated':
    case 'VolumeConnectorRemoved': {
      const connector = (event.type === 'VolumeConnectorRemoved' ? before : after)?.volume_connectors.find((c) => c.uuid === event.data.uuid);
      if (connector) emit('ironic-api', CRUD_ACTION[event.type], 'info', 'VolumeConnectorCRUDPayload', connectorPayload(connector, event.meta.nodeId), 'volumeconnector');
      break;
    }
    case 'VolumeConnectorMovedIn':
      emit('ironic-api', 'update.end', 'info', 'VolumeConnectorCRUDPayload', connectorPayload(event.data.connector, event.meta.nodeId), 'volumeconnector');
      break;
    case 'VolumeTargetAdded':
    case 'VolumeTargetUpdated':
    case 'VolumeTargetRemoved': {
      const target = (event.type === 'VolumeTargetRemoved' ? before : after)?.volume_targets.find((t) => t.uuid === event.data.uuid);
      if (target) emit('ironic-api', CRUD_ACTION[event.type], 'info', 'VolumeTargetCRUDPayload', targetPayload(target, event.meta.nodeId), 'volumetarget');
      break;
    }
    case 'VolumeTargetMovedIn':
      emit('ironic-api', 'update.end', 'info', 'VolumeTargetCRUDPayload', targetPayload(event.data.target, event.meta.nodeId), 'volumetarget');
      break;
    case 'ManagementActionStarted':
      if (before && event.data.action.kind === 'set_console') emit('ironic-conductor', 'console_set.start', 'info', 'NodePayload', nodePayload(before));
      break;
    case 'ConsoleModeSet':
      if (after) emit('ironic-conductor', 'console_set.end', 'info', 'NodePayload', nodePayload(after));
      break;
    case 'ManagementActionFailed':
      if (after && event.data.action.kind === 'set_console') emit('ironic-conductor', 'console_set.error', 'error', 'NodePayload', nodePayload(after));
      break;
    // Ironic has no notifications for the other management calls, nor for what its conductor
    // caches; the other half of a move is notified by the node it went to; Ironic notifies no VIF
    // binding (the conductor saves the port without an API notification).
    case 'BootDeviceSet':
    case 'NmiInjected':
    case 'IndicatorSet':
    case 'VendorMethodCalled':
    case 'BootModeSet':
    case 'SecureBootSet':
    case 'TargetRaidConfigSet':
    case 'BiosSettingsCached':
    case 'BootModeCached':
    case 'PortMovedOut':
    case 'PortgroupMovedOut':
    case 'VolumeConnectorMovedOut':
    case 'VolumeTargetMovedOut':
    case 'VifAttached':
    case 'VifDetached':
      break;
    // Ironic notifies neither power sync's bookkeeping nor in-band inspection (ironic-inspector
    // sends no versioned notifications; the provision side, `inspecting`/`inspect wait`, is
    // notified as provision_set), nor the node side of allocations (written with the allocation).
    case 'PowerSyncFailed':
    case 'PowerSyncRecovered':
    case 'IntrospectionStarted':
    case 'IntrospectionWaiting':
    case 'InventoryProcessed':
    case 'IntrospectionFinished':
    case 'IntrospectionAborted':
    case 'IntrospectionExpired':
    case 'NodeAllocated':
    case 'NodeDeallocated':
    case 'InstanceCleared':
      break;
    // The agent's bookkeeping and step progress: Ironic's conductor sends no notification for them.
    case 'AgentTokenIssued':
    case 'AgentHeartbeatRecorded':
    case 'AgentCleared':
    case 'BootConfigRecorded':
    case 'RamdiskTornDown':
    case 'StepsPlanned':
    case 'StepStarted':
    case 'StepFinished':
    case 'RaidTasksSubmitted':
      break;
    default:
      return assertNever(event, 'event');
  }
  return made;
}

/**
 * The status Ironic's task manager gives a provision state change: `error` for `fail`, `start`
 * when work begins (stable → unstable), `end` when it finishes (unstable → stable), else
 * `success` (an instant change, or a step between two unstable states).
 */
export function provisionStatus(machineEvent: string, from: ProvisionState, to: ProvisionState): 'start' | 'end' | 'success' | 'error' {
  if (machineEvent === 'fail' || machineEvent === 'error') return 'error';
  const wasUnstable = unstable.has(from);
  const isUnstable = unstable.has(to);
  if (!wasUnstable && isUnstable) return 'start';
  if (wasUnstable && !isUnstable) return 'end';
  return 'success';
}

/** Ironic's `NodePayload` fields (version 1.16), in its schema's order. */
export function nodePayload(node: Node): Record<string, unknown> {
  return {
    clean_step: null,
    conductor_group: node.conductor_group,
    console_enabled: node.console_enabled,
    created_at: ironicDateTime(node.created_at),
    deploy_step: null,
    description: node.description,
    driver: node.driver,
    extra: node.extra,
    boot_mode: node.boot_mode,
    secure_boot: node.secure_boot,
    inspection_finished_at: null,
    inspection_started_at: null,
    instance_uuid: node.instance_uuid,
    last_error: node.last_error,
    maintenance: node.maintenance,
    maintenance_reason: node.maintenance_reason,
    fault: node.fault,
    name: node.name,
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
    owner: node.owner,
    lessee: node.lessee,
    power_state: node.power_state,
    properties: node.properties,
    protected: node.protected,
    protected_reason: node.protected_reason,
    provision_state: node.provision_state,
    provision_updated_at: ironicDateTime(node.provision_updated_at),
    resource_class: node.resource_class,
    retired: node.retired,
    retired_reason: node.retired_reason,
    target_power_state: node.target_power_state,
    target_provision_state: node.target_provision_state,
    traits: node.traits,
    updated_at: ironicDateTime(node.updated_at),
    uuid: node.uuid,
  };
}

/** `NodeCRUDPayload`: the node payload plus `chassis_uuid`, `instance_info` and `driver_info`, masked as the API masks them. */
function crudPayload(node: Node): Record<string, unknown> {
  return { ...nodePayload(node), chassis_uuid: node.chassis_uuid, instance_info: maskInstanceInfo(node.instance_info), driver_info: maskDriverInfo(node.driver_info) };
}

const CRUD_ACTION = {
  PortgroupAdded: 'create.end',
  PortgroupUpdated: 'update.end',
  PortgroupRemoved: 'delete.end',
  VolumeConnectorAdded: 'create.end',
  VolumeConnectorUpdated: 'update.end',
  VolumeConnectorRemoved: 'delete.end',
  VolumeTargetAdded: 'create.end',
  VolumeTargetUpdated: 'update.end',
  VolumeTargetRemoved: 'delete.end',
} as const;

/** Ironic's `PortCRUDPayload` (version 1.4); ports have no names in Ironic 21.4. */
function portPayload(port: Port, nodeId: string): Record<string, unknown> {
  return {
    address: port.address,
    extra: port.extra,
    local_link_connection: port.local_link_connection,
    pxe_enabled: port.pxe_enabled,
    physical_network: port.physical_network,
    created_at: ironicDateTime(port.created_at),
    updated_at: ironicDateTime(port.updated_at ?? null),
    uuid: port.uuid,
    is_smartnic: port.is_smartnic,
    name: null,
    node_uuid: nodeId,
    portgroup_uuid: port.portgroup_uuid,
  };
}

/** Ironic's `PortgroupCRUDPayload` (version 1.0). */
function portgroupPayload(group: Portgroup, nodeId: string): Record<string, unknown> {
  return {
    address: group.address,
    extra: group.extra,
    mode: group.mode,
    name: group.name,
    node_uuid: nodeId,
    properties: group.properties,
    standalone_ports_supported: group.standalone_ports_supported,
    created_at: ironicDateTime(group.created_at),
    updated_at: ironicDateTime(group.updated_at),
    uuid: group.uuid,
  };
}

/** Ironic's `VolumeConnectorCRUDPayload` (version 1.0). */
function connectorPayload(connector: VolumeConnector, nodeId: string): Record<string, unknown> {
  return {
    extra: connector.extra,
    type: connector.type,
    connector_id: connector.connector_id,
    node_uuid: nodeId,
    created_at: ironicDateTime(connector.created_at),
    updated_at: ironicDateTime(connector.updated_at),
    uuid: connector.uuid,
  };
}

/** Ironic's `VolumeTargetCRUDPayload` (version 1.0), with `properties` masked as the API masks them (Ironic sends them as they are). */
function targetPayload(target: VolumeTarget, nodeId: string): Record<string, unknown> {
  return {
    boot_index: target.boot_index,
    extra: target.extra,
    node_uuid: nodeId,
    properties: maskVolumeTargetProperties(target.properties),
    volume_id: target.volume_id,
    volume_type: target.volume_type,
    created_at: ironicDateTime(target.created_at),
    updated_at: ironicDateTime(target.updated_at),
    uuid: target.uuid,
  };
}
