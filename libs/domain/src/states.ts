/**
 * Provision and power states of a bare-metal node, the verbs the REST API accepts, and the
 * state sets the rest of the system consults. Only constants live here; the transitions
 * between states are in `machine.ts`.
 */

/** Every provision state a node can be in. */
export const PROVISION_STATES = [
  /** Known to ironledger but not managed: credentials have not been verified. New nodes start here. */
  'enroll',
  /** Power credentials are being verified by reading the power state through the driver. */
  'verifying',
  /** Verified at least once; not available for scheduling until provided. */
  'manageable',
  /** Ready to be scheduled and deployed. Replaces the pre-Kilo NOSTATE. */
  'available',
  /** Deployed and associated with an instance. */
  'active',
  /** Being deployed, or about to receive its deploy request. */
  'deploying',
  /** Waiting for the deploy ramdisk to call back. */
  'wait call-back',
  /** Deployment failed. */
  'deploy failed',
  /** Being torn down. */
  'deleting',
  /** Being cleaned (automated cleaning before `available`, or manual cleaning from `manageable`). */
  'cleaning',
  /** Waiting for a clean step to finish out of band. */
  'clean wait',
  /** Cleaning failed; needs an operator. */
  'clean failed',
  /** Processing failed (for instance tear-down); `last_error` says why. */
  'error',
  /** Hardware is being inspected. */
  'inspecting',
  /** Inspection failed. */
  'inspect failed',
  /** Waiting for asynchronous inspection (a ramdisk) to report. */
  'inspect wait',
  /** A node deployed by other means is being taken over as `active`. */
  'adopting',
  /** Adoption failed, typically because of invalid or incompatible node information. */
  'adopt failed',
  /** In rescue mode. */
  'rescue',
  /** Being put into rescue mode. */
  'rescuing',
  /** Waiting for the rescue ramdisk to call back. */
  'rescue wait',
  /** Rescue failed. */
  'rescue failed',
  /** Leaving rescue mode, back to `active`. */
  'unrescuing',
  /** Leaving rescue mode failed. */
  'unrescue failed',
] as const;
export type ProvisionState = (typeof PROVISION_STATES)[number];

/** States that change only on request. Entering one clears `target_provision_state`. */
export const STABLE_STATES: readonly ProvisionState[] = ['enroll', 'manageable', 'available', 'active', 'error', 'rescue'];

/** States that can change without an external request. */
export const UNSTABLE_STATES: readonly ProvisionState[] = [
  'deploying', 'wait call-back', 'cleaning', 'clean wait', 'verifying', 'deleting',
  'inspecting', 'inspect wait', 'adopting', 'rescuing', 'rescue wait', 'unrescuing',
];

/**
 * Transient states in which a node may still be updated. `inspecting` stays for backwards
 * compatibility (API 1.39 and later refuse updates in it).
 */
export const UPDATE_ALLOWED_STATES: readonly ProvisionState[] = [
  'deploy failed', 'inspecting', 'inspect failed', 'inspect wait', 'clean failed', 'error',
  'verifying', 'adopt failed', 'rescue failed', 'unrescue failed',
];

/**
 * States in which a node may be deleted (outside maintenance). `available` is added unless the
 * conductor's ALLOW_DELETING_AVAILABLE_NODES (Ironic's `[conductor] allow_deleting_available_nodes`,
 * true by default) is false.
 */
export const DELETE_ALLOWED_STATES: readonly ProvisionState[] = ['manageable', 'enroll', 'adopt failed'];

/**
 * States in which a node's hardware interfaces may change (in any state in maintenance), and a
 * resource class once set (not even in maintenance): the node is not scheduled or deployed.
 * `inspecting` stays for older clients (API 1.39 and later refuse any update in it).
 */
export const INTERFACE_UPDATE_STATES: readonly ProvisionState[] = ['enroll', 'inspecting', 'inspect wait', 'manageable', 'available'];

/**
 * States in which a conductor is doing work that cannot be resumed if it dies; a node left
 * in one of them by a dead conductor is moved to the failure state (the `fail` event).
 * Exactly these states hold a conductor reservation while the node is in them.
 */
export const STUCK_STATES_TREATED_AS_FAIL: readonly ProvisionState[] = [
  'deploying', 'cleaning', 'verifying', 'inspecting', 'adopting', 'rescuing', 'unrescuing', 'deleting',
];

