import { describe, expect, it } from '@jest/globals';
import { newPort, type Node, type Portgroup } from '@ironledger/domain';
import { ApiError } from '../http/errors.js';
import { Microversion } from '../http/microversion.js';
import { checkPort } from './port-body.js';
import { planPortCreate, planPortPatch, type PortFleet } from './port-requests.js';
import { aNode, NODE_UUID } from '../testing/nodes.js';

const latest = new Microversion(82);
const OTHER = '5f0c1e8a-3d4b-4c6e-8f7a-000000000002';
const UNKNOWN = '0e8e4f3c-1b2a-4c5d-9e8f-7a6b5c4d3e2f';
const G1 = '7c1d0f6e-1111-4a2b-9c3d-000000000001';
const G2 = '7c1d0f6e-1111-4a2b-9c3d-000000000002';
const MAC = '52:54:00:12:34:56';
const group = (uuid: string, fields: Partial<Portgroup> = {}): Portgroup => ({
  uuid, name: null, address: null, extra: {}, internal_info: {}, mode: 'active-backup', properties: {}, standalone_ports_supported: true, created_at: 'x', updated_at: null, ...fields,
});
const node = aNode({ provision_state: 'manageable' });
const other = aNode({ uuid: OTHER, name: 'n2' });
const nodes: Record<string, Node> = { [NODE_UUID]: node, [OTHER]: other };
const groups: Record<string, { item: Portgroup; node: Node }> = { [G1]: { item: group(G1), node }, [G2]: { item: group(G2), node: other } };
const fleet: PortFleet = { node: (uuid) => nodes[uuid], portgroup: (uuid) => groups[uuid] };
const refusal = (status: number, message: string) => new ApiError(status, message);
const create = (body: object, version = latest) => planPortCreate(body, version, fleet);

describe('a port body', () => {
  // Each expectation is what Ironic 21.4's validators answer for the same body.
  it('is checked against Ironic’s schema, then its field validators, in Ironic’s words', () => {
    const cases: [unknown, string][] = [
      [{ address: 5, extra: 'x', node_uuid: 3 }, "Schema error for port: 5 is not of type 'string'"],
      [{ extra: 'x', bogus: 1 }, "Schema error for port: 'address' is a required property"],
      [{ address: 'aa', node_uuid: 'x', pxe_enabled: 1, extra: [] }, "Schema error for port: [] is not of type 'object', 'null'"],
      [{ address: 'aa', node_uuid: 'x' }, 'Expected valid MAC address for address: aa'],
      [{ address: MAC, node_uuid: 'x' }, 'Expected UUID for node_uuid: x'],
      [{ address: MAC, node_uuid: UNKNOWN, internal_info: {}, name: 'x' }, "Schema error for port: Additional properties are not allowed ('internal_info', 'name' were unexpected)"],
      [{ address: null, node_uuid: UNKNOWN }, "Schema error for port: None is not of type 'string'"],
      [[], "Schema error for port: [] is not of type 'object'"],
      [{ address: MAC, node_uuid: UNKNOWN, pxe_enabled: 'nope' }, "Invalid pxe_enabled: Unrecognized value 'nope', acceptable values are: '0', '1', 'f', 'false', 'n', 'no', 'off', 'on', 't', 'true', 'y', 'yes'"],
      [{ address: MAC, node_uuid: UNKNOWN, physical_network: 'p'.repeat(65) }, `Schema error for port: '${'p'.repeat(65)}' is too long`],
      [{ address: MAC, node_uuid: UNKNOWN, portgroup_uuid: 'pgname' }, 'Expected UUID for portgroup_uuid: pgname'],
      [{ address: MAC, node_uuid: UNKNOWN, uuid: 'abc' }, 'Expected UUID for uuid: abc'],
    ];
    for (const [body, message] of cases) expect(() => checkPort(body, 'port')).toThrow(refusal(400, message));
  });

  it('checks the local link connection against Ironic’s four forms, with jsonschema’s root causes', () => {
    const link = (local_link_connection: unknown) => () => checkPort({ address: MAC, node_uuid: UNKNOWN, local_link_connection }, 'port');
    const prefix = 'Schema error for local_link_connection: ';
    expect(link({ port_id: 'p1' })).toThrow(`${prefix}{'port_id': 'p1'} is not valid under any of the given schemas. Possible root cause: 'switch_id' is a required property`);
    expect(link({ switch_id: 'aa:bb:cc:dd:ee:ff' })).toThrow("Possible root cause: 'port_id' is a required property");
    expect(link({ switch_id: 'aa:bb:cc:dd:ee:ff', port_id: 'x', bogus: 1 })).toThrow("Possible root cause: Additional properties are not allowed ('bogus' was unexpected)");
    expect(link({ network_type: 'managed' })).toThrow(refusal(400, `${prefix}'managed' is not one of ['unmanaged']`));
    expect(link({ network_type: 'bogus' })).toThrow("Possible root cause: 'port_id' is a required property");
    expect(link({ switch_id: 'aa:bb:cc:dd:ee:ff', port_id: 1 })).toThrow("Possible root cause: 'hostname' is a required property");
    expect(link('str')).toThrow(refusal(400, "Schema error for port: 'str' is not of type 'null', 'object'"));
    expect(link({ switch_id: 'notamac', port_id: 'p' })).toThrow(refusal(400, 'Expected a MAC address or OpenFlow datapath ID but received notamac.'));
    expect(checkPort({ address: MAC, node_uuid: UNKNOWN, local_link_connection: { switch_id: 'AABBCCDDEEFF0011', port_id: 'p' } }, 'port').local_link_connection).toEqual({ switch_id: 'aabbccddeeff0011', port_id: 'p' });
  });
});

