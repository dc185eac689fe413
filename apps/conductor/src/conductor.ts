import {
  AllocationFailedError,
  type Allocator,
  type ChassisCommandHandler,
  claimAudit,
  type DeployTemplateCommandHandler,
  fieldsSetBy,
  type FleetReadModel,
  type Handled,
  handleWithClaims,
  type HandleOptions,
  moveItem,
  type NodeClaimParts,
  type NodeCommandHandler,
  StaleBasisError,
  type UniqueClaims,
  withNameClaim,
} from '@ironledger/application';
import { type Command, type CommandError, type CommandReply, type CommandRequest, type HardwareQuery, type QueryReply } from '@ironledger/contracts';
import {
  ALLOCATION_COMMAND_TYPES,
  type AllocationCommand,
  CHASSIS_COMMAND_TYPES,
  type ChassisCommand,
  DEPLOY_TEMPLATE_COMMAND_TYPES,
  type DeployTemplate,
  type DeployTemplateCommand,
  ChassisNotFoundError,
  differentNodeGroup,
  DomainError,
  InvalidInputError,
  InvalidParameterError,
  type MoveCommand,
  moveDestination,
  type Node,
  NODE_COMMAND_TYPES,
  type NodeCommand,
  type NodeEvent,
  type ReceiveCommand,
  withDeployTemplates,
} from '@ironledger/domain';
import { DriverError, DriverRefusal, type HardwareType, type RamdiskImageDefaults, RedfishError } from '@ironledger/drivers';
import { ConcurrencyError, StoreUnavailableError } from '@ironledger/event-store';
import { HardwareManagement, MANAGEMENT_CALLS, type ManagementCall, RecordedFailure, type SynchronousCall } from './management.js';
import { type ConductorMetrics } from './metrics.js';
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
  /** The default ramdisk images (DEPLOY_ISO, DEPLOY_KERNEL, …): a node's validation judges by them when its `driver_info` names none. */
  readonly ramdiskImages?: RamdiskImageDefaults;
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
  private readonly fleet: FleetReadModel;
  private readonly claims: UniqueClaims;
  /** Node commands are carried out under their claims (`handleWithClaims`, `moveItem`). */
  private readonly claimParts: NodeClaimParts;
  private readonly management: HardwareManagement;

  constructor(private readonly parts: ConductorParts) {
    ({ id: this.id, fleet: this.fleet, claims: this.claims } = parts);
    this.claimParts = { conductorId: parts.id, nodes: parts.nodes, claims: parts.claims, fleet: parts.fleet };
    this.management = new HardwareManagement(parts.nodes, parts.drivers, parts.id, undefined, parts.ramdiskImages);
  }

  execute(request: HardwareQuery): Promise<QueryReply>;
  execute(request: unknown): Promise<CommandReply<unknown, unknown>>;
  async execute(request: unknown): Promise<CommandReply<unknown, unknown> | QueryReply> {
    const reply = isHardwareQuery(request) ? await this.answer(request) : await this.carryOut(request);
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

  private async carryOut(request: unknown): Promise<CommandReply<unknown, unknown>> {
    try {
      const command = asCommand(request);
      if (RECEIVE_TYPES.has(command.type)) throw new InvalidCommandError(`${command.type} is a conductor's own command (the second half of a move); send the update that moves the item.`);
      const stamped = this.withSettings({ ...command, meta: { ...command.meta, conductor: this.id } } as Command);
      const handled: Handled<unknown, unknown> & { result?: unknown } = await this.route(stamped, basisOf(request));
      const { events, state, position } = handled;
      // What a synchronous vendor method returned goes back with the reply.
      return { ok: true, events, state, position, ...('result' in handled && { result: handled.result }) };
    } catch (error) {
      return { ok: false, error: toCommandError(error) };
    }
  }

  /** `options`: how the gateway worked the command out, for the command itself (the work it leaves is decided afresh). */
  private route(command: Command, options: HandleOptions): Promise<Handled<unknown, unknown>> {
    switch (ID_FIELD.get(command.type)) {
      case 'chassisId':
        return this.chassisCommand(command as ChassisCommand, options);
      case 'allocationId':
        return this.parts.allocator.execute(command as AllocationCommand, options);
      case 'templateId':
        return this.templateCommand(command as DeployTemplateCommand, options);
      case 'nodeId':
        return this.nodeCommand(command as NodeCommand, options);
      default:
        throw new InvalidCommandError();
    }
  }

  /** The conductor's settings a decision depends on, stamped on the command so that its events follow from it alone. */
  private withSettings(command: Command): Command {
    // A deployment runs the steps of the deploy templates its instance asks for: the conductor's fleet view brings them.
    if (command.type === 'RequestProvisionAction') return withDeployTemplates(command, this.fleet.deployTemplates.all());
    if (command.type !== 'DeleteNode') return command;
    return { ...command, data: { ...command.data, allow_deleting_available: this.parts.allowDeletingAvailableNodes ?? true } };
  }

  private async nodeCommand(command: NodeCommand, options: HandleOptions): Promise<Handled<NodeEvent, Node>> {
    this.checkFleetRules(command);
    if (MANAGEMENT_CALLS.has(command.type)) await this.management.check(command as ManagementCall);
    if (await this.management.isSynchronous(command)) return this.management.call(command as SynchronousCall);
    const destination = moveDestination(command);
    const handled = destination ? await moveItem(this.claimParts, command as MoveCommand, destination, options) : await handleWithClaims(this.claimParts, command, options);
    this.parts.runner.afterCommit(handled.state, handled.events, command.meta);
    // An allocation that ended with the node's instance (or the node) goes too; the reply waits for that as well.
    const released = await this.parts.allocator.afterNodeCommit(handled.previous, handled.events, command.meta);
    return { ...handled, position: Math.max(handled.position, released) };
  }

  /** Deploy templates: a name is unique across the fleet (claimed before the template takes it). */
  private templateCommand(command: DeployTemplateCommand, options: HandleOptions): Promise<Handled<unknown, DeployTemplate>> {
    const audit = claimAudit(command.meta, this.id);
    const wanted = command.type === 'CreateDeployTemplate' ? command.data.name : command.type === 'UpdateDeployTemplate' ? command.data.changes.name : undefined;
    return withNameClaim(this.claims, 'template_name', command.templateId, wanted, audit, () => this.parts.templates.handle(command, options), (template) => template?.name ?? null);
  }

  private async chassisCommand(command: ChassisCommand, options: HandleOptions) {
    // Nodes name their chassis: one that still has nodes stays (Ironic's 400).
    if (command.type === 'DeleteChassis' && [...this.fleet.all()].some((node) => node.chassis_uuid === command.chassisId)) {
      throw new InvalidInputError(`Cannot complete the requested action because chassis ${command.chassisId} contains nodes.`);
    }
    return this.parts.chassis.handle(command, options);
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

/** Commands conductors issue to each other's nodes while they move an item, which the bus does not take. */
const RECEIVE_TYPES: ReadonlySet<string> = new Set<ReceiveCommand['type']>(['ReceivePort', 'ReceivePortgroup', 'ReceiveVolumeConnector', 'ReceiveVolumeTarget']);

/** The read model position a gateway worked the command out on, if it says (see `CommandRequest`). */
function basisOf(request: unknown): HandleOptions {
  const { basis } = request as CommandRequest;
  return typeof basis === 'number' && Number.isSafeInteger(basis) && basis >= 0 ? { basis } : {};
}

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
  if (error instanceof RecordedFailure || error instanceof StaleBasisError) return { type: error.type, message: error.message, position: error.position };
  // The driver refused before touching the hardware (400), or the hardware failed (500).
  if (error instanceof DriverRefusal) return { type: 'invalid_parameter', message: error.message };
  // A node's driver_info the Redfish driver cannot use (Ironic's MissingParameterValue, InvalidParameterValue: 400).
  if (error instanceof RedfishError && error.kind === 'invalid-config') return { type: 'invalid_parameter', message: error.message };
  if (error instanceof DriverError) return { type: 'driver_failed', message: error.message };
  // A backfill that failed: Ironic answers 500 with the reason.
  if (error instanceof AllocationFailedError) return { type: 'internal', message: error.message };
  // Still conflicting after several fresh attempts: the resource is too busy right now.
  if (error instanceof ConcurrencyError) return { type: 'conflict', message: `${error.streamId} is being changed concurrently, please retry.` };
  // The store did not answer in time (a NATS server lost, say): nothing is wrong with the request.
  if (error instanceof StoreUnavailableError) return { type: 'unavailable', message: error.message };
  return { type: 'internal', message: (error as Error).message };
}
