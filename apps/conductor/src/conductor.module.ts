import { type DynamicModule, Module } from '@nestjs/common';
import { commandController } from './command.controller.js';
import { Conductor } from './conductor.js';

@Module({})
export class ConductorModule {
  static forRoot(conductor: Conductor, commandSubjects: readonly string[]): DynamicModule {
    return { module: ConductorModule, controllers: [commandController(commandSubjects)], providers: [{ provide: Conductor, useValue: conductor }] };
  }
}
