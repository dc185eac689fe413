import { type MachineEvent, type ProvisionState, STABLE_STATES, TARGET_STATES } from './states.js';

/** Who fires a transition: an operator through the API, or a conductor as the outcome of its work. */
export type FiredBy = 'operator' | 'conductor';

export interface Transition {
  readonly from: ProvisionState;
  readonly event: MachineEvent;
  readonly to: ProvisionState;
  readonly by: FiredBy;
}

const t = (from: ProvisionState, event: MachineEvent, to: ProvisionState, by: FiredBy): Transition => ({ from, event, to, by });

/**
 * The provision state machine as data: every allowed `(from, event) → to`, and who fires it.
 * The decider, the state diagram (`docs/states.svg`) and the API docs all derive from this
 * one table. Operators fire events through API verbs; conductors through their work's outcome.
 */
export const TRANSITIONS: readonly Transition[] = [
  // --- enroll and verification
  t('enroll', 'manage', 'verifying', 'operator'), // manage; the conductor starts reading power state to check credentials
  t('verifying', 'done', 'manageable', 'conductor'), // the BMC answered with these credentials
  t('verifying', 'fail', 'enroll', 'conductor'), // credentials did not work; back to enroll with last_error

  // --- manageable, available and cleaning
  t('manageable', 'provide', 'cleaning', 'operator'), // provide; automated cleaning runs before the node is available
  t('manageable', 'clean', 'cleaning', 'operator'), // clean with clean_steps (manual cleaning, back to manageable)
  t('cleaning', 'done', 'available', 'conductor'), // automated cleaning finished (or is disabled)
  t('cleaning', 'manage', 'manageable', 'conductor'), // manual cleaning finished
  t('cleaning', 'fail', 'clean failed', 'conductor'), // a clean step failed
  t('cleaning', 'wait', 'clean wait', 'conductor'), // a clean step continues out of band (ramdisk)
  t('clean wait', 'resume', 'cleaning', 'conductor'), // the ramdisk called back; next clean step
  t('clean wait', 'fail', 'clean failed', 'conductor'), // the clean step timed out or reported failure
  t('clean wait', 'abort', 'clean failed', 'operator'), // abort while waiting for a clean step
  t('clean failed', 'manage', 'manageable', 'operator'), // manage, to fix the node or clean it again
  t('available', 'manage', 'manageable', 'operator'), // manage, taking the node out of scheduling

  // --- deployment
  t('available', 'deploy', 'deploying', 'operator'), // active/deploy
  t('deploying', 'done', 'active', 'conductor'), // the last deploy step finished
  t('deploying', 'fail', 'deploy failed', 'conductor'), // a deploy step failed
  t('deploying', 'wait', 'wait call-back', 'conductor'), // the deploy ramdisk must call back
  t('wait call-back', 'resume', 'deploying', 'conductor'), // the ramdisk called back (callback endpoint)
  t('wait call-back', 'fail', 'deploy failed', 'conductor'), // the callback timed out or reported failure
  t('wait call-back', 'delete', 'deleting', 'operator'), // deleted/undeploy while waiting for the callback
  t('deploy failed', 'rebuild', 'deploying', 'operator'), // rebuild, retrying the failed deployment
  t('deploy failed', 'deploy', 'deploying', 'operator'), // active (Juno clients retry with active)
  t('deploy failed', 'delete', 'deleting', 'operator'), // deleted/undeploy the failed deployment
  t('active', 'rebuild', 'deploying', 'operator'), // rebuild, re-deploying the instance
  t('active', 'delete', 'deleting', 'operator'), // deleted/undeploy, tearing the instance down

  // --- tear-down and error
  t('deleting', 'clean', 'cleaning', 'conductor'), // tear-down finished; automated cleaning follows
  t('deleting', 'fail', 'error', 'conductor'), // tear-down failed
  t('error', 'rebuild', 'deploying', 'operator'), // rebuild the errored instance
  t('error', 'delete', 'deleting', 'operator'), // deleted/undeploy the errored instance

  // --- inspection
  t('manageable', 'inspect', 'inspecting', 'operator'), // inspect
  t('inspecting', 'done', 'manageable', 'conductor'), // synchronous inspection finished
  t('inspecting', 'fail', 'inspect failed', 'conductor'), // inspection failed
  t('inspecting', 'wait', 'inspect wait', 'conductor'), // an inspection ramdisk will report asynchronously
  t('inspect wait', 'done', 'manageable', 'conductor'), // the ramdisk's inventory was processed
  t('inspect wait', 'fail', 'inspect failed', 'conductor'), // introspection timed out or processing failed
  t('inspect wait', 'abort', 'inspect failed', 'operator'), // abort the running introspection
  t('inspect failed', 'manage', 'manageable', 'operator'), // manage, for any other action
  t('inspect failed', 'inspect', 'inspecting', 'operator'), // inspect again

  // --- rescue
  t('active', 'rescue', 'rescuing', 'operator'), // rescue
  t('rescuing', 'done', 'rescue', 'conductor'), // the rescue ramdisk is up
  t('rescuing', 'wait', 'rescue wait', 'conductor'), // the rescue ramdisk must call back
  t('rescuing', 'fail', 'rescue failed', 'conductor'), // rescue failed
  t('rescue wait', 'resume', 'rescuing', 'conductor'), // the rescue ramdisk called back
  t('rescue wait', 'fail', 'rescue failed', 'conductor'), // the callback timed out
  t('rescue wait', 'abort', 'rescue failed', 'operator'), // abort while waiting for the rescue ramdisk
  t('rescue wait', 'delete', 'deleting', 'operator'), // deleted/undeploy while waiting
  t('rescue', 'rescue', 'rescuing', 'operator'), // rescue again
  t('rescue', 'unrescue', 'unrescuing', 'operator'), // unrescue
  t('rescue', 'delete', 'deleting', 'operator'), // deleted/undeploy a rescued node
  t('rescue failed', 'rescue', 'rescuing', 'operator'), // retry the rescue
  t('rescue failed', 'unrescue', 'unrescuing', 'operator'), // give up and unrescue
  t('rescue failed', 'delete', 'deleting', 'operator'), // deleted/undeploy
  t('unrescuing', 'done', 'active', 'conductor'), // the instance is back
  t('unrescuing', 'fail', 'unrescue failed', 'conductor'), // unrescue failed
  t('unrescue failed', 'rescue', 'rescuing', 'operator'), // rescue again
  t('unrescue failed', 'unrescue', 'unrescuing', 'operator'), // retry the unrescue
  t('unrescue failed', 'delete', 'deleting', 'operator'), // deleted/undeploy

  // --- adoption
  t('manageable', 'adopt', 'adopting', 'operator'), // adopt a node deployed by other means
  t('adopting', 'done', 'active', 'conductor'), // boot information validated; the node is taken over
  t('adopting', 'fail', 'adopt failed', 'conductor'), // validation failed
  t('adopt failed', 'adopt', 'adopting', 'operator'), // adopt again after fixing the node
  t('adopt failed', 'manage', 'manageable', 'operator'), // manage, giving up on adoption
];

