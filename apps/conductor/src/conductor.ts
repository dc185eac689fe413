import {
  type ChassisCommandHandler,
  type Claim,
  ClaimConflictError,
  claimKey,
  claimsHeldBy,
  connectorClaims,
  connectorKey,
  type DeployTemplateCommandHandler,
  type FleetReadModel,
  type Handled,
  type NodeCommandHandler,
  portClaims,
  portgroupClaims,
  targetClaims,
  type UniqueClaims,
} from '@ironledger/application';
import { type Command, type CommandError, type CommandReply, type HardwareQuery, type QueryReply } from '@ironledger/contracts';
import {
  ALLOCATION_COMMAND_TYPES,
  type AllocationCommand,
  CHASSIS_COMMAND_TYPES,
  type ChassisCommand,
  DEPLOY_TEMPLATE_COMMAND_TYPES,
  type DeployTemplate,
  type DeployTemplateCommand,
  ChassisNotFoundError,
  decide,
  differentNodeGroup,
  type DiscoverNode,
  DomainError,
  handBack,
  handOver,
  InvalidInputError,
  InvalidParameterError,
  type MoveCommand,
  moveDestination,
  type Node,
  NODE_COMMAND_TYPES,
  type NodeCommand,
  type NodeEvent,
  NodeNotFoundError,
  normalizeMac,
  type ProcessInventory,
  type ReceiveCommand,
} from '@ironledger/domain';
import { DriverError, DriverRefusal, type HardwareType } from '@ironledger/drivers';
import { ConcurrencyError, StoreUnavailableError } from '@ironledger/event-store';
import { AllocationFailedError, type Allocator } from './allocator.js';
import { HardwareManagement, MANAGEMENT_CALLS, type ManagementCall, RecordedFailure, SYNCHRONOUS_CALLS, type SynchronousCall } from './management.js';
import { type ConductorMetrics } from './metrics.js';
import { withNameClaim } from './name-claims.js';
import { type WorkRunner } from './work-runner.js';

/** The member of a command naming the resource it goes to, by command type. */
const ID_FIELD: ReadonlyMap<string, 'nodeId' | 'chassisId' | 'allocationId' | 'templateId'> = new Map([
  ...NODE_COMMAND_TYPES.map((type) => [type, 'nodeId'] as const),
  ...CHASSIS_COMMAND_TYPES.map((type) => [type, 'chassisId'] as const),
  ...ALLOCATION_COMMAND_TYPES.map((type) => [type, 'allocationId'] as const),
  ...DEPLOY_TEMPLATE_COMMAND_TYPES.map((type) => [type, 'templateId'] as const),
]);

/** What a conductor works with. */
export interface ConductorParts {
  readonly id: string;
  readonly nodes: NodeCommandHandler;
  readonly chassis: ChassisCommandHandler;
  readonly templates: DeployTemplateCommandHandler;
  /** Allocations: picking nodes, backfilling, releasing. */
  readonly allocator: Allocator;
  /** The fleet as this conductor's projection sees it: for the rules that span resources. */
  readonly fleet: FleetReadModel;
  readonly drivers: ReadonlyMap<string, HardwareType>;
  readonly runner: WorkRunner;
  readonly claims: UniqueClaims;
  readonly metrics?: ConductorMetrics;
  /** Whether `available` nodes may be deleted (the conductor's setting, stamped on each deletion; default true). */
  readonly allowDeletingAvailableNodes?: boolean;
}

/**
 * The conductor's one use case: take a command from the bus, decide and append it as this
 * conductor (so that work it starts is reserved to it), answer, then run the work. Management
 * calls the client waits for are carried out before the answer; questions about a node's
 * hardware are answered through its driver.
 */
export class Conductor {
  private readonly id: string;
  private readonly handler: NodeCommandHandler;
  private readonly fleet: FleetReadModel;
  private readonly claims: UniqueClaims;
  private readonly management: HardwareManagement;

  constructor(private readonly parts: ConductorParts) {
    ({ id: this.id, nodes: this.handler, fleet: this.fleet, claims: this.claims } = parts);
    this.management = new HardwareManagement(parts.nodes, parts.drivers, parts.id);
  }

