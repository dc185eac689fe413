/** In-band inspection: the introspection record's moves, processing a ramdisk's inventory, discovery, retention. */
import { type DiscoverNode, type ExpireIntrospection, type NodeCommand, type ProcessInventory, type RecordInspectedHardware, type StartIntrospection } from '../commands.js';
import { ALREADY_EXISTS, IntrospectionStateError, introspectionEventRefusal, InvalidParameterError, InvalidStateError, NodeConflictError, NodeLockedError } from '../errors.js';
import { type IntrospectionFinished, type NodeEvent } from '../events.js';
import {
  bmcHost,
  INTROSPECTION_DEFAULT_STATE,
  INTROSPECTION_DONE_STATES,
  introspectionActive,
  introspectionNext,
  type IntrospectionState,
  inventoryFacts,
  type InventoryFacts,
  propertiesFromFacts,
} from '../introspection.js';
import { defaultInterfaces } from '../hardware-types.js';
import { DEFAULT_NODE_FIELDS, DEFAULT_PORT_FIELDS, type JsonObject, type Node } from '../node.js';
import { type MachineEvent } from '../states.js';
import { evolve } from '../evolve.js';
import { carriedTarget, ensureNotLocked, eventMeta, firedBy, moved, workingConductor } from './shared.js';

/** Why an aborted introspection ended, in the inspector's words. */
export const ABORTED_BY_OPERATOR = 'Canceled by operator';

/**
 * The introspection record's side of a provision move out of `inspecting` or `inspect wait`,
 * so that the record never outlives the inspection it belongs to:
 * - `wait`: the ramdisk was booted (`starting → waiting`);
 * - `fail`: the record fails too, by the table's failure edge (`error` while starting,
 *   `timeout` while waiting: the only way the inspector fails a waiting record);
 * - `abort`: `waiting → aborting → error` ("Canceled by operator");
 * - `done`: refused while a record is active — an inspection with a ramdisk ends only by
 *   processing its inventory.
 * Nodes without an active record (synchronous inspection, or none at all) get nothing.
 */
export function introspectionAfterProvisionMove(command: NodeCommand, node: Node, event: MachineEvent, error: string | null = null): NodeEvent[] {
  const record = node.introspection;
  if (!introspectionActive(record)) return [];
  const meta = eventMeta(command);
  const from = record.state;
  switch (event) {
    case 'wait': {
      if (introspectionNext(from, 'wait') !== 'waiting') throw new IntrospectionStateError(node.uuid, from, 'wait');
      return [{ type: 'IntrospectionWaiting', data: { from, event: 'wait', to: 'waiting' }, meta }];
    }
    case 'fail': {
      const failure = (['error', 'timeout'] as const).find((e) => introspectionNext(from, e) === 'error');
      if (!failure) throw new IntrospectionStateError(node.uuid, from, 'error');
      return [{ type: 'IntrospectionFinished', data: { from, event: failure, to: 'error', error }, meta }];
    }
    case 'abort': {
      const aborting = introspectionNext(from, 'abort');
      if (aborting !== 'aborting') throw new IntrospectionStateError(node.uuid, from, 'abort');
      return [
        { type: 'IntrospectionAborted', data: { from, event: 'abort', to: aborting }, meta },
        { type: 'IntrospectionFinished', data: { from: aborting, event: 'abort_end', to: 'error', error: ABORTED_BY_OPERATOR }, meta },
      ];
    }
    case 'done':
      throw new IntrospectionStateError(node.uuid, from, 'finish');
    default:
      return [];
  }
}

export function startIntrospection(command: StartIntrospection, node: Node): NodeEvent[] {
  ensureNotLocked(node, command.meta.conductor);
  if (node.provision_state !== 'inspecting' || node.reservation === null) throw new InvalidStateError(node.uuid, node.provision_state, 'start introspection');
  const from = node.introspection?.state ?? INTROSPECTION_DEFAULT_STATE;
  if (introspectionNext(from, 'start') !== 'starting') throw new IntrospectionStateError(node.uuid, from, 'start');
  return [{ type: 'IntrospectionStarted', data: { from: node.introspection?.state ?? null, event: 'start', to: 'starting' }, meta: eventMeta(command) }];
}

