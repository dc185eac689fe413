import { type DynamicModule, Inject, Module, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { PowerSync } from './power-sync.js';

/** Starts and stops the power sync loop with the Nest application. */
@Module({})
export class PowerSyncModule implements OnApplicationBootstrap, OnApplicationShutdown {
  constructor(@Inject(PowerSync) private readonly powerSync: PowerSync) {}

  static forRoot(powerSync: PowerSync): DynamicModule {
    return { module: PowerSyncModule, providers: [{ provide: PowerSync, useValue: powerSync }] };
  }

  onApplicationBootstrap(): void {
    this.powerSync.start();
  }

  onApplicationShutdown(): Promise<void> {
    return this.powerSync.stop();
  }
}
