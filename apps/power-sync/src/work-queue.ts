import { AckPolicy, type Consumer, type ConsumerMessages, jetstream, jetstreamManager, type JetStreamClient, type JsMsg, RetentionPolicy, StorageType } from '@nats-io/jetstream';
import { nanos, type NatsConnection } from '@nats-io/transport-node';
import { ensureStream } from '@ironledger/bus';

/** Most visits in one message of the queue: about 10 kB of node ids. */
export const MAX_BATCH = 250;
/** A pass is cut into at least this many batches when it has the nodes, so that every instance gets a share of a small pass. */
const MIN_BATCHES = 16;
/** Batches of a pass waiting for the server's acknowledgement at once. */
const PUBLISH_WINDOW = 32;
/**
 * How long one request for a batch waits on the server; then it is asked again. Short, because a
 * stop waits for the request under way to end: closing it instead would strand a batch the server
 * had already sent for it until the ack wait.
 */
const TAKE_EXPIRES_MS = 2000;
/** Pause after a request for a batch failed or ended early (the connection is down, the stream gone) before the next. */
const TAKE_RETRY_MS = 1000;
/** Rounds a visit whose handler failed goes through in its pass: the first and two more. */
const MAX_ATTEMPTS = 3;

/** One node to visit in one pass. */
export interface Visit {
  readonly kind: 'sync' | 'recovery';
  /** Which pass: the interval number since the epoch, the same for every instance. */
  readonly pass: number;
  readonly nodeId: string;
}

/** Visits of one pass, in the pass's order: one message of the queue. */
export interface VisitBatch {
  readonly kind: Visit['kind'];
  readonly pass: number;
  readonly nodeIds: readonly string[];
  /** Which round this is for these visits: 1 when published with the pass, more when put back after a failure. */
  readonly attempt: number;
}

export interface WorkQueueOptions {
  readonly stream: string;
  /** How long a batch may stay unacknowledged, with no sign of progress, before another instance gets it. */
  readonly ackWaitMs: number;
  /** Longest interval between passes: a batch published twice within it is stored once. */
  readonly duplicateWindowMs: number;
  /** Copies of the queue in a NATS cluster (see `ensureStream`; default: one for a new stream, an existing one's own). */
  readonly replicas?: number;
}

/** A pass's node ids in batches: at most MAX_BATCH each, at least MIN_BATCHES of them when there are enough nodes. */
export function batchesOf(nodeIds: readonly string[]): string[][] {
  const size = Math.min(MAX_BATCH, Math.max(1, Math.ceil(nodeIds.length / MIN_BATCHES)));
  const batches: string[][] = [];
  for (let start = 0; start < nodeIds.length; start += size) batches.push(nodeIds.slice(start, start + size));
  return batches;
}

/** A batch this instance took: its message, and its visits not yet ended. */
interface Held {
  readonly message: JsMsg;
  readonly batch: VisitBatch;
  left: number;
  readonly failed: string[];
  /** Handed back when the instance stopped: what still runs of it is not acknowledged. */
  released: boolean;
}

/**
 * The visits of each pass, shared by every power-sync instance through a JetStream work queue, a
 * few hundred to a message. One instance publishes each pass: every instance that has nodes due
 * publishes the first batch with the message id `kind:pass:0`, the server keeps it once within the
 * duplicate window and tells the others theirs was a duplicate, and only the one whose copy was kept
 * publishes the rest. Each batch goes to one instance at a time; one that an instance took and
 * never acknowledged (it died) goes to another after the ack wait, and is visited again there
 * (reading a BMC twice in a pass is harmless).
 */
export class PowerSyncQueue {
  private constructor(
    private readonly js: JetStreamClient,
    private readonly consumer: Consumer,
    private readonly subject: string,
    private readonly ackWaitMs: number,
  ) {}

