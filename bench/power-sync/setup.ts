/** The setup: the simulated BMCs, the conductor, and every node registered (and managed) until it settles. */
import { randomUUID } from 'node:crypto';
import { LiveProjection } from '@ironledger/application';
import { BmcSim } from '@ironledger/bmc-sim';
import { JetStreamEventStore } from '@ironledger/event-store';
import { CommandBus } from '../../test/support/bus.js';
import { isolatedRun, sleep } from '../../test/support/processes.js';
import { ensureConductor, live, streams } from './processes.js';
import { BMCS, ENROL, log, SETTLED_STATE, SETUP_CONCURRENCY } from './settings.js';

export interface SetupTimes {
  simMs: number;
  conductorMs: number;
  commandsMs: number;
  manageableMs: number;
  totalMs: number;
  getsPerVerify: string;
}

/** Runs the setup; how long each part took. */
export async function runSetup(url: string): Promise<SetupTimes> {
  const t0 = Date.now();
  live.sim = await BmcSim.start({ port: 0, systems: BMCS });
  const simMs = Date.now() - t0;
  const run = isolatedRun('psbench');
  live.eventStream = run.JETSTREAM_STREAM;
  streams.add(live.eventStream);
  live.baseEnv = { NATS_URL: url, ...run, LOG_FORMAT: 'text', HEARTBEAT_INTERVAL_MS: '1000' };
  const t1 = Date.now();
  await ensureConductor();
  const conductorMs = Date.now() - t1;
  live.bus = await CommandBus.connect(url, run.NATS_SUBJECT_PREFIX);
  const store = await JetStreamEventStore.connect({ servers: url, stream: run.JETSTREAM_STREAM, subjectPrefix: run.JETSTREAM_SUBJECT_PREFIX });
  const projection = new LiveProjection(store);
  await projection.start();

  log(`setup: registering ${ENROL === 'manage' ? 'and managing ' : ''}${BMCS} Redfish nodes (BENCH_ENROL=${ENROL}), ${SETUP_CONCURRENCY} in flight`);
  const t2 = Date.now();
  let next = 1;
  const failures: string[] = [];
  const worker = async () => {
    while (next <= BMCS) {
      const n = next++;
      const nodeId = randomUUID();
      const driver_info = {
        redfish_address: live.sim!.bmcUrl(n),
        redfish_system_id: `/redfish/v1/Systems/${n}`,
        redfish_username: 'admin',
        redfish_password: 'password',
        redfish_auth_type: 'basic',
      };
      const provision_state = ENROL === 'manage' ? 'enroll' : 'available';
      const registered = await live.bus!.send({ type: 'RegisterNode', nodeId, data: { driver: 'redfish', name: `bench-${n}`, driver_info, provision_state } });
      if (!registered.ok) failures.push(`register ${n}: ${registered.error.message}`);
      if (ENROL !== 'manage') continue;
      const managed = await live.bus!.send({ type: 'RequestProvisionAction', nodeId, data: { target: 'manage' } });
      if (!managed.ok) failures.push(`manage ${n}: ${managed.error.message}`);
    }
  };
  await Promise.all(Array.from({ length: SETUP_CONCURRENCY }, worker));
  const commandsMs = Date.now() - t2;
  if (failures.length > 0) throw new Error(`setup failed for ${failures.length} nodes, e.g. ${failures.slice(0, 3).join('; ')}`);
  log(`setup: ${ENROL === 'manage' ? BMCS * 2 : BMCS} commands accepted in ${(commandsMs / 1000).toFixed(1)} s; waiting for every node to be ${SETTLED_STATE}`);
  const manageable = () => {
    let count = 0;
    for (const node of projection.readModel.all()) if (node.provision_state === SETTLED_STATE) count++;
    return count;
  };
  const waitUntil = Date.now() + 600_000;
  while (manageable() < BMCS) {
    if (Date.now() > waitUntil) throw new Error(`only ${manageable()} of ${BMCS} nodes became ${SETTLED_STATE}`);
    const failed = [...projection.readModel.all()].find((node) => node.provision_state === 'enroll' && node.last_error);
    if (failed) throw new Error(`node ${failed.uuid} failed verification: ${failed.last_error}`);
    await sleep(250);
  }
  const manageableMs = Date.now() - t2;
  await projection.stop();
  await store.close();
  // The verification read of each node is exactly one GET of its BMC's ComputerSystem.
  const counts = new Map<number, number>();
  for (const bmc of live.sim.bmcs) counts.set(bmc.requests, (counts.get(bmc.requests) ?? 0) + 1);
  const getsPerVerify = [...counts].map(([gets, bmcs]) => `${bmcs} BMCs × ${gets} GET`).join(', ');
  const times = { simMs, conductorMs, commandsMs, manageableMs, totalMs: Date.now() - t0, getsPerVerify };
  log(`setup: all ${BMCS} nodes ${SETTLED_STATE} after ${(manageableMs / 1000).toFixed(1)} s; requests per BMC: ${getsPerVerify}`);
  return times;
}
