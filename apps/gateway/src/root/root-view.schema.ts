/**
 * The JSON Schemas of the version documents `root.controller.ts` builds: `GET /` and `GET /v1`.
 * The API document describes responses with them; tests check real responses against them.
 */
import { type Schema } from '@ironledger/domain';
import { LINKS_SCHEMA } from '../http/views.js';

/** The summary of API v1, in both documents: the microversions it serves. */
const VERSION_SCHEMA: Schema = {
  type: 'object',
  properties: {
    id: { const: 'v1' },
    links: { type: 'array', items: { type: 'object', properties: { href: { type: 'string', format: 'uri' }, rel: { const: 'self' } }, required: ['href', 'rel'], additionalProperties: false } },
    status: { const: 'CURRENT' },
    min_version: { type: 'string', description: 'The oldest microversion served.' },
    version: { type: 'string', description: 'The newest microversion served.' },
  },
  required: ['id', 'links', 'status', 'min_version', 'version'],
  additionalProperties: false,
};

/** `GET /`: the API versions served (only v1). */
export const ROOT_SCHEMA: Schema = {
  type: 'object',
  properties: {
    name: { type: 'string' },
    description: { type: 'string' },
    default_version: { $ref: '#/definitions/ApiVersion' },
    versions: { type: 'array', items: { $ref: '#/definitions/ApiVersion' } },
  },
  required: ['name', 'description', 'default_version', 'versions'],
  additionalProperties: false,
  definitions: { ApiVersion: VERSION_SCHEMA },
};

/** `GET /v1`: links to the resources served at the request's microversion (`resources`: each with the minor version it appeared in). */
export function v1Schema(resources: readonly (readonly [string, number])[]): Schema {
  return {
    type: 'object',
    properties: {
      id: { const: 'v1' },
      links: {
        type: 'array',
        items: { type: 'object', properties: { href: { type: 'string', format: 'uri' }, rel: { type: 'string' }, type: { type: 'string' } }, required: ['href', 'rel'], additionalProperties: false },
      },
      media_types: { type: 'object', properties: { base: { type: 'string' }, type: { type: 'string' } }, required: ['base', 'type'], additionalProperties: false },
      version: { $ref: '#/definitions/ApiVersion' },
      ...Object.fromEntries(resources.map(([name, since]) => [name, { $ref: '#/definitions/Links', ...(since > 1 && { description: `From microversion 1.${since}.` }) }])),
    },
    required: ['id', 'links', 'media_types', 'version'],
    additionalProperties: false,
    definitions: { ApiVersion: VERSION_SCHEMA, Links: LINKS_SCHEMA },
  };
}
