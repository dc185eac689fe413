/**
 * Ironic's schemas of node bodies (`POST /v1/nodes`, and a node once a PATCH is applied) and of
 * `network_data`, with the checks Ironic runs after them: strict booleans and UUIDs.
 */
import { ApiError, badRequest } from '../http/errors.js';
import { describeSchemaError, type Schema, validationError } from '@ironledger/domain';
import { parseBoolean } from '../http/collection-query.js';
import { isUuidLike } from '../http/ironic-args.js';

/** A definition of Nova's `network_data.json` schema, by name. */
const ref = (name: string): Schema => ({ '$ref': `#/definitions/${name}` });

/** The route, network and service definitions are the same for both IP families but for the family's own definitions. */
type IpFamily = 'ipv4' | 'ipv6';

const networkRoute = (ip: IpFamily): Schema => ({
  type: 'object',
  required: ['gateway', 'netmask', 'network'],
  properties: { network: ref(`l3_${ip}_nw`), netmask: ref(`l3_${ip}_netmask`), gateway: ref(`l3_${ip}_gateway`), services: ref(`${ip}_services`) },
});

const network = (ip: IpFamily): Schema => ({
  type: 'object',
  required: ['id', 'link', 'network_id', 'type'],
  properties: {
    id: ref('l3_id'),
    link: ref('l3_link'),
    network_id: ref('l3_network_id'),
    type: ref(`l3_${ip}_type`),
    ip_address: ref(`l3_${ip}_host`),
    netmask: ref(`l3_${ip}_netmask`),
    routes: { type: 'array', items: ref(`l3_${ip}_network_route`) },
  },
});

const service = (ip: IpFamily): Schema => ({
  type: 'object',
  required: ['address', 'type'],
  properties: { address: ref(`l3_${ip}_host`), type: { type: 'string', enum: ['dns'] } },
});

/**
 * Nova's `network_data.json` schema as Ironic 21.4 ships it (`[api] network_data_schema`),
 * without its titles, descriptions and examples.
 */
