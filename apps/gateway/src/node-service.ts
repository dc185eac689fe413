/**
 * The gateway's use cases. Reads come from the live projection only. Writes are node commands:
 * first decided against the projected node (so a request the domain refuses never reaches a
 * conductor and appends nothing), then sent to a conductor, whose decision is the one that
 * counts; once it has appended, the projection is awaited up to that position so that the
 * client reads its own write.
 */
import { Logger } from '@nestjs/common';
import { type LiveProjection } from '@ironledger/application';
import { type CommandErrorType } from '@ironledger/contracts';
import {
  type AddPort,
  type CommandMeta,
  decide,
  DomainError,
  InvalidStateError,
  LOOKUP_ALLOWED_STATES,
  type Node,
  type NodeCommand,
  type NodeEvent,
  type NodeFields,
  NodeNotFoundError,
  type Port,
  PortNotFoundError,
  type PowerTarget,
  type ProvisionState,
  type RequestProvisionAction,
} from '@ironledger/domain';
import { randomUUID } from 'node:crypto';
import { type ConductorLink } from './conductor-link.js';
import { ApiError } from './errors.js';
import { type NodePatchPlan } from './node-patch.js';

/** Who asked: the acting user and the API's request id travel into every event the request causes. */
export interface Caller {
  readonly requestId: string;
  readonly actor: string;
}

/** A conductor refused the command; `type` says why (see `STATUS_BY_ERROR_TYPE`). */
export class CommandRefused extends Error {
  constructor(
    readonly type: CommandErrorType,
    message: string,
  ) {
    super(message);
    this.name = 'CommandRefused';
  }
}

/** Provision states in which a ramdisk's heartbeat moves the work on. */
const WAITING_FOR_CALLBACK: ReadonlySet<ProvisionState> = new Set<ProvisionState>(['wait call-back', 'clean wait', 'rescue wait']);

/** Stands in for the conductor in the gateway's trial decision; never a lock holder. */
const TRIAL_CONDUCTOR = 'gateway-trial';

export class NodeService {
  private readonly logger = new Logger('NodeService');

  constructor(
    private readonly projection: LiveProjection,
    private readonly conductors: ConductorLink,
    /** How long a write waits for the projection to show it. */
    private readonly readYourWritesMs = 5000,
  ) {}

  /** A node by UUID or name (404 otherwise). */
  find(ident: string): Node {
    const node = this.projection.readModel.get(ident);
    if (!node) throw new NodeNotFoundError(ident);
    return node;
  }

  /** Every node, in creation order. */
  all(): Node[] {
    return [...this.projection.readModel.all()];
  }

  async register(fields: Partial<NodeFields> & { driver: string; uuid?: string }, provisionState: 'enroll' | 'available', caller: Caller): Promise<Node> {
    const { uuid = randomUUID(), ...data } = fields;
    if (data.name && this.projection.readModel.get(data.name)) throw new ApiError(409, `A node with name ${data.name} already exists.`);
    const node = await this.execute({ type: 'RegisterNode', nodeId: uuid, data: { ...data, provision_state: provisionState }, meta: meta(caller) });
    return node!;
  }

  /** Carries out a planned PATCH: the field changes, then maintenance on or off. */
  async update(ident: string, plan: NodePatchPlan, caller: Caller): Promise<Node> {
    let node = this.find(ident);
    const { name } = plan.changes;
    const holder = name ? this.projection.readModel.get(name) : undefined;
    if (holder && holder.uuid !== node.uuid) throw new ApiError(409, `A node with name ${name} already exists.`);
    if (Object.keys(plan.changes).length > 0) {
      node = (await this.execute({ type: 'UpdateNode', nodeId: node.uuid, data: { changes: plan.changes }, meta: meta(caller) }))!;
    }
    if (plan.maintenance === true) return this.setMaintenance(node.uuid, null, caller);
    if (plan.maintenance === false) return this.clearMaintenance(node.uuid, caller);
    return node;
  }

  async remove(ident: string, caller: Caller): Promise<void> {
    await this.execute({ type: 'DeleteNode', nodeId: this.find(ident).uuid, data: {}, meta: meta(caller) });
  }

