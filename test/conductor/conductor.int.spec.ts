import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { NodeCommandHandler } from '@ironledger/application';
import { nodeStreamId } from '@ironledger/contracts';
import { type Json, type Node } from '@ironledger/domain';
import { JetStreamEventStore } from '@ironledger/event-store';
import { CommandBus } from '../support/bus.js';
import { eventually, isolatedRun, natsUrl, type Service, startService } from '../support/processes.js';

jest.setTimeout(60_000);

/** The conductor as a real process on a real NATS server, driven over the bus. */
describe('conductor over NATS', () => {
  const runEnv = isolatedRun('conductor');
  const env = { NATS_URL: natsUrl(), ...runEnv, HEARTBEAT_INTERVAL_MS: '200', CALLBACK_TIMEOUT_S: '2' };
  let conductor: Service;
  let bus: CommandBus;
  let store: JetStreamEventStore;

  beforeAll(async () => {
    conductor = await startService('apps/conductor/src/main.ts', { ...env, CONDUCTOR_ID: 'cond-a' }, { name: 'cond-a' });
    bus = await CommandBus.connect(natsUrl(), runEnv.NATS_SUBJECT_PREFIX);
    store = await JetStreamEventStore.connect({ servers: natsUrl(), stream: runEnv.JETSTREAM_STREAM, subjectPrefix: runEnv.JETSTREAM_SUBJECT_PREFIX });
  });

  afterAll(async () => {
    await bus?.close();
    await conductor?.stop();
    await store?.close();
  });

  const load = async (id: string): Promise<Node> => (await new NodeCommandHandler(store).load(id)).state!;
  const eventCount = async (id: string) => (await store.readStream(nodeStreamId(id))).length;

  async function enroll(driverInfo: Record<string, Json> = {}): Promise<string> {
    const nodeId = randomUUID();
    const reply = await bus.send({ type: 'RegisterNode', nodeId, data: { driver: 'fake-hardware', driver_info: driverInfo, provision_state: 'enroll' } });
    expect(reply.ok).toBe(true);
    return nodeId;
  }

  const act = (nodeId: string, target: string, extra: object = {}) => bus.send({ type: 'RequestProvisionAction', nodeId, data: { target, ...extra } });
  const resume = (nodeId: string) => bus.send({ type: 'RecordProvisionOutcome', nodeId, data: { outcome: 'resumed' } });

  /** Waits until the node rests in `state` (no target, nobody holding it). */
  const settled = (nodeId: string, state: string) =>
    eventually(async () => {
      const node = await load(nodeId);
      return node.provision_state === state && node.target_provision_state === null && node.reservation === null ? node : undefined;
    }, 10_000, `node ${nodeId} to settle in ${state}`);

  const waiting = (nodeId: string, state: string) =>
    eventually(async () => ((await load(nodeId)).provision_state === state ? load(nodeId) : undefined), 10_000, `node ${nodeId} in ${state}`);

  async function toActive(nodeId: string): Promise<void> {
    await act(nodeId, 'manage');
    await settled(nodeId, 'manageable');
    await act(nodeId, 'provide');
    await settled(nodeId, 'available');
    await act(nodeId, 'active');
  }

  it('drives a node enroll → manageable → available → active → available, passing through every transient state', async () => {
    const nodeId = await enroll();
    await toActive(nodeId);
    await settled(nodeId, 'active');
    await act(nodeId, 'undeploy');
    await settled(nodeId, 'available');
    const path = (await store.readStream(nodeStreamId(nodeId))).filter((e) => e.type === 'ProvisionStateChanged').map((e) => e.data.to);
    expect(path).toEqual(['verifying', 'manageable', 'cleaning', 'available', 'deploying', 'active', 'deleting', 'cleaning', 'available']);
  });

  it('records who asked and which conductor did the work', async () => {
    const nodeId = await enroll();
    await bus.send({ type: 'RequestProvisionAction', nodeId, data: { target: 'manage' }, meta: { actor: 'alice', requestId: 'req-alice-1' } });
    await settled(nodeId, 'manageable');
    const [, verifying, done] = await store.readStream(nodeStreamId(nodeId));
    expect(verifying.metadata).toMatchObject({ actor: 'alice', requestId: 'req-alice-1', correlationId: 'req-alice-1' });
    expect(verifying.data).toMatchObject({ to: 'verifying', reservation: 'cond-a' });
    expect(done.metadata).toMatchObject({ actor: 'conductor', correlationId: 'req-alice-1', causationId: 'req-alice-1' });
  });

  it.each([
    ['verify', 'manage', [], 'enroll'],
    ['clean', 'provide', ['manage'], 'clean failed'],
    ['deploy', 'active', ['manage', 'provide'], 'deploy failed'],
    ['inspect', 'inspect', ['manage'], 'inspect failed'],
    ['adopt', 'adopt', ['manage'], 'adopt failed'],
  ])('reaches the failure state when %s fails', async (work, verb, before, failedState) => {
    const nodeId = await enroll();
    for (const step of before) {
      await act(nodeId, step);
      await settled(nodeId, step === 'manage' ? 'manageable' : 'available');
    }
    await bus.send({ type: 'UpdateNode', nodeId, data: { changes: { driver_info: { fake_fail: work } } } });
    await act(nodeId, verb);
    const node = await eventually(async () => {
      const current = await load(nodeId);
      return current.provision_state === failedState && current.reservation === null ? current : undefined;
    }, 10_000, failedState);
    expect(node.last_error).toContain(`Fake ${work} failed`);
  });

  it('fails tear-down into error, and rescue and unrescue into their failure states', async () => {
    const nodeId = await enroll();
    await toActive(nodeId);
    await settled(nodeId, 'active');
    await bus.send({ type: 'UpdateNode', nodeId, data: { changes: { driver_info: { fake_fail: ['rescue'] } } } });
    await act(nodeId, 'rescue', { rescue_password: 'pw' });
    expect((await waiting(nodeId, 'rescue failed')).last_error).toContain('rescue');
    await bus.send({ type: 'UpdateNode', nodeId, data: { changes: { driver_info: { fake_fail: ['unrescue'] } } } });
    await act(nodeId, 'unrescue');
    expect((await waiting(nodeId, 'unrescue failed')).last_error).toContain('unrescue');
    await bus.send({ type: 'UpdateNode', nodeId, data: { changes: { driver_info: { fake_fail: ['tear_down'] } } } });
    await act(nodeId, 'deleted');
    expect((await settled(nodeId, 'error')).last_error).toContain('tear down');
  });

  it('waits for the deploy ramdisk to call back, then finishes the deployment', async () => {
    const nodeId = await enroll({ fake_wait: ['deploy'] });
    await toActive(nodeId);
    const waitingNode = await waiting(nodeId, 'wait call-back');
    expect(waitingNode).toMatchObject({ target_provision_state: 'active', reservation: null });
    const reply = await resume(nodeId);
    expect(reply.ok).toBe(true);
    await settled(nodeId, 'active');
  });

  it('rescues through rescue wait and back with unrescue', async () => {
    const nodeId = await enroll({ fake_wait: ['rescue'] });
    await toActive(nodeId);
    await settled(nodeId, 'active');
    await act(nodeId, 'rescue', { rescue_password: 'pw' });
    await waiting(nodeId, 'rescue wait');
    await resume(nodeId);
    await settled(nodeId, 'rescue');
    await act(nodeId, 'unrescue');
    await settled(nodeId, 'active');
  });

  it('runs manual cleaning back to manageable, and fails an unknown clean step with Ironic’s message', async () => {
    const nodeId = await enroll();
    await act(nodeId, 'manage');
    await settled(nodeId, 'manageable');
    expect((await act(nodeId, 'clean', { clean_steps: [{ interface: 'deploy', step: 'erase_devices' }] })).ok).toBe(true);
    await settled(nodeId, 'manageable');
    await act(nodeId, 'clean', { clean_steps: [{ interface: 'deploy', step: 'bogus_step' }] });
    const failed = await eventually(async () => {
      const node = await load(nodeId);
      return node.provision_state === 'clean failed' ? node : undefined;
    });
    expect(failed.target_provision_state).toBe('manageable');
    expect(failed.last_error).toContain('node does not support this clean step');
  });

  it('aborts a clean wait, and fails a callback that never comes', async () => {
    const nodeId = await enroll({ fake_wait: ['clean', 'inspect'] });
    await act(nodeId, 'manage');
    await settled(nodeId, 'manageable');
    await act(nodeId, 'provide');
    await waiting(nodeId, 'clean wait');
    expect((await act(nodeId, 'abort')).ok).toBe(true);
    expect((await load(nodeId)).provision_state).toBe('clean failed');
    await act(nodeId, 'manage');
    await act(nodeId, 'inspect');
    await waiting(nodeId, 'inspect wait');
    // CALLBACK_TIMEOUT_S is 2 here.
    const failed = await eventually(async () => {
      const node = await load(nodeId);
      return node.provision_state === 'inspect failed' ? node : undefined;
    }, 8_000, 'the callback timeout');
    expect(failed.last_error).toBe('timeout reached while inspecting the node');
  });

  it('refuses a second request while the node’s work runs (locked) and appends nothing for it', async () => {
    const nodeId = await enroll({ fake_delay_ms: 1500 });
    await act(nodeId, 'manage');
    const before = await eventCount(nodeId);
    const second = await act(nodeId, 'manage');
    expect(second).toEqual({ ok: false, error: { type: 'locked', message: `Node ${nodeId} is locked by host cond-a, please retry after the current operation is completed.` } });
    expect(await eventCount(nodeId)).toBe(before);
    await settled(nodeId, 'manageable');
  });

  it('refuses, without any gateway, what Ironic’s conductor refuses: a verb an interface cannot carry out, bad arguments, a BMC it cannot reach', async () => {
    const nodeId = await enroll();
    await bus.send({ type: 'UpdateNode', nodeId, data: { changes: { rescue_interface: 'no-rescue' } } });
    await toActive(nodeId);
    await settled(nodeId, 'active');
    const before = await eventCount(nodeId);
    expect(await act(nodeId, 'rescue', { rescue_password: 'pw' })).toEqual({
      ok: false,
      error: { type: 'instance_failure', message: `Failed to rescue instance None for node ${nodeId}: Validation failed: Driver fake-hardware does not support rescue (disabled or not implemented).` },
    });
    expect(await act(nodeId, 'rebuild', { configdrive: 'not base64 !!' })).toMatchObject({ ok: false, error: { type: 'invalid_parameter', message: 'Invalid configdrive format: it is neither a JSON, nor a URL, nor a base64 string' } });
    expect(await eventCount(nodeId)).toBe(before);
    expect((await load(nodeId)).provision_state).toBe('active');
    const redfish = randomUUID();
    expect((await bus.send({ type: 'RegisterNode', nodeId: redfish, data: { driver: 'redfish', provision_state: 'enroll' } })).ok).toBe(true);
    expect(await bus.send({ type: 'RequestPowerAction', nodeId: redfish, data: { target: 'power on' } })).toMatchObject({
      ok: false,
      error: { type: 'invalid_parameter', message: `Missing the following Redfish properties in node ${redfish} driver_info: ['redfish_address', 'redfish_username', 'redfish_password']` },
    });
    expect(await eventCount(redfish)).toBe(1);
  });

  it('refuses invalid transitions, unknown drivers and duplicate names without appending', async () => {
    const nodeId = await enroll();
    const invalid = await act(nodeId, 'active');
    expect(invalid).toMatchObject({ ok: false, error: { type: 'invalid_state', message: `The requested action "active" can not be performed on node "${nodeId}" while it is in state "enroll".` } });
    expect(await eventCount(nodeId)).toBe(1);
    const unknown = await bus.send({ type: 'RegisterNode', nodeId: randomUUID(), data: { driver: 'no-such-driver', provision_state: 'enroll' } });
    expect(unknown).toMatchObject({ ok: false, error: { type: 'invalid_parameter' } });
    const name = `n-${randomUUID().slice(0, 8)}`;
    expect((await bus.send({ type: 'RegisterNode', nodeId: randomUUID(), data: { driver: 'fake-hardware', name, provision_state: 'enroll' } })).ok).toBe(true);
    await eventually(async () => ((await bus.send({ type: 'RegisterNode', nodeId: randomUUID(), data: { driver: 'fake-hardware', name, provision_state: 'enroll' } })).ok ? undefined : true), 5000, 'the name to be taken');
    const malformed = await bus.send({ type: 'Bogus', nodeId } as never);
    expect(malformed).toMatchObject({ ok: false, error: { type: 'invalid_command' } });
  });

  it('powers a node and records the result', async () => {
    const nodeId = await enroll();
    expect((await bus.send({ type: 'RequestPowerAction', nodeId, data: { target: 'power on' } })).ok).toBe(true);
    const on = await eventually(async () => {
      const node = await load(nodeId);
      return node.power_state === 'power on' && node.target_power_state === null ? node : undefined;
    });
    expect(on.reservation).toBeNull();
    await bus.send({ type: 'UpdateNode', nodeId, data: { changes: { driver_info: { fake_fail: 'power' } } } });
    await bus.send({ type: 'RequestPowerAction', nodeId, data: { target: 'power off' } });
    const failed = await eventually(async () => {
      const node = await load(nodeId);
      return node.last_error && node.target_power_state === null ? node : undefined;
    });
    expect(failed).toMatchObject({ power_state: 'power on', maintenance: false });
  });
});
