/**
 * The JSON Schemas of the bodies `allocation.view.ts` builds: an allocation, and a page of them
 * with its `next` link. The API document describes responses with them; tests check real
 * responses against them.
 */
import { ALLOCATION_STATES, type Schema } from '@ironledger/domain';
import { LINKS_SCHEMA, OPTIONAL_TIME_SCHEMA, pageSchema, TIME_SCHEMA } from '../http/views.js';
import { ALLOCATION_OWNER_VERSION } from './allocation.view.js';

/** An allocation (`GET /v1/allocations/{ident}`): `owner` below its microversion, and fields not asked for with `fields`, are left out. */
export const ALLOCATION_VIEW_SCHEMA: Schema = {
  type: 'object',
  properties: {
    uuid: { type: 'string', format: 'uuid' },
    created_at: TIME_SCHEMA,
    updated_at: OPTIONAL_TIME_SCHEMA,
    candidate_nodes: { type: 'array', items: { type: 'string', format: 'uuid' }, description: 'The nodes it may pick from (none: any node).' },
    extra: { type: 'object' },
    last_error: { type: ['string', 'null'] },
    name: { type: ['string', 'null'] },
    owner: { type: ['string', 'null'], description: `From microversion 1.${ALLOCATION_OWNER_VERSION}.` },
    resource_class: { type: ['string', 'null'] },
    state: { type: 'string', enum: [...ALLOCATION_STATES] },
    traits: { type: 'array', items: { type: 'string' } },
    links: { $ref: '#/definitions/Links' },
    node_uuid: { type: ['string', 'null'], format: 'uuid', description: 'The node it holds, once `active`.' },
  },
  additionalProperties: false,
  definitions: { Links: LINKS_SCHEMA },
};

/** `GET /v1/allocations`. */
export const ALLOCATION_LIST_SCHEMA: Schema = pageSchema('allocations', 'Allocation', ALLOCATION_VIEW_SCHEMA);
