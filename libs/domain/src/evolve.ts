import { NO_AGENT } from './agent.js';
import { type NodeEvent } from './events.js';
import { clearsLastError, isAsynchronous } from './management.js';
import { type BiosSetting, type BiosSettingValue, type JsonObject, newNode, newPort, type Node } from './node.js';
import { LOOKUP_ALLOWED_STATES } from './states.js';
import { STEP_RUN_STATES } from './steps.js';
import { sortedTraits } from './traits.js';

/** A node that does not exist (yet, or any more). */
export const initialState = (): Node | null => null;

/** Applies one event to the node it happened to. */
export function evolve(node: Node | null, event: NodeEvent): Node | null {
  if (event.type === 'NodeRegistered') return newNode(event.meta.nodeId, event.meta.at, event.data);
  if (!node) return null;
  // One copy of the node per event, with the event's changes and `updated_at` in it: copying this
  // wide object is the dearest part of folding an event.
  const touched = (changes?: Partial<Node>): Node => ({ ...node, updated_at: event.meta.at, ...changes });
  switch (event.type) {
    case 'NodeUpdated':
      return touched(event.data.changes);
    case 'NodeDeleted':
      return null;
    case 'ProvisionStateChanged': {
      const { from, to, target, reservation, last_error, clean_steps, disable_ramdisk, deploy_steps, configdrive, rescue_password } = event.data;
      const settled = target === null;
      return touched({
        provision_state: to,
        target_provision_state: target,
        reservation,
        last_error,
        clean_steps: settled ? null : (clean_steps ?? node.clean_steps),
        cleaning_disable_ramdisk: settled ? false : (disable_ramdisk ?? node.cleaning_disable_ramdisk),
        deploy_steps: settled ? null : (deploy_steps ?? node.deploy_steps),
        ...(configdrive !== undefined ? { instance_info: { ...node.instance_info, configdrive } } : {}),
        ...(rescue_password !== undefined ? { instance_info: { ...node.instance_info, rescue_password } } : {}),
        // Unrescued, the node forgets the rescue password (Ironic's clean-up after unrescue).
        ...(from === 'unrescuing' && to === 'active' && 'rescue_password' in node.instance_info ? { instance_info: withoutKey(node.instance_info, 'rescue_password') } : {}),
        provision_updated_at: event.meta.at,
        // A ramdisk's agent and a step run live only in the states they belong to.
        agent: LOOKUP_ALLOWED_STATES.has(to) ? node.agent : null,
        boot_config: LOOKUP_ALLOWED_STATES.has(to) ? node.boot_config : null,
        step_run: node.step_run && STEP_RUN_STATES[node.step_run.kind].includes(to) ? node.step_run : null,
      });
    }
    case 'PowerActionStarted':
      return touched({ target_power_state: event.data.target, reservation: event.data.reservation, last_error: null });
    case 'PowerStateChanged':
      return touched({ power_state: event.data.to, target_power_state: null, reservation: null });
    case 'PowerActionFailed':
      return touched({ target_power_state: null, reservation: null, last_error: event.data.error });
    case 'PowerStateCorrected':
      return touched({ power_state: event.data.to });
    case 'PowerStateRestored':
      return touched();
    case 'PowerSyncFailed':
      return touched({ power_sync_failures: event.data.failures });
    case 'PowerSyncRecovered':
      return touched({ power_sync_failures: 0 });
    case 'MaintenanceSet':
      return touched({ maintenance: true, maintenance_reason: event.data.reason, fault: event.data.fault });
    case 'MaintenanceCleared':
      return touched({ maintenance: false, maintenance_reason: null, fault: null });
    case 'IntrospectionStarted':
      return touched({ introspection: { state: event.data.to, started_at: event.meta.at, finished_at: null, error: null } });
    case 'IntrospectionWaiting':
    case 'IntrospectionAborted':
      return node.introspection ? touched({ introspection: { ...node.introspection, state: event.data.to } }) : touched();
    case 'InventoryProcessed': {
      const introspection = node.introspection ? { ...node.introspection, state: event.data.to } : null;
      const { inventory, plugin_data } = event.data;
      return touched({
        introspection,
        properties: { ...node.properties, ...event.data.properties },
        inventory: inventory ? { inventory, plugin_data: plugin_data ?? {} } : node.inventory,
      });
    }
    case 'IntrospectionFinished':
      return node.introspection
        ? touched({ introspection: { ...node.introspection, state: event.data.to, finished_at: event.meta.at, error: event.data.error } })
        : touched();
    case 'IntrospectionExpired':
      return touched({ introspection: null });
    // A node's sub-resources have their own timestamps: changing them leaves the node's alone, as in Ironic.
    case 'PortAdded': {
      const { source: _source, ...port } = event.data;
      return { ...node, ports: [...node.ports, newPort(port, event.meta.at)] };
    }
    case 'PortRemoved':
    case 'PortMovedOut':
      return { ...node, ports: without(node.ports, event.data.uuid) };
    case 'PortUpdated':
      return { ...node, ports: changed(node.ports, event.data.uuid, event.data.changes, event.meta.at) };
    case 'PortMovedIn':
      return { ...node, ports: inCreationOrder(node.ports, event.data.port) };
    case 'PortgroupAdded':
      return { ...node, portgroups: [...node.portgroups, { ...event.data, internal_info: {}, created_at: event.meta.at, updated_at: null }] };
    case 'PortgroupUpdated':
      return { ...node, portgroups: changed(node.portgroups, event.data.uuid, event.data.changes, event.meta.at) };
    case 'PortgroupMovedIn':
      return { ...node, portgroups: inCreationOrder(node.portgroups, event.data.portgroup) };
    case 'PortgroupRemoved':
    case 'PortgroupMovedOut':
      return { ...node, portgroups: without(node.portgroups, event.data.uuid) };
    case 'VolumeConnectorAdded':
      return { ...node, volume_connectors: [...node.volume_connectors, { ...event.data, created_at: event.meta.at, updated_at: null }] };
    case 'VolumeConnectorUpdated':
      return { ...node, volume_connectors: changed(node.volume_connectors, event.data.uuid, event.data.changes, event.meta.at) };
    case 'VolumeConnectorMovedIn':
      return { ...node, volume_connectors: inCreationOrder(node.volume_connectors, event.data.connector) };
    case 'VolumeConnectorRemoved':
    case 'VolumeConnectorMovedOut':
      return { ...node, volume_connectors: without(node.volume_connectors, event.data.uuid) };
    case 'VolumeTargetAdded':
      return { ...node, volume_targets: [...node.volume_targets, { ...event.data, created_at: event.meta.at, updated_at: null }] };
    case 'VolumeTargetUpdated':
      return { ...node, volume_targets: changed(node.volume_targets, event.data.uuid, event.data.changes, event.meta.at) };
    case 'VolumeTargetMovedIn':
      return { ...node, volume_targets: inCreationOrder(node.volume_targets, event.data.target) };
    case 'VolumeTargetRemoved':
    case 'VolumeTargetMovedOut':
      return { ...node, volume_targets: without(node.volume_targets, event.data.uuid) };
    case 'VifAttached':
    case 'VifDetached': {
      const { vif, port_uuid, portgroup_uuid } = event.data;
      const rebind = <T extends { readonly internal_info: JsonObject; readonly extra: JsonObject; readonly updated_at?: string | null }>(item: T): T => {
        if (event.type === 'VifAttached') return { ...item, internal_info: { ...item.internal_info, tenant_vif_port_id: vif }, updated_at: event.meta.at };
        const { tenant_vif_port_id: _vif, ...internal_info } = item.internal_info;
        const { vif_port_id: _legacy, ...extra } = item.extra;
        return { ...item, internal_info, extra, updated_at: event.meta.at };
      };
      return {
        ...node,
        ports: node.ports.map((port) => (port.uuid === port_uuid ? rebind(port) : port)),
        portgroups: node.portgroups.map((group) => (group.uuid === portgroup_uuid ? rebind(group) : group)),
      };
    }
    case 'NodeTraitsSet':
      return touched({ traits: [...event.data.traits] });
    case 'NodeTraitAdded':
      return touched({ traits: sortedTraits([...node.traits, event.data.trait]) });
    case 'NodeTraitRemoved':
      return touched({ traits: node.traits.filter((trait) => trait !== event.data.trait) });
    case 'NodeAllocated': {
      const { allocation_uuid, instance_uuid, traits } = event.data;
      return touched({ allocation_uuid, instance_uuid, instance_info: { ...node.instance_info, traits: [...traits] } });
    }
    case 'NodeDeallocated':
      return touched({ allocation_uuid: null, instance_uuid: null });
    case 'InstanceCleared':
      return touched({ instance_uuid: null, instance_info: {} });
    case 'ManagementActionStarted': {
      const { action, reservation } = event.data;
      return touched({ management_action: action, reservation, last_error: clearsLastError(action) ? null : node.last_error });
    }
    case 'BootDeviceSet':
    case 'NmiInjected':
    case 'IndicatorSet':
      return touched({ management_action: null, reservation: null });
    case 'BootModeSet':
      return touched({ management_action: null, reservation: null, boot_mode: event.data.boot_mode });
    case 'SecureBootSet':
      return touched({ management_action: null, reservation: null, secure_boot: event.data.secure_boot });
    case 'ConsoleModeSet':
      return touched({ management_action: null, reservation: null, console_enabled: event.data.enabled });
    case 'RamdiskTornDown':
      return touched({ management_action: null, reservation: null, power_state: event.data.power_state ?? node.power_state });
    case 'ManagementActionFailed': {
      const last_error = isAsynchronous(event.data.action) ? event.data.error : node.last_error;
      return touched({ management_action: null, reservation: null, last_error });
    }
    case 'TargetRaidConfigSet':
      return touched({ target_raid_config: event.data.target_raid_config });
    case 'BiosSettingsCached':
      return touched({ bios_settings: cachedBios(node.bios_settings, event.data.set, event.data.removed, event.meta.at) });
    case 'BootModeCached':
      return touched({ boot_mode: event.data.boot_mode, secure_boot: event.data.secure_boot });
    case 'AgentTokenIssued':
      return touched({ agent: { ...(node.agent ?? NO_AGENT), token: event.data.token } });
    case 'AgentHeartbeatRecorded': {
      const { url, version } = event.data;
      return touched({ agent: { ...(node.agent ?? NO_AGENT), url, version, last_heartbeat: event.meta.at } });
    }
    case 'AgentCleared':
      return touched({ agent: null });
    case 'BootConfigRecorded':
      return touched({ boot_config: event.data.config });
    case 'StepsPlanned':
      return touched({ step_run: { kind: event.data.kind, steps: event.data.steps, index: null } });
    case 'StepStarted':
      return node.step_run ? touched({ step_run: { ...node.step_run, index: event.data.index } }) : touched();
    case 'StepFinished':
      return touched();
    default:
      return assertNever(event);
  }
}