export const NETWORK_DATA_SCHEMA: Schema = {
  type: 'object',
  required: ['links', 'networks', 'services'],
  properties: {
    links: {
      type: 'array',
      items: { oneOf: [{ '$ref': '#/definitions/l2_link' }, { '$ref': '#/definitions/l2_bond' }, { '$ref': '#/definitions/l2_vlan' }] },
    },
    networks: { type: 'array', items: { oneOf: [{ '$ref': '#/definitions/l3_ipv4_network' }, { '$ref': '#/definitions/l3_ipv6_network' }] } },
    services: { '$ref': '#/definitions/services' },
  },
  definitions: {
    l2_address: { type: 'string', pattern: '(?i)^([0-9A-F]{2}[:-]){5}([0-9A-F]{2})$' },
    l2_id: { type: 'string' },
    l2_mtu: { anyOf: [{ type: 'number', minimum: 1, maximum: 65535 }, { type: 'null' }] },
    l2_vif_id: { type: 'string' },
    l2_link: {
      type: 'object',
      required: ['ethernet_mac_address', 'id', 'type'],
      properties: {
        id: { '$ref': '#/definitions/l2_id' },
        ethernet_mac_address: { '$ref': '#/definitions/l2_address' },
        mtu: { '$ref': '#/definitions/l2_mtu' },
        type: { type: 'string', enum: ['bridge', 'dvs', 'hw_veb', 'hyperv', 'ovs', 'tap', 'vhostuser', 'vif', 'phy'] },
        vif_id: { '$ref': '#/definitions/l2_vif_id' },
      },
    },
    l2_bond: {
      type: 'object',
      required: ['ethernet_mac_address', 'id', 'type', 'bond_mode', 'bond_links'],
      properties: {
        id: { '$ref': '#/definitions/l2_id' },
        ethernet_mac_address: { '$ref': '#/definitions/l2_address' },
        mtu: { '$ref': '#/definitions/l2_mtu' },
        type: { type: 'string', enum: ['bond'] },
        vif_id: { '$ref': '#/definitions/l2_vif_id' },
        bond_mode: { type: 'string', enum: ['802.1ad', 'balance-rr', 'active-backup', 'balance-xor', 'broadcast', 'balance-tlb', 'balance-alb'] },
        bond_links: { type: 'array', items: { type: 'string' } },
      },
    },
    l2_vlan: {
      type: 'object',
      required: ['vlan_mac_address', 'id', 'type', 'vlan_link', 'vlan_id'],
      properties: {
        id: { '$ref': '#/definitions/l2_id' },
        vlan_mac_address: { '$ref': '#/definitions/l2_address' },
        mtu: { '$ref': '#/definitions/l2_mtu' },
        type: { type: 'string', enum: ['vlan'] },
        vif_id: { '$ref': '#/definitions/l2_vif_id' },
        vlan_id: { type: 'integer' },
        vlan_link: { type: 'string' },
      },
    },
    l3_id: { type: 'string' },
    l3_link: { type: 'string' },
    l3_network_id: { type: 'string' },
    l3_ipv4_type: { type: 'string', enum: ['ipv4', 'ipv4_dhcp'] },
    l3_ipv6_type: { type: 'string', enum: ['ipv6', 'ipv6_dhcp', 'ipv6_slaac'] },
    l3_ipv4_host: { type: 'string', pattern: '^(?:(?:25[0-5]|2[0-4][0-9]|[01]?[0-9][0-9]?)\\.){3}(?:25[0-5]|2[0-4][0-9]|[01]?[0-9][0-9]?)$' },
    l3_ipv6_host: {
      type: 'string',
      pattern: '^(([0-9a-fA-F]{1,4}:){7,7}[0-9a-fA-F]{1,4}|([0-9a-fA-F]{1,4}:){1,7}:|([0-9a-fA-F]{1,4}:){1,6}:[0-9a-fA-F]{1,4}|([0-9a-fA-F]{1,4}:){1,5}(:[0-9a-fA-F]{1,4}){1,2}|([0-9a-fA-F]{1,4}:){1,4}(:[0-9a-fA-F]{1,4}){1,3}|([0-9a-fA-F]{1,4}:){1,3}(:[0-9a-fA-F]{1,4}){1,4}|([0-9a-fA-F]{1,4}:){1,2}(:[0-9a-fA-F]{1,4}){1,5}|[0-9a-fA-F]{1,4}:((:[0-9a-fA-F]{1,4}){1,6})|:((:[0-9a-fA-F]{1,4}){1,7}|:)|fe80:(:[0-9a-fA-F]{0,4}){0,4}%[0-9a-zA-Z]{1,}|::(ffff(:0{1,4}){0,1}:){0,1}((25[0-5]|(2[0-4]|1{0,1}[0-9]){0,1}[0-9])\\.){3,3}(25[0-5]|(2[0-4]|1{0,1}[0-9]){0,1}[0-9])|([0-9a-fA-F]{1,4}:){1,4}:((25[0-5]|(2[0-4]|1{0,1}[0-9]){0,1}[0-9])\\.){3,3}(25[0-5]|(2[0-4]|1{0,1}[0-9]){0,1}[0-9]))(/[0-9]{1,2})?$',
    },
    l3_ipv4_netmask: {
      type: 'string',
      pattern: '^(254|252|248|240|224|192|128|0)\\.0\\.0\\.0|255\\.(254|252|248|240|224|192|128|0)\\.0\\.0|255\\.255\\.(254|252|248|240|224|192|128|0)\\.0|255\\.255\\.255\\.(254|252|248|240|224|192|128|0)$',
    },
    l3_ipv6_netmask: {
      type: 'string',
      pattern: '^(([0-9a-fA-F]{1,4}:){7,7}[0-9a-fA-F]{1,4}|([0-9a-fA-F]{1,4}:){1,7}:|([0-9a-fA-F]{1,4}:){1,6}:[0-9a-fA-F]{1,4}|([0-9a-fA-F]{1,4}:){1,5}(:[0-9a-fA-F]{1,4}){1,2}|([0-9a-fA-F]{1,4}:){1,4}(:[0-9a-fA-F]{1,4}){1,3}|([0-9a-fA-F]{1,4}:){1,3}(:[0-9a-fA-F]{1,4}){1,4}|([0-9a-fA-F]{1,4}:){1,2}(:[0-9a-fA-F]{1,4}){1,5}|[0-9a-fA-F]{1,4}:((:[0-9a-fA-F]{1,4}){1,6})|:((:[0-9a-fA-F]{1,4}){1,7})|(::))$',
    },
    l3_ipv4_nw: {
      type: 'string',
      pattern: '^(([0-9]|[1-9][0-9]|1[0-9]{2}|2[0-4][0-9]|25[0-5])\\.){3}([0-9]|[1-9][0-9]|1[0-9]{2}|2[0-4][0-9]|25[0-5])$',
    },
    l3_ipv6_nw: {
      type: 'string',
      pattern: '^(([0-9a-fA-F]{1,4}:){7,7}[0-9a-fA-F]{1,4}|([0-9a-fA-F]{1,4}:){1,7}:|([0-9a-fA-F]{1,4}:){1,6}:[0-9a-fA-F]{1,4}|([0-9a-fA-F]{1,4}:){1,5}(:[0-9a-fA-F]{1,4}){1,2}|([0-9a-fA-F]{1,4}:){1,4}(:[0-9a-fA-F]{1,4}){1,3}|([0-9a-fA-F]{1,4}:){1,3}(:[0-9a-fA-F]{1,4}){1,4}|([0-9a-fA-F]{1,4}:){1,2}(:[0-9a-fA-F]{1,4}){1,5}|[0-9a-fA-F]{1,4}:((:[0-9a-fA-F]{1,4}){1,6})|:((:[0-9a-fA-F]{1,4}){1,7})|(::))$',
    },
    l3_ipv4_gateway: { type: 'string', pattern: '^(?:(?:25[0-5]|2[0-4][0-9]|[01]?[0-9][0-9]?)\\.){3}(?:25[0-5]|2[0-4][0-9]|[01]?[0-9][0-9]?)$' },
    l3_ipv6_gateway: {
      type: 'string',
      pattern: '^(([0-9a-fA-F]{1,4}:){7,7}[0-9a-fA-F]{1,4}|([0-9a-fA-F]{1,4}:){1,7}:|([0-9a-fA-F]{1,4}:){1,6}:[0-9a-fA-F]{1,4}|([0-9a-fA-F]{1,4}:){1,5}(:[0-9a-fA-F]{1,4}){1,2}|([0-9a-fA-F]{1,4}:){1,4}(:[0-9a-fA-F]{1,4}){1,3}|([0-9a-fA-F]{1,4}:){1,3}(:[0-9a-fA-F]{1,4}){1,4}|([0-9a-fA-F]{1,4}:){1,2}(:[0-9a-fA-F]{1,4}){1,5}|[0-9a-fA-F]{1,4}:((:[0-9a-fA-F]{1,4}){1,6})|:((:[0-9a-fA-F]{1,4}){1,7}|:)|fe80:(:[0-9a-fA-F]{0,4}){0,4}%[0-9a-zA-Z]{1,}|::(ffff(:0{1,4}){0,1}:){0,1}((25[0-5]|(2[0-4]|1{0,1}[0-9]){0,1}[0-9])\\.){3,3}(25[0-5]|(2[0-4]|1{0,1}[0-9]){0,1}[0-9])|([0-9a-fA-F]{1,4}:){1,4}:((25[0-5]|(2[0-4]|1{0,1}[0-9]){0,1}[0-9])\\.){3,3}(25[0-5]|(2[0-4]|1{0,1}[0-9]){0,1}[0-9]))$',
    },
    l3_ipv4_network_route: networkRoute('ipv4'),
    l3_ipv6_network_route: networkRoute('ipv6'),
    l3_ipv4_network: network('ipv4'),
    l3_ipv6_network: network('ipv6'),
    ipv4_service: service('ipv4'),
    ipv6_service: service('ipv6'),
    ipv4_services: { type: 'array', items: { '$ref': '#/definitions/ipv4_service' } },
    ipv6_services: { type: 'array', items: { '$ref': '#/definitions/ipv6_service' } },
    services: { type: 'array', items: { anyOf: [{ '$ref': '#/definitions/ipv4_service' }, { '$ref': '#/definitions/ipv6_service' }] } },
  },
};

