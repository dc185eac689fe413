import {
  type AddPort,
  type ClearMaintenance,
  type CommandMeta,
  type DeleteNode,
  type DiscoverNode,
  type ExpireIntrospection,
  type NodeCommand,
  type ProcessInventory,
  type RecordPowerOutcome,
  type RecordPowerSync,
  type RecordProvisionOutcome,
  type RecoverNode,
  type RegisterNode,
  type RemovePort,
  type RequestPowerAction,
  type RequestProvisionAction,
  type SetMaintenance,
  type StartIntrospection,
  type UpdateNode,
} from './commands.js';
import {
  IntrospectionStateError,
  introspectionEventRefusal,
  InvalidParameterError,
  InvalidStateError,
  NodeConflictError,
  NodeLockedError,
  NodeNotFoundError,
  PortNotFoundError,
} from './errors.js';
import { type EventMeta, type IntrospectionFinished, type NodeEvent, type ProvisionStateChanged } from './events.js';
import {
  bmcHost,
  INTROSPECTION_DEFAULT_STATE,
  INTROSPECTION_DONE_STATES,
  introspectionActive,
  introspectionNext,
  type IntrospectionState,
  inventoryFacts,
  normalizeMac,
  propertiesFromFacts,
} from './introspection.js';
import { type FiredBy, targetAfter, transition } from './machine.js';
import { DEFAULT_NODE_FIELDS, DEFAULT_PORT_FIELDS, newNode, type Node, type NodeFields, UPDATABLE_FIELDS } from './node.js';
import {
  DELETE_ALLOWED_STATES,
  isPowerTarget,
  isProvisionVerb,
  type MachineEvent,
  POWER_FAILURE_FAULT,
  POWER_TARGET_RESULT,
  type ProvisionState,
  STABLE_STATES,
  STUCK_STATES_TREATED_AS_FAIL,
  TARGET_STATES,
  UPDATE_ALLOWED_STATES,
  VERBS,
} from './states.js';

/** A node that does not exist (yet, or any more). */
export const initialState = (): Node | null => null;

/** States whose work a conductor runs while holding the node. */
const WORKING_STATES = new Set(STUCK_STATES_TREATED_AS_FAIL);

/**
 * Decides what happens when `command` meets `node`: the events to append, or a `DomainError`.
 * Pure: no I/O, no clock, the same answer for the same input.
 */
export function decide(command: NodeCommand, node: Node | null): NodeEvent[] {
  if (command.type === 'RegisterNode') return register(command, node);
  if (command.type === 'DiscoverNode') return discover(command, node);
  if (!node) throw new NodeNotFoundError(command.nodeId);
  switch (command.type) {
    case 'UpdateNode':
      return update(command, node);
    case 'DeleteNode':
      return remove(command, node);
    case 'RequestProvisionAction':
      return requestProvisionAction(command, node);
    case 'RecordProvisionOutcome':
      return recordProvisionOutcome(command, node);
    case 'RecoverNode':
      return recover(command, node);
    case 'RequestPowerAction':
      return requestPowerAction(command, node);
    case 'RecordPowerOutcome':
      return recordPowerOutcome(command, node);
    case 'RecordPowerSync':
      return recordPowerSync(command, node);
    case 'SetMaintenance':
      return setMaintenance(command, node);
    case 'ClearMaintenance':
      return clearMaintenance(command, node);
    case 'StartIntrospection':
      return startIntrospection(command, node);
    case 'ProcessInventory':
      return processInventory(command, node);
    case 'AddPort':
      return addPort(command, node);
    case 'RemovePort':
      return removePort(command, node);
    case 'ExpireIntrospection':
      return expireIntrospection(command, node);
    default:
      return assertNever(command);
  }
}

