/**
 * Secrets are masked where Ironic 21.4 masks them, the way it masks them, and nowhere else:
 * - a node's `driver_info` (oslo's `mask_dict_password`, see `@ironledger/domain`'s `secrets.ts`);
 * - its `instance_info` (the same, then `configdrive` and `image_url` hidden whatever they hold);
 * - `driver_internal_info.agent_secret_token` (and ironledger's `pxe_config`, which copies text
 *   from the two fields above);
 * - a volume target's `properties`, a deploy template step's `args`.
 * Every other field (identifiers, states, `extra`, `properties`, `last_error`, ports, …) is
 * served exactly as stored: a value is never masked for being equal to a secret, nor a key for a
 * name that merely looks secret. Events serve the members that carry those fields masked as the
 * view masks the field; the same rule holds wherever node data goes out (API views, history,
 * raw events, server-sent events, the relay stream, notifications, the CLI).
 *
 * An earlier API let a client move a password out of `driver_info` (JSON Patch `move`/`copy`,
 * refused since): the events that recorded it are served as Ironic serves the field it went to,
 * in clear when that was `extra`.
 *
 * The stored events are never touched; masking happens when they are read.
 */
import { type DomainEvent } from '@ironledger/application';
import {
  type DeployStep,
  type DeployTemplateFields,
  isSecretKey,
  type Json,
  type JsonObject,
  maskDictPassword,
  maskPassword,
  type Node,
  type NodeFields,
  REDACTED,
  type VolumeTarget,
} from '@ironledger/domain';

export { isSecretKey, maskDictPassword, maskPassword, REDACTED } from '@ironledger/domain';

/** `driver_info` as Ironic's API shows it. */
export const maskDriverInfo = (info: JsonObject): JsonObject => maskDictPassword(info);

/**
 * `instance_info` as Ironic's API shows it: masked as `driver_info`, then a `configdrive` (it
 * may carry user data) and an `image_url` (it may be a signed temporary URL) hidden when set.
 */
export function maskInstanceInfo(info: JsonObject): JsonObject {
  const masked = maskDictPassword(info);
  const hideConfigdrive = isSet(masked.configdrive) && masked.configdrive !== REDACTED;
  const hideImageUrl = isSet(masked.image_url) && masked.image_url !== REDACTED;
  if (!hideConfigdrive && !hideImageUrl) return masked;
  return { ...masked, ...(hideConfigdrive && { configdrive: REDACTED }), ...(hideImageUrl && { image_url: REDACTED }) };
}

/** A volume target's `properties` as Ironic's API shows them. */
export const maskVolumeTargetProperties = (properties: JsonObject): JsonObject => maskDictPassword(properties);

/** A volume target with its `properties` masked. */
export function maskVolumeTarget(target: VolumeTarget): VolumeTarget {
  const properties = maskVolumeTargetProperties(target.properties);
  return properties === target.properties ? target : { ...target, properties };
}

/** A deploy template's steps as Ironic's API shows them: each step's `args` masked. */
export function maskDeploySteps(steps: readonly DeployStep[]): readonly DeployStep[] {
  let masked: DeployStep[] | undefined;
  steps.forEach((step, i) => {
    const args = isMapping(step.args) ? maskDictPassword(step.args) : step.args;
    if (args !== step.args) (masked ??= [...steps])[i] = { ...step, args };
  });
  return masked ?? steps;
}

/**
 * What a PXE service serves the node (`driver_internal_info.pxe_config`, ironledger's own): its
 * kernel command line copies text from `driver_info` and `instance_info`, so it is masked as they are.
 */
export const maskBootConfig = (config: JsonObject): JsonObject => maskDictPassword(config);

/** A node (the read model's shape, as the CLI prints it) with every field Ironic masks masked. */
export function redactNode(node: Node): Node {
  const masked = {
    ...node,
    driver_info: maskDriverInfo(node.driver_info),
    instance_info: maskInstanceInfo(node.instance_info),
    agent: node.agent?.token ? { ...node.agent, token: REDACTED } : node.agent,
    boot_config: node.boot_config && maskBootConfig(node.boot_config),
    volume_targets: node.volume_targets.map(maskVolumeTarget),
  };
  return masked;
}

/**
 * The event as it may be served outside the control plane (see the rules above). Pure: the
 * event passed in is left untouched, and comes back as the very same object when nothing in it
 * is masked.
 */
export function redactSecrets<E extends DomainEvent>(event: E): E {
  const mask = SERVED_DATA[event.type] as ((data: E['data']) => E['data']) | null;
  if (!mask) return event;
  const data = mask(event.data);
  return data === event.data ? event : ({ ...event, data } as E);
}

type DataOf<T extends DomainEvent['type']> = Extract<DomainEvent, { type: T }>['data'];

/**
 * How each event's data is served: the members that carry a field Ironic masks, masked as the
 * view masks that field; `null`: served as stored. Every type is listed, so that a new event
 * cannot be served before someone decided how.
 */
