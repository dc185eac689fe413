/**
 * The JSON Schemas of the bodies `volume.view.ts` and the volume controller build: a volume
 * connector or target, a page of either with its `next` link, and the `/v1/volume` links. The
 * API document describes responses with them; tests check real responses against them.
 */
import { type Schema } from '@ironledger/domain';
import { LINKS_SCHEMA, OPTIONAL_TIME_SCHEMA, pageSchema, TIME_SCHEMA } from '../http/views.js';

/** A connector's or target's view: its own fields between the timestamps and `links`; fields not asked for with `fields` are left out. */
const volumeItemSchema = (own: Record<string, Schema>): Schema => ({
  type: 'object',
  properties: {
    uuid: { type: 'string', format: 'uuid' },
    created_at: TIME_SCHEMA,
    updated_at: OPTIONAL_TIME_SCHEMA,
    ...own,
    links: { $ref: '#/definitions/Links' },
    node_uuid: { type: 'string', format: 'uuid' },
  },
  additionalProperties: false,
  definitions: { Links: LINKS_SCHEMA },
});

/** `GET /v1/volume/connectors/{uuid}`. */
export const VOLUME_CONNECTOR_VIEW_SCHEMA: Schema = volumeItemSchema({
  connector_id: { type: 'string' },
  extra: { type: 'object' },
  type: { type: 'string', description: 'The initiator’s kind (`iqn`, `wwpn`, …).' },
});

/** `GET /v1/volume/targets/{uuid}`. */
export const VOLUME_TARGET_VIEW_SCHEMA: Schema = volumeItemSchema({
  boot_index: { type: 'integer', description: '0: the volume the node boots from.' },
  extra: { type: 'object' },
  properties: { type: 'object', description: 'Secrets shown as `******`.' },
  volume_id: { type: 'string' },
  volume_type: { type: 'string' },
});

/** `GET /v1/volume/connectors` and the connectors of a node. */
export const VOLUME_CONNECTOR_LIST_SCHEMA: Schema = pageSchema('connectors', 'VolumeConnector', VOLUME_CONNECTOR_VIEW_SCHEMA);

/** `GET /v1/volume/targets` and the targets of a node. */
export const VOLUME_TARGET_LIST_SCHEMA: Schema = pageSchema('targets', 'VolumeTarget', VOLUME_TARGET_VIEW_SCHEMA);

/** `GET /v1/volume` and `GET /v1/nodes/{ident}/volume`: links to the collections. */
export const VOLUME_ROOT_SCHEMA: Schema = {
  type: 'object',
  properties: { links: { $ref: '#/definitions/Links' }, connectors: { $ref: '#/definitions/Links' }, targets: { $ref: '#/definitions/Links' } },
  required: ['links', 'connectors', 'targets'],
  additionalProperties: false,
  definitions: { Links: LINKS_SCHEMA },
};
