import { describe, expect, it } from '@jest/globals';
import { DEFAULT_PORT_FIELDS, type Port } from '@ironledger/domain';
import { ApiError } from './errors.js';
import { Microversion } from './microversion.js';
import { parsePortQuery, type PortEntry, portView, selectPorts } from './port-view.js';
import { aNode, NODE_UUID } from './testing/nodes.js';

const latest = new Microversion(82);
const port = (n: number, address: string): Port => ({ ...DEFAULT_PORT_FIELDS, uuid: `p${n}`, address, created_at: '2026-11-21T10:00:00Z' });
const node = aNode();

describe('a port as Ironic shows it', () => {
  it('has every field at the latest version, and hides the newer ones at older versions', () => {
    const view = portView(port(1, 'aa:bb:cc:dd:ee:01'), node, { version: latest, baseUrl: 'http://h' });
    expect(view).toEqual({
      uuid: 'p1',
      address: 'aa:bb:cc:dd:ee:01',
      node_uuid: NODE_UUID,
      extra: {},
      internal_info: {},
      local_link_connection: {},
      pxe_enabled: true,
      portgroup_uuid: null,
      physical_network: null,
      is_smartnic: false,
      created_at: '2026-11-21T10:00:00.000000+00:00',
      updated_at: null,
      links: [
        { href: 'http://h/v1/ports/p1', rel: 'self' },
        { href: 'http://h/ports/p1', rel: 'bookmark' },
      ],
    });
    const old = portView(port(1, 'aa:bb:cc:dd:ee:01'), node, { version: new Microversion(18), baseUrl: 'http://h' });
    expect(Object.keys(old)).toEqual(['uuid', 'address', 'node_uuid', 'extra', 'internal_info', 'created_at', 'updated_at', 'links']);
    expect(Object.keys(portView(port(1, 'a'), node, { version: latest, baseUrl: '' }, ['address']))).toEqual(['address', 'links']);
  });
});

describe('the port list query', () => {
  it('reads filters, fields and paging, and refuses what Ironic refuses', () => {
    expect(parsePortQuery({ node: 'n1', address: 'AA-BB-CC-DD-EE-01', limit: '5' }, latest)).toMatchObject({ node: 'n1', address: 'aa:bb:cc:dd:ee:01', limit: 5, detail: false });
    expect(parsePortQuery({ node_uuid: NODE_UUID }, latest).node).toBe(NODE_UUID);
    expect(() => parsePortQuery({ address: 'nope' }, latest)).toThrow('Expected a MAC address but received nope.');
    expect(() => parsePortQuery({ fields: 'color' }, latest)).toThrow('Field(s) "color" are not valid');
    expect(() => parsePortQuery({ fields: 'pxe_enabled' }, new Microversion(18))).toThrow(new ApiError(406, 'Request not acceptable.'));
    expect(() => parsePortQuery({ detail: 'true' }, new Microversion(42))).toThrow(ApiError);
    expect(() => parsePortQuery({ detail: 'true', fields: 'uuid' }, latest)).toThrow('Can not specify ?detail=True and fields in the same request.');
    expect(() => parsePortQuery({ limit: '0' }, latest)).toThrow('Limit must be positive');
  });

  it('pages in creation order (or by a sort key), with a marker', () => {
    const entries: PortEntry[] = [port(1, 'aa:00:00:00:00:03'), port(2, 'aa:00:00:00:00:01'), port(3, 'aa:00:00:00:00:02')].map((p) => ({ port: p, node }));
    const query = parsePortQuery({ limit: '2' }, latest);
    expect(selectPorts(entries, query)).toEqual({ ports: entries.slice(0, 2), hasNext: true });
    expect(selectPorts(entries, { ...query, marker: 'p2' }).ports.map((e) => e.port.uuid)).toEqual(['p3']);
    expect(selectPorts(entries, parsePortQuery({ sort_key: 'address', sort_dir: 'desc' }, latest)).ports.map((e) => e.port.uuid)).toEqual(['p1', 'p3', 'p2']);
    expect(selectPorts(entries, parsePortQuery({ address: 'aa:00:00:00:00:02' }, latest)).ports.map((e) => e.port.uuid)).toEqual(['p3']);
    expect(() => selectPorts(entries, { ...query, marker: 'p9' })).toThrow(new ApiError(404, 'Port p9 could not be found.'));
  });
});
