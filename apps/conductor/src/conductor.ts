import { type Claim, ClaimConflictError, claimsHeldBy, type HandledCommand, type NodeCommandHandler, type NodeReadModel, type UniqueClaims } from '@ironledger/application';
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
    private readonly claims: UniqueClaims,
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
      const stamped = { ...command, meta: { ...command.meta, conductor: this.id } } as NodeCommand;
      this.checkFleetRules(stamped);
      const { events, node, position } = await this.handleWithClaims(stamped);
      this.runner.afterCommit(node, events, stamped.meta);
      return { ok: true, events, node, position };
    } catch (error) {
      return { ok: false, error: toCommandError(error) };
    }
  }

  /**
   * Carries out a command that may give the node a name, a MAC address or a port UUID, or take
   * one away: a value the node does not have yet is claimed in the store first (so that two nodes
   * can never both get it), and what the node no longer has is released after the commit. Claims
   * made for a refused command are released.
   */
  private async handleWithClaims(command: NodeCommand): Promise<HandledCommand> {
    const audit = { actor: command.meta.actor, requestId: command.meta.requestId, conductor: this.id };
    const wanted = claimsWantedBy(command);
    const claimedNow: Claim[] = [];
    let handled: HandledCommand;
    try {
      for (const claim of wanted) if (await this.claims.claim(claim, command.nodeId, audit)) claimedNow.push(claim);
      handled = await this.handler.handle(await this.withInventoryClaims(command, audit, claimedNow));
    } catch (error) {
      // Only claims this command made: what the node already had stays its own.
      await this.release(claimedNow, command.nodeId, audit);
      throw error;
    }
    // The command is committed whatever happens now: a claim left behind by a failed release
    // is void once its grace period is over, as its node does not have the value.
    const kept = new Set(claimsHeldBy(handled.node).map(claimKey));
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
    // Quick refusals without a store round trip; the claims are what make these values unique.
    const name = nameSetBy(command);
    const holder = name ? this.fleet.get(name) : undefined;
    if (holder && holder.uuid !== command.nodeId) throw new NodeConflictError(command.nodeId, `A node with name ${name} already exists.`);
  }

  /** MACs and port UUIDs are unique across the fleet (the node's own ports the decider checks); see `handleWithClaims`. */
  private checkPortIsNew(nodeId: string, uuid: string, address: string): void {
    const mac = normalizeMac(address);
    const owner = mac ? this.fleet.nodeWithAddress(mac) : undefined;
    if (owner && owner.uuid !== nodeId) throw new NodeConflictError(nodeId, `A port with MAC address ${mac} already exists.`);
    const existing = this.fleet.port(uuid);
    if (existing && existing.node.uuid !== nodeId) throw new NodeConflictError(nodeId, `A port with UUID ${uuid} already exists.`);
  }
}

/** The node fields a command sets, if it sets any. */
function fieldsSetBy(command: NodeCommand) {
  return command.type === 'RegisterNode' || command.type === 'DiscoverNode' ? command.data : command.type === 'UpdateNode' ? command.data.changes : undefined;
}

/**
 * The unique values a command gives its node: a name, or a port's MAC address and UUID. (Ports an
 * inventory adds get fresh UUIDs; their MACs are claimed with the inventory.)
 */
function claimsWantedBy(command: NodeCommand): Claim[] {
  if (command.type === 'AddPort') {
    const mac = normalizeMac(command.data.address);
    return [...(mac ? [{ kind: 'mac', value: mac } as const] : []), { kind: 'port', value: command.data.uuid }];
  }
  const name = nameSetBy(command);
  return name ? [{ kind: 'name', value: name }] : [];
}

const claimKey = ({ kind, value }: Claim): string => `${kind} ${value}`;

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
