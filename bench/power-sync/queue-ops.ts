/** JetStream operations on a scenario's work queue, and the commits in the run's event stream. */
import { type Subscription } from '@nats-io/transport-node';
import { live } from './processes.js';

/**
 * JetStream operations on the running scenario's work queue, counted on the bus: a core subscription
 * sees every publish to the queue's subject (duplicates too), every acknowledgement (`+ACK`, `+WPI`
 * progress, `-NAK`) and every pull and info request; deliveries are the consumer's own count.
 */
export interface QueueOps {
  readonly publishes: number;
  readonly deliveries: number;
  readonly acks: number;
  readonly pulls: number;
  readonly infos: number;
}
const QUEUE_CONSUMER = 'power-sync';
let queueWatch: { queue: string; counts: { publishes: number; acks: number; pulls: number; infos: number }; subs: Subscription[]; ownInfos: number } | undefined;

export function watchQueue(queue: string): void {
  const counts = { publishes: 0, acks: 0, pulls: 0, infos: 0 };
  const count = (subject: string, key: keyof typeof counts) =>
    live.nc!.subscribe(subject, {
      callback: () => {
        counts[key]++;
      },
    });
  const subject = `ironledger.powersync.${queue.toLowerCase()}`;
  queueWatch = {
    queue,
    counts,
    ownInfos: 0,
    subs: [
      count(subject, 'publishes'),
      count(`${subject}.>`, 'publishes'),
      count(`$JS.ACK.${queue}.>`, 'acks'),
      count(`$JS.API.CONSUMER.MSG.NEXT.${queue}.>`, 'pulls'),
      count(`$JS.API.CONSUMER.INFO.${queue}.>`, 'infos'),
    ],
  };
}

export function unwatchQueue(): void {
  for (const sub of queueWatch?.subs ?? []) sub.unsubscribe();
  queueWatch = undefined;
}

/** The work queue's operations so far (this benchmark's own info requests left out), or null without a queue. */
export async function queueOps(): Promise<QueueOps | null> {
  if (!queueWatch) return null;
  await live.nc!.flush();
  queueWatch.ownInfos++;
  const deliveries = await live.jsm!.consumers.info(queueWatch.queue, QUEUE_CONSUMER).then(
    (info) => info.delivered.consumer_seq,
    () => 0,
  );
  const { publishes, acks, pulls, infos } = queueWatch.counts;
  return { publishes, deliveries, acks, pulls, infos: infos - queueWatch.ownInfos };
}

export const opsDelta = (a: QueueOps | null, b: QueueOps | null): QueueOps | null =>
  a && b ? { publishes: b.publishes - a.publishes, deliveries: b.deliveries - a.deliveries, acks: b.acks - a.acks, pulls: b.pulls - a.pulls, infos: b.infos - a.infos } : null;
export const opsTotal = (ops: QueueOps) => ops.publishes + ops.deliveries + ops.acks + ops.pulls + ops.infos;

/** Messages (one per commit) in the run's event stream. */
export async function commits(stream: string): Promise<number> {
  return (await live.jsm!.streams.info(stream)).state.messages;
}
