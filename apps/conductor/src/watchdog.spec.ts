import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { AllocationCommandHandler, Allocator, INTROSPECTION_TIMEOUT_ERROR, LiveProjection, NodeCommandHandler, ORPHAN_GRACE_MS, UniqueClaims } from '@ironledger/application';
import { ALLOCATION_FAILURE, type NodeCommand } from '@ironledger/domain';
import { InMemoryEventStore } from '@ironledger/event-store';
import { type Liveness, type OwnWork, RECORD_SWEEP_INTERVAL_MS, Watchdog } from './watchdog.js';

const SELF = 'conductor-self';
const NODE = '5f0c1ab4-8d2e-4c4b-9e36-2a6f1c0de001';

let store: InMemoryEventStore;
let handler: NodeCommandHandler;
let projection: LiveProjection;
let liveness: { alive: string[]; heard: boolean; members?: { id: string; group: string; drivers: string[] }[] };

const command = (type: NodeCommand['type'], data: object, conductor?: string, nodeId = NODE): NodeCommand =>
  ({ type, nodeId, data, meta: { at: new Date().toISOString(), actor: 'tester', requestId: `req-${type}`, conductor } }) as NodeCommand;

async function given(...commands: NodeCommand[]): Promise<void> {
  for (const c of commands) await handler.handle(c);
  await projection.waitFor((await store.readAll({ after: 0, limit: 10_000 })).at(-1)!.position);
}

function watchdog(options: Partial<ConstructorParameters<typeof Watchdog>[3]> = {}, work?: OwnWork, allocations?: Allocator): Watchdog {
  const roster: Liveness = { alive: () => liveness.alive, heardLongEnough: () => liveness.heard, members: () => (liveness.members ?? []).map((member) => ({ ...member, alive: liveness.alive.includes(member.id) })) };
  return new Watchdog(roster, projection, handler, { conductorId: SELF, heartbeatIntervalMs: 1000, callbackTimeoutS: 60, ...options }, () => undefined, { work, allocations });
}

const node = () => projection.readModel.get(NODE)!;

/** From enroll to an introspection waiting for its ramdisk, held by this conductor. */
const inspectWait = (): NodeCommand[] => [
  command('RequestProvisionAction', { target: 'manage' }, SELF),
  command('RecordProvisionOutcome', { outcome: 'succeeded' }, SELF),
  command('RequestProvisionAction', { target: 'inspect' }, SELF),
  command('StartIntrospection', {}, SELF),
  command('RecordProvisionOutcome', { outcome: 'waiting' }, SELF),
];

beforeEach(async () => {
  store = new InMemoryEventStore();
  handler = new NodeCommandHandler(store);
  projection = new LiveProjection(store);
  await projection.start();
  liveness = { alive: [SELF], heard: true };
  await given(command('RegisterNode', { driver: 'fake-hardware', provision_state: 'enroll' }));
});

afterEach(async () => {
  await projection.stop();
  await store.close();
});

