import { describe, expect, it } from '@jest/globals';
import { type Node } from '@ironledger/domain';
import { ApiError } from '../http/errors.js';
import { planConnectorCreate, planConnectorPatch, planTargetCreate, planTargetPatch } from './volume-requests.js';
import { aNode, NODE_UUID } from '../testing/nodes.js';

const OTHER = '5f0c1e8a-3d4b-4c6e-8f7a-000000000002';
const UNKNOWN = '0e8e4f3c-1b2a-4c5d-9e8f-7a6b5c4d3e2f';
const node = aNode();
const nodes: Record<string, Node> = { [NODE_UUID]: node, [OTHER]: aNode({ uuid: OTHER }) };
const nodeOf = (uuid: string) => nodes[uuid];
const refusal = (message: string) => new ApiError(400, message);
const connector = { uuid: '9f2b7c1e-0000-4000-8000-0000000000c1', type: 'iqn', connector_id: 'iqn.x', extra: {}, created_at: 'x', updated_at: null };
const target = { uuid: '9f2b7c1e-0000-4000-8000-0000000000d1', volume_type: 'iscsi', properties: { auth_password: 'pw' }, boot_index: 0, volume_id: 'v', extra: {}, created_at: 'x', updated_at: null };

describe('volume requests', () => {
  it('create connectors and targets with Ironic’s defaults, refusing an unknown node in Ironic’s words', () => {
    expect(planConnectorCreate({ node_uuid: NODE_UUID, type: 'bogus-type', connector_id: 'x', extra: null }, nodeOf).data).toEqual({ type: 'bogus-type', connector_id: 'x', extra: {} });
    expect(planTargetCreate({ node_uuid: NODE_UUID, volume_type: 'iscsi', boot_index: -1, volume_id: 'v' }, nodeOf).data).toEqual({ volume_type: 'iscsi', properties: {}, boot_index: -1, volume_id: 'v', extra: {} });
    expect(() => planConnectorCreate({ node_uuid: UNKNOWN, type: 'iqn', connector_id: 'x' }, nodeOf)).toThrow(refusal(`Invalid input for field/attribute node_uuid. Value: '${UNKNOWN}'. `));
    expect(() => planTargetCreate({ node_uuid: NODE_UUID, volume_type: 'iscsi', boot_index: 1.5, volume_id: 'v' }, nodeOf)).toThrow(refusal("Schema error for target: 1.5 is not of type 'integer'"));
  });

  it('patch them, a connector’s type and ID always together, the real properties of a target kept', () => {
    expect(planConnectorPatch(connector, node, [{ op: 'add', path: '/extra/a', value: 1 }], nodeOf)).toEqual({ changes: { type: 'iqn', connector_id: 'iqn.x', extra: { a: 1 } } });
    expect(planTargetPatch(target, node, [{ op: 'add', path: '/properties/lun', value: 2 }, { op: 'replace', path: '/node_uuid', value: OTHER }], nodeOf)).toEqual({
      changes: { boot_index: 0, extra: {}, properties: { auth_password: 'pw', lun: 2 }, volume_id: 'v', volume_type: 'iscsi' },
      to_node: OTHER,
    });
    expect(() => planConnectorPatch(connector, node, [{ op: 'replace', path: '/node_uuid', value: 5 }], nodeOf)).toThrow(refusal('Expected a UUID for node_uuid, but received 5.'));
    expect(() => planTargetPatch(target, node, [{ op: 'remove', path: '/volume_id' }], nodeOf)).toThrow(refusal("Schema error for patch: 'volume_id' is a required property"));
  });
});
