/**
 * A port as `POST /v1/ports` and `PATCH /v1/ports/{uuid}` take it: Ironic's schema, then its
 * field validators in its order (MAC, UUIDs, booleans given as strings, the local link
 * connection), each refusal in Ironic's words.
 */
import { type JsonObject } from '@ironledger/domain';
import { badRequest } from '../http/errors.js';
import { booleanArg, isMac, macArg, uuidArg } from '../http/ironic-args.js';
import { type Schema, schemaErrorFor } from '@ironledger/domain';

const LINK_PROPERTIES: Readonly<Record<string, Schema>> = {
  port_id: { type: 'string' },
  switch_id: { type: 'string' },
  hostname: { type: 'string' },
  switch_info: { type: 'string' },
  network_type: { type: 'string', enum: ['managed', 'unmanaged'] },
};

/** A switch port (`switch_id`, `port_id`), a Smart NIC (`port_id`, `hostname`), an unmanaged link, or nothing. */
export const LOCAL_LINK_SCHEMA: Schema = {
  anyOf: [
    { type: 'object', properties: LINK_PROPERTIES, additionalProperties: false, required: ['port_id', 'switch_id'] },
    { type: 'object', properties: LINK_PROPERTIES, additionalProperties: false, required: ['port_id', 'hostname'] },
    {
      type: 'object',
      properties: { ...LINK_PROPERTIES, network_type: { type: 'string', enum: ['unmanaged'] } },
      additionalProperties: false,
      required: ['network_type'],
    },
    { type: 'object', additionalProperties: false },
  ],
};

/** `POST /v1/ports`, and a port once a PATCH is applied. */
export const PORT_SCHEMA: Schema = {
  type: 'object',
  properties: {
    address: { type: 'string' },
    extra: { type: ['object', 'null'] },
    is_smartnic: { type: ['string', 'boolean', 'null'] },
    local_link_connection: { type: ['null', 'object'] },
    node_uuid: { type: 'string' },
    physical_network: { type: ['string', 'null'], maxLength: 64 },
    portgroup_uuid: { type: ['string', 'null'] },
    pxe_enabled: { type: ['string', 'boolean', 'null'] },
    uuid: { type: ['string', 'null'] },
  },
  required: ['address', 'node_uuid'],
  additionalProperties: false,
};

/** A port body that passed Ironic's checks: booleans are booleans, MACs lower case. */
export interface PortBody {
  readonly address: string;
  readonly node_uuid: string;
  readonly uuid?: string | null;
  readonly extra?: JsonObject | null;
  readonly local_link_connection?: JsonObject | null;
  readonly pxe_enabled?: boolean | null;
  readonly is_smartnic?: boolean | null;
  readonly physical_network?: string | null;
  readonly portgroup_uuid?: string | null;
}

/** Checks a port (`name`: `port` for a POST body, `patch` for a patched port) as Ironic does. */
export function checkPort(body: unknown, name: 'port' | 'patch'): PortBody {
  const error = schemaErrorFor(name, body, PORT_SCHEMA) ?? (body === null ? `Schema error for ${name}: None is not of type 'object'` : undefined);
  if (error) throw badRequest(error);
  const port = { ...(body as Record<string, unknown>) };
  port.address = macArg('address', port.address as string);
  uuidArg('node_uuid', port.node_uuid as string);
  if (typeof port.is_smartnic === 'string') port.is_smartnic = booleanArg('is_smartnic', port.is_smartnic);
  if (port.local_link_connection) port.local_link_connection = checkLocalLink(port.local_link_connection);
  if (typeof port.portgroup_uuid === 'string') uuidArg('portgroup_uuid', port.portgroup_uuid);
  if (typeof port.pxe_enabled === 'string') port.pxe_enabled = booleanArg('pxe_enabled', port.pxe_enabled);
  if (typeof port.uuid === 'string') uuidArg('uuid', port.uuid);
  return port as unknown as PortBody;
}

/** A local link connection that fits one of Ironic's forms, its `switch_id` (a MAC or an OpenFlow datapath ID) in lower case. */
export function checkLocalLink(link: unknown): JsonObject {
  const error = schemaErrorFor('local_link_connection', link, LOCAL_LINK_SCHEMA);
  if (error) throw badRequest(error);
  const checked = { ...(link as JsonObject) };
  const switchId = checked.switch_id;
  if (typeof switchId === 'string') {
    if (!isMac(switchId) && !/^[0-9a-f]{16}$/i.test(switchId)) throw badRequest(`Expected a MAC address or OpenFlow datapath ID but received ${switchId}.`);
    checked.switch_id = switchId.toLowerCase();
  }
  return checked;
}
