/**
 * A chassis: a group of nodes (Ironic's `/v1/chassis`), with a description and free-form
 * `extra`. Its own aggregate, in a stream of its own; nodes name it in `chassis_uuid`.
 */
import { auditMeta, type CommandMeta } from './commands.js';
import { NotFoundError, ResourceConflictError } from './errors.js';
import { type AuditMeta } from './events.js';
import { type JsonObject } from './node.js';
import { assertNever } from './assert-never.js';

export interface ChassisFields {
  readonly description: string | null;
  readonly extra: JsonObject;
}

export interface Chassis extends ChassisFields {
  readonly uuid: string;
  readonly created_at: string;
  readonly updated_at: string | null;
}

export const DEFAULT_CHASSIS_FIELDS: ChassisFields = { description: null, extra: {} };

interface ChassisCommandOf<T extends string, D = object> {
  readonly type: T;
  readonly chassisId: string;
  readonly data: D;
  readonly meta: CommandMeta;
}

export type CreateChassis = ChassisCommandOf<'CreateChassis', Partial<ChassisFields>>;
export type UpdateChassis = ChassisCommandOf<'UpdateChassis', { readonly changes: Partial<ChassisFields> }>;
/** Deleting is refused while nodes are in the chassis: the conductor checks that over the fleet. */
export type DeleteChassis = ChassisCommandOf<'DeleteChassis'>;
export type ChassisCommand = CreateChassis | UpdateChassis | DeleteChassis;

export const CHASSIS_COMMAND_TYPES: readonly ChassisCommand['type'][] = ['CreateChassis', 'UpdateChassis', 'DeleteChassis'];

interface ChassisEventOf<T extends string, D> {
  readonly type: T;
  readonly data: D;
  readonly meta: AuditMeta & { readonly chassisId: string };
}

export type ChassisCreated = ChassisEventOf<'ChassisCreated', ChassisFields>;
export type ChassisUpdated = ChassisEventOf<'ChassisUpdated', { readonly changes: Partial<ChassisFields> }>;
export type ChassisDeleted = ChassisEventOf<'ChassisDeleted', Record<string, never>>;
export type ChassisEvent = ChassisCreated | ChassisUpdated | ChassisDeleted;

export const CHASSIS_EVENT_TYPES: readonly ChassisEvent['type'][] = ['ChassisCreated', 'ChassisUpdated', 'ChassisDeleted'];

/** (Ironic: 404) */
export class ChassisNotFoundError extends NotFoundError {
  constructor(readonly chassisId: string) {
    super(`Chassis ${chassisId} could not be found.`);
  }
}

export function decideChassis(command: ChassisCommand, chassis: Chassis | null): ChassisEvent[] {
  const meta = { chassisId: command.chassisId, ...auditMeta(command.meta) };
  if (command.type === 'CreateChassis') {
    if (chassis) throw new ResourceConflictError(`A chassis with UUID ${command.chassisId} already exists.`);
    return [{ type: 'ChassisCreated', data: { ...DEFAULT_CHASSIS_FIELDS, ...defined(command.data) }, meta }];
  }
  if (!chassis) throw new ChassisNotFoundError(command.chassisId);
  switch (command.type) {
    case 'UpdateChassis': {
      const changes = Object.fromEntries(Object.entries(defined(command.data.changes)).filter(([key, value]) => JSON.stringify(chassis[key as keyof ChassisFields]) !== JSON.stringify(value)));
      return Object.keys(changes).length === 0 ? [] : [{ type: 'ChassisUpdated', data: { changes }, meta }];
    }
    case 'DeleteChassis':
      return [{ type: 'ChassisDeleted', data: {}, meta }];
    default:
      return assertNever(command);
  }
}

export function evolveChassis(chassis: Chassis | null, event: ChassisEvent): Chassis | null {
  switch (event.type) {
    case 'ChassisCreated':
      return { uuid: event.meta.chassisId, ...event.data, created_at: event.meta.at, updated_at: null };
    case 'ChassisUpdated':
      return chassis && { ...chassis, ...event.data.changes, updated_at: event.meta.at };
    case 'ChassisDeleted':
      return null;
    default:
      return assertNever(event);
  }
}

/** The fields a command gives, without undefined ones (only known fields). */
function defined(fields: Partial<ChassisFields>): Partial<ChassisFields> {
  const known: (keyof ChassisFields)[] = ['description', 'extra'];
  return Object.fromEntries(known.filter((key) => fields[key] !== undefined).map((key) => [key, fields[key]]));
}
