/**
 * The gateway's side of the bus: one NATS connection, the conductor client (node commands to
 * whichever conductor of the queue group answers first) and the roster of live conductors. In the
 * all-in-one process commands go to the process's own conductor by a call instead.
 */
import { ConductorClient, type Member, natsServers, Roster } from '@ironledger/bus';
import { type BusSubjects, type Command, type CommandError, type CommandReply, type HardwareQuery, type LocalConductor, type QueryReply } from '@ironledger/contracts';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { type Histogram } from 'prom-client';

export interface ConductorLinkOptions {
  readonly natsUrl: string;
  readonly subjects: BusSubjects;
  /** How long to wait for a conductor's reply. */
  readonly commandTimeoutMs: number;
  /** The conductors' heartbeat interval; one silent for three intervals counts as gone. */
  readonly heartbeatIntervalMs: number;
  /** Observes each request's round trip to a conductor, by message type and result (`ok` or the error type). */
  readonly roundTrip: Histogram<'type' | 'result'>;
  /** The conductor of the gateway's own process, if any: it carries out every command this gateway sends. */
  readonly local?: LocalConductor;
}

export class ConductorLink {
  private constructor(
    private readonly nats: NatsConnection,
    private readonly roster: Roster,
    private readonly client: ConductorClient,
    private readonly roundTrip: Histogram<'type' | 'result'>,
    private readonly local: LocalConductor | undefined,
  ) {}

  /** Connects to NATS (failing when it cannot) and starts listening to conductor heartbeats. */
  static async connect(options: ConductorLinkOptions): Promise<ConductorLink> {
    const nats = await connect({ servers: natsServers(options.natsUrl), name: 'ironledger gateway', maxReconnectAttempts: -1, noAsyncTraces: true });
    const roster = new Roster(nats, options.subjects.conductorHeartbeat, options.heartbeatIntervalMs).start();
    return new ConductorLink(nats, roster, new ConductorClient(nats, { subjects: options.subjects, timeoutMs: options.commandTimeoutMs, roster }), options.roundTrip, options.local);
  }

  /** A conductor's reply to `command` (`unavailable` when none could answer); `S`, `E`: its resource's state and events. */
  send<S, E>(command: Command): Promise<CommandReply<S, E>> {
    return this.timed(command.type, () => (this.local ? (this.local.execute(command) as Promise<CommandReply<S, E>>) : this.client.send<S, E>(command)));
  }

  /** A conductor's answer to a question about a node's hardware (`unavailable` when none could answer). */
  query<R>(query: HardwareQuery): Promise<QueryReply<R>> {
    return this.timed(query.type, () => (this.local ? (this.local.execute(query) as Promise<QueryReply<R>>) : this.client.query<R>(query)));
  }

  /** Conductors heard from within the last three heartbeat intervals, sorted. */
  alive(): string[] {
    return this.roster.alive();
  }

  /** Every conductor heard from since the gateway started, alive or not, with its group and hardware types. */
  members(): Member[] {
    return this.roster.members();
  }

  /** NATS is connected now (false while nats.js reconnects). */
  get connected(): boolean {
    return this.roster.connected;
  }

  async close(): Promise<void> {
    this.roster.stop();
    this.client.close();
    await this.nats.drain();
  }

  /** `request()`, its round trip observed (the client answers trouble with an `unavailable` reply, never an exception). */
  private async timed<T extends { readonly ok: true } | { readonly ok: false; readonly error: CommandError }>(type: string, request: () => Promise<T>): Promise<T> {
    const observe = this.roundTrip.startTimer({ type });
    const reply = await request();
    observe({ result: reply.ok ? 'ok' : reply.error.type });
    return reply;
  }
}
