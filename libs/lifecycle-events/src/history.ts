/**
 * Audit views of the log: a node's history (as the CLI prints it and as Ironic's node history API,
 * microversion 1.78, shows it) and node or fleet state at a past instant. The folding is pure
 * over recorded events; the `read*` functions only fetch those events from a store.
 */
import { FleetReadModel, replayRecorded, toNodeEvent, type WholeNodes } from '@ironledger/application';
import { nodeIdOfStream, nodeStreamId } from '@ironledger/contracts';
import {
  ADOPTION_STATES,
  assertNever,
  CLEANING_STATES,
  describeAction,
  evolve,
  INSPECTION_STATES,
  type Node,
  type NodeEvent,
  POWER_FAILURE_FAULT,
  type ProvisionState,
  RESCUE_LIKE_STATES,
  type StepKind,
  stepName,
} from '@ironledger/domain';
import { type EventStore, type RecordedEvent } from '@ironledger/event-store';
import { ironicDateTime, stableUuid } from './ids.js';
import { redactSecrets } from './redact.js';

// --- describing events --------------------------------------------------------------------

export type Severity = 'INFO' | 'ERROR';

/** One event in words: what happened, the state it moved from and to, and why it failed. */
export interface EventDescription {
  /** What happened, e.g. `deploy (active)`, `power: rebooting`, `maintenance set: rack move`. */
  readonly action: string;
  readonly from: string | null;
  readonly to: string | null;
  readonly error: string | null;
  readonly severity: Severity;
  /** The kind of activity, as Ironic's node history names it (`provisioning`, `cleaning`, `monitoring`, …). */
  readonly category: string;
  /** The conductor that held or was doing the work, when the log says. */
  readonly conductor: string | null;
}

/** The fields an update changed, in a stable order. */
const changedFields = (changes: object): string => Object.keys(changes).sort().join(', ');

/** Ironic's node history category for a step of `kind`. */
const stepCategory = (kind: StepKind): string => (kind === 'clean' ? 'cleaning' : 'provisioning');