  execute(request: HardwareQuery): Promise<QueryReply>;
  execute(request: unknown): Promise<CommandReply<unknown, unknown>>;
  async execute(request: unknown): Promise<CommandReply<unknown, unknown> | QueryReply> {
    const reply = isHardwareQuery(request) ? await this.answer(request) : await this.decide(request);
    const type = isHardwareQuery(request) || (typeof (request as Command | null)?.type === 'string' && ID_FIELD.has((request as Command).type)) ? (request as Command).type : 'unknown';
    this.parts.metrics?.commands.inc({ type, result: reply.ok ? 'ok' : reply.error.type });
    return reply;
  }

  private async answer(query: HardwareQuery): Promise<QueryReply> {
    try {
      return { ok: true, result: await this.management.query(query) };
    } catch (error) {
      return { ok: false, error: toCommandError(error) };
    }
  }

  private async decide(request: unknown): Promise<CommandReply<unknown, unknown>> {
    try {
      const command = asCommand(request);
      if (RECEIVE_TYPES.has(command.type)) throw new InvalidCommandError(`${command.type} is a conductor's own command (the second half of a move); send the update that moves the item.`);
      const stamped = this.withSettings({ ...command, meta: { ...command.meta, conductor: this.id } } as Command);
      const { events, state, position } = await this.route(stamped);
      return { ok: true, events, state, position };
    } catch (error) {
      return { ok: false, error: toCommandError(error) };
    }
  }

  private route(command: Command): Promise<Handled<unknown, unknown>> {
    switch (ID_FIELD.get(command.type)) {
      case 'chassisId':
        return this.chassisCommand(command as ChassisCommand);
      case 'allocationId':
        return this.parts.allocator.execute(command as AllocationCommand);
      case 'templateId':
        return this.templateCommand(command as DeployTemplateCommand);
      case 'nodeId':
        return this.nodeCommand(command as NodeCommand);
      default:
        throw new InvalidCommandError();
    }
  }

  /** The conductor's settings a decision depends on, stamped on the command so that its events follow from it alone. */
  private withSettings(command: Command): Command {
    if (command.type !== 'DeleteNode') return command;
    return { ...command, data: { ...command.data, allow_deleting_available: this.parts.allowDeletingAvailableNodes ?? true } };
  }

  private async nodeCommand(command: NodeCommand): Promise<Handled<NodeEvent, Node>> {
    this.checkFleetRules(command);
    if (MANAGEMENT_CALLS.has(command.type)) await this.management.check(command as ManagementCall);
    if (SYNCHRONOUS_CALLS.has(command.type)) return this.management.call(command as SynchronousCall);
    const destination = moveDestination(command);
    const handled = destination ? await this.move(command as MoveCommand, destination) : await this.handleWithClaims(command);
    this.parts.runner.afterCommit(handled.state, handled.events, command.meta);
    // An allocation that ended with the node's instance (or the node) goes too; the reply waits for that as well.
    const released = await this.parts.allocator.afterNodeCommit(handled.previous, handled.events, command.meta);
    return { ...handled, position: Math.max(handled.position, released) };
  }

  /** Deploy templates: a name is unique across the fleet (claimed before the template takes it). */
  private templateCommand(command: DeployTemplateCommand): Promise<Handled<unknown, DeployTemplate>> {
    const audit = { actor: command.meta.actor, requestId: command.meta.requestId, conductor: this.id };
    const wanted = command.type === 'CreateDeployTemplate' ? command.data.name : command.type === 'UpdateDeployTemplate' ? command.data.changes.name : undefined;
    return withNameClaim(this.claims, 'template_name', command.templateId, wanted, audit, () => this.parts.templates.handle(command), (template) => template?.name ?? null);
  }

