/**
 * The node use cases. Reads come from the live projection only; writes are node commands,
 * carried out by the `CommandRunner`.
 */
import { type LiveProjection } from '@ironledger/application';
import {
  type Node,
  type NodeCommand,
  type NodeEvent,
  NodeNotFoundError,
  type PowerTarget,
  type RequestProvisionAction,
  type UpdateNode,
} from '@ironledger/domain';
import { type Heartbeat } from '../agent/dto.js';
import { type Caller, type CommandRunner, meta } from '../commands.js';
import { MAX_VERSION, type Microversion } from '../http/microversion.js';
import { type NodeRegistration } from './node-create.js';
import { lookUpNode } from './node-names.js';

export class NodeService {
  constructor(
    private readonly projection: LiveProjection,
    private readonly commands: CommandRunner,
  ) {}

  /** A node by UUID or name, looked up as Ironic does at `version` (404 otherwise; 400 for a name the version does not allow). */
  find(ident: string, version: Microversion = MAX_VERSION): Node {
    return lookUpNode(ident, version, (id) => this.projection.readModel.get(id), (id) => new NodeNotFoundError(id));
  }

  /**
   * `find` for the last segment of a URL, which Ironic reads without a `.json` suffix (an old
   * content-type convention) and, when that finds nothing, with it.
   */
  findWithSuffix(ident: string, version: Microversion): Node {
    if (!ident.endsWith('.json')) return this.find(ident, version);
    try {
      return this.find(ident.slice(0, -'.json'.length), version);
    } catch (error) {
      if (!(error instanceof NodeNotFoundError)) throw error;
      return this.find(ident, version);
    }
  }

  /** A node by UUID or name, if it exists. */
  lookup(ident: string): Node | undefined {
    return this.projection.readModel.get(ident);
  }

  /** The values node `nodeId` ever held as secrets, to be masked wherever they show up. */
  secretsOf(nodeId: string): ReadonlySet<string> {
    return this.projection.readModel.secretsOf(nodeId);
  }

  /** Every node, in creation order. */
  all(): Node[] {
    return [...this.projection.readModel.all()];
  }

  async register({ uuid, data }: NodeRegistration, caller: Caller): Promise<Node> {
    return (await this.execute({ type: 'RegisterNode', nodeId: uuid, data, meta: meta(caller) }))!;
  }

  /** Carries out a planned PATCH of `node` (field changes, maintenance on or off) in one command. */
  async update(node: Node, data: UpdateNode['data'], caller: Caller): Promise<Node> {
    return (await this.execute({ type: 'UpdateNode', nodeId: node.uuid, data, meta: meta(caller) }))!;
  }

  async remove(node: Node, caller: Caller): Promise<void> {
    await this.execute({ type: 'DeleteNode', nodeId: node.uuid, data: {}, meta: meta(caller) });
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

  /** A ramdisk's agent heartbeat: recorded, and in a wait state it resumes the node's work (see `recordAgentHeartbeat`). */
  async heartbeat(ident: string, beat: Heartbeat, caller: Caller): Promise<void> {
    const data = { callback_url: beat.callback_url, agent_version: beat.agent_version ?? null, agent_token: beat.agent_token ?? null, agent_status: beat.agent_status ?? null };
    await this.execute({ type: 'RecordAgentHeartbeat', nodeId: this.find(ident).uuid, data, meta: meta(caller) });
  }

  /** A ramdisk looked node `nodeId` up: issues `token` to it unless its boot has one already. */
  async issueAgentToken(nodeId: string, token: string, caller: Caller): Promise<Node> {
    return (await this.execute({ type: 'IssueAgentToken', nodeId, data: { token }, meta: meta(caller) }))!;
  }

  /** The node with a port of this MAC address (lower case). */
  nodeWithAddress(address: string): Node | undefined {
    return this.projection.readModel.nodeWithAddress(address);
  }

  /**
   * Carries out a command built elsewhere (the introspection use cases): the domain's trial
   * decision, a conductor's, then read-your-writes. Returns what the conductor appended.
   */
  async run(command: NodeCommand): Promise<{ node: Node | null; events: NodeEvent[] }> {
    const { state, events } = await this.commands.run<Node, NodeEvent>(command);
    return { node: state, events };
  }

  private async execute(command: NodeCommand): Promise<Node | null> {
    return (await this.run(command)).node;
  }
}