/** Describes `event`, which happened to a node that was `before` (`null` before registration). */
export function describeEvent(event: NodeEvent, before: Node | null): EventDescription {
  const info = { error: null, severity: 'INFO' as Severity, conductor: before?.reservation ?? null };
  /** A change to one of the node's sub-resources: no state moves. */
  const about = (action: string, category: string): EventDescription => ({ ...info, action, from: null, to: null, category });
  switch (event.type) {
    case 'NodeRegistered':
      return { ...info, action: 'registered', from: null, to: event.data.provision_state, category: 'registration', conductor: null };
    case 'NodeUpdated':
      return about(`updated ${changedFields(event.data.changes)}`, 'update');
    case 'NodeDeleted':
      return { ...info, action: 'deleted', from: event.data.provision_state, to: null, category: 'deletion' };
    case 'ProvisionStateChanged': {
      const { from, to, verb, last_error, reservation } = event.data;
      const failed = event.data.event === 'fail';
      return {
        action: verb && verb !== event.data.event ? `${event.data.event} (${verb})` : event.data.event,
        from,
        to,
        error: failed ? last_error : null,
        severity: failed ? 'ERROR' : 'INFO',
        category: provisionCategory(from, to),
        conductor: reservation ?? before?.reservation ?? null,
      };
    }
    case 'PowerActionStarted':
      return { ...info, action: `power: ${event.data.requested}`, from: before?.power_state ?? null, to: event.data.target, category: 'power', conductor: event.data.reservation };
    case 'PowerStateChanged':
      return { ...info, action: `power: ${event.data.requested} done`, from: event.data.from, to: event.data.to, category: 'power' };
    case 'PowerActionFailed':
      return { ...info, action: `power: ${event.data.requested} failed`, from: before?.power_state ?? null, to: null, error: event.data.error, severity: 'ERROR', category: 'power' };
    case 'PowerStateCorrected':
      return { ...info, action: 'power state corrected', from: event.data.from, to: event.data.to, category: 'monitoring' };
    case 'PowerStateRestored':
      return { ...info, action: 'power state restored', from: event.data.found, to: event.data.restored, category: 'monitoring' };
    case 'PowerSyncFailed':
      return { ...info, action: `power sync failed (${event.data.failures} in a row)`, from: null, to: null, error: event.data.error, severity: 'ERROR', category: 'monitoring' };
    case 'PowerSyncRecovered':
      return about(`power sync recovered after ${event.data.failures} failures`, 'monitoring');
    case 'MaintenanceSet': {
      const { reason, fault } = event.data;
      return {
        ...info,
        action: `maintenance set${fault ? ` (fault: ${fault})` : ''}${reason ? `: ${reason}` : ''}`,
        from: null,
        to: null,
        // Only a fault is a failure; an operator's maintenance is routine.
        error: fault ? reason : null,
        severity: fault ? 'ERROR' : 'INFO',
        category: fault === POWER_FAILURE_FAULT ? 'monitoring' : 'maintenance',
      };
    }
    case 'MaintenanceCleared':
      return { ...info, action: `maintenance cleared${event.data.fault ? ` (fault: ${event.data.fault})` : ''}`, from: null, to: null, category: event.data.fault === POWER_FAILURE_FAULT ? 'monitoring' : 'maintenance' };
    case 'IntrospectionStarted':
    case 'IntrospectionWaiting':
    case 'IntrospectionAborted': {
      const verb = { IntrospectionStarted: 'started', IntrospectionWaiting: 'waiting for the ramdisk', IntrospectionAborted: 'aborted' }[event.type];
      return { ...info, action: `introspection ${verb}`, from: event.data.from, to: event.data.to, category: 'introspection' };
    }
    case 'InventoryProcessed': {
      const { ports_added, error } = event.data;
      return {
        ...info,
        action: error ? 'inventory reported a failure' : `inventory processed, ${ports_added.length} port${ports_added.length === 1 ? '' : 's'} added`,
        from: event.data.from,
        to: event.data.to,
        error,
        severity: error ? 'ERROR' : 'INFO',
        category: 'introspection',
      };
    }
    case 'IntrospectionFinished':
      return {
        ...info,
        action: event.data.error ? 'introspection failed' : 'introspection finished',
        from: event.data.from,
        to: event.data.to,
        error: event.data.error,
        severity: event.data.error ? 'ERROR' : 'INFO',
        category: 'introspection',
      };
    case 'IntrospectionExpired':
      return about(`introspection record (${event.data.state}) expired`, 'introspection');
    case 'PortAdded':
      return about(`port ${event.data.address} added (${event.data.source})`, 'ports');
    case 'PortRemoved':
      return about(`port ${event.data.address} removed`, 'ports');
    case 'NodeTraitsSet':
      return about(event.data.traits.length > 0 ? `traits set: ${event.data.traits.join(', ')}` : 'traits cleared', 'traits');
    case 'NodeTraitAdded':
      return about(`trait ${event.data.trait} added`, 'traits');
    case 'NodeTraitRemoved':
      return about(`trait ${event.data.trait} removed`, 'traits');
    case 'NodeAllocated':
      return about(`allocated to ${event.data.allocation_uuid}`, 'allocation');
    case 'NodeDeallocated':
      return about(`allocation ${event.data.allocation_uuid} ended (${event.data.reason})`, 'allocation');
    case 'InstanceCleared':
      return about(`instance ${event.data.instance_uuid ?? '(none)'} cleared after tear-down`, 'unprovisioning');
    case 'PortUpdated':
      return about(`port ${event.data.uuid} updated ${changedFields(event.data.changes)}`, 'ports');
    case 'PortMovedOut':
      return about(`port ${event.data.address} moved to node ${event.data.to_node}`, 'ports');
    case 'PortMovedIn':
      return about(`port ${event.data.port.address} moved in from node ${event.data.from_node}`, 'ports');
    case 'PortgroupAdded':
      return about(`port group ${event.data.uuid} added`, 'ports');
    case 'PortgroupUpdated':
      return about(`port group ${event.data.uuid} updated ${changedFields(event.data.changes)}`, 'ports');
    case 'PortgroupMovedOut':
      return about(`port group ${event.data.uuid} moved to node ${event.data.to_node}`, 'ports');
    case 'PortgroupMovedIn':
      return about(`port group ${event.data.portgroup.uuid} moved in from node ${event.data.from_node}`, 'ports');
    case 'PortgroupRemoved':
      return about(`port group ${event.data.uuid} removed`, 'ports');
    case 'VolumeConnectorAdded':
      return about(`volume connector ${event.data.uuid} added`, 'volume');
    case 'VolumeConnectorUpdated':
      return about(`volume connector ${event.data.uuid} updated ${changedFields(event.data.changes)}`, 'volume');
    case 'VolumeConnectorMovedOut':
      return about(`volume connector ${event.data.uuid} moved to node ${event.data.to_node}`, 'volume');
    case 'VolumeConnectorMovedIn':
      return about(`volume connector ${event.data.connector.uuid} moved in from node ${event.data.from_node}`, 'volume');
    case 'VolumeConnectorRemoved':
      return about(`volume connector ${event.data.uuid} removed`, 'volume');
    case 'VolumeTargetAdded':
      return about(`volume target ${event.data.uuid} added`, 'volume');
    case 'VolumeTargetUpdated':
      return about(`volume target ${event.data.uuid} updated ${changedFields(event.data.changes)}`, 'volume');
    case 'VolumeTargetMovedOut':
      return about(`volume target ${event.data.uuid} moved to node ${event.data.to_node}`, 'volume');
    case 'VolumeTargetMovedIn':
      return about(`volume target ${event.data.target.uuid} moved in from node ${event.data.from_node}`, 'volume');
    case 'VolumeTargetRemoved':
      return about(`volume target ${event.data.uuid} removed`, 'volume');
    case 'VifAttached':
      return about(`VIF ${event.data.vif} attached to ${event.data.port_uuid ? `port ${event.data.port_uuid}` : `port group ${event.data.portgroup_uuid}`}`, 'network');
    case 'VifDetached':
      return about(`VIF ${event.data.vif} detached from ${event.data.port_uuid ? `port ${event.data.port_uuid}` : `port group ${event.data.portgroup_uuid}`}`, 'network');
    case 'ManagementActionStarted':
      return { ...info, action: describeAction(event.data.action), from: null, to: null, category: 'management', conductor: event.data.reservation };
    case 'BootDeviceSet':
      return about(`boot device set to ${event.data.boot_device}${event.data.persistent ? ' (persistent)' : ''}`, 'management');
    case 'NmiInjected':
      return about('NMI injected', 'management');
    case 'IndicatorSet':
      return { ...info, action: `indicator ${event.data.indicator}@${event.data.component} set`, from: null, to: event.data.state, category: 'management' };
    case 'BootModeSet':
      return { ...info, action: 'boot mode set', from: before?.boot_mode ?? null, to: event.data.boot_mode, category: 'management' };
    case 'SecureBootSet':
      return about(`secure boot turned ${event.data.secure_boot ? 'on' : 'off'}`, 'management');
    case 'VendorMethodCalled':
      return about(`vendor method ${event.data.method} called`, 'management');
    case 'ConsoleModeSet':
      return about(`console ${event.data.enabled ? 'enabled' : 'disabled'}`, 'console');
    case 'RamdiskTornDown':
      return about(`${event.data.of} ramdisk torn down${event.data.power_state ? ` (${event.data.power_state})` : ''}`, 'provisioning');
    case 'ManagementActionFailed':
      return { ...info, action: `${describeAction(event.data.action)} failed`, from: null, to: null, error: event.data.error, severity: 'ERROR', category: 'management' };
    case 'TargetRaidConfigSet':
      return about(Object.keys(event.data.target_raid_config).length > 0 ? 'target RAID configuration set' : 'target RAID configuration cleared', 'raid');
    case 'BiosSettingsCached':
      return about(`BIOS settings read: ${event.data.set.length} new or changed, ${event.data.removed.length} gone`, 'bios');
    case 'BootModeCached':
      return { ...info, action: 'boot mode read', from: before?.boot_mode ?? null, to: event.data.boot_mode, category: 'management' };
    case 'AgentTokenIssued':
      return about('agent token issued to the ramdisk', 'agent');
    case 'AgentHeartbeatRecorded':
      return about(`agent heartbeat from ${event.data.url}${event.data.version ? ` (version ${event.data.version})` : ''}`, 'agent');
    case 'AgentCleared':
      return about('ramdisk agent gone (token and URL cleared)', 'agent');
    case 'BootConfigRecorded':
      return about(`network boot of the ramdisk prepared (kernel ${String(event.data.config.kernel)})`, 'provisioning');
    case 'StepsPlanned':
      return about(`${event.data.kind} steps planned: ${event.data.steps.map(stepName).join(', ') || 'none'}`, stepCategory(event.data.kind));
    case 'StepStarted':
      return about(`${event.data.kind} step ${stepName(event.data.step)} started`, stepCategory(event.data.kind));
    case 'StepFinished':
      return about(`${event.data.kind} step ${stepName(event.data.step)} finished`, stepCategory(event.data.kind));
    case 'RaidTasksSubmitted':
      return about(`${event.data.kind} step ${stepName(event.data.step)} waits for RAID tasks: ${event.data.tasks.monitors.join(', ')}`, stepCategory(event.data.kind));
    default:
      return assertNever(event, 'event');
  }
}