/** `object` without `key`. */
function withoutKey(object: JsonObject, key: string): JsonObject {
  const { [key]: _gone, ...rest } = object;
  return rest;
}

/** `items` without the one with `uuid`. */
function without<T extends { readonly uuid: string }>(items: readonly T[], uuid: string): readonly T[] {
  return items.filter((item) => item.uuid !== uuid);
}

/** `items` with `changes` made to the one with `uuid`, changed `at`. */
function changed<T extends { readonly uuid: string }>(items: readonly T[], uuid: string, changes: Partial<Omit<NoInfer<T>, 'uuid'>>, at: string): readonly T[] {
  return items.map((item) => (item.uuid === uuid ? { ...item, ...changes, updated_at: at } : item));
}

/** `items` with `item` (moved in from another node) in its place by creation time. */
function inCreationOrder<T extends { readonly created_at: string }>(items: readonly T[], item: T): readonly T[] {
  const at = items.findIndex((other) => other.created_at > item.created_at);
  return at < 0 ? [...items, item] : [...items.slice(0, at), item, ...items.slice(at)];
}

/** BIOS settings after a cache refresh at `at`: a setting keeps when it first appeared; `updated_at` is when its value last changed. */
function cachedBios(kept: readonly BiosSetting[], set: readonly BiosSettingValue[], removed: readonly string[], at: string): BiosSetting[] {
  const byName = new Map(kept.map((setting) => [setting.name, setting]));
  for (const name of removed) byName.delete(name);
  for (const setting of set) {
    const old = byName.get(setting.name);
    byName.set(setting.name, old ? { ...setting, created_at: old.created_at, updated_at: old.value === setting.value ? old.updated_at : at } : { ...setting, created_at: at, updated_at: null });
  }
  return [...byName.values()];
}

/** Folds a node's events, in order, into its current state. */
export function replay(events: Iterable<NodeEvent>, from: Node | null = initialState()): Node | null {
  let node = from;
  for (const event of events) node = evolve(node, event);
  return node;
}

function assertNever(value: never): never {
  throw new TypeError(`Unhandled event: ${JSON.stringify(value)}`);
}
