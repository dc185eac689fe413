/**
 * What a provision verb's arguments must look like, whatever the node and the API version:
 * Ironic's checks of a config drive and of clean and deploy steps, with its exact refusals.
 * The API checks them in Ironic's order; the decider checks them again, so that nothing else
 * ever gets them into a node's history.
 */
import { type Schema, validationError, verboseSchemaError } from './json-schema.js';
import { pythonStr } from './python.js';

/** Ironic's `_CONFIG_DRIVE_SCHEMA`: a base64 string or URL, or the parts to build one from. */
export const CONFIG_DRIVE_SCHEMA: Schema = {
  anyOf: [
    {
      type: 'object',
      properties: {
        meta_data: { type: 'object' },
        network_data: { type: 'object' },
        user_data: { type: ['object', 'array', 'string', 'null'] },
        vendor_data: { type: 'object' },
      },
      additionalProperties: false,
    },
    { type: ['string', 'null'] },
  ],
};

/** Ironic's `_CLEAN_STEPS_SCHEMA`. */
export const CLEAN_STEPS_SCHEMA: Schema = {
  $schema: 'http://json-schema.org/schema#',
  title: 'Clean steps schema',
  type: 'array',
  items: {
    type: 'object',
    required: ['interface', 'step'],
    properties: {
      interface: { description: 'driver interface', enum: ['power', 'management', 'deploy', 'bios', 'raid'] },
      step: { description: 'name of clean step', type: 'string', minLength: 1 },
      args: { description: 'additional args', type: 'object', properties: {} },
    },
    additionalProperties: false,
  },
};

/** Ironic's `DEPLOY_STEP_SCHEMA`: one deploy step. */
export const DEPLOY_STEP_SCHEMA: Schema = {
  type: 'object',
  properties: {
    args: { type: 'object' },
    interface: { type: 'string', enum: ['power', 'management', 'deploy', 'bios', 'raid'] },
    priority: { anyOf: [{ type: 'integer', minimum: 0 }, { type: 'string', minLength: 1, pattern: '^[0-9]+$' }] },
    step: { type: 'string', minLength: 1 },
  },
  required: ['interface', 'step', 'args', 'priority'],
  additionalProperties: false,
};

const DEPLOY_STEPS_SCHEMA: Schema = { $schema: 'http://json-schema.org/schema#', title: 'Deploy steps schema', type: 'array', items: DEPLOY_STEP_SCHEMA };

/** Characters of base64 text, with the newlines and spaces it usually carries (Ironic's `_B64_ALPHABET`). */
const BASE64_TEXT = /^[A-Za-z0-9+/=\n\r\t ]*$/;

/** Python's truth of a JSON value: Ironic ignores a config drive or steps that are empty. */
export function given(value: unknown): boolean {
  if (value === null || value === undefined || value === false || value === 0 || value === '') return false;
  if (Array.isArray(value)) return value.length > 0;
  return typeof value !== 'object' || Object.keys(value).length > 0;
}

/** Ironic's `args.types(None, dict, str)` refusal of a config drive of another type, if it is one. */
export function configDriveTypeRefusal(configdrive: unknown): string | undefined {
  const ok = configdrive === null || configdrive === undefined || typeof configdrive === 'string' || (typeof configdrive === 'object' && !Array.isArray(configdrive));
  return ok ? undefined : `Expected types <class 'NoneType'>, <class 'dict'>, <class 'str'> for configdrive: ${pythonStr(configdrive)}`;
}

/**
 * Why Ironic refuses this config drive whatever the version and target, if it does: a value of
 * another type, an object that does not fit its schema, or a string that is neither a URL
 * (anything with `://`: the ramdisk fetches it) nor base64 text. An empty one is no config drive.
 */
export function configDriveRefusal(configdrive: unknown): string | undefined {
  const wrongType = configDriveTypeRefusal(configdrive);
  if (wrongType || !given(configdrive)) return wrongType;
  const found = validationError(configdrive, CONFIG_DRIVE_SCHEMA);
  if (found) return `Invalid configdrive format: ${verboseSchemaError(found)}`;
  if (typeof configdrive === 'string' && !configdrive.includes('://') && !BASE64_TEXT.test(configdrive)) {
    return 'Invalid configdrive format: it is neither a JSON, nor a URL, nor a base64 string';
  }
  return undefined;
}

/** Why Ironic refuses these clean or deploy steps (their form; whether the node has them is the conductor's question), if it does. */
export function stepsRefusal(kind: 'clean' | 'deploy', steps: unknown): string | undefined {
  const found = validationError(steps, kind === 'clean' ? CLEAN_STEPS_SCHEMA : DEPLOY_STEPS_SCHEMA);
  return found && `Invalid ${kind}_steps: ${verboseSchemaError(found)}`;
}
