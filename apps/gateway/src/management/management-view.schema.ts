/**
 * The JSON Schemas of the bodies the management controller answers with: a node's boot device
 * and the devices it supports, its console, its BIOS settings (`management.view.ts`) and its
 * indicators. The API document describes responses with them; tests check real responses
 * against them.
 */
import { type Schema } from '@ironledger/domain';
import { LINKS_SCHEMA, OPTIONAL_TIME_SCHEMA, TIME_SCHEMA } from '../http/views.js';

/** `GET /v1/nodes/{ident}/management/boot_device`: what the driver reports (`null` when it cannot tell). */
export const BOOT_DEVICE_SCHEMA: Schema = {
  type: 'object',
  properties: { boot_device: { type: ['string', 'null'] }, persistent: { type: ['boolean', 'null'] } },
  required: ['boot_device', 'persistent'],
  additionalProperties: false,
};

/** `GET /v1/nodes/{ident}/management/boot_device/supported`. */
export const SUPPORTED_BOOT_DEVICES_SCHEMA: Schema = {
  type: 'object',
  properties: { supported_boot_devices: { type: 'array', items: { type: 'string' } } },
  required: ['supported_boot_devices'],
  additionalProperties: false,
};

/** `GET /v1/nodes/{ident}/states/console`: `console_info` (`type`, `url`) only while it is enabled. */
export const CONSOLE_SCHEMA: Schema = {
  type: 'object',
  properties: { console_enabled: { type: 'boolean' }, console_info: { type: ['object', 'null'] } },
  required: ['console_enabled', 'console_info'],
  additionalProperties: false,
};

const optional = (type: string) => ({ type: [type, 'null'] });

/** One BIOS setting: the timestamps, the fields asked for (`name` and `value`, or all with `detail` and from 1.74), and links. */
const BIOS_SETTING: Schema = {
  type: 'object',
  properties: {
    created_at: TIME_SCHEMA,
    updated_at: OPTIONAL_TIME_SCHEMA,
    name: { type: 'string' },
    value: optional('string'),
    attribute_type: optional('string'),
    allowable_values: { type: 'array', items: { type: 'string' } },
    lower_bound: optional('number'),
    max_length: optional('number'),
    min_length: optional('number'),
    read_only: optional('boolean'),
    reset_required: optional('boolean'),
    unique: optional('boolean'),
    upper_bound: optional('number'),
    links: { $ref: '#/definitions/Links' },
  },
  required: ['created_at', 'updated_at', 'links'],
  additionalProperties: false,
  definitions: { Links: LINKS_SCHEMA },
};

/** `GET /v1/nodes/{ident}/bios` (1.40): the settings, by name. */
export const BIOS_LIST_SCHEMA: Schema = {
  type: 'object',
  properties: { bios: { type: 'array', items: { $ref: '#/definitions/BiosSetting' } } },
  required: ['bios'],
  additionalProperties: false,
  definitions: { BiosSetting: BIOS_SETTING, Links: LINKS_SCHEMA },
};

/** `GET /v1/nodes/{ident}/bios/{setting}`: the one setting, under its name. */
export const BIOS_SETTING_SCHEMA: Schema = {
  type: 'object',
  additionalProperties: { $ref: '#/definitions/BiosSetting' },
  minProperties: 1,
  maxProperties: 1,
  definitions: { BiosSetting: BIOS_SETTING, Links: LINKS_SCHEMA },
};

/** `GET /v1/nodes/{ident}/management/indicators`: `<id>@<component>` names. */
export const INDICATORS_SCHEMA: Schema = {
  type: 'object',
  properties: {
    indicators: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          name: { type: 'string', description: '`<id>@<component>`.' },
          component: { type: 'string' },
          readonly: { type: 'boolean' },
          states: { type: 'array', items: { type: 'string' } },
          links: { $ref: '#/definitions/Links' },
        },
        required: ['name', 'component', 'readonly', 'states', 'links'],
        additionalProperties: false,
      },
    },
  },
  required: ['indicators'],
  additionalProperties: false,
  definitions: { Links: LINKS_SCHEMA },
};

/** `GET /v1/nodes/{ident}/management/indicators/{name}`. */
export const INDICATOR_STATE_SCHEMA: Schema = {
  type: 'object',
  properties: { state: { type: 'string' } },
  required: ['state'],
  additionalProperties: false,
};
