/**
 * What a conductor's watchdog does about one node on a sweep, decided from the node and the facts
 * of the moment (the time, who is alive, what this conductor works on) without doing it: the
 * conductor sends the command, or takes the node's work up again. Pure, but it compares instants,
 * which the domain never does: so it lives here.
 */
import {
  callbackTimeoutError,
  type CommandMeta,
  type ExpireIntrospection,
  INTROSPECTION_DONE_STATES,
  introspectionActive,
  type Node,
  type RecordProvisionOutcome,
  type RecoverNode,
  WAITING_STATES,
} from '@ironledger/domain';

/** How a timed-out introspection fails (the inspector's words). */
export const INTROSPECTION_TIMEOUT_ERROR = 'Introspection timeout';

/** A node this conductor holds without working on it is an orphan once it has been still this long (a commit's work starts within milliseconds). */
export const ORPHAN_GRACE_MS = 5000;

/** The watchdog's settings and what it knows of the fleet's conductors on a sweep. */
export interface WatchdogFacts {
  readonly conductorId: string;
  /** The conductors alive now (this one among them): a node held by any other is recovered. */
  readonly alive: ReadonlySet<string>;
  /**
   * Whether the node is this conductor's to look after (the hash ring gives it to this one, or to
   * no live conductor at all); absent: every node is. Nodes this conductor holds are its own
   * whatever the ring says: it finishes what it started.
   */
  readonly owns?: (node: Node) => boolean;
  /** Whether this conductor runs work for a node now; absent when it runs none of its own (no orphans are looked for). */
  readonly workingOn?: (nodeId: string) => boolean;
  readonly callbackTimeoutS: number;
  /** An introspection still waiting for its inventory this long after it started fails (0 or absent: never). */
  readonly introspectionTimeoutS?: number;
  /** Finished introspection records older than this are dropped (0 or absent: kept forever). */
  readonly nodeStatusKeepTimeS?: number;
  /** The metadata of the commands the sweep sends. */
  readonly meta: CommandMeta;
}

/** The watchdog's choice for a node: a command to send, or this conductor's work on it to take up again. */
export type WatchdogAction = { readonly kind: 'send'; readonly command: RecoverNode | RecordProvisionOutcome | ExpireIntrospection } | { readonly kind: 'resume' };

/**
 * The watchdog's choice for `node` at `now` (ms since the epoch), `null` when there is nothing to
 * do, first match winning: a node neither this conductor's (`owns`) nor held by it is left to its
 * owner; a node a dead conductor held is recovered; one this conductor holds but
 * has been still on for `ORPHAN_GRACE_MS` without work is resumed; an introspection past the
 * inspector's timeout, then a wait past the callback timeout, fails; a finished introspection
 * record past its retention is dropped.
 */
export function watchdogAction(node: Node, now: number, facts: WatchdogFacts): WatchdogAction | null {
  const { meta } = facts;
  if (facts.owns && node.reservation !== facts.conductorId && !facts.owns(node)) return null;
  if (node.reservation !== null && !facts.alive.has(node.reservation)) {
    return send({ type: 'RecoverNode', nodeId: node.uuid, data: { deadConductor: node.reservation }, meta });
  }
  if (node.reservation === facts.conductorId && facts.workingOn && !facts.workingOn(node.uuid) && now - Date.parse(node.updated_at ?? node.created_at) > ORPHAN_GRACE_MS) {
    return { kind: 'resume' };
  }
  // The inspector's timeout, counted from the introspection's start. The conductor's callback
  // timeout below applies to inspect wait too: whichever comes first fails it.
  if (node.provision_state === 'inspect wait' && introspectionActive(node.introspection) && expired(node.introspection.started_at, facts.introspectionTimeoutS ?? 0, now)) {
    return send({ type: 'RecordProvisionOutcome', nodeId: node.uuid, data: { outcome: 'failed', error: INTROSPECTION_TIMEOUT_ERROR }, meta });
  }
  if (WAITING_STATES.has(node.provision_state) && now - Date.parse(node.provision_updated_at ?? node.created_at) > facts.callbackTimeoutS * 1000) {
    return send({ type: 'RecordProvisionOutcome', nodeId: node.uuid, data: { outcome: 'failed', error: callbackTimeoutError(node) }, meta });
  }
  const record = node.introspection;
  const keepS = facts.nodeStatusKeepTimeS ?? 0;
  if (record && INTROSPECTION_DONE_STATES.has(record.state) && record.finished_at !== null && expired(record.finished_at, keepS, now)) {
    return send({ type: 'ExpireIntrospection', nodeId: node.uuid, data: { finished_before: new Date(now - keepS * 1000).toISOString() }, meta });
  }
  return null;
}

/**
 * Whether a node may need the watchdog for more than its introspection record's retention, read
 * off its summary: only a node held by a conductor or waiting for its ramdisk can (`watchdogAction`
 * chooses nothing else for any other). A sweep looks at the rest only when records expire.
 */
export function mayNeedWatching(summary: Pick<Node, 'reservation' | 'provision_state'>): boolean {
  return summary.reservation !== null || WAITING_STATES.has(summary.provision_state);
}

function send(command: RecoverNode | RecordProvisionOutcome | ExpireIntrospection): WatchdogAction {
  return { kind: 'send', command };
}

/** Whether more than `seconds` (0: never) have passed since `since`. */
function expired(since: string, seconds: number, now: number): boolean {
  return seconds > 0 && now - Date.parse(since) > seconds * 1000;
}
