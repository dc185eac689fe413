/**
 * The ledger's promises to clients under contention, through two gateways and two conductors:
 * an acknowledged change is never undone by a later one that did not see it, and once a client
 * has a 2xx, its next request — on the same gateway or the other — sees that write.
 */
import { describe, expect, it, jest } from '@jest/globals';
import { nodeStreamId } from '@ironledger/contracts';
import { apiClient, fault } from '../support/api.js';
import { enroll } from '../support/nodes.js';
import { systemForFile } from '../support/system-for-file.js';

jest.setTimeout(180_000);

const system = systemForFile({ conductors: 2, gateways: 2 });
const gateway = [apiClient(() => system.baseUrls[0]!), apiClient(() => system.baseUrls[1]!)];

const CLIENTS = 8;
const NODES = 5;
const DURATION_MS = 6000;

describe('concurrent PATCHes of one node', () => {
  it('never undo an acknowledged change: every client ends on its last acknowledged value, and no event brings an older one back', async () => {
    const nodes = await Promise.all(Array.from({ length: NODES }, () => enroll(gateway[0]!)));
    /** The last value each client got a 200 for, by node. */
    const acknowledged = new Map<string, number>();
    const statuses = new Map<number, number>();
    const deadline = Date.now() + DURATION_MS;
    await Promise.all(
      Array.from({ length: CLIENTS }, async (_, client) => {
        for (let value = 1; Date.now() < deadline; value++) {
          const node = nodes[value % NODES]!;
          // Each client alternates between the gateways, as a client behind a load balancer would.
          const response = await gateway[value % 2]!('PATCH', `/v1/nodes/${node}`, { body: [{ op: 'add', path: `/extra/c${client}`, value }] });
          statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
          if (response.status === 200) acknowledged.set(`${node} c${client}`, value);
          else expect([response.status, fault(response.json)]).toEqual([409, expect.any(String)]);
        }
      }),
    );
    expect(statuses.get(200)).toBeGreaterThan(CLIENTS * NODES);

    const store = await system.store();
    const stale: string[] = [];
    for (const node of nodes) {
      const extra = (await gateway[1]!('GET', `/v1/nodes/${node}`)).json.extra as Record<string, number>;
      for (let client = 0; client < CLIENTS; client++) {
        const last = acknowledged.get(`${node} c${client}`);
        if (last !== undefined && extra[`c${client}`] !== last) stale.push(`${node} c${client}: acknowledged ${last}, holds ${extra[`c${client}`]}`);
      }
      // In the log itself: a client's key only ever moves forward.
      const highest = new Map<string, number>();
      for (const event of await store.readStream(nodeStreamId(node))) {
        if (event.type !== 'NodeUpdated') continue;
        const values = ((event.data.changes as { extra?: Record<string, number> }).extra ?? {}) as Record<string, number>;
        for (const [key, value] of Object.entries(values)) {
          if (value < (highest.get(key) ?? 0)) stale.push(`${node} ${key}: revision ${event.revision} went back from ${highest.get(key)} to ${value}`);
          highest.set(key, Math.max(value, highest.get(key) ?? 0));
        }
      }
    }
    expect(stale).toEqual([]);
  });
});

describe('read your writes across gateways', () => {
  it('a resource created on one gateway can be used at once on the other, under load', async () => {
    const failures: string[] = [];
    const chain = async (i: number) => {
      const [first, second] = i % 2 === 0 ? [gateway[0]!, gateway[1]!] : [gateway[1]!, gateway[0]!];
      const chassis = await first('POST', '/v1/chassis', { body: { description: `chain ${i}` } });
      if (chassis.status !== 201) return failures.push(`chassis ${i}: ${chassis.status} ${chassis.text}`);
      const node = await second('POST', '/v1/nodes', { body: { driver: 'fake-hardware', chassis_uuid: chassis.json.uuid, name: `chain-${i}` } });
      if (node.status !== 201) return failures.push(`node ${i}: ${node.status} ${node.text}`);
      const port = await first('POST', '/v1/ports', { body: { node_uuid: node.json.uuid, address: `52:54:00:${hex(i >> 8)}:${hex(i)}:01` } });
      if (port.status !== 201) return failures.push(`port ${i}: ${port.status} ${port.text}`);
      const patched = await second('PATCH', `/v1/ports/${port.json.uuid}`, { body: [{ op: 'add', path: '/extra/chain', value: i }] });
      if (patched.status !== 200) return failures.push(`port patch ${i}: ${patched.status} ${patched.text}`);
      const seen = await first('GET', `/v1/ports/${port.json.uuid}`);
      if ((seen.json.extra as Record<string, unknown> | undefined)?.chain !== i) return failures.push(`port read ${i}: ${seen.status} ${seen.text}`);
      const renamed = await first('PATCH', `/v1/nodes/chain-${i}`, { body: [{ op: 'replace', path: '/name', value: `chained-${i}` }] });
      if (renamed.status !== 200) return failures.push(`rename ${i}: ${renamed.status} ${renamed.text}`);
      const byName = await second('GET', `/v1/nodes/chained-${i}`);
      if (byName.status !== 200) return failures.push(`read by new name ${i}: ${byName.status} ${byName.text}`);
      return undefined;
    };
    // Eight chains at a time, sixty in all, while other clients keep both gateways and conductors busy.
    let busy = true;
    const load = Promise.all(
      Array.from({ length: 4 }, async (_, n) => {
        const uuid = await enroll(gateway[n % 2]!);
        for (let value = 0; busy; value++) await gateway[value % 2]!('PATCH', `/v1/nodes/${uuid}`, { body: [{ op: 'add', path: '/extra/load', value }] });
      }),
    );
    for (let start = 0; start < 60; start += 8) await Promise.all(Array.from({ length: 8 }, (_, k) => chain(start + k)));
    busy = false;
    await load;
    expect(failures).toEqual([]);
  });
});

describe('a write while another gateway lags', () => {
  it('is acknowledged only once the other gateway shows it too', async () => {
    const lagging = system.processes().find((service) => service.name === 'gateway-2')!;
    lagging.process.kill('SIGSTOP');
    let resumedAt = Infinity;
    // The second gateway lags: frozen, its read model cannot apply anything (for less than the
    // three heartbeat intervals after which the first would count it as gone).
    const resume = setTimeout(() => {
      resumedAt = Date.now();
      lagging.process.kill('SIGCONT');
    }, 600);
    try {
      const chassis = await gateway[0]!('POST', '/v1/chassis', { body: { description: 'made while the other gateway lags' } });
      const answeredAt = Date.now();
      expect(chassis.status).toBe(201);
      expect(answeredAt).toBeGreaterThanOrEqual(resumedAt);
      const node = await gateway[1]!('POST', '/v1/nodes', { body: { driver: 'fake-hardware', chassis_uuid: chassis.json.uuid } });
      expect([node.status, node.text]).toEqual([201, expect.any(String)]);
    } finally {
      clearTimeout(resume);
      lagging.process.kill('SIGCONT');
    }
  });
});

function hex(value: number): string {
  return (value & 0xff).toString(16).padStart(2, '0');
}
