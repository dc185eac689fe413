/**
 * Lifecycle events, audit history and past states through the gateway, with a real conductor and
 * JetStream behind it: what subscribers and auditors see must be exactly what the store holds.
 */
import { beforeAll, describe, expect, it, jest } from '@jest/globals';
import { subscribeSse } from '@ironledger/client';
import { toNodeEvent } from '@ironledger/application';
import { nodeStreamId } from '@ironledger/contracts';
import { type RecordedEvent } from '@ironledger/event-store';
import { sleep } from '../support/system.js';
import { systemForFile } from '../support/system-for-file.js';

jest.setTimeout(120_000);

const LATEST = { 'X-OpenStack-Ironic-API-Version': 'latest' };
type Json = Record<string, unknown>;
const system = systemForFile();

async function call(method: string, path: string, body?: unknown) {
  const response = await fetch(`${system.baseUrl}${path}`, { method, headers: { ...LATEST, ...(body ? { 'content-type': 'application/json' } : {}) }, body: body ? JSON.stringify(body) : undefined });
  const text = await response.text();
  return { status: response.status, json: (text ? JSON.parse(text) : undefined) as Json };
}

async function settle(ident: string, state: string): Promise<void> {
  for (const deadline = Date.now() + 15_000; Date.now() < deadline; await sleep(20)) {
    const { json } = await call('GET', `/v1/nodes/${ident}/states`);
    if (json.provision_state === state && json.target_provision_state === null) return;
  }
  throw new Error(`${ident} never settled in ${state}\n${system.logs()}`);
}

/** Drives a node through a scripted lifecycle; returns its uuid and the states seen, with times. */
async function lifecycle(name: string): Promise<{ uuid: string; seen: { at: string; state: string }[] }> {
  const created = await call('POST', '/v1/nodes', { driver: 'fake-hardware', name, driver_info: { ipmi_password: 'hunter2' } });
  expect(created.status).toBe(201);
  const uuid = created.json.uuid as string;
  const seen: { at: string; state: string }[] = [];
  const observe = async (state: string) => {
    await settle(uuid, state);
    seen.push({ at: new Date().toISOString(), state });
    await sleep(5);
  };
  await observe('enroll');
  for (const [target, state] of [['manage', 'manageable'], ['provide', 'available'], ['active', 'active'], ['deleted', 'available']]) {
    expect((await call('PUT', `/v1/nodes/${uuid}/states/provision`, { target })).status).toBe(202);
    await observe(state);
  }
  return { uuid, seen };
}

describe('audit history', () => {
  let node: { uuid: string; seen: { at: string; state: string }[] };
  beforeAll(async () => {
    node = await lifecycle('audited');
    await call('PUT', `/v1/nodes/${node.uuid}/maintenance`, { reason: 'rack move' });
  });

  it('lists every transition in Ironic’s history shape, complete and in order', async () => {
    const { status, json } = await call('GET', `/v1/nodes/audited/history?detail=true`);
    expect(status).toBe(200);
    const history = json.history as Json[];
    expect(history.map((h) => h.event_type)).toEqual([
      'registration', 'verify', 'verify', 'cleaning', 'cleaning', 'provisioning', 'provisioning', 'unprovision', 'unprovision', 'cleaning', 'maintenance',
    ]);
    expect(history.map((h) => h.event)).toEqual([
      expect.stringContaining('registered'),
      expect.stringContaining('manage'),
      expect.stringContaining('done'),
      expect.stringContaining('provide'),
      expect.stringContaining('done'),
      expect.stringContaining('deploy'),
      expect.stringContaining('done'),
      expect.stringContaining('delete'),
      expect.stringContaining('clean'),
      expect.stringContaining('done'),
      expect.stringContaining('rack move'),
    ]);
    expect(history.every((h) => typeof h.uuid === 'string' && typeof h.created_at === 'string' && (h.severity === 'INFO' || h.severity === 'ERROR'))).toBe(true);
    expect(history.some((h) => h.user === 'noauth')).toBe(true);
    const one = await call('GET', `/v1/nodes/audited/history/${history[3].uuid as string}`);
    expect(one.json).toMatchObject({ uuid: history[3].uuid, event: history[3].event });
    // Below 1.78 there is no history resource, as in Ironic.
    const old = await fetch(`${system.baseUrl}/v1/nodes/audited/history`, { headers: { 'X-OpenStack-Ironic-API-Version': '1.77' } });
    expect(old.status).toBe(404);
  });

  it('serves the raw event log with who, why and when, never the BMC password', async () => {
    const first = await call('GET', `/v1/nodes/${node.uuid}/events?limit=4`);
    const events = first.json.events as Json[];
    expect(events).toHaveLength(4);
    expect(first.json.next).toContain('after=');
    const stored = await (await system.store()).readStream(nodeStreamId(node.uuid));
    expect(events.map((e) => e.position)).toEqual(stored.slice(0, 4).map((e) => e.position));
    expect(events[1]).toMatchObject({ type: 'ProvisionStateChanged', meta: { actor: 'noauth', requestId: expect.stringMatching(/^req-/) } });
    expect(JSON.stringify(events)).not.toContain('hunter2');
    // Following `next` walks the rest of the log, page by page.
    const positions = events.map((e) => e.position);
    for (let next = first.json.next as string | undefined; next; ) {
      const page = await call('GET', new URL(next).pathname + new URL(next).search);
      positions.push(...(page.json.events as Json[]).map((e) => e.position));
      next = page.json.next as string | undefined;
    }
    expect(positions).toEqual(stored.map((e) => e.position));
  });

  it('shows the node as it was at any past instant, by time or by position', async () => {
    for (const { at, state } of node.seen) {
      const { status, json } = await call('GET', `/v1/nodes/${node.uuid}?at=${encodeURIComponent(at)}`);
      expect(status).toBe(200);
      expect(json.provision_state).toBe(state);
    }
    const stored = await (await system.store()).readStream(nodeStreamId(node.uuid));
    expect((await call('GET', `/v1/nodes/${node.uuid}?at=${stored[0].position}`)).json.provision_state).toBe('enroll');
    expect((await call('GET', `/v1/nodes/${node.uuid}?at=1999-01-01T00:00:00Z`)).status).toBe(404);
    expect((await call('GET', `/v1/nodes/${node.uuid}?at=yesterday`)).status).toBe(400);
    const fleet = await call('GET', `/v1/nodes?at=${encodeURIComponent(node.seen[2].at)}&fields=uuid,provision_state`);
    expect((fleet.json.nodes as Json[]).find((n) => n.uuid === node.uuid)?.provision_state).toBe('available');
  });
});