export function processInventory(command: ProcessInventory, node: Node): NodeEvent[] {
  ensureNotLocked(node);
  // One lock per node: a running power action holds it.
  if (node.target_power_state !== null) throw new NodeLockedError(node.uuid, node.reservation ?? '');
  if (node.provision_state !== 'inspect wait') throw new InvalidStateError(node.uuid, node.provision_state, 'process introspection data');
  const from = node.introspection?.state ?? INTROSPECTION_DEFAULT_STATE;
  if (introspectionNext(from, 'process') === undefined) return refusedStrictly(command, node, from, 'process');
  const { events, error } = processingEvents(command, node, from);
  const meta = eventMeta(command);
  // The table's conductor edges out of inspect wait: `fail` when the ramdisk failed, else `done`.
  const event = error === null ? 'done' : 'fail';
  const to = firedBy('conductor', node.provision_state, event);
  if (!to) throw new InvalidStateError(node.uuid, node.provision_state, event);
  events.push(moved(command, node, event, to, { verb: null, chosenTarget: carriedTarget(node), last_error: error ?? node.last_error }));
  if (error !== null) return events;
  // The inspector powers the node off once its inventory is in (`[processing] power_off`).
  if (command.data.power_off && node.power_state !== 'power off') {
    events.push({ type: 'PowerActionStarted', data: { requested: 'power off', target: 'power off', timeout: null, reservation: workingConductor(command.meta) }, meta });
  }
  return events;
}

/**
 * What an out-of-band inspection found: the node's new properties, and a port for each MAC no
 * port has yet (Ironic creates them and skips a MAC it refuses as a duplicate, of this node or
 * another). The outcome that ends the inspection follows as its own command.
 */
export function recordInspectedHardware(command: RecordInspectedHardware, node: Node): NodeEvent[] {
  ensureNotLocked(node, command.meta.conductor);
  if (node.provision_state !== 'inspecting' || node.reservation === null) throw new InvalidStateError(node.uuid, node.provision_state, 'record inspected hardware');
  const meta = eventMeta(command);
  const { properties, macs, port_uuids, addresses_in_use = {} } = command.data;
  const events: NodeEvent[] = [];
  if (JSON.stringify(properties) !== JSON.stringify(node.properties)) events.push({ type: 'NodeUpdated', data: { changes: { properties } }, meta });
  const taken = new Set(node.ports.map((port) => port.address));
  for (const address of new Set(macs)) {
    if (taken.has(address) || (addresses_in_use[address] && addresses_in_use[address] !== node.uuid)) continue;
    const uuid = port_uuids[address];
    if (!uuid) throw new InvalidParameterError(node.uuid, `No port UUID was given for MAC address ${address}.`);
    events.push({ type: 'PortAdded', data: { ...DEFAULT_PORT_FIELDS, uuid, address, source: 'inspection' }, meta });
  }
  return events;
}

export function discover(command: DiscoverNode, node: Node | null): NodeEvent[] {
  if (node) throw new NodeConflictError(command.nodeId, ALREADY_EXISTS.node(command.nodeId));
  const { driver, driver_info } = command.data;
  if (!driver) throw new InvalidParameterError(command.nodeId, 'A node needs a driver.');
  const meta = eventMeta(command);
  const registered: NodeEvent[] = [
    { type: 'NodeRegistered', data: { ...DEFAULT_NODE_FIELDS, ...defaultInterfaces(driver), driver, driver_info, provision_state: 'enroll' }, meta },
    { type: 'IntrospectionStarted', data: { from: null, event: null, to: 'enrolling' }, meta },
  ];
  const enrolled = registered.reduce<Node | null>(evolve, null)!;
  return [...registered, ...processingEvents(command, enrolled, 'enrolling').events];
}

/**
 * Processing an inventory from `from` (`waiting` or `enrolling`): the `process` move with
 * what it sets, a `PortAdded` per new MAC, then the end of the introspection. A failure the
 * ramdisk reported applies nothing and ends it in `error`. An inventory the decider cannot
 * use at all is refused (nothing appended).
 */