/** Applies one event to the node it happened to. */
export function evolve(node: Node | null, event: NodeEvent): Node | null {
  if (event.type === 'NodeRegistered') return newNode(event.meta.nodeId, event.meta.at, event.data);
  if (!node) return null;
  const touched = { ...node, updated_at: event.meta.at };
  switch (event.type) {
    case 'NodeUpdated':
      return { ...touched, ...event.data.changes };
    case 'NodeDeleted':
      return null;
    case 'ProvisionStateChanged': {
      const { to, target, reservation, last_error, clean_steps, deploy_steps } = event.data;
      const settled = target === null;
      return {
        ...touched,
        provision_state: to,
        target_provision_state: target,
        reservation,
        last_error,
        clean_steps: settled ? null : (clean_steps ?? node.clean_steps),
        deploy_steps: settled ? null : (deploy_steps ?? node.deploy_steps),
        provision_updated_at: event.meta.at,
      };
    }
    case 'PowerActionStarted':
      return { ...touched, target_power_state: event.data.target, reservation: event.data.reservation, last_error: null };
    case 'PowerStateChanged':
      return { ...touched, power_state: event.data.to, target_power_state: null, reservation: null };
    case 'PowerActionFailed':
      return { ...touched, target_power_state: null, reservation: null, last_error: event.data.error };
    case 'PowerStateCorrected':
      return { ...touched, power_state: event.data.to };
    case 'PowerStateRestored':
      return touched;
    case 'PowerSyncFailed':
      return { ...touched, power_sync_failures: event.data.failures };
    case 'PowerSyncRecovered':
      return { ...touched, power_sync_failures: 0 };
    case 'MaintenanceSet':
      return { ...touched, maintenance: true, maintenance_reason: event.data.reason, fault: event.data.fault };
    case 'MaintenanceCleared':
      return { ...touched, maintenance: false, maintenance_reason: null, fault: null };
    case 'IntrospectionStarted':
      return { ...touched, introspection: { state: event.data.to, started_at: event.meta.at, finished_at: null, error: null } };
    case 'IntrospectionWaiting':
    case 'IntrospectionAborted':
      return node.introspection ? { ...touched, introspection: { ...node.introspection, state: event.data.to } } : touched;
    case 'InventoryProcessed': {
      const introspection = node.introspection ? { ...node.introspection, state: event.data.to } : null;
      return { ...touched, introspection, properties: { ...node.properties, ...event.data.properties } };
    }
    case 'IntrospectionFinished':
      return node.introspection
        ? { ...touched, introspection: { ...node.introspection, state: event.data.to, finished_at: event.meta.at, error: event.data.error } }
        : touched;
    case 'IntrospectionExpired':
      return { ...touched, introspection: null };
    case 'PortAdded': {
      const { source: _source, ...port } = event.data;
      return { ...touched, ports: [...node.ports, { ...port, created_at: event.meta.at }] };
    }
    case 'PortRemoved':
      return { ...touched, ports: node.ports.filter((port) => port.uuid !== event.data.uuid) };
    default:
      return assertNever(event);
  }
}

/** Folds a node's events, in order, into its current state. */
export function replay(events: Iterable<NodeEvent>, from: Node | null = initialState()): Node | null {
  let node = from;
  for (const event of events) node = evolve(node, event);
  return node;
}

// --- commands -----------------------------------------------------------------------------

function register(command: RegisterNode, node: Node | null): NodeEvent[] {
  if (node) throw new NodeConflictError(command.nodeId, `A node with UUID ${command.nodeId} already exists.`);
  const { provision_state, ...fields } = command.data;
  if (!fields.driver) throw new InvalidParameterError(command.nodeId, 'A node needs a driver.');
  return [{ type: 'NodeRegistered', data: Object.assign({}, DEFAULT_NODE_FIELDS, pickFields(fields), { provision_state }), meta: eventMeta(command) }];
}

function update(command: UpdateNode, node: Node): NodeEvent[] {
  ensureNotLocked(node);
  const changes = changedFields(node, command.data.changes);
  if (Object.keys(changes).length === 0) return [];
  if (node.instance_uuid && changes.instance_uuid && changes.instance_uuid !== node.instance_uuid) {
    throw new NodeConflictError(node.uuid, `Node ${node.uuid} is associated with instance ${node.instance_uuid}.`);
  }
  const driverChange = 'driver' in changes || 'driver_info' in changes;
  if (driverChange && !STABLE_STATES.includes(node.provision_state) && !UPDATE_ALLOWED_STATES.includes(node.provision_state)) {
    throw new InvalidStateError(node.uuid, node.provision_state, 'update driver');
  }
  return [{ type: 'NodeUpdated', data: { changes }, meta: eventMeta(command) }];
}

