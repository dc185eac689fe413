import { type NodeEvent } from './events.js';
import { isAsynchronous, type ManagementAction } from './management.js';
import { type Json, type Node } from './node.js';
import { type PowerTarget, type ProvisionState } from './states.js';
import { assertNever } from './assert-never.js';

/** Whether provisioning work starts now or continues after a ramdisk's callback. */
export type Phase = 'start' | 'resumed';

/**
 * The driver work a committed transition leaves to the conductor holding the node: computed
 * from the node and the events just appended, never run here (compute, persist, then act).
 * How it went is recorded as commands the work returns, its outcome (`Record…Outcome`) last,
 * after what it found on the way: the boot mode and BIOS settings it read (`CacheBootMode`,
 * `CacheBiosSettings`), the introspection an inspection through a ramdisk began (`StartIntrospection`).
 */
export type Work =
  | { readonly kind: 'power'; readonly target: PowerTarget; readonly timeoutSeconds: number | null }
  /** Read the power state through the driver: proves the BMC credentials work. */
  | { readonly kind: 'verify' }
  /** Manual cleaning runs the operator's steps; automated cleaning (`steps: null`) the driver's own. */
  | { readonly kind: 'clean'; readonly manual: boolean; readonly steps: Json[] | null; readonly phase: Phase }
  | { readonly kind: 'deploy'; readonly phase: Phase }
  | { readonly kind: 'tear-down' }
  | { readonly kind: 'inspect'; readonly phase: Phase }
  | { readonly kind: 'adopt' }
  | { readonly kind: 'rescue'; readonly phase: Phase }
  | { readonly kind: 'unrescue' }
  /** An asynchronous management call (boot mode, secure boot, console) the node is locked for. */
  | { readonly kind: 'management'; readonly action: ManagementAction };

export type WorkKind = Work['kind'];

/** The provisioning work behind each state in which a conductor works (`STUCK_STATES_TREATED_AS_FAIL`). */
export const WORK_OF_STATE: Readonly<Partial<Record<ProvisionState, Exclude<WorkKind, 'power' | 'management'>>>> = {
  verifying: 'verify',
  cleaning: 'clean',
  deploying: 'deploy',
  deleting: 'tear-down',
  inspecting: 'inspect',
  adopting: 'adopt',
  rescuing: 'rescue',
  unrescuing: 'unrescue',
};

/**
 * The work `node` calls for after `events` were appended to it, or `null` when none: a power
 * action or an asynchronous management call under way comes first (it holds the node's lock),
 * then the work of the provision state. Synchronous management calls are no work: the conductor
 * makes them while the client waits.
 */
export function workAfter(node: Node, events: readonly NodeEvent[]): Work | null {
  if (node.target_power_state !== null) {
    const started = events.find((event) => event.type === 'PowerActionStarted');
    return { kind: 'power', target: started?.data.requested ?? node.target_power_state, timeoutSeconds: started?.data.timeout ?? null };
  }
  if (node.management_action) return isAsynchronous(node.management_action) ? { kind: 'management', action: node.management_action } : null;
  const phase: Phase = events.some((event) => event.type === 'ProvisionStateChanged' && event.data.event === 'resume') ? 'resumed' : 'start';
  const kind = WORK_OF_STATE[node.provision_state];
  switch (kind) {
    case undefined:
      return null;
    case 'clean': {
      const manual = node.target_provision_state === 'manageable';
      return { kind, manual, steps: manual ? node.clean_steps : null, phase };
    }
    case 'deploy':
    case 'inspect':
    case 'rescue':
      return { kind, phase };
    case 'verify':
    case 'tear-down':
    case 'adopt':
    case 'unrescue':
      return { kind };
    default:
      return assertNever(kind, 'work');
  }
}
