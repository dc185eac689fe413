import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { LiveProjection } from '@ironledger/application';
import { exitIfRefused } from '@ironledger/bus';
import { openEventStore, SharedSubscriptionStore } from '@ironledger/event-store';
import { EventRelay } from '@ironledger/lifecycle-events';
import { serviceRegistry } from '@ironledger/observability';
import { Logger } from 'nestjs-pino';
import { GatewayModule } from './app.module.js';
import { authenticatorFromEnv } from './http/auth.js';
import { loadConfig } from './config.js';
import { ConductorLink } from './conductor-link.js';
import { serveConsole } from './console/console-assets.js';
import { installJsonParser, installRequestContext } from './http/http-context.js';
import { serverOptions } from './http/server-options.js';
import { serveApiReferenceAssets } from './openapi/api-reference.js';
import { observeResponses } from './observability/access-log.js';
import { gatewayLogger } from './observability/gateway-logger.js';
import { GatewayMetrics } from './observability/gateway-metrics.js';

const config = loadConfig();
const rootLogger = gatewayLogger();
const logger = rootLogger.child({ context: 'gateway' });

// The projection and the relay follow the store through one subscription.
const store = new SharedSubscriptionStore(await openEventStore(config.store).catch(exitIfRefused));
const projection = new LiveProjection(store);
await projection.start();
const metrics = new GatewayMetrics(serviceRegistry('gateway', config.instanceId), store, projection);
const conductors = await ConductorLink.connect({ ...config, roundTrip: metrics.conductorRoundTrip });
// Subscribers' NATS stream is fed from the store itself; several gateways may relay at once.
const relay = new EventRelay({
  store,
  servers: config.natsUrl,
  stream: config.relay.stream,
  replicas: config.relay.replicas,
  subjectPrefix: config.relay.subjectPrefix,
  notifications: config.relay.notifications && {},
  onError: (error) => logger.warn(`event relay: ${(error as Error).message}`),
  knownSecrets: (id) => projection.readModel.secretsOf(id),
});
await relay.start().catch(exitIfRefused);

const adapter = new FastifyAdapter(serverOptions(config.http));
const auth = authenticatorFromEnv();
installRequestContext(adapter.getInstance(), auth);
installJsonParser(adapter.getInstance());
observeResponses(adapter.getInstance(), rootLogger, metrics);
serveConsole(adapter.getInstance());
const app = await NestFactory.create<NestFastifyApplication>(GatewayModule.forRoot({ config, store, projection, conductors, logger: rootLogger, metrics }), adapter, {
  bufferLogs: true,
  bodyParser: false,
});
app.useLogger(app.get(Logger));
serveApiReferenceAssets(app);
await app.listen(config.port, config.host);
logger.info(`ready: listening on ${await app.getUrl()}, ${projection.readModel.size} nodes at position ${projection.readModel.position}`);

let stopping = false;
async function shutdown(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  logger.info(`${signal}: stopping`);
  await app.close();
  await auth.close();
  await relay.stop();
  await conductors.close();
  await projection.stop();
  await store.close();
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