describe('POST /v1/ports', () => {
  it('takes the CLI’s booleans as strings and Ironic’s defaults, and leaves an absent pxe_enabled absent', () => {
    expect(create({ address: MAC.toUpperCase(), node_uuid: NODE_UUID, pxe_enabled: 'True', is_smartnic: 'false', extra: null })).toEqual({
      node,
      data: { address: MAC, extra: {}, local_link_connection: {}, pxe_enabled: true, is_smartnic: false, physical_network: null, portgroup_uuid: null },
    });
    expect(create({ address: MAC, node_uuid: NODE_UUID }).data).not.toHaveProperty('pxe_enabled');
  });

  it('refuses an unknown node (400), fields the version lacks (406), and port groups that are not the node’s', () => {
    expect(() => create({ address: MAC, node_uuid: UNKNOWN })).toThrow(refusal(400, `Node ${UNKNOWN} could not be found.`));
    expect(() => create({ address: MAC, node_uuid: NODE_UUID, pxe_enabled: false }, new Microversion(18))).toThrow(refusal(406, 'Request not acceptable.'));
    expect(() => create({ address: MAC, node_uuid: NODE_UUID, is_smartnic: false }, new Microversion(52))).toThrow(refusal(406, 'Request not acceptable.'));
    expect(() => create({ address: MAC, node_uuid: NODE_UUID, local_link_connection: { network_type: 'unmanaged' } }, new Microversion(63))).toThrow(refusal(406, 'Request not acceptable.'));
    expect(() => create({ address: MAC, node_uuid: NODE_UUID, portgroup_uuid: UNKNOWN })).toThrow(refusal(400, `Portgroup ${UNKNOWN} could not be found.`));
    expect(() => create({ address: MAC, node_uuid: NODE_UUID, portgroup_uuid: G2 })).toThrow('Port can not be added to a portgroup belonging to a different node.');
    expect(create({ address: MAC, node_uuid: NODE_UUID, portgroup_uuid: G1 }).data.portgroup_uuid).toBe(G1);
  });

  it('applies the API’s own rules: Smart NIC links, a non-empty physical network, no null pxe_enabled', () => {
    const smartNic = 'Smart NIC port must have port_id and hostname in local_link_connection';
    expect(() => create({ address: MAC, node_uuid: NODE_UUID, is_smartnic: true, local_link_connection: {} })).toThrow(refusal(400, smartNic));
    expect(() => create({ address: MAC, node_uuid: NODE_UUID, is_smartnic: 'yes', local_link_connection: { switch_id: 'aa:bb:cc:dd:ee:ff', port_id: 'p' } })).toThrow(smartNic);
    expect(create({ address: MAC, node_uuid: NODE_UUID, is_smartnic: true }).data.is_smartnic).toBe(true);
    expect(() => create({ address: MAC, node_uuid: NODE_UUID, physical_network: '' })).toThrow(refusal(400, 'A non-empty value is required when setting physical_network'));
    expect(() => create({ address: MAC, node_uuid: NODE_UUID, pxe_enabled: null })).toThrow(refusal(400, "Field `pxe_enabled' cannot be None"));
  });
});

