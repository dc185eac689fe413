import { type DynamicModule, Module } from '@nestjs/common';
import { CommandController } from './command.controller.js';
import { Conductor } from './conductor.js';

@Module({})
export class ConductorModule {
  static forRoot(conductor: Conductor): DynamicModule {
    return { module: ConductorModule, controllers: [CommandController], providers: [{ provide: Conductor, useValue: conductor }] };
  }
}
