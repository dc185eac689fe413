/**
 * ironledger's own endpoints under `AUTH_STRATEGY=keystone` against a real Keystone: the event
 * feed (server-sent events and the project relay's NATS subjects), the fleet summary and the node
 * logs show a project only its own nodes, a system reader everything; the read-model rebuild is a
 * system administrator's. (That NATS permissions confine a tenant to its subjects is proven in
 * `test/bus/project-events.int.spec.ts`.)
 */
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { connect } from '@nats-io/transport-node';
import { projectEventFilters } from '@ironledger/contracts';
import { type RunningKeystone, startKeystone } from '../support/keystone.js';
import { type RunningSystem, startSystem } from '../support/system.js';

jest.setTimeout(90_000);

let keystone: RunningKeystone;
let system: RunningSystem;

beforeAll(async () => {
  keystone = await startKeystone();
  const { file: credentialsFile } = await keystone.serviceCredentials();
  system = await startSystem({ env: { AUTH_STRATEGY: 'keystone', KEYSTONE_AUTH_FILE: credentialsFile } });
}, 180_000);

afterAll(async () => {
  await system?.stop();
  await keystone?.stop();
});

const call = (token: string, method: string, path: string, body?: unknown) =>
  fetch(`${system.baseUrl}${path}`, { method, headers: { 'X-Auth-Token': token, 'Content-Type': 'application/json', 'X-OpenStack-Ironic-API-Version': '1.82' }, body: body === undefined ? undefined : JSON.stringify(body) });

interface Relayed {
  readonly position: number;
  readonly kind: string;
  readonly type: string;
  readonly meta: Record<string, unknown>;
  readonly data: Record<string, unknown>;
}

/** A subscriber of `GET /v1/events`: what it has received so far, read from the stream as it arrives. */
async function subscribe(token: string, query = '') {
  const abort = new AbortController();
  const response = await fetch(`${system.baseUrl}/v1/events${query}`, { headers: { 'X-Auth-Token': token }, signal: abort.signal });
  expect(response.status).toBe(200);
  const received: Relayed[] = [];
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  const pump = (async () => {
    let buffer = '';
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        buffer += decoder.decode(value, { stream: true });
        for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
          const data = buffer.slice(0, end).split('\n').find((line) => line.startsWith('data: '));
          buffer = buffer.slice(end + 2);
          if (data) received.push(JSON.parse(data.slice('data: '.length)) as Relayed);
        }
      }
    } catch {
      // Aborted by `close`.
    }
  })();
  return {
    received,
    /** Waits (at most 15 s) until `done` holds of what was received. */
    until: async (done: (events: readonly Relayed[]) => boolean) => {
      for (const deadline = Date.now() + 15_000; !done(received) && Date.now() < deadline; ) await new Promise((resolve) => setTimeout(resolve, 50));
      return received;
    },
    close: async () => {
      abort.abort();
      await pump;
    },
  };
}

const extraOf = (event: Relayed) => JSON.stringify(event.data);

