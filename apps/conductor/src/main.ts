import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { type MicroserviceOptions, Transport } from '@nestjs/microservices';
import { LiveProjection, NodeCommandHandler } from '@ironledger/application';
import { CONDUCTOR_QUEUE } from '@ironledger/contracts';
import { hardwareTypes } from '@ironledger/drivers';
import { openEventStore } from '@ironledger/event-store';
import { connect } from '@nats-io/transport-node';
import { loadConfig } from './config.js';
import { Conductor } from './conductor.js';
import { ConductorModule } from './conductor.module.js';
import { Watchdog } from './watchdog.js';
import { WorkRunner } from './work-runner.js';

const config = loadConfig();
const logger = new Logger(`conductor ${config.conductorId}`);
const log = (message: string) => logger.log(message);

const store = await openEventStore(config.store);
const projection = new LiveProjection(store);
await projection.start();
const handler = new NodeCommandHandler(store);
const drivers = hardwareTypes({ fakeStepDelayMs: config.fakeStepDelayMs });
const runner = new WorkRunner(handler, drivers, config, log);
const nats = await connect({ servers: config.natsUrl, name: `conductor ${config.conductorId}` });
const watchdog = new Watchdog(nats, projection, handler, config, log);
watchdog.start();

const app = await NestFactory.createMicroservice<MicroserviceOptions>(
  ConductorModule.forRoot(new Conductor(config.conductorId, handler, projection.readModel, drivers, runner)),
  { transport: Transport.NATS, options: { servers: config.natsUrl, queue: CONDUCTOR_QUEUE }, logger: ['error', 'warn', 'log'] },
);
await app.listen();
log(`ready: ${projection.readModel.size} nodes at position ${projection.readModel.position}`);

let stopping = false;
async function shutdown(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  log(`${signal}: finishing running work`);
  await app.close();
  await watchdog.stop();
  await runner.drain();
  await projection.stop();
  await store.close();
  await nats.drain();
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
