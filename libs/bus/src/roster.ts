import { type NatsConnection, type Subscription } from '@nats-io/transport-node';
import { ConnectionState } from './connection-state.js';

/** What a member says about itself in each heartbeat: the conductor group it serves and its hardware types. */
export interface MemberCard {
  readonly group: string;
  readonly drivers: readonly string[];
}

/** A member as the roster knows it: its card, and when it was first and last heard from. */
export interface Member extends MemberCard {
  readonly id: string;
  readonly firstSeen: number;
  readonly lastSeen: number;
  readonly alive: boolean;
}

/**
 * Who is alive on a heartbeat subject: every member publishes its id (with its card, as JSON)
 * there each interval, and one not heard from for three intervals counts as gone. The gateway
 * asks it whether any conductor could take a command and which groups and hardware types they
 * serve; conductors ask it whose nodes to recover.
 *
 * Silence is judged only while the bus works: heartbeats sent during a NATS outage never
 * arrive, so after one (or a stall of this process) every member has to be heard afresh before
 * anyone counts as gone (`heardLongEnough`).
 */
/**
 * How much later than this process another member may come back after the same NATS outage:
 * nats.js waits 2 s between reconnect attempts, plus up to 100 ms of jitter.
 */
const RECONNECT_SPREAD_MS = 2100;

export class Roster {
  private readonly heard = new Map<string, { card: MemberCard; firstSeen: number; lastSeen: number }>();
  private listeningSince: number;
  private readonly connection: ConnectionState;
  private subscription?: Subscription;
  private timer?: NodeJS.Timeout;
  private self?: string;

  constructor(
    private readonly nats: NatsConnection,
    private readonly subject: string,
    private readonly intervalMs: number,
    private readonly now: () => number = Date.now,
  ) {
    this.listeningSince = now();
    this.connection = new ConnectionState(nats, now);
  }

  /** Starts listening; with `self`, also announces `self` (and its card) every interval (at once, then on the interval). */
  start(self?: string, card?: MemberCard): this {
    this.self = self;
    this.listeningSince = this.now();
    this.subscription = this.nats.subscribe(this.subject, {
      callback: (_error, message) => {
        const heartbeat = parseHeartbeat(message.string());
        if (!heartbeat) return;
        const seen = this.now();
        this.heard.set(heartbeat.id, { card: heartbeat.card, firstSeen: this.heard.get(heartbeat.id)?.firstSeen ?? seen, lastSeen: seen });
      },
    });
    if (self !== undefined) {
      const payload = card ? JSON.stringify({ id: self, group: card.group, drivers: card.drivers }) : self;
      const beat = () => this.nats.publish(this.subject, payload);
      beat();
      this.timer = setInterval(beat, this.intervalMs);
    }
    return this;
  }

  stop(): void {
    clearInterval(this.timer);
    this.subscription?.unsubscribe();
  }

  /** Members heard from within the last three intervals, sorted (asked on every node view: it builds no member records). */
  alive(): string[] {
    const horizon = this.aliveSince();
    const ids: string[] = [];
    for (const [id, { lastSeen }] of this.heard) if (lastSeen >= horizon) ids.push(id);
    return ids.sort();
  }

  /** Every member heard from since listening began, alive or not, sorted by id. */
  members(): Member[] {
    const horizon = this.aliveSince();
    return [...this.heard]
      .map(([id, { card, firstSeen, lastSeen }]) => ({ id, ...card, firstSeen, lastSeen, alive: lastSeen >= horizon }))
      .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  }

  /** A member last heard from at or after this counts as alive: three intervals ago. */
  private aliveSince(): number {
    return this.now() - 3 * this.intervalMs;
  }

  /**
   * Whether silence proves anything now: this roster has listened for three intervals, the bus
   * has been up for three intervals more than other members may take to reconnect after the
   * same outage, and a member that announces itself heard its own heartbeat within the last two
   * intervals (if not, its messages are not getting through, or it stalled, and it cannot tell
   * who else is alive).
   */
  heardLongEnough(): boolean {
    const window = 3 * this.intervalMs;
    if (this.now() - this.listeningSince <= window || this.connection.upFor() <= window + RECONNECT_SPREAD_MS) return false;
    return this.self === undefined || (this.heard.get(this.self)?.lastSeen ?? -Infinity) >= this.now() - 2 * this.intervalMs;
  }

  /** The bus connection is up (not reconnecting). */
  get connected(): boolean {
    return this.connection.connected;
  }
}

/** A heartbeat: a bare id, or `{"id", "group", "drivers"}`. */
function parseHeartbeat(text: string): { id: string; card: MemberCard } | undefined {
  if (!text.startsWith('{')) return text ? { id: text, card: { group: '', drivers: [] } } : undefined;
  try {
    const { id, group, drivers } = JSON.parse(text) as Record<string, unknown>;
    if (typeof id !== 'string' || id === '') return undefined;
    return {
      id,
      card: { group: typeof group === 'string' ? group : '', drivers: Array.isArray(drivers) ? drivers.filter((driver): driver is string => typeof driver === 'string') : [] },
    };
  } catch {
    return undefined;
  }
}
