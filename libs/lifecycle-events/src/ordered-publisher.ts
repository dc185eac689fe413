import { createInbox, type MsgHdrs, type NatsConnection, type Subscription } from '@nats-io/transport-node';
import { outgoingHeaders, type PubAck, refusalOf } from '@ironledger/bus';

/** The stream stored an event at another sequence than expected: another writer is active. */
export class RelayOutOfStepError extends Error {
  readonly type = 'relay_out_of_step';
  constructor(expected: number, actual: number) {
    super(`The relay stream stored the event at sequence ${actual}, not ${expected} as expected: another writer is active`);
  }
}

interface Pending {
  readonly sequence: number;
  readonly sentAt: number;
  /** Whether the server acknowledges this message: the last of those sent together. */
  asksAck: boolean;
  readonly resolve: () => void;
  readonly reject: (error: unknown) => void;
}

interface Outgoing {
  readonly subject: string;
  readonly body: string;
  readonly headers: MsgHdrs;
}

/**
 * Publishes into one JetStream stream in order, many messages in flight, each expecting the
 * stream's last sequence to be the one before it. Acknowledgements come back, in order, to one
 * reply subject rather than one request per message (several times faster than `js.publish`
 * under load). Messages published in one turn of the event loop leave together, and only the
 * last of them asks for an acknowledgement: the expected-sequence chain means that its being
 * stored at its sequence proves every one before it was stored at theirs, and a refused message
 * makes every later one refused too. The first refusal, wrong sequence or missing
 * acknowledgement fails every publish still in flight: the caller resynchronises from the
 * stream itself.
 */
export class OrderedPublisher {
  private readonly inbox = createInbox();
  private readonly subscription: Subscription;
  private readonly queue: Pending[] = [];
  private head = 0;
  private readonly outgoing: Outgoing[] = [];
  private failure: unknown;
  private readonly watchdog: NodeJS.Timeout;

  constructor(
    private readonly nc: NatsConnection,
    private readonly ackTimeoutMs = 5000,
  ) {
    this.subscription = nc.subscribe(this.inbox, { callback: (error, msg) => (error ? this.fail(error) : this.acknowledged(msg.json<PubAck>())) });
    this.watchdog = setInterval(() => {
      const oldest = this.queue[this.head];
      if (oldest && performance.now() - oldest.sentAt > this.ackTimeoutMs) this.fail(new Error(`No acknowledgement for sequence ${oldest.sequence} within ${this.ackTimeoutMs} ms`));
    }, Math.min(1000, this.ackTimeoutMs));
  }

  /** Messages sent and not yet acknowledged. */
  get inFlight(): number {
    return this.queue.length - this.head;
  }

  /**
   * Publishes `body` to `subject` to be stored at `sequence` (so the stream must end at
   * `sequence - 1`), with `fields` as headers beside JetStream's; resolves once stored there (or
   * found there already, as a duplicate `msgId`).
   */
  publish(subject: string, body: string, sequence: number, msgId: string, fields: Readonly<Record<string, string>> = {}): Promise<void> {
    if (this.failure !== undefined) return Promise.reject(this.failure);
    const headers = outgoingHeaders({ ...fields, 'Nats-Msg-Id': msgId, 'Nats-Expected-Last-Sequence': String(sequence - 1) });
    return new Promise((resolve, reject) => {
      this.queue.push({ sequence, sentAt: performance.now(), asksAck: false, resolve, reject });
      if (this.outgoing.push({ subject, body, headers }) === 1) setImmediate(() => this.send());
    });
  }

  /** Stops listening; whatever is still in flight fails. */
  close(): void {
    clearInterval(this.watchdog);
    this.subscription.unsubscribe();
    this.fail(new Error('The publisher was closed'));
  }

  /** Sends what was published since the last turn; the last message asks for the acknowledgement. */
  private send(): void {
    if (this.failure !== undefined) return;
    const batch = this.outgoing.splice(0);
    this.queue[this.queue.length - 1]!.asksAck = true;
    try {
      for (const [index, { subject, body, headers }] of batch.entries()) {
        this.nc.publish(subject, body, { headers, reply: index === batch.length - 1 ? this.inbox : undefined });
      }
    } catch (error) {
      this.fail(error);
    }
  }

  /** Settles the messages up to the one that asked for `ack`. */
  private acknowledged(ack: PubAck): void {
    let last = this.head;
    while (last < this.queue.length && !this.queue[last]!.asksAck) last++;
    const acknowledged = this.queue[last];
    if (!acknowledged) return;
    const refusal = refusalOf(ack);
    if (refusal) return this.fail(refusal);
    // A duplicate (another relay stored this very event) still lands on the expected sequence.
    if (ack.seq !== acknowledged.sequence) return this.fail(new RelayOutOfStepError(acknowledged.sequence, ack.seq ?? 0));
    const settled = this.queue.slice(this.head, last + 1);
    this.queue.fill(undefined as unknown as Pending, this.head, last + 1);
    this.head = last + 1;
    if (this.head > 4096 && this.head * 2 > this.queue.length) {
      this.queue.splice(0, this.head);
      this.head = 0;
    }
    for (const pending of settled) pending.resolve();
  }

  private fail(error: unknown): void {
    this.failure ??= error;
    this.outgoing.length = 0;
    const pending = this.queue.splice(this.head);
    this.head = 0;
    this.queue.length = 0;
    for (const p of pending) p.reject(this.failure);
  }
}