const byFromAndEvent = new Map(TRANSITIONS.map((tr) => [`${tr.from}\u0000${tr.event}`, tr]));
const stable = new Set(STABLE_STATES);

/** The transition `event` fires from `from`, or `undefined` when the machine does not allow it. */
export function transition(from: ProvisionState, event: MachineEvent): Transition | undefined {
  return byFromAndEvent.get(`${from}\u0000${event}`);
}

/** The state `event` leads to from `from`, or `undefined` when the machine does not allow it. */
export function nextState(from: ProvisionState, event: MachineEvent): ProvisionState | undefined {
  return transition(from, event)?.to;
}

export function isStable(state: ProvisionState): boolean {
  return stable.has(state);
}

/** States entered by `wait`: the work continues out of band, and fails when no callback comes in time. */
export const WAITING_STATES: ReadonlySet<ProvisionState> = new Set(TRANSITIONS.filter((tr) => tr.event === 'wait').map((tr) => tr.to));

/** States left by `resume`: a ramdisk's heartbeat moves their work on. */
export const RESUMABLE_STATES: ReadonlySet<ProvisionState> = new Set(TRANSITIONS.filter((tr) => tr.event === 'resume').map((tr) => tr.from));

/** The events with which conductor work reports something other than success. */
const NON_SUCCESS_EVENTS: ReadonlySet<MachineEvent> = new Set(['fail', 'wait', 'resume']);

/** States from which conductor work may go on out of band (`wait` fires from them). */
export const WAIT_CAPABLE_STATES: ReadonlySet<ProvisionState> = new Set(TRANSITIONS.filter((tr) => tr.event === 'wait').map((tr) => tr.from));

/**
 * The states of one kind of work: those it starts in, and those its conductor moves it to short
 * of finishing (`wait`, `resume`, `fail`), so its waits and failures count as that work too.
 */
function workStates(...starts: ProvisionState[]): ReadonlySet<ProvisionState> {
  const states = new Set(starts);
  // A Set's iteration visits members added while it runs: this walks to the closure.
  for (const state of states) for (const tr of TRANSITIONS) if (tr.from === state && NON_SUCCESS_EVENTS.has(tr.event)) states.add(tr.to);
  return states;
}

/** Cleaning, waiting for a clean step, or failed at one. */
export const CLEANING_STATES = workStates('cleaning');

/** Inspecting, waiting for the inspection ramdisk, or failed inspecting. */
export const INSPECTION_STATES = workStates('inspecting');

/** Adopting, or failed adopting. */
export const ADOPTION_STATES = workStates('adopting');

/** Ironic's `RESCUE_LIKE_STATES`: rescuing or unrescuing, waiting or failed at it; the rescue ramdisk is the one that runs in them. */
export const RESCUE_LIKE_STATES = workStates('rescuing', 'unrescuing');

/**
 * The event a conductor fires when its work in `state` succeeded: its one success edge out of
 * the state, or, where there are several (cleaning ends in `available` or back in `manageable`),
 * the edge leading to the operation's `target`.
 */
export function successEvent(state: ProvisionState, target: ProvisionState | null): MachineEvent | undefined {
  const edges = TRANSITIONS.filter((tr) => tr.from === state && tr.by === 'conductor' && !NON_SUCCESS_EVENTS.has(tr.event));
  return (edges.length === 1 ? edges[0] : edges.find((tr) => tr.to === target))?.event;
}

/**
 * `target_provision_state` after moving into `to`: none in a stable state; otherwise the
 * operation's own target when it chose one (manual cleaning heads for `manageable`, and keeps
 * that target through `clean wait` and `clean failed`), else the state's declared target.
 */
export function targetAfter(to: ProvisionState, chosenTarget: ProvisionState | null = null): ProvisionState | null {
  if (isStable(to)) return null;
  return chosenTarget ?? TARGET_STATES[to] ?? null;
}
