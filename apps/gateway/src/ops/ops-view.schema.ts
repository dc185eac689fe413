/**
 * The JSON Schemas of the probes and the read model's rebuild. The API document describes
 * responses with them; tests check real responses against them.
 */
import { type Schema } from '@ironledger/domain';

/** `GET /healthz`. */
export const HEALTH_SCHEMA: Schema = { type: 'object', properties: { status: { const: 'ok' } }, required: ['status'], additionalProperties: false };

/** `GET /readyz`: the same body answers 200 when ready and 503 when not. */
export const READINESS_SCHEMA: Schema = {
  type: 'object',
  properties: {
    ready: { type: 'boolean' },
    nats: { type: 'boolean', description: 'NATS is connected (not reconnecting).' },
    projection: { type: 'boolean', description: 'The read model follows the log.' },
    caught_up: { type: 'boolean', description: 'The read model reached the store’s last position within a second.' },
    position: { type: 'integer', description: 'The last position the read model holds.' },
    nodes: { type: 'integer' },
    conductors: { type: 'array', items: { type: 'string' }, description: 'The live conductors this gateway knows.' },
  },
  required: ['ready', 'nats', 'projection', 'caught_up', 'position', 'nodes', 'conductors'],
  additionalProperties: false,
};

/** `POST /v1/admin/rebuild`: the read model folded again from the whole log, compared with the live one. */
export const REBUILD_SCHEMA: Schema = {
  type: 'object',
  properties: {
    equal: { type: 'boolean' },
    position: { type: 'integer' },
    nodes: { type: 'integer' },
    liveChecksum: { type: 'string' },
    rebuiltChecksum: { type: 'string' },
    differences: { type: 'array', items: { type: 'string', format: 'uuid' }, description: 'The nodes whose live state differs from the rebuilt one.' },
  },
  required: ['equal', 'position', 'nodes', 'liveChecksum', 'rebuiltChecksum', 'differences'],
  additionalProperties: false,
};
