import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { type NodeCommand } from './commands.js';
import { decide, evolve, replay } from './decider.js';
import { DomainError } from './errors.js';
import { type NodeEvent } from './events.js';
import { INTROSPECTION_DONE_STATES, introspectionActive, type IntrospectionData, type IntrospectionEvent, introspectionNext, type IntrospectionState, normalizeMac } from './introspection.js';
import { isStable, nextState, TRANSITIONS } from './machine.js';
import { type Node } from './node.js';
import { POWER_TARGETS, PROVISION_STATES, STUCK_STATES_TREATED_AS_FAIL, VERBS } from './states.js';
import { NODE_ID, nodeIn } from './testing/fixtures.js';

const allowed = new Set(TRANSITIONS.map((t) => `${t.from}/${t.event}/${t.to}`));
const verbs = Object.keys(VERBS) as (keyof typeof VERBS)[];

/**
 * One random step: what kind of command, and a number that picks its details. Verbs
 * and outcomes are usually picked among those the node's current state allows, so that walks get deep into
 * the machine; the rest of the time anything goes, including nonsense.
 */
const step = fc.record({
  kind: fc.constantFrom(
    'verb', 'verb', 'verb', 'outcome', 'outcome', 'outcome', 'outcome', 'recover', 'power', 'powerOutcome', 'sync', 'maintenance', 'update',
    'introspection', 'introspection', 'inventory', 'inventory', 'port',
  ),
  pick: fc.nat(),
  anything: fc.constantFrom(false, false, false, true),
  conductor: fc.constantFrom('c1', 'c1', 'c1', 'c2'),
  minute: fc.integer({ min: 0, max: 59 }),
});
type Step = typeof step extends fc.Arbitrary<infer S> ? S : never;

const WALK_SEED = Number(process.env.PROPERTY_SEED ?? 20261129);

const OUTCOME_EVENTS = { succeeded: 'done', waiting: 'wait', resumed: 'resume', failed: 'fail' } as const;

const of = <T>(items: readonly T[], pick: number): T => items[pick % items.length];

/** A small pool of MACs, so that ports collide with each other and with inventories. */
const MACS = ['aa:00:00:00:00:01', 'aa:00:00:00:00:02', 'aa:00:00:00:00:03', 'AA-00-00-00-00-04'];

function inventoryOf(pick: number): IntrospectionData {
  const macs = [of(MACS, pick), of(MACS, pick >> 2)];
  return {
    inventory: {
      cpu: { count: 1 + (pick % 64), architecture: of(['x86_64', 'aarch64'], pick), flags: of([['vmx'], []], pick >> 1) },
      memory: { physical_mb: 1024 * (1 + (pick % 8)) },
      disks: [{ name: 'sda', size: pick * 1_000_000 }],
      interfaces: macs.map((mac, i) => ({ name: `eth${i}`, mac_address: mac })),
    },
    ...(pick % 7 === 0 ? { error: 'ramdisk crashed' } : {}),
  };
}

function inventoryCommand(pick: number): Omit<NodeCommand, 'nodeId' | 'meta'> {
  const data = inventoryOf(pick);
  const port_uuids = Object.fromEntries(MACS.map((mac) => [normalizeMac(mac)!, `${normalizeMac(mac)}-${pick}`]));
  if (pick % 11 === 0) return { type: 'DiscoverNode', data: { ...data, port_uuids, driver: 'fake-hardware', driver_info: {} } };
  return { type: 'ProcessInventory', data: { ...data, port_uuids, power_off: pick % 2 === 0, ...(pick % 5 === 0 ? { addresses_in_use: { [normalizeMac(of(MACS, pick))!]: 'other' } } : {}) } };
}

function commandFor(node: Node, { kind, pick, anything }: Step): Omit<NodeCommand, 'nodeId' | 'meta'> {
  switch (kind) {
    case 'verb': {
      const possible = verbs.filter((v) => nextState(node.provision_state, VERBS[v]));
      const target = anything || possible.length === 0 ? of([...verbs, 'bogus'], pick) : of(possible, pick);
      return { type: 'RequestProvisionAction', data: { target, clean_steps: [{ interface: 'deploy', step: 'erase' }] } };
    }
    case 'outcome': {
      // A conductor inspecting with a ramdisk starts the record first; in inspect wait the
      // ramdisk's inventory is the outcome that moves the node on.
      if (!anything && node.provision_state === 'inspecting' && !introspectionActive(node.introspection) && pick % 2 === 0) return { type: 'StartIntrospection', data: {} };
      if (!anything && node.provision_state === 'inspect wait' && node.introspection?.state === 'waiting' && pick % 2 === 0) return inventoryCommand(pick);
      const all = [{ outcome: 'succeeded' }, { outcome: 'waiting' }, { outcome: 'resumed' }, { outcome: 'failed', error: `e${pick}` }] as const;
      const possible = all.filter((o) => nextState(node.provision_state, OUTCOME_EVENTS[o.outcome]) || (o.outcome === 'succeeded' && node.provision_state === 'deleting'));
      return { type: 'RecordProvisionOutcome', data: anything || possible.length === 0 ? of(all, pick) : of(possible, pick) };
    }
    case 'recover':
      return { type: 'RecoverNode', data: { deadConductor: of(['c1', 'c2'], pick) } };
    case 'power':
      return { type: 'RequestPowerAction', data: { target: of([...POWER_TARGETS, 'power sideways'], pick) } };
    case 'powerOutcome':
      return { type: 'RecordPowerOutcome', data: of([{ outcome: 'succeeded', power_state: 'power on' }, { outcome: 'succeeded', power_state: 'power off' }, { outcome: 'failed', error: `e${pick}` }] as const, pick) };
    case 'sync':
      return {
        type: 'RecordPowerSync',
        data: of([{ outcome: 'read', power_state: of(['power on', 'power off', null] as const, pick) }, { outcome: 'forced', found: 'power off' }, { outcome: 'failed', error: 'timeout', maxRetries: 2 }] as const, pick >> 2),
      };
    case 'maintenance':
      return of<Omit<NodeCommand, 'nodeId' | 'meta'>>(
        [
          { type: 'SetMaintenance', data: { reason: `r${pick}` } },
          { type: 'SetMaintenance', data: { reason: 'BMC failed', fault: 'power failure' } },
          { type: 'ClearMaintenance', data: { onlyFault: 'power failure' } },
          { type: 'ClearMaintenance', data: {} },
        ],
        pick,
      );
    case 'introspection':
      if (!anything && node.provision_state === 'inspecting' && !introspectionActive(node.introspection)) return { type: 'StartIntrospection', data: {} };
      return of<Omit<NodeCommand, 'nodeId' | 'meta'>>(
        [
          { type: 'StartIntrospection', data: {} },
          { type: 'StartIntrospection', data: {} },
          { type: 'ExpireIntrospection', data: { finished_before: `2026-11-21T01:${String(pick % 60).padStart(2, '0')}:30Z` } },
        ],
        pick,
      );
    case 'inventory':
      return inventoryCommand(pick);
    case 'port': {
      const existing = node.ports;
      if (existing.length > 0 && pick % 3 === 0) return { type: 'RemovePort', data: { uuid: of(existing, pick).uuid } };
      return { type: 'AddPort', data: { uuid: `port-${pick}`, address: of([...MACS, 'garbage'], pick) } };
    }
    default:
      return { type: 'UpdateNode', data: { changes: { name: `n${pick % 3}`, extra: { k: pick % 2 } } } };
  }
}

