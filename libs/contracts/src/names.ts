/**
 * The one place that builds stream ids and NATS subjects, so every service agrees on them.
 *
 * Subjects (all under `ironledger.`):
 * - `ironledger.conductor.command`      request/reply: a node command for any conductor (queue group `conductors`)
 * - `ironledger.conductor.heartbeat`    each live conductor publishes its id here every interval
 */
const NODE_STREAM_PREFIX = 'node-';

/** The event stream of one node. */
export const nodeStreamId = (nodeId: string): string => `${NODE_STREAM_PREFIX}${nodeId}`;

/** The node a stream belongs to, or `undefined` for streams that are not node streams. */
export const nodeIdOfStream = (streamId: string): string | undefined =>
  streamId.startsWith(NODE_STREAM_PREFIX) ? streamId.slice(NODE_STREAM_PREFIX.length) : undefined;

export const Subjects = {
  /** Node commands, answered by one conductor of the `conductors` queue group. */
  conductorCommand: 'ironledger.conductor.command',
  /** Liveness: each conductor publishes its id here every heartbeat interval. */
  conductorHeartbeat: 'ironledger.conductor.heartbeat',
} as const;

export const CONDUCTOR_QUEUE = 'conductors';
