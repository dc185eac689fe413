/**
 * The gateway's side of the bus: one NATS connection, the conductor client (a node's commands
 * to the conductor owning it by the hash rings over the live conductors; other commands, and
 * those of nodes the gateway does not know yet, to whichever conductor of the queue group answers
 * first), the roster of live conductors, the other gateways (a write is acknowledged once they
 * all show it), and the ramdisk agents' heartbeats the gateways take (`AgentLiveness`). In the
 * all-in-one process commands go to the process's own conductor by a call instead.
 */
import { nodeOwnerLookup, type RingNode } from '@ironledger/application';
import { ConductorClient, type LogFollower, type Member, natsAccess, ReaderSync, Roster } from '@ironledger/bus';
import { type BusSubjects, type CommandError, type CommandReply, type CommandRequest, type HardwareQuery, type LocalConductor, type QueryReply } from '@ironledger/contracts';
import { connect, type NatsConnection, type Subscription } from '@nats-io/transport-node';
import { type Node } from '@ironledger/domain';
import { type Histogram } from 'prom-client';
import { type AgentLiveness, type HeardHeartbeat, parseHeardHeartbeat } from './agent/agent-liveness.js';

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
  /** This gateway among the others: its id, its read model, and how long a write waits for the others' (see `ReaderSync`). */
  readonly gateway: { readonly id: string; readonly readModel: LogFollower; readonly syncTimeoutMs: number };
  /** Where the agents' heartbeats that this gateway and the others take are kept. */
  readonly agents: AgentLiveness;
  /** A node as the gateway's read model has it: its command goes to the conductor the hash rings give it to. */
  readonly nodeOf?: (nodeId: string) => RingNode | undefined;
}

export class ConductorLink {
  private constructor(
    private readonly nats: NatsConnection,
    private readonly roster: Roster,
    private readonly client: ConductorClient,
    private readonly roundTrip: Histogram<'type' | 'result'>,
    private readonly local: LocalConductor | undefined,
    private readonly gateways: ReaderSync,
    private readonly agents: AgentLiveness,
    private readonly agentHeartbeats: { readonly subject: string; readonly subscription: Subscription },
  ) {}

  /** Connects to NATS (failing when it cannot) and starts listening to conductor heartbeats. */
  static async connect(options: ConductorLinkOptions): Promise<ConductorLink> {
    const nats = await connect({ ...natsAccess(options.natsUrl), name: 'ironledger gateway', maxReconnectAttempts: -1, noAsyncTraces: true });
    const roster = new Roster(nats, options.subjects.conductorHeartbeat, options.heartbeatIntervalMs).start();
    const { id, readModel, syncTimeoutMs } = options.gateway;
    const gateways = new ReaderSync(nats, readModel, {
      id,
      subjects: { heartbeat: options.subjects.gatewayHeartbeat, sync: options.subjects.gatewaySync },
      heartbeatIntervalMs: options.heartbeatIntervalMs,
      timeoutMs: syncTimeoutMs,
    }).start();
    const client = new ConductorClient(nats, { subjects: options.subjects, timeoutMs: options.commandTimeoutMs, ownerOf: options.nodeOf && nodeOwnerLookup(() => roster.members(), options.nodeOf) });
    const subject = options.subjects.agentHeartbeat;
    const subscription = nats.subscribe(subject, {
      callback: (_error, message) => {
        const heard = parseHeardHeartbeat(message.string());
        if (heard) options.agents.note(heard);
      },
    });
    return new ConductorLink(nats, roster, client, options.roundTrip, options.local, gateways, options.agents, { subject, subscription });
  }

  /** A heartbeat this gateway took (its command went through): noted here, and told to the other gateways. */
  agentHeartbeatTaken(heard: HeardHeartbeat): void {
    this.agents.note(heard);
    // Core NATS, lossy: a gateway that misses one (or all, while this connection closes) learns of the agent's next heartbeat.
    if (!this.nats.isClosed()) this.nats.publish(this.agentHeartbeats.subject, JSON.stringify(heard));
  }

  /** When the node's agent last heartbeat, as any gateway heard it (see `AgentLiveness`). */
  lastAgentHeartbeat(node: Node): string | null {
    return this.agents.lastHeartbeat(node);
  }

  /** Waits until every other live gateway's read model holds `position` (see `ReaderSync`); the ones that did not in time. */
  otherGatewaysReached(position: number): Promise<string[]> {
    return this.gateways.othersReached(position);
  }

  /** A conductor's reply to `command` (`unavailable` when none could answer); `S`, `E`: its resource's state and events. */
  send<S, E>(command: CommandRequest): Promise<CommandReply<S, E>> {
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
    this.agentHeartbeats.subscription.unsubscribe();
    this.gateways.stop();
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