function invariantsHold(node: Node): void {
  expect(PROVISION_STATES).toContain(node.provision_state);
  // Stable states have no target; every other state is heading somewhere.
  expect(node.target_provision_state === null).toBe(isStable(node.provision_state));
  // The node is held exactly while a conductor works on it (provisioning, a power action, or a ramdisk's tear-down).
  const working = STUCK_STATES_TREATED_AS_FAIL.includes(node.provision_state) || node.target_power_state !== null || node.management_action !== null;
  expect(node.reservation !== null).toBe(working);
  // An introspection runs only inside an inspection: starting while the conductor boots the
  // ramdisk (inspecting), waiting in inspect wait; otherwise it has finished (or never was).
  const record = node.introspection;
  if (introspectionActive(record)) {
    expect([['inspecting', 'starting'], ['inspect wait', 'waiting']]).toContainEqual([node.provision_state, record.state]);
  }
  if (record) expect(record.finished_at !== null).toBe(INTROSPECTION_DONE_STATES.has(record.state));
  // Ports: MACs normalised and unique on the node.
  const addresses = node.ports.map((port) => port.address);
  expect(addresses.every((address) => normalizeMac(address) === address)).toBe(true);
  expect(new Set(addresses).size).toBe(addresses.length);
}

describe('the node decider under random command sequences', () => {
  it('only ever moves along the table, keeps its invariants, and replays to the same node', () => {
    const visited = new Set<string>();
    const introspectionStates = new Set<string>();
    fc.assert(
      fc.property(fc.constantFrom(...PROVISION_STATES), fc.array(step, { minLength: 10, maxLength: 120, size: 'max' }), (startState, steps) => {
        // Every walk starts from a node resting in some state, held by c1 if work is running there.
        const start = nodeIn(startState, { reservation: STUCK_STATES_TREATED_AS_FAIL.includes(startState) ? 'c1' : null });
        const history: NodeEvent[] = [];
        let node = start;
        invariantsHold(node);
        for (const [i, s] of steps.entries()) {
          const meta = { at: `2026-11-21T01:${String(s.minute).padStart(2, '0')}:00Z`, actor: 'op', requestId: `r${i + 1}`, conductor: s.conductor };
          let events: NodeEvent[];
          try {
            events = decide({ ...commandFor(node, s), nodeId: NODE_ID, meta } as NodeCommand, node);
          } catch (error) {
            // A refusal is a domain error and appends nothing.
            expect(error).toBeInstanceOf(DomainError);
            continue;
          }
          for (const event of events) {
            if (event.type === 'ProvisionStateChanged') expect(allowed.has(`${event.data.from}/${event.data.event}/${event.data.to}`)).toBe(true);
            // Introspection records move along the inspector's table too (event null: a record born in its state).
            const move = event.data as { from?: IntrospectionState | null; event?: IntrospectionEvent | null; to?: IntrospectionState };
            if (event.type.startsWith('Introspection') || event.type === 'InventoryProcessed') {
              if (move.event) expect(introspectionNext(move.from ?? 'finished', move.event)).toBe(move.to);
            }
            node = evolve(node, event)!;
          }
          history.push(...events);
          invariantsHold(node);
          visited.add(node.provision_state);
          if (node.introspection) introspectionStates.add(node.introspection.state);
        }
        // The decider's running view equals a cold replay of everything it produced.
        expect(replay(history, start)).toEqual(node);
      }),
      // Seeded, so that the walks that reach every state below are the same on every run; `PROPERTY_SEED` walks others.
      { numRuns: 400, seed: WALK_SEED },
    );
    // The walks moved into every state, so the invariants were checked after each kind of move.
    expect([...visited].sort()).toEqual([...PROVISION_STATES].sort());
    // …and through every state an introspection rests in between commits.
    expect([...introspectionStates].sort()).toEqual(['error', 'finished', 'starting', 'waiting']);
  });
});
