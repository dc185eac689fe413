import { describe, expect, it } from '@jest/globals';
import { DEFAULT_PORTGROUP_FIELDS, type Node, type Portgroup } from '@ironledger/domain';
import { ApiError } from '../http/errors.js';
import { Microversion } from '../http/microversion.js';
import { planPortgroupCreate, planPortgroupPatch } from './portgroup-requests.js';
import { aNode, NODE_UUID } from '../testing/nodes.js';

const latest = new Microversion(82);
const OTHER = '5f0c1e8a-3d4b-4c6e-8f7a-000000000002';
const node = aNode({ provision_state: 'manageable' });
const nodes: Record<string, Node> = { [NODE_UUID]: node, [OTHER]: aNode({ uuid: OTHER }) };
const nodeOf = (uuid: string) => nodes[uuid];
const group: Portgroup = { ...DEFAULT_PORTGROUP_FIELDS, uuid: '7c1d0f6e-1111-4a2b-9c3d-000000000001', name: 'bond0', internal_info: {}, created_at: 'x', updated_at: null };
const refusal = (status: number, message: string) => new ApiError(status, message);

describe('POST /v1/portgroups', () => {
  it('leaves an absent, null or empty mode to the default, and takes booleans as strings', () => {
    for (const mode of [{}, { mode: null }, { mode: '' }]) expect(planPortgroupCreate({ node_uuid: NODE_UUID, ...mode }, latest, nodeOf).data).not.toHaveProperty('mode');
    expect(planPortgroupCreate({ node_uuid: NODE_UUID, name: '', standalone_ports_supported: 'off', address: 'AA:BB:CC:DD:EE:FF', extra: null }, latest, nodeOf).data).toEqual({
      name: '', address: 'aa:bb:cc:dd:ee:ff', extra: {}, properties: {}, standalone_ports_supported: false,
    });
  });

  it('refuses as Ironic does', () => {
    const create = (body: object, version = latest) => () => planPortgroupCreate(body, version, nodeOf);
    expect(create({ node_uuid: NODE_UUID, name: 'bad name' })).toThrow(refusal(400, "Cannot create portgroup with invalid name 'bad name'"));
    expect(create({ node_uuid: NODE_UUID, name: 'x'.repeat(256) })).toThrow(`Cannot create portgroup with invalid name '${'x'.repeat(256)}'`);
    expect(create({ node_uuid: NODE_UUID, mode: 'balance-rr' }, new Microversion(25))).toThrow(refusal(406, 'Request not acceptable.'));
    expect(create({ node_uuid: NODE_UUID, properties: {} }, new Microversion(25))).not.toThrow();
    expect(create({ node_uuid: NODE_UUID, standalone_ports_supported: null })).toThrow(refusal(400, "Field `standalone_ports_supported' cannot be None"));
    expect(create({ node_uuid: OTHER.replace('2', '9') })).toThrow(refusal(400, `Node ${OTHER.replace('2', '9')} could not be found.`));
    expect(create({ name: 'x' })).toThrow(refusal(400, "Schema error for portgroup: 'node_uuid' is a required property"));
  });
});

describe('PATCH /v1/portgroups/{ident}', () => {
  const patch = (body: unknown, version = latest, on = node) => planPortgroupPatch(group, on, 'bond0', body, version, nodeOf);

  it('sends the patched fields, and the node the group moves to', () => {
    expect(patch([{ op: 'replace', path: '/mode', value: null }, { op: 'remove', path: '/name' }]).changes).toEqual({
      address: null, extra: {}, mode: null, name: null, properties: {}, standalone_ports_supported: true,
    });
    expect(patch([{ op: 'replace', path: '/node_uuid', value: OTHER }])).toMatchObject({ to_node: OTHER });
  });

  it('refuses as Ironic does', () => {
    expect(() => patch([{ op: 'remove', path: '/mode' }])).toThrow(refusal(400, "'mode' is a mandatory attribute and can not be removed"));
    expect(() => patch([{ op: 'replace', path: '/name', value: 'bad name' }])).toThrow(refusal(400, "Portgroup bond0: Cannot change name to invalid name 'bad name'"));
    expect(() => patch([{ op: 'add', path: '/properties/miimon', value: 1 }], new Microversion(25))).toThrow(refusal(406, 'Request not acceptable.'));
    expect(() => patch([{ op: 'remove', path: '/standalone_ports_supported' }])).toThrow(refusal(400, "Field `standalone_ports_supported' cannot be None"));
    expect(() => patch([{ op: 'replace', path: '/node_uuid', value: 'n2' }])).toThrow(refusal(400, 'Expected a UUID or int but received n2.'));
    expect(() => patch([{ op: 'add', path: '/extra/a', value: 1 }], latest, { ...node, provision_state: 'inspecting' })).toThrow(
      refusal(409, `Cannot update portgroup "${group.uuid}" on node "${NODE_UUID}" while it is in state "inspecting".`),
    );
  });

  it('below 1.26 checks only the first operation for a mode or properties change, as Ironic 21.4 does (it applies the later ones)', () => {
    const early = new Microversion(23);
    expect(() => patch([{ op: 'replace', path: '/mode', value: '802.3ad' }, { op: 'add', path: '/extra/a', value: '1' }], early)).toThrow(refusal(406, 'Request not acceptable.'));
    expect(patch([{ op: 'add', path: '/extra/a', value: '1' }, { op: 'replace', path: '/mode', value: '802.3ad' }, { op: 'add', path: '/properties/x', value: '1' }], early).changes).toMatchObject({
      extra: { a: '1' }, mode: '802.3ad', properties: { x: '1' },
    });
  });
});
