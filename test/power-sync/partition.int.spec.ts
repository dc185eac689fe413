import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { NodeCommandHandler } from '@ironledger/application';
import { BmcSim } from '@ironledger/bmc-sim';
import { type Node } from '@ironledger/domain';
import { JetStreamEventStore } from '@ironledger/event-store';
import { CommandBus } from '../support/bus.js';
import { eventually, isolatedRun, natsUrl, type Service, sleep, startService } from '../support/processes.js';
import { PassPlan } from '../../apps/power-sync/src/pass-plan.js';

jest.setTimeout(240_000);

/** Passes start at multiples of the interval; a pass's reads are over well before the next one, also with a takeover. */
const INTERVAL_MS = 8000;
/** Reads of pass p are counted from 300 ms before its boundary to 300 ms before the next. */
const MARGIN_MS = 300;
const WORKERS = 2;
const NODES = 30;

/**
 * Power-sync instances sharing the passes by a hash ring over the live ones, as real processes on
 * a real NATS, reading simulated Redfish BMCs over HTTP. In record mode with every BMC agreeing,
 * one read is one GET of the ComputerSystem, counted by the simulator: so the simulator tells how
 * often each BMC was read in each pass, whoever read it.
 */
describe('power-sync instances sharing the passes', () => {
  const run = isolatedRun('pspart');
  const env = {
    NATS_URL: natsUrl(),
    ...run,
    HEARTBEAT_INTERVAL_MS: '300',
    REDFISH_REQUEST_TIMEOUT_MS: '3000',
    LOG_FORMAT: 'text',
    FORCE_POWER_STATE_DURING_SYNC: 'false',
    SYNC_POWER_STATE_INTERVAL: String(INTERVAL_MS / 1000),
    POWER_FAILURE_RECOVERY_INTERVAL: '3600',
    SYNC_POWER_STATE_WORKERS: String(WORKERS),
    POWER_SYNC_PASSES: `${run.JETSTREAM_STREAM}_PS`,
  };
  const range = Array.from({ length: NODES }, (_, i) => i + 1);
  const instances = new Map<string, Service>();
  let sim: BmcSim;
  let conductor: Service;
  let bus: CommandBus;
  let store: JetStreamEventStore;
  /** The nodes enrolled, node i reading BMC i + 1. */
  let nodes: string[] = [];

  beforeAll(async () => {
    sim = await BmcSim.start({ port: 0, systems: NODES });
    conductor = await startService('apps/conductor/src/main.ts', { ...env, CONDUCTOR_ID: 'pspart-conductor' }, { name: 'conductor' });
    bus = await CommandBus.connect(natsUrl(), run.NATS_SUBJECT_PREFIX);
    store = await JetStreamEventStore.connect({ servers: natsUrl(), stream: run.JETSTREAM_STREAM, subjectPrefix: run.JETSTREAM_SUBJECT_PREFIX });
  });

  afterAll(async () => {
    await Promise.all([...instances.values()].map((s) => s.stop('SIGKILL')));
    await conductor?.stop();
    await bus?.close();
    await store?.close();
    await sim?.close();
  });

  const load = async (id: string): Promise<Node> => (await new NodeCommandHandler(store).load(id)).state!;
  const start = async (id: string) => instances.set(id, await startService('apps/power-sync/src/main.ts', { ...env, POWER_SYNC_ID: id }, { name: id, keepChars: 2_000_000 }));
  const until = (at: number) => sleep(Math.max(0, at - Date.now()));
  const reads = () => range.map((n) => sim.bmcs[n - 1].requests);
  /** The passes an instance read its share of, by its log: pass number, nodes in its share, and the plan's members. */
  const sharesOf = (id: string) =>
    [...instances.get(id)!.output().matchAll(/sync pass (\d+): read its share of (\d+) nodes in \d+ ms \(plan: ([^)]*)\)/g)].map(([, pass, nodes, plan]) => ({ pass: Number(pass), nodes: Number(nodes), plan: plan!.split(' ') }));

  async function enroll(n: number): Promise<string> {
    const nodeId = randomUUID();
    const driver_info = { redfish_address: sim.bmcUrl(n), redfish_system_id: `/redfish/v1/Systems/${n}`, redfish_username: 'admin', redfish_password: 'password', redfish_auth_type: 'basic' };
    expect((await bus.send({ type: 'RegisterNode', nodeId, data: { driver: 'redfish', driver_info, provision_state: 'enroll' } })).ok).toBe(true);
    expect((await bus.send({ type: 'RequestProvisionAction', nodeId, data: { target: 'manage' } })).ok).toBe(true);
    await eventually(async () => ((await load(nodeId)).provision_state === 'manageable' ? true : undefined), 60_000, `node ${nodeId} manageable`, 250);
    return nodeId;
  }

  it('reads every BMC exactly once a pass while an instance joins, and at least once when one is SIGKILLed mid-pass, twice only in its share', async () => {
    nodes = await Promise.all(range.map(enroll));
    await start('ps-a');
    await start('ps-b');
    await Promise.all(nodes.map((id) => eventually(async () => ((await load(id)).power_state === 'power off' ? true : undefined), 3 * INTERVAL_MS, `${id} read`, 250)));

    // The simulator's counters just before each boundary, until the test ends.
    const before = new Map<number, number[]>();
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        const pass = Math.floor((Date.now() + MARGIN_MS) / INTERVAL_MS) + 1;
        await until(pass * INTERVAL_MS - MARGIN_MS);
        before.set(pass, reads());
      }
    })();
    /** How often each BMC was read in pass p, once it is over. */
    const readsIn = async (pass: number) => {
      await eventually(() => (before.has(pass + 1) ? true : undefined), 3 * INTERVAL_MS, `the end of pass ${pass}`);
      return before.get(pass + 1)!.map((count, i) => count - before.get(pass)![i]!);
    };
    const once = range.map(() => 1);

    try {
      // Two instances: one pass, every BMC once.
      const first = Math.floor((Date.now() + MARGIN_MS) / INTERVAL_MS) + 1;
      expect(await readsIn(first)).toEqual(once);

      // A third joins during the next pass: it reads from a later pass on, the passes under way are not disturbed.
      await until((first + 1) * INTERVAL_MS + 1000);
      await start('ps-c');
      const joined = await eventually(() => sharesOf('ps-c').find((share) => share.nodes > 0), 4 * INTERVAL_MS, 'ps-c reading a share');
      expect(joined.plan).toEqual(['ps-a', 'ps-b', 'ps-c']);

      // Slow BMCs make the next pass last a few seconds; ps-b is SIGKILLed 600 ms into it.
      const killed = joined.pass + 1;
      for (const n of range) sim.control(n, { latencyMs: 300 });
      await until(killed * INTERVAL_MS + 600);
      await instances.get('ps-b')!.stop('SIGKILL');
      for (let pass = first + 1; pass < killed; pass++) expect([pass, await readsIn(pass)]).toEqual([pass, once]);
      const counts = await readsIn(killed);
      const ring = new PassPlan(['ps-a', 'ps-b', 'ps-c']);
      const twice = nodes.filter((_, i) => counts[i] === 2);
      // Every BMC read in that pass; twice only where ps-b may have read before it died (what it had
      // read beyond the parts it recorded as finished, and the reads it had under way).
      expect(counts.filter((count) => count < 1 || count > 2)).toEqual([]);
      expect(twice.filter((id) => ring.ownerOf(id) !== 'ps-b')).toEqual([]);
      expect(twice.length).toBeLessThanOrEqual(2 * WORKERS);
      // ps-b had a share, and the survivors took over the rest of it.
      expect(nodes.filter((id) => ring.ownerOf(id) === 'ps-b').length).toBeGreaterThan(0);
      const takeovers = ['ps-a', 'ps-c'].flatMap((id) => [...instances.get(id)!.output().matchAll(new RegExp(`sync pass ${killed}: taking over (\\d+) nodes of ps-b`, 'g'))].map((m) => Number(m[1])));
      expect(takeovers.length).toBeGreaterThan(0);

      // The next pass is planned on the two left, and reads every BMC once again.
      expect(await readsIn(killed + 1)).toEqual(once);
      await eventually(() => sharesOf('ps-a').find((share) => share.pass === killed + 1), INTERVAL_MS, 'ps-a done with the pass after the kill');
      expect(sharesOf('ps-a').find((share) => share.pass === killed + 1)!.plan).toEqual(['ps-a', 'ps-c']);
    } catch (error) {
      // What each instance says it did in each pass, to tell which one read what.
      const passes = [...instances].map(([id, service]) => `${id}:\n${service.output().split('\n').filter((line) => / pass \d+: /.test(line)).join('\n')}`);
      (error as Error).message += `\n\n${passes.join('\n')}`;
      throw error;
    } finally {
      sampling = false;
      await sampler;
    }
  });

  it('never reads two passes at once: a pass waits for the previous one, and is skipped if its interval is over by then', async () => {
    // ps-a and ps-c are left. BMCs slow enough that the larger share takes 1.5 intervals at 2 workers
    // (the shares depend on the nodes' random ids).
    const plan = new PassPlan(['ps-a', 'ps-c']);
    const shares = plan.members.map((id) => ({ id, nodes: nodes.filter((node) => plan.ownerOf(node) === id).length }));
    const larger = shares.reduce((a, b) => (b.nodes > a.nodes ? b : a));
    const latencyMs = Math.ceil((1.5 * INTERVAL_MS) / Math.ceil(larger.nodes / WORKERS));
    for (const n of range) sim.control(n, { latencyMs });
    const from = Math.floor(Date.now() / INTERVAL_MS) + 1;
    await until((from + 6) * INTERVAL_MS);
    for (const { id } of shares) {
      const log = instances.get(id)!.output();
      // Overlapping passes would share the reads and all lag ever further behind their boundaries.
      const lags = [...log.matchAll(/sync pass (\d+): read its share of \d+ nodes in (\d+) ms/g)].filter(([, pass]) => Number(pass) > from).map(([, , ms]) => Number(ms));
      expect({ id, read: lags.length > 0, late: lags.filter((ms) => ms > 3 * INTERVAL_MS) }).toEqual({ id, read: true, late: [] });
    }
    // The larger share's reading outlasts its interval every pass: some of its passes are skipped.
    const skipped = [...instances.get(larger.id)!.output().matchAll(/sync pass (\d+): skipped/g)].map(([, pass]) => Number(pass)).filter((pass) => pass > from);
    expect({ ...larger, latencyMs, skipped: skipped.length > 0 }).toEqual({ ...larger, latencyMs, skipped: true });
    for (const n of range) sim.control(n, { latencyMs: 0 });
  });
});
