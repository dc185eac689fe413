/**
 * Ramdisk agents' heartbeats through two gateways, a conductor and NATS: a heartbeat that tells
 * the node nothing new appends nothing to its log, its time still shows on every gateway, and a
 * heartbeat that came while the conductor worked still resumes the node at once. The nodes are
 * fake hardware slowed by `driver_info.fake_delay_ms`, so they stay in `deploying` while the
 * test heartbeats as their agent.
 */
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { apiClient, type Json } from '../support/api.js';
import { enroll, nodeEventTypes, provision, until } from '../support/nodes.js';
import { type RunningSystem, startSystem } from '../support/system.js';

jest.setTimeout(120_000);

const HEARTBEATS = 2000;
const AT_ONCE = 8;
const CALLBACK_URL = 'http://192.0.2.10:9999';

let system: RunningSystem;
const call = apiClient(() => system.baseUrl);
const callSecond = apiClient(() => system.baseUrls[1]!);

beforeAll(async () => {
  system = await startSystem({ gateways: 2 });
}, 120_000);

afterAll(async () => {
  await system?.stop();
});

/** An available fake-hardware node whose deploy steps take `delayMs`, and wait for the agent when `waits`. */
async function availableNode(delayMs: number, waits = false): Promise<string> {
  const uuid = await enroll(call);
  await provision(call, uuid, 'manage', 'manageable');
  await provision(call, uuid, 'provide', 'available');
  const script = [{ op: 'add', path: '/driver_info/fake_delay_ms', value: delayMs }, ...(waits ? [{ op: 'add', path: '/driver_info/fake_wait', value: 'deploy' }] : [])];
  const patched = await call('PATCH', `/v1/nodes/${uuid}`, { body: script });
  if (patched.status !== 200) throw new Error(`PATCH failed: ${patched.status} ${patched.text}`);
  return uuid;
}

/** Starts a deployment and looks the node up as its ramdisk would: the agent's token. */
async function deployAndLookUp(uuid: string): Promise<string> {
  const accepted = await call('PUT', `/v1/nodes/${uuid}/states/provision`, { body: { target: 'active' } });
  if (accepted.status !== 202) throw new Error(`deploy refused: ${accepted.status} ${accepted.text}`);
  const lookup = await call('GET', `/v1/lookup?node_uuid=${uuid}`);
  if (lookup.status !== 200) throw new Error(`lookup failed: ${lookup.status} ${lookup.text}`);
  return (lookup.json.config as Json).agent_token as string;
}

async function heartbeat(uuid: string, token: string): Promise<void> {
  const beat = await call('POST', `/v1/heartbeat/${uuid}`, { body: { callback_url: CALLBACK_URL, agent_version: '9.9.0', agent_token: token } });
  if (beat.status !== 202) throw new Error(`heartbeat refused: ${beat.status} ${beat.text}`);
}

/** `count` heartbeats, `AT_ONCE` at a time. */
async function heartbeats(uuid: string, token: string, count: number): Promise<void> {
  let sent = 0;
  await Promise.all(
    Array.from({ length: AT_ONCE }, async () => {
      while (sent < count) {
        sent++;
        await heartbeat(uuid, token);
      }
    }),
  );
}

/** `agent_last_heartbeat` as a gateway shows it (Ironic's naive UTC time), as epoch milliseconds. */
async function lastHeartbeatMs(get: typeof call, uuid: string): Promise<number> {
  const info = (await get('GET', `/v1/nodes/${uuid}`)).json.driver_internal_info as Json;
  return typeof info.agent_last_heartbeat === 'string' ? Date.parse(`${info.agent_last_heartbeat}Z`) : NaN;
}

describe('agent heartbeats while the conductor deploys', () => {
  it(`${HEARTBEATS} heartbeats append at most the first one, and every gateway shows the last one`, async () => {
    const uuid = await availableNode(60_000);
    const token = await deployAndLookUp(uuid);
    const before = (await nodeEventTypes(system, uuid)).length;
    const started = Date.now();
    await heartbeats(uuid, token, HEARTBEATS);
    const lastSentMs = Date.now();
    const beatsPerSecond = HEARTBEATS / ((lastSentMs - started) / 1000);
    const after = await nodeEventTypes(system, uuid);
    // The node stayed in deploying all along: every heartbeat was one the conductor's work does not wait for.
    expect((await call('GET', `/v1/nodes/${uuid}`)).json.provision_state).toBe('deploying');
    expect(after.slice(before)).toEqual(['AgentHeartbeatRecorded']);
    // The last heartbeat's time, not the recorded first one's, on this gateway and the other.
    const lastHeard = Date.now();
    expect(await lastHeartbeatMs(call, uuid)).toBeGreaterThan(lastSentMs - 1000);
    const second = await until(callSecond, uuid, (node) => Date.parse(`${String((node.driver_internal_info as Json).agent_last_heartbeat)}Z`) > lastSentMs - 1000, 'the last heartbeat on the second gateway', 5000);
    expect(Date.parse(`${String((second.driver_internal_info as Json).agent_last_heartbeat)}Z`)).toBeLessThanOrEqual(lastHeard);
    // A heartbeat taken by the second gateway shows on the first.
    const beforeSecond = Date.now();
    const beat = await callSecond('POST', `/v1/heartbeat/${uuid}`, { body: { callback_url: CALLBACK_URL, agent_version: '9.9.0', agent_token: token } });
    expect(beat.status).toBe(202);
    await until(call, uuid, (node) => Date.parse(`${String((node.driver_internal_info as Json).agent_last_heartbeat)}Z`) >= beforeSecond - 5, 'the second gateway’s heartbeat on the first', 5000);
    expect((await nodeEventTypes(system, uuid)).length).toBe(after.length);
    console.log(`${HEARTBEATS} heartbeats in deploying (${beatsPerSecond.toFixed(0)}/s): ${after.length - before} event(s) appended`);
  });

  it('a heartbeat that came while the conductor worked still resumes the node as soon as it would wait', async () => {
    const uuid = await availableNode(2000, true);
    const token = await deployAndLookUp(uuid);
    await heartbeat(uuid, token);
    // Repeated ones add nothing; the conductor's step still runs.
    await heartbeats(uuid, token, 20);
    expect((await call('GET', `/v1/nodes/${uuid}`)).json.provision_state).toBe('deploying');
    // No heartbeat after this: the node goes to wait call-back and resumes on the one it had.
    const deployed = await until(call, uuid, (node) => node.provision_state === 'active', 'active without another heartbeat', 20_000);
    expect(deployed.provision_state).toBe('active');
    const moves = (await nodeEventTypes(system, uuid)).filter((type) => type === 'AgentHeartbeatRecorded');
    expect(moves).toEqual(['AgentHeartbeatRecorded']);
  });
});