  async requestProvisionAction(ident: string, data: RequestProvisionAction['data'], caller: Caller): Promise<void> {
    await this.execute({ type: 'RequestProvisionAction', nodeId: this.find(ident).uuid, data, meta: meta(caller) });
  }

  async requestPowerAction(ident: string, data: { target: PowerTarget; timeout?: number }, caller: Caller): Promise<void> {
    await this.execute({ type: 'RequestPowerAction', nodeId: this.find(ident).uuid, data, meta: meta(caller) });
  }

  async setMaintenance(ident: string, reason: string | null, caller: Caller): Promise<Node> {
    return (await this.execute({ type: 'SetMaintenance', nodeId: this.find(ident).uuid, data: { reason }, meta: meta(caller) }))!;
  }

  async clearMaintenance(ident: string, caller: Caller): Promise<Node> {
    return (await this.execute({ type: 'ClearMaintenance', nodeId: this.find(ident).uuid, data: {}, meta: meta(caller) }))!;
  }

  /**
   * A ramdisk says it is up. Waiting nodes resume their work; nodes whose work is running
   * anyway need nothing; in other states a heartbeat is out of place.
   */
  async heartbeat(ident: string, caller: Caller): Promise<void> {
    const node = this.find(ident);
    if (WAITING_FOR_CALLBACK.has(node.provision_state)) {
      await this.execute({ type: 'RecordProvisionOutcome', nodeId: node.uuid, data: { outcome: 'resumed' }, meta: meta(caller) });
    } else if (!LOOKUP_ALLOWED_STATES.has(node.provision_state)) {
      throw new InvalidStateError(node.uuid, node.provision_state, 'heartbeat');
    }
  }

  /** A port by UUID, with its node (404 otherwise). */
  findPort(uuid: string): { port: Port; node: Node } {
    const found = this.projection.readModel.port(uuid);
    if (!found) throw new PortNotFoundError(uuid);
    return found;
  }

  /** Every port with its node, in creation order. */
  allPorts(): { port: Port; node: Node }[] {
    return [...this.projection.readModel.ports()];
  }

  async addPort(ident: string, data: AddPort['data'], caller: Caller): Promise<{ port: Port; node: Node }> {
    const node = (await this.execute({ type: 'AddPort', nodeId: this.find(ident).uuid, data, meta: meta(caller) }))!;
    return { port: node.ports!.find((port) => port.uuid === data.uuid)!, node };
  }

  async removePort(uuid: string, caller: Caller): Promise<void> {
    await this.execute({ type: 'RemovePort', nodeId: this.findPort(uuid).node.uuid, data: { uuid }, meta: meta(caller) });
  }

  /**
   * Carries out a command built elsewhere (the introspection use cases): the domain's trial
   * decision, a conductor's, then read-your-writes. Returns what the conductor appended.
   */
  async run(command: NodeCommand): Promise<{ node: Node | null; events: NodeEvent[] }> {
    this.tryDecision(command);
    const reply = await this.conductors.send(command);
    if (!reply.ok) throw new CommandRefused(reply.error.type, reply.error.message);
    if (!(await this.projection.waitFor(reply.position, this.readYourWritesMs))) {
      this.logger.warn(`The projection did not reach position ${reply.position} within ${this.readYourWritesMs} ms (${command.type} on ${command.nodeId})`);
    }
    return { node: reply.node, events: reply.events };
  }

  private async execute(command: NodeCommand): Promise<Node | null> {
    return (await this.run(command)).node;
  }

  /** Lets the domain judge the command against the projected node; its refusals go straight back to the client. */
  private tryDecision(command: NodeCommand): void {
    const trial = { ...command, meta: { ...command.meta, conductor: TRIAL_CONDUCTOR } } as NodeCommand;
    try {
      decide(trial, this.projection.readModel.get(command.nodeId) ?? null);
    } catch (error) {
      // Anything but a refusal is left to the conductor, whose decision counts.
      if (error instanceof DomainError) throw error;
    }
  }
}

export function meta(caller: Caller): CommandMeta {
  return { at: new Date().toISOString(), actor: caller.actor, requestId: caller.requestId };
}
