import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { LiveProjection } from '@ironledger/application';
import { ConductorClient } from '@ironledger/contracts';
import { hardwareTypes } from '@ironledger/drivers';
import { openEventStore } from '@ironledger/event-store';
import { connect } from '@nats-io/transport-node';
import { loadConfig } from './config.js';
import { PowerSync } from './power-sync.js';
import { PowerSyncModule } from './power-sync.module.js';
import { PowerSyncQueue } from './work-queue.js';

const config = loadConfig();
const logger = new Logger(`power-sync ${config.instanceId}`);
const log = (message: string) => logger.log(message);

const store = await openEventStore(config.store);
const projection = new LiveProjection(store);
await projection.start();
const nats = await connect({ servers: config.natsUrl, name: `power-sync ${config.instanceId}` });
const syncIntervalMs = config.syncIntervalS * 1000;
const recoveryIntervalMs = config.recoveryIntervalS * 1000;
const queue = await PowerSyncQueue.open(nats, {
  stream: config.queueStream,
  // A visit may take a BMC timeout plus a restore; past that, it is another instance's.
  ackWaitMs: 60_000,
  duplicateWindowMs: Math.max(syncIntervalMs, recoveryIntervalMs),
});
const powerSync = new PowerSync(projection, queue, new ConductorClient(nats), hardwareTypes({ fakeStepDelayMs: config.fakeStepDelayMs }), { ...config, syncIntervalMs, recoveryIntervalMs }, log);

const app = await NestFactory.createApplicationContext(PowerSyncModule.forRoot(powerSync), { logger: ['error', 'warn', 'log'] });
log(`ready: ${projection.readModel.size} nodes, a pass every ${config.syncIntervalS} s, force=${config.force}, max retries ${config.maxRetries}`);

process.once('SIGTERM', () => void stop());
process.once('SIGINT', () => void stop());
async function stop(): Promise<void> {
  await app.close();
  await projection.stop();
  await store.close();
  await nats.drain();
  process.exit(0);
}
