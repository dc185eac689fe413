import { createHash } from 'node:crypto';
import { evolve, type Node, type NodeEvent, type Port } from '@ironledger/domain';
import { type RecordedEvent } from '@ironledger/event-store';
import { nodeIdOfStream, toNodeEvent } from '@ironledger/contracts';

/** A node event as the read model applied it, with the node before and after it. */
export interface AppliedEvent {
  readonly recorded: RecordedEvent;
  readonly event: NodeEvent;
  readonly before: Node | null;
  readonly after: Node | null;
}

/** Every node's current state, folded from the global event order. */
export class NodeReadModel {
  private readonly nodes = new Map<string, Node>();
  private readonly idsByName = new Map<string, string>();
  /** Port UUID → owning node, in the order ports were created. */
  private readonly portOwners = new Map<string, string>();
  /** MAC address → owning node. */
  private readonly addressOwners = new Map<string, string>();
  /** Position of the last event applied (0: none). */
  position = 0;

  /** Folds one stored event in; returns what it did to its node (nothing for events of other streams). */
  apply(recorded: RecordedEvent): AppliedEvent | undefined {
    this.position = recorded.position;
    const event = toNodeEvent(recorded);
    const nodeId = nodeIdOfStream(recorded.streamId);
    if (!event || !nodeId) return undefined;
    const before = this.nodes.get(nodeId) ?? null;
    const after = evolve(before, event);
    if (before?.name) this.idsByName.delete(before.name);
    this.indexPorts(nodeId, before?.ports ?? [], after?.ports ?? []);
    if (after) {
      this.nodes.set(nodeId, after);
      if (after.name) this.idsByName.set(after.name, nodeId);
    } else {
      this.nodes.delete(nodeId);
    }
    return { recorded, event, before, after };
  }

  /** A node by UUID or by name. */
  get(idOrName: string): Node | undefined {
    return this.nodes.get(idOrName) ?? this.nodes.get(this.idsByName.get(idOrName) ?? '');
  }

  all(): IterableIterator<Node> {
    return this.nodes.values();
  }

  /** A port by UUID, with its node. */
  port(uuid: string): { port: Port; node: Node } | undefined {
    const node = this.nodes.get(this.portOwners.get(uuid) ?? '');
    const port = node?.ports?.find((candidate) => candidate.uuid === uuid);
    return node && port ? { port, node } : undefined;
  }

  /** Every port with its node, in the order the ports were created. */
  *ports(): IterableIterator<{ port: Port; node: Node }> {
    for (const uuid of this.portOwners.keys()) {
      const found = this.port(uuid);
      if (found) yield found;
    }
  }

  /** The node that has a port with this MAC address (lower case). */
  nodeWithAddress(address: string): Node | undefined {
    return this.nodes.get(this.addressOwners.get(address) ?? '');
  }

  get size(): number {
    return this.nodes.size;
  }

  private indexPorts(nodeId: string, before: readonly Port[], after: readonly Port[]): void {
    if (before === after) return;
    const kept = new Set(after.map((port) => port.uuid));
    for (const port of before) {
      if (kept.has(port.uuid)) continue;
      this.portOwners.delete(port.uuid);
      if (this.addressOwners.get(port.address) === nodeId) this.addressOwners.delete(port.address);
    }
    for (const port of after) {
      if (!this.portOwners.has(port.uuid)) this.portOwners.set(port.uuid, nodeId);
      this.addressOwners.set(port.address, nodeId);
    }
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
