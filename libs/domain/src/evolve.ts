import { NO_AGENT } from './agent.js';
import { interfaceOf } from './hardware-types.js';
import { type NodeEvent } from './events.js';
import { clearsLastError, failureInLastError } from './management.js';
import { type BiosSetting, type BiosSettingValue, biosSetting, copyNode, type JsonObject, newNode, newPort, type Node } from './node.js';
import { emptyList, emptyObject, known, sharedIfEmpty } from './shared-values.js';
import { LOOKUP_ALLOWED_STATES } from './states.js';
import { STEP_RUN_STATES, type StepRun } from './steps.js';
import { recordedRaid } from './raid.js';
import { sortedTraits } from './traits.js';
import { assertNever } from './assert-never.js';

/** A node that does not exist (yet, or any more). */
export const initialState = (): Node | null => null;

/** The states in which the rescue ramdisk is booted or runs, and needs the password. */
const RESCUE_RAMDISK_STATES: ReadonlySet<string> = new Set(['rescuing', 'rescue wait']);

/**
 * Whether the node forgets its rescue password, as Ironic's clean-ups do: an abort of the rescue
 * wait; the agent rescue interface's clean-up once its ramdisk is done (rescued, failed, torn
 * down); and unrescue.
 */
function forgetsRescuePassword(node: Node, from: string, to: string, event: string): boolean {
  if (event === 'abort' && from === 'rescue wait') return true;
  if (from === 'unrescuing' && to === 'active') return true;
  return interfaceOf(node, 'rescue') === 'agent' && RESCUE_RAMDISK_STATES.has(from) && !RESCUE_RAMDISK_STATES.has(to);
}