const STRING = { type: ['string', 'null'] } as const;
const OBJECT = { type: ['object', 'null'] } as const;
const FLAG = { type: ['string', 'boolean', 'null'] } as const;

/** `POST /v1/nodes` (Ironic's `node_schema`): its properties in Ironic's order, which decides which problem is reported first. */
export const NODE_SCHEMA: Schema = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  type: 'object',
  properties: {
    automated_clean: FLAG,
    bios_interface: STRING,
    boot_interface: STRING,
    boot_mode: STRING,
    chassis_uuid: STRING,
    conductor_group: STRING,
    console_enabled: FLAG,
    console_interface: STRING,
    deploy_interface: STRING,
    description: { type: ['string', 'null'], maxLength: 4096 },
    driver: { type: 'string' },
    driver_info: OBJECT,
    extra: OBJECT,
    inspect_interface: STRING,
    instance_info: OBJECT,
    instance_uuid: STRING,
    lessee: STRING,
    management_interface: STRING,
    maintenance: FLAG,
    name: STRING,
    network_data: { anyOf: [{ type: 'null' }, { type: 'object', additionalProperties: false }, NETWORK_DATA_SCHEMA] },
    network_interface: STRING,
    owner: STRING,
    power_interface: STRING,
    properties: OBJECT,
    raid_interface: STRING,
    rescue_interface: STRING,
    resource_class: { type: ['string', 'null'], maxLength: 80 },
    retired: FLAG,
    retired_reason: STRING,
    secure_boot: FLAG,
    shard: STRING,
    storage_interface: STRING,
    uuid: STRING,
    vendor_interface: STRING,
  },
  required: ['driver'],
  additionalProperties: false,
  definitions: NETWORK_DATA_SCHEMA.definitions,
};

