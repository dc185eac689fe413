import { type DynamicModule, Module } from '@nestjs/common';
import { APP_FILTER, DiscoveryModule } from '@nestjs/core';
import { LiveProjection, mostRecentlyUsed } from '@ironledger/application';
import { type EventStore } from '@ironledger/event-store';
import { type Logger } from 'pino';
import { AgentController } from './agent/agent.controller.js';
import { AllocationsController } from './allocations/allocations.controller.js';
import { AllocationService } from './allocations/allocation.service.js';
import { AuditController } from './audit/audit.controller.js';
import { AuditService } from './audit/audit.service.js';
import { ChassisController } from './chassis/chassis.controller.js';
import { ChassisService } from './chassis/chassis.service.js';
import { GATEWAY_CONFIG, type GatewayConfig } from './config.js';
import { CommandRunner } from './commands.js';
import { ConductorLink } from './conductor-link.js';
import { FleetSummaryController } from './console/fleet-summary.controller.js';
import { DeployTemplatesController } from './deploy-templates/deploy-templates.controller.js';
import { DeployTemplateService } from './deploy-templates/deploy-template.service.js';
import { IronicExceptionFilter } from './http/error.filter.js';
import { FleetController } from './fleet/fleet.controller.js';
import { IntrospectionController } from './introspection/introspection.controller.js';
import { IntrospectionService } from './introspection/introspection.service.js';
import { ManagementController } from './management/management.controller.js';
import { ManagementService } from './management/management.service.js';
import { NodeService } from './nodes/node.service.js';
import { NodeTraitsController } from './nodes/node-traits.controller.js';
import { NodesController } from './nodes/nodes.controller.js';
import { gatewayLoggerModule } from './observability/gateway-logger.js';
import { GatewayMetrics } from './observability/gateway-metrics.js';
import { MetricsController } from './observability/metrics.controller.js';
import { OpenApiController } from './openapi/openapi.controller.js';
import { OpsController } from './ops/ops.controller.js';
import { PortsController } from './ports/ports.controller.js';
import { PortService } from './ports/port.service.js';
import { VifsController } from './ports/vifs.controller.js';
import { PortgroupsController } from './portgroups/portgroups.controller.js';
import { PortgroupService } from './portgroups/portgroup.service.js';
import { VolumeController } from './volume/volume.controller.js';
import { VolumeService } from './volume/volume.service.js';
import { RootController } from './root/root.controller.js';
import { ShardsController } from './shards/shards.controller.js';
import { EVENT_STORE } from './tokens.js';

/** What the gateway runs on, opened by `main.ts` before the HTTP server starts. */
export interface GatewayDependencies {
  readonly config: GatewayConfig;
  readonly store: EventStore;
  readonly projection: LiveProjection;
  readonly conductors: ConductorLink;
  /** The gateway's logger, which Nest logs through too. */
  readonly logger: Logger;
  readonly metrics: GatewayMetrics;
}

@Module({})
export class GatewayModule {
  static forRoot({ config, store, projection, conductors, logger, metrics }: GatewayDependencies): DynamicModule {
    // A write is shown within the time a conductor has to carry it out: on a loaded machine the read model may lag seconds.
    const commands = new CommandRunner(projection, conductors, config.commandTimeoutMs);
    const nodes = new NodeService(projection, commands);
    return {
      module: GatewayModule,
      imports: [gatewayLoggerModule(logger), DiscoveryModule],
      controllers: [
        RootController, NodesController, ChassisController, FleetController, AgentController, OpsController, PortsController, PortgroupsController, VolumeController,
        VifsController, IntrospectionController, AuditController, NodeTraitsController, AllocationsController, DeployTemplatesController, ShardsController, ManagementController,
        MetricsController, OpenApiController, FleetSummaryController,
      ],
      providers: [
        { provide: GATEWAY_CONFIG, useValue: config },
        { provide: EVENT_STORE, useValue: store },
        { provide: LiveProjection, useValue: projection },
        { provide: AuditService, useValue: new AuditService(store, projection, mostRecentlyUsed(config.wholeNodes)) },
        { provide: ConductorLink, useValue: conductors },
        { provide: GatewayMetrics, useValue: metrics },
        { provide: NodeService, useValue: nodes },
        { provide: ChassisService, useValue: new ChassisService(projection, commands) },
        { provide: AllocationService, useValue: new AllocationService(projection, commands) },
        { provide: DeployTemplateService, useValue: new DeployTemplateService(projection, commands) },
        { provide: PortService, useValue: new PortService(projection, commands) },
        { provide: PortgroupService, useValue: new PortgroupService(projection, commands) },
        { provide: VolumeService, useValue: new VolumeService(projection, commands) },
        { provide: IntrospectionService, useValue: new IntrospectionService(projection, nodes, config.inspector) },
        { provide: ManagementService, useValue: new ManagementService(nodes, commands) },
        { provide: APP_FILTER, useClass: IronicExceptionFilter },
      ],
    };
  }
}
