import { AckPolicy, type Consumer, type ConsumerMessages, jetstream, jetstreamManager, type JetStreamClient, type JsMsg, RetentionPolicy, StorageType } from '@nats-io/jetstream';
import { nanos, type NatsConnection } from '@nats-io/transport-node';
import { ensureStream } from '@ironledger/bus';

/** Visits of a pass waiting for the server's acknowledgement at once. */
const PUBLISH_WINDOW = 500;

/** One node to visit in one pass. */
export interface Visit {
  readonly kind: 'sync' | 'recovery';
  /** Which pass: the interval number since the epoch, the same for every instance. */
  readonly pass: number;
  readonly nodeId: string;
}

export interface WorkQueueOptions {
  readonly stream: string;
  /** How long a visit may stay unacknowledged before another instance gets it. */
  readonly ackWaitMs: number;
  /** Longest interval between passes: a visit published twice within it is stored once. */
  readonly duplicateWindowMs: number;
  /** Copies of the queue in a NATS cluster (see `ensureStream`; default: one for a new stream, an existing one's own). */
  readonly replicas?: number;
}

/**
 * The visits of each pass, shared by every power-sync instance through a JetStream work queue.
 * Every instance publishes the whole pass, each visit with the message id `kind:pass:node`, so
 * the server keeps one copy whoever publishes; every visit goes to one instance at a time, and
 * one that an instance took and never acknowledged (it died) goes to another.
 */
export class PowerSyncQueue {
  private constructor(
    private readonly js: JetStreamClient,
    private readonly consumer: Consumer,
    private readonly subject: string,
  ) {}

  static async open(nats: NatsConnection, { stream, ackWaitMs, duplicateWindowMs, replicas }: WorkQueueOptions): Promise<PowerSyncQueue> {
    // No API check: ensureStream asks, and waits out a cluster that does not answer yet.
    const jsm = await jetstreamManager(nats, { checkAPI: false });
    const subject = `ironledger.powersync.${stream.toLowerCase()}`;
    await ensureStream(jsm, stream, { subjects: [subject], retention: RetentionPolicy.Workqueue, storage: StorageType.File, duplicate_window: nanos(duplicateWindowMs) }, replicas);
    const durable = 'power-sync';
    await jsm.consumers.add(stream, { durable_name: durable, ack_policy: AckPolicy.Explicit, ack_wait: nanos(ackWaitMs), max_deliver: -1 });
    const js = jetstream(nats);
    return new PowerSyncQueue(js, await js.consumers.get(stream, durable), subject);
  }

  /**
   * Publishes a pass's visits; returns how many were new (the others another instance published first).
   * At most PUBLISH_WINDOW wait for their acknowledgement at once, so the first visits are taken while
   * the rest are still being published, and a pass of 10,000 nodes does not hold 10,000 requests (each
   * with its timer) at once.
   */
  async publish(visits: readonly Visit[]): Promise<number> {
    let published = 0;
    for (let start = 0; start < visits.length; start += PUBLISH_WINDOW) {
      const acks = await Promise.all(
        visits
          .slice(start, start + PUBLISH_WINDOW)
          .map((visit) => this.js.publish(this.subject, JSON.stringify(visit), { msgID: `${visit.kind}:${visit.pass}:${visit.nodeId}` })),
      );
      published += acks.filter((ack) => !ack.duplicate).length;
    }
    return published;
  }

  /** Visits not yet done by any instance: waiting in the queue, or taken and not yet acknowledged. */
  async unfinished(): Promise<number> {
    const { num_pending, num_ack_pending } = await this.consumer.info();
    return num_pending + num_ack_pending;
  }

  /**
   * Hands visits to `handle`, at most `concurrency` at once; a visit is acknowledged once handled.
   * The acknowledgements of the visits that ended in one turn of the event loop go out together (the
   * client writes to its socket once per turn rather than once per visit); a handler that failed gets
   * its visit redelivered.
   */
  async consume(concurrency: number, handle: (visit: Visit) => Promise<void>): Promise<{ stop(): Promise<void> }> {
    // More visits are asked for once half of those asked for have arrived: nats.js's default (three
    // quarters) sends a pull request for every other visit with Ironic's 8 workers.
    const messages: ConsumerMessages = await this.consumer.consume({ max_messages: concurrency, threshold_messages: Math.max(1, Math.floor(concurrency / 2)) });
    const running = new Set<Promise<void>>();
    let ended: { message: JsMsg; ok: boolean }[] = [];
    const acknowledge = () => {
      const batch = ended;
      ended = [];
      for (const { message, ok } of batch) {
        try {
          if (ok) message.ack();
          else message.nak();
        } catch {
          // The connection is gone: the server hands the visit out again after the ack wait.
        }
      }
    };
    // Resolved when a visit ends while the loop waits for a free slot.
    let slotFreed: (() => void) | null = null;
    const loop = (async () => {
      for await (const message of messages) {
        const work: Promise<void> = handle(message.json<Visit>())
          .then(
            () => true,
            () => false,
          )
          .then((ok) => {
            if (ended.length === 0) setImmediate(acknowledge);
            ended.push({ message, ok });
            running.delete(work);
            slotFreed?.();
            slotFreed = null;
          });
        running.add(work);
        if (running.size >= concurrency) await new Promise<void>((resolve) => (slotFreed = resolve));
      }
    })();
    return {
      async stop() {
        await messages.close();
        await loop;
        await Promise.allSettled([...running]);
        acknowledge();
      },
    };
  }
}
