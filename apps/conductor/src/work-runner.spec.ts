import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { NodeCommandHandler } from '@ironledger/application';
import { type JsonObject, type Node, type NodeCommand, type PowerState } from '@ironledger/domain';
import { DriverError, fakeHardware, type HardwareType } from '@ironledger/drivers';
import { InMemoryEventStore } from '@ironledger/event-store';
import { Registry } from 'prom-client';
import { ConductorMetrics } from './metrics.js';
import { WorkRunner, type WorkRunnerOptions } from './work-runner.js';

const SELF = 'conductor-self';
const NODE = '0d7e2c8a-1c1f-4b9e-8f0a-6f5a4b3c2d01';

let store: InMemoryEventStore;
let handler: NodeCommandHandler;

const command = (type: NodeCommand['type'], data: object, conductor: string | undefined = SELF): NodeCommand =>
  ({ type, nodeId: NODE, data, meta: { at: new Date().toISOString(), actor: 'tester', requestId: `req-${type}`, conductor } }) as NodeCommand;

function runner(options: Partial<WorkRunnerOptions> = {}, hardware: HardwareType = fakeHardware()): WorkRunner {
  return new WorkRunner(handler, new Map([[hardware.name, hardware]]), { conductorId: SELF, automatedClean: true, workers: 4, ...options });
}

/** Commits `command` as this conductor would and hands the commit to `work`, then waits for the work to end. */
async function commitAndWork(work: WorkRunner, c: NodeCommand) {
  const { state: node, events } = await handler.handle(c);
  work.afterCommit(node, events, c.meta);
  await work.drain();
  return (await handler.load(NODE)).state!;
}

async function enrolled(driverInfo: JsonObject = {}) {
  await handler.handle(command('RegisterNode', { driver: 'fake-hardware', driver_info: driverInfo, provision_state: 'enroll' }));
}

beforeEach(() => {
  store = new InMemoryEventStore();
  handler = new NodeCommandHandler(store);
});

afterEach(() => store.close());

