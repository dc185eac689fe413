/**
 * The JSON Schemas of the bodies `chassis.view.ts` builds: a chassis, and a page of chassis with
 * its `next` link. The API document describes responses with them; tests check real responses
 * against them.
 */
import { type Schema } from '@ironledger/domain';
import { LINKS_SCHEMA, OPTIONAL_TIME_SCHEMA, pageSchema, TIME_SCHEMA } from '../http/views.js';

/** A chassis (`GET /v1/chassis/{uuid}`): fields not asked for with `fields` are left out. */
export const CHASSIS_VIEW_SCHEMA: Schema = {
  type: 'object',
  properties: {
    uuid: { type: 'string', format: 'uuid' },
    created_at: TIME_SCHEMA,
    updated_at: OPTIONAL_TIME_SCHEMA,
    description: { type: ['string', 'null'] },
    extra: { type: 'object' },
    links: { $ref: '#/definitions/Links' },
    nodes: { type: 'array', items: { $ref: '#/definitions/Links' }, description: 'One list of links to its nodes, as Ironic has always shown it.' },
  },
  additionalProperties: false,
  definitions: { Links: LINKS_SCHEMA },
};

/** `GET /v1/chassis[/detail]`. */
export const CHASSIS_LIST_SCHEMA: Schema = pageSchema('chassis', 'Chassis', CHASSIS_VIEW_SCHEMA);
