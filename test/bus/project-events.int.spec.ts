/**
 * The project event relay on a nats-server that enforces tenants' permissions: a relay (the
 * `projects` scope of `EventRelay`) republishes a log in which nodes change owner and lessee, and
 * two tenants, each a NATS user with `projectSubscriberPermissions`, receive exactly the events of
 * the nodes and allocations their project owns or leases (judged as the gateway's event feed
 * judges them), and are refused every other subject and the JetStream API.
 */
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect, type NatsConnection, type Subscription } from '@nats-io/transport-node';
import { AllocationCommandHandler, FleetReadModel, NodeCommandHandler } from '@ironledger/application';
import { NODE_EVENTS_SUBJECT_PREFIX, PROJECT_EVENTS_SUBJECT_PREFIX, projectSubscriberPermissions } from '@ironledger/contracts';
import { type AllocationCommand, type CommandMeta, type NodeCommand } from '@ironledger/domain';
import { JetStreamEventStore } from '@ironledger/event-store';
import { DEFAULT_PROJECT_RELAY_STREAM, EventRelay, parseRelayedEvent } from '@ironledger/lifecycle-events';
import { accepts } from '../support/nats-server.js';
import { freePort } from '../support/processes.js';

jest.setTimeout(60_000);

const TENANTS = { p1: 'f11853c7fa9c4db3a477c9d8e0dbbf13', p2: '70e5e25a2ca24cb18ae87d8739cee205' } as const;
const PASSWORD = 'tenant-password';

let dir: string;
let server: ChildProcess;
let url: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'ironledger-project-events-'));
  const port = await freePort();
  const users = [
    // The services connect without credentials and act as this user, who may do anything.
    { user: 'ironledger', password: 'service-password' },
    ...Object.values(TENANTS).map((project) => ({ user: project, password: PASSWORD, permissions: projectSubscriberPermissions(project) })),
  ];
  writeFileSync(join(dir, 'nats.conf'), `listen: 127.0.0.1:${port}\njetstream { store_dir: "${join(dir, 'js')}" }\nno_auth_user: ironledger\nauthorization ${JSON.stringify({ users })}\n`);
  const binary = ['/usr/sbin/nats-server', '/usr/bin/nats-server'].find((path) => existsSync(path)) ?? 'nats-server';
  server = spawn(binary, ['-c', join(dir, 'nats.conf')], { stdio: 'ignore' });
  for (const deadline = Date.now() + 10_000; !(await accepts(port)); await new Promise((resolve) => setTimeout(resolve, 50))) {
    if (server.exitCode !== null || Date.now() > deadline) throw new Error('nats-server did not start');
  }
  url = `nats://127.0.0.1:${port}`;
});

afterAll(async () => {
  if (server?.exitCode === null) {
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGKILL');
    await exited;
  }
  rmSync(dir, { recursive: true, force: true });
});

/** Collects the positions of the events a subscription receives. */
function received(subscription: Subscription): number[] {
  const positions: number[] = [];
  void (async () => {
    for await (const message of subscription) positions.push(parseRelayedEvent(message.string()).position);
  })().catch(() => undefined);
  return positions;
}

/** How a subscription ends: the server's refusal, or `open` if it is still running after a round trip. */
async function refusal(nc: NatsConnection, subject: string): Promise<string> {
  const subscription = nc.subscribe(subject);
  const ended = (async () => {
    try {
      for await (const _ of subscription) return 'a message';
      return 'closed';
    } catch (error) {
      return (error as Error).message;
    }
  })();
  await nc.flush();
  let timer: NodeJS.Timeout | undefined;
  const stillOpen = new Promise<string>((resolve) => (timer = setTimeout(() => resolve('open'), 2_000)));
  return Promise.race([ended, stillOpen]).finally(() => clearTimeout(timer));
}

