/**
 * A NATS outage of about ten seconds while nodes are in flight, on a private nats-server that is
 * killed and started again: no conductor is taken for dead (none stopped), every node's work is
 * recorded once the bus is back and no node stays locked, and the gateway is not ready while its
 * read model is behind the store.
 */
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { NodeCommandHandler } from '@ironledger/application';
import { apiClient } from '../support/api.js';
import { PrivateNats } from '../support/nats-server.js';
import { type RunningSystem, sleep, startSystem } from '../support/system.js';

jest.setTimeout(180_000);

const NODES = 20;
const OUTAGE_MS = 9000;
let nats: PrivateNats;
let system: RunningSystem;
const call = apiClient(() => system.baseUrl);

beforeAll(async () => {
  nats = await PrivateNats.start();
  system = await startSystem({ natsUrl: nats.url, conductors: 2, env: { HEARTBEAT_INTERVAL_MS: '300', COMMAND_TIMEOUT_MS: '3000' } });
}, 120_000);

afterAll(async () => {
  if (nats && !nats.running) await nats.resume();
  await system?.stop();
  await nats?.destroy();
});

interface Readiness {
  readonly status: number;
  readonly position: number;
}

const readiness = async (): Promise<Readiness | undefined> => {
  try {
    const response = await fetch(`${system.baseUrl}/readyz`);
    return { status: response.status, position: ((await response.json()) as { position: number }).position };
  } catch {
    return undefined;
  }
};

describe('a NATS outage under load', () => {
  it('loses no work, takes no live conductor for dead, locks no node, and is not ready while behind', async () => {
    const uuids: string[] = [];
    for (let i = 0; i < NODES; i++) {
      // Verification takes 4 s: it ends while NATS is down, and its outcome waits for the bus.
      const created = await call('POST', '/v1/nodes', { body: { driver: 'fake-hardware', name: `outage-${i}`, driver_info: { fake_delay_ms: 4000 } } });
      expect(created.status).toBe(201);
      uuids.push(created.json.uuid as string);
    }
    const accepted = await Promise.all(uuids.map((uuid) => call('PUT', `/v1/nodes/${uuid}/states/provision`, { body: { target: 'manage' } })));
    expect(accepted.map((r) => r.status)).toEqual(uuids.map(() => 202));

    await sleep(1000);
    await nats.outage();
    const during: number[] = [];
    const outageEnds = Date.now() + OUTAGE_MS;
    while (Date.now() < outageEnds) {
      during.push((await readiness())?.status ?? 0);
      const write = await call('POST', '/v1/nodes', { body: { driver: 'fake-hardware' } });
      // Refused as unavailable, never as a server error.
      expect(write.status).toBe(503);
      // A read of the store itself fails at once, instead of waiting for the bus to come back.
      const asked = Date.now();
      const read = await call('GET', `/v1/nodes/${uuids[0]}/events?limit=1`);
      expect([read.status, Date.now() - asked < 6000]).toEqual([503, true]);
      await sleep(500);
    }
    expect(during.every((status) => status === 503)).toBe(true);
    await nats.resume();
    const back = Date.now();

    // From now on: whenever the gateway says it is ready, its read model holds what the store held just before.
    const store = await system.store();
    const handler = new NodeCommandHandler(store);
    let readySince: number | undefined;
    const deadline = Date.now() + 60_000;
    for (;;) {
      const last = await store.lastPosition().catch(() => undefined);
      const ready = await readiness();
      if (last !== undefined && ready?.status === 200) {
        expect(ready.position).toBeGreaterThanOrEqual(last);
        readySince ??= Date.now();
      }
      const nodes = await Promise.all(uuids.map(async (uuid) => (await handler.load(uuid)).state!));
      if (readySince !== undefined && nodes.every((node) => node.provision_state === 'manageable' && node.reservation === null)) break;
      if (Date.now() > deadline) throw new Error(`not settled 60 s after the outage: ${JSON.stringify(nodes.map((n) => [n.provision_state, n.reservation, n.last_error]))}\n${system.logs()}`);
      await sleep(200);
    }
    // A gateway that never comes back is what this catches, not how fast a loaded machine is.
    expect(readySince! - back).toBeLessThan(30_000);

    const nodes = await Promise.all(uuids.map(async (uuid) => (await handler.load(uuid)).state!));
    expect(nodes.filter((node) => node.last_error !== null).map((node) => node.last_error)).toEqual([]);
    // The gateway shows what the store holds.
    for (const node of nodes) {
      const shown = await call('GET', `/v1/nodes/${node.uuid}`);
      expect([shown.json.provision_state, shown.json.reservation]).toEqual(['manageable', null]);
    }
  });
});
