/**
 * The gateway's side of the bus: node commands go to whichever conductor of the queue group
 * answers first (NATS request/reply through Nest's ClientProxy), and conductor heartbeats tell
 * which conductors are alive.
 */
import { ClientNats, type NatsOptions, type ReadPacket, type WritePacket } from '@nestjs/microservices';
import { type BusSubjects, type CommandReply } from '@ironledger/contracts';
import { type NodeCommand } from '@ironledger/domain';
import { InboxRequests } from '@ironledger/event-store';
import { type Msg, type NatsConnection, type Subscription } from '@nats-io/transport-node';
import { firstValueFrom, timeout, TimeoutError } from 'rxjs';
import { ApiError } from './errors.js';

export interface ConductorLinkOptions {
  readonly natsUrl: string;
  readonly subjects: BusSubjects;
  /** How long to wait for a conductor's reply. */
  readonly commandTimeoutMs: number;
  /** The conductors' heartbeat interval; one silent for three intervals counts as gone. */
  readonly heartbeatIntervalMs: number;
}

export class ConductorLink {
  private readonly lastSeen = new Map<string, number>();
  private readonly listeningSince = Date.now();
  private heartbeats?: Subscription;

  private constructor(
    private readonly client: ClientNats,
    private readonly options: ConductorLinkOptions,
  ) {}

  /** Connects to NATS (failing when it cannot) and starts listening to conductor heartbeats. */
  static async connect(options: ConductorLinkOptions): Promise<ConductorLink> {
    const client = new SharedInboxNatsClient(
      { servers: options.natsUrl, name: 'ironledger gateway', maxReconnectAttempts: -1, noAsyncTraces: true },
      // The caller's own timeout (below) comes first and says what happened; this one only frees the request.
      options.commandTimeoutMs + 1000,
    );
    await client.connect();
    const link = new ConductorLink(client, options);
    link.heartbeats = link.nats.subscribe(options.subjects.conductorHeartbeat, {
      callback: (_error, message) => {
        const id = message.string();
        if (id) link.lastSeen.set(id, Date.now());
      },
    });
    return link;
  }

  /** A conductor's reply to `command`; 503 when no conductor answers in time. */
  async send(command: NodeCommand): Promise<CommandReply> {
    if (this.heardLongEnough() && this.alive().length === 0) throw unavailable('No conductor is alive to carry out the request.');
    try {
      return await firstValueFrom(this.client.send<CommandReply, NodeCommand>(this.options.subjects.conductorCommand, command).pipe(timeout(this.options.commandTimeoutMs)));
    } catch (error) {
      if (error instanceof TimeoutError) {
        throw unavailable(`No conductor answered within ${this.options.commandTimeoutMs} ms; the request may or may not have been carried out.`);
      }
      throw unavailable(`The conductors could not be reached: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  /** Conductors heard from within the last three heartbeat intervals, sorted. */
  alive(): string[] {
    const horizon = Date.now() - 3 * this.options.heartbeatIntervalMs;
    return [...this.lastSeen].filter(([, seen]) => seen >= horizon).map(([id]) => id).sort();
  }

  get connected(): boolean {
    return !this.nats.isClosed();
  }

  async close(): Promise<void> {
    this.heartbeats?.unsubscribe();
    await this.client.close();
  }

  private get nats(): NatsConnection {
    return this.client.unwrap<NatsConnection>();
  }

  /** Until three heartbeat intervals have passed, silence proves nothing. */
  private heardLongEnough(): boolean {
    return Date.now() - this.listeningSince > 3 * this.options.heartbeatIntervalMs;
  }
}

const unavailable = (message: string) => new ApiError(503, message);

/**
 * Nest's NATS client, except that each request goes through one shared reply subscription
 * (`InboxRequests`) instead of subscribing an inbox of its own: no SUB and UNSUB per command,
 * and no churn in the server's subscription table. Conductors answer a command in one message
 * (Nest's server folds the end of the stream into the last response).
 */
class SharedInboxNatsClient extends ClientNats {
  private requests?: InboxRequests;

  constructor(
    options: Required<NatsOptions>['options'],
    private readonly requestTimeoutMs: number,
  ) {
    super(options);
  }

  protected override publish(partialPacket: ReadPacket, callback: (packet: WritePacket) => unknown): () => void {
    const packet = this.assignPacketId(partialPacket);
    // The routing map is how `close` fails requests still waiting; a request answers once.
    this.routingMap.set(packet.id, callback);
    const settle = (reply: WritePacket) => {
      if (this.routingMap.delete(packet.id)) callback(reply);
    };
    try {
      const serialized = this.serializer.serialize(packet) as { data: Uint8Array; headers?: unknown };
      const handle = this.createSubscriptionHandler(packet, settle);
      this.requests ??= new InboxRequests(this.unwrap<NatsConnection>());
      this.requests.request(this.normalizePattern(partialPacket.pattern), serialized.data, {
        timeoutMs: this.requestTimeoutMs,
        headers: this.mergeHeaders(serialized.headers),
      }).then(
        (message: Msg) => handle(null, message),
        (error: unknown) => settle({ err: error }),
      );
    } catch (error) {
      settle({ err: error });
    }
    return () => this.routingMap.delete(packet.id);
  }
}
