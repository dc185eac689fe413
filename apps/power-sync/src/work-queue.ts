import { AckPolicy, type Consumer, type ConsumerMessages, jetstream, jetstreamManager, type JetStreamClient, RetentionPolicy, StorageType } from '@nats-io/jetstream';
import { nanos, type NatsConnection } from '@nats-io/transport-node';

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

  static async open(nats: NatsConnection, { stream, ackWaitMs, duplicateWindowMs }: WorkQueueOptions): Promise<PowerSyncQueue> {
    const jsm = await jetstreamManager(nats);
    const subject = `ironledger.powersync.${stream.toLowerCase()}`;
    const config = { subjects: [subject], retention: RetentionPolicy.Workqueue, storage: StorageType.File, duplicate_window: nanos(duplicateWindowMs) };
    try {
      await jsm.streams.add({ name: stream, ...config });
    } catch {
      // Another instance created it first.
      await jsm.streams.update(stream, config);
    }
    const durable = 'power-sync';
    await jsm.consumers.add(stream, { durable_name: durable, ack_policy: AckPolicy.Explicit, ack_wait: nanos(ackWaitMs), max_deliver: -1 });
    const js = jetstream(nats);
    return new PowerSyncQueue(js, await js.consumers.get(stream, durable), subject);
  }

  /** Publishes a pass's visits; returns how many were new (the others another instance published first). */
  async publish(visits: readonly Visit[]): Promise<number> {
    const acks = await Promise.all(
      visits.map((visit) => this.js.publish(this.subject, JSON.stringify(visit), { msgID: `${visit.kind}:${visit.pass}:${visit.nodeId}` })),
    );
    return acks.filter((ack) => !ack.duplicate).length;
  }

  /** Hands visits to `handle`, at most `concurrency` at once; a visit is acknowledged once handled. */
  async consume(concurrency: number, handle: (visit: Visit) => Promise<void>): Promise<{ stop(): Promise<void> }> {
    const messages: ConsumerMessages = await this.consumer.consume({ max_messages: concurrency });
    const running = new Set<Promise<void>>();
    const loop = (async () => {
      for await (const message of messages) {
        const work = handle(message.json<Visit>())
          .then(() => message.ack())
          .catch(() => message.nak());
        running.add(work);
        void work.finally(() => running.delete(work));
        if (running.size >= concurrency) await Promise.race(running);
      }
    })();
    return {
      async stop() {
        await messages.close();
        await loop;
        await Promise.allSettled([...running]);
      },
    };
  }
}
