import { Controller, Inject, type Type } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { type CommandReply, type QueryReply } from '@ironledger/contracts';
import { Conductor } from './conductor.js';

/** The controller answering node commands on `subjects`: the queue group's (one conductor answers each), and this conductor's own. */
export function commandController(subjects: readonly string[]): Type<unknown> {
  @Controller()
  class CommandController {
    constructor(@Inject(Conductor) private readonly conductor: Conductor) {}

    @MessagePattern([...subjects])
    execute(@Payload() command: unknown): Promise<CommandReply<unknown, unknown> | QueryReply> {
      return this.conductor.execute(command);
    }
  }
  return CommandController;
}