  static async open(nats: NatsConnection, { stream, ackWaitMs, duplicateWindowMs, replicas }: WorkQueueOptions): Promise<PowerSyncQueue> {
    // No API check: ensureStream asks, and waits out a cluster that does not answer yet.
    const jsm = await jetstreamManager(nats, { checkAPI: false });
    const subject = `ironledger.powersync.${stream.toLowerCase()}`;
    await ensureStream(jsm, stream, { subjects: [subject], retention: RetentionPolicy.Workqueue, storage: StorageType.File, duplicate_window: nanos(duplicateWindowMs) }, replicas);
    const durable = 'power-sync';
    await jsm.consumers.add(stream, { durable_name: durable, ack_policy: AckPolicy.Explicit, ack_wait: nanos(ackWaitMs), max_deliver: -1 });
    const js = jetstream(nats);
    return new PowerSyncQueue(js, await js.consumers.get(stream, durable), subject, ackWaitMs);
  }

  /**
   * Publishes a pass in batches, unless another instance did: the first batch is the claim on the
   * pass. Returns how many visits were published, or `null` when another instance's first batch was
   * there first (the pass is that instance's to publish and to time). At most PUBLISH_WINDOW batches
   * wait for their acknowledgement at once; instances take the first batches while the rest are
   * still being published.
   */
  async publishPass(kind: Visit['kind'], pass: number, nodeIds: readonly string[]): Promise<number | null> {
    const batches = batchesOf(nodeIds);
    const publish = (index: number) => {
      const batch: VisitBatch = { kind, pass, nodeIds: batches[index]!, attempt: 1 };
      return this.js.publish(this.subject, JSON.stringify(batch), { msgID: `${kind}:${pass}:${index}` });
    };
    if (batches.length === 0) return 0;
    if ((await publish(0)).duplicate) return null;
    for (let start = 1; start < batches.length; start += PUBLISH_WINDOW) {
      const indexes = Array.from({ length: Math.min(PUBLISH_WINDOW, batches.length - start) }, (_, i) => start + i);
      await Promise.all(indexes.map(publish));
    }
    return nodeIds.length;
  }

  /** Batches not yet done by any instance: waiting in the queue, or taken and not yet acknowledged. */
  async unfinished(): Promise<number> {
    const { num_pending, num_ack_pending } = await this.consumer.info();
    return num_pending + num_ack_pending;
  }