describe('the project event relay under tenants’ NATS permissions', () => {
  it('gives each project the events of what it owns or leases, once and in order, and refuses it everything else', async () => {
    const store = await JetStreamEventStore.connect({ servers: url });
    const relay = new EventRelay({ store, servers: url, scope: 'projects' });
    const tenants = await Promise.all(Object.values(TENANTS).map((project) => connect({ servers: url, user: project, pass: PASSWORD })));
    try {
      const [owned1, leased1, owned2, leased2] = tenants.flatMap((nc, i) => {
        const project = Object.values(TENANTS)[i]!;
        return [nc.subscribe(`${PROJECT_EVENTS_SUBJECT_PREFIX}.${project}.>`), nc.subscribe(`${PROJECT_EVENTS_SUBJECT_PREFIX}.*.${project}.>`)];
      });
      const got = { p1: [received(owned1!), received(leased1!)], p2: [received(owned2!), received(leased2!)] };
      await Promise.all(tenants.map((nc) => nc.flush()));

      let request = 0;
      const meta = (): CommandMeta => ({ at: '2026-11-29T12:00:00Z', actor: 'op', requestId: `r${++request}`, conductor: 'c1' });
      const nodes = new NodeCommandHandler(store);
      const allocations = new AllocationCommandHandler(store);
      const node = (command: Omit<NodeCommand, 'meta'>) => nodes.handle({ ...command, meta: meta() } as NodeCommand);
      const [a, b, c] = ['0a', '0b', '0c'].map((tail) => `00000000-0000-4000-8000-0000000000${tail}`);
      // History before the relay starts, then live events: the relay folds owners through both.
      await node({ type: 'RegisterNode', nodeId: a!, data: { driver: 'fake-hardware', provision_state: 'enroll', owner: TENANTS.p1 } });
      await node({ type: 'RegisterNode', nodeId: b!, data: { driver: 'fake-hardware', provision_state: 'enroll', owner: TENANTS.p2, lessee: TENANTS.p1 } });
      await node({ type: 'RegisterNode', nodeId: c!, data: { driver: 'fake-hardware', provision_state: 'enroll' } });
      await relay.start();
      await node({ type: 'UpdateNode', nodeId: a!, data: { changes: { description: 'p1 only' } } });
      await node({ type: 'UpdateNode', nodeId: b!, data: { changes: { description: 'p2 owns, p1 leases' } } });
      await node({ type: 'UpdateNode', nodeId: a!, data: { changes: { owner: TENANTS.p2 } } });
      await node({ type: 'UpdateNode', nodeId: a!, data: { changes: { description: 'now p2 only' } } });
      await node({ type: 'UpdateNode', nodeId: b!, data: { changes: { lessee: null } } });
      await node({ type: 'UpdateNode', nodeId: c!, data: { changes: { description: 'nobody’s' } } });
      await allocations.handle({ type: 'CreateAllocation', allocationId: '00000000-0000-4000-8000-0000000000a1', data: { name: null, resource_class: 'x', traits: [], candidate_nodes: [], extra: {}, owner: TENANTS.p1 }, meta: meta() } as AllocationCommand);
      await node({ type: 'DeleteNode', nodeId: b!, data: {} });
      const log = await store.readAll();
      expect(await relay.waitFor(log.at(-1)!.position, 10_000)).toBe(true);
      await Promise.all(tenants.map((nc) => nc.flush()));

      // What each project should get, judged on the read model's states: after the event, before it for a deletion.
      const fleet = new FleetReadModel();
      const expected = { p1: [[], []] as number[][], p2: [[], []] as number[][] };
      for (const recorded of log) {
        const applied = fleet.apply(recorded);
        if (applied?.kind !== 'node' && applied?.kind !== 'allocation') continue;
        const state = (applied.after ?? applied.before) as { owner: string | null; lessee?: string | null };
        for (const [name, project] of Object.entries(TENANTS) as ['p1' | 'p2', string][]) {
          if (state.owner === project) expected[name][0]!.push(recorded.position);
          if (state.lessee === project) expected[name][1]!.push(recorded.position);
        }
      }
      expect(got).toEqual(expected);
      expect(expected.p1[0]!.length + expected.p1[1]!.length).toBeGreaterThan(3);

      // Nothing else: not the other project's events, not the fleet's stream, not JetStream's API.
      const [p1] = tenants;
      expect(await refusal(p1!, `${PROJECT_EVENTS_SUBJECT_PREFIX}.>`)).toMatch(/permissions violation/i);
      expect(await refusal(p1!, `${PROJECT_EVENTS_SUBJECT_PREFIX}.${TENANTS.p2}.>`)).toMatch(/permissions violation/i);
      expect(await refusal(p1!, `${NODE_EVENTS_SUBJECT_PREFIX}.>`)).toMatch(/permissions violation/i);
      const jsm = await jetstreamManager(p1!, { checkAPI: false, timeout: 2_000 });
      await expect(jsm.streams.getMessage(DEFAULT_PROJECT_RELAY_STREAM, { seq: 1 })).rejects.toThrow();
      await expect(jsm.consumers.add(DEFAULT_PROJECT_RELAY_STREAM, { filter_subject: `${PROJECT_EVENTS_SUBJECT_PREFIX}.${TENANTS.p1}.>` })).rejects.toThrow();
    } finally {
      await relay.stop();
      await Promise.all(tenants.map((nc) => nc.close()));
      await store.close();
    }
  });
});
