import { randomUUID } from 'node:crypto';
import { type CommandReply, Subjects } from '@ironledger/contracts';
import { type NodeCommand } from '@ironledger/domain';
import { connect, type NatsConnection } from '@nats-io/transport-node';

/** Sends node commands to the conductors the way the gateway does (NestJS's NATS request envelope). */
export class CommandBus {
  private constructor(private readonly nc: NatsConnection) {}

  static async connect(servers: string): Promise<CommandBus> {
    return new CommandBus(await connect({ servers }));
  }

  async send(command: Omit<NodeCommand, 'meta'> & { meta?: Partial<NodeCommand['meta']> }): Promise<CommandReply> {
    const meta = { at: new Date().toISOString(), actor: 'tester', requestId: `req-${randomUUID()}`, ...command.meta };
    const packet = { pattern: Subjects.conductorCommand, id: randomUUID(), data: { ...command, meta } };
    const reply = await this.nc.request(Subjects.conductorCommand, JSON.stringify(packet), { timeout: 10_000 });
    const body = JSON.parse(reply.string()) as { response?: CommandReply; err?: unknown };
    if (!body.response) throw new Error(`conductor error: ${JSON.stringify(body.err)}`);
    return body.response;
  }

  close(): Promise<void> {
    return this.nc.close();
  }
}
