import { Controller, Inject } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { type CommandReply, Subjects } from '@ironledger/contracts';
import { Conductor } from './conductor.js';

/** Node commands from the bus; one conductor of the queue group answers each. */
@Controller()
export class CommandController {
  constructor(@Inject(Conductor) private readonly conductor: Conductor) {}

  @MessagePattern(Subjects.conductorCommand)
  execute(@Payload() command: unknown): Promise<CommandReply> {
    return this.conductor.execute(command);
  }
}
