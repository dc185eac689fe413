/**
 * Management calls on a node's hardware, the target RAID configuration, and what the conductor
 * reads back from the hardware (BIOS settings, boot mode). A management call holds the node's
 * lock from `ManagementActionStarted` until its outcome is recorded.
 */
import {
  type CacheBiosSettings,
  type CallVendorMethod,
  type CacheBootMode,
  type InjectNmi,
  type RecordManagementOutcome,
  type SetBootDevice,
  type SetBootMode,
  type SetConsoleMode,
  type SetIndicatorState,
  type SetSecureBoot,
  type SetTargetRaidConfig,
} from '../commands.js';
import { InvalidParameterError, InvalidStateError, NotFoundError, ResourceConflictError } from '../errors.js';
import { type NodeEvent } from '../events.js';
import { BOOT_MODE_LOCKED_STATES, BOOT_MODE_TRANSITIONING, BOOT_MODES, isBootMode, type ManagementAction, managementFailure, unsupportedText } from '../management.js';
import { type BiosSetting, type BiosSettingValue, type Node } from '../node.js';
import { raidConfigProblem } from '../raid.js';
import { pythonRepr, pythonStr } from '../python.js';
import { ensureNotLocked, eventMeta, workingConductor } from './shared.js';
import { assertNever } from '../assert-never.js';
import { isSynchronousVendorMethod, vendorArgumentRefusal, vendorCallRefusal } from '../vendor.js';

type ManagementCommand = SetBootDevice | InjectNmi | SetIndicatorState | SetBootMode | SetSecureBoot | SetConsoleMode | CallVendorMethod;

/** Takes the node's lock for `action`. */
function started(command: ManagementCommand, node: Node, action: ManagementAction): NodeEvent[] {
  ensureNotLocked(node);
  return [{ type: 'ManagementActionStarted', data: { action, reservation: workingConductor(command.meta) }, meta: eventMeta(command) }];
}

export function setBootDevice(command: SetBootDevice, node: Node): NodeEvent[] {
  const { boot_device, persistent } = command.data;
  return started(command, node, { kind: 'set_boot_device', boot_device, persistent });
}

export function injectNmi(command: InjectNmi, node: Node): NodeEvent[] {
  return started(command, node, { kind: 'inject_nmi' });
}

export function setIndicatorState(command: SetIndicatorState, node: Node): NodeEvent[] {
  const { component, indicator, state } = command.data;
  return started(command, node, { kind: 'set_indicator_state', component, indicator, state });
}

/** Boot mode and secure boot are not changed under a running operation (Ironic's 409, its template unformatted). */
function ensureSettled(node: Node): void {
  if (BOOT_MODE_LOCKED_STATES.has(node.provision_state)) throw new ResourceConflictError(BOOT_MODE_TRANSITIONING);
}

export function setBootMode(command: SetBootMode, node: Node): NodeEvent[] {
  const { target } = command.data;
  if (!isBootMode(target)) {
    throw new InvalidParameterError(node.uuid, `Invalid boot mode ${pythonStr(target)} requested for node. Allowed boot modes are: ${BOOT_MODES.join(', ')}`);
  }
  ensureSettled(node);
  return started(command, node, { kind: 'set_boot_mode', target });
}

export function setSecureBoot(command: SetSecureBoot, node: Node): NodeEvent[] {
  const { target } = command.data;
  if (typeof target !== 'boolean') {
    // The stray parenthesis and the trailing space are Ironic's.
    throw new InvalidParameterError(node.uuid, `Invalid secure_boot ${pythonRepr(target)} requested for node. Allowed secure_boot states are: True, False) `);
  }
  ensureSettled(node);
  return started(command, node, { kind: 'set_secure_boot', target });
}

/** The console's interface is checked even when nothing changes; asking for what is already so does nothing. */
export function setConsoleMode(command: SetConsoleMode, node: Node): NodeEvent[] {
  if (node.console_interface === 'no-console') throw new InvalidParameterError(node.uuid, unsupportedText(node.driver, 'console'));
  const { enabled } = command.data;
  if (enabled === node.console_enabled) return [];
  return started(command, node, { kind: 'set_console', enabled });
}

/** A vendor method of the node's vendor interface, refused in Ironic's order: unknown method, HTTP method, lock, arguments. */
export function callVendorMethod(command: CallVendorMethod, node: Node): NodeEvent[] {
  const { method, http_method, args } = command.data;
  const refused = vendorCallRefusal(node.vendor_interface, method, http_method);
  if (refused) throw new InvalidParameterError(node.uuid, refused);
  ensureNotLocked(node);
  const missing = vendorArgumentRefusal(method, args);
  if (missing) throw new InvalidParameterError(node.uuid, missing);
  return started(command, node, { kind: 'vendor_method', method, http_method: http_method.toUpperCase(), args });
}