const SERVED_DATA: { readonly [T in DomainEvent['type']]: ((data: DataOf<T>) => DataOf<T>) | null } = {
  NodeRegistered: (data) => maskNodeFields(data),
  NodeUpdated: (data) => {
    const changes = maskNodeFields(data.changes);
    return changes === data.changes ? data : { ...data, changes };
  },
  // The config drive and the rescue password become `instance_info.configdrive` and `.rescue_password`.
  ProvisionStateChanged: (data) => {
    const { configdrive, rescue_password: rescuePassword } = data;
    if (configdrive === undefined && rescuePassword === undefined) return data;
    const shown = maskInstanceInfo({ ...(configdrive !== undefined && { configdrive }), ...(rescuePassword !== undefined && { rescue_password: rescuePassword }) });
    return { ...data, ...shown } as typeof data;
  },
  // The token becomes `driver_internal_info.agent_secret_token`.
  AgentTokenIssued: (data) => (data.token ? { ...data, token: REDACTED } : data),
  BootConfigRecorded: (data) => {
    const config = maskBootConfig(data.config);
    return config === data.config ? data : { ...data, config };
  },
  VolumeTargetAdded: (data) => maskVolumeTarget(data as VolumeTarget) as typeof data,
  VolumeTargetUpdated: (data) => {
    const { properties } = data.changes;
    const shown = properties && maskVolumeTargetProperties(properties);
    return shown === properties ? data : { ...data, changes: { ...data.changes, properties: shown } };
  },
  VolumeTargetMovedIn: (data) => {
    const target = maskVolumeTarget(data.target);
    return target === data.target ? data : { ...data, target };
  },
  DeployTemplateCreated: (data) => maskTemplateSteps(data),
  DeployTemplateUpdated: (data) => {
    const changes = maskTemplateSteps(data.changes);
    return changes === data.changes ? data : { ...data, changes };
  },
  NodeDeleted: null, PowerActionStarted: null, PowerStateChanged: null, PowerActionFailed: null, PowerStateCorrected: null,
  PowerStateRestored: null, PowerSyncFailed: null, PowerSyncRecovered: null, MaintenanceSet: null, MaintenanceCleared: null,
  IntrospectionStarted: null, IntrospectionWaiting: null, InventoryProcessed: null, IntrospectionFinished: null, IntrospectionAborted: null,
  IntrospectionExpired: null, PortAdded: null, PortRemoved: null, NodeTraitsSet: null, NodeTraitAdded: null, NodeTraitRemoved: null,
  NodeAllocated: null, NodeDeallocated: null, InstanceCleared: null, PortUpdated: null, PortMovedOut: null, PortMovedIn: null,
  PortgroupAdded: null, PortgroupUpdated: null, PortgroupMovedOut: null, PortgroupMovedIn: null, PortgroupRemoved: null,
  VolumeConnectorAdded: null, VolumeConnectorUpdated: null, VolumeConnectorMovedOut: null, VolumeConnectorMovedIn: null,
  VolumeConnectorRemoved: null, VolumeTargetMovedOut: null, VolumeTargetRemoved: null, VifAttached: null, VifDetached: null,
  ManagementActionStarted: null, BootDeviceSet: null, NmiInjected: null, IndicatorSet: null, BootModeSet: null, SecureBootSet: null,
  ConsoleModeSet: null, VendorMethodCalled: null, RamdiskTornDown: null, ManagementActionFailed: null, TargetRaidConfigSet: null, BiosSettingsCached: null,
  BootModeCached: null, AgentHeartbeatRecorded: null, AgentCleared: null, StepsPlanned: null, StepStarted: null, StepFinished: null, RaidTasksSubmitted: null,
  ChassisCreated: null, ChassisUpdated: null, ChassisDeleted: null,
  AllocationCreated: null, AllocationSucceeded: null, AllocationFailed: null, AllocationUpdated: null, AllocationDeleted: null,
  DeployTemplateDeleted: null,
};

/** Node fields (a registration, or an update's changes) with `driver_info` and `instance_info` as the view shows them. */
function maskNodeFields<F extends Partial<NodeFields>>(fields: F): F {
  const driverInfo = fields.driver_info && maskDriverInfo(fields.driver_info);
  const instanceInfo = fields.instance_info && maskInstanceInfo(fields.instance_info);
  if (driverInfo === fields.driver_info && instanceInfo === fields.instance_info) return fields;
  return { ...fields, ...(driverInfo && { driver_info: driverInfo }), ...(instanceInfo && { instance_info: instanceInfo }) };
}

function maskTemplateSteps<F extends Partial<DeployTemplateFields>>(fields: F): F {
  const steps = fields.steps && maskDeploySteps(fields.steps);
  return steps === fields.steps ? fields : { ...fields, steps };
}

/**
 * Any JSON echoed in an error text (never a view): every value under a secret key, at any depth
 * and in lists, and oslo's text patterns masked. Ironic prints such documents whole; ironledger
 * masks them as oslo masks log lines.
 */
export function maskEverywhere(value: Json): Json {
  if (typeof value === 'string') return maskPassword(value);
  if (Array.isArray(value)) return value.map(maskEverywhere);
  if (!isMapping(value)) return value;
  const masked: JsonObject = {};
  for (const key of Object.keys(value)) {
    Object.defineProperty(masked, key, { value: isSecretKey(key) ? REDACTED : maskEverywhere(value[key]!), enumerable: true, writable: true, configurable: true });
  }
  return masked;
}

/** Python's truth of a JSON value, as Ironic's `if instance_info.get(…)` judges it. */
function isSet(value: Json | undefined): boolean {
  if (value === undefined || value === null || value === false || value === 0 || value === '') return false;
  if (Array.isArray(value)) return value.length > 0;
  return typeof value !== 'object' || Object.keys(value).length > 0;
}

function isMapping(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
