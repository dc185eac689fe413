/**
 * The JSON Schemas of the bodies `port.view.ts` builds: a port, and a port list with its `next`
 * link. The API document describes responses with them; tests check real responses against them.
 */
import { type Schema } from '@ironledger/domain';
import { LINKS_SCHEMA, OPTIONAL_TIME_SCHEMA, TIME_SCHEMA } from '../http/views.js';
import { PORT_FIELD_MIN_VERSION } from './port.view.js';

const FIELD_SCHEMAS: Readonly<Record<string, Schema>> = {
  uuid: { type: 'string', format: 'uuid' },
  created_at: TIME_SCHEMA,
  updated_at: OPTIONAL_TIME_SCHEMA,
  address: { type: 'string', description: 'The MAC address, lower case with colons.' },
  extra: { type: 'object' },
  internal_info: { type: 'object' },
  is_smartnic: { type: 'boolean' },
  local_link_connection: { type: 'object', description: 'The switch port it is wired to (`switch_id`, `port_id`, `switch_info`, `network_type` from 1.64).' },
  physical_network: { type: ['string', 'null'] },
  pxe_enabled: { type: 'boolean' },
  node_uuid: { type: 'string', format: 'uuid' },
  links: { $ref: '#/definitions/Links' },
  portgroup_uuid: { type: ['string', 'null'], format: 'uuid' },
};

const documented = (field: string, schema: Schema): Schema => {
  const since = PORT_FIELD_MIN_VERSION[field];
  return since === undefined ? schema : { ...schema, description: [`From microversion 1.${since}.`, schema.description].filter(Boolean).join(' ') };
};

/** A port (`GET /v1/ports/{uuid}`): fields newer than the microversion, or not asked for with `fields`, are left out. */
export const PORT_VIEW_SCHEMA: Schema = {
  type: 'object',
  properties: Object.fromEntries(Object.entries(FIELD_SCHEMAS).map(([field, schema]) => [field, documented(field, schema)])),
  additionalProperties: false,
  definitions: { Links: LINKS_SCHEMA },
};

/** `GET /v1/ports[/detail]` and the ports of a node or a port group: one page, and a link to the next when the page is full. */
export const PORT_LIST_SCHEMA: Schema = {
  type: 'object',
  properties: {
    ports: { type: 'array', items: { $ref: '#/definitions/Port' } },
    next: { type: 'string', format: 'uri', description: 'The next page, when this one is full (it may turn out empty).' },
  },
  required: ['ports'],
  additionalProperties: false,
  definitions: { Port: PORT_VIEW_SCHEMA, Links: LINKS_SCHEMA },
};
