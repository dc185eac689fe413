import { randomUUID } from 'node:crypto';
import { ConductorClient, type ConductorClientOptions } from '@ironledger/bus';
import { busSubjects, type CommandReply } from '@ironledger/contracts';
import { type NodeCommand } from '@ironledger/domain';
import { connect, type NatsConnection } from '@nats-io/transport-node';

/** Sends node commands to the conductors as the gateway does, filling in request metadata. */
export class CommandBus {
  private constructor(
    private readonly nc: NatsConnection,
    private readonly client: ConductorClient,
  ) {}

  /** `subjectPrefix`: the run's NATS_SUBJECT_PREFIX (see `isolatedRun`); `ownerOf`: the conductor to send a command to, as a gateway knows it. */
  static async connect(servers: string, subjectPrefix?: string, ownerOf?: ConductorClientOptions['ownerOf']): Promise<CommandBus> {
    const nc = await connect({ servers });
    return new CommandBus(nc, new ConductorClient(nc, { subjects: busSubjects(subjectPrefix), timeoutMs: 10_000, ownerOf }));
  }

  send(command: Omit<NodeCommand, 'meta'> & { meta?: Partial<NodeCommand['meta']> }): Promise<CommandReply> {
    const meta = { at: new Date().toISOString(), actor: 'tester', requestId: `req-${randomUUID()}`, ...command.meta };
    return this.client.send({ ...command, meta } as NodeCommand);
  }

  close(): Promise<void> {
    this.client.close();
    return this.nc.close();
  }
}
