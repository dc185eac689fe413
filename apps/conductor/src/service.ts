import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { type MicroserviceOptions, Transport } from '@nestjs/microservices';
import { AllocationCommandHandler, Allocator, ChassisCommandHandler, DeployTemplateCommandHandler, type Handled, handleWithClaims, LiveProjection, NodeCommandHandler, type SharedState, UniqueClaims } from '@ironledger/application';
import { exitIfRefused, natsAccess, Roster } from '@ironledger/bus';
import { CONDUCTOR_QUEUE, conductorOwnSubject, type LocalConductor, type ResourceKind } from '@ironledger/contracts';
import { type CommandMeta, type Node, type NodeEvent } from '@ironledger/domain';
import { closeHardwareTypes, driverCheck, type HardwareType, hardwareTypes, type SharedHardware } from '@ironledger/drivers';
import { openEventStore } from '@ironledger/event-store';
import { NestLogger, serveMetrics, serviceLogger, serviceRegistry } from '@ironledger/observability';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { type ConductorConfig } from './config.js';

import { Conductor } from './conductor.js';
import { ConductorModule } from './conductor.module.js';
import { ConductorMetrics } from './metrics.js';
import { RaidTaskPoller } from './raid-poller.js';
import { Watchdog } from './watchdog.js';
import { type WorkJournal, WorkRunner } from './work-runner.js';

/** The service's settings from the environment (what `startConductor` takes). */
export { loadConfig } from './config.js';

export interface RunningConductor {
  /** The conductor itself, for a gateway in the same process: it answers as it does over NATS. */
  readonly local: LocalConductor;
  /** Takes no new work, finishes what runs, and closes what the conductor opened. */
  stop(): Promise<void>;
}

/** Starts a conductor: it takes node commands from NATS once this resolves. */
export async function startConductor(config: ConductorConfig, shared?: SharedState & SharedHardware): Promise<RunningConductor> {
  const logger = serviceLogger(`conductor ${config.conductorId}`);
  const log = (message: string) => logger.info(message);
  const registry = serviceRegistry('conductor');
  const metrics = new ConductorMetrics(registry);

  const store = shared?.store ?? (await openEventStore(config.store).catch(exitIfRefused));
  const projection = shared?.projection ?? new LiveProjection(store);
  // Until its watchdog knows its share (see `keepOwnShare`), the nodes it holds are the only ones it keeps whole.
  if (!shared) await projection.start({ keep: (node) => node.reservation === config.conductorId, reason: 'catching up' });
  // Verbs and power actions are decided with the drivers' judgement of the node's interfaces, as Ironic's conductor validates them.
  const handler = new NodeCommandHandler(store, undefined, undefined, driverCheck(config.drivers.agent?.images));
  const chassis = new ChassisCommandHandler(store);
  const allocations = new AllocationCommandHandler(store);
  const templates = new DeployTemplateCommandHandler(store);
  const handlers: Readonly<Record<ResourceKind, { load(id: string): Promise<{ state: unknown }> }>> = { node: handler, chassis, allocation: allocations, deploy_template: templates };
  // A resource as its stream says: the judge of a claim older than its grace period.
  const claims = new UniqueClaims(store, { currentState: async (kind, id) => (await handlers[kind].load(id)).state });
  const drivers = shared?.drivers ?? hardwareTypes(config.drivers);
  // The conductor's own view of the drivers: its BMC calls timed and their failures counted.
  const measuredDrivers: ReadonlyMap<string, HardwareType> = new Map([...drivers].map(([name, hardware]) => [name, metrics.measured(hardware)]));
  const allocator = new Allocator({ nodes: handler, allocations, fleet: projection.readModel, caughtUp: (position) => projection.waitFor(position), claims }, config, log);
  // A finished tear-down ends the allocation that brought the instance, and frees the instance UUID.
  const afterOutcome = async ({ events, previous, state }: Handled<NodeEvent, Node>, meta: CommandMeta) => {
    await allocator.afterNodeCommit(null, events, meta);
    if (previous) await claims.releaseGivenUp(previous.uuid, previous, state, { requestId: meta.requestId, actor: meta.actor });
  };
  const journal: WorkJournal = (level, fields, message) => logger[level](fields, message);
  const claimParts = { conductorId: config.conductorId, nodes: handler, claims, fleet: projection.readModel };
  const runner = new WorkRunner(handler, measuredDrivers, { ...config, onRecorded: afterOutcome, journal, handleWithClaims: (command) => handleWithClaims(claimParts, command, {}) }, log, metrics);
  const nats = await connect({ ...natsAccess(config.natsUrl), name: `conductor ${config.conductorId}`, maxReconnectAttempts: -1 });

  const conductor = new Conductor({
    id: config.conductorId, nodes: handler, chassis, templates, allocator, fleet: projection.readModel, drivers: measuredDrivers, runner, claims, metrics,
    allowDeletingAvailableNodes: config.allowDeletingAvailableNodes, ramdiskImages: config.drivers.agent?.images,
  });
  const app = await NestFactory.createMicroservice<MicroserviceOptions>(
    // The queue group's subject, and this conductor's own: where gateways send the commands of the nodes the rings give it.
    ConductorModule.forRoot(conductor, [config.subjects.conductorCommand, conductorOwnSubject(config.subjects, config.conductorId)]),
    { transport: Transport.NATS, options: { ...natsAccess(config.natsUrl), queue: CONDUCTOR_QUEUE, maxReconnectAttempts: -1, noAsyncTraces: true }, logger: new NestLogger(logger) },
  );
  await app.listen();
  // The command subscription must reach the server before the heartbeat does, or a gateway that
  // hears it may send a command nobody listens for yet ("no responders").
  await app.unwrap<NatsConnection>().flush();
  // Announced only once it takes commands: a gateway that hears this conductor may send it one.
  const card = { group: config.conductorGroup, drivers: [...drivers.keys()] };
  const roster = new Roster(nats, config.subjects.conductorHeartbeat, config.heartbeatIntervalMs).start(config.conductorId, card);
  // Each node is looked after by the conductor the rings give it to (see `Watchdog`).
  const watchdog = new Watchdog(roster, projection, handler, { ...config, ring: card, ownReadModel: !shared }, log, { allocations: allocator, work: runner });
  watchdog.start();
  // The RAID tasks of the nodes the rings give this conductor, polled every REDFISH_RAID_CONFIG_STATUS_INTERVAL_S (Ironic's 60 s default).
  const raidPoller = new RaidTaskPoller(roster, projection, handler, measuredDrivers, runner, {
    conductorId: config.conductorId,
    intervalMs: (config.drivers.redfish?.raidConfigStatusIntervalS ?? 60) * 1000,
    ring: card,
  }, log);
  raidPoller.start();
  let stopping = false;
  const metricsServer = config.metricsPort > 0 ? await serveMetrics(registry, config.metricsPort, () => !stopping && roster.connected, config.metricsHost) : undefined;
  log(`ready: ${projection.readModel.size} nodes at position ${projection.readModel.position}`);

  return {
    local: conductor,
    async stop() {
      stopping = true;
      await app.close();
      metricsServer?.close();
      await watchdog.stop();
      await raidPoller.stop();
      roster.stop();
      // Running work finishes, work not started is left to recovery, and so are outcomes the store does not take within 30 s.
      const giveUp = setTimeout(() => runner.stop(), 30_000);
      await runner.shutdown();
      await allocator.drain();
      clearTimeout(giveUp);
      if (!shared) {
        await closeHardwareTypes(drivers);
        await projection.stop();
        await store.close();
      }
      await nats.drain();
    },
  };
}