function processingEvents(command: ProcessInventory | DiscoverNode, node: Node, from: IntrospectionState): { events: NodeEvent[]; error: string | null } {
  const meta = eventMeta(command);
  const { data } = command;
  const move = { from, event: 'process', to: 'processing' } as const;
  const bmc_address = bmcHost(data.inventory?.bmc_address) ?? null;
  const ended = (error: string | null): IntrospectionFinished => ({
    type: 'IntrospectionFinished',
    data: { from: 'processing', event: error === null ? 'finish' : 'error', to: error === null ? 'finished' : 'error', error },
    meta,
  });
  if (data.error) {
    const error = `Ramdisk reported error: ${data.error}`;
    const processed: NodeEvent = { type: 'InventoryProcessed', data: { ...move, properties: {}, ports_added: [], ports_skipped: [], interfaces_excluded: [], bmc_address, error }, meta };
    return { events: [processed, ended(error)], error };
  }
  const facts = inventoryFacts(data, node.uuid);
  const own = new Set(node.ports.map((port) => port.address));
  const elsewhere = data.addresses_in_use ?? {};
  const ports: NodeEvent[] = [];
  const added: string[] = [];
  const skipped: { address: string; reason: string }[] = [];
  for (const { address, pxe } of facts.interfaces) {
    if (own.has(address)) skipped.push({ address, reason: 'a port of this node already has it' });
    else if (elsewhere[address] && elsewhere[address] !== node.uuid) skipped.push({ address, reason: `a port of node ${elsewhere[address]} already has it` });
    else {
      const uuid = data.port_uuids?.[address];
      if (!uuid) throw new InvalidParameterError(node.uuid, `No port UUID was given for MAC address ${address}.`);
      ports.push({ type: 'PortAdded', data: { ...DEFAULT_PORT_FIELDS, uuid, address, pxe_enabled: pxe, source: 'introspection' }, meta });
      added.push(address);
    }
  }
  const processed: NodeEvent = {
    type: 'InventoryProcessed',
    data: {
      ...move,
      properties: propertiesFromFacts(node.properties, facts),
      ports_added: added,
      ports_skipped: skipped,
      interfaces_excluded: facts.excluded,
      bmc_address,
      error: null,
      inventory: data.inventory as unknown as JsonObject,
      plugin_data: pluginData(data, facts),
    },
    meta,
  };
  return { events: [processed, ...ports, ended(null)], error: null };
}

/** What the command carries besides the ramdisk's own data, and the ramdisk's logs: not kept with the inventory. */
const NOT_PLUGIN_DATA = new Set(['inventory', 'logs', 'error', 'port_uuids', 'addresses_in_use', 'power_off', 'driver', 'driver_info']);

/**
 * The inspector's `plugin_data`: what the ramdisk posted besides its inventory (root disk, boot
 * interface, …) and what processing derived from it (scheduler properties, the usable interfaces).
 */
function pluginData(data: ProcessInventory['data'] | DiscoverNode['data'], facts: InventoryFacts): JsonObject {
  const posted = Object.entries(data).filter(([key, value]) => !NOT_PLUGIN_DATA.has(key) && value !== undefined);
  return {
    ...(Object.fromEntries(posted) as JsonObject),
    ...facts.properties,
    interfaces: Object.fromEntries(facts.interfaces.map(({ name, address, pxe }) => [name, { mac_address: address, pxe }])),
    macs: facts.interfaces.map(({ address }) => address),
  };
}

/**
 * An event the record's state does not allow. Like the inspector's strict transitions, the
 * refusal fails the introspection when the table lets it fail from there (and the provision
 * state with it); otherwise it is refused and nothing is appended.
 */
function refusedStrictly(command: NodeCommand, node: Node, from: IntrospectionState, event: 'process'): NodeEvent[] {
  const failed = introspectionNext(from, 'error');
  if (!node.introspection || failed !== 'error') throw new IntrospectionStateError(node.uuid, from, event);
  const error = introspectionEventRefusal(from, event);
  const events: NodeEvent[] = [{ type: 'IntrospectionFinished', data: { from, event: 'error', to: 'error', error }, meta: eventMeta(command) }];
  const to = firedBy('conductor', node.provision_state, 'fail');
  if (to && node.reservation === null) events.unshift(moved(command, node, 'fail', to, { verb: null, chosenTarget: carriedTarget(node), last_error: error }));
  return events;
}

export function expireIntrospection(command: ExpireIntrospection, node: Node): NodeEvent[] {
  const record = node.introspection;
  if (!record || !INTROSPECTION_DONE_STATES.has(record.state) || record.finished_at === null || !(record.finished_at < command.data.finished_before)) return [];
  const { state, started_at, finished_at, error } = record;
  return [{ type: 'IntrospectionExpired', data: { state, started_at, finished_at, error }, meta: eventMeta(command) }];
}