function remove(command: DeleteNode, node: Node): NodeEvent[] {
  ensureNotLocked(node);
  if (node.instance_uuid) {
    throw new NodeConflictError(node.uuid, `Node ${node.uuid} is associated with instance ${node.instance_uuid}.`);
  }
  if (!DELETE_ALLOWED_STATES.includes(node.provision_state) && !node.maintenance) {
    const allowed = `('${DELETE_ALLOWED_STATES.join("', '")}')`;
    throw new NodeConflictError(
      node.uuid,
      `Can not delete node "${node.uuid}" while it is in provision state "${node.provision_state}". ` +
        `Valid provision states to perform deletion are: "${allowed}", or set the node into maintenance mode`,
    );
  }
  return [{ type: 'NodeDeleted', data: { provision_state: node.provision_state }, meta: eventMeta(command) }];
}

function requestProvisionAction(command: RequestProvisionAction, node: Node): NodeEvent[] {
  ensureNotLocked(node);
  const { target, clean_steps, deploy_steps } = command.data;
  const event = isProvisionVerb(target) ? VERBS[target] : undefined;
  const to = event && firedBy('operator', node.provision_state, event);
  if (!event || !to) throw new InvalidStateError(node.uuid, node.provision_state, target);
  if (event === 'clean' && (!Array.isArray(clean_steps) || clean_steps.length === 0)) {
    throw new InvalidParameterError(node.uuid, 'clean_steps is required and must be a non-empty list when target is "clean".');
  }
  const provisionMove = moved(command, node, event, to, {
    verb: target,
    // Manual cleaning returns to manageable instead of heading for available.
    chosenTarget: event === 'clean' ? 'manageable' : null,
    last_error: null,
    ...(event === 'clean' ? { clean_steps } : {}),
    ...(deploy_steps && (event === 'deploy' || event === 'rebuild') ? { deploy_steps } : {}),
  });
  return [provisionMove, ...introspectionAfterProvisionMove(command, node, event)];
}

function recordProvisionOutcome(command: RecordProvisionOutcome, node: Node): NodeEvent[] {
  ensureNotLocked(node, command.meta.conductor);
  // One lock per node: a running power action holds it even against its own conductor's provisioning.
  if (node.target_power_state !== null) throw new NodeLockedError(node.uuid, node.reservation ?? '');
  const { data } = command;
  const event = outcomeEvent(node, data.outcome);
  const to = firedBy('conductor', node.provision_state, event);
  if (!to) throw new InvalidStateError(node.uuid, node.provision_state, event);
  const events: NodeEvent[] = [];
  // The work changed power (it booted a ramdisk): recorded first, since it releases the power lock.
  if (data.outcome !== 'failed' && data.power_state !== undefined && data.power_state !== node.power_state) {
    events.push({ type: 'PowerStateChanged', data: { requested: data.power_state, from: node.power_state, to: data.power_state }, meta: eventMeta(command) });
  }
  const error = data.outcome === 'failed' ? data.error : null;
  const introspection = introspectionAfterProvisionMove(command, node, event, error);
  events.push(moved(command, node, event, to, { verb: null, chosenTarget: carriedTarget(node), last_error: error ?? node.last_error }), ...introspection);
  return events;
}

