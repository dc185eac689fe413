import { type DynamicModule, Module } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { LiveProjection } from '@ironledger/application';
import { type EventStore } from '@ironledger/event-store';
import { AuditController } from './audit.controller.js';
import { AuditService } from './audit-service.js';
import { GATEWAY_CONFIG, type GatewayConfig } from './config.js';
import { ConductorLink } from './conductor-link.js';
import { IronicExceptionFilter } from './error.filter.js';
import { FleetController } from './fleet.controller.js';
import { IntrospectionController } from './introspection.controller.js';
import { IntrospectionService } from './introspection-service.js';
import { NodeService } from './node-service.js';
import { NodesController } from './nodes.controller.js';
import { OpsController } from './ops.controller.js';
import { PortsController } from './ports.controller.js';
import { RootController } from './root.controller.js';
import { EVENT_STORE } from './tokens.js';

/** What the gateway runs on, opened by `main.ts` before the HTTP server starts. */
export interface GatewayDependencies {
  readonly config: GatewayConfig;
  readonly store: EventStore;
  readonly projection: LiveProjection;
  readonly conductors: ConductorLink;
}

@Module({})
export class GatewayModule {
  static forRoot({ config, store, projection, conductors }: GatewayDependencies): DynamicModule {
    const nodes = new NodeService(projection, conductors);
    return {
      module: GatewayModule,
      controllers: [RootController, NodesController, FleetController, OpsController, PortsController, IntrospectionController, AuditController],
      providers: [
        { provide: GATEWAY_CONFIG, useValue: config },
        { provide: EVENT_STORE, useValue: store },
        { provide: LiveProjection, useValue: projection },
        { provide: AuditService, useValue: new AuditService(store, projection) },
        { provide: ConductorLink, useValue: conductors },
        { provide: NodeService, useValue: nodes },
        { provide: IntrospectionService, useValue: new IntrospectionService(projection, nodes, config.inspector) },
        { provide: APP_FILTER, useClass: IronicExceptionFilter },
      ],
    };
  }
}
