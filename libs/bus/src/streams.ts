import { JetStreamApiError, type JetStreamManager, type StreamConfig } from '@nats-io/jetstream';
import { backoffDelay, sleep } from './backoff.js';
import { NamedError } from '@ironledger/domain';

/** JetStream's `JSStreamNameExistErr` (not among the client's named codes). */
const STREAM_NAME_IN_USE = 10058;
/** What nats-server 2.9 may answer the second of two adds of the same stream made at once. */
const SUBJECTS_OVERLAP = 10065;

/** JetStream keeps at most this many copies of a stream. */
export const MAX_REPLICAS = 5;
/** How long to wait for an updated stream to have a leader (a scaled one elects one within a second or two). */
const LEADER_WAIT_MS = 10_000;
/**
 * How long stream set-up keeps asking while JetStream does not answer: a cluster that has just
 * formed, or is electing a leader, answers nothing for seconds (tens of them on a loaded machine).
 */
const SETUP_WAIT_MS = 60_000;

/**
 * JETSTREAM_REPLICAS: how many NATS servers of a cluster keep a copy of each stream the services
 * create (1 to 5; 3 survives the loss of one server). Unset, new streams get one and existing
 * streams keep theirs, so that a tool opening the store without the setting never scales it down.
 */
export function replicasFromEnv(env: NodeJS.ProcessEnv = process.env): number | undefined {
  const raw = env.JETSTREAM_REPLICAS;
  if (raw === undefined || raw === '') return undefined;
  const replicas = Number(raw);
  if (!Number.isInteger(replicas) || replicas < 1 || replicas > MAX_REPLICAS) throw new Error(`JETSTREAM_REPLICAS must be an integer from 1 to ${MAX_REPLICAS}, not "${raw}"`);
  return replicas;
}

/** The server refused a stream's configuration, e.g. replicas that a single server cannot keep: a setting must change. */
export class StreamRefusedError extends NamedError {
  readonly type = 'stream_refused';
  constructor(
    readonly stream: string,
    readonly code: number,
    description: string,
    replicas: number | undefined,
  ) {
    super(`JetStream refused stream ${stream}${replicas === undefined ? '' : ` with JETSTREAM_REPLICAS=${replicas}`}: ${description} (${code})`);
  }
}

/**
 * Creates the JetStream stream `name` with `replicas` copies (default one), or brings an
 * existing one's configuration up to date: in a cluster, other `replicas` scale it up or down;
 * without `replicas` it keeps its own. Several processes may do this at once: whoever comes
 * second updates what the first created. A configuration the server refuses is a `StreamRefusedError`.
 */
export async function ensureStream(jsm: JetStreamManager, name: string, config: Partial<StreamConfig>, replicas?: number): Promise<void> {
  const deadline = Date.now() + SETUP_WAIT_MS;
  for (let attempt = 0; ; attempt++) {
    try {
      return await setUpStream(jsm, name, config, replicas);
    } catch (error) {
      if (!unanswered(error) || Date.now() >= deadline) throw error;
      await sleep(backoffDelay(attempt, { initialMs: 200, maxMs: 2000 }));
    }
  }
}

async function setUpStream(jsm: JetStreamManager, name: string, config: Partial<StreamConfig>, replicas: number | undefined): Promise<void> {
  // Left out rather than undefined: an update keeps whatever it does not name.
  const wanted = replicas === undefined ? config : { ...config, num_replicas: replicas };
  try {
    // Adding first, even when the stream exists: a single server refuses more than one replica
    // only to an add (it accepts an update asking for three, and keeps one copy).
    try {
      await jsm.streams.add({ ...wanted, name });
    } catch (error) {
      if (!isApiError(error, STREAM_NAME_IN_USE) && !(isApiError(error, SUBJECTS_OVERLAP) && (await exists(jsm, name)))) throw error;
      await jsm.streams.update(name, wanted);
      await leaderElected(jsm, name);
    }
  } catch (error) {
    if (error instanceof JetStreamApiError) throw new StreamRefusedError(name, error.code, error.message, replicas);
    throw error;
  }
}

/** Whether stream `name` exists: after an add refused for overlapping subjects, whether a concurrent add of the same stream won. */
async function exists(jsm: JetStreamManager, name: string): Promise<boolean> {
  return jsm.streams.info(name).then(
    () => true,
    () => false,
  );
}

/**
 * Returns once stream `name` has a leader, or after LEADER_WAIT_MS: a stream scaled up or down
 * elects one among its new peers, and until then requests to it go unanswered. A single server's
 * streams (no cluster) always have one.
 */
async function leaderElected(jsm: JetStreamManager, name: string): Promise<void> {
  for (const deadline = Date.now() + LEADER_WAIT_MS; Date.now() < deadline; await sleep(100)) {
    const { cluster } = await jsm.streams.info(name);
    if (!cluster || cluster.leader) return;
  }
}

/**
 * A start-up failure handler: ends the process with the one line of a `StreamRefusedError`
 * (an operator must change a setting; a stack trace would bury that) and passes anything else on.
 */
export function exitIfRefused(error: unknown): never {
  if (!(error instanceof StreamRefusedError)) throw error;
  process.stderr.write(`${error.message}\n`);
  process.exit(1);
}

/** Whether `error` says that no NATS server answered a JetStream request in time (a cluster forming or electing a leader). */
export function unanswered(error: unknown): boolean {
  return error instanceof Error && (error.name === 'TimeoutError' || error.name === 'JetStreamNotEnabled');
}

/** Whether `error` is the JetStream API's error `code`. */
export function isApiError(error: unknown, code: number): boolean {
  return error instanceof JetStreamApiError && error.code === code;
}