function recover(command: RecoverNode, node: Node): NodeEvent[] {
  const { deadConductor } = command.data;
  if (node.reservation === null) return [];
  if (node.reservation !== deadConductor) throw new NodeLockedError(node.uuid, node.reservation);
  const why = `Conductor ${deadConductor} stopped while the node was`;
  if (WORKING_STATES.has(node.provision_state)) {
    const to = firedBy('conductor', node.provision_state, 'fail');
    if (to) {
      const error = `${why} ${node.provision_state}; the operation cannot be resumed.`;
      return [moved(command, node, 'fail', to, { verb: null, chosenTarget: carriedTarget(node), last_error: error }), ...introspectionAfterProvisionMove(command, node, 'fail', error)];
    }
  }
  if (node.target_power_state !== null) {
    return [{ type: 'PowerActionFailed', data: { requested: node.target_power_state, error: `${why} changing its power state to ${node.target_power_state}.` }, meta: eventMeta(command) }];
  }
  return [];
}

function requestPowerAction(command: RequestPowerAction, node: Node): NodeEvent[] {
  ensureNotLocked(node);
  const { target, timeout } = command.data;
  if (!isPowerTarget(target)) throw new InvalidStateError(node.uuid, node.power_state, target);
  if (timeout !== undefined && (!Number.isInteger(timeout) || timeout <= 0)) {
    throw new InvalidParameterError(node.uuid, `Invalid timeout value ${timeout}: it must be a positive integer (seconds).`);
  }
  const reservation = workingConductor(command.meta);
  return [{ type: 'PowerActionStarted', data: { requested: target, target: POWER_TARGET_RESULT[target], timeout: timeout ?? null, reservation }, meta: eventMeta(command) }];
}

function recordPowerOutcome(command: RecordPowerOutcome, node: Node): NodeEvent[] {
  ensureNotLocked(node, command.meta.conductor);
  if (node.target_power_state === null) throw new InvalidStateError(node.uuid, node.power_state, 'record power outcome');
  const { data } = command;
  const requested = node.target_power_state;
  return data.outcome === 'succeeded'
    ? [{ type: 'PowerStateChanged', data: { requested, from: node.power_state, to: data.power_state }, meta: eventMeta(command) }]
    : [{ type: 'PowerActionFailed', data: { requested, error: data.error }, meta: eventMeta(command) }];
}

function recordPowerSync(command: RecordPowerSync, node: Node): NodeEvent[] {
  // Enrolled nodes are not expected to have working credentials, and operators' maintenance
  // is theirs: power sync leaves both alone (it may lift only the maintenance it set itself).
  const operatorMaintenance = node.maintenance && node.fault !== POWER_FAILURE_FAULT;
  if (node.provision_state === 'enroll' || operatorMaintenance) throw new InvalidStateError(node.uuid, node.provision_state, 'power state sync');
  ensureNotLocked(node);
  if (node.target_power_state !== null) throw new InvalidStateError(node.uuid, node.provision_state, 'power state sync');
  const meta = eventMeta(command);
  const { data } = command;
  switch (data.outcome) {
    case 'read': {
      const events: NodeEvent[] = [];
      if (node.power_state !== data.power_state) events.push({ type: 'PowerStateCorrected', data: { from: node.power_state, to: data.power_state }, meta });
      if (node.power_sync_failures > 0) events.push({ type: 'PowerSyncRecovered', data: { failures: node.power_sync_failures }, meta });
      if (node.maintenance) events.push({ type: 'MaintenanceCleared', data: { fault: node.fault }, meta });
      return events;
    }
    case 'forced': {
      const events: NodeEvent[] = [{ type: 'PowerStateRestored', data: { found: data.found, restored: node.power_state }, meta }];
      if (node.power_sync_failures > 0) events.push({ type: 'PowerSyncRecovered', data: { failures: node.power_sync_failures }, meta });
      return events;
    }
    case 'failed': {
      const failures = node.power_sync_failures + 1;
      const events: NodeEvent[] = [{ type: 'PowerSyncFailed', data: { error: data.error, failures }, meta }];
      if (failures >= data.maxRetries && !node.maintenance) {
        // The state is recorded only when the BMC told it; an unreadable one leaves it unchanged.
        if (data.power_state !== undefined && data.power_state !== node.power_state) {
          events.push({ type: 'PowerStateCorrected', data: { from: node.power_state, to: data.power_state }, meta });
        }
        const reason = `During sync_power_state, max retries exceeded for node ${node.uuid}, node state ${node.power_state ?? 'None'} does not match expected state. Last error: ${data.error}`;
        events.push({ type: 'MaintenanceSet', data: { reason, fault: POWER_FAILURE_FAULT }, meta });
      }
      return events;
    }
    default:
      return assertNever(data);
  }
}