  /**
   * Moves a port, port group, volume connector or target to another node: both halves are
   * decided (the destination's rules first, as Ironic checks the node the item goes to) before
   * either is appended; the values the item holds are handed to the destination in their claim
   * streams, then it leaves its node and arrives at the other. Should the destination refuse it
   * after all (it changed in between), the item returns and so do its claims. Answers with the
   * destination node.
   */
  private async move(command: MoveCommand, destination: string): Promise<Handled<NodeEvent, Node>> {
    const audit = { actor: command.meta.actor, requestId: command.meta.requestId, conductor: this.id };
    const source = (await this.handler.load(command.nodeId)).state;
    if (!source) throw new NodeNotFoundError(command.nodeId);
    let receive = handOver(command, source, destination);
    const target = (await this.handler.load(destination)).state;
    if (!target) throw new InvalidInputError(new NodeNotFoundError(destination).message);
    decide(receive, target);
    decide(command, source);
    const held = new Set(receivedClaims(handBack(receive)).map(claimKey));
    const wanted = receivedClaims(receive);
    const handedOver: Claim[] = [];
    const claimedNow: Claim[] = [];
    try {
      await Promise.all(wanted.map((claim) => this.claims.ensureFree(claim, destination, { takeOverFrom: source.uuid })));
      for (const claim of wanted) {
        if (held.has(claimKey(claim))) {
          await this.claims.claim(claim, destination, audit, { takeOverFrom: source.uuid });
          handedOver.push(claim);
        } else if (await this.claims.claim(claim, destination, audit)) {
          claimedNow.push(claim);
        }
      }
      // The item as it left (a concurrent change to it made the append decide again on it).
      receive = handOver(command, (await this.handler.handle(command)).previous!, destination);
    } catch (error) {
      await this.restoreClaims(handedOver, claimedNow, source.uuid, destination, audit);
      throw error;
    }
    let arrived: Handled<NodeEvent, Node>;
    try {
      arrived = await this.handler.handle(receive);
    } catch (error) {
      await this.handler.handle(handBack(receive));
      await this.restoreClaims(handedOver, claimedNow, source.uuid, destination, audit);
      throw error;
    }
    // What the item gave up on the way (an old MAC address, name, …) is free again.
    const kept = new Set(wanted.map(claimKey));
    await this.release(receivedClaims(handBack(receive)).filter((claim) => !kept.has(claimKey(claim))), source.uuid, audit);
    return arrived;
  }

  /** Claims handed to the destination of a failed move go back to the source; those claimed for it are given up. */
  private async restoreClaims(handedOver: readonly Claim[], claimedNow: readonly Claim[], source: string, destination: string, audit: Record<string, unknown>): Promise<void> {
    for (const claim of handedOver) await this.claims.claim(claim, source, audit, { takeOverFrom: destination }).catch(() => undefined);
    await this.release(claimedNow, destination, audit);
  }

  private async chassisCommand(command: ChassisCommand) {
    // Nodes name their chassis: one that still has nodes stays (Ironic's 400).
    if (command.type === 'DeleteChassis' && [...this.fleet.all()].some((node) => node.chassis_uuid === command.chassisId)) {
      throw new InvalidInputError(`Cannot complete the requested action because chassis ${command.chassisId} contains nodes.`);
    }
    return this.parts.chassis.handle(command);
  }

  /**
   * Carries out a command that may give the node a name, a MAC address or a port UUID, or take
   * one away: a value the node does not have yet is claimed in the store first (so that two nodes
   * can never both get it), and what the node no longer has is released after the commit. Claims
   * made for a refused command are released.
   */
  private async handleWithClaims(command: NodeCommand): Promise<Handled<NodeEvent, Node>> {
    const audit = { actor: command.meta.actor, requestId: command.meta.requestId, conductor: this.id };
    const wanted = claimsWantedBy(command);
    const claimedNow: Claim[] = [];
    let handled: Handled<NodeEvent, Node>;
    try {
      if (wanted.length > 1) await Promise.all(wanted.map((claim) => this.claims.ensureFree(claim, command.nodeId)));
      for (const claim of wanted) if (await this.claims.claim(claim, command.nodeId, audit)) claimedNow.push(claim);
      handled = await this.handler.handle(await this.withInventoryClaims(command, audit, claimedNow));
    } catch (error) {
      // Only claims this command made: what the node already had stays its own.
      await this.release(claimedNow, command.nodeId, audit);
      throw error;
    }
    // The command is committed whatever happens now: a claim left behind by a failed release
    // is void once its grace period is over, as its node does not have the value.
    const kept = new Set(claimsHeldBy(handled.state).map(claimKey));
    await this.release([...wanted, ...claimedNow, ...claimsHeldBy(handled.previous)].filter((claim) => !kept.has(claimKey(claim))), command.nodeId, audit);
    return handled;
  }

