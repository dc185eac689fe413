import { type NatsConnection, type Subscription } from '@nats-io/transport-node';
import { Roster } from './roster.js';

/** Something that follows the event log: it can tell when it has reached a global position. */
export interface LogFollower {
  /** Resolves `true` once `position` is reached, `false` after `timeoutMs`. */
  waitFor(position: number, timeoutMs: number): Promise<boolean>;
}

export interface ReaderSyncOptions {
  /** This reader's id on the roster. */
  readonly id: string;
  /** Where readers announce themselves, and where writers ask them to confirm a position. */
  readonly subjects: { readonly heartbeat: string; readonly sync: string };
  readonly heartbeatIntervalMs: number;
  /** How long a writer waits for the other readers to confirm a position. */
  readonly timeoutMs: number;
}

/**
 * Read-your-writes across processes that answer reads from their own projection of the log (the
 * gateways). Each announces itself on a roster and, asked to confirm a position, answers once its
 * projection has reached it. A reader that has just committed a write asks every other live reader
 * and waits for all of them before it acknowledges the write: whichever of them the client asks
 * next, it sees the write. One that does not answer within `timeoutMs` is lagging or gone; the write
 * is acknowledged without it (such a reader says it is not ready until it has caught up).
 * Alone on the roster, a reader asks nobody and waits for nothing.
 */
export class ReaderSync {
  private readonly roster: Roster;
  private subscription?: Subscription;

  constructor(
    private readonly nats: NatsConnection,
    private readonly follower: LogFollower,
    private readonly options: ReaderSyncOptions,
  ) {
    this.roster = new Roster(nats, options.subjects.heartbeat, options.heartbeatIntervalMs);
  }

  start(): this {
    this.roster.start(this.options.id);
    this.subscription = this.nats.subscribe(this.options.subjects.sync, {
      callback: (_error, message) => {
        const request = parseRequest(message.string());
        if (!request || request.from === this.options.id || !message.reply) return;
        void this.follower.waitFor(request.position, this.options.timeoutMs).then((reached) => {
          if (reached) message.respond(this.options.id);
        });
      },
    });
    return this;
  }

  /**
   * Waits until every other live reader has reached `position`, or `timeoutMs`; resolves with the
   * readers that did not confirm it in time.
   */
  async othersReached(position: number): Promise<string[]> {
    const others = new Set(this.roster.alive().filter((id) => id !== this.options.id));
    if (others.size === 0) return [];
    try {
      const replies = await this.nats.requestMany(this.options.subjects.sync, JSON.stringify({ position, from: this.options.id }), {
        strategy: 'count',
        maxMessages: others.size,
        maxWait: this.options.timeoutMs,
      });
      for await (const reply of replies) {
        others.delete(reply.string());
        if (others.size === 0) break;
      }
    } catch {
      // No responders, or the bus went down: whoever did not answer is reported as such.
    }
    return [...others];
  }

  stop(): void {
    this.roster.stop();
    this.subscription?.unsubscribe();
  }
}

function parseRequest(text: string): { position: number; from: string } | undefined {
  try {
    const { position, from } = JSON.parse(text) as Record<string, unknown>;
    return typeof position === 'number' && typeof from === 'string' ? { position, from } : undefined;
  } catch {
    return undefined;
  }
}
