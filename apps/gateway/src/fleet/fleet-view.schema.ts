/**
 * The JSON Schemas of the bodies `fleet.view.ts` builds: a driver (hardware type) and the list
 * of them, a driver's `driver_info` properties, and a conductor and a page of them. The API
 * document describes responses with them; tests check real responses against them.
 */
import { HARDWARE_INTERFACES, type Schema } from '@ironledger/domain';
import { Versions } from '../http/microversion.js';
import { LINKS_SCHEMA, pageSchema, TIME_SCHEMA } from '../http/views.js';
import { INTERFACE_MIN_VERSION } from './fleet.view.js';

const since = (minor: number, text?: string) => ({ description: [`From microversion 1.${minor}.`, text].filter(Boolean).join(' ') });
const interfaceSince = (iface: (typeof HARDWARE_INTERFACES)[number]) => since(Math.max(Versions.DYNAMIC_DRIVERS, INTERFACE_MIN_VERSION[iface] ?? 1), 'With `detail`, and in a single driver.');

/** A driver (`GET /v1/drivers/{name}`): what an older microversion, `detail` or `fields` leave out is optional. */
export const DRIVER_VIEW_SCHEMA: Schema = {
  type: 'object',
  properties: {
    name: { type: 'string' },
    hosts: { type: 'array', items: { type: 'string' }, description: 'The live conductors serving it.' },
    links: { $ref: '#/definitions/Links' },
    properties: { $ref: '#/definitions/Links', ...since(Versions.STATES_LINKS) },
    type: { const: 'dynamic', ...since(Versions.DYNAMIC_DRIVERS) },
    ...Object.fromEntries(
      HARDWARE_INTERFACES.flatMap((iface) => [
        [`default_${iface}_interface`, { type: ['string', 'null'], ...interfaceSince(iface) }],
        [`enabled_${iface}_interfaces`, { type: 'array', items: { type: 'string' }, ...interfaceSince(iface) }],
      ]),
    ),
  },
  additionalProperties: false,
  definitions: { Links: LINKS_SCHEMA },
};

/** `GET /v1/drivers`: every hardware type a live conductor serves (no pages). */
export const DRIVER_LIST_SCHEMA: Schema = {
  type: 'object',
  properties: { drivers: { type: 'array', items: { $ref: '#/definitions/Driver' } } },
  required: ['drivers'],
  additionalProperties: false,
  definitions: { Driver: DRIVER_VIEW_SCHEMA, Links: LINKS_SCHEMA },
};

/** `GET /v1/drivers/{name}/properties`: each `driver_info` key it reads, with what it means. */
export const DRIVER_PROPERTIES_SCHEMA: Schema = { type: 'object', additionalProperties: { type: 'string' } };

/** A conductor (`GET /v1/conductors/{hostname}`, 1.49): the list shows `hostname`, `conductor_group`, `links` and `alive` without `detail`. */
export const CONDUCTOR_VIEW_SCHEMA: Schema = {
  type: 'object',
  properties: {
    created_at: { ...TIME_SCHEMA, description: 'When it was first heard from.' },
    updated_at: { ...TIME_SCHEMA, description: 'Its last heartbeat.' },
    hostname: { type: 'string' },
    conductor_group: { type: 'string' },
    drivers: { type: 'array', items: { type: 'string' } },
    links: { $ref: '#/definitions/Links' },
    alive: { type: 'boolean' },
  },
  additionalProperties: false,
  definitions: { Links: LINKS_SCHEMA },
};

/** `GET /v1/conductors`. */
export const CONDUCTOR_LIST_SCHEMA: Schema = pageSchema('conductors', 'Conductor', CONDUCTOR_VIEW_SCHEMA);

/** `GET /v1/drivers/{name}/raid/logical_disk_properties`: each property a RAID logical disk may have, with its description. */
export const LOGICAL_DISK_PROPERTIES_SCHEMA: Schema = { type: 'object', additionalProperties: { type: 'string' } };

/** The vendor methods of a node's vendor interface (or a driver's), by name, as Ironic lists them. */
export const VENDOR_METHODS_SCHEMA: Schema = {
  type: 'object',
  additionalProperties: {
    type: 'object',
    properties: {
      http_methods: { type: 'array', items: { type: 'string', enum: ['GET', 'PUT', 'POST', 'DELETE', 'PATCH'] } },
      async: { type: 'boolean', description: '`true`: answered 202 and run afterwards; `false`: run while the client waits, answered 200 with what it returned.' },
      description: { type: 'string' },
      attach: { type: 'boolean' },
      require_exclusive_lock: { type: 'boolean' },
    },
    required: ['http_methods', 'async', 'description', 'attach', 'require_exclusive_lock'],
    additionalProperties: false,
  },
};
