/** The chassis use cases: reads from the projection, writes as chassis commands. */
import { randomUUID } from 'node:crypto';
import { type LiveProjection } from '@ironledger/application';
import { type Chassis, type ChassisCommand, type ChassisEvent, type ChassisFields, ChassisNotFoundError } from '@ironledger/domain';
import { type Caller, type CommandRunner, meta } from '../commands.js';

export class ChassisService {
  constructor(
    private readonly projection: LiveProjection,
    private readonly commands: CommandRunner,
  ) {}

  find(uuid: string): Chassis {
    const chassis = this.projection.readModel.chassis.get(uuid);
    if (!chassis) throw new ChassisNotFoundError(uuid);
    return chassis;
  }

  /** Every chassis, in creation order. */
  all(): Chassis[] {
    return [...this.projection.readModel.chassis.all()];
  }

  async create(fields: Partial<ChassisFields> & { uuid?: string | null }, caller: Caller): Promise<Chassis> {
    const { uuid, ...data } = fields;
    return (await this.run({ type: 'CreateChassis', chassisId: uuid ?? randomUUID(), data, meta: meta(caller) }))!;
  }

  /** Changes chassis `uuid` as `plan` works it out on the chassis as the read model shows it (again when it changed meanwhile). */
  async patch(uuid: string, caller: Caller, plan: (chassis: Chassis) => Partial<ChassisFields>): Promise<Chassis> {
    const { state } = await this.commands.runPlanned<Chassis, ChassisEvent>(() => {
      const chassis = this.find(uuid);
      return { command: { type: 'UpdateChassis', chassisId: chassis.uuid, data: { changes: plan(chassis) }, meta: meta(caller) } };
    });
    return state!;
  }

  async remove(uuid: string, caller: Caller): Promise<void> {
    await this.run({ type: 'DeleteChassis', chassisId: this.find(uuid).uuid, data: {}, meta: meta(caller) });
  }

  private async run(command: ChassisCommand): Promise<Chassis | null> {
    return (await this.commands.run<Chassis, ChassisEvent>(command)).state;
  }
}
