import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { type MicroserviceOptions, Transport } from '@nestjs/microservices';
import { LiveProjection, NodeCommandHandler, UniqueClaims } from '@ironledger/application';
import { CONDUCTOR_QUEUE } from '@ironledger/contracts';
import { closeHardwareTypes, hardwareTypes } from '@ironledger/drivers';
import { openEventStore } from '@ironledger/event-store';
import { serveMetrics, serviceLogger, serviceRegistry } from '@ironledger/observability';
import { connect } from '@nats-io/transport-node';
import { loadConfig } from './config.js';
import { Conductor } from './conductor.js';
import { ConductorModule } from './conductor.module.js';
import { ConductorMetrics } from './metrics.js';
import { Watchdog } from './watchdog.js';
import { WorkRunner } from './work-runner.js';

const config = loadConfig();
const logger = serviceLogger(`conductor ${config.conductorId}`);
const log = (message: string) => logger.log(message);
const registry = serviceRegistry('conductor', config.conductorId);
const metrics = new ConductorMetrics(registry);

const store = await openEventStore(config.store);
const projection = new LiveProjection(store);
await projection.start();
const handler = new NodeCommandHandler(store);
// A node as its stream says: the judge of a claim older than its grace period.
const claims = new UniqueClaims(store, { currentNode: async (nodeId) => (await handler.load(nodeId)).node });
const drivers = hardwareTypes(config.drivers);
const runner = new WorkRunner(handler, drivers, config, log, metrics);
const nats = await connect({ servers: config.natsUrl, name: `conductor ${config.conductorId}`, maxReconnectAttempts: -1 });
const watchdog = new Watchdog(nats, projection, handler, config, log);
watchdog.start();

const app = await NestFactory.createMicroservice<MicroserviceOptions>(
  ConductorModule.forRoot(new Conductor(config.conductorId, handler, projection.readModel, drivers, runner, claims, metrics), config.subjects.conductorCommand),
  { transport: Transport.NATS, options: { servers: config.natsUrl, queue: CONDUCTOR_QUEUE, maxReconnectAttempts: -1, noAsyncTraces: true }, logger },
);
await app.listen();
let stopping = false;
const metricsServer = config.metricsPort > 0 ? await serveMetrics(registry, config.metricsPort, () => !stopping) : undefined;
log(`ready: ${projection.readModel.size} nodes at position ${projection.readModel.position}`);

async function shutdown(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  log(`${signal}: finishing running work`);
  await app.close();
  metricsServer?.close();
  await watchdog.stop();
  await runner.drain();
  await closeHardwareTypes(drivers);
  await projection.stop();
  await store.close();
  await nats.drain();
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