  /**
   * For an inventory: which of its MACs are ports of other nodes, added to the command for the
   * decider, which skips them (as the inspector skips a port Ironic refuses as a duplicate). The
   * fleet's view answers at once; every other MAC is claimed, and a MAC another node claimed
   * first is skipped too.
   */
  private async withInventoryClaims(command: NodeCommand, audit: Record<string, unknown>, claimedNow: Claim[]): Promise<NodeCommand> {
    if (command.type !== 'ProcessInventory' && command.type !== 'DiscoverNode') return command;
    const inUse: Record<string, string> = {};
    const interfaces = Array.isArray(command.data.inventory?.interfaces) ? command.data.inventory.interfaces : [];
    for (const mac of new Set(interfaces.map((iface) => normalizeMac(iface?.mac_address)))) {
      if (!mac) continue;
      const owner = this.fleet.nodeWithAddress(mac);
      if (owner && owner.uuid !== command.nodeId) {
        inUse[mac] = owner.uuid;
        continue;
      }
      try {
        if (await this.claims.claim({ kind: 'mac', value: mac }, command.nodeId, audit)) claimedNow.push({ kind: 'mac', value: mac });
      } catch (error) {
        if (!(error instanceof ClaimConflictError)) throw error;
        inUse[mac] = error.holder;
      }
    }
    return { ...command, data: { ...command.data, addresses_in_use: inUse } } as ProcessInventory | DiscoverNode;
  }

  private async release(claims: readonly Claim[], nodeId: string, audit: Record<string, unknown>): Promise<void> {
    const distinct = new Map(claims.map((claim) => [claimKey(claim), claim]));
    for (const claim of distinct.values()) await this.claims.release(claim, nodeId, audit).catch(() => undefined);
  }

  /** Rules that span nodes, so the single-node decider cannot check them (uniqueness is the claims' job: `handleWithClaims`). */
  private checkFleetRules(command: NodeCommand): void {
    // A port joins a port group of its own node only.
    const group = command.type === 'AddPort' ? command.data.portgroup_uuid : command.type === 'UpdatePort' ? command.data.changes.portgroup_uuid : undefined;
    const owner = group ? this.fleet.portgroups.get(group)?.node.uuid : undefined;
    if (owner !== undefined && owner !== (moveDestination(command) ?? command.nodeId)) throw differentNodeGroup();
    const fields = fieldsSetBy(command);
    if (!fields) return;
    if ('chassis_uuid' in fields && fields.chassis_uuid && !this.fleet.chassis.get(fields.chassis_uuid)) throw new InvalidInputError(new ChassisNotFoundError(fields.chassis_uuid).message);
    if (fields.driver !== undefined && !this.parts.drivers.has(fields.driver)) {
      throw new InvalidParameterError(
        command.nodeId,
        `No valid host was found. Reason: No conductor service registered which supports driver ${fields.driver} for conductor group "".`,
      );
    }
  }
}

/** The node fields a command sets, if it sets any. */
function fieldsSetBy(command: NodeCommand) {
  return command.type === 'RegisterNode' || command.type === 'DiscoverNode' ? command.data : command.type === 'UpdateNode' ? command.data.changes : undefined;
}

/**
 * The unique values a command gives its node: a name, an instance, a port's MAC address and UUID,
 * a port group's UUID, name and MAC, a volume connector's UUID and (type, ID), a volume target's
 * UUID. (Ports an inventory adds get fresh UUIDs; their MACs are claimed with the inventory. Moves
 * claim for the destination: `move`.)
 */
