import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { LiveProjection, mostRecentlyUsed, type SharedState } from '@ironledger/application';
import { exitIfRefused } from '@ironledger/bus';
import { type LocalConductor } from '@ironledger/contracts';
import { openEventStore, SharedSubscriptionStore } from '@ironledger/event-store';
import { EventRelay } from '@ironledger/lifecycle-events';
import { processAccessLogger, processLogger, serveMetrics, serviceRegistry } from '@ironledger/observability';
import { Logger } from 'nestjs-pino';
import { GatewayModule } from './app.module.js';
import { accessSettingsFromEnv, policyFromEnv } from './http/access.js';
import { installAccessPolicy } from './http/access-hook.js';
import { authenticatorFromEnv } from './http/auth.js';
import { type GatewayConfig } from './config.js';

import { AgentLiveness } from './agent/agent-liveness.js';
import { ConductorLink } from './conductor-link.js';
import { serveConsole } from './console/console-assets.js';
import { installJsonParser, installRequestContext } from './http/http-context.js';
import { installRouteBodyLimits, serverOptions } from './http/server-options.js';
import { UnprefixedPaths } from './http/unprefixed.js';
import { serveApiReferenceAssets } from './openapi/api-reference.js';
import { observeResponses } from './observability/access-log.js';
import { GatewayMetrics } from './observability/gateway-metrics.js';

/** The service's settings from the environment (what `startGateway` takes). */
export { loadConfig } from './config.js';

export interface RunningGateway {
  /** Where the Ironic API listens. */
  readonly url: string;
  /** Logs as the gateway does (the log format operators and tests read). */
  readonly log: (message: string) => void;
  /** Answers no more requests and closes what the gateway opened. */
  stop(): Promise<void>;
}

/**
 * The projection and the event relay follow the store through one subscription. With `shared` the
 * gateway runs beside other services of the same process, on their store and projection, and
 * sends its commands to that process's conductor (`local`) when there is one.
 */
export async function startGateway(config: GatewayConfig, shared?: SharedState, local?: LocalConductor): Promise<RunningGateway> {
  const rootLogger = processLogger();
  const logger = rootLogger.child({ context: 'gateway' });
  // The operator's policy is read first: a bad file stops the gateway before it connects to anything.
  const policy = policyFromEnv();
  const accessSettings = accessSettingsFromEnv();

  const store = shared?.store ?? new SharedSubscriptionStore(await openEventStore(config.store).catch(exitIfRefused));
  const projection = shared?.projection ?? new LiveProjection(store);
  // Its own read model keeps whole only the nodes used most recently (the all-in-one's keeps every node whole for its conductor and power sync).
  if (!shared) await projection.start(mostRecentlyUsed(config.wholeNodes));
  const agents = new AgentLiveness((nodeId) => projection.readModel.get(nodeId));
  const metrics = new GatewayMetrics(serviceRegistry('gateway'), store, projection, { ...config.metrics, lastHeartbeat: (node) => agents.lastHeartbeat(node) });
  const gateway = { id: config.instanceId, readModel: projection, syncTimeoutMs: config.readSyncTimeoutMs };
  const conductors = await ConductorLink.connect({ ...config, roundTrip: metrics.conductorRoundTrip, local, gateway, agents, nodeOf: (nodeId) => projection.readModel.get(nodeId) });
  // Subscribers' NATS streams are fed from the store itself; several gateways may relay at once.
  const { projects, ...fleetRelay } = config.relay;
  const relays = [
    new EventRelay({ ...fleetRelay, store, servers: config.natsUrl, notifications: fleetRelay.notifications && {}, onError: (error) => logger.warn(`event relay: ${(error as Error).message}`) }),
    ...(projects ? [new EventRelay({ ...projects, scope: 'projects', store, servers: config.natsUrl, replicas: fleetRelay.replicas, onError: (error) => logger.warn(`project event relay: ${(error as Error).message}`) })] : []),
  ];
  for (const relay of relays) await relay.start().catch(exitIfRefused);

  const unprefixed = new UnprefixedPaths();
  const adapter = new FastifyAdapter({ ...serverOptions(config.http), rewriteUrl: unprefixed.rewriteUrl });
  unprefixed.observeRoutes(adapter.getInstance());
  const auth = authenticatorFromEnv();
  installRequestContext(adapter.getInstance(), auth, policy);
  installAccessPolicy(adapter.getInstance(), policy, accessSettings, () => projection.readModel);
  installJsonParser(adapter.getInstance());
  installRouteBodyLimits(adapter.getInstance());
  observeResponses(adapter.getInstance(), processAccessLogger(), metrics);
  serveConsole(adapter.getInstance());
  const app = await NestFactory.create<NestFastifyApplication>(GatewayModule.forRoot({ config, store, projection, conductors, logger: rootLogger, metrics }), adapter, {
    bufferLogs: true,
    bodyParser: false,
  });
  app.useLogger(app.get(Logger));
  serveApiReferenceAssets(app);
  await app.listen(config.port, config.host);
  const url = await app.getUrl();
  let stopping = false;
  const metricsServer = config.metrics.port > 0 ? await serveMetrics(metrics.registry, config.metrics.port, () => !stopping, config.metrics.host) : undefined;
  logger.info(`ready: listening on ${url}, ${projection.readModel.size} nodes at position ${projection.readModel.position}`);

  return {
    url,
    log: (message) => logger.info(message),
    async stop() {
      stopping = true;
      metricsServer?.close();
      await app.close();
      await auth.close();
      for (const relay of relays) await relay.stop();
      await conductors.close();
      if (!shared) {
        await projection.stop();
        await store.close();
      }
    },
  };
}