/** Records how the management call the node is locked for went, releasing the lock. */
export function recordManagementOutcome(command: RecordManagementOutcome, node: Node): NodeEvent[] {
  ensureNotLocked(node, command.meta.conductor);
  const action = node.management_action;
  if (!action) throw new InvalidStateError(node.uuid, node.provision_state, 'record management outcome');
  const meta = eventMeta(command);
  const { data } = command;
  if (data.outcome === 'failed') {
    const error = managementFailure(action, node.uuid, data.error);
    const last_error = asyncVendorFailure(action, node, error);
    return [{ type: 'ManagementActionFailed', data: { action, error, ...(last_error && { last_error }) }, meta }];
  }
  switch (action.kind) {
    case 'set_boot_device':
      return [{ type: 'BootDeviceSet', data: { boot_device: action.boot_device, persistent: action.persistent }, meta }];
    case 'inject_nmi':
      return [{ type: 'NmiInjected', data: {}, meta }];
    case 'set_indicator_state':
      return [{ type: 'IndicatorSet', data: { component: action.component, indicator: action.indicator, state: action.state }, meta }];
    case 'set_boot_mode':
      return [{ type: 'BootModeSet', data: { boot_mode: action.target }, meta }];
    case 'set_secure_boot':
      return [{ type: 'SecureBootSet', data: { secure_boot: action.target }, meta }];
    case 'set_console':
      // A null `enabled` never succeeds: the conductor reports its failure.
      if (action.enabled === null) throw new InvalidStateError(node.uuid, node.provision_state, 'set console mode None');
      return [{ type: 'ConsoleModeSet', data: { enabled: action.enabled }, meta }];
    case 'vendor_method':
      return [{ type: 'VendorMethodCalled', data: { method: action.method }, meta }];
    case 'tear_down_ramdisk':
      return [{ type: 'RamdiskTornDown', data: { of: action.of, power_state: data.power_state ?? null }, meta }];
    default:
      return assertNever(action);
  }
}

/**
 * What `last_error` says after an asynchronous vendor method failed: Ironic's conductor writes it
 * when its worker thread ends with an error, unless the node already has one.
 */
function asyncVendorFailure(action: ManagementAction, node: Node, error: string): string | undefined {
  if (action.kind !== 'vendor_method' || isSynchronousVendorMethod(node.vendor_interface, action.method) || node.last_error !== null) return undefined;
  return `Async execution of ${action.method} failed with error: ${error}`;
}

/**
 * The target RAID configuration: `{}` clears it whatever the RAID interface; anything else must
 * be valid for the node's RAID interface (`no-raid` has none: Ironic's 404).
 */
export function setTargetRaidConfig(command: SetTargetRaidConfig, node: Node): NodeEvent[] {
  ensureNotLocked(node);
  const config = command.data.target_raid_config;
  if (Object.keys(config).length > 0) {
    if (node.raid_interface === 'no-raid') throw new NotFoundError(unsupportedText(node.driver, 'raid'));
    const problem = raidConfigProblem(config, node.raid_interface);
    if (problem) throw new InvalidParameterError(node.uuid, problem);
  }
  return [{ type: 'TargetRaidConfigSet', data: { target_raid_config: config }, meta: eventMeta(command) }];
}

/** The settings read replace those kept: an event only when something differs. */
export function cacheBiosSettings(command: CacheBiosSettings, node: Node): NodeEvent[] {
  ensureNotLocked(node, command.meta.conductor);
  const kept = new Map(node.bios_settings.map((setting) => [setting.name, setting]));
  const read = new Map(command.data.settings.map((setting) => [setting.name, setting]));
  const set = [...read.values()].filter((setting) => {
    const old = kept.get(setting.name);
    return !old || !sameSetting(old, setting);
  });
  const removed = [...kept.keys()].filter((name) => !read.has(name));
  if (set.length === 0 && removed.length === 0) return [];
  return [{ type: 'BiosSettingsCached', data: { set, removed }, meta: eventMeta(command) }];
}

function sameSetting(kept: BiosSetting, read: BiosSettingValue): boolean {
  const [a, b] = [kept as unknown as Record<string, unknown>, read as unknown as Record<string, unknown>];
  const fields = new Set([...Object.keys(a), ...Object.keys(b)].filter((key) => key !== 'created_at' && key !== 'updated_at'));
  return [...fields].every((key) => JSON.stringify(a[key]) === JSON.stringify(b[key]));
}

export function cacheBootMode(command: CacheBootMode, node: Node): NodeEvent[] {
  ensureNotLocked(node, command.meta.conductor);
  const { boot_mode, secure_boot } = command.data;
  if (node.boot_mode === boot_mode && node.secure_boot === secure_boot) return [];
  return [{ type: 'BootModeCached', data: { boot_mode, secure_boot }, meta: eventMeta(command) }];
}