describe('server-sent events', () => {
  it('delivers exactly the store’s events to a subscriber that keeps disconnecting and resuming', async () => {
    const received: number[] = [];
    let checkpoint = 0;
    let stopped = false;
    let current: ReturnType<typeof subscribeSse> | undefined;
    const subscriber = (async () => {
      // Disconnect at random points, each time resuming from the checkpoint the subscriber kept.
      while (!stopped) {
        const subscription = (current = subscribeSse({ baseUrl: system.baseUrl, from: checkpoint, headers: LATEST }));
        const stopAfter = 1 + Math.floor(Math.random() * 6);
        let got = 0;
        for await (const { position } of subscription) {
          received.push(position);
          if (++got >= stopAfter) break;
        }
        checkpoint = subscription.checkpoint;
        await subscription.close();
      }
    })();
    await Promise.all(['sse-a', 'sse-b', 'sse-c'].map(lifecycle));
    // Node events only: the store also holds the name claims, which are not lifecycle events.
    const all = (await (await system.store()).readAll()).filter((e: RecordedEvent) => toNodeEvent(e)).map((e: RecordedEvent) => e.position);
    for (const deadline = Date.now() + 10_000; received.length < all.length && Date.now() < deadline; ) await sleep(50);
    stopped = true;
    await current?.close();
    await subscriber;
    // Nothing missed, nothing twice: exactly the store's node-event positions, in order.
    expect(received).toEqual(all);
  });

  it('filters by node and event type, and masks secrets', async () => {
    const created = await call('POST', '/v1/nodes', { driver: 'fake-hardware', name: 'filtered', driver_info: { redfish_password: 'topsecret' } });
    const uuid = created.json.uuid as string;
    const subscription = subscribeSse({ baseUrl: system.baseUrl, from: 0, nodeId: uuid, eventTypes: ['NodeRegistered', 'ProvisionStateChanged'] });
    await call('PUT', `/v1/nodes/${uuid}/states/provision`, { target: 'manage' });
    const seen: string[] = [];
    for await (const { event } of subscription) {
      expect((event.meta as { nodeId?: string }).nodeId).toBe(uuid);
      if (event.type === 'NodeRegistered') expect(JSON.stringify(event.data)).not.toContain('topsecret');
      seen.push(event.type === 'ProvisionStateChanged' ? `${event.data.from}->${event.data.to}` : event.type);
      if (seen.length === 3) break;
    }
    await subscription.close();
    expect(seen).toEqual(['NodeRegistered', 'enroll->verifying', 'verifying->manageable']);
  });

  it('refuses unknown filters with Ironic’s error body', async () => {
    expect((await call('GET', '/v1/events?type=Bogus')).status).toBe(400);
    expect((await call('GET', '/v1/events?provision_state=flying')).status).toBe(400);
    expect((await call('GET', '/v1/events?node=no-such-node')).status).toBe(404);
    expect((await call('GET', '/v1/events?from=-3')).status).toBe(400);
  });
});