describe('the watchdog', () => {
  it('judges nobody while silence proves nothing (after a bus outage or a stall)', async () => {
    await given(command('RequestProvisionAction', { target: 'manage' }, 'conductor-gone'));
    liveness.heard = false;
    await watchdog().sweep();
    await given();
    expect(node()).toMatchObject({ provision_state: 'verifying', reservation: 'conductor-gone' });
  });

  it('takes up the work of a node it holds but runs nothing for, once the node has been still a while', async () => {
    await given(command('RequestProvisionAction', { target: 'manage' }, SELF));
    const resumed: string[] = [];
    const idle: OwnWork = { isWorkingOn: () => false, resume: (n) => resumed.push(`${n.uuid} ${n.provision_state}`), afterCommit: () => undefined };
    const busy: OwnWork = { isWorkingOn: () => true, resume: (n) => resumed.push(n.uuid), afterCommit: () => undefined };
    const changedAt = Date.parse(node().updated_at!);
    await watchdog({}, idle).sweep(changedAt + ORPHAN_GRACE_MS / 2);
    await watchdog({}, busy).sweep(changedAt + ORPHAN_GRACE_MS * 2);
    expect(resumed).toEqual([]);
    await watchdog({}, idle).sweep(changedAt + ORPHAN_GRACE_MS * 2);
    expect(resumed).toEqual([`${NODE} verifying`]);
  });

  it('fails a node held by a conductor that stopped answering, naming it', async () => {
    await given(command('RequestProvisionAction', { target: 'manage' }, 'conductor-gone'));
    expect(node().reservation).toBe('conductor-gone');
    await watchdog().sweep();
    await given();
    expect(node()).toMatchObject({ provision_state: 'enroll', reservation: null, last_error: 'Conductor conductor-gone stopped while the node was verifying; the operation cannot be resumed.' });
  });

  it('recovers a dead conductor’s node only when the rings over the live conductors give the node to this one', async () => {
    await given(command('RequestProvisionAction', { target: 'manage' }, 'conductor-gone'));
    // The other live conductor alone enables the node's hardware type: the node is its to recover.
    liveness = { alive: [SELF, 'conductor-other'], heard: true, members: [{ id: 'conductor-other', group: '', drivers: ['fake-hardware'] }] };
    await watchdog({ ring: { group: '', drivers: ['ipmi'] } }).sweep();
    await given();
    expect(node()).toMatchObject({ provision_state: 'verifying', reservation: 'conductor-gone' });
    // A conductor of another group does not take the node either.
    liveness.members = [{ id: 'conductor-other', group: 'rack2', drivers: ['fake-hardware'] }];
    await watchdog({ ring: { group: '', drivers: ['fake-hardware'] } }).sweep();
    await given();
    expect(node()).toMatchObject({ provision_state: 'enroll', reservation: null });
  });

  it('looks after a node no live conductor’s ring covers, as every conductor did before partitioning', async () => {
    await given(command('RequestProvisionAction', { target: 'manage' }, 'conductor-gone'));
    liveness = { alive: [SELF], heard: true, members: [] };
    await watchdog({ ring: { group: 'rack9', drivers: ['ipmi'] } }).sweep();
    await given();
    expect(node()).toMatchObject({ provision_state: 'enroll', reservation: null });
  });

  it('leaves the nodes of live conductors alone, and judges nobody before it has listened long enough', async () => {
    await given(command('RequestProvisionAction', { target: 'manage' }, 'conductor-alive'));
    liveness.alive = [SELF, 'conductor-alive'];
    await watchdog().sweep();
    liveness = { alive: [SELF], heard: false };
    await watchdog().sweep();
    await given();
    expect(node()).toMatchObject({ provision_state: 'verifying', reservation: 'conductor-alive' });
  });

  it('fails a callback that never came, once the callback timeout has passed', async () => {
    await given(
      command('RequestProvisionAction', { target: 'manage' }, SELF),
      command('RecordProvisionOutcome', { outcome: 'succeeded' }, SELF),
      command('RequestProvisionAction', { target: 'provide' }, SELF),
      command('RecordProvisionOutcome', { outcome: 'waiting' }, SELF),
    );
    expect(node().provision_state).toBe('clean wait');
    await watchdog().sweep(Date.now() + 30_000);
    await given();
    expect(node().provision_state).toBe('clean wait');
    await watchdog().sweep(Date.now() + 61_000);
    await given();
    expect(node()).toMatchObject({
      provision_state: 'clean failed',
      last_error: 'Timeout reached while cleaning the node. Please check if the ramdisk responsible for the cleaning is running on the node. Failed on step {}.',
      reservation: null,
    });
  });

  it('hands a timed-out agent ramdisk’s tear-down to this conductor’s work', async () => {
    const AGENT_NODE = '5f0c1ab4-8d2e-4c4b-9e36-2a6f1c0de002';
    const on = (type: NodeCommand['type'], data: object) => command(type, data, SELF, AGENT_NODE);
    await given(
      command('RegisterNode', { driver: 'redfish', provision_state: 'manageable' }, undefined, AGENT_NODE),
      on('RequestProvisionAction', { target: 'provide' }),
      on('RecordProvisionOutcome', { outcome: 'waiting' }),
    );
    const handed: string[] = [];
    const work: OwnWork = { isWorkingOn: () => false, resume: () => undefined, afterCommit: (_node, events) => handed.push(...events.map((e) => e.type)) };
    await watchdog({}, work).sweep(Date.now() + 61_000);
    await given();
    // The timeout keeps the node to tear its ramdisk down (host off, media out), and hands that to this conductor's work.
    expect(projection.readModel.get(AGENT_NODE)).toMatchObject({
      provision_state: 'clean failed',
      last_error: expect.stringMatching(/^Timeout reached while cleaning the node/),
      reservation: SELF,
      management_action: { kind: 'tear_down_ramdisk', of: 'clean', power_off: true },
    });
    expect(handed).toEqual(['ProvisionStateChanged', 'ManagementActionStarted']);
  });

  it('times out an introspection whose ramdisk never posted, with the inspector’s words', async () => {
    await given(...inspectWait());
    await watchdog({ introspectionTimeoutS: 10 }).sweep(Date.now() + 11_000);
    await given();
    expect(node()).toMatchObject({ provision_state: 'inspect failed', last_error: INTROSPECTION_TIMEOUT_ERROR });
    expect(node().introspection).toMatchObject({ state: 'error', error: INTROSPECTION_TIMEOUT_ERROR });
  });

  it('drops a finished introspection record past its retention, and keeps a recent one', async () => {
    await given(...inspectWait(), command('RequestProvisionAction', { target: 'abort' }));
    expect(node().introspection?.state).toBe('error');
    await watchdog({ nodeStatusKeepTimeS: 100 }).sweep(Date.now() + 50_000);
    await given();
    expect(node().introspection).not.toBeNull();
    await watchdog({ nodeStatusKeepTimeS: 100 }).sweep(Date.now() + 101_000);
    await given();
    expect(node().introspection).toBeNull();
  });

  it('looks at records’ retention once a minute, not every sweep, or as often as a shorter retention', async () => {
    await given(...inspectWait(), command('RequestProvisionAction', { target: 'abort' }));
    const sweeper = watchdog({ nodeStatusKeepTimeS: 100 });
    const start = Date.now();
    await sweeper.sweep(start + 50_000);
    await sweeper.sweep(start + 50_000 + RECORD_SWEEP_INTERVAL_MS - 1);
    await given();
    expect(node().introspection).not.toBeNull();
    await sweeper.sweep(start + 50_000 + RECORD_SWEEP_INTERVAL_MS);
    await given();
    expect(node().introspection).toBeNull();
    await given(...inspectWait().slice(2), command('RequestProvisionAction', { target: 'abort' }));
    const brief = watchdog({ nodeStatusKeepTimeS: 3 });
    const finished = Date.now();
    await brief.sweep(finished + 1_000);
    await brief.sweep(finished + 4_000);
    await given();
    expect(node().introspection).toBeNull();
  });

  it('says a failed sweep and sweeps again on the next tick, the process left running', async () => {
    const said: string[] = [];
    let calls = 0;
    const roster: Liveness = {
      alive: () => {
        calls++;
        throw new Error('roster broken');
      },
      heardLongEnough: () => true,
      members: () => [],
    };
    const dog = new Watchdog(roster, projection, handler, { conductorId: SELF, heartbeatIntervalMs: 20, callbackTimeoutS: 60 }, (message) => said.push(message));
    dog.start();
    while (calls < 2) await new Promise((resolve) => setTimeout(resolve, 10));
    await dog.stop();
    expect(said[0]).toMatch(/^watchdog sweep failed: Error: roster broken/);
  });

  it('recovers the allocations a dead conductor left allocating, and its own once they are overdue', async () => {
    const allocations = new AllocationCommandHandler(store);
    const claims = new UniqueClaims(store, { currentState: async (kind, resourceId) => (kind === 'allocation' ? allocations : handler).load(resourceId).then((loaded) => loaded.state) });
    const allocator = new Allocator({ nodes: handler, allocations, fleet: projection.readModel, caughtUp: (position) => projection.waitFor(position), claims }, { conductorId: SELF });
    const create = (allocationId: string, conductor: string) =>
      allocations.handle({
        type: 'CreateAllocation',
        allocationId,
        data: { name: null, resource_class: 'gold', traits: [], candidate_nodes: [], extra: {}, owner: null },
        meta: { at: new Date().toISOString(), actor: 'tester', requestId: `req-${allocationId}`, conductor },
      });
    const GONE = '2b000000-0000-4000-8000-000000000001';
    const OWN = '2b000000-0000-4000-8000-000000000002';
    await create(GONE, 'conductor-gone');
    await create(OWN, SELF);
    await given();
    const state = (id: string) => projection.readModel.allocations.get(id);
    await watchdog({}, undefined, allocator).sweep();
    await given();
    expect(state(GONE)).toMatchObject({ state: 'error', last_error: ALLOCATION_FAILURE.abandoned(GONE, 'conductor-gone') });
    expect(state(OWN)?.state).toBe('allocating');
    await watchdog({}, undefined, allocator).sweep(Date.now() + 61_000);
    await given();
    expect(state(OWN)?.state).toBe('error');
  });
});
