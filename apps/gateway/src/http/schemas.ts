/**
 * Ironic's request schemas for chassis, traits, allocations and deploy templates, keyword for keyword in
 * Ironic's order (which decides the error reported, see `json-schema.ts`).
 */
import { CUSTOM_TRAIT_PATTERN, DEPLOY_STEP_INTERFACES, STANDARD_TRAITS } from '@ironledger/domain';
import { type Schema } from '@ironledger/domain';

/**
 * `POST /v1/chassis`, and a chassis once patched. `format` is not checked here (as Python's
 * `jsonschema` without a format checker); Ironic checks the UUID after the schema (`args.uuid`).
 */
export const CHASSIS_SCHEMA: Schema = {
  type: 'object',
  properties: {
    uuid: { type: ['string', 'null'], format: 'uuid' },
    description: { type: ['string', 'null'], maxLength: 255 },
    extra: { type: ['object', 'null'] },
  },
  additionalProperties: false,
};

/** A trait: a standard os-traits name or `CUSTOM_…`. */
export const TRAIT_SCHEMA: Schema = {
  type: 'string',
  minLength: 1,
  maxLength: 255,
  anyOf: [{ pattern: CUSTOM_TRAIT_PATTERN }, { enum: STANDARD_TRAITS }],
};

/** `PUT /v1/nodes/{id}/traits`. */
export const NODE_TRAITS_SCHEMA: Schema = {
  type: 'object',
  properties: { traits: { type: 'array', items: TRAIT_SCHEMA } },
  additionalProperties: false,
};

/** `POST /v1/allocations`. */
export const ALLOCATION_SCHEMA: Schema = {
  type: 'object',
  properties: {
    candidate_nodes: { type: ['array', 'null'], items: { type: 'string' } },
    extra: { type: ['object', 'null'] },
    name: { type: ['string', 'null'] },
    node: { type: ['string', 'null'] },
    owner: { type: ['string', 'null'] },
    resource_class: { type: ['string', 'null'], maxLength: 80 },
    traits: { type: ['array', 'null'], items: TRAIT_SCHEMA },
    uuid: { type: ['string', 'null'] },
  },
  additionalProperties: false,
};

/** One deploy step of a template. */
export const DEPLOY_STEP_SCHEMA: Schema = {
  type: 'object',
  properties: {
    args: { type: 'object' },
    interface: { type: 'string', enum: DEPLOY_STEP_INTERFACES },
    priority: { anyOf: [{ type: 'integer', minimum: 0 }, { type: 'string', minLength: 1, pattern: '^[0-9]+$' }] },
    step: { type: 'string', minLength: 1 },
  },
  required: ['interface', 'step', 'args', 'priority'],
  additionalProperties: false,
};

/**
 * `POST /v1/deploy_templates`. Ironic 21.4's schema also accepts a `description` that it then
 * drops silently; its API reference documents no such field, so here it is refused like any
 * unknown one rather than accepted and lost.
 */
export const TEMPLATE_SCHEMA: Schema = {
  type: 'object',
  properties: {
    extra: { type: ['object', 'null'] },
    name: TRAIT_SCHEMA,
    steps: { type: 'array', items: DEPLOY_STEP_SCHEMA, minItems: 1 },
    uuid: { type: ['string', 'null'] },
  },
  required: ['steps', 'name'],
  additionalProperties: false,
};
