/**
 * The ledger's promises on a 3-server NATS cluster (streams with 3 replicas) under contention, with
 * two gateways and two conductors: clients patch their own keys of the same nodes through both
 * gateways while the server leading the event stream is killed (SIGKILL) and started again. Then:
 * one commit per (stream, revision), no acknowledged change lost or undone, and rebuilds equal to
 * the live read models.
 */
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { nodeStreamId } from '@ironledger/contracts';
import { type RecordedEvent } from '@ironledger/event-store';
import { NatsCluster } from '../support/nats-cluster.js';
import { eventually } from '../support/processes.js';
import { type RunningSystem, sleep, startSystem } from '../support/system.js';

jest.setTimeout(180_000);

const CLIENTS = 8;
const NODES = 5;
/** The load runs this long before the leader is killed, and as long after it is back. */
const PHASE_MS = 4000;

let cluster: NatsCluster;
let system: RunningSystem;

beforeAll(async () => {
  cluster = await NatsCluster.start();
  system = await startSystem({ natsUrl: cluster.url, conductors: 2, gateways: 2, env: { JETSTREAM_REPLICAS: '3' } });
}, 120_000);

afterAll(async () => {
  await system?.stop();
  await cluster?.destroy();
});

async function call(baseUrl: string, method: string, path: string, body?: unknown): Promise<{ status: number; json: Record<string, unknown> }> {
  try {
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers: { 'Content-Type': 'application/json', 'X-OpenStack-Ironic-API-Version': 'latest' },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(30_000),
    });
    const text = await response.text();
    return { status: response.status, json: text && response.headers.get('content-type')?.includes('json') ? (JSON.parse(text) as Record<string, unknown>) : {} };
  } catch {
    return { status: 0, json: {} };
  }
}

describe('concurrent patches on a 3-server cluster through a leader kill', () => {
  it('keep one commit per revision, lose and undo no acknowledged change, and rebuild to the live state', async () => {
    const nodes: string[] = [];
    for (let i = 0; i < NODES; i++) {
      const created = await call(system.baseUrls[i % 2]!, 'POST', '/v1/nodes', { driver: 'fake-hardware' });
      expect(created.status).toBe(201);
      nodes.push(created.json.uuid as string);
    }
    /** Per (node, client): the last value answered 200, and every value sent (a 503 may have been carried out). */
    const acknowledged = new Map<string, number>();
    const statuses = new Map<number, number>();
    let running = true;
    const clients = Array.from({ length: CLIENTS }, async (_, client) => {
      for (let value = 1; running; value++) {
        const node = nodes[value % NODES]!;
        const response = await call(system.baseUrls[value % 2]!, 'PATCH', `/v1/nodes/${node}`, [{ op: 'add', path: `/extra/c${client}`, value }]);
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
        if (response.status === 200) acknowledged.set(`${node} c${client}`, value);
        else await sleep(50);
      }
    });
    await sleep(PHASE_MS);
    const leader = await cluster.leaderOf(system.storeStream);
    await cluster.kill(leader);
    await sleep(PHASE_MS);
    await cluster.restart(leader);
    await sleep(PHASE_MS);
    running = false;
    await Promise.all(clients);
    expect(statuses.get(200)).toBeGreaterThan(CLIENTS * NODES);

    const store = await system.store();
    const last = await store.lastPosition();
    for (const baseUrl of system.baseUrls) {
      await eventually(async () => ((await call(baseUrl, 'GET', '/readyz')).json.position as number) >= last || undefined, 30_000, `${baseUrl} at ${last}`);
    }
    const events = await store.readAll({ after: 0, limit: 1_000_000 });
    expect(duplicateRevisions(events)).toEqual([]);

    const problems: string[] = [];
    for (const node of nodes) {
      const extra = (await call(system.baseUrls[0]!, 'GET', `/v1/nodes/${node}`)).json.extra as Record<string, number>;
      for (let client = 0; client < CLIENTS; client++) {
        const last = acknowledged.get(`${node} c${client}`);
        // A later request answered 503 may have been carried out all the same: never less than the last 200.
        if (last !== undefined && !(extra[`c${client}`]! >= last)) problems.push(`${node} c${client}: acknowledged ${last}, holds ${extra[`c${client}`]}`);
      }
      const highest = new Map<string, number>();
      for (const event of events.filter((e) => e.streamId === nodeStreamId(node) && e.type === 'NodeUpdated')) {
        for (const [key, value] of Object.entries((event.data.changes as { extra?: Record<string, number> }).extra ?? {})) {
          if (value < (highest.get(key) ?? 0)) problems.push(`${node} ${key}: revision ${event.revision} went back from ${highest.get(key)} to ${value}`);
          highest.set(key, Math.max(value, highest.get(key) ?? 0));
        }
      }
    }
    expect(problems).toEqual([]);

    for (const baseUrl of system.baseUrls) {
      const rebuilt = (await call(baseUrl, 'POST', '/v1/admin/rebuild')).json as { equal: boolean; differences: unknown[] };
      expect([baseUrl, rebuilt.equal, rebuilt.differences]).toEqual([baseUrl, true, []]);
    }
  });
});

/** `stream@revision` held by more than one stored event. */
function duplicateRevisions(events: readonly RecordedEvent[]): string[] {
  const seen = new Map<string, number>();
  for (const event of events) {
    const key = `${event.streamId}@${event.revision}`;
    seen.set(key, (seen.get(key) ?? 0) + 1);
  }
  return [...seen].filter(([, count]) => count > 1).map(([key, count]) => `${key} × ${count}`);
}
