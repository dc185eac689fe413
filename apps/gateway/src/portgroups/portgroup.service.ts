/** The port group use cases: reads from the projection, writes as node commands. */
import { type LiveProjection } from '@ironledger/application';
import { type AddPortgroup, type Node, type NodeEvent, PortgroupNotFoundError, type UpdatePortgroup } from '@ironledger/domain';
import { type Caller, type CommandRunner, meta } from '../commands.js';
import { isUuidLike } from '../http/ironic-args.js';
import { type PortgroupEntry } from './portgroup.view.js';

export class PortgroupService {
  constructor(
    private readonly projection: LiveProjection,
    private readonly commands: CommandRunner,
  ) {}

  /** A node by UUID or name. */
  node(ident: string): Node | undefined {
    return this.projection.readModel.get(ident);
  }

  /** A port group by UUID (a UUID-like ident) or by name (404 otherwise). */
  find(ident: string): PortgroupEntry {
    const model = this.projection.readModel.portgroups;
    const found = isUuidLike(ident) ? model.get(ident) : model.byKey(ident);
    if (!found || (!isUuidLike(ident) && found.item.name !== ident)) throw new PortgroupNotFoundError(ident);
    return { portgroup: found.item, node: found.node };
  }

  /** Every port group with its node, in creation order. */
  all(): PortgroupEntry[] {
    return [...this.projection.readModel.portgroups.all()].map(({ item, node }) => ({ portgroup: item, node }));
  }

  async create(node: Node, data: AddPortgroup['data'], caller: Caller): Promise<PortgroupEntry> {
    const after = await this.run({ type: 'AddPortgroup', nodeId: node.uuid, data, meta: meta(caller) });
    return { portgroup: after.portgroups.find((group) => group.uuid === data.uuid)!, node: after };
  }

  /**
   * Changes the port group `ident` names (moving it, when `to_node` names another node) as `plan`
   * works it out on the group as the read model shows it, again on a newer state when its node changed meanwhile.
   */
  async patch(ident: string, caller: Caller, plan: (entry: PortgroupEntry) => Omit<UpdatePortgroup['data'], 'uuid'>): Promise<PortgroupEntry> {
    let uuid = '';
    const { state } = await this.commands.runPlanned<Node, NodeEvent>(() => {
      const entry = this.find(ident);
      uuid = entry.portgroup.uuid;
      return { command: { type: 'UpdatePortgroup', nodeId: entry.node.uuid, data: { uuid, ...plan(entry) }, meta: meta(caller) } };
    });
    return { portgroup: state!.portgroups.find((group) => group.uuid === uuid)!, node: state! };
  }

  async remove({ portgroup, node }: PortgroupEntry, caller: Caller): Promise<void> {
    await this.commands.run({ type: 'RemovePortgroup', nodeId: node.uuid, data: { uuid: portgroup.uuid }, meta: meta(caller) });
  }

  private async run(command: Parameters<CommandRunner['run']>[0]): Promise<Node> {
    return (await this.commands.run<Node, NodeEvent>(command)).state!;
  }
}
