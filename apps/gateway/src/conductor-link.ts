/**
 * The gateway's side of the bus: node commands go to whichever conductor of the queue group
 * answers first (NATS request/reply through Nest's ClientProxy), and conductor heartbeats tell
 * which conductors are alive.
 */
import { ClientProxyFactory, type ClientProxy, Transport } from '@nestjs/microservices';
import { type BusSubjects, type CommandReply } from '@ironledger/contracts';
import { type NodeCommand } from '@ironledger/domain';
import { type NatsConnection, type Subscription } from '@nats-io/transport-node';
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
    private readonly client: ClientProxy,
    private readonly options: ConductorLinkOptions,
  ) {}

  /** Connects to NATS (failing when it cannot) and starts listening to conductor heartbeats. */
  static async connect(options: ConductorLinkOptions): Promise<ConductorLink> {
    const client = ClientProxyFactory.create({ transport: Transport.NATS, options: { servers: options.natsUrl, name: 'ironledger gateway', maxReconnectAttempts: -1, noAsyncTraces: true } });
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
