import { type DynamicModule, Module } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { LiveProjection } from '@ironledger/application';
import { GATEWAY_CONFIG, type GatewayConfig } from './config.js';
import { ConductorLink } from './conductor-link.js';
import { IronicExceptionFilter } from './error.filter.js';
import { FleetController } from './fleet.controller.js';
import { NodeService } from './node-service.js';
import { NodesController } from './nodes.controller.js';
import { OpsController } from './ops.controller.js';
import { RootController } from './root.controller.js';

/** What the gateway runs on, opened by `main.ts` before the HTTP server starts. */
export interface GatewayDependencies {
  readonly config: GatewayConfig;
  readonly projection: LiveProjection;
  readonly conductors: ConductorLink;
}

@Module({})
export class GatewayModule {
  static forRoot({ config, projection, conductors }: GatewayDependencies): DynamicModule {
    return {
      module: GatewayModule,
      controllers: [RootController, NodesController, FleetController, OpsController],
      providers: [
        { provide: GATEWAY_CONFIG, useValue: config },
        { provide: LiveProjection, useValue: projection },
        { provide: ConductorLink, useValue: conductors },
        { provide: NodeService, useValue: new NodeService(projection, conductors) },
        { provide: APP_FILTER, useClass: IronicExceptionFilter },
      ],
    };
  }
}