/** Applies one event to the node it happened to. */
export function evolve(node: Node | null, event: NodeEvent): Node | null {
  if (event.type === 'NodeRegistered') return newNode(event.meta.nodeId, event.meta.at, event.data);
  if (!node) return null;
  // One copy of the node per event, with the event's changes and `updated_at` in it: copying this
  // wide object is the dearest part of folding an event (see `copyNode`).
  const touched = (changes?: Partial<Node>): Node => {
    const next = copyNode(node);
    next.updated_at = event.meta.at;
    return changes ? Object.assign(next, changes) : next;
  };
  /** A copy with changes to the node's sub-resources, which leave the node's own `updated_at` alone. */
  const withItems = (changes: Partial<Node>): Node => Object.assign(copyNode(node), changes);
  switch (event.type) {
    case 'NodeUpdated':
      return touched(sharedValues(event.data.changes));
    case 'NodeDeleted':
      return null;
    case 'ProvisionStateChanged': {
      const { from, to, event: fired, target, reservation, last_error, clean_steps, disable_ramdisk, deploy_steps, configdrive, rescue_password } = event.data;
      const settled = target === null;
      return touched({
        provision_state: known(to),
        target_provision_state: known(target),
        reservation,
        last_error,
        clean_steps: settled ? null : (clean_steps ?? node.clean_steps),
        cleaning_disable_ramdisk: settled ? false : (disable_ramdisk ?? node.cleaning_disable_ramdisk),
        deploy_steps: settled ? null : (deploy_steps ?? node.deploy_steps),
        ...(configdrive !== undefined ? { instance_info: withEntries(node.instance_info, { configdrive }) } : {}),
        ...(rescue_password !== undefined ? { instance_info: withEntries(node.instance_info, { rescue_password }) } : {}),
        ...(forgetsRescuePassword(node, from, to, fired) && 'rescue_password' in node.instance_info ? { instance_info: withoutKey('instance_info', node.instance_info, 'rescue_password') } : {}),
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
        properties: withEntries(node.properties, event.data.properties),
        inventory: inventory ? { inventory, plugin_data: plugin_data ?? emptyObject('plugin_data') } : node.inventory,
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
      return withItems({ ports: [...node.ports, newPort(port, event.meta.at)] });
    }
    case 'PortRemoved':
    case 'PortMovedOut':
      return withItems({ ports: without('ports', node.ports, event.data.uuid) });
    case 'PortUpdated':
      return withItems({ ports: changed(node.ports, event.data.uuid, event.data.changes, event.meta.at) });
    case 'PortMovedIn':
      return withItems({ ports: inCreationOrder(node.ports, event.data.port) });
    case 'PortgroupAdded':
      return withItems({ portgroups: [...node.portgroups, Object.assign({}, event.data, { internal_info: emptyObject('item.internal_info'), created_at: event.meta.at, updated_at: null })] });
    case 'PortgroupUpdated':
      return withItems({ portgroups: changed(node.portgroups, event.data.uuid, event.data.changes, event.meta.at) });
    case 'PortgroupMovedIn':
      return withItems({ portgroups: inCreationOrder(node.portgroups, event.data.portgroup) });
    case 'PortgroupRemoved':
    case 'PortgroupMovedOut':
      return withItems({ portgroups: without('portgroups', node.portgroups, event.data.uuid) });
    case 'VolumeConnectorAdded':
      return withItems({ volume_connectors: [...node.volume_connectors, Object.assign({}, event.data, { created_at: event.meta.at, updated_at: null })] });
    case 'VolumeConnectorUpdated':
      return withItems({ volume_connectors: changed(node.volume_connectors, event.data.uuid, event.data.changes, event.meta.at) });
    case 'VolumeConnectorMovedIn':
      return withItems({ volume_connectors: inCreationOrder(node.volume_connectors, event.data.connector) });
    case 'VolumeConnectorRemoved':
    case 'VolumeConnectorMovedOut':
      return withItems({ volume_connectors: without('volume_connectors', node.volume_connectors, event.data.uuid) });
    case 'VolumeTargetAdded':
      return withItems({ volume_targets: [...node.volume_targets, Object.assign({}, event.data, { created_at: event.meta.at, updated_at: null })] });
    case 'VolumeTargetUpdated':
      return withItems({ volume_targets: changed(node.volume_targets, event.data.uuid, event.data.changes, event.meta.at) });
    case 'VolumeTargetMovedIn':
      return withItems({ volume_targets: inCreationOrder(node.volume_targets, event.data.target) });
    case 'VolumeTargetRemoved':
    case 'VolumeTargetMovedOut':
      return withItems({ volume_targets: without('volume_targets', node.volume_targets, event.data.uuid) });
    case 'VifAttached':
    case 'VifDetached': {
      const { vif, port_uuid, portgroup_uuid } = event.data;
      const rebind = <T extends { readonly internal_info: JsonObject; readonly extra: JsonObject; readonly updated_at?: string | null }>(item: T): T => {
        if (event.type === 'VifAttached') return Object.assign({}, item, { internal_info: withEntries(item.internal_info, { tenant_vif_port_id: vif }), updated_at: event.meta.at });
        const { tenant_vif_port_id: _vif, ...internal_info } = item.internal_info;
        const { vif_port_id: _legacy, ...extra } = item.extra;
        return Object.assign({}, item, { internal_info: sharedIfEmpty(internal_info, 'item.internal_info'), extra: sharedIfEmpty(extra, 'item.extra'), updated_at: event.meta.at });
      };
      return withItems({
        ports: node.ports.map((port) => (port.uuid === port_uuid ? rebind(port) : port)),
        portgroups: node.portgroups.map((group) => (group.uuid === portgroup_uuid ? rebind(group) : group)),
      });
    }
    case 'NodeTraitsSet':
      return touched({ traits: sharedIfEmpty([...event.data.traits], 'traits') });
    case 'NodeTraitAdded':
      return touched({ traits: sortedTraits([...node.traits, event.data.trait]) });
    case 'NodeTraitRemoved':
      return touched({ traits: sharedIfEmpty(node.traits.filter((trait) => trait !== event.data.trait), 'traits') });
    case 'NodeAllocated': {
      const { allocation_uuid, instance_uuid, traits } = event.data;
      return touched({ allocation_uuid, instance_uuid, instance_info: withEntries(node.instance_info, { traits: [...traits] }) });
    }
    case 'NodeDeallocated':
      return touched({ allocation_uuid: null, instance_uuid: null });
    case 'InstanceCleared':
      return touched({ instance_uuid: null, instance_info: emptyObject('instance_info') });
    case 'ManagementActionStarted': {
      const { action, reservation } = event.data;
      return touched({ management_action: action, reservation, last_error: clearsLastError(action) ? null : node.last_error });
    }
    case 'BootDeviceSet':
    case 'NmiInjected':
    case 'IndicatorSet':
    case 'VendorMethodCalled':
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
      const last_error = event.data.last_error ?? (failureInLastError(event.data.action) ? event.data.error : node.last_error);
      return touched({ management_action: null, reservation: null, last_error });
    }
    case 'TargetRaidConfigSet':
      return touched({ target_raid_config: event.data.target_raid_config });
    case 'BiosSettingsCached':
      return touched({ bios_settings: cachedBios(node.bios_settings, event.data.set, event.data.removed, event.meta.at) });
    case 'BootModeCached':
      return touched({ boot_mode: event.data.boot_mode, secure_boot: event.data.secure_boot });
    case 'AgentTokenIssued':
      return touched({ agent: { ...(node.agent ?? NO_AGENT), token: event.data.token, ...(event.data.pregenerated && { pregenerated: true }) } });
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
    case 'StepStarted': {
      // raid.apply_configuration makes its configuration the node's target first, kept whether the step succeeds.
      const target = event.data.target_raid_config === undefined ? {} : { target_raid_config: event.data.target_raid_config };
      return node.step_run ? touched({ step_run: { ...node.step_run, index: event.data.index }, ...target }) : touched(target);
    }
    case 'StepFinished': {
      // A RAID step records what it built (or that it deleted it); its tasks, if it waited for any, are over.
      const run = node.step_run?.raid_tasks ? { step_run: withoutRaidTasks(node.step_run) } : {};
      return event.data.raid_config === undefined ? touched(run) : touched({ ...run, ...recordedRaid(node.properties, event.data.raid_config, event.meta.at) });
    }
    case 'RaidTasksSubmitted':
      return node.step_run ? touched({ step_run: { ...node.step_run, index: event.data.index, raid_tasks: event.data.tasks } }) : touched();
    default:
      return assertNever(event, 'event');
  }
}

/** The step run with its RAID tasks over. */
function withoutRaidTasks({ raid_tasks: _over, ...run }: StepRun): StepRun {
  return run;
}

/** Operator-owned field changes with the domain's strings (driver, interfaces) and empty fields as the shared ones. */
function sharedValues<T extends object>(changes: T): T {
  const values = { ...changes } as Record<string, unknown>;
  for (const key in values) {
    const value = values[key];
    values[key] = typeof value === 'string' ? known(value) : sharedIfEmpty(value, key);
  }
  return values as T;
}

/**
 * `object` with `entries` set. Object.assign rather than a spread: `object` often comes from a
 * parsed event, and V8 gives each spread copy of such an object a hidden class of its own.
 */
function withEntries(object: JsonObject, entries: JsonObject): JsonObject {
  return Object.assign({}, object, entries);
}

/** Field `field`'s `object` without `key`. */
function withoutKey(field: string, object: JsonObject, key: string): JsonObject {
  const { [key]: _gone, ...rest } = object;
  return sharedIfEmpty(rest, field);
}

/** `items` (of field `field`) without the one with `uuid`. */
function without<T extends { readonly uuid: string }>(field: string, items: readonly T[], uuid: string): readonly T[] {
  return sharedIfEmpty(items.filter((item) => item.uuid !== uuid), field);
}

/** `items` with `changes` made to the one with `uuid`, changed `at`. */
function changed<T extends { readonly uuid: string }>(items: readonly T[], uuid: string, changes: Partial<Omit<NoInfer<T>, 'uuid'>>, at: string): readonly T[] {
  return items.map((item) => (item.uuid === uuid ? Object.assign({}, item, changes, { updated_at: at }) : item));
}

/** `items` with `item` (moved in from another node) in its place by creation time. */
function inCreationOrder<T extends { readonly created_at: string }>(items: readonly T[], item: T): readonly T[] {
  const at = items.findIndex((other) => other.created_at > item.created_at);
  return at < 0 ? [...items, item] : [...items.slice(0, at), item, ...items.slice(at)];
}

/** BIOS settings after a cache refresh at `at`: a setting keeps when it first appeared; `updated_at` is when its value last changed. */
function cachedBios(kept: readonly BiosSetting[], set: readonly BiosSettingValue[], removed: readonly string[], at: string): readonly BiosSetting[] {
  const byName = new Map(kept.map((setting) => [setting.name, setting]));
  for (const name of removed) byName.delete(name);
  for (const setting of set) {
    const old = byName.get(setting.name);
    // A setting read again as it was stays the very same object.
    if (old && sameSetting(old, setting)) continue;
    byName.set(setting.name, biosSetting(setting, old ? old.created_at : at, old ? (old.value === setting.value ? old.updated_at : at) : null));
  }
  return byName.size === 0 ? emptyList('bios_settings') : [...byName.values()];
}

/** Whether `kept` holds just what `setting` reports (its fields, in the same order). */
function sameSetting(kept: BiosSetting, setting: BiosSettingValue): boolean {
  const [keys, keptKeys] = [Object.keys(setting), Object.keys(kept)];
  if (keys.length + 2 !== keptKeys.length) return false;
  const [a, b] = [kept as unknown as Record<string, unknown>, setting as unknown as Record<string, unknown>];
  return keys.every((key, i) => key === keptKeys[i] && (Array.isArray(b[key]) ? Array.isArray(a[key]) && (a[key] as unknown[]).join('\u0000') === (b[key] as unknown[]).join('\u0000') : a[key] === b[key]));
}

/** Folds a node's events, in order, into its current state. */
export function replay(events: Iterable<NodeEvent>, from: Node | null = initialState()): Node | null {
  let node = from;
  for (const event of events) node = evolve(node, event);
  return node;
}
