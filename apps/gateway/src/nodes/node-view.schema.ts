/**
 * The JSON Schemas of the bodies `node.view.ts` builds: a node, a node list with its `next`
 * link, and a node's states. The API document describes responses with them, and tests check
 * real responses against them, so a field added to a view without its schema fails.
 */
import { PROVISION_STATES, type Schema } from '@ironledger/domain';
import { LINKS_SCHEMA, OPTIONAL_TIME_SCHEMA, TIME_SCHEMA } from '../http/views.js';
import { FIELD_MIN_VERSION } from './node.view.js';

const text = { type: 'string' } as const;
const optionalText = { type: ['string', 'null'] } as const;
const optionalUuid = { type: ['string', 'null'], format: 'uuid' } as const;
const object = { type: 'object' } as const;
const flag = { type: 'boolean' } as const;
const optionalFlag = { type: ['boolean', 'null'] } as const;
/** `null` below 1.2 for `available` (Ironic's NOSTATE). */
const provisionState = { type: ['string', 'null'], enum: [...PROVISION_STATES, null] } as const;

/** Each field's value, in the order of the view. */
const FIELD_SCHEMAS: Readonly<Record<string, Schema>> = {
  uuid: { type: 'string', format: 'uuid' },
  created_at: TIME_SCHEMA,
  updated_at: OPTIONAL_TIME_SCHEMA,
  automated_clean: optionalFlag,
  bios_interface: text,
  boot_interface: text,
  boot_mode: optionalText,
  clean_step: { ...object, description: 'The clean step running now (`{}`: none).' },
  conductor_group: text,
  console_enabled: flag,
  console_interface: text,
  deploy_interface: text,
  deploy_step: { ...object, description: 'The deploy step running now (`{}`: none).' },
  description: optionalText,
  driver: text,
  driver_info: { ...object, description: 'The BMC’s address and credentials; secrets shown as `******`.' },
  driver_internal_info: object,
  extra: object,
  fault: optionalText,
  inspection_finished_at: OPTIONAL_TIME_SCHEMA,
  inspection_started_at: OPTIONAL_TIME_SCHEMA,
  inspect_interface: text,
  instance_info: { ...object, description: 'What is deployed (image, root disk, …); secrets shown as `******`.' },
  instance_uuid: optionalUuid,
  last_error: optionalText,
  lessee: optionalText,
  maintenance: flag,
  maintenance_reason: optionalText,
  management_interface: text,
  name: optionalText,
  network_data: object,
  network_interface: text,
  owner: optionalText,
  power_interface: text,
  power_state: optionalText,
  properties: object,
  protected: flag,
  protected_reason: optionalText,
  provision_state: provisionState,
  provision_updated_at: OPTIONAL_TIME_SCHEMA,
  raid_config: object,
  raid_interface: text,
  rescue_interface: text,
  reservation: { ...optionalText, description: 'The conductor holding the node’s lock, if any.' },
  resource_class: optionalText,
  retired: optionalFlag,
  retired_reason: optionalText,
  secure_boot: optionalFlag,
  shard: optionalText,
  storage_interface: text,
  target_power_state: optionalText,
  target_provision_state: { ...optionalText, enum: [...PROVISION_STATES, null] },
  target_raid_config: object,
  traits: { type: 'array', items: text },
  vendor_interface: text,
  links: { $ref: '#/definitions/Links' },
  conductor: optionalText,
  allocation_uuid: optionalUuid,
  chassis_uuid: optionalUuid,
  ports: { $ref: '#/definitions/Links' },
  states: { $ref: '#/definitions/Links' },
  portgroups: { $ref: '#/definitions/Links' },
  volume: { $ref: '#/definitions/Links' },
};

/** A field's schema, saying from which microversion it is shown. */
function documented(field: string, schema: Schema): Schema {
  const since = FIELD_MIN_VERSION[field];
  return since === undefined ? schema : { ...schema, description: [`From microversion 1.${since}.`, schema.description].filter(Boolean).join(' ') };
}

const properties = (fields: readonly string[]) => Object.fromEntries(fields.map((field) => [field, documented(field, FIELD_SCHEMAS[field]!)]));

/**
 * A node (`GET /v1/nodes/{ident}`): every field is optional, as a field newer than the request's
 * microversion, or not asked for with `fields`, is left out.
 */
export const NODE_VIEW_SCHEMA: Schema = {
  type: 'object',
  properties: properties(Object.keys(FIELD_SCHEMAS)),
  additionalProperties: false,
  definitions: { Links: LINKS_SCHEMA },
};

/** `GET /v1/nodes[/detail]`: one page, and a link to the next when the page is full. */
export const NODE_LIST_SCHEMA: Schema = {
  type: 'object',
  properties: {
    nodes: { type: 'array', items: { $ref: '#/definitions/Node' } },
    next: { type: 'string', format: 'uri', description: 'The next page, when this one is full (it may turn out empty).' },
  },
  required: ['nodes'],
  additionalProperties: false,
  definitions: { Node: NODE_VIEW_SCHEMA, Links: LINKS_SCHEMA },
};

/** The fields `statesView` shows. */
export const STATES_FIELDS = [
  'console_enabled', 'last_error', 'power_state', 'provision_state', 'target_power_state', 'target_provision_state',
  'provision_updated_at', 'raid_config', 'target_raid_config', 'boot_mode', 'secure_boot',
] as const;

/** `GET /v1/nodes/{ident}/states`. */
export const NODE_STATES_SCHEMA: Schema = { type: 'object', properties: properties(STATES_FIELDS), additionalProperties: false };

/** `GET /v1/nodes/{ident}/validate`: by interface, whether it has what it needs, and if not why. */
export const NODE_VALIDATION_SCHEMA: Schema = {
  type: 'object',
  additionalProperties: {
    oneOf: [
      { type: 'object', properties: { result: { const: true } }, required: ['result'], additionalProperties: false },
      { type: 'object', properties: { result: { const: false }, reason: { type: 'string' } }, required: ['result', 'reason'], additionalProperties: false },
    ],
  },
};

/** `GET /v1/nodes/{ident}/inventory` (1.81): what in-band inspection last reported. */
export const NODE_INVENTORY_SCHEMA: Schema = {
  type: 'object',
  properties: { inventory: { type: 'object' }, plugin_data: { type: 'object' } },
  required: ['inventory', 'plugin_data'],
  additionalProperties: false,
};

/** `GET /v1/nodes/{ident}/traits` (1.37). */
export const NODE_TRAIT_LIST_SCHEMA: Schema = { type: 'object', properties: { traits: { type: 'array', items: text } }, required: ['traits'], additionalProperties: false };
