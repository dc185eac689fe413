import { createHash } from 'node:crypto';
import { evolve, type Node } from '@ironledger/domain';
import { type RecordedEvent } from '@ironledger/event-store';
import { nodeIdOfStream, toNodeEvent } from '@ironledger/contracts';

/** Every node's current state, folded from the global event order. */
export class NodeReadModel {
  private readonly nodes = new Map<string, Node>();
  private readonly idsByName = new Map<string, string>();
  /** Position of the last event applied (0: none). */
  position = 0;

  apply(recorded: RecordedEvent): void {
    this.position = recorded.position;
    const event = toNodeEvent(recorded);
    const nodeId = nodeIdOfStream(recorded.streamId);
    if (!event || !nodeId) return;
    const before = this.nodes.get(nodeId) ?? null;
    const after = evolve(before, event);
    if (before?.name) this.idsByName.delete(before.name);
    if (after) {
      this.nodes.set(nodeId, after);
      if (after.name) this.idsByName.set(after.name, nodeId);
    } else {
      this.nodes.delete(nodeId);
    }
  }

  /** A node by UUID or by name. */
  get(idOrName: string): Node | undefined {
    return this.nodes.get(idOrName) ?? this.nodes.get(this.idsByName.get(idOrName) ?? '');
  }

  all(): IterableIterator<Node> {
    return this.nodes.values();
  }

  get size(): number {
    return this.nodes.size;
  }

  /** A digest of every node's state, independent of the order nodes were created in. */
  checksum(): string {
    const hash = createHash('sha256');
    for (const id of [...this.nodes.keys()].sort()) hash.update(JSON.stringify(this.nodes.get(id))).update('\n');
    return hash.digest('hex');
  }

  /** UUIDs of nodes whose state differs between this model and `other`. */
  differences(other: NodeReadModel): string[] {
    const ids = new Set([...this.nodes.keys(), ...other.nodes.keys()]);
    return [...ids].filter((id) => JSON.stringify(this.nodes.get(id)) !== JSON.stringify(other.nodes.get(id))).sort();
  }
}
