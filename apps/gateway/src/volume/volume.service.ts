/** The volume use cases: reads from the projection, writes as node commands. */
import { type LiveProjection } from '@ironledger/application';
import { type Node, type NodeCommand, type NodeEvent, type VolumeConnector, VolumeConnectorNotFoundError, type VolumeTarget, VolumeTargetNotFoundError } from '@ironledger/domain';
import { type CommandRunner } from '../commands.js';
import { type VolumeEntry } from './volume.view.js';

export class VolumeService {
  constructor(
    private readonly projection: LiveProjection,
    private readonly commands: CommandRunner,
  ) {}

  /** A node by UUID or name. */
  node(ident: string): Node | undefined {
    return this.projection.readModel.get(ident);
  }

  connectors(): VolumeEntry<VolumeConnector>[] {
    return [...this.projection.readModel.volumeConnectors.all()];
  }

  targets(): VolumeEntry<VolumeTarget>[] {
    return [...this.projection.readModel.volumeTargets.all()];
  }

  /** A connector by UUID, with its node (404 otherwise). */
  connector(uuid: string): VolumeEntry<VolumeConnector> {
    const found = this.projection.readModel.volumeConnectors.get(uuid);
    if (!found) throw new VolumeConnectorNotFoundError(uuid);
    return found;
  }

  /** A target by UUID, with its node (404 otherwise). */
  target(uuid: string): VolumeEntry<VolumeTarget> {
    const found = this.projection.readModel.volumeTargets.get(uuid);
    if (!found) throw new VolumeTargetNotFoundError(uuid);
    return found;
  }

  /** Carries out a volume command: the node it leaves the item on (the other node for a move), or `null` if none. */
  async run(command: NodeCommand): Promise<Node | null> {
    return (await this.commands.run<Node, NodeEvent>(command)).state;
  }

  /**
   * Carries out the command `plan` works out on the read model as it is (again on a newer state when
   * its node changed meanwhile): the node it leaves the item on (the other node for a move).
   */
  async runPlanned(plan: () => NodeCommand): Promise<Node> {
    return (await this.commands.runPlanned<Node, NodeEvent>(() => ({ command: plan() }))).state!;
  }
}