function provisionCategory(from: ProvisionState, to: ProvisionState): string {
  const touches = (set: ReadonlySet<ProvisionState>) => set.has(from) || set.has(to);
  if (from === 'verifying' || to === 'verifying') return 'verify';
  if (from === 'deleting' || to === 'deleting') return 'unprovision';
  if (touches(CLEANING_STATES)) return 'cleaning';
  if (touches(INSPECTION_STATES)) return 'introspection';
  if (touches(ADOPTION_STATES)) return 'adoption';
  // Every move in or out of `rescue` passes through one of these (or `deleting`).
  if (touches(RESCUE_LIKE_STATES)) return 'rescue';
  return 'provisioning';
}

// --- a node's history ---------------------------------------------------------------------

/** An event with its place in the log. */
export interface PositionedEvent {
  readonly position: number;
  readonly event: NodeEvent;
}

/** One line of a node's history, as the CLI prints it. */
export interface HistoryEntry extends EventDescription {
  readonly position: number;
  readonly at: string;
  readonly type: NodeEvent['type'];
  readonly actor: string;
  readonly requestId: string;
}

/** A node's events (in stream order) as history lines, described from the events as they are served (secrets masked). */
export function nodeHistory(events: Iterable<PositionedEvent>): HistoryEntry[] {
  const entries: HistoryEntry[] = [];
  let node: Node | null = null;
  for (const { position, event } of events) {
    const description = describeEvent(redactSecrets(event), node);
    entries.push({ position, at: event.meta.at, type: event.type, actor: event.meta.actor, requestId: event.meta.requestId, ...description });
    node = evolve(node, event);
  }
  return entries;
}