describe('PATCH /v1/ports/{uuid}', () => {
  const port = newPort({ uuid: '9f2b7c1e-0000-4000-8000-0000000000a1', address: MAC }, 'x');
  const patch = (operations: unknown, version = latest, on = node) => planPortPatch(port, on, operations, version, fleet);

  it('applies add, replace and remove to the patchable fields and sends what they give', () => {
    expect(patch([{ op: 'add', path: '/extra/a', value: 1 }, { op: 'add', path: '/pxe_enabled', value: 'False' }, { op: 'add', path: '/local_link_connection/switch_id', value: 'AA:BB:CC:DD:EE:FF' }, { op: 'add', path: '/local_link_connection/port_id', value: 'Eth1' }])).toEqual({
      changes: { address: MAC, extra: { a: 1 }, is_smartnic: false, local_link_connection: { switch_id: 'aa:bb:cc:dd:ee:ff', port_id: 'Eth1' }, physical_network: null, portgroup_uuid: null, pxe_enabled: false },
    });
    expect(patch([])).toMatchObject({ changes: { address: MAC } });
    expect(patch([{ op: 'replace', path: '/node_uuid', value: OTHER }])).toMatchObject({ to_node: OTHER });
    expect(patch([{ op: 'replace', path: '/portgroup_uuid', value: G1 }]).changes.portgroup_uuid).toBe(G1);
  });

  it('changes the port group only when the first operation does, as Ironic (which drops a later change unchecked)', () => {
    const grouped = { ...port, portgroup_uuid: G1 };
    const patchGrouped = (operations: unknown) => planPortPatch(grouped, node, operations, latest, fleet).changes.portgroup_uuid;
    expect(patchGrouped([{ op: 'remove', path: '/portgroup_uuid' }, { op: 'add', path: '/extra/a', value: 1 }])).toBeNull();
    expect(patchGrouped([{ op: 'add', path: '/extra/a', value: 1 }, { op: 'remove', path: '/portgroup_uuid' }])).toBe(G1);
    expect(patch([{ op: 'add', path: '/extra/a', value: 1 }, { op: 'replace', path: '/portgroup_uuid', value: UNKNOWN }]).changes.portgroup_uuid).toBeNull();
  });

  it('refuses an empty physical network only when the first operation sets it, as Ironic (which stores a later one)', () => {
    expect(() => patch([{ op: 'replace', path: '/physical_network', value: '' }, { op: 'add', path: '/extra/a', value: 1 }])).toThrow(refusal(400, 'A non-empty value is required when setting physical_network'));
    expect(patch([{ op: 'add', path: '/extra/a', value: 1 }, { op: 'replace', path: '/physical_network', value: '' }]).changes.physical_network).toBe('');
  });

  it('refuses what Ironic refuses, with its words', () => {
    const cases: [unknown, number, string][] = [
      [{ op: 'replace', path: '/x', value: 1 }, 400, "Schema error for patch: {'op': 'replace', 'path': '/x', 'value': 1} is not of type 'array'"],
      [[{ op: 'test', path: '/extra', value: 1 }], 400, "Schema error for patch: 'test' is not one of ['add', 'replace', 'remove']"],
      [[{ op: 'add', path: '/extra/nested.x', value: 1 }], 400, "Schema error for patch: '/extra/nested.x' does not match '^(/[\\\\w-]+)+$'"],
      [[{ op: 'replace', path: '/uuid', value: UNKNOWN }], 400, 'Cannot patch /uuid. Only the following can be updated: address, extra, is_smartnic, local_link_connection, node_uuid, physical_network, portgroup_uuid, pxe_enabled'],
      [[{ op: 'remove', path: '/extra/nope' }], 400, "Couldn't apply patch '{'op': 'remove', 'path': '/extra/nope'}'. Reason: can't remove a non-existent object 'nope'"],
      [[{ op: 'remove', path: '/address' }], 400, "Schema error for patch: 'address' is a required property"],
      [[{ op: 'remove', path: '/node_uuid' }], 400, "Schema error for patch: 'node_uuid' is a required property"],
      [[{ op: 'replace', path: '/address', value: 'bad' }], 400, 'Expected valid MAC address for address: bad'],
      [[{ op: 'replace', path: '/pxe_enabled', value: null }], 400, "Field `pxe_enabled' cannot be None"],
      [[{ op: 'remove', path: '/pxe_enabled' }], 400, "Field `pxe_enabled' cannot be None"],
      [[{ op: 'replace', path: '/physical_network', value: '' }], 400, 'A non-empty value is required when setting physical_network'],
      [[{ op: 'replace', path: '/node_uuid', value: 'r2-n2' }], 400, 'Expected a UUID or int but received r2-n2.'],
      [[{ op: 'replace', path: '/node_uuid', value: UNKNOWN }], 400, `Node ${UNKNOWN} could not be found.`],
      [[{ op: 'replace', path: '/portgroup_uuid', value: 'pg-name' }], 400, 'Portgroup pg-name could not be found.'],
      [[{ op: 'replace', path: '/portgroup_uuid', value: G2 }], 400, 'Port can not be added to a portgroup belonging to a different node.'],
      [[{ op: 'replace', path: '/extra', value: 'x' }], 400, "Schema error for patch: 'x' is not of type 'object', 'null'"],
    ];
    for (const [body, status, message] of cases) expect(() => patch(body)).toThrow(refusal(status, message));
  });

  it('refuses fields newer than the version (406), and changes on an inspecting node from 1.39 (409)', () => {
    expect(() => patch([{ op: 'add', path: '/physical_network', value: 'p' }], new Microversion(33))).toThrow(refusal(406, 'Request not acceptable.'));
    expect(() => patch([{ op: 'remove', path: '/local_link_connection/network_type' }], new Microversion(63))).toThrow(refusal(406, 'Request not acceptable.'));
    expect(() => patch([{ op: 'add', path: '/extra/a', value: 1 }], latest, { ...node, provision_state: 'inspecting' })).toThrow(
      refusal(409, `Cannot update port "${port.uuid}" on "${NODE_UUID}" while it is in state "inspecting".`),
    );
    expect(patch([{ op: 'add', path: '/extra/a', value: 1 }], new Microversion(38), { ...node, provision_state: 'inspecting' }).changes.extra).toEqual({ a: 1 });
  });
});
