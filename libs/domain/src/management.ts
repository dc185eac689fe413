/**
 * The management calls a conductor makes on a node's hardware while holding its lock: boot
 * device, NMI and indicators answer at once (synchronous), boot mode, secure boot and the console
 * are answered with 202 and done afterwards (asynchronous, as Ironic's conductor does them in a
 * worker), their outcome recorded in `last_error` when they fail.
 */
import { type ProvisionState, UNSTABLE_STATES } from './states.js';
import { assertNever } from './assert-never.js';
import { type JsonObject } from './node.js';

/** A management call the node's lock is held for, with its arguments. */
export type ManagementAction =
  | { readonly kind: 'set_boot_device'; readonly boot_device: string; readonly persistent: boolean }
  | { readonly kind: 'inject_nmi' }
  | { readonly kind: 'set_indicator_state'; readonly component: string; readonly indicator: string; readonly state: string }
  | { readonly kind: 'set_boot_mode'; readonly target: BootMode }
  | { readonly kind: 'set_secure_boot'; readonly target: boolean }
  /** `enabled: null` is Ironic's quirk: accepted with 202, then failing in the worker. */
  | { readonly kind: 'set_console'; readonly enabled: boolean | null }
  /** A vendor method (`…/vendor_passthru/{method}`) with the request's body as its arguments. */
  | { readonly kind: 'vendor_method'; readonly method: string; readonly http_method: string; readonly args: JsonObject }
  /**
   * After a wait for the ramdisk ended by abort or timeout: its media ejected, and the host
   * powered off when `power_off` (Ironic's `tear_down_cleaning`, rescue `clean_up`, deploy `clean_up`).
   */
  | { readonly kind: 'tear_down_ramdisk'; readonly of: RamdiskRun; readonly power_off: boolean };

/** What a ramdisk was booted for. */
export type RamdiskRun = 'clean' | 'deploy' | 'rescue';

export type ManagementActionKind = ManagementAction['kind'];

/** The calls answered with 202 and carried out afterwards by the conductor's work. */
const ASYNCHRONOUS: ReadonlySet<ManagementActionKind> = new Set<ManagementActionKind>(['set_boot_mode', 'set_secure_boot', 'set_console', 'tear_down_ramdisk', 'vendor_method']);

export function isAsynchronous(action: ManagementAction): boolean {
  return ASYNCHRONOUS.has(action.kind);
}

/**
 * Whether starting `action` clears `last_error`, as Ironic does before answering 202; a tear-down
 * keeps the error that ended the wait, and Ironic's vendor passthru leaves `last_error` alone.
 */
export function clearsLastError(action: ManagementAction): boolean {
  return isAsynchronous(action) && action.kind !== 'tear_down_ramdisk' && action.kind !== 'vendor_method';
}

/** Whether a failure of `action` shows in `last_error` as it is: an asynchronous call's does; a vendor method's says so itself (`ManagementActionFailed`'s `last_error`). */
export function failureInLastError(action: ManagementAction): boolean {
  return isAsynchronous(action) && action.kind !== 'vendor_method';
}

/** Ironic's boot modes (`ironic.common.boot_modes`). */
export const BOOT_MODES = ['bios', 'uefi'] as const;
export type BootMode = (typeof BOOT_MODES)[number];

export function isBootMode(value: unknown): value is BootMode {
  return typeof value === 'string' && (BOOT_MODES as readonly string[]).includes(value);
}

/** States in which boot mode and secure boot are not changed (Ironic's `UNSTABLE_STATES`). */
export const BOOT_MODE_LOCKED_STATES: ReadonlySet<ProvisionState> = new Set(UNSTABLE_STATES);

/** Ironic's words for a driver interface or method a node's driver lacks. */
export const unsupportedText = (driver: string, extension: string): string => `Driver ${driver} does not support ${extension} (disabled or not implemented).`;

/**
 * Ironic's 409 for boot mode and secure boot in a transient state. The placeholder is sent as
 * it is: Ironic never formats this message.
 */
export const BOOT_MODE_TRANSITIONING =
  'Node is in %(state)s state. Since node is transitioning, the boot mode will not be set as this may interfere with ongoing changes and result in erroneous modification. Try again later.';

const pythonBool = (value: boolean) => (value ? 'True' : 'False');

/** What `last_error` (for an asynchronous call) or the API's 500 (for a synchronous one) says when `action` failed with `error`. */
export function managementFailure(action: ManagementAction, nodeId: string, error: string): string {
  switch (action.kind) {
    case 'set_boot_mode':
      // The unbalanced quote is Ironic's.
      return `Failed to change boot mode to '${action.target}: ${error}`;
    case 'set_secure_boot':
      return `Failed to change secure_boot state to '${pythonBool(action.target)}': ${error}`;
    case 'set_console':
      if (action.enabled === null) return `Async execution of _set_console_mode failed with error: ${error}`;
      return `Error ${action.enabled ? 'enabling' : 'disabling'} the console on node ${nodeId}. Reason: ${error}`;
    case 'tear_down_ramdisk':
      return `${RAMDISK_RUN_TEARDOWN[action.of]} failed: ${error}`;
    case 'set_boot_device':
    case 'inject_nmi':
    case 'set_indicator_state':
    case 'vendor_method':
      return error;
    default:
      return assertNever(action, 'management action');
  }
}

/** The call in words, for history and recovery messages. */
export function describeAction(action: ManagementAction): string {
  switch (action.kind) {
    case 'set_boot_device':
      return `setting the boot device to ${action.boot_device}${action.persistent ? ' (persistent)' : ''}`;
    case 'inject_nmi':
      return 'injecting an NMI';
    case 'set_indicator_state':
      return `setting indicator ${action.indicator}@${action.component} ${action.state}`;
    case 'set_boot_mode':
      return `setting the boot mode to ${action.target}`;
    case 'set_secure_boot':
      return `turning secure boot ${action.target ? 'on' : 'off'}`;
    case 'set_console':
      return `${action.enabled ? 'enabling' : 'disabling'} the console`;
    case 'tear_down_ramdisk':
      return RAMDISK_RUN_TEARDOWN[action.of].toLowerCase();
    case 'vendor_method':
      return `calling vendor method ${action.method}`;
    default:
      return assertNever(action, 'management action');
  }
}

/** Ironic's names for tearing each ramdisk run down. */
const RAMDISK_RUN_TEARDOWN: Readonly<Record<RamdiskRun, string>> = { clean: 'Tearing down cleaning', deploy: 'Cleaning up the deployment', rescue: 'Cleaning up rescue' };
