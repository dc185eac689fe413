/**
 * The JSON Schemas of the bodies `deploy-template.view.ts` builds: a deploy template, and a page
 * of them with its `next` link. The API document describes responses with them; tests check
 * real responses against them.
 */
import { DEPLOY_STEP_INTERFACES, type Schema } from '@ironledger/domain';
import { LINKS_SCHEMA, OPTIONAL_TIME_SCHEMA, pageSchema, TIME_SCHEMA } from '../http/views.js';

/** A deploy template (`GET /v1/deploy_templates/{ident}`): fields not asked for with `fields` are left out. */
export const DEPLOY_TEMPLATE_VIEW_SCHEMA: Schema = {
  type: 'object',
  properties: {
    uuid: { type: 'string', format: 'uuid' },
    created_at: TIME_SCHEMA,
    updated_at: OPTIONAL_TIME_SCHEMA,
    name: { type: 'string', description: 'The trait that selects it.' },
    extra: { type: 'object' },
    links: { $ref: '#/definitions/Links' },
    steps: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          interface: { type: 'string', enum: [...DEPLOY_STEP_INTERFACES] },
          step: { type: 'string' },
          args: { type: 'object', description: 'Secrets shown as `******`.' },
          priority: { type: 'integer', minimum: 0, description: '0 disables the step.' },
        },
        required: ['interface', 'step', 'args', 'priority'],
        additionalProperties: false,
      },
    },
  },
  additionalProperties: false,
  definitions: { Links: LINKS_SCHEMA },
};

/** `GET /v1/deploy_templates`. */
export const DEPLOY_TEMPLATE_LIST_SCHEMA: Schema = pageSchema('deploy_templates', 'DeployTemplate', DEPLOY_TEMPLATE_VIEW_SCHEMA);