/** A record of Ironic's node history (`GET /v1/nodes/{node}/history`, API 1.78). */
export interface IronicHistoryRecord {
  /** Derived from the event's log position: the same record always has the same UUID. */
  readonly uuid: string;
  readonly created_at: string | null;
  readonly user: string | null;
  readonly severity: Severity;
  readonly event: string;
  readonly event_type: string;
  readonly conductor: string | null;
}

/** History lines in Ironic's shape: the error text as `event` for failures, else a sentence. */
export function toIronicHistory(entries: Iterable<HistoryEntry>): IronicHistoryRecord[] {
  return [...entries].map((entry) => ({
    uuid: historyRecordUuid(entry.position),
    created_at: ironicDateTime(entry.at),
    user: entry.actor,
    severity: entry.severity,
    event: entry.error ?? sentence(entry),
    event_type: entry.category,
    conductor: entry.conductor,
  }));
}

/** The UUID of the history record of the event at `position`. */
export const historyRecordUuid = (position: number): string => stableUuid(`history:${position}`);

function sentence({ action, from, to }: HistoryEntry): string {
  if (from !== null && to !== null) return `${action}: ${from} -> ${to}`;
  if (to !== null) return `${action}: ${to}`;
  if (from !== null) return `${action} (was ${from})`;
  return action;
}

/** The domain events of recorded node events, with their positions (other events are skipped). */
export function positioned(recorded: Iterable<RecordedEvent>): PositionedEvent[] {
  const events: PositionedEvent[] = [];
  for (const r of recorded) {
    const event = toNodeEvent(r);
    if (event) events.push({ position: r.position, event });
  }
  return events;
}

// --- point in time ------------------------------------------------------------------------

/** A past instant: a log position (inclusive), or a time compared with each event's `meta.at`. */
export type PointInTime = { readonly position: number } | { readonly time: string };

/** Parses `--at`: digits are a log position, anything else must be an ISO 8601 time. */
export function parsePointInTime(text: string): PointInTime {
  const trimmed = text.trim();
  if (/^\d+$/.test(trimmed)) return { position: Number(trimmed) };
  if (!/^\d{4}-\d{2}-\d{2}([T ][0-9:.]+)?(Z|[+-]\d{2}:?\d{2})?$/i.test(trimmed) || Number.isNaN(Date.parse(trimmed))) {
    throw new RangeError(`"${text}" is neither a log position nor an ISO 8601 time`);
  }
  return { time: new Date(trimmed).toISOString() };
}

