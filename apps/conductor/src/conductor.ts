import { type HandledCommand, type NameClaims, type NodeCommandHandler, type NodeReadModel } from '@ironledger/application';
import { type CommandError, type CommandReply } from '@ironledger/contracts';
import { type DiscoverNode, DomainError, InvalidParameterError, NODE_COMMAND_TYPES, NodeConflictError, type NodeCommand, normalizeMac, type ProcessInventory } from '@ironledger/domain';
import { type HardwareType } from '@ironledger/drivers';
import { ConcurrencyError } from '@ironledger/event-store';
import { type ConductorMetrics } from './metrics.js';
import { type WorkRunner } from './work-runner.js';

const COMMAND_TYPES = new Set<string>(NODE_COMMAND_TYPES);

/**
 * The conductor's one use case: take a node command from the bus, decide and append it as
 * this conductor (so that work it starts is reserved to it), answer, then run the work.
 */
export class Conductor {
  constructor(
    private readonly id: string,
    private readonly handler: NodeCommandHandler,
    private readonly fleet: NodeReadModel,
    private readonly drivers: ReadonlyMap<string, HardwareType>,
    private readonly runner: WorkRunner,
    private readonly names: NameClaims,
    private readonly metrics?: ConductorMetrics,
  ) {}

  async execute(request: unknown): Promise<CommandReply> {
    const reply = await this.decide(request);
    const type = typeof (request as NodeCommand | null)?.type === 'string' && COMMAND_TYPES.has((request as NodeCommand).type) ? (request as NodeCommand).type : 'unknown';
    this.metrics?.commands.inc({ type, result: reply.ok ? 'ok' : reply.error.type });
    return reply;
  }

  private async decide(request: unknown): Promise<CommandReply> {
    try {
      const command = asCommand(request);
      const stamped = this.withFleetFacts({ ...command, meta: { ...command.meta, conductor: this.id } } as NodeCommand);
      this.checkFleetRules(stamped);
      const { events, node, position } = await this.handleWithName(stamped);
      this.runner.afterCommit(node, events, stamped.meta);
      return { ok: true, events, node, position };
    } catch (error) {
      return { ok: false, error: toCommandError(error) };
    }
  }

  /**
   * Carries out a command that may give the node a name or take one from it: a new name is
   * claimed in the store first (so that two nodes can never both get it), and a name the node
   * no longer has is released after the commit. A claim made for a refused command is released.
   */
  private async handleWithName(command: NodeCommand): Promise<HandledCommand> {
    const wanted = nameSetBy(command);
    const audit = { actor: command.meta.actor, requestId: command.meta.requestId, conductor: this.id };
    const claimedNow = wanted !== undefined && (await this.names.claim(wanted, command.nodeId, audit));
    let handled: HandledCommand;
    try {
      handled = await this.handler.handle(command);
    } catch (error) {
      // Only a claim this command made: a name the node already had stays its own.
      if (claimedNow) await this.names.release(wanted, command.nodeId, audit).catch(() => undefined);
      throw error;
    }
    // The command is committed whatever happens now: a claim left behind by a failed release
    // is void once its grace period is over, as its node no longer has the name.
    const after = handled.node?.name;
    for (const unused of new Set([wanted, handled.previous?.name])) {
      if (unused && unused !== after) await this.names.release(unused, command.nodeId, audit).catch(() => undefined);
    }
    return handled;
  }

  /** Rules that span nodes, so the single-node decider cannot check them. */
  private checkFleetRules(command: NodeCommand): void {
    if (command.type === 'AddPort') this.checkPortIsNew(command.nodeId, command.data.uuid, command.data.address);
    const fields = fieldsSetBy(command);
    if (!fields) return;
    if (fields.driver !== undefined && !this.drivers.has(fields.driver)) {
      throw new InvalidParameterError(
        command.nodeId,
        `No valid host was found. Reason: No conductor service registered which supports driver ${fields.driver} for conductor group "".`,
      );
    }
    // A quick refusal without a store round trip; the name claim is what makes names unique.
    const name = nameSetBy(command);
    const holder = name ? this.fleet.get(name) : undefined;
    if (holder && holder.uuid !== command.nodeId) throw new NodeConflictError(command.nodeId, `A node with name ${name} already exists.`);
  }

  /** MACs and port UUIDs are unique across the fleet (the node's own ports the decider checks). */
  private checkPortIsNew(nodeId: string, uuid: string, address: string): void {
    const mac = normalizeMac(address);
    const owner = mac ? this.fleet.nodeWithAddress(mac) : undefined;
    if (owner && owner.uuid !== nodeId) throw new NodeConflictError(nodeId, `A port with MAC address ${mac} already exists.`);
    const existing = this.fleet.port(uuid);
    if (existing && existing.node.uuid !== nodeId) throw new NodeConflictError(nodeId, `A port with UUID ${uuid} already exists.`);
  }

  /**
   * What only the fleet knows, added to the command for the decider: which of an inventory's
   * MACs are already ports of other nodes (processing skips them, as the inspector skips a
   * port Ironic refuses as a duplicate).
   */
  private withFleetFacts(command: NodeCommand): NodeCommand {
    if (command.type !== 'ProcessInventory' && command.type !== 'DiscoverNode') return command;
    const inUse: Record<string, string> = {};
    const interfaces = Array.isArray(command.data.inventory?.interfaces) ? command.data.inventory.interfaces : [];
    for (const iface of interfaces) {
      const mac = normalizeMac(iface?.mac_address);
      const owner = mac ? this.fleet.nodeWithAddress(mac) : undefined;
      if (mac && owner && owner.uuid !== command.nodeId) inUse[mac] = owner.uuid;
    }
    return { ...command, data: { ...command.data, addresses_in_use: inUse } } as ProcessInventory | DiscoverNode;
  }
}

/** The node fields a command sets, if it sets any. */
function fieldsSetBy(command: NodeCommand) {
  return command.type === 'RegisterNode' || command.type === 'DiscoverNode' ? command.data : command.type === 'UpdateNode' ? command.data.changes : undefined;
}

/** The name a command gives its node, if it gives one. */
function nameSetBy(command: NodeCommand): string | undefined {
  const fields = fieldsSetBy(command);
  const name = fields && 'name' in fields ? fields.name : undefined;
  return typeof name === 'string' && name !== '' ? name : undefined;
}

/** Checks the envelope; the domain checks the rest. */
function asCommand(request: unknown): NodeCommand {
  const command = request as Partial<NodeCommand> | null;
  const meta = command?.meta as Partial<NodeCommand['meta']> | undefined;
  const valid =
    typeof command === 'object' && command !== null &&
    typeof command.type === 'string' && COMMAND_TYPES.has(command.type) &&
    typeof command.nodeId === 'string' && command.nodeId.length > 0 &&
    typeof command.data === 'object' && command.data !== null &&
    typeof meta?.at === 'string' && typeof meta.actor === 'string' && typeof meta.requestId === 'string';
  if (!valid) throw new InvalidCommandError();
  return command as NodeCommand;
}

class InvalidCommandError extends Error {
  readonly type = 'invalid_command' as const;
  constructor() {
    super('Malformed command: expected {type, nodeId, data, meta: {at, actor, requestId}}.');
  }
}

function toCommandError(error: unknown): CommandError {
  if (error instanceof DomainError || error instanceof InvalidCommandError) return { type: error.type, message: error.message };
  // Still conflicting after several fresh attempts: the node is too busy right now.
  if (error instanceof ConcurrencyError) return { type: 'conflict', message: `Node ${error.streamId} is being changed concurrently, please retry.` };
  return { type: 'internal', message: (error as Error).message };
}
