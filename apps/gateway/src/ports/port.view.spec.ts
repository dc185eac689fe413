import { describe, expect, it } from '@jest/globals';
import { newPort, type Port } from '@ironledger/domain';
import { ApiError } from '../http/errors.js';
import { listNextLink } from '../http/list-query.js';
import { Microversion } from '../http/microversion.js';
import { parsePortQuery, type PortEntry, portFields, portView, selectPorts } from './port.view.js';
import { aNode, NODE_UUID } from '../testing/nodes.js';

const latest = new Microversion(82);
const v = (minor: number) => new Microversion(minor);
const port = (n: number, address: string, fields: Partial<Port> = {}): Port => ({ ...newPort({ uuid: `0000000${n}-0000-4000-8000-000000000000`, address }, '2026-11-21T10:00:00Z'), ...fields });
const node = aNode();
const refusal = (status: number, message: string) => new ApiError(status, message);

describe('a port as Ironic shows it', () => {
  it('has every field in Ironic’s order at the latest version, and hides the newer ones at older versions', () => {
    const p = port(1, 'aa:bb:cc:dd:ee:01');
    const view = portView(p, node, { version: latest, baseUrl: 'http://h' });
    expect(Object.keys(view)).toEqual([
      'uuid', 'created_at', 'updated_at', 'address', 'extra', 'internal_info', 'is_smartnic', 'local_link_connection', 'physical_network', 'pxe_enabled', 'node_uuid', 'links', 'portgroup_uuid',
    ]);
    expect(view).toMatchObject({ uuid: p.uuid, node_uuid: NODE_UUID, pxe_enabled: true, portgroup_uuid: null, created_at: '2026-11-21T10:00:00.000000+00:00', updated_at: null });
    expect(view.links).toEqual([
      { href: `http://h/v1/ports/${p.uuid}`, rel: 'self' },
      { href: `http://h/ports/${p.uuid}`, rel: 'bookmark' },
    ]);
    const keysAt = (minor: number) => Object.keys(portView(p, node, { version: v(minor), baseUrl: '' }));
    expect(keysAt(1)).toEqual(['uuid', 'created_at', 'updated_at', 'address', 'extra', 'node_uuid', 'links']);
    expect(keysAt(18)).toContain('internal_info');
    expect(keysAt(19)).toEqual(expect.arrayContaining(['local_link_connection', 'pxe_enabled']));
    expect(keysAt(23)).not.toContain('portgroup_uuid');
    expect(keysAt(33)).not.toContain('physical_network');
    expect(keysAt(52)).not.toContain('is_smartnic');
  });

  it('shows only the fields asked for (and links), refusing names a port does not have', () => {
    expect(Object.keys(portView(port(1, 'a'), node, { version: latest, baseUrl: '' }, ['address']))).toEqual(['address', 'links']);
    expect(() => portView(port(1, 'a'), node, { version: latest, baseUrl: '' }, ['uuid', 'name'])).toThrow(refusal(400, 'Field(s) "name" are not valid'));
    expect(portFields('UUID,Address,uuid', latest)).toEqual(['uuid', 'address']);
    expect(() => portFields('uuid', v(7))).toThrow(refusal(406, 'Request not acceptable.'));
    expect(() => portFields('physical_network', v(33))).toThrow(refusal(406, 'Request not acceptable.'));
    // Hidden, not refused, below 1.18.
    expect(Object.keys(portView(port(1, 'a'), node, { version: v(17), baseUrl: '' }, portFields('uuid,internal_info', v(17))))).toEqual(['uuid', 'links']);
  });
});

