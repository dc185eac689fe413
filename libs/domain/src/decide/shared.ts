/** What every command family's decisions share: the provision move, the node's lock, event metadata. */
import { auditMeta, type CommandMeta, type NodeCommand } from '../commands.js';
import { NodeLockedError } from '../errors.js';
import { type EventMeta, type ProvisionStateChanged } from '../events.js';
import { type FiredBy, targetAfter, transition } from '../machine.js';
import { type Node, type NodeFields, UPDATABLE_FIELDS } from '../node.js';
import { type MachineEvent, type ProvisionState, STUCK_STATES_TREATED_AS_FAIL, TARGET_STATES } from '../states.js';

/** States whose work a conductor runs while holding the node. */
export const WORKING_STATES: ReadonlySet<ProvisionState> = new Set(STUCK_STATES_TREATED_AS_FAIL);

/** The provision state machine's move from the node's state into `to` by `event`. */
export function moved(
  command: NodeCommand,
  node: Node,
  event: MachineEvent,
  to: ProvisionState,
  how: { verb: string | null; chosenTarget: ProvisionState | null; last_error: string | null } & Pick<ProvisionStateChanged['data'], 'clean_steps' | 'disable_ramdisk' | 'deploy_steps' | 'configdrive' | 'rescue_password'>,
): ProvisionStateChanged {
  const { verb, chosenTarget, ...rest } = how;
  return {
    type: 'ProvisionStateChanged',
    data: {
      from: node.provision_state,
      to,
      event,
      verb,
      target: targetAfter(to, chosenTarget),
      reservation: WORKING_STATES.has(to) ? workingConductor(command.meta) : null,
      ...rest,
    },
    meta: eventMeta(command),
  };
}

/** Where `event` leads from `from` when `by` may fire it. */
export function firedBy(by: FiredBy, from: ProvisionState, event: MachineEvent): ProvisionState | undefined {
  const tr = transition(from, event);
  return tr?.by === by ? tr.to : undefined;
}

/** A target the running operation chose over its state's default, kept until it settles. */
export function carriedTarget(node: Node): ProvisionState | null {
  const declared = TARGET_STATES[node.provision_state] ?? null;
  return node.target_provision_state !== declared ? node.target_provision_state : null;
}

/** Refuses when another conductor holds the node (`self`, the caller's own conductor, may). */
export function ensureNotLocked(node: Node, self?: string): void {
  if (node.reservation !== null && node.reservation !== self) throw new NodeLockedError(node.uuid, node.reservation);
}

/**
 * The conductor that takes the node for the work a command starts. A command judged without one
 * (the API's trial decision, before any conductor has it) reserves the node to nobody yet.
 */
export function workingConductor(meta: CommandMeta): string | null {
  return meta.conductor ?? null;
}

export function eventMeta(command: NodeCommand): EventMeta {
  return { nodeId: command.nodeId, ...auditMeta(command.meta) };
}

const updatable = new Set<string>(UPDATABLE_FIELDS);

/** The operator-owned fields among `fields`, without undefined ones. */
export function pickFields<T extends Partial<Record<keyof NodeFields, unknown>>>(fields: T): Partial<T> {
  return Object.fromEntries(Object.entries(fields).filter(([key, value]) => updatable.has(key) && value !== undefined)) as Partial<T>;
}

/** The entries of `changes` that differ from `current` (compared as JSON), without undefined ones. */
export function changedEntries<T extends object>(current: T, changes: Partial<T>): Partial<T> {
  return Object.fromEntries(
    Object.entries(changes).filter(([key, value]) => value !== undefined && JSON.stringify(current[key as keyof T]) !== JSON.stringify(value)),
  ) as Partial<T>;
}
