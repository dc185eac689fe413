import { createInbox, type Msg, type MsgHdrs, type NatsConnection, type Subscription } from '@nats-io/transport-node';
import { NamedError } from '@ironledger/domain';

interface Waiting {
  readonly resolve: (reply: Msg) => void;
  readonly reject: (error: Error) => void;
  readonly timer: NodeJS.Timeout;
}

/**
 * NATS request/reply through one reply subscription (`<inbox>.*`), each request answered by its
 * first reply. nats.js's `request()` works the same way, but builds an `Error`, stack trace and
 * all, for every request it completes: a few per cent of the CPU of a service that mostly sends
 * requests (a conductor's appends, the gateway's commands).
 */
export class InboxRequests {
  private readonly prefix = `${createInbox()}.`;
  private readonly waiting = new Map<string, Waiting>();
  private readonly subscription: Subscription;
  private sent = 0;

  constructor(private readonly nc: NatsConnection) {
    this.subscription = nc.subscribe(`${this.prefix}*`, { callback: (error, reply) => (error ? this.failAll(error) : this.answer(reply)) });
  }

  /** The first reply to `body` sent to `subject`; fails when nobody listens there or nothing comes within `timeoutMs`. */
  request(subject: string, body: Uint8Array | string, { headers, timeoutMs }: { headers?: MsgHdrs; timeoutMs: number }): Promise<Msg> {
    const token = String(++this.sent);
    return new Promise<Msg>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiting.delete(token);
        reject(new RequestTimeout(subject, timeoutMs));
      }, timeoutMs);
      this.waiting.set(token, { resolve, reject, timer });
      try {
        this.nc.publish(subject, body, { reply: this.prefix + token, headers });
      } catch (error) {
        this.settle(token)?.reject(error as Error);
      }
    });
  }

  /** Stops listening; requests still waiting fail. */
  close(): void {
    this.subscription.unsubscribe();
    this.failAll(new Error('The requests were closed'));
  }

  private answer(reply: Msg): void {
    const waiting = this.settle(reply.subject.slice(this.prefix.length));
    if (!waiting) return;
    if (reply.headers?.code === 503) waiting.reject(new NoResponders(reply.headers.description));
    else waiting.resolve(reply);
  }

  private settle(token: string): Waiting | undefined {
    const waiting = this.waiting.get(token);
    if (!waiting) return undefined;
    this.waiting.delete(token);
    clearTimeout(waiting.timer);
    return waiting;
  }

  private failAll(error: Error): void {
    for (const token of [...this.waiting.keys()]) this.settle(token)?.reject(error);
  }
}

/** The server's status 503: no subscription (no stream, no service) listens on the subject. */
export class NoResponders extends NamedError {
  constructor(description: string) {
    super(`Nobody listens on the subject of this request (${description || 'no responders'})`);
  }
}

/** No reply came in time. */
export class RequestTimeout extends NamedError {
  constructor(subject: string, timeoutMs: number) {
    super(`No reply to a request on ${subject} within ${timeoutMs} ms`);
  }
}