describe('the port list query', () => {
  const refuses = (query: Record<string, string>, status: number, message: string, version = latest) => expect(() => parsePortQuery(query, version)).toThrow(refusal(status, message));

  it('refuses what Ironic refuses, with its words', () => {
    refuses({ foo: '1' }, 400, 'Unexpected arguments: foo');
    refuses({ marker: 'xyz' }, 400, 'Expected UUID for marker: xyz');
    refuses({ limit: '0' }, 400, 'Limit must be positive');
    refuses({ limit: 'abc' }, 400, 'Expected an integer for limit: abc');
    refuses({ sort_dir: 'up' }, 400, "Invalid sort direction: up. Acceptable values are 'asc' or 'desc'");
    refuses({ detail: 'maybe' }, 400, "Invalid detail: Unrecognized value 'maybe', acceptable values are: '0', '1', 'f', 'false', 'n', 'no', 'off', 'on', 't', 'true', 'y', 'yes'");
    refuses({ detail: 'true' }, 400, 'Invalid query parameter ?detail=True received.', v(42));
    refuses({ detail: 'true', fields: 'uuid' }, 400, 'Can not specify ?detail=True and fields in the same request.');
    refuses({ address: 'zz' }, 400, 'Expected valid MAC address for address: zz');
    refuses({ node_uuid: 'r2-n1' }, 400, 'Expected UUID for node_uuid: r2-n1');
    refuses({ portgroup: 'a b' }, 400, 'Expected UUID or name for portgroup: a b');
    refuses({ fields: 'uuid' }, 406, 'Request not acceptable.', v(7));
    refuses({ sort_key: 'is_smartnic' }, 406, 'Request not acceptable.', v(52));
    refuses({ shard: 'a' }, 406, 'Request not acceptable. The minimal required API version should be 1.82', v(81));
    expect(() => parsePortQuery({ fields: 'uuid' }, latest, { detailPath: true })).toThrow(refusal(400, 'Unexpected arguments: fields'));
  });

  it('reads filters (node_uuid beats node), lower-cased fields and paging', () => {
    expect(parsePortQuery({ node: 'n1', node_uuid: NODE_UUID, address: 'AA:BB:CC:DD:EE:01', limit: '5', fields: 'UUID,address' }, latest)).toMatchObject({
      node: NODE_UUID,
      address: 'aa:bb:cc:dd:ee:01',
      limit: 5,
      fields: ['uuid', 'address'],
      full: false,
    });
    expect(parsePortQuery({ shard: 'a,b', detail: 'True' }, latest)).toMatchObject({ shards: ['a', 'b'], full: true, detail: true });
    expect(parsePortQuery({ limit: '5000' }, latest).limit).toBe(1000);
  });

  it('pages in creation order or by a column, from a marker that may lie outside the filter; an unknown marker is a 404', () => {
    const entries: PortEntry[] = [port(1, 'aa:00:00:00:00:03'), port(2, 'aa:00:00:00:00:01', { pxe_enabled: false }), port(3, 'aa:00:00:00:00:02')].map((p) => ({ port: p, node }));
    const [a, b, c] = entries.map((e) => e.port.uuid);
    const all = () => true;
    expect(selectPorts(entries, parsePortQuery({ limit: '2' }, latest), all)).toEqual({ ports: entries.slice(0, 2), hasNext: true });
    expect(selectPorts(entries, parsePortQuery({ marker: b! }, latest), all).ports.map((e) => e.port.uuid)).toEqual([c]);
    expect(selectPorts(entries, parsePortQuery({ sort_key: 'address', sort_dir: 'desc' }, latest), all).ports.map((e) => e.port.uuid)).toEqual([a, c, b]);
    expect(selectPorts(entries, parsePortQuery({ marker: a! }, latest), (e) => e.port.pxe_enabled).ports.map((e) => e.port.uuid)).toEqual([c]);
    expect(() => selectPorts(entries, parsePortQuery({ marker: '0e8e4f3c-1b2a-4c5d-9e8f-7a6b5c4d3e2f' }, latest), all)).toThrow(refusal(404, 'Port 0e8e4f3c-1b2a-4c5d-9e8f-7a6b5c4d3e2f could not be found.'));
    expect(() => selectPorts(entries, parsePortQuery({ sort_key: 'extra' }, latest), all)).toThrow(refusal(400, 'The sort_key value extra is an invalid field for sorting'));
    expect(() => selectPorts(entries, parsePortQuery({ sort_key: 'node_uuid' }, latest), all)).toThrow(refusal(400, 'The sort_key value "node_uuid" is an invalid field for sorting'));
  });

  it('links to the next page as Ironic does, keeping the filters', () => {
    const marker = '00000001-0000-4000-8000-000000000000';
    expect(listNextLink('http://h', '/v1/ports', parsePortQuery({ limit: '2' }, latest), ['uuid', 'address'], marker)).toBe(`http://h/v1/ports?sort_key=id&sort_dir=asc&fields=uuid,address&limit=2&marker=${marker}`);
    expect(listNextLink('http://h', '/v1/ports', parsePortQuery({ limit: '1', detail: 'true' }, latest), ['uuid', 'address'], marker)).toBe(`http://h/v1/ports?sort_key=id&sort_dir=asc&detail=True&limit=1&marker=${marker}`);
    expect(listNextLink('http://h', '/v1/ports/detail', parsePortQuery({ limit: '1', node: 'n~1' }, latest, { detailPath: true }), undefined, marker)).toBe(
      `http://h/v1/ports/detail?node=n~1&sort_key=id&sort_dir=asc&limit=1&marker=${marker}`,
    );
  });
});
