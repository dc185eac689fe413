import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { BmcSim } from '@ironledger/bmc-sim';
import { busSubjects } from '@ironledger/contracts';
import { connect } from '@nats-io/transport-node';
import { apiClient } from '../support/api.js';
import { CommandBus } from '../support/bus.js';
import { eventually, freePort, isolatedRun, natsUrl, type Service, spawnService } from '../support/processes.js';

jest.setTimeout(120_000);

/**
 * The all-in-one process (apps/all-in-one): the gateway, a conductor and power sync in one Node
 * process on one projection, with a real NATS server and simulated Redfish BMCs over HTTP.
 */
const run = isolatedRun('allinone');
let sim: BmcSim;
let service: Service;
let baseUrl = '';
let powerSyncMetrics = '';
const api = apiClient(() => baseUrl);

beforeAll(async () => {
  sim = await BmcSim.start({ port: 0, systems: 2 });
  const [port, metricsPort] = [await freePort(), await freePort()];
  baseUrl = `http://127.0.0.1:${port}`;
  powerSyncMetrics = `http://127.0.0.1:${metricsPort}/metrics`;
  service = spawnService('apps/all-in-one/src/main.ts', {
    NATS_URL: natsUrl(),
    ...run,
    GATEWAY_HOST: '127.0.0.1',
    GATEWAY_PORT: String(port),
    CONDUCTOR_ID: 'aio-conductor',
    POWER_SYNC_ID: 'aio-power-sync',
    POWER_SYNC_METRICS_PORT: String(metricsPort),
    // The variable each separate service reads: the all-in-one process must not open it twice.
    METRICS_PORT: String(metricsPort),
    SYNC_POWER_STATE_INTERVAL: '2',
    HEARTBEAT_INTERVAL_MS: '300',
    REDFISH_REQUEST_TIMEOUT_MS: '2000',
    LOG_FORMAT: 'text',
  });
  // Ready once the gateway answers and has heard the conductor of its own process.
  await eventually(
    async () => {
      if (service.exited()) throw new Error(`the all-in-one process exited:\n${service.output()}`);
      const ready = await fetch(`${baseUrl}/readyz`).catch(() => undefined);
      const body = ready?.ok ? ((await ready.json()) as { conductors?: string[] }) : undefined;
      return body?.conductors?.includes('aio-conductor') ? true : undefined;
    },
    60_000,
    'the all-in-one process ready',
  );
});

afterAll(async () => {
  await service?.stop('SIGKILL');
  await sim?.close();
});

const nodeOf = async (id: string) => (await api('GET', `/v1/nodes/${id}`)).json;

/** Enrolls a Redfish node on simulated BMC `bmc` and waits until the conductor has verified it. */
async function managedRedfishNode(name: string, bmc: number, credentials: Record<string, string>): Promise<string> {
  const created = await api('POST', '/v1/nodes', { body: { name, driver: 'redfish', driver_info: { redfish_address: sim.bmcUrl(bmc), ...credentials } } });
  expect(created.status).toBe(201);
  const id = created.json.uuid as string;
  expect((await api('PUT', `/v1/nodes/${id}/states/provision`, { body: { target: 'manage' } })).status).toBe(202);
  await eventually(async () => ((await nodeOf(id)).provision_state === 'manageable' ? true : undefined), 30_000, 'the node manageable');
  return id;
}

/** Power sync records the BMC off, then (force mode, the default) switches it off again when it is switched on behind its back. */
async function switchedOffAgain(id: string, bmc: number): Promise<void> {
  await eventually(async () => ((await nodeOf(id)).power_state === 'power off' ? true : undefined), 15_000, 'power off recorded');
  sim.control(bmc, { powerState: 'On' });
  await eventually(() => (sim.bmcs[bmc - 1]!.power === 'Off' ? true : undefined), 15_000, 'the BMC off again');
}

describe('the gateway, a conductor and power sync in one process', () => {
  it("gives its gateway's commands to its own conductor by a call, and still answers commands sent over NATS", async () => {
    // Every command sent over NATS passes the conductors' subject: a plain subscriber sees a copy.
    const watcher = await connect({ servers: natsUrl() });
    const overNats: string[] = [];
    watcher.subscribe(busSubjects(run.NATS_SUBJECT_PREFIX).conductorCommand, {
      callback: (_error, message) => {
        overNats.push(message.string());
      },
    });
    await watcher.flush();
    const bus = await CommandBus.connect(natsUrl(), run.NATS_SUBJECT_PREFIX);
    try {
      const created = await api('POST', '/v1/nodes', { body: { name: 'aio-local', driver: 'fake-hardware' } });
      expect(created.status).toBe(201);
      const id = created.json.uuid as string;
      expect((await api('PUT', `/v1/nodes/${id}/states/provision`, { body: { target: 'manage' } })).status).toBe(202);
      await eventually(async () => ((await nodeOf(id)).provision_state === 'manageable' ? true : undefined), 30_000, 'the node manageable');
      await watcher.flush();
      expect(overNats).toEqual([]);

      // Another process's command reaches the same conductor over NATS.
      const reply = await bus.send({ type: 'SetMaintenance', nodeId: id, data: { reason: 'from another process' } });
      expect(reply.ok).toBe(true);
      await watcher.flush();
      expect(overNats).toHaveLength(1);
      await eventually(async () => ((await nodeOf(id)).maintenance_reason === 'from another process' ? true : undefined), 10_000, 'the maintenance reason');
    } finally {
      await bus.close();
      await watcher.close();
    }
  });

  it('drives a BMC through one Redfish session for its conductor and power sync', async () => {
    // The conductor logs in to verify the BMC, and finds its system through the service root; then power sync reads it.
    const id = await managedRedfishNode('aio-session', 2, { redfish_username: 'admin', redfish_password: 'password', redfish_auth_type: 'session' });
    await switchedOffAgain(id, 2);

    const sessions = await fetch(`${sim.bmcUrl(2)}/redfish/v1/SessionService/Sessions`, { headers: { Authorization: `Basic ${Buffer.from('admin:password').toString('base64')}` } });
    expect(sessions.status).toBe(200);
    expect(((await sessions.json()) as { 'Members@odata.count': number })['Members@odata.count']).toBe(1);
  });

  it('enrolls and verifies a Redfish node, keeps its BMC at the recorded power state, and stops cleanly on SIGTERM', async () => {
    // The conductor verifies the BMC; the gateway's reads see it through the shared projection.
    const id = await managedRedfishNode('aio-1', 1, { redfish_system_id: '/redfish/v1/Systems/1', redfish_username: 'admin', redfish_password: 'password', redfish_auth_type: 'basic' });
    await switchedOffAgain(id, 1);
    expect((await nodeOf(id)).power_state).toBe('power off');
    const { events } = (await api('GET', `/v1/nodes/${id}/events`)).json as { events: { type: string }[] };
    expect(events.map((event) => event.type)).toContain('PowerStateRestored');

    // Power sync's metrics are on their own port; its reads are counted there.
    const metrics = await (await fetch(powerSyncMetrics)).text();
    expect(Number(/^ironledger_power_sync_bmc_reads_total\{[^}]*kind="sync"[^}]*\} (\d+)/m.exec(metrics)?.[1])).toBeGreaterThan(0);

    await service.stop('SIGTERM');
    expect(service.process.exitCode).toBe(0);
    expect(service.output()).toMatch(/SIGTERM: stopping/);
  });
});
