/** The allocation use cases: reads from the projection, writes as allocation commands. */
import { type LiveProjection } from '@ironledger/application';
import { type Allocation, type AllocationChanges, type AllocationCommand, type AllocationEvent, type AllocationFields, AllocationNotFoundError } from '@ironledger/domain';
import { type Caller, type CommandRunner, meta } from '../commands.js';
import { isUuidLike } from '../http/ironic-args.js';

export class AllocationService {
  constructor(
    private readonly projection: LiveProjection,
    private readonly commands: CommandRunner,
  ) {}

  /** An allocation by UUID, or by name when the ident is not UUID-like (404 otherwise). */
  find(ident: string): Allocation {
    const { allocations } = this.projection.readModel;
    const found = isUuidLike(ident) ? allocations.get(ident) : [...allocations.all()].find((allocation) => allocation.name === ident);
    if (!found) throw new AllocationNotFoundError(ident);
    return found;
  }

  /** Every allocation, in creation order. */
  all(): Allocation[] {
    return [...this.projection.readModel.allocations.all()];
  }

  /** The allocation that holds a node, if any. */
  ofNode(nodeId: string): Allocation | undefined {
    const node = this.projection.readModel.get(nodeId);
    return node?.allocation_uuid ? this.projection.readModel.allocations.get(node.allocation_uuid) : undefined;
  }

  async create(uuid: string, fields: AllocationFields, backfillNode: string | null, caller: Caller): Promise<Allocation> {
    return (await this.run({ type: 'CreateAllocation', allocationId: uuid, data: { ...fields, backfill_node: backfillNode }, meta: meta(caller) }))!;
  }

  /** Changes the allocation `ident` names as `plan` works it out on the allocation as the read model shows it (again when it changed meanwhile). */
  async patch(ident: string, caller: Caller, plan: (allocation: Allocation) => AllocationChanges): Promise<Allocation> {
    const { state } = await this.commands.runPlanned<Allocation, AllocationEvent>(() => {
      const allocation = this.find(ident);
      return { command: { type: 'UpdateAllocation', allocationId: allocation.uuid, data: { changes: plan(allocation) }, meta: meta(caller) } };
    });
    return state!;
  }

  async remove(uuid: string, caller: Caller): Promise<void> {
    await this.run({ type: 'DeleteAllocation', allocationId: uuid, data: {}, meta: meta(caller) });
  }

  private async run(command: AllocationCommand): Promise<Allocation | null> {
    return (await this.commands.run<Allocation, AllocationEvent>(command)).state;
  }
}