/** States in which a booted ramdisk may look its node up through the API. */
export const LOOKUP_ALLOWED_STATES: ReadonlySet<ProvisionState> = new Set<ProvisionState>([
  'deploying', 'wait call-back', 'cleaning', 'clean wait', 'inspecting', 'inspect wait', 'rescuing', 'rescue wait',
]);

/**
 * States power sync leaves alone (Ironic's `SYNC_EXCLUDED_STATES`): an enrolled node has no
 * verified credentials, a failed adoption may have wrong ones, and while a ramdisk deploys or
 * cleans the node it may change power itself.
 */
export const POWER_SYNC_EXCLUDED_STATES: ReadonlySet<ProvisionState> = new Set<ProvisionState>(['wait call-back', 'clean wait', 'enroll', 'adopt failed']);

/** States in which a ramdisk's inventory may be processed (the inspector's rule). */
export const INTROSPECTION_PROCESSING_STATES: readonly ProvisionState[] = ['inspecting', 'inspect wait'];

/**
 * The state a transient state is heading for: shown as `target_provision_state` while the
 * node is in it (unless the operation chose another target, as manual cleaning does).
 */
export const TARGET_STATES: Readonly<Partial<Record<ProvisionState, ProvisionState>>> = {
  verifying: 'manageable',
  deploying: 'active',
  'wait call-back': 'active',
  'deploy failed': 'active',
  cleaning: 'available',
  'clean wait': 'available',
  'clean failed': 'available',
  deleting: 'available',
  inspecting: 'manageable',
  'inspect failed': 'manageable',
  'inspect wait': 'manageable',
  adopting: 'active',
  'adopt failed': 'active',
  rescuing: 'rescue',
  'rescue wait': 'rescue',
  'rescue failed': 'rescue',
  unrescuing: 'active',
  'unrescue failed': 'active',
};

/** Events of the provision state machine. */
export const MACHINE_EVENTS = [
  'deploy', 'rebuild', 'delete', 'manage', 'provide', 'inspect', 'abort', 'clean', 'adopt',
  'rescue', 'unrescue', 'done', 'fail', 'wait', 'resume',
] as const;
export type MachineEvent = (typeof MACHINE_EVENTS)[number];

/**
 * What `PUT /v1/nodes/{id}/states/provision {"target": …}` accepts, mapped to the machine
 * event it fires. `deploy`/`undeploy` are the later aliases of `active`/`deleted`.
 */
export const VERBS = {
  active: 'deploy',
  deploy: 'deploy',
  rebuild: 'rebuild',
  deleted: 'delete',
  undeploy: 'delete',
  manage: 'manage',
  provide: 'provide',
  inspect: 'inspect',
  abort: 'abort',
  clean: 'clean',
  adopt: 'adopt',
  rescue: 'rescue',
  unrescue: 'unrescue',
} as const satisfies Record<string, MachineEvent>;
export type ProvisionVerb = keyof typeof VERBS;

export function isProvisionVerb(target: string): target is ProvisionVerb {
  return Object.hasOwn(VERBS, target);
}

/** Power states a node can be in (`null` when unknown). */
export const POWER_STATES = ['power on', 'power off'] as const;
export type PowerState = (typeof POWER_STATES)[number];

/** Power targets an operator can ask for. */
export const POWER_TARGETS = [
  'power on',
  'power off',
  /** Hard reboot; the node ends `power on`. */
  'rebooting',
  /** Graceful reboot through the operating system; the node ends `power on`. */
  'soft rebooting',
  /** Graceful shutdown through the operating system; the node ends `power off`. */
  'soft power off',
] as const;
export type PowerTarget = (typeof POWER_TARGETS)[number];

/** The power state each power target ends in; shown as `target_power_state` meanwhile. */
export const POWER_TARGET_RESULT: Readonly<Record<PowerTarget, PowerState>> = {
  'power on': 'power on',
  'power off': 'power off',
  rebooting: 'power on',
  'soft rebooting': 'power on',
  'soft power off': 'power off',
};

export function isPowerTarget(target: string): target is PowerTarget {
  return (POWER_TARGETS as readonly string[]).includes(target);
}

/** Allocation states (allocations reuse `active` and `error`). */
export const ALLOCATION_STATES = ['allocating', 'active', 'error'] as const;
export type AllocationState = (typeof ALLOCATION_STATES)[number];

/** The fault recorded when power-sync gives up on a node's BMC. */
export const POWER_FAILURE_FAULT = 'power failure';
