import { Controller, Inject, type Type } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { type CommandReply, type QueryReply } from '@ironledger/contracts';
import { Conductor } from './conductor.js';

/** The controller answering node commands on `subject`; one conductor of the queue group answers each. */
export function commandController(subject: string): Type<unknown> {
  @Controller()
  class CommandController {
    constructor(@Inject(Conductor) private readonly conductor: Conductor) {}

    @MessagePattern(subject)
    execute(@Payload() command: unknown): Promise<CommandReply<unknown, unknown> | QueryReply> {
      return this.conductor.execute(command);
    }
  }
  return CommandController;
}