function claimsWantedBy(command: NodeCommand): Claim[] {
  switch (command.type) {
    case 'AddPort': {
      const mac = normalizeMac(command.data.address);
      return [...(mac ? [{ kind: 'mac', value: mac } as const] : []), { kind: 'port', value: command.data.uuid }];
    }
    case 'UpdatePort': {
      const mac = normalizeMac(command.data.changes.address);
      return mac ? [{ kind: 'mac', value: mac }] : [];
    }
    case 'AddPortgroup':
      return portgroupClaims({ uuid: command.data.uuid, name: command.data.name ?? null, address: command.data.address ?? null });
    case 'UpdatePortgroup': {
      const { name, address } = command.data.changes;
      return [...(typeof name === 'string' ? [{ kind: 'portgroup_name', value: name } as const] : []), ...(typeof address === 'string' ? [{ kind: 'portgroup_mac', value: address } as const] : [])];
    }
    case 'AddVolumeConnector':
      return connectorClaims(command.data);
    case 'UpdateVolumeConnector': {
      const { type, connector_id } = command.data.changes;
      return type !== undefined ? [{ kind: 'connector_id', value: connectorKey({ type, connector_id }) }] : [];
    }
    case 'AddVolumeTarget':
      return targetClaims(command.data);
    default: {
      const fields = fieldsSetBy(command);
      const wanted: Claim[] = [];
      const name = fields && 'name' in fields ? fields.name : undefined;
      if (typeof name === 'string' && name !== '') wanted.push({ kind: 'name', value: name });
      const instance = fields && 'instance_uuid' in fields ? fields.instance_uuid : undefined;
      if (typeof instance === 'string' && instance !== '') wanted.push({ kind: 'instance', value: instance });
      return wanted;
    }
  }
}

/** The unique values the item a `Receive…` command brings will hold, once its changes are made. */
function receivedClaims(receive: ReceiveCommand): Claim[] {
  switch (receive.type) {
    case 'ReceivePort':
      return portClaims({ ...receive.data.port, ...receive.data.changes });
    case 'ReceivePortgroup':
      return portgroupClaims({ ...receive.data.portgroup, ...receive.data.changes });
    case 'ReceiveVolumeConnector':
      return connectorClaims({ ...receive.data.connector, ...receive.data.changes });
    case 'ReceiveVolumeTarget':
      return targetClaims(receive.data.target);
  }
}

/** Commands conductors issue to each other's nodes while they move an item, which the bus does not take. */
const RECEIVE_TYPES: ReadonlySet<string> = new Set<ReceiveCommand['type']>(['ReceivePort', 'ReceivePortgroup', 'ReceiveVolumeConnector', 'ReceiveVolumeTarget']);



/** Checks the envelope; the domain checks the rest. */
function asCommand(request: unknown): Command {
  const command = request as (Partial<Command> & Record<string, unknown>) | null;
  const meta = command?.meta as Partial<Command['meta']> | undefined;
  const idField = typeof command?.type === 'string' ? ID_FIELD.get(command.type) : undefined;
  const id = idField && command?.[idField];
  const valid =
    typeof command === 'object' && command !== null && idField !== undefined &&
    typeof id === 'string' && id.length > 0 &&
    typeof command.data === 'object' && command.data !== null &&
    typeof meta?.at === 'string' && typeof meta.actor === 'string' && typeof meta.requestId === 'string';
  if (!valid) throw new InvalidCommandError();
  return command as Command;
}

class InvalidCommandError extends Error {
  readonly type = 'invalid_command' as const;
  constructor(message = 'Malformed command: expected {type, nodeId (or the id of the resource it goes to), data, meta: {at, actor, requestId}}.') {
    super(message);
  }
}

/** A question about a node's hardware rather than a command. */
function isHardwareQuery(request: unknown): request is HardwareQuery {
  const query = request as Partial<HardwareQuery> | null;
  return query?.type === 'QueryHardware' && typeof query.nodeId === 'string' && typeof query.data?.what === 'string';
}

function toCommandError(error: unknown): CommandError {
  if (error instanceof DomainError || error instanceof InvalidCommandError) return { type: error.type, message: error.message };
  if (error instanceof RecordedFailure) return { type: error.type, message: error.message, position: error.position };
  // The driver refused before touching the hardware (400), or the hardware failed (500).
  if (error instanceof DriverRefusal) return { type: 'invalid_parameter', message: error.message };
  if (error instanceof DriverError) return { type: 'driver_failed', message: error.message };
  // A backfill that failed: Ironic answers 500 with the reason.
  if (error instanceof AllocationFailedError) return { type: 'internal', message: error.message };
  // Still conflicting after several fresh attempts: the resource is too busy right now.
  if (error instanceof ConcurrencyError) return { type: 'conflict', message: `${error.streamId} is being changed concurrently, please retry.` };
  // The store did not answer in time (a NATS server lost, say): nothing is wrong with the request.
  if (error instanceof StoreUnavailableError) return { type: 'unavailable', message: error.message };
  return { type: 'internal', message: (error as Error).message };
}
