/**
 * The JSON Schemas of the bodies `portgroup.view.ts` builds: a port group, and a page of them
 * with its `next` link. The API document describes responses with them; tests check real
 * responses against them.
 */
import { type Schema } from '@ironledger/domain';
import { LINKS_SCHEMA, OPTIONAL_TIME_SCHEMA, pageSchema, TIME_SCHEMA } from '../http/views.js';

/** A port group (`GET /v1/portgroups/{ident}`): fields not asked for with `fields` are left out (none is hidden by microversion). */
export const PORTGROUP_VIEW_SCHEMA: Schema = {
  type: 'object',
  properties: {
    uuid: { type: 'string', format: 'uuid' },
    created_at: TIME_SCHEMA,
    updated_at: OPTIONAL_TIME_SCHEMA,
    address: { type: ['string', 'null'], description: 'The MAC address, lower case with colons.' },
    extra: { type: 'object' },
    internal_info: { type: 'object' },
    mode: { type: ['string', 'null'], description: 'The bonding mode (asked for with `fields` from microversion 1.26).' },
    name: { type: ['string', 'null'] },
    properties: { type: 'object', description: 'Asked for with `fields` from microversion 1.26.' },
    standalone_ports_supported: { type: 'boolean' },
    node_uuid: { type: 'string', format: 'uuid' },
    links: { $ref: '#/definitions/Links' },
    ports: { $ref: '#/definitions/Links' },
  },
  additionalProperties: false,
  definitions: { Links: LINKS_SCHEMA },
};

/** `GET /v1/portgroups[/detail]` and the port groups of a node. */
export const PORTGROUP_LIST_SCHEMA: Schema = pageSchema('portgroups', 'Portgroup', PORTGROUP_VIEW_SCHEMA);
