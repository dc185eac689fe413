/**
 * The node use cases. Reads come from the live projection only; writes are node commands,
 * carried out by the `CommandRunner`.
 */
import { type LiveProjection, type NodeSummary, type SummarySequence } from '@ironledger/application';
import {
  type Node,
  type NodeCommand,
  type NodeEvent,
  NodeNotFoundError,
  type PowerTarget,
  type RecordAgentHeartbeat,
  type RequestProvisionAction,
  type UpdateNode,
} from '@ironledger/domain';
import { type HeardHeartbeat } from '../agent/agent-liveness.js';
import { type Heartbeat } from '../agent/agent.dto.js';
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

  /** Every node, in creation order (each packed one unpacked: see `summaries` for lists). */
  all(): Node[] {
    return [...this.projection.readModel.all()];
  }

  /** Every node's summary, in creation order: what a list filters and sorts, nothing unpacked (see `FleetReadModel.keepWhole`). */
  summaries(): NodeSummary[] {
    return this.projection.readModel.summaries();
  }

  /** The same without copying them: a list of the whole fleet pages from its marker. */
  inCreationOrder(): SummarySequence {
    return this.projection.readModel.inCreationOrder();
  }

  /** The whole node of a summary `summaries` just gave (a list is worked out in one go: the model has not moved since). */
  readonly wholeOf = (summary: NodeSummary): Node => this.projection.readModel.wholeOf(summary)!;

  async register({ uuid, data }: NodeRegistration, caller: Caller): Promise<Node> {
    return (await this.execute({ type: 'RegisterNode', nodeId: uuid, data, meta: meta(caller) }))!;
  }

  /**
   * Carries out a PATCH of the node `ident` names (field changes, maintenance on or off) in one
   * command: `plan` works the changes out on the node as the read model shows it (`null`: nothing
   * changes), again on a newer state when the node changed meanwhile (see `CommandRunner.runPlanned`).
   */
  async patch(ident: string, version: Microversion, caller: Caller, plan: (node: Node) => UpdateNode['data'] | null): Promise<Node> {
    const { state } = await this.commands.runPlanned<Node, NodeEvent>(() => {
      const node = this.findWithSuffix(ident, version);
      const data = plan(node);
      return data ? { command: { type: 'UpdateNode', nodeId: node.uuid, data, meta: meta(caller) } } : { unchanged: node };
    });
    return state!;
  }

  async remove(node: Node, caller: Caller): Promise<void> {
    await this.execute({ type: 'DeleteNode', nodeId: node.uuid, data: {}, meta: meta(caller) });
  }

  /** A provision verb for `node` (found with `find`): the conductor decides it, deploy templates included. */
  async requestProvisionAction(node: Node, data: RequestProvisionAction['data'], caller: Caller): Promise<void> {
    await this.execute({ type: 'RequestProvisionAction', nodeId: node.uuid, data, meta: meta(caller) });
  }

  async requestPowerAction(node: Node, data: { target: PowerTarget; timeout?: number }, caller: Caller): Promise<void> {
    await this.execute({ type: 'RequestPowerAction', nodeId: node.uuid, data, meta: meta(caller) });
  }

  async setMaintenance(node: Node, reason: string | null, caller: Caller): Promise<Node> {
    return (await this.execute({ type: 'SetMaintenance', nodeId: node.uuid, data: { reason }, meta: meta(caller) }))!;
  }

  async clearMaintenance(node: Node, caller: Caller): Promise<Node> {
    return (await this.execute({ type: 'ClearMaintenance', nodeId: node.uuid, data: {}, meta: meta(caller) }))!;
  }

  /** `GET …/validate`: each interface's readiness, as a conductor judges it with its settings (400 when the node's interfaces cannot be loaded). */
  validate(node: Node, caller: Caller): Promise<Record<string, { result: boolean; reason?: string }>> {
    return this.commands.query(node.uuid, { what: 'validate' }, caller);
  }

  /**
   * A ramdisk's agent heartbeat: in a wait state it resumes the node's work, and it is recorded
   * when it tells the node something new (see `recordAgentHeartbeat`). Returns the node and time
   * of the heartbeat taken, for the gateways' liveness (`AgentLiveness`).
   */
  async heartbeat(ident: string, beat: Heartbeat, caller: Caller): Promise<HeardHeartbeat> {
    const data = { callback_url: beat.callback_url, agent_version: beat.agent_version ?? null, agent_token: beat.agent_token ?? null, agent_status: beat.agent_status ?? null };
    const command: RecordAgentHeartbeat = { type: 'RecordAgentHeartbeat', nodeId: this.find(ident).uuid, data, meta: meta(caller) };
    await this.execute(command);
    return { node: command.nodeId, at: command.meta.at };
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
   * Carries out a command built elsewhere (the introspection use cases, vendor calls): the domain's
   * trial decision, a conductor's, then read-your-writes. Returns what the conductor appended, and
   * what a synchronous vendor method returned.
   */
  async run(command: NodeCommand): Promise<{ node: Node | null; events: NodeEvent[]; result?: unknown }> {
    const { state, events, ...returned } = await this.commands.run<Node, NodeEvent>(command);
    return { node: state, events, ...returned };
  }

  private async execute(command: NodeCommand): Promise<Node | null> {
    return (await this.run(command)).node;
  }
}