/** A node after a PATCH (Ironic's `node_patch_schema`): the creation schema plus the protection fields. */
export const NODE_PATCH_SCHEMA: Schema = {
  ...NODE_SCHEMA,
  properties: { ...(NODE_SCHEMA.properties as object), protected: FLAG, protected_reason: STRING },
};

/** Fields Ironic parses after the schema (`NODE_VALIDATE_EXTRA`), in its order: strict booleans and UUIDs. */
const EXTRA_CHECKS: readonly (readonly [string, 'boolean' | 'uuid'])[] = [
  ['automated_clean', 'boolean'],
  ['chassis_uuid', 'uuid'],
  ['console_enabled', 'boolean'],
  ['instance_uuid', 'uuid'],
  ['protected', 'boolean'],
  ['maintenance', 'boolean'],
  ['retired', 'boolean'],
  ['uuid', 'uuid'],
];

/**
 * Checks a node body against `schema` as Ironic does (400 `Schema error for <what>: …`), then
 * its booleans (strings such as `"True"` become booleans) and UUIDs. Returns the body with its
 * booleans parsed.
 */
export function checkNodeBody(what: 'node' | 'patch', body: unknown, schema: Schema): Record<string, unknown> {
  const problem = validationError(body, schema);
  if (problem) throw badRequest(`Schema error for ${what}: ${describeSchemaError(problem)}`);
  const checked = { ...(body as Record<string, unknown>) };
  for (const [field, kind] of EXTRA_CHECKS) {
    const value = checked[field];
    if (value === undefined || value === null) continue;
    if (kind === 'boolean') checked[field] = typeof value === 'boolean' ? value : parseBoolean(field, String(value));
    else if (!isUuidLike(String(value))) throw badRequest(`Expected UUID for ${field}: ${String(value)}`);
  }
  return checked;
}

/** `PATCH`'s check of a whole new `network_data` (Ironic's `validate_network_data`; its message ends with a space). */
export function checkNetworkData(value: unknown): void {
  const problem = validationError(value, NETWORK_DATA_SCHEMA);
  if (problem) throw new ApiError(400, `Invalid network_data: ${problem.message} `);
}
