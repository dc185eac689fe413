/**
 * The one place that builds stream ids and NATS subjects, so every service agrees on them.
 *
 * Subjects (all under `ironledger.`):
 * - `ironledger.conductor.command`      request/reply: a node command for any conductor (queue group `conductors`)
 * - `ironledger.conductor.heartbeat`    KV bucket `ironledger_conductors`: live conductor instances
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
} as const;

export const CONDUCTOR_QUEUE = 'conductors';

/** JetStream key-value bucket in which each live conductor keeps a key fresh. */
export const CONDUCTOR_LIVENESS_BUCKET = 'ironledger_conductors';
