import { randomUUID } from 'node:crypto';
import { type NodeCommand } from '@ironledger/domain';
import { type NatsConnection } from '@nats-io/transport-node';
import { type CommandReply } from './messages.js';
import { busSubjects, type BusSubjects } from './names.js';

/**
 * Sends node commands to the conductors' queue group over NATS request/reply, in the envelope
 * NestJS's NATS transport expects (`{pattern, data, id}` → `{response | err, id}`).
 */
export class ConductorClient {
  constructor(
    private readonly nats: NatsConnection,
    private readonly subjects: BusSubjects = busSubjects(),
    private readonly timeoutMs = 10_000,
  ) {}

  async send(command: NodeCommand): Promise<CommandReply> {
    const packet = { pattern: this.subjects.conductorCommand, id: randomUUID(), data: command };
    let body: { response?: CommandReply; err?: unknown };
    try {
      const reply = await this.nats.request(this.subjects.conductorCommand, JSON.stringify(packet), { timeout: this.timeoutMs });
      body = JSON.parse(reply.string());
    } catch (error) {
      return { ok: false, error: { type: 'unavailable', message: `No conductor answered: ${(error as Error).message}` } };
    }
    return body.response ?? { ok: false, error: { type: 'internal', message: `Conductor error: ${JSON.stringify(body.err)}` } };
  }
}
