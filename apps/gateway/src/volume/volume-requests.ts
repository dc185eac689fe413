/**
 * `POST` and `PATCH` of volume connectors and targets as Ironic's API checks them: schema,
 * validators, the node named, in Ironic's order. Power state rules are the conductor's.
 */
import { type AddVolumeConnector, type AddVolumeTarget, type JsonObject, type Node, NodeNotFoundError, pythonRepr, type UpdateVolumeConnector, type UpdateVolumeTarget, type VolumeConnector, type VolumeTarget } from '@ironledger/domain';
import { badRequest } from '../http/errors.js';
import { isUuidLike, uuidArg } from '../http/ironic-args.js';
import { applyPatch, parsePatch, patchValues } from '../http/json-patch.js';
import { type Schema, schemaErrorFor } from '@ironledger/domain';

/** `POST /v1/volume/connectors`, and a connector once a PATCH is applied. */
export const CONNECTOR_SCHEMA: Schema = {
  type: 'object',
  properties: {
    connector_id: { type: 'string' },
    extra: { type: ['object', 'null'] },
    node_uuid: { type: 'string' },
    type: { type: 'string' },
    uuid: { type: ['string', 'null'] },
  },
  required: ['connector_id', 'node_uuid', 'type'],
  additionalProperties: false,
};

/** `POST /v1/volume/targets`, and a target once a PATCH is applied. */
export const TARGET_SCHEMA: Schema = {
  type: 'object',
  properties: {
    boot_index: { type: 'integer' },
    extra: { type: ['object', 'null'] },
    node_uuid: { type: 'string' },
    properties: { type: ['object', 'null'] },
    volume_id: { type: 'string' },
    volume_type: { type: 'string' },
    uuid: { type: ['string', 'null'] },
  },
  required: ['boot_index', 'node_uuid', 'volume_id', 'volume_type'],
  additionalProperties: false,
};

/** What `PATCH` may touch, in the order of Ironic's refusal. */
export const CONNECTOR_PATCHABLE = ['connector_id', 'extra', 'node_uuid', 'type'];
export const TARGET_PATCHABLE = ['boot_index', 'extra', 'node_uuid', 'properties', 'volume_id', 'volume_type'];

type NodeOf = (uuid: string) => Node | undefined;

/** The body after Ironic's schema and its `node_uuid` and `uuid` validators. */
function checkBody(body: unknown, name: string, schema: Schema): Record<string, unknown> & { node_uuid: string; uuid?: string | null } {
  const error = schemaErrorFor(name, body, schema) ?? (body === null ? `Schema error for ${name}: None is not of type 'object'` : undefined);
  if (error) throw badRequest(error);
  const checked = body as Record<string, unknown> & { node_uuid: string; uuid?: string | null };
  uuidArg('node_uuid', checked.node_uuid);
  if (typeof checked.uuid === 'string') uuidArg('uuid', checked.uuid);
  return checked;
}

/** The node a new connector or target names: a 400 with Ironic's (trailing-space) words when unknown. */
function ownerOf(nodeOf: NodeOf, uuid: string): Node {
  const node = nodeOf(uuid);
  if (!node) throw badRequest(`Invalid input for field/attribute node_uuid. Value: '${uuid}'. `);
  return node;
}

export function planConnectorCreate(body: unknown, nodeOf: NodeOf): { node: Node; data: Omit<AddVolumeConnector['data'], 'uuid'> & { uuid?: string } } {
  const connector = checkBody(body === undefined ? {} : body, 'connector', CONNECTOR_SCHEMA);
  const node = ownerOf(nodeOf, connector.node_uuid);
  return {
    node,
    data: { ...(connector.uuid ? { uuid: connector.uuid } : {}), type: connector.type as string, connector_id: connector.connector_id as string, extra: (connector.extra as JsonObject | null) ?? {} },
  };
}

export function planTargetCreate(body: unknown, nodeOf: NodeOf): { node: Node; data: Omit<AddVolumeTarget['data'], 'uuid'> & { uuid?: string } } {
  const target = checkBody(body === undefined ? {} : body, 'target', TARGET_SCHEMA);
  const node = ownerOf(nodeOf, target.node_uuid);
  return {
    node,
    data: {
      ...(target.uuid ? { uuid: target.uuid } : {}),
      volume_type: target.volume_type as string,
      properties: (target.properties as JsonObject | null) ?? {},
      boot_index: target.boot_index as number,
      volume_id: target.volume_id as string,
      extra: (target.extra as JsonObject | null) ?? {},
    },
  };
}

export function planConnectorPatch(connector: VolumeConnector, node: Node, body: unknown, nodeOf: NodeOf): Omit<UpdateVolumeConnector['data'], 'uuid'> {
  const { patched, target } = patchItem(body, CONNECTOR_PATCHABLE, { connector_id: connector.connector_id, extra: connector.extra, node_uuid: node.uuid, type: connector.type, uuid: connector.uuid }, node, nodeOf);
  checkBody(patched, 'patch', CONNECTOR_SCHEMA);
  const changes = { type: patched.type as string, connector_id: patched.connector_id as string, extra: (patched.extra as JsonObject | null | undefined) ?? {} };
  return { changes, ...(target.uuid !== node.uuid ? { to_node: target.uuid } : {}) };
}

export function planTargetPatch(volumeTarget: VolumeTarget, node: Node, body: unknown, nodeOf: NodeOf): Omit<UpdateVolumeTarget['data'], 'uuid'> {
  const current = {
    boot_index: volumeTarget.boot_index,
    extra: volumeTarget.extra,
    node_uuid: node.uuid,
    properties: volumeTarget.properties,
    volume_id: volumeTarget.volume_id,
    volume_type: volumeTarget.volume_type,
    uuid: volumeTarget.uuid,
  };
  const { patched, target } = patchItem(body, TARGET_PATCHABLE, current, node, nodeOf);
  checkBody(patched, 'patch', TARGET_SCHEMA);
  const changes = {
    boot_index: patched.boot_index as number,
    extra: (patched.extra as JsonObject | null | undefined) ?? {},
    properties: (patched.properties as JsonObject | null | undefined) ?? {},
    volume_id: patched.volume_id as string,
    volume_type: patched.volume_type as string,
  };
  return { changes, ...(target.uuid !== node.uuid ? { to_node: target.uuid } : {}) };
}

/** The patch applied (the `node_uuid` values checked first, as Ironic does), and the node the item is on afterwards. */
function patchItem(body: unknown, patchable: readonly string[], current: JsonObject, node: Node, nodeOf: NodeOf): { patched: JsonObject; target: Node } {
  const operations = parsePatch(body, patchable);
  for (const value of patchValues(operations, '/node_uuid')) {
    if (typeof value !== 'string' || !isUuidLike(value)) throw badRequest(`Expected a UUID for node_uuid, but received ${pythonString(value)}.`);
  }
  const patched = applyPatch(current, operations);
  const uuid = patched.node_uuid;
  if (typeof uuid !== 'string' || uuid === node.uuid) return { patched, target: node };
  const target = nodeOf(uuid);
  if (!target) throw badRequest(new NodeNotFoundError(uuid).message);
  return { patched, target };
}

/** A JSON value as Python's `str` prints it. */
function pythonString(value: unknown): string {
  return typeof value === 'string' ? value : pythonRepr(value);
}
