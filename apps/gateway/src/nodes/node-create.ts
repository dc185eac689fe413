/**
 * `POST /v1/nodes` as Ironic's API checks it before a conductor decides: the schema, the
 * fields newer than the requested version, the name, the chassis, and a conductor for the
 * driver and conductor group.
 */
import { type RegisterNode } from '@ironledger/domain';
import { randomUUID } from 'node:crypto';
import { badRequest, notAcceptable } from '../http/errors.js';
import { type Microversion, Versions } from '../http/microversion.js';
import { checkNodeNames } from './node-names.js';
import { checkNodeBody, NODE_SCHEMA } from './node.schema.js';
import { FIELD_MIN_VERSION, visibleAt } from './node.view.js';
import { checkConductorServes, type FleetFacts } from './node-fleet.js';

/** What a registration carries: the node's UUID and the command's data. */
export interface NodeRegistration {
  readonly uuid: string;
  readonly data: RegisterNode['data'];
}

/** Checks a `POST /v1/nodes` body at `version` and works out the registration it asks for. */
export function planNodeCreate(body: unknown, version: Microversion, fleet: FleetFacts): NodeRegistration {
  const node = checkNodeBody('node', body, NODE_SCHEMA);
  rejectNewerFields(node, version);
  // Ironic stores `console_enabled` without starting a console: ironledger accepts it and leaves the console to its API.
  const { uuid, console_enabled: _console, secure_boot, ...fields } = node;
  const name = fields.name as string | null | undefined;
  if (name !== undefined && name !== null) checkNodeNames([name], version, (invalid) => `Cannot create node with invalid name '${invalid}'`);
  const chassis = fields.chassis_uuid as string | null | undefined;
  if (chassis && !fleet.chassisExists(chassis)) throw badRequest(`Chassis ${chassis} could not be found.`);
  const group = (fields.conductor_group as string | null | undefined) || '';
  checkConductorServes(fleet.conductors, fields.driver as string, group);
  return {
    uuid: (uuid as string | null | undefined) || randomUUID(),
    data: {
      ...(withoutNullObjects(fields) as Omit<RegisterNode['data'], 'provision_state'>),
      conductor_group: group.toLowerCase(),
      resource_class: (fields.resource_class as string | null | undefined) || null,
      // Not parsed strictly by Ironic: any string counts as true.
      ...(secure_boot !== undefined && { secure_boot: secure_boot === null ? null : Boolean(secure_boot) }),
      provision_state: version.atLeast(Versions.ENROLL_BY_DEFAULT) ? 'enroll' : 'available',
    },
  };
}

/** Object fields sent as `null` are left out: a node's objects are `{}` when empty, as Ironic shows them. */
function withoutNullObjects(fields: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(fields).filter(([field, value]) => !(OBJECT_FIELDS.includes(field) && value === null)));
}

const OBJECT_FIELDS = ['driver_info', 'extra', 'instance_info', 'properties', 'network_data'];

/**
 * Ironic's `reject_fields_in_newer_versions`: a field the version does not have must be absent
 * or empty (`null`; `''` for `conductor_group`; a `null` name is always tolerated).
 */
function rejectNewerFields(node: Record<string, unknown>, version: Microversion): void {
  for (const field of Object.keys(FIELD_MIN_VERSION)) {
    if (visibleAt(field, version)) continue;
    const value = node[field];
    if (field === 'name' && (value === undefined || value === null)) continue;
    const empty = field === 'conductor_group' ? '' : null;
    if (value !== undefined && value !== empty) throw notAcceptable();
  }
}
