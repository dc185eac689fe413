/** The port use cases: reads from the projection, writes as node commands. */
import { type LiveProjection } from '@ironledger/application';
import { type AddPort, type Node, type NodeCommand, type NodeEvent, type Port, type Portgroup, PortNotFoundError, type UpdatePort } from '@ironledger/domain';
import { type Caller, type CommandRunner, meta } from '../commands.js';
import { type PortFleet } from './port-requests.js';
import { type PortEntry } from './port.view.js';

export class PortService {
  constructor(
    private readonly projection: LiveProjection,
    private readonly commands: CommandRunner,
  ) {}

  /** The nodes and port groups ports refer to, as the projection sees them. */
  get fleet(): PortFleet {
    const model = this.projection.readModel;
    return { node: (uuid) => model.get(uuid), portgroup: (uuid) => model.portgroups.get(uuid) };
  }

  /** A node by UUID or name. */
  nodeByIdent(ident: string): Node | undefined {
    return this.projection.readModel.get(ident);
  }

  /** A port group by name. */
  portgroupByName(name: string): Portgroup | undefined {
    const found = this.projection.readModel.portgroups.byKey(name);
    return found?.item.name === name ? found.item : undefined;
  }

  /** A port by UUID, with its node (404 otherwise). */
  find(uuid: string): PortEntry {
    const found = this.projection.readModel.port(uuid);
    if (!found) throw new PortNotFoundError(uuid);
    return found;
  }

  /** Every port with its node, in creation order. */
  all(): PortEntry[] {
    return [...this.projection.readModel.ports()];
  }

  async create(node: Node, data: AddPort['data'], caller: Caller): Promise<PortEntry> {
    return this.portAfter({ type: 'AddPort', nodeId: node.uuid, data, meta: meta(caller) }, data.uuid);
  }

  /**
   * Changes port `uuid` (moving it, when `to_node` names another node) as `plan` works it out on the
   * port as the read model shows it, again on a newer state when its node changed meanwhile.
   */
  async patch(uuid: string, caller: Caller, plan: (entry: PortEntry) => Omit<UpdatePort['data'], 'uuid'>): Promise<PortEntry> {
    const { state } = await this.commands.runPlanned<Node, NodeEvent>(() => {
      const entry = this.find(uuid);
      return { command: { type: 'UpdatePort', nodeId: entry.node.uuid, data: { uuid, ...plan(entry) }, meta: meta(caller) } };
    });
    return this.portOf(state!, uuid);
  }

  async remove({ port, node }: PortEntry, caller: Caller): Promise<void> {
    await this.commands.run({ type: 'RemovePort', nodeId: node.uuid, data: { uuid: port.uuid }, meta: meta(caller) });
  }

  /** Carries out `command`; the port `uuid` as the node it ends on has it. */
  private async portAfter(command: NodeCommand, uuid: string): Promise<PortEntry> {
    return this.portOf((await this.commands.run<Node, NodeEvent>(command)).state!, uuid);
  }

  private portOf(node: Node, uuid: string): PortEntry {
    return { port: node.ports.find((candidate: Port) => candidate.uuid === uuid)!, node };
  }
}
