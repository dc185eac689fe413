/**
 * The JSON Schemas of a node's history as `GET /v1/nodes/{ident}/history` shows it (1.78): the
 * records, each with only `uuid`, `created_at`, `severity`, `event` and links unless `detail`
 * asks for every field, and one record. The API document describes responses with them; tests
 * check real responses against them.
 */
import { type Schema } from '@ironledger/domain';

const RECORD_PROPERTIES = {
  uuid: { type: 'string', format: 'uuid', description: 'Derived from the event’s position in the log: the same record always has the same UUID.' },
  created_at: { type: ['string', 'null'], format: 'date-time' },
  user: { type: ['string', 'null'] },
  severity: { type: 'string', enum: ['INFO', 'ERROR'] },
  event: { type: 'string', description: 'The error for a failure, else a sentence saying what changed.' },
  event_type: { type: 'string' },
  conductor: { type: ['string', 'null'] },
  links: {
    type: 'array',
    items: { type: 'object', properties: { href: { type: 'string', format: 'uri' }, rel: { const: 'self' } }, required: ['href', 'rel'], additionalProperties: false },
  },
} as const;

/** One history record, every field (`GET /v1/nodes/{ident}/history/{record}`). */
export const HISTORY_RECORD_SCHEMA: Schema = { type: 'object', properties: RECORD_PROPERTIES, required: Object.keys(RECORD_PROPERTIES), additionalProperties: false };

/** `GET /v1/nodes/{ident}/history`: the node's records, oldest first. */
export const HISTORY_SCHEMA: Schema = {
  type: 'object',
  properties: {
    history: {
      type: 'array',
      items: { type: 'object', properties: RECORD_PROPERTIES, required: ['uuid', 'created_at', 'severity', 'event', 'links'], additionalProperties: false },
    },
  },
  required: ['history'],
  additionalProperties: false,
};
