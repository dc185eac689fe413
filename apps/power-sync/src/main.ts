import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { LiveProjection } from '@ironledger/application';
import { ConductorClient, exitIfRefused, natsServers } from '@ironledger/bus';
import { closeHardwareTypes, hardwareTypes } from '@ironledger/drivers';
import { openEventStore } from '@ironledger/event-store';
import { serveMetrics, serviceLogger, serviceRegistry } from '@ironledger/observability';
import { connect } from '@nats-io/transport-node';
import { loadConfig } from './config.js';
import { PowerSync, PowerSyncMetrics } from './power-sync.js';
import { PowerSyncModule } from './power-sync.module.js';
import { PowerSyncQueue } from './work-queue.js';

const config = loadConfig();
const logger = serviceLogger(`power-sync ${config.instanceId}`);
const log = (message: string) => logger.log(message);
const registry = serviceRegistry('power-sync', config.instanceId);

const store = await openEventStore(config.store).catch(exitIfRefused);
const projection = new LiveProjection(store);
await projection.start();
const nats = await connect({ servers: natsServers(config.natsUrl), name: `power-sync ${config.instanceId}`, maxReconnectAttempts: -1 });
const syncIntervalMs = config.syncIntervalS * 1000;
const recoveryIntervalMs = config.recoveryIntervalS * 1000;
const queue = await PowerSyncQueue.open(nats, {
  stream: config.queueStream,
  ackWaitMs: config.ackWaitMs,
  duplicateWindowMs: Math.max(syncIntervalMs, recoveryIntervalMs),
  replicas: config.queueReplicas,
}).catch(exitIfRefused);
const drivers = hardwareTypes(config.drivers);
const powerSync = new PowerSync(projection, queue, new ConductorClient(nats, { subjects: config.subjects, timeoutMs: config.commandTimeoutMs }), drivers, { ...config, syncIntervalMs, recoveryIntervalMs }, new PowerSyncMetrics(registry, drivers), log);

const app = await NestFactory.createApplicationContext(PowerSyncModule.forRoot(powerSync), { logger });
const metricsServer = config.metricsPort > 0 ? await serveMetrics(registry, config.metricsPort, () => true, config.metricsHost) : undefined;
log(`ready: ${projection.readModel.size} nodes, a pass every ${config.syncIntervalS} s, force=${config.force}, max retries ${config.maxRetries}`);

process.once('SIGTERM', () => void stop());
process.once('SIGINT', () => void stop());
async function stop(): Promise<void> {
  metricsServer?.close();
  await app.close();
  await closeHardwareTypes(drivers);
  await projection.stop();
  await store.close();
  await nats.drain();
  process.exit(0);
}
