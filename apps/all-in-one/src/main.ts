/**
 * The gateway, one conductor and power sync in one process, as Ironic's single-process `ironic`
 * runs its API and conductor together: one Node runtime and one projection of the store instead of
 * three, for a single machine. The gateway calls the conductor beside it instead of sending its
 * commands over NATS (as Ironic's does without an RPC transport); the rest still goes over NATS as
 * between separate services, so more conductors or power-sync instances may join from other
 * processes (they take commands from other processes' gateways, and take over this conductor's
 * work when it dies).
 *
 * The settings are each service's own (see their config.ts), from one environment; only the
 * metrics ports differ: GATEWAY_METRICS_PORT, CONDUCTOR_METRICS_PORT and POWER_SYNC_METRICS_PORT
 * (all off by default), since the services' METRICS_PORT would collide. The gateway serves its
 * metrics on its own API port as well.
 * The conductor and power sync drive BMCs through one set of hardware types: one connection pool
 * (REDFISH_MAX_SOCKETS is per process) and one Redfish session per BMC, as within one service.
 */
import { LiveProjection } from '@ironledger/application';
import { exitIfRefused } from '@ironledger/bus';
import { loadConfig as conductorConfig, startConductor } from '@ironledger/conductor/service';
import { closeHardwareTypes, hardwareTypes } from '@ironledger/drivers';
import { openEventStore, SharedSubscriptionStore } from '@ironledger/event-store';
import { loadConfig as gatewayConfig, startGateway } from '@ironledger/gateway/service';
import { stopOnSignal } from '@ironledger/observability';
import { loadConfig as powerSyncConfig, startPowerSync } from '@ironledger/power-sync/service';

const env = process.env;
const gatewaySettings = gatewayConfig({ ...env, METRICS_PORT: env.GATEWAY_METRICS_PORT });
const conductorSettings = conductorConfig({ ...env, METRICS_PORT: env.CONDUCTOR_METRICS_PORT });
const powerSyncSettings = powerSyncConfig({ ...env, METRICS_PORT: env.POWER_SYNC_METRICS_PORT });

// One subscription to the store feeds the one projection and the gateway's event relay.
const store = new SharedSubscriptionStore(await openEventStore(gatewaySettings.store).catch(exitIfRefused));
const projection = new LiveProjection(store);
await projection.start();
const shared = { store, projection };
// Both read their driver settings from the one environment.
const drivers = hardwareTypes(conductorSettings.drivers);

// The conductor first: the gateway sends commands as soon as it listens.
const conductor = await startConductor(conductorSettings, { ...shared, drivers });
const powerSync = await startPowerSync(powerSyncSettings, { ...shared, drivers });
const gateway = await startGateway(gatewaySettings, shared, conductor.local);

stopOnSignal(
  {
    async stop() {
      await gateway.stop();
      await powerSync.stop();
      await conductor.stop();
      await closeHardwareTypes(drivers);
      await projection.stop();
      await store.close();
    },
  },
  gateway.log,
);