describe('the work runner', () => {
  it('verifies credentials and records the node manageable', async () => {
    await enrolled();
    const node = await commitAndWork(runner(), command('RequestProvisionAction', { target: 'manage' }));
    expect(node).toMatchObject({ provision_state: 'manageable', reservation: null, last_error: null });
  });

  it('records a driver failure as the failure edge, with the driver’s words', async () => {
    await enrolled({ fake_fail: 'verify' });
    const node = await commitAndWork(runner(), command('RequestProvisionAction', { target: 'manage' }));
    expect(node).toMatchObject({ provision_state: 'enroll', last_error: `Fake verify failed on node ${NODE} (driver_info.fake_fail).` });
  });

  it('keeps working a node it holds: tear-down goes on into cleaning and ends available', async () => {
    await enrolled();
    const work = runner();
    await commitAndWork(work, command('RequestProvisionAction', { target: 'manage' }));
    await commitAndWork(work, command('RequestProvisionAction', { target: 'provide' }));
    await commitAndWork(work, command('RequestProvisionAction', { target: 'active' }));
    const node = await commitAndWork(work, command('RequestProvisionAction', { target: 'deleted' }));
    const moves = (await store.readStream(`node-${NODE}`)).filter((e) => e.type === 'ProvisionStateChanged').map((e) => `${(e.data as { from: string }).from}>${(e.data as { to: string }).to}`);
    expect(moves.slice(-3)).toEqual(['active>deleting', 'deleting>cleaning', 'cleaning>available']);
    expect(node).toMatchObject({ provision_state: 'available', reservation: null });
  });

  it('skips automated cleaning when it is off, and runs manual cleaning anyway', async () => {
    await enrolled({ fake_fail: 'clean' });
    const work = runner({ automatedClean: false });
    await commitAndWork(work, command('RequestProvisionAction', { target: 'manage' }));
    expect((await commitAndWork(work, command('RequestProvisionAction', { target: 'provide' }))).provision_state).toBe('available');
    await commitAndWork(work, command('RequestProvisionAction', { target: 'manage' }));
    const manual = await commitAndWork(work, command('RequestProvisionAction', { target: 'clean', clean_steps: [{ interface: 'deploy', step: 'erase_devices' }] }));
    expect(manual).toMatchObject({ provision_state: 'clean failed', target_provision_state: 'manageable' });
  });

  it('starts no second run for a commit made while it works on the node (an agent’s look-up)', async () => {
    await enrolled({ fake_delay_ms: 200 });
    const logged: string[] = [];
    const work = new WorkRunner(handler, new Map([['fake-hardware', fakeHardware()]]), { conductorId: SELF, automatedClean: false, workers: 4 }, (line) => logged.push(line));
    await commitAndWork(work, command('RequestProvisionAction', { target: 'manage' }));
    await commitAndWork(work, command('RequestProvisionAction', { target: 'provide' }));
    const { state, events } = await handler.handle(command('RequestProvisionAction', { target: 'active' }));
    work.afterCommit(state, events, events[0]!.meta as never);
    const token = await handler.handle(command('IssueAgentToken', { token: 't'.repeat(43) }, 'conductor-other'));
    work.afterCommit(token.state, token.events, token.events[0]!.meta as never);
    await work.drain();
    const moves = (await store.readStream(`node-${NODE}`)).filter((e) => e.type === 'ProvisionStateChanged').map((e) => `${(e.data as { from: string }).from}>${(e.data as { to: string }).to}`);
    expect(moves.slice(-2)).toEqual(['available>deploying', 'deploying>active']);
    expect(logged).toEqual([]);
  });

  it('leaves a node waiting for its ramdisk, and finishes the work after the callback', async () => {
    await enrolled({ fake_wait: 'deploy' });
    const work = runner();
    await commitAndWork(work, command('RequestProvisionAction', { target: 'manage' }));
    await commitAndWork(work, command('RequestProvisionAction', { target: 'provide' }));
    expect((await commitAndWork(work, command('RequestProvisionAction', { target: 'active' }))).provision_state).toBe('wait call-back');
    expect((await commitAndWork(work, command('RecordProvisionOutcome', { outcome: 'resumed' }))).provision_state).toBe('active');
  });

  it('records the power state deployment, cleaning and tear-down left, with their outcomes', async () => {
    await enrolled();
    // Provisioning that only switches power (as a ramdisk deployment and a tear-down end), over the fake BMC.
    const { power, provisioning } = fakeHardware();
    const switchTo = (state: PowerState) => async (node: Node) => ({ result: 'done' as const, powerState: await power.setPowerState(node, state) });
    const work = runner({}, { name: 'fake-hardware', power, provisioning: { ...provisioning, deploy: switchTo('power on'), tearDown: switchTo('power off'), clean: switchTo('power off') } });
    await commitAndWork(work, command('RequestProvisionAction', { target: 'manage' }));
    expect(await commitAndWork(work, command('RequestProvisionAction', { target: 'provide' }))).toMatchObject({ provision_state: 'available', power_state: 'power off' });
    expect(await commitAndWork(work, command('RequestProvisionAction', { target: 'active' }))).toMatchObject({ provision_state: 'active', power_state: 'power on' });
    const deployed = (await store.readStream(`node-${NODE}`)).slice(-2).map((e) => e.type);
    expect(deployed).toEqual(['PowerStateChanged', 'ProvisionStateChanged']);
    expect(await commitAndWork(work, command('RequestProvisionAction', { target: 'deleted' }))).toMatchObject({ provision_state: 'available', power_state: 'power off' });
  });

  it('retries an outcome the store did not take until it does: the node is never left held', async () => {
    await enrolled();
    const work = runner();
    const { state, events } = await handler.handle(command('RequestProvisionAction', { target: 'manage' }));
    // The commit went through; the next three appends (the outcome) fail, as in a NATS outage.
    const append = store.append.bind(store);
    let refusals = 3;
    store.append = (...args) => (refusals-- > 0 ? Promise.reject(Object.assign(new Error('timeout'), { name: 'TimeoutError' })) : append(...args));
    work.afterCommit(state, events, command('RequestProvisionAction', {}).meta);
    expect(work.isWorkingOn(NODE)).toBe(true);
    await work.drain();
    expect(work.isWorkingOn(NODE)).toBe(false);
    expect((await handler.load(NODE)).state).toMatchObject({ provision_state: 'manageable', reservation: null });
  });

  it('gives up retrying once stopped, leaving the node to recovery', async () => {
    await enrolled();
    const work = runner();
    const { state, events } = await handler.handle(command('RequestProvisionAction', { target: 'manage' }));
    store.append = () => Promise.reject(Object.assign(new Error('timeout'), { name: 'TimeoutError' }));
    work.afterCommit(state, events, command('RequestProvisionAction', {}).meta);
    setTimeout(() => work.stop(), 300);
    await work.drain();
    expect((await handler.load(NODE)).state).toMatchObject({ provision_state: 'verifying', reservation: SELF });
  });

  it('takes up a node it holds without running work for it', async () => {
    await enrolled();
    const work = runner();
    const { state } = await handler.handle(command('RequestProvisionAction', { target: 'manage' }));
    work.resume(state!);
    await work.drain();
    expect((await handler.load(NODE)).state).toMatchObject({ provision_state: 'manageable', reservation: null });
  });

  it('carries out a power action and releases the node', async () => {
    await enrolled();
    const node = await commitAndWork(runner(), command('RequestPowerAction', { target: 'power on' }));
    expect(node).toMatchObject({ power_state: 'power on', target_power_state: null, reservation: null });
  });

  it('does nothing for a node another conductor holds', async () => {
    await enrolled();
    const node = await commitAndWork(runner(), command('RequestProvisionAction', { target: 'manage' }, 'conductor-other'));
    expect(node).toMatchObject({ provision_state: 'verifying', reservation: 'conductor-other' });
  });

  it('runs at most `workers` pieces of work at once', async () => {
    let running = 0;
    let most = 0;
    const base = fakeHardware();
    const slow: HardwareType = {
      ...base,
      power: {
        ...base.power,
        async getPowerState(node) {
          most = Math.max(most, ++running);
          await new Promise((resolve) => setTimeout(resolve, 5));
          running--;
          return node.power_state;
        },
      },
    };
    const work = runner({ workers: 2 }, slow);
    const ids = Array.from({ length: 6 }, (_, i) => `0d7e2c8a-1c1f-4b9e-8f0a-6f5a4b3c2d1${i}`);
    for (const nodeId of ids) {
      await handler.handle({ ...command('RegisterNode', { driver: 'fake-hardware', provision_state: 'enroll' }), nodeId } as NodeCommand);
      const c = { ...command('RequestProvisionAction', { target: 'manage' }), nodeId } as NodeCommand;
      const { state: node, events } = await handler.handle(c);
      work.afterCommit(node, events, c.meta);
    }
    await work.drain();
    expect(most).toBe(2);
    for (const nodeId of ids) expect((await handler.load(nodeId)).state!.provision_state).toBe('manageable');
  });

  it('on shutdown, lets the work running end and starts none of the work waiting for a worker, leaving those nodes held', async () => {
    const work = runner({ workers: 1 });
    const ids = ['0d7e2c8a-1c1f-4b9e-8f0a-6f5a4b3c2d20', '0d7e2c8a-1c1f-4b9e-8f0a-6f5a4b3c2d21', '0d7e2c8a-1c1f-4b9e-8f0a-6f5a4b3c2d22'];
    for (const nodeId of ids) {
      await handler.handle({ ...command('RegisterNode', { driver: 'fake-hardware', driver_info: { fake_delay_ms: 100 }, provision_state: 'enroll' }), nodeId } as NodeCommand);
      const c = { ...command('RequestProvisionAction', { target: 'manage' }), nodeId } as NodeCommand;
      const { state: node, events } = await handler.handle(c);
      work.afterCommit(node, events, c.meta);
    }
    await work.shutdown();
    const [first, ...waiting] = await Promise.all(ids.map(async (nodeId) => (await handler.load(nodeId)).state!));
    expect(first).toMatchObject({ provision_state: 'manageable', reservation: null });
    for (const node of waiting) expect(node).toMatchObject({ provision_state: 'verifying', reservation: SELF });
    expect(ids.some((nodeId) => work.isWorkingOn(nodeId))).toBe(false);
    // Work committed after the shutdown does not start either.
    const late = { ...command('RequestProvisionAction', { target: 'manage' }), nodeId: ids[1]! } as NodeCommand;
    work.afterCommit(waiting[0]!, [], late.meta);
    await work.drain();
    expect((await handler.load(ids[1]!)).state).toMatchObject({ provision_state: 'verifying', reservation: SELF });
  });

  it('reads what the node caches of its hardware when it verifies it: boot mode and BIOS settings', async () => {
    await handler.handle(command('RegisterNode', { driver: 'fake-hardware', provision_state: 'enroll' }));
    await handler.handle(command('CacheBootMode', { boot_mode: 'uefi', secure_boot: true }));
    const node = await commitAndWork(runner(), command('RequestProvisionAction', { target: 'manage' }));
    expect(node).toMatchObject({ provision_state: 'manageable', boot_mode: null, secure_boot: null });
  });

  it('records what an inspection through a ramdisk found before its outcome, whether the power-on worked or not', async () => {
    const inspect = async (hardware: HardwareType) => {
      await enrolled();
      const work = runner({ ramdiskInspectHardware: new Set(['fake-hardware']) }, hardware);
      await commitAndWork(work, command('RequestProvisionAction', { target: 'manage' }));
      // What the work recorded: everything after the inspect verb's own move.
      const before = (await store.readStream(`node-${NODE}`)).length + 1;
      const node = await commitAndWork(work, command('RequestProvisionAction', { target: 'inspect' }));
      return { node, recorded: (await store.readStream(`node-${NODE}`)).slice(before).map((e) => e.type) };
    };
    expect(await inspect(fakeHardware())).toMatchObject({
      node: { provision_state: 'inspect wait', introspection: { state: 'waiting' } },
      recorded: ['IntrospectionStarted', 'PowerStateChanged', 'ProvisionStateChanged', 'IntrospectionWaiting'],
    });
    await store.close();
    store = new InMemoryEventStore();
    handler = new NodeCommandHandler(store);
    const fake = fakeHardware();
    const unpowered: HardwareType = { ...fake, power: { ...fake.power, setPowerState: () => Promise.reject(new DriverError('The BMC is gone')) } };
    expect(await inspect(unpowered)).toMatchObject({
      node: { provision_state: 'inspect failed', last_error: 'The BMC is gone', introspection: { state: 'error' } },
      recorded: ['IntrospectionStarted', 'ProvisionStateChanged', 'IntrospectionFinished'],
    });
  });

  it('runs the BIOS clean steps and caches the settings they leave', async () => {
    await enrolled();
    const work = runner();
    await commitAndWork(work, command('RequestProvisionAction', { target: 'manage' }));
    const settings = [{ name: 'NumCores', value: 4 }];
    const node = await commitAndWork(work, command('RequestProvisionAction', { target: 'clean', clean_steps: [{ interface: 'bios', step: 'apply_configuration', args: { settings } }] }));
    expect(node).toMatchObject({ provision_state: 'manageable', bios_settings: [{ name: 'NumCores', value: '4', updated_at: null }] });
    const types = (await store.readStream(`node-${NODE}`)).map((e) => e.type);
    expect(types.slice(-3)).toEqual(['ProvisionStateChanged', 'BiosSettingsCached', 'ProvisionStateChanged']);
  });

  it('reports each piece of work as it goes: start and outcome, with the node, the request that caused it and its duration', async () => {
    await enrolled({ fake_fail: 'verify' });
    const lines: [string, Record<string, unknown>, string][] = [];
    const work = runner({ journal: (level, fields, message) => lines.push([level, fields, message]) });
    await commitAndWork(work, command('RequestProvisionAction', { target: 'manage' }));
    expect(lines).toEqual([
      ['info', { node: NODE, requestId: 'req-RequestProvisionAction', state: 'verifying' }, `work on node ${NODE} started (verifying)`],
      [
        'warn',
        { node: NODE, requestId: 'req-RequestProvisionAction', state: 'verifying', outcome: 'failed', durationMs: expect.any(Number), error: `Fake verify failed on node ${NODE} (driver_info.fake_fail).` },
        expect.stringMatching(new RegExp(`^work on node ${NODE} failed \\(verifying, \\d+ ms\\)$`)),
      ],
    ]);
  });

  it('reports the clean steps its driver ran, and counts and times them by step and result', async () => {
    await enrolled();
    const base = fakeHardware();
    const eraseStep = { interface: 'deploy', step: 'erase_devices', priority: 10, args: {} };
    const stepped: HardwareType = {
      ...base,
      provisioning: {
        ...base.provisioning,
        clean: async () => ({ result: 'done', progress: [{ type: 'planned', kind: 'clean', steps: [eraseStep] }, { type: 'started', kind: 'clean', index: 0 }, { type: 'finished', kind: 'clean', index: 0 }] }),
      },
    };
    const lines: [string, Record<string, unknown>, string][] = [];
    const registry = new Registry();
    const work = new WorkRunner(handler, new Map([[stepped.name, stepped]]), { conductorId: SELF, automatedClean: true, workers: 4, journal: (level, fields, message) => lines.push([level, fields, message]) }, undefined, new ConductorMetrics(registry));
    await commitAndWork(work, command('RequestProvisionAction', { target: 'manage' }));
    await commitAndWork(work, command('RequestProvisionAction', { target: 'provide' }));
    const about = { node: NODE, requestId: 'req-RequestProvisionAction', state: 'cleaning', kind: 'clean', step: 'deploy.erase_devices' };
    expect(lines.filter(([, fields]) => fields.step !== undefined)).toEqual([
      ['info', { ...about, result: 'started' }, `clean step deploy.erase_devices of node ${NODE} started`],
      ['info', { ...about, result: 'succeeded', durationMs: expect.any(Number) }, `clean step deploy.erase_devices of node ${NODE} succeeded`],
    ]);
    const text = await registry.metrics();
    expect(text).toContain('ironledger_conductor_steps_total{kind="clean",step="deploy.erase_devices",result="succeeded"} 1');
    expect(text).toContain('ironledger_conductor_step_duration_seconds_count{kind="clean",step="deploy.erase_devices",result="succeeded"} 1');
    expect(text).toMatch(/ironledger_conductor_work_seconds_count\{state="cleaning",outcome="succeeded"\} 1/);
  });
});
