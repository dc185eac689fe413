/**
 * How the gateway carries out a command, whatever resource it goes to: first decided against
 * the projected resource (so a request the domain refuses never reaches a conductor and appends
 * nothing), then sent to a conductor, whose decision is the one that counts; once it has
 * appended, the client is answered only when this gateway's projection shows the write and so do
 * the other gateways' (within READ_SYNC_TIMEOUT_MS): whichever the client asks next reads its write.
 */
import { Logger } from '@nestjs/common';
import { type LiveProjection } from '@ironledger/application';
import { type Command, type CommandErrorType, type CommandReply, type HardwareQuery, type HardwareQuestion } from '@ironledger/contracts';
import { type CommandMeta, decide, decideAllocation, decideChassis, decideDeployTemplate, DomainError, NamedError } from '@ironledger/domain';
import { type ConductorLink } from './conductor-link.js';
import { ApiError } from './http/errors.js';

/** Who asked: the acting user and the API's request id travel into every event the request causes. */
export interface Caller {
  readonly requestId: string;
  readonly actor: string;
}

/** A conductor refused the command; `type` says why (see `STATUS_BY_ERROR_TYPE`). */
export class CommandRefused extends NamedError {
  constructor(
    readonly type: CommandErrorType,
    message: string,
  ) {
    super(message);
  }
}

export function meta(caller: Caller): CommandMeta {
  return { at: new Date().toISOString(), actor: caller.actor, requestId: caller.requestId };
}

/** What a request works out on the read model: the command that carries it out, or the resource when there is nothing to change. */
export type Plan<S> = { readonly command: Command } | { readonly unchanged: S };

/** How often a request is worked out again on a newer state before the client is asked to retry (409). */
export const MAX_PLANS = 10;

export class CommandRunner {
  private readonly logger = new Logger('commands');

  constructor(
    private readonly projection: LiveProjection,
    private readonly conductors: ConductorLink,
    /** How long a write waits for the projection to show it. */
    private readonly readYourWritesMs = 5000,
  ) {}

  /** Carries out `command`: the resource after it (`S`), the events appended (`E`), and what a synchronous vendor method returned. */
  async run<S, E>(command: Command): Promise<{ state: S | null; events: E[]; result?: unknown }> {
    this.tryDecision(command);
    return this.settle(command, await this.conductors.send<S, E>(command));
  }

  /**
   * Carries out a command worked out on the read model (a PATCH: its new values are computed from
   * the resource as the model shows it). `plan` runs on the model as it is now, synchronously, and
   * the command stands only if its resource has not changed since; if it has, the model is brought
   * up to the change and `plan` runs again, so a change is never decided on a state older than the
   * one it is appended to. After `MAX_PLANS` tries the client gets 409 and may retry.
   */
  async runPlanned<S, E>(plan: () => Plan<S>): Promise<{ state: S | null; events: E[] }> {
    for (let attempt = 1; ; attempt++) {
      const basis = this.projection.readModel.position;
      const planned = plan();
      if ('unchanged' in planned) return { state: planned.unchanged, events: [] };
      this.tryDecision(planned.command);
      const reply = await this.conductors.send<S, E>({ ...planned.command, basis });
      if (reply.ok || reply.error.type !== 'stale' || attempt >= MAX_PLANS) return this.settle(planned.command, reply);
      if (!(await this.caughtUp(reply.error.position!, planned.command.type))) {
        throw new ApiError(503, `The resource changed while the request was being applied, and this gateway could not catch up with the change within ${this.readYourWritesMs} ms; please retry.`);
      }
    }
  }

  /** The conductor's reply, once the projection shows what it appended. */
  private async settle<S, E>(command: Command, reply: CommandReply<S, E>): Promise<{ state: S | null; events: E[]; result?: unknown }> {
    if (!reply.ok) {
      // A failure the conductor recorded (a management call the hardware refused) is read back too.
      if (reply.error.position !== undefined) await this.caughtUp(reply.error.position, command.type);
      throw new CommandRefused(reply.error.type, reply.error.message);
    }
    if (!(await this.caughtUp(reply.position, command.type))) {
      throw new ApiError(503, `The request was carried out, but this gateway could not show its result within ${this.readYourWritesMs} ms; read the resource back before retrying.`);
    }
    // A command that appended nothing (a repeated heartbeat) wrote nothing the other gateways must show.
    const settled = { state: reply.state, events: reply.events, ...('result' in reply && { result: reply.result }) };
    if (reply.events.length === 0) return settled;
    const lagging = await this.conductors.otherGatewaysReached(reply.position);
    if (lagging.length > 0) this.logger.warn(`Gateways ${lagging.join(', ')} did not show position ${reply.position} within the read sync timeout (${command.type})`);
    return settled;
  }

  /** Asks a conductor about a node's hardware (`R`: the answer); nothing is appended. */
  async query<R>(nodeId: string, question: HardwareQuestion, caller: Caller): Promise<R> {
    const query: HardwareQuery = { type: 'QueryHardware', nodeId, data: question, meta: meta(caller) };
    const reply = await this.conductors.query<R>(query);
    if (!reply.ok) throw new CommandRefused(reply.error.type, reply.error.message);
    return reply.result;
  }

  /** Waits until this gateway's projection holds `position` (a client is never answered before it can read what it did); `false` after the timeout. */
  private async caughtUp(position: number, what: string): Promise<boolean> {
    if (await this.projection.waitFor(position, this.readYourWritesMs)) return true;
    this.logger.warn(`The projection did not reach position ${position} within ${this.readYourWritesMs} ms (${what})`);
    return false;
  }

  /** Lets the domain judge the command against the projected resource; its refusals go straight back to the client. */
  private tryDecision(command: Command): void {
    const model = this.projection.readModel;
    try {
      if ('chassisId' in command) decideChassis(command, model.chassis.get(command.chassisId) ?? null);
      else if ('allocationId' in command) decideAllocation(command, model.allocations.get(command.allocationId) ?? null);
      else if ('templateId' in command) decideDeployTemplate(command, model.deployTemplates.get(command.templateId) ?? null);
      // The drivers' judgement of the node (a deployment's validation) needs the conductors' settings: theirs alone.
      else decide(command, model.get(command.nodeId) ?? null);
    } catch (error) {
      // Anything but a refusal is left to the conductor, whose decision counts.
      if (error instanceof DomainError) throw error;
    }
  }
}
