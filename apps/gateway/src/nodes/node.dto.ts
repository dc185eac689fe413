/**
 * Bodies of a node's actions, as the API document describes them. Each is checked by hand in
 * Ironic's own order and words (`action-rules.ts`, `checkArgs`); these schemas are documentation.
 */
import { CLEAN_STEPS_SCHEMA, CONFIG_DRIVE_SCHEMA, DEPLOY_STEP_SCHEMA, type Schema } from '@ironledger/domain';

/** `PUT /v1/nodes/{id}/states/provision`. */
export const PROVISION_ACTION_SCHEMA: Schema = {
  type: 'object',
  properties: {
    target: { type: 'string' },
    // Base64 text, a URL, or (from 1.56) the parts of one; kept in the node's `instance_info.configdrive`.
    configdrive: CONFIG_DRIVE_SCHEMA,
    clean_steps: { type: ['array', 'null'], items: (CLEAN_STEPS_SCHEMA.items as Schema) },
    deploy_steps: { type: ['array', 'null'], items: DEPLOY_STEP_SCHEMA },
    rescue_password: { type: ['string', 'null'] },
    // Manual cleaning without the ramdisk (1.70): a boolean, or one of oslo's words for one.
    disable_ramdisk: {},
  },
  required: ['target'],
  additionalProperties: false,
};

/** `PUT /v1/nodes/{id}/states/power`. */
export const POWER_ACTION_SCHEMA: Schema = {
  type: 'object',
  properties: { target: { type: 'string' }, timeout: { type: ['integer', 'null'], minimum: 1 } },
  required: ['target'],
  additionalProperties: false,
};

/** `PUT /v1/nodes/{id}/maintenance`: Ironic's `reason` argument, a string of any length. */
export const MAINTENANCE_SCHEMA: Schema = {
  type: 'object',
  properties: { reason: { type: ['string', 'null'] } },
  additionalProperties: false,
};
