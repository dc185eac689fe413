/**
 * Realistic node lifecycles for tests and benchmarks: a random walk over what operators,
 * conductors and power sync would do to a node, checked against the domain (every proposed
 * command is one `decide` accepts). Deterministic for a given seed.
 */
import {
  type CommandMeta,
  decide,
  DELETE_ALLOWED_STATES,
  evolve,
  type MachineEvent,
  type Node,
  type NodeCommand,
  type NodeEvent,
  POWER_FAILURE_FAULT,
  type ProvisionState,
  TRANSITIONS,
  WAIT_CAPABLE_STATES,
  WAITING_STATES,
} from '@ironledger/domain';

export type Random = () => number;

/** A small, fast, seedable PRNG (mulberry32). */
export function seededRandom(seed: number): Random {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A clock for simulated commands: strictly increasing ISO times, `stepMs` apart. */
export function simulatedClock(start = '2026-01-01T00:00:00.000Z', stepMs = 1000): () => string {
  let now = Date.parse(start);
  return () => {
    now += stepMs;
    return new Date(now).toISOString();
  };
}

/** A deterministic node UUID for slot `i` of a simulation tagged `tag` (8 hex digits). */
export function simulatedNodeId(tag: number, i: number): string {
  return `${(tag >>> 0).toString(16).padStart(8, '0')}-0000-4000-8000-${i.toString(16).padStart(12, '0')}`;
}

/** The BMC password the simulator registers a node with: tests look for it in what is served. */
export const simulatedPassword = (nodeId: string): string => `bmc-secret-${nodeId.slice(-6)}`;

const pick = <T>(random: Random, items: readonly T[]): T => items[Math.floor(random() * items.length)];

/** API targets for the machine events operators fire. */
const TARGET_OF: Partial<Record<MachineEvent, string>> = {
  deploy: 'active', rebuild: 'rebuild', delete: 'deleted', manage: 'manage', provide: 'provide', inspect: 'inspect',
  abort: 'abort', clean: 'clean', adopt: 'adopt', rescue: 'rescue', unrescue: 'unrescue',
};

/** How much operators favour each verb: mostly the road to `active` and back. */
const VERB_WEIGHT: Partial<Record<MachineEvent, number>> = {
  manage: 6, provide: 8, deploy: 8, delete: 4, rebuild: 2, inspect: 1, clean: 1, adopt: 0.3, rescue: 0.5, unrescue: 3, abort: 0.3,
};

/** How likely an operator acts on a node at rest rather than it just being monitored: deployed nodes mostly stay. */
const VERB_LIKELIHOOD: Partial<Record<ProvisionState, number>> = { active: 0.15, available: 0.35 };

function weighted<T>(random: Random, choices: readonly (readonly [T, number])[]): T | undefined {
  const total = choices.reduce((sum, [, w]) => sum + w, 0);
  let r = random() * total;
  for (const [choice, w] of choices) if ((r -= w) < 0) return choice;
  return choices.at(-1)?.[0];
}

/** What might happen to `node` next, most likely first; the caller keeps the first the domain accepts. */
function candidates(nodeId: string, node: Node | null, random: Random, meta: CommandMeta): NodeCommand[] {
  const cmd = (type: NodeCommand['type'], data: object, m: CommandMeta = meta) => ({ type, nodeId, data, meta: m }) as NodeCommand;
  if (!node) {
    return [
      cmd('RegisterNode', {
        driver: pick(random, ['fake-hardware', 'ipmi', 'redfish']),
        name: `node-${nodeId.slice(-6)}`,
        provision_state: 'enroll',
        driver_info: { ipmi_address: `10.0.${Math.floor(random() * 255)}.${Math.floor(random() * 255)}`, ipmi_username: 'admin', ipmi_password: simulatedPassword(nodeId) },
        properties: { cpus: pick(random, [16, 32, 64]), memory_mb: pick(random, [65536, 131072]), local_gb: 480, cpu_arch: 'x86_64' },
        resource_class: 'baremetal',
      }),
    ];
  }
  const conductorMeta = { ...meta, actor: 'conductor', conductor: node.reservation ?? meta.conductor };
  if (node.target_power_state !== null) {
    return [
      random() < 0.92
        ? cmd('RecordPowerOutcome', { outcome: 'succeeded', power_state: node.target_power_state }, conductorMeta)
        : cmd('RecordPowerOutcome', { outcome: 'failed', error: 'IPMI call failed: timeout' }, conductorMeta),
    ];
  }
  if (node.management_action !== null) {
    // A ramdisk torn down after an abort or a timeout.
    return [cmd('RecordManagementOutcome', { outcome: 'succeeded', power_state: 'power off' }, conductorMeta)];
  }
  if (node.reservation !== null) {
    const r = random();
    if (WAIT_CAPABLE_STATES.has(node.provision_state) && r < 0.25) return [cmd('RecordProvisionOutcome', { outcome: 'waiting' }, conductorMeta)];
    if (r < 0.31) return [cmd('RecordProvisionOutcome', { outcome: 'failed', error: `${node.provision_state} step failed: disk not found` }, conductorMeta)];
    return [cmd('RecordProvisionOutcome', { outcome: 'succeeded' }, conductorMeta)];
  }
  if (WAITING_STATES.has(node.provision_state)) {
    const outcome = node.provision_state === 'inspect wait' ? { outcome: 'succeeded' } : random() < 0.95 ? { outcome: 'resumed' } : { outcome: 'failed', error: 'callback timed out' };
    return [cmd('RecordProvisionOutcome', outcome, { ...meta, actor: 'conductor' })];
  }
  const operator: NodeCommand[] = [];
  const verbs = TRANSITIONS.filter((t) => t.from === node.provision_state && t.by === 'operator').map((t) => [t.event, VERB_WEIGHT[t.event] ?? 1] as const);
  const verb = weighted(random, verbs);
  const args = verb === 'clean' ? { clean_steps: [{ interface: 'deploy', step: 'erase_devices' }] } : verb === 'rescue' ? { rescue_password: simulatedPassword(nodeId) } : {};
  const provision = verb && cmd('RequestProvisionAction', { target: TARGET_OF[verb], ...args });
  const syncMeta = { ...meta, actor: 'power-sync', conductor: undefined };
  const other = weighted<NodeCommand>(random, [
    [cmd('RequestPowerAction', { target: pick(random, ['power on', 'power off', 'rebooting']) }), 2],
    [cmd('RecordPowerSync', { outcome: 'read', power_state: random() < 0.8 ? (node.power_state ?? 'power off') : pick(random, ['power on', 'power off']) }, syncMeta), 2],
    [cmd('RecordPowerSync', { outcome: 'failed', error: 'BMC did not answer', maxRetries: 3 }, syncMeta), node.fault === POWER_FAILURE_FAULT ? 2 : 0.3],
    [node.maintenance ? cmd('ClearMaintenance', {}) : cmd('SetMaintenance', { reason: pick(random, ['rack move', 'firmware upgrade', 'fan replacement']) }), 0.5],
    [cmd('UpdateNode', { changes: random() < 0.5 ? { extra: { rack: `r${Math.floor(random() * 40)}` } } : { driver_info: { ...node.driver_info, ipmi_password: `${simulatedPassword(nodeId)}-${Math.floor(random() * 1000)}` } } }), 0.5],
  ]);
  const deletable = DELETE_ALLOWED_STATES.includes(node.provision_state) || node.maintenance;
  if (deletable && random() < 0.03) operator.push(cmd('DeleteNode', {}));
  if (provision && random() < (VERB_LIKELIHOOD[node.provision_state] ?? 0.6)) operator.push(provision);
  if (other) operator.push(other);
  if (provision) operator.push(provision);
  return operator;
}

/** The next command for `node` and the events it decides, or `undefined` when nothing applies now. */
export function nextStep(nodeId: string, node: Node | null, random: Random, meta: CommandMeta): { command: NodeCommand; events: NodeEvent[] } | undefined {
  for (const command of candidates(nodeId, node, random, meta)) {
    try {
      const events = decide(command, node);
      if (events.length > 0) return { command, events };
    } catch {
      // The domain refuses this one here: try the next.
    }
  }
  return undefined;
}

/** One simulated node: its state and stream revision as the simulation left them. */
export interface SimulatedNode {
  readonly id: string;
  node: Node | null;
  /** Stream revision of its last event (-1: no stream yet). */
  revision: number;
  /** Whether the node was deleted (its id is never used again). */
  deleted: boolean;
}

/**
 * One commit's worth of a node's life: decisions taken one after another (each on the state the
 * previous one left) until they made at least `events` events, never more than `maxEvents` in
 * all (a decision that would overflow is left for the next commit). Advances `sim` in memory only.
 */
export function stepNode(sim: SimulatedNode, events: number, random: Random, meta: () => CommandMeta, maxEvents = 3): NodeEvent[] {
  const batch: NodeEvent[] = [];
  while (batch.length < events && !sim.deleted) {
    const step = nextStep(sim.id, sim.node, random, meta());
    if (!step || (batch.length > 0 && batch.length + step.events.length > maxEvents)) break;
    for (const event of step.events) sim.node = evolve(sim.node, event);
    batch.push(...step.events);
    if (sim.node === null) sim.deleted = true;
  }
  return batch;
}
