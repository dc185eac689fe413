import { afterAll, afterEach, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { createServer } from 'node:net';
import { NodeCommandHandler } from '@ironledger/application';
import { nodeStreamId } from '@ironledger/contracts';
import { type Node } from '@ironledger/domain';
import { JetStreamEventStore, type RecordedEvent } from '@ironledger/event-store';
import { BmcSim } from '@ironledger/bmc-sim';
import { CommandBus } from '../support/bus.js';
import { eventually, isolatedRun, natsUrl, type Service, sleep, startService } from '../support/processes.js';

jest.setTimeout(120_000);

/**
 * Power sync as real processes: a conductor, power-sync instances, and simulated Redfish BMCs
 * over real HTTP. Each scenario uses its own range of BMCs and its own power-sync instances.
 */
const INTERVAL_S = 2;
const run = isolatedRun('powersync');
// Redfish requests get 3 s: 40 verifications at once on a loaded machine take a few hundred ms each.
// The test of hanging BMCs gives its power sync a short timeout of its own.
const base = { NATS_URL: natsUrl(), ...run, HEARTBEAT_INTERVAL_MS: '300', REDFISH_REQUEST_TIMEOUT_MS: '3000', REDFISH_POLL_INTERVAL_MS: '50', LOG_FORMAT: 'text' };
let sim: BmcSim;
let conductor: Service;
let bus: CommandBus;
let store: JetStreamEventStore;
/** The power-sync instances of the running scenario, each scenario's on a passes' stream of its own (sharing passes: partition.int.spec.ts). */
let services: Service[] = [];

beforeAll(async () => {
  sim = await BmcSim.start({ port: 0, systems: 100 });
  conductor = await startService('apps/conductor/src/main.ts', { ...base, CONDUCTOR_ID: 'ps-conductor' }, { name: 'conductor' });
  bus = await CommandBus.connect(natsUrl(), run.NATS_SUBJECT_PREFIX);
  store = await JetStreamEventStore.connect({ servers: natsUrl(), stream: run.JETSTREAM_STREAM, subjectPrefix: run.JETSTREAM_SUBJECT_PREFIX });
});

afterEach(async () => {
  await Promise.all(services.map((s) => s.stop('SIGKILL')));
  services = [];
});

afterAll(async () => {
  await conductor?.stop();
  await bus?.close();
  await store?.close();
  await sim?.close();
});

/** Power-sync instances sharing one passes' stream, with the given settings. */
async function powerSync(count: number, env: Record<string, string>): Promise<Service[]> {
  const queue = `PS_${randomUUID().slice(0, 8).toUpperCase()}`;
  const started = await Promise.all(
    Array.from({ length: count }, (_, i) =>
      startService('apps/power-sync/src/main.ts', { ...base, SYNC_POWER_STATE_INTERVAL: String(INTERVAL_S), POWER_FAILURE_RECOVERY_INTERVAL: String(INTERVAL_S), POWER_SYNC_PASSES: queue, POWER_SYNC_ID: `ps-${queue}-${i}`, ...env }, { name: `power-sync ${i}` }),
    ),
  );
  services.push(...started);
  return started;
}

const load = async (id: string): Promise<Node> => (await new NodeCommandHandler(store).load(id)).state!;
const history = async (id: string): Promise<RecordedEvent[]> => store.readStream(nodeStreamId(id));
const types = async (id: string) => (await history(id)).map((e) => e.type);

/**
 * Enrolls a Redfish node for BMC n and, unless told otherwise, manages it (verifying its credentials:
 * up to 30 s, as 40 at once on a busy machine take over 10 s). Each waiting node reads its stream
 * every 250 ms: 40 of them every 50 ms slowed the verifications they wait for.
 */
async function enroll(n: number, { manage = true, fields = {} as Record<string, unknown> } = {}): Promise<string> {
  const nodeId = randomUUID();
  const driver_info = { redfish_address: sim.bmcUrl(n), redfish_system_id: `/redfish/v1/Systems/${n}`, redfish_username: 'admin', redfish_password: 'password', redfish_auth_type: 'basic' };
  expect((await bus.send({ type: 'RegisterNode', nodeId, data: { driver: 'redfish', driver_info, provision_state: 'enroll', ...fields } })).ok).toBe(true);
  if (manage) {
    expect((await bus.send({ type: 'RequestProvisionAction', nodeId, data: { target: 'manage' } })).ok).toBe(true);
    await eventually(async () => ((await load(nodeId)).provision_state === 'manageable' ? true : undefined), 30_000, `node ${nodeId} manageable`, 250);
  }
  return nodeId;
}

/** Waits until the node shows `state`: by default within 15 s; passes that start at multiples of a long interval give the time of two. */
const powerOf = (nodeId: string, state: string, timeoutMs = 15_000) => eventually(async () => ((await load(nodeId)).power_state === state ? true : undefined), timeoutMs, `${nodeId} ${state}`);

describe('record mode (force_power_state_during_sync = false)', () => {
  it('records the BMC’s state, then a change made behind the service’s back', async () => {
    const nodes = await Promise.all([1, 2, 3].map((n) => enroll(n)));
    await powerSync(1, { FORCE_POWER_STATE_DURING_SYNC: 'false' });
    await Promise.all(nodes.map((id) => powerOf(id, 'power off')));
    sim.control(2, { powerState: 'On' });
    await powerOf(nodes[1], 'power on');
    const corrected = (await history(nodes[1])).filter((e) => e.type === 'PowerStateCorrected').map((e) => e.data);
    expect(corrected).toEqual([{ from: null, to: 'power off' }, { from: 'power off', to: 'power on' }]);
    expect(sim.bmcs[1].power).toBe('On');
    expect((await history(nodes[1])).at(-1)?.metadata).toMatchObject({ actor: 'power-sync' });
  });
});

describe('force mode (the default)', () => {
  it('pushes the BMC back to the recorded state and records that it did', async () => {
    const nodeId = await enroll(10);
    await powerSync(1, {});
    await powerOf(nodeId, 'power off');
    sim.control(10, { powerState: 'On' });
    await eventually(async () => ((await types(nodeId)).includes('PowerStateRestored') ? true : undefined), 15_000, 'a restore');
    expect((await load(nodeId)).power_state).toBe('power off');
    await eventually(() => (sim.bmcs[9].power === 'Off' ? true : undefined), 5000, 'the BMC off again');
  });
});

describe('after a deployment', () => {
  it('leaves a freshly deployed machine on: the deployment recorded the power state it left', async () => {
    // A ramdisk deployment boots the instance's ISO; no agent is involved, and no cleaning.
    const fields = { deploy_interface: 'ramdisk', boot_interface: 'redfish-virtual-media', automated_clean: false, instance_info: { boot_iso: 'http://images.example/live.iso' } };
    const nodeId = await enroll(55, { fields });
    await powerSync(1, {});
    for (const [target, state] of [['provide', 'available'], ['active', 'active']] as const) {
      expect((await bus.send({ type: 'RequestProvisionAction', nodeId, data: { target } })).ok).toBe(true);
      await eventually(async () => ((await load(nodeId)).provision_state === state ? true : undefined), 15_000, `node ${nodeId} ${state}`);
    }
    expect(sim.bmcs[54].power).toBe('On');
    expect(sim.bmcs[54]).toMatchObject({ media: { Cd: { image: 'http://images.example/live.iso', inserted: true } }, bootTarget: 'Cd', bootEnabled: 'Continuous' });
    expect((await load(nodeId)).power_state).toBe('power on');
    // Two passes of power sync in force mode.
    await sleep(2 * INTERVAL_S * 1000 + 500);
    expect(sim.bmcs[54].power).toBe('On');
    expect((await load(nodeId)).power_state).toBe('power on');
    expect(await types(nodeId)).not.toContain('PowerStateRestored');
  });
});

describe('failing BMCs', () => {
  it('puts a node into maintenance after max retries and lifts it when the BMC answers again', async () => {
    const hanging = await enroll(20);
    const failing = await enroll(21);
    const operators = await enroll(22);
    await bus.send({ type: 'SetMaintenance', nodeId: operators, data: { reason: 'disk swap' } });
    const enrolled = await enroll(23, { manage: false });
    await powerSync(1, { POWER_STATE_SYNC_MAX_RETRIES: '2', REDFISH_REQUEST_TIMEOUT_MS: '400' });
    await Promise.all([hanging, failing].map((id) => powerOf(id, 'power off')));
    sim.control(20, { hang: true });
    sim.control(21, { failStatus: 503, failCount: -1 });
    sim.control(22, { failStatus: 503, failCount: -1 });
    sim.control(23, { failStatus: 503, failCount: -1 });

    for (const [nodeId, error] of [[hanging, 'no answer within'], [failing, '503']] as const) {
      const node = await eventually(async () => {
        const current = await load(nodeId);
        return current.maintenance ? current : undefined;
      }, 20_000, `maintenance of ${nodeId}`);
      expect(node).toMatchObject({ fault: 'power failure', power_state: 'power off', power_sync_failures: 2 });
      expect(node.maintenance_reason).toContain('max retries exceeded');
      const failures = (await history(nodeId)).filter((e) => e.type === 'PowerSyncFailed');
      expect(failures.map((e) => e.data.failures)).toEqual(expect.arrayContaining([1, 2]));
      expect(String(failures[0].data.error)).toMatch(new RegExp(error, 'i'));
    }
    // Operators' maintenance and enrolled nodes are never touched.
    expect((await types(operators)).filter((t) => t.startsWith('PowerSync'))).toEqual([]);
    expect((await load(operators))).toMatchObject({ maintenance: true, maintenance_reason: 'disk swap', fault: null });
    expect((await types(enrolled)).filter((t) => t.startsWith('Power'))).toEqual([]);

    sim.control(20, { hang: false });
    sim.control(21, { failStatus: 0 });
    for (const nodeId of [hanging, failing]) {
      const node = await eventually(async () => {
        const current = await load(nodeId);
        return current.maintenance ? undefined : current;
      }, 20_000, `recovery of ${nodeId}`);
      expect(node).toMatchObject({ fault: null, maintenance_reason: null, power_sync_failures: 0 });
      expect((await types(nodeId)).slice(-2)).toEqual(['PowerSyncRecovered', 'MaintenanceCleared']);
    }
    expect((await load(operators)).maintenance).toBe(true);
  });
});

describe('connections and metrics', () => {
  const range = Array.from({ length: 40 }, (_, i) => 61 + i);
  const intervalMs = 12_000;
  /** How long after its last request an idle connection is closed (the Redfish pool's timeout). */
  const idleMs = 4000;
  const untilNextPass = (offsetMs: number) => sleep(intervalMs - (Date.now() % intervalMs) + offsetMs);

  /** TCP connections the process holds to the simulator: its sockets (/proc/<pid>/fd) found in the TCP table. */
  function connectionsToSim(pid: number): number {
    const inodes = new Set<string>();
    for (const fd of readdirSync(`/proc/${pid}/fd`)) {
      try {
        const inode = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`))?.[1];
        if (inode) inodes.add(inode);
      } catch {
        // closed meanwhile
      }
    }
    const port = `:${sim.port.toString(16).toUpperCase().padStart(4, '0')}`;
    return readFileSync(`/proc/${pid}/net/tcp`, 'utf8')
      .split('\n')
      .slice(1)
      .map((line) => line.trim().split(/\s+/))
      .filter((fields) => fields[2]?.endsWith(port) && inodes.has(fields[9] ?? '')).length;
  }

  const freePort = () =>
    new Promise<number>((resolve) => {
      const server = createServer().listen(0, '127.0.0.1', () => {
        const { port } = server.address() as { port: number };
        server.close(() => resolve(port));
      });
    });

  /** The value of a metric's sample whose labels include `labels`. */
  const sample = (metrics: string, name: string, ...labels: string[]) => {
    const line = metrics.split('\n').find((l) => l.startsWith(`${name}{`) && labels.every((label) => l.includes(label)));
    return line === undefined ? undefined : Number(line.split(' ').at(-1));
  };

  it('keeps at most REDFISH_MAX_SOCKETS connections open in a pass over more BMCs, none between passes, and reports the pass', async () => {
    const nodes = await Promise.all(range.map((n) => enroll(n)));
    const port = await freePort();
    const [instance] = await powerSync(1, {
      SYNC_POWER_STATE_INTERVAL: String(intervalMs / 1000),
      POWER_FAILURE_RECOVERY_INTERVAL: String(intervalMs / 1000),
      SYNC_POWER_STATE_WORKERS: '4',
      REDFISH_MAX_SOCKETS: '8',
      METRICS_PORT: String(port),
    });
    await Promise.all(nodes.map((id) => powerOf(id, 'power off', 2 * intervalMs)));
    sim.control(range[0], { failStatus: 503, failCount: -1 });

    const scrape = async () => (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
    const passesDone = (metrics: string) => sample(metrics, 'ironledger_power_sync_pass_duration_seconds_count', 'kind="sync"') ?? 0;
    // One whole pass and the pause after it: the pool's count of open connections, and the process's
    // own connections to the simulator, until every idle one must have been closed (idleMs after the
    // pass ended, however long a loaded machine made the pass).
    await untilNextPass(0);
    const passStart = Date.now();
    const before = range.map((n) => sim.bmcs[n - 1].requests);
    const earlierPasses = passesDone(await scrape());
    const pooled: number[] = [];
    const held: number[] = [];
    let passEnded: number | undefined;
    while (passEnded === undefined || Date.now() < passEnded + idleMs + 500) {
      const metrics = await scrape();
      pooled.push(sample(metrics, 'ironledger_power_sync_bmc_sockets')!);
      held.push(connectionsToSim(instance.process.pid!));
      if (passEnded === undefined && passesDone(metrics) > earlierPasses) passEnded = Date.now();
      if (Date.now() - passStart > intervalMs - 300) throw new Error(`The pass and its connections' idle time took longer than the pass interval (pass ended after ${passEnded === undefined ? '—' : passEnded - passStart} ms)`);
      await sleep(10);
    }
    expect(range.filter((n, i) => sim.bmcs[n - 1].requests === before[i])).toEqual([]);
    expect(Math.max(...held)).toBeGreaterThan(0);
    expect(Math.max(...pooled)).toBeLessThanOrEqual(8);
    expect(held.at(-1)).toBe(0);
    expect(pooled.at(-1)).toBe(0);

    const metrics = await scrape();
    const passes = sample(metrics, 'ironledger_power_sync_pass_duration_seconds_count', 'kind="sync"')!;
    expect(passes).toBeGreaterThanOrEqual(2);
    // No read waited for an idle connection to time out (4 s): each ended within 2.5 s, however loaded the machine made the whole pass.
    const reads = sample(metrics, 'ironledger_power_sync_bmc_read_duration_seconds_count', 'driver="redfish"')!;
    expect(reads).toBeGreaterThanOrEqual(2 * range.length);
    expect(sample(metrics, 'ironledger_power_sync_bmc_read_duration_seconds_bucket', 'le="2.5"', 'driver="redfish"')).toBe(reads);
    expect(sample(metrics, 'ironledger_power_sync_bmc_read_errors_total', 'driver="redfish"', 'kind="server"')).toBeGreaterThanOrEqual(1);
  });
});
