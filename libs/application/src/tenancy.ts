/**
 * Which projects an event belongs to, from the log alone and without the nodes' states: a node's
 * `owner` and `lessee` change only when it is registered or updated, and an allocation's `owner`
 * only when it is created, so a fold of those two fields is exact. It judges as the gateway's
 * event feed does: a node's event by the owner and lessee after it (before it, for the deletion),
 * an allocation's by its owner. It holds two short strings per resource, not the node.
 */
import { type RecordedEvent } from '@ironledger/event-store';
import { type ResourceKind } from '@ironledger/contracts';
import { type DomainEvent, toResourceEvent } from './codec.js';

export interface EventProjects {
  readonly owner: string | null;
  readonly lessee: string | null;
}

/** A resource event with the projects it belongs to. */
export interface TenantEvent {
  readonly kind: ResourceKind;
  readonly id: string;
  readonly event: DomainEvent;
  readonly projects: EventProjects;
}

const NOBODY: EventProjects = { owner: null, lessee: null };

export class Tenancy {
  private readonly nodes = new Map<string, EventProjects>();
  private readonly allocations = new Map<string, string | null>();
  private folded = 0;

  /** Position of the last event folded. */
  get position(): number {
    return this.folded;
  }

  /**
   * Folds `recorded` and returns its projects; undefined for events of kinds that belong to no
   * project (chassis, deploy templates) and for what is not a resource event. Events must come
   * in log order: one at or before the position folded could only be judged on later owners.
   */
  apply(recorded: RecordedEvent): TenantEvent | undefined {
    if (recorded.position <= this.folded) throw new RangeError(`Event at ${recorded.position} is not after the position folded, ${this.folded}`);
    this.folded = recorded.position;
    const found = toResourceEvent(recorded);
    if (!found) return undefined;
    const { kind, id, event } = found;
    if (kind === 'node') return { kind, id, event, projects: this.node(id, event) };
    if (kind === 'allocation') return { kind, id, event, projects: this.allocation(id, event) };
    return undefined;
  }

  private node(id: string, event: DomainEvent): EventProjects {
    const before = this.nodes.get(id) ?? NOBODY;
    if (event.type === 'NodeDeleted') {
      this.nodes.delete(id);
      return before;
    }
    const changes = event.type === 'NodeRegistered' ? event.data : event.type === 'NodeUpdated' ? event.data.changes : undefined;
    if (!changes) return before;
    const after = { owner: 'owner' in changes ? (changes.owner ?? null) : before.owner, lessee: 'lessee' in changes ? (changes.lessee ?? null) : before.lessee };
    this.nodes.set(id, after);
    return after;
  }

  private allocation(id: string, event: DomainEvent): EventProjects {
    if (event.type === 'AllocationCreated') this.allocations.set(id, event.data.owner ?? null);
    const owner = this.allocations.get(id) ?? null;
    if (event.type === 'AllocationDeleted') this.allocations.delete(id);
    return { owner, lessee: null };
  }
}