function setMaintenance(command: SetMaintenance, node: Node): NodeEvent[] {
  const reason = command.data.reason;
  const fault = command.data.fault ?? null;
  if (node.maintenance && node.maintenance_reason === reason && node.fault === fault) return [];
  return [{ type: 'MaintenanceSet', data: { reason, fault }, meta: eventMeta(command) }];
}

function clearMaintenance(command: ClearMaintenance, node: Node): NodeEvent[] {
  const { onlyFault } = command.data;
  if (!node.maintenance || (onlyFault !== undefined && node.fault !== onlyFault)) return [];
  return [{ type: 'MaintenanceCleared', data: { fault: node.fault }, meta: eventMeta(command) }];
}

// --- introspection and ports -----------------------------------------------------------

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
function introspectionAfterProvisionMove(command: NodeCommand, node: Node, event: MachineEvent, error: string | null = null): NodeEvent[] {
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

function startIntrospection(command: StartIntrospection, node: Node): NodeEvent[] {
  ensureNotLocked(node, command.meta.conductor);
  if (node.provision_state !== 'inspecting' || node.reservation === null) throw new InvalidStateError(node.uuid, node.provision_state, 'start introspection');
  const from = node.introspection?.state ?? INTROSPECTION_DEFAULT_STATE;
  if (introspectionNext(from, 'start') !== 'starting') throw new IntrospectionStateError(node.uuid, from, 'start');
  return [{ type: 'IntrospectionStarted', data: { from: node.introspection?.state ?? null, event: 'start', to: 'starting' }, meta: eventMeta(command) }];
}

function processInventory(command: ProcessInventory, node: Node): NodeEvent[] {
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

function discover(command: DiscoverNode, node: Node | null): NodeEvent[] {
  if (node) throw new NodeConflictError(command.nodeId, `A node with UUID ${command.nodeId} already exists.`);
  const { driver, driver_info } = command.data;
  if (!driver) throw new InvalidParameterError(command.nodeId, 'A node needs a driver.');
  const meta = eventMeta(command);
  const registered: NodeEvent[] = [
    { type: 'NodeRegistered', data: { ...DEFAULT_NODE_FIELDS, driver, driver_info, provision_state: 'enroll' }, meta },
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
    },
    meta,
  };
  return { events: [processed, ...ports, ended(null)], error: null };
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

function addPort(command: AddPort, node: Node): NodeEvent[] {
  const { uuid, address: given, ...fields } = command.data;
  const address = normalizeMac(given);
  if (!address) throw new InvalidParameterError(node.uuid, `Expected a MAC address but received ${String(given)}.`);
  const ports = node.ports;
  if (ports.some((port) => port.address === address)) throw new NodeConflictError(node.uuid, `A port with MAC address ${address} already exists.`);
  if (ports.some((port) => port.uuid === uuid)) throw new NodeConflictError(node.uuid, `A port with UUID ${uuid} already exists.`);
  const known = Object.fromEntries(Object.entries(fields).filter(([key, value]) => key in DEFAULT_PORT_FIELDS && value !== undefined));
  return [{ type: 'PortAdded', data: { ...DEFAULT_PORT_FIELDS, ...known, uuid, address, source: 'api' }, meta: eventMeta(command) }];
}

function removePort(command: RemovePort, node: Node): NodeEvent[] {
  const port = node.ports.find((candidate) => candidate.uuid === command.data.uuid);
  if (!port) throw new PortNotFoundError(command.data.uuid);
  // A deployed instance may be using the port: Ironic wants maintenance first.
  if (node.provision_state === 'active' && !node.maintenance) {
    throw new InvalidStateError(node.uuid, node.provision_state, 'delete port', `Cannot delete port ${port.uuid}: node ${node.uuid} is active and not in maintenance mode.`);
  }
  return [{ type: 'PortRemoved', data: { uuid: port.uuid, address: port.address }, meta: eventMeta(command) }];
}

function expireIntrospection(command: ExpireIntrospection, node: Node): NodeEvent[] {
  const record = node.introspection;
  if (!record || !INTROSPECTION_DONE_STATES.has(record.state) || record.finished_at === null || !(record.finished_at < command.data.finished_before)) return [];
  const { state, started_at, finished_at, error } = record;
  return [{ type: 'IntrospectionExpired', data: { state, started_at, finished_at, error }, meta: eventMeta(command) }];
}

// --- helpers ------------------------------------------------------------------------------

function moved(
  command: NodeCommand,
  node: Node,
  event: MachineEvent,
  to: ProvisionState,
  how: { verb: string | null; chosenTarget: ProvisionState | null; last_error: string | null } & Pick<ProvisionStateChanged['data'], 'clean_steps' | 'deploy_steps'>,
): ProvisionStateChanged {
  const { verb, chosenTarget, ...rest } = how;
  return {
    type: 'ProvisionStateChanged',
    data: {
      from: node.provision_state,
      to,
      event,
      verb,
      target: targetAfter(to, chosenTarget),
      reservation: WORKING_STATES.has(to) ? workingConductor(command.meta) : null,
      ...rest,
    },
    meta: eventMeta(command),
  };
}

/** Where `event` leads from `from` when `by` may fire it. */
function firedBy(by: FiredBy, from: ProvisionState, event: MachineEvent): ProvisionState | undefined {
  const tr = transition(from, event);
  return tr?.by === by ? tr.to : undefined;
}

/** The machine event a conductor's outcome fires in the node's current state. */
function outcomeEvent(node: Node, outcome: RecordProvisionOutcome['data']['outcome']): MachineEvent {
  switch (outcome) {
    case 'succeeded':
      if (node.provision_state === 'deleting') return 'clean';
      if (node.provision_state === 'cleaning' && node.target_provision_state === 'manageable') return 'manage';
      return 'done';
    case 'failed':
      return 'fail';
    case 'waiting':
      return 'wait';
    case 'resumed':
      return 'resume';
    default:
      return assertNever(outcome);
  }
}

/** A target the running operation chose over its state's default, kept until it settles. */
function carriedTarget(node: Node): ProvisionState | null {
  const declared = TARGET_STATES[node.provision_state] ?? null;
  return node.target_provision_state !== declared ? node.target_provision_state : null;
}

/** Refuses when another conductor holds the node (`self`, the caller's own conductor, may). */
function ensureNotLocked(node: Node, self?: string): void {
  if (node.reservation !== null && node.reservation !== self) throw new NodeLockedError(node.uuid, node.reservation);
}

function workingConductor(meta: CommandMeta): string {
  if (!meta.conductor) throw new TypeError('A command that starts conductor work must name the conductor in its metadata.');
  return meta.conductor;
}

function eventMeta(command: NodeCommand): EventMeta {
  const { at, actor, requestId, correlationId, causationId } = command.meta;
  return { nodeId: command.nodeId, at, actor, requestId, correlationId: correlationId ?? requestId, causationId: causationId ?? requestId };
}

const updatable = new Set<string>(UPDATABLE_FIELDS);

function pickFields(fields: Partial<NodeFields>): Partial<NodeFields> {
  return Object.fromEntries(Object.entries(fields).filter(([key, value]) => updatable.has(key) && value !== undefined));
}

function changedFields(node: Node, changes: Partial<NodeFields>): Partial<NodeFields> {
  return Object.fromEntries(
    Object.entries(pickFields(changes)).filter(([key, value]) => JSON.stringify(node[key as keyof NodeFields]) !== JSON.stringify(value)),
  );
}

function assertNever(value: never): never {
  throw new TypeError(`Unhandled case: ${JSON.stringify(value)}`);
}
