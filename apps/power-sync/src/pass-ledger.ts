import { jetstreamManager, jetstream, type JetStreamClient, type JetStreamManager, RetentionPolicy, StorageType } from '@nats-io/jetstream';
import { nanos, type NatsConnection } from '@nats-io/transport-node';
import { ensureStream, isApiError } from '@ironledger/bus';

/** JetStream's refusal of a publish whose expected last sequence is not the subject's. */
const WRONG_LAST_SEQUENCE = 10071;

/** Which passes: regular ones, or those over nodes in power-failure maintenance. */
export type PassKind = 'sync' | 'recovery';

export interface PassLedgerOptions {
  readonly stream: string;
  /** Longest interval between passes: a plan is claimed once within it, and kept a few times as long. */
  readonly intervalMs: number;
  /** Copies of the stream in a NATS cluster (see `ensureStream`; default: one for a new stream, an existing one's own). */
  readonly replicas?: number;
}

/**
 * What the power-sync instances agree on for each pass, in a JetStream stream: the instances the
 * pass was planned on (claimed once: the first instance to publish a plan wins, and the others
 * read it), and how many parts of its share each member has finished. One message per subject is
 * kept, and each for a few intervals: a pass needs nothing once it is over.
 */
export class PassLedger {
  private constructor(
    private readonly js: JetStreamClient,
    private readonly jsm: JetStreamManager,
    private readonly stream: string,
    private readonly subject: string,
  ) {}

  static async open(nats: NatsConnection, { stream, intervalMs, replicas }: PassLedgerOptions): Promise<PassLedger> {
    // No API check: ensureStream asks, and waits out a cluster that does not answer yet.
    const jsm = await jetstreamManager(nats, { checkAPI: false });
    const subject = `ironledger.powersync.${stream.toLowerCase()}`;
    await ensureStream(
      jsm,
      stream,
      { subjects: [`${subject}.>`], retention: RetentionPolicy.Limits, storage: StorageType.File, max_msgs_per_subject: 1, max_age: nanos(4 * intervalMs), duplicate_window: nanos(intervalMs) },
      replicas,
    );
    return new PassLedger(jetstream(nats), jsm, stream, subject);
  }

  /**
   * The members pass `pass` of `kind` is planned on: `proposed`, unless another instance planned
   * it first, and then that one's. The server stores a plan only on a subject that holds none (an
   * expected last subject sequence of 0), however late the proposal; the message id makes a
   * retried publish of this instance's own plan a duplicate.
   */
  async plan(kind: PassKind, pass: number, proposed: readonly string[]): Promise<string[]> {
    const subject = `${this.subject}.plan.${kind}.${pass}`;
    const claimed = await this.js.publish(subject, JSON.stringify(proposed), { msgID: `plan:${kind}:${pass}`, expect: { lastSubjectSequence: 0 } }).then(
      (ack) => !ack.duplicate,
      (error: unknown) => {
        if (isApiError(error, WRONG_LAST_SEQUENCE)) return false;
        throw error;
      },
    );
    if (claimed) return [...proposed];
    const stored = await this.jsm.streams.getMessage(this.stream, { last_by_subj: subject });
    if (!stored) throw new Error(`the plan of ${kind} pass ${pass} was claimed and is gone`);
    return stored.json<string[]>();
  }

  /** Records that `member` has finished the first `parts` parts of its share of the pass. */
  async recordProgress(kind: PassKind, pass: number, member: string, parts: number): Promise<void> {
    await this.js.publish(this.progressSubject(kind, pass, member), JSON.stringify({ parts }));
  }

  /** How many leading parts of its share `member` recorded as finished in the pass (0: none, or no record). */
  async progress(kind: PassKind, pass: number, member: string): Promise<number> {
    const stored = await this.jsm.streams.getMessage(this.stream, { last_by_subj: this.progressSubject(kind, pass, member) });
    return stored?.json<{ parts?: number }>().parts ?? 0;
  }

  // A member's id becomes one subject token: base64url has no dots, wildcards or spaces.
  private progressSubject(kind: PassKind, pass: number, member: string): string {
    return `${this.subject}.done.${kind}.${pass}.${Buffer.from(member).toString('base64url')}`;
  }
}
