/**
 * The JSON Schemas of ironic-inspector's answers: a node's introspection status, the list of
 * them, and the ramdisk callback's. The API document describes responses with them; tests check
 * real responses against them.
 */
import { INTROSPECTION_STATES, type Schema } from '@ironledger/domain';

/** The inspector's times: UTC with microseconds, without an offset. */
const INSPECTOR_TIME = { type: 'string', description: 'UTC, without an offset, as ironic-inspector prints it (`2026-11-29T10:00:00.000000`).' } as const;

/** `GET /v1/introspection/{node}`. */
export const INTROSPECTION_STATUS_SCHEMA: Schema = {
  type: 'object',
  properties: {
    uuid: { type: 'string', format: 'uuid' },
    state: { type: 'string', enum: [...INTROSPECTION_STATES] },
    finished: { type: 'boolean' },
    error: { type: ['string', 'null'] },
    started_at: INSPECTOR_TIME,
    finished_at: { ...INSPECTOR_TIME, type: ['string', 'null'] },
    links: {
      type: 'array',
      items: { type: 'object', properties: { href: { type: 'string', format: 'uri' }, rel: { const: 'self' } }, required: ['href', 'rel'], additionalProperties: false },
    },
  },
  required: ['uuid', 'state', 'finished', 'error', 'started_at', 'finished_at', 'links'],
  additionalProperties: false,
};

/** `GET /v1/introspection`: newest first. */
export const INTROSPECTION_LIST_SCHEMA: Schema = {
  type: 'object',
  properties: { introspection: { type: 'array', items: { $ref: '#/definitions/IntrospectionStatus' } } },
  required: ['introspection'],
  additionalProperties: false,
  definitions: { IntrospectionStatus: INTROSPECTION_STATUS_SCHEMA },
};

/** `POST /v1/continue`: the node the inventory was recorded for (or enrolled from it). */
export const CONTINUE_SCHEMA: Schema = { type: 'object', properties: { uuid: { type: 'string', format: 'uuid' } }, required: ['uuid'], additionalProperties: false };
