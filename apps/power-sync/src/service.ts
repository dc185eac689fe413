import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { LiveProjection, nodeOwnerLookup, type SharedState } from '@ironledger/application';
import { ConductorClient, exitIfRefused, natsAccess, Roster } from '@ironledger/bus';
import { closeHardwareTypes, hardwareTypes, type SharedHardware } from '@ironledger/drivers';
import { openEventStore } from '@ironledger/event-store';
import { NestLogger, serveMetrics, serviceLogger, serviceRegistry } from '@ironledger/observability';
import { connect } from '@nats-io/transport-node';
import { type PowerSyncConfig } from './config.js';

import { PassLedger } from './pass-ledger.js';
import { PowerSync, PowerSyncMetrics } from './power-sync.js';
import { PowerSyncModule } from './power-sync.module.js';

/** The service's settings from the environment (what `startPowerSync` takes). */
export { loadConfig } from './config.js';

/** Starts power sync: its passes begin at the next interval boundary. */
export async function startPowerSync(config: PowerSyncConfig, shared?: SharedState & SharedHardware): Promise<{ stop(): Promise<void> }> {
  const logger = serviceLogger(`power-sync ${config.instanceId}`);
  const log = (message: string) => logger.info(message);
  const registry = serviceRegistry('power-sync');

  const store = shared?.store ?? (await openEventStore(config.store).catch(exitIfRefused));
  const projection = shared?.projection ?? new LiveProjection(store);
  // Passes are planned on the nodes' summaries and each visit unpacks its node once: an instance of
  // its own keeps every node packed (but the few used most recently), whatever share it is given.
  if (!shared) await projection.start({ keep: () => false, reason: 'packed' });
  const nats = await connect({ ...natsAccess(config.natsUrl), name: `power-sync ${config.instanceId}`, maxReconnectAttempts: -1 });
  const syncIntervalMs = config.syncIntervalS * 1000;
  const recoveryIntervalMs = config.recoveryIntervalS * 1000;
  const ledger = await PassLedger.open(nats, { stream: config.passesStream, intervalMs: Math.max(syncIntervalMs, recoveryIntervalMs), replicas: config.passesReplicas }).catch(exitIfRefused);
  // The instances sharing the passes: each announces itself, and a ring over those alive gives each its share.
  const instances = new Roster(nats, config.subjects.powerSyncHeartbeat, config.heartbeatIntervalMs);
  const drivers = shared?.drivers ?? hardwareTypes(config.drivers);
  // What a visit found goes to the conductor owning the node, as a gateway sends a node's commands.
  const conductors = new Roster(nats, config.subjects.conductorHeartbeat, config.heartbeatIntervalMs).start();
  const ownerOf = nodeOwnerLookup(() => conductors.members(), (nodeId) => projection.readModel.get(nodeId));
  const powerSync = new PowerSync(projection, ledger, instances, new ConductorClient(nats, { subjects: config.subjects, timeoutMs: config.commandTimeoutMs, ownerOf }), drivers, { ...config, syncIntervalMs, recoveryIntervalMs }, new PowerSyncMetrics(registry, drivers), log);

  const app = await NestFactory.createApplicationContext(PowerSyncModule.forRoot(powerSync), { logger: new NestLogger(logger) });
  // Announced only now that its passes are scheduled: a plan that counts this instance is one it runs.
  instances.start(config.instanceId);
  const metricsServer = config.metricsPort > 0 ? await serveMetrics(registry, config.metricsPort, () => true, config.metricsHost) : undefined;
  log(`ready: ${projection.readModel.size} nodes, a pass every ${config.syncIntervalS} s, force=${config.force}, max retries ${config.maxRetries}`);

  return {
    async stop() {
      metricsServer?.close();
      await app.close();
      conductors.stop();
      instances.stop();
      if (!shared) {
        await closeHardwareTypes(drivers);
        await projection.stop();
        await store.close();
      }
      await nats.drain();
    },
  };
}