describe('ironledger’s own endpoints under Keystone', () => {
  it('streams, counts and shows each project only its own nodes, and a system reader everything', async () => {
    const admin = await keystone.token(await keystone.userWith(['admin'], { system: true }), { system: true });
    const systemReader = await keystone.token(await keystone.userWith(['reader'], { system: true }), { system: true });
    const [first, second] = [await keystone.createProject(), await keystone.createProject()];
    const reader = async (project: string) => keystone.token(await keystone.userWith(['reader'], { project }), { project });
    const [firstReader, secondReader] = [await reader(first), await reader(second)];

    // The first project's subjects on the project relay, as its NATS user would be allowed to subscribe.
    const nats = await connect({ servers: system.natsUrl });
    const overNats: Relayed[] = [];
    const filters = projectEventFilters(first, system.projectEventsPrefix);
    for (const filter of [filters.owned, filters.leased]) nats.subscribe(filter, { callback: (_, message) => void overNats.push(message.json<Relayed>()) });
    await nats.flush();

    const start = ((await (await call(systemReader, 'GET', '/v1/fleet')).json()) as { position: number }).position;
    const create = async (name: string, owner: string) => {
      const response = await call(admin, 'POST', '/v1/nodes', { name, driver: 'fake-hardware', owner });
      expect(response.status).toBe(201);
      return ((await response.json()) as { uuid: string }).uuid;
    };
    const [mine, theirs] = [await create('ev-first', first), await create('ev-second', second)];

    const streams = { first: await subscribe(firstReader), second: await subscribe(secondReader), system: await subscribe(systemReader) };
    const replay = await subscribe(firstReader, `?from=${start}`);
    let allocation = '';
    try {
      for (const step of [1, 2]) {
        for (const node of [mine, theirs]) expect((await call(admin, 'PATCH', `/v1/nodes/${node}`, [{ op: 'add', path: '/extra/step', value: `ev-${step}` }])).status).toBe(200);
        if (step === 1) {
          expect((await call(admin, 'POST', '/v1/chassis', { description: 'ev-chassis' })).status).toBe(201);
          const created = await call(admin, 'POST', '/v1/allocations', { resource_class: 'ev-nothing', owner: first });
          expect(created.status).toBe(201);
          allocation = ((await created.json()) as { uuid: string }).uuid;
        }
      }
      const nodesOf = (events: readonly Relayed[]) => new Set(events.filter((event) => event.kind === 'node').map((event) => event.meta.nodeId));
      const sawLast = (node: string) => (events: readonly Relayed[]) => events.some((event) => event.meta.nodeId === node && extraOf(event).includes('ev-2'));
      const everything = await streams.system.until((events) => sawLast(mine)(events) && sawLast(theirs)(events));
      expect(nodesOf(everything)).toEqual(new Set([mine, theirs]));
      expect(everything.some((event) => event.kind === 'chassis')).toBe(true);
      await streams.first.until(sawLast(mine));
      await streams.second.until(sawLast(theirs));
      await replay.until(sawLast(mine));
      // Whatever else was on its way has arrived by now: the three streams get each event at once.
      await new Promise((resolve) => setTimeout(resolve, 500));

      const kinds = (events: readonly Relayed[]) => [...new Set(events.map((event) => event.kind))].sort();
      expect(kinds(everything)).toEqual(['allocation', 'chassis', 'node']);
      // Its own allocation's events too, nothing of the chassis (a system reader's).
      expect(kinds(streams.first.received)).toEqual(['allocation', 'node']);
      expect(streams.first.received.filter((event) => event.kind === 'allocation').every((event) => event.meta.allocationId === allocation)).toBe(true);
      expect(streams.first.received.filter((event) => event.kind === 'node').map((event) => event.meta.nodeId)).toEqual([mine, mine]);
      expect(streams.second.received.map((event) => event.meta.nodeId)).toEqual([theirs, theirs]);
      // Replayed history: the node's registration too, none of the other project's.
      expect(nodesOf(replay.received)).toEqual(new Set([mine]));
      expect(replay.received.map((event) => event.type)).toContain('NodeRegistered');
      expect(kinds(replay.received)).toEqual(['allocation', 'node']);
      // The project relay: the same events as the replay, none of the other project's, nothing else.
      for (const deadline = Date.now() + 15_000; !sawLast(mine)(overNats) && Date.now() < deadline; ) await new Promise((resolve) => setTimeout(resolve, 50));
      expect(overNats.map((event) => event.position)).toEqual(replay.received.map((event) => event.position));
    } finally {
      for (const stream of [...Object.values(streams), replay]) await stream.close();
      await nats.close();
    }

    // Another project's node is not found, whichever of its logs is asked for.
    expect((await call(firstReader, 'GET', `/v1/events?node=${theirs}`)).status).toBe(404);
    expect((await call(firstReader, 'GET', `/v1/nodes/${theirs}/history`)).status).toBe(404);
    expect((await call(firstReader, 'GET', `/v1/nodes/${theirs}/events`)).status).toBe(404);
    expect((await call(firstReader, 'GET', `/v1/nodes/${mine}/history`)).status).toBe(200);
    expect((await call(firstReader, 'GET', `/v1/nodes/${mine}/events`)).status).toBe(200);
    expect((await call(firstReader, 'GET', `/v1/allocations/${allocation}/events`)).status).toBe(200);
    expect((await call(secondReader, 'GET', `/v1/allocations/${allocation}/events`)).status).toBe(404);

    const counted = async (token: string, query = '') => ((await (await call(token, 'GET', `/v1/fleet${query}`)).json()) as { nodes: number }).nodes;
    expect(await counted(firstReader)).toBe(1);
    expect(await counted(secondReader)).toBe(1);
    expect(await counted(firstReader, `?at=${start}`)).toBe(0);
    expect(await counted(systemReader)).toBeGreaterThanOrEqual(2);
  });

  it('keeps the read-model rebuild and the chassis logs from project callers', async () => {
    const project = await keystone.createProject();
    const projectAdmin = await keystone.token(await keystone.userWith(['admin'], { project }), { project });
    const systemReader = await keystone.token(await keystone.userWith(['reader'], { system: true }), { system: true });
    const systemAdmin = await keystone.token(await keystone.userWith(['admin'], { system: true }), { system: true });
    expect((await call(projectAdmin, 'POST', '/v1/admin/rebuild')).status).toBe(403);
    expect((await call(systemReader, 'POST', '/v1/admin/rebuild')).status).toBe(403);
    expect((await call(systemAdmin, 'POST', '/v1/admin/rebuild')).status).toBe(200);
    const chassis = ((await (await call(systemAdmin, 'POST', '/v1/chassis', {})).json()) as { uuid: string }).uuid;
    const member = await keystone.token(await keystone.userWith(['member', 'reader'], { project }), { project });
    expect((await call(member, 'GET', `/v1/chassis/${chassis}/events`)).status).toBe(403);
    expect((await call(systemReader, 'GET', `/v1/chassis/${chassis}/events`)).status).toBe(200);
  });
});