  /**
   * Takes batches from the queue and hands their visits to `handle`, at most `concurrency` at once.
   * The next batch is asked for only when every visit of those taken has started, so an instance
   * holds one or two batches and the rest stay for the others. A held batch's ack wait is extended
   * (`working`) while its visits run, however long hanging BMCs make them, and the batch is
   * acknowledged once they have all ended. Visits whose handler failed go back on the queue as a
   * batch of their own, up to MAX_ATTEMPTS rounds. On `stop`, batches with visits not yet started are
   * handed back at once (another instance visits them all again), and so is one that the request
   * under way brings; the visits running end first.
   */
  async consume(concurrency: number, handle: (visit: Visit) => Promise<void>): Promise<{ stop(): Promise<void> }> {
    const held = new Set<Held>();
    /** Visits of the held batches not yet started, in the batches' order. */
    let waiting: { visit: Visit; from: Held }[] = [];
    const running = new Set<Promise<void>>();
    const finishing = new Set<Promise<void>>();
    let stopped = false;
    let taking: ConsumerMessages | undefined;
    // Resolved when the last waiting visit starts, or on stop.
    let drained: (() => void) | null = null;
    const wake = () => {
      drained?.();
      drained = null;
    };

    const finish = (from: Held) => {
      held.delete(from);
      const done = (async () => {
        const { kind, pass, attempt } = from.batch;
        if (from.failed.length > 0 && attempt < MAX_ATTEMPTS) {
          const again: VisitBatch = { kind, pass, nodeIds: from.failed, attempt: attempt + 1 };
          // Before the acknowledgement: should this instance die in between, the batch itself comes back.
          await this.js.publish(this.subject, JSON.stringify(again)).catch(() => undefined);
        }
        try {
          from.message.ack();
        } catch {
          // The connection is gone: the server hands the batch out again after the ack wait.
        }
      })();
      finishing.add(done);
      void done.finally(() => finishing.delete(done));
    };

    const startVisits = () => {
      while (running.size < concurrency && waiting.length > 0) {
        const { visit, from } = waiting.shift()!;
        const work: Promise<void> = handle(visit)
          .catch(() => {
            from.failed.push(visit.nodeId);
          })
          .then(() => {
            running.delete(work);
            if (--from.left === 0 && !from.released) finish(from);
            if (!stopped) startVisits();
          });
        running.add(work);
      }
      if (waiting.length === 0) wake();
    };

    /** One batch from the queue, or null when none came within TAKE_EXPIRES_MS (or the request was closed). */
    const take = async (): Promise<JsMsg | null> => {
      const asked = Date.now();
      try {
        taking = await this.consumer.fetch({ max_messages: 1, expires: TAKE_EXPIRES_MS });
        for await (const message of taking) return message;
      } catch {
        // Paused below.
      } finally {
        taking = undefined;
      }
      // Asking again at once would spin: a request that fails at once would starve the event loop.
      if (!stopped && Date.now() - asked < TAKE_EXPIRES_MS / 2) await new Promise((resolve) => setTimeout(resolve, TAKE_RETRY_MS));
      return null;
    };

    const loop = (async () => {
      while (!stopped) {
        if (waiting.length > 0) {
          await new Promise<void>((resolve) => (drained = resolve));
          continue;
        }
        const message = await take();
        if (!message) continue;
        if (stopped) {
          release(message);
          break;
        }
        const batch = parse(message);
        if (!batch || batch.nodeIds.length === 0) {
          drop(message);
          continue;
        }
        const from: Held = { message, batch, left: batch.nodeIds.length, failed: [], released: false };
        held.add(from);
        waiting = [...waiting, ...batch.nodeIds.map((nodeId) => ({ visit: { kind: batch.kind, pass: batch.pass, nodeId }, from }))];
        startVisits();
      }
    })();

    // Tells the server the held batches are still being worked on, well within the ack wait.
    const progress = setInterval(
      () => {
        for (const { message } of held) {
          try {
            message.working();
          } catch {
            // The connection is gone: nothing to tell.
          }
        }
      },
      Math.max(50, Math.floor(this.ackWaitMs / 3)),
    );

    return {
      async stop() {
        stopped = true;
        clearInterval(progress);
        const unstarted = new Set(waiting.map(({ from }) => from));
        waiting = [];
        for (const from of unstarted) {
          from.released = true;
          held.delete(from);
          release(from.message);
        }
        wake();
        // The request under way ends within TAKE_EXPIRES_MS, and the loop hands back a batch it
        // brings. Should the server not answer within twice that, the request is closed and left.
        const ended = await Promise.race([loop.then(() => true), new Promise<false>((resolve) => setTimeout(() => resolve(false), 2 * TAKE_EXPIRES_MS).unref())]);
        if (!ended) void taking?.close().catch(() => undefined);
        await Promise.allSettled([...running]);
        await Promise.allSettled([...finishing]);
      },
    };
  }
}

/** A batch as published, or a visit of the one-per-message format (an instance not yet upgraded) as a batch of one; null when unreadable. */
function parse(message: JsMsg): VisitBatch | null {
  try {
    const body = message.json<Partial<VisitBatch> & { nodeId?: unknown }>();
    const nodeIds = Array.isArray(body.nodeIds) ? body.nodeIds : typeof body.nodeId === 'string' ? [body.nodeId] : null;
    if ((body.kind !== 'sync' && body.kind !== 'recovery') || typeof body.pass !== 'number' || nodeIds === null) return null;
    return { kind: body.kind, pass: body.pass, nodeIds, attempt: body.attempt ?? 1 };
  } catch {
    return null;
  }
}

/** Hands a batch back for another instance to take now. */
function release(message: JsMsg): void {
  try {
    message.nak();
  } catch {
    // The connection is gone: the server hands the batch out again after the ack wait.
  }
}

/** Takes a message nobody can work on off the queue for good. */
function drop(message: JsMsg): void {
  try {
    message.term();
  } catch {
    // The connection is gone: it comes back after the ack wait, and goes again.
  }
}
