/**
 * How the gateway carries out a command, whatever resource it goes to: first decided against
 * the projected resource (so a request the domain refuses never reaches a conductor and appends
 * nothing), then sent to a conductor, whose decision is the one that counts; once it has
 * appended, the projection is awaited up to that position so that the client reads its own write.
 */
import { Logger } from '@nestjs/common';
import { type LiveProjection } from '@ironledger/application';
import { type Command, type CommandErrorType, type HardwareQuery, type HardwareQuestion } from '@ironledger/contracts';
import { type CommandMeta, decide, decideAllocation, decideChassis, decideDeployTemplate, DomainError } from '@ironledger/domain';
import { type ConductorLink } from './conductor-link.js';

/** Who asked: the acting user and the API's request id travel into every event the request causes. */
export interface Caller {
  readonly requestId: string;
  readonly actor: string;
}

/** A conductor refused the command; `type` says why (see `STATUS_BY_ERROR_TYPE`). */
export class CommandRefused extends Error {
  constructor(
    readonly type: CommandErrorType,
    message: string,
  ) {
    super(message);
    this.name = 'CommandRefused';
  }
}

export function meta(caller: Caller): CommandMeta {
  return { at: new Date().toISOString(), actor: caller.actor, requestId: caller.requestId };
}

export class CommandRunner {
  private readonly logger = new Logger('commands');

  constructor(
    private readonly projection: LiveProjection,
    private readonly conductors: ConductorLink,
    /** How long a write waits for the projection to show it. */
    private readonly readYourWritesMs = 5000,
  ) {}

  /** Carries out `command`: the resource after it (`S`) and the events appended (`E`). */
  async run<S, E>(command: Command): Promise<{ state: S | null; events: E[] }> {
    this.tryDecision(command);
    const reply = await this.conductors.send<S, E>(command);
    if (!reply.ok) {
      // A failure the conductor recorded (a management call the hardware refused) is read back too.
      if (reply.error.position !== undefined) await this.readYourWrites(reply.error.position, command.type);
      throw new CommandRefused(reply.error.type, reply.error.message);
    }
    await this.readYourWrites(reply.position, command.type);
    return { state: reply.state, events: reply.events };
  }

  /** Asks a conductor about a node's hardware (`R`: the answer); nothing is appended. */
  async query<R>(nodeId: string, question: HardwareQuestion, caller: Caller): Promise<R> {
    const query: HardwareQuery = { type: 'QueryHardware', nodeId, data: question, meta: meta(caller) };
    const reply = await this.conductors.query<R>(query);
    if (!reply.ok) throw new CommandRefused(reply.error.type, reply.error.message);
    return reply.result;
  }

  private async readYourWrites(position: number, what: string): Promise<void> {
    if (!(await this.projection.waitFor(position, this.readYourWritesMs))) {
      this.logger.warn(`The projection did not reach position ${position} within ${this.readYourWritesMs} ms (${what})`);
    }
  }

  /** Lets the domain judge the command against the projected resource; its refusals go straight back to the client. */
  private tryDecision(command: Command): void {
    const model = this.projection.readModel;
    try {
      if ('chassisId' in command) decideChassis(command, model.chassis.get(command.chassisId) ?? null);
      else if ('allocationId' in command) decideAllocation(command, model.allocations.get(command.allocationId) ?? null);
      else if ('templateId' in command) decideDeployTemplate(command, model.deployTemplates.get(command.templateId) ?? null);
      else decide(command, model.get(command.nodeId) ?? null);
    } catch (error) {
      // Anything but a refusal is left to the conductor, whose decision counts.
      if (error instanceof DomainError) throw error;
    }
  }
}
