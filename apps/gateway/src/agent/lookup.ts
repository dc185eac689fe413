/** The rules of Ironic's ramdisk look-up (`GET /v1/lookup`), kept apart from the HTTP layer. */
import { LOOKUP_ALLOWED_STATES, type Node, type Schema } from '@ironledger/domain';
import { ApiError, badRequest } from '../http/errors.js';
import { NODE_VIEW_SCHEMA } from '../nodes/node-view.schema.js';
import { LINKS_SCHEMA } from '../http/views.js';

/** Ironic answers every failed look-up alike, so that a ramdisk learns nothing about nodes it is not on. */
export const RAMDISK_NOT_FOUND = 'Resource could not be found.';

const MAC = /^([0-9a-f]{2}[:-]){5}[0-9a-f]{2}$/i;
const UUID = /^[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}$/i;

/** How long an agent may stay silent before its ramdisk counts as gone (Ironic's `[api]ramdisk_heartbeat_timeout`). */
export const RAMDISK_HEARTBEAT_TIMEOUT_S = 300;

/** What a node finder needs: nodes by UUID and by a port's MAC address. */
export interface LookupNodes {
  lookup(ident: string): Node | undefined;
  nodeWithAddress(address: string): Node | undefined;
}

/**
 * The node a look-up names: by `node_uuid` when given, else by the first of `addresses` (a
 * comma-separated list; malformed MACs are ignored, as Ironic ignores them) that a port has.
 * Only nodes where a ramdisk may run are found.
 */
export function findLookupNode(addresses: string | undefined, nodeUuid: string | undefined, nodes: LookupNodes): Node {
  if (nodeUuid !== undefined && !UUID.test(nodeUuid)) throw badRequest(`Expected UUID for node_uuid: ${nodeUuid}`);
  const macs = (addresses ?? '').split(',').map((mac) => mac.trim()).filter((mac) => MAC.test(mac)).map((mac) => mac.toLowerCase().replace(/-/g, ':'));
  if (macs.length === 0 && !nodeUuid) throw badRequest("At least one of 'addresses' and 'node_uuid' parameters is required");
  const node = nodeUuid ? nodes.lookup(nodeUuid.toLowerCase()) : macs.map((mac) => nodes.nodeWithAddress(mac)).find((found) => found !== undefined);
  if (!node || !LOOKUP_ALLOWED_STATES.has(node.provision_state)) throw new ApiError(404, RAMDISK_NOT_FOUND);
  return node;
}

/** The `config` a look-up hands the agent, with Ironic's defaults for what ironledger does not configure. */
export function lookupConfig(token: string | null) {
  return {
    metrics: { backend: 'noop', prepend_host: false, prepend_uuid: false, prepend_host_reverse: true, global_prefix: null },
    metrics_statsd: { statsd_host: 'localhost', statsd_port: 8125 },
    heartbeat_timeout: RAMDISK_HEARTBEAT_TIMEOUT_S,
    agent_token: token,
    agent_token_required: true,
    disable_deep_image_inspection: false,
    permitted_image_formats: ['raw', 'qcow2', 'iso'],
    enable_bios_bootloader_install: true,
  };
}

/** `GET /v1/lookup`: the node (its uuid, properties, instance_info, driver_internal_info and links) and the agent's `config`. */
export const LOOKUP_SCHEMA: Schema = {
  type: 'object',
  properties: {
    node: { $ref: '#/definitions/Node' },
    config: {
      type: 'object',
      properties: {
        metrics: { type: 'object' },
        metrics_statsd: { type: 'object' },
        heartbeat_timeout: { type: 'integer' },
        agent_token: { type: ['string', 'null'], description: 'Issued to the first look-up of a boot (from 1.62), masked afterwards; `null` below 1.62.' },
        agent_token_required: { type: 'boolean' },
        disable_deep_image_inspection: { type: 'boolean' },
        permitted_image_formats: { type: 'array', items: { type: 'string' } },
        enable_bios_bootloader_install: { type: 'boolean' },
      },
      required: Object.keys(lookupConfig(null)),
      additionalProperties: false,
    },
  },
  required: ['node', 'config'],
  additionalProperties: false,
  definitions: { Node: NODE_VIEW_SCHEMA, Links: LINKS_SCHEMA },
};