/** Whether the event happened after `point`, i.e. is not part of the state at that instant. */
export function isAfter(point: PointInTime, recorded: RecordedEvent): boolean {
  if ('position' in point) return recorded.position > point.position;
  const at = Date.parse(String(recorded.metadata.at));
  return Number.isNaN(at) || at > Date.parse(point.time);
}

/**
 * A node's state at `point`, from its stream: its events are folded up to the first one that
 * happened after the instant. (Stopping there, rather than skipping only the late events, keeps
 * the result a state the node really was in, even if clocks disagreed.)
 */
export function nodeAt(stream: Iterable<RecordedEvent>, point: PointInTime): Node | null {
  return replayRecorded(until(stream, (recorded) => isAfter(point, recorded)));
}

function* until<T>(items: Iterable<T>, stop: (item: T) => boolean): Generator<T> {
  for (const item of items) {
    if (stop(item)) return;
    yield item;
  }
}

/**
 * Folds the whole log (in global order) into the fleet as it was at `point`: each node's
 * events up to its first one after the instant, as `nodeAt` does for one node.
 */
export class FleetAt {
  readonly model = new FleetReadModel();
  private readonly stopped = new Set<string>();
  /** Set once an event after the instant is seen, when the instant is a position: nothing later can count. */
  done = false;

  constructor(readonly point: PointInTime) {}

  apply(recorded: RecordedEvent): void {
    if (this.done || this.stopped.has(recorded.streamId)) return;
    if (isAfter(this.point, recorded)) {
      if ('position' in this.point) this.done = true;
      else this.stopped.add(recorded.streamId);
      return;
    }
    this.model.apply(recorded);
  }
}

/** How many nodes are in each provision state, states in alphabetical order. */
export function provisionStateCounts(nodes: Iterable<Node>): Record<string, number> {
  const counts = new Map<string, number>();
  for (const node of nodes) counts.set(node.provision_state, (counts.get(node.provision_state) ?? 0) + 1);
  return Object.fromEntries([...counts].sort(([a], [b]) => a.localeCompare(b)));
}

// --- reading from a store -----------------------------------------------------------------

const PAGE = 10_000;

/** Every event of the log in pages, in global order; `onPage` reports progress. */
export async function* readLog(store: EventStore, onPage?: (events: number, position: number) => void): AsyncGenerator<RecordedEvent> {
  let after = 0;
  let count = 0;
  for (;;) {
    const page = await store.readAll({ after, limit: PAGE });
    for (const event of page) yield event;
    count += page.length;
    if (page.length > 0) after = page[page.length - 1].position;
    onPage?.(count, after);
    if (page.length < PAGE) return;
  }
}

/** A node's state at `point`. */
export async function readNodeAt(store: EventStore, nodeId: string, point: PointInTime): Promise<Node | null> {
  return nodeAt(await store.readStream(nodeStreamId(nodeId)), point);
}

/** The fleet at `point`. */
export async function readFleetAt(store: EventStore, point: PointInTime, onPage?: (events: number, position: number) => void, whole?: WholeNodes): Promise<FleetReadModel> {
  const fleet = new FleetAt(point);
  if (whole) await fleet.model.keepWhole(whole);
  for await (const recorded of readLog(store, onPage)) {
    fleet.apply(recorded);
    if (fleet.done) break;
  }
  return fleet.model;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The UUID of the node called `idOrName`: a UUID with a stream is itself; a name is looked up
 * in the whole log, the node that bore it last (deleted nodes included, so that auditors can
 * still find them). `undefined` when no node ever had that id or name.
 */
export async function resolveNodeId(store: EventStore, idOrName: string): Promise<string | undefined> {
  if (UUID.test(idOrName) && (await store.readStream(nodeStreamId(idOrName))).length > 0) return idOrName;
  let found: string | undefined;
  for await (const recorded of readLog(store)) {
    const event = toNodeEvent(recorded);
    const name = event?.type === 'NodeRegistered' ? event.data.name : event?.type === 'NodeUpdated' ? event.data.changes.name : undefined;
    if (name === idOrName) found = nodeIdOfStream(recorded.streamId);
  }
  return found;
}

/** A node's complete history, read from its stream. */
export async function readNodeHistory(store: EventStore, nodeId: string): Promise<HistoryEntry[]> {
  return nodeHistory(positioned(await store.readStream(nodeStreamId(nodeId))));
}
