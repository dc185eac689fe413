import { describe, expect, it } from '@jest/globals';
import { Microversion } from '../http/microversion.js';
import { nextLink } from '../http/collection-query.js';
import { nodeList, parseNodeQuery, selectNodes } from './node-query.js';
import { aNode } from '../testing/nodes.js';

const latest = new Microversion(82);
const uuid = (i: number) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;
/** Five nodes in creation order; names run the other way round. */
const fleet = [1, 2, 3, 4, 5].map((i) =>
  aNode({ uuid: uuid(i), name: `n${6 - i}`, maintenance: i === 2, instance_uuid: i === 3 ? uuid(99) : null, provision_state: i <= 2 ? 'enroll' : 'available', owner: i === 5 ? 'p1' : null }),
);
const page = (raw: Record<string, unknown>, version = latest) => selectNodes(fleet, parseNodeQuery(raw, version)).nodes.map((node) => node.uuid);

describe('parseNodeQuery', () => {
  it('defaults to creation order, ascending, pages of 1000', () => {
    expect(parseNodeQuery({}, latest)).toEqual({ filters: {}, limit: 1000, marker: undefined, sortKey: 'id', sortDir: 'asc', fields: undefined, detail: undefined, whole: false });
  });

  it('refuses non-positive and non-numeric limits, and caps large ones', () => {
    expect(() => parseNodeQuery({ limit: '0' }, latest)).toThrow(expect.objectContaining({ status: 400, message: 'Limit must be positive' }));
    expect(() => parseNodeQuery({ limit: '-3' }, latest)).toThrow(expect.objectContaining({ status: 400, message: 'Limit must be positive' }));
    expect(() => parseNodeQuery({ limit: 'ten' }, latest)).toThrow(expect.objectContaining({ status: 400 }));
    expect(parseNodeQuery({ limit: '5000' }, latest).limit).toBe(1000);
  });

  it('refuses bad markers, sort keys and directions with 400', () => {
    expect(() => parseNodeQuery({ marker: 'n1' }, latest)).toThrow(expect.objectContaining({ status: 400 }));
    expect(() => parseNodeQuery({ sort_key: 'driver_info' }, latest)).toThrow(expect.objectContaining({ status: 400 }));
    expect(() => parseNodeQuery({ sort_dir: 'up' }, latest)).toThrow(expect.objectContaining({ status: 400 }));
    expect(() => parseNodeQuery({ maintenance: 'maybe' }, latest)).toThrow(expect.objectContaining({ status: 400 }));
  });

  it('refuses parameters newer than the version with 406', () => {
    expect(() => parseNodeQuery({ provision_state: 'enroll' }, new Microversion(8))).toThrow(expect.objectContaining({ status: 406 }));
    expect(() => parseNodeQuery({ driver: 'fake-hardware' }, new Microversion(15))).toThrow(expect.objectContaining({ status: 406 }));
    expect(() => parseNodeQuery({ owner: 'p1' }, new Microversion(49))).toThrow(expect.objectContaining({ status: 406 }));
    expect(() => parseNodeQuery({ detail: 'true' }, new Microversion(42))).toThrow(expect.objectContaining({ status: 400, message: 'Invalid query parameter ?detail=True received.' }));
    expect(() => parseNodeQuery({ fields: 'uuid' }, new Microversion(7))).toThrow(expect.objectContaining({ status: 406 }));
  });

  it('refuses detail together with fields', () => {
    expect(() => parseNodeQuery({ detail: 'true', fields: 'uuid' }, latest)).toThrow(expect.objectContaining({ status: 400 }));
    expect(() => parseNodeQuery({ fields: 'uuid' }, latest, { detailPath: true })).toThrow(expect.objectContaining({ status: 400 }));
  });

  it('takes the last value of a repeated parameter', () => {
    expect(parseNodeQuery({ limit: ['1', '2'] }, latest).limit).toBe(2);
  });
});

describe('selectNodes', () => {
  it('filters', () => {
    expect(page({ maintenance: 'true' })).toEqual([uuid(2)]);
    expect(page({ associated: 'true' })).toEqual([uuid(3)]);
    expect(page({ associated: 'false', provision_state: 'available' })).toEqual([uuid(4), uuid(5)]);
    expect(page({ owner: 'p1' })).toEqual([uuid(5)]);
    expect(page({ driver: 'ipmi' })).toEqual([]);
  });

  it('sorts by a key with creation order breaking ties, in both directions', () => {
    expect(page({ sort_key: 'name' })).toEqual([5, 4, 3, 2, 1].map(uuid));
    expect(page({ sort_key: 'provision_state', sort_dir: 'desc' })).toEqual([2, 1, 5, 4, 3].map(uuid));
    expect(page({ sort_dir: 'desc' })).toEqual([5, 4, 3, 2, 1].map(uuid));
  });

  it('pages after the marker, and offers a next page when the page is full', () => {
    const first = selectNodes(fleet, parseNodeQuery({ limit: '2' }, latest));
    expect(first.nodes.map((n) => n.uuid)).toEqual([uuid(1), uuid(2)]);
    expect(first.hasNext).toBe(true);
    expect(page({ limit: '2', marker: uuid(2) })).toEqual([uuid(3), uuid(4)]);
    const last = selectNodes(fleet, parseNodeQuery({ limit: '2', marker: uuid(4) }, latest));
    expect(last).toMatchObject({ hasNext: false });
    expect(last.nodes.map((n) => n.uuid)).toEqual([uuid(5)]);
    expect(page({ sort_key: 'name', limit: '2', marker: uuid(4) })).toEqual([uuid(3), uuid(2)]);
  });

  it('answers 404 for a marker that is no node', () => {
    expect(() => page({ marker: uuid(42) })).toThrow(expect.objectContaining({ status: 404, message: `Node ${uuid(42)} could not be found.` }));
  });
});

describe('Ironic’s words for a bad node query', () => {
  const cases: [Record<string, string>, number, number, string][] = [
    [{ foo: '1', bar: '2' }, 82, 400, 'Unexpected arguments: foo, bar'],
    [{ maintenance: 'maybe' }, 82, 400, "Invalid maintenance: Unrecognized value 'maybe', acceptable values are: '0', '1', 'f', 'false', 'n', 'no', 'off', 'on', 't', 'true', 'y', 'yes'"],
    [{ marker: 'abc' }, 82, 400, 'Expected UUID for marker: abc'],
    [{ instance_uuid: 'abc' }, 82, 400, 'Expected UUID for instance_uuid: abc'],
    [{ chassis_uuid: 'abc' }, 82, 400, 'Expected UUID for chassis_uuid: abc'],
    [{ limit: 'abc' }, 82, 400, 'Expected an integer for limit: abc'],
    [{ provision_state: 'bogus' }, 82, 400, 'Provision state "bogus" is not valid'],
    [{ provision_state: 'enroll' }, 8, 406, 'Request not acceptable.'],
    [{ driver: 'x' }, 15, 406, 'Request not acceptable. The minimal required API version should be 1.16'],
    [{ resource_class: 'x' }, 20, 406, 'Request not acceptable. The minimal required API version should be 1.21'],
    [{ fault: 'power failure' }, 41, 406, 'Request not acceptable. The minimal required API version should be 1.42'],
    [{ fault: 'bogus' }, 82, 400, "Unrecognized fault \"bogus\" is specified, allowed faults are ('power failure', 'clean failure', 'rescue abort failure')"],
    [{ conductor_group: 'g' }, 45, 406, 'Request not acceptable. The minimal required API version should be 1.46'],
    [{ conductor: 'c' }, 48, 406, 'Request not acceptable. The minimal required API version should be 1.49'],
    [{ owner: 'p' }, 49, 406, 'Request not acceptable. The minimal required API version should be 1.50'],
    [{ lessee: 'p' }, 64, 406, 'Request not acceptable. The minimal required API version should be 1.65'],
    [{ fields: 'name' }, 7, 406, 'Request not acceptable.'],
    [{ fields: 'shard' }, 81, 406, 'Request not acceptable.'],
    [{ fields: 'bogus' }, 82, 400, 'Field bogus is not a valid field.'],
    [{ fields: 'conductor' }, 82, 400, 'Field conductor is not a valid field.'],
    [{ fields: 'name', detail: 'true' }, 82, 400, 'Can not specify ?detail=True and fields in the same request.'],
    [{ detail: 'false' }, 42, 400, 'Invalid query parameter ?detail=False received.'],
    [{ sort_key: 'shard' }, 81, 406, 'Request not acceptable.'],
    [{ sort_key: 'properties' }, 82, 400, 'The sort_key value properties is an invalid field for sorting'],
    [{ sort_key: 'bogus' }, 82, 400, 'The sort_key value "bogus" is an invalid field for sorting'],
    [{ sort_dir: 'DESC' }, 82, 400, "Invalid sort direction: DESC. Acceptable values are 'asc' or 'desc'"],
    [{ limit: '0' }, 82, 400, 'Limit must be positive'],
  ];
  it.each(cases)('%j at 1.%i: %i %s', (raw, minor, status, message) => {
    expect(() => parseNodeQuery(raw, new Microversion(minor))).toThrow(expect.objectContaining({ status, message }));
  });

  it('/v1/nodes/detail takes neither fields nor detail', () => {
    expect(() => parseNodeQuery({ fields: 'name' }, latest, { detailPath: true })).toThrow(expect.objectContaining({ status: 400, message: 'Unexpected arguments: fields' }));
    expect(() => parseNodeQuery({ detail: 'true' }, latest, { detailPath: true })).toThrow(expect.objectContaining({ status: 400, message: 'Unexpected arguments: detail' }));
  });

  it('retired is accepted at any version', () => {
    expect(parseNodeQuery({ retired: 'true' }, new Microversion(1)).filters).toEqual({ retired: true });
  });
});

describe('the other filters', () => {
  const more = [
    aNode({ uuid: uuid(1), name: 'a', lessee: 'p2', description: 'Rack A, top', retired: true, reservation: 'c2' }),
    aNode({ uuid: uuid(2), name: 'b', owner: 'p2', resource_class: 'gold', conductor_group: 'rack1', fault: 'power failure', maintenance: true }),
    aNode({ uuid: uuid(3), name: 'c', instance_uuid: uuid(9), chassis_uuid: uuid(8) }),
  ];
  const found = (raw: Record<string, string>) => selectNodes(more, parseNodeQuery(raw, latest), (node) => node.reservation ?? 'c1').nodes.map((node) => node.name);

  it('filter by owner, lessee, project, description, retirement, class, group, fault, chassis, instance and conductor', () => {
    expect(found({ lessee: 'p2' })).toEqual(['a']);
    expect(found({ project: 'p2' })).toEqual(['a', 'b']);
    expect(found({ description_contains: 'rack a' })).toEqual(['a']);
    expect(found({ retired: 'true' })).toEqual(['a']);
    expect(found({ retired: 'false' })).toEqual(['b', 'c']);
    expect(found({ resource_class: 'gold' })).toEqual(['b']);
    expect(found({ conductor_group: 'rack1' })).toEqual(['b']);
    expect(found({ fault: 'power failure' })).toEqual(['b']);
    expect(found({ chassis_uuid: uuid(8) })).toEqual(['c']);
    expect(found({ instance_uuid: uuid(9) })).toEqual(['c']);
    expect(found({ conductor: 'c2' })).toEqual(['a']);
  });

  it('never offers a next page when looking up an instance', () => {
    expect(selectNodes(more, parseNodeQuery({ instance_uuid: uuid(9), limit: '1' }, latest)).hasNext).toBe(false);
  });
});

describe('nodeList', () => {
  const view = { version: latest, baseUrl: 'http://h:1', conductor: 'c1' };

  it('links the next page as Ironic does: sort, truthy flags, detail, fields (the defaults written out), limit, marker', () => {
    expect(nodeList(fleet, { limit: '1' }, view, { path: '/v1/nodes', detailPath: false }).next).toBe(
      `http://h:1/v1/nodes?sort_key=id&sort_dir=asc&fields=instance_uuid,maintenance,power_state,provision_state,uuid,name&limit=1&marker=${uuid(1)}`,
    );
    expect(nodeList(fleet, { fields: 'name,uuid', limit: '1', maintenance: 'false', associated: 'false', detail: 'false', driver: 'fake-hardware' }, view, { path: '/v1/nodes', detailPath: false }).next).toBe(
      `http://h:1/v1/nodes?sort_key=id&sort_dir=asc&detail=False&fields=name,uuid&limit=1&marker=${uuid(1)}`,
    );
    expect(nodeList(fleet, { limit: '1', maintenance: 'true' }, view, { path: '/v1/nodes/detail', detailPath: true }).next).toBe(
      `http://h:1/v1/nodes/detail?sort_key=id&sort_dir=asc&maintenance=True&limit=1&marker=${uuid(2)}`,
    );
  });

  it('needs the chassis a filter names to exist', () => {
    expect(() => nodeList(fleet, { chassis_uuid: uuid(8) }, view, { path: '/v1/nodes', detailPath: false, chassisExists: () => false })).toThrow(
      expect.objectContaining({ status: 404, message: `Chassis ${uuid(8)} could not be found.` }),
    );
  });

  it('shows the fields asked for, whole nodes with detail', () => {
    const [first] = nodeList(fleet, { fields: 'name', limit: '1' }, view, { path: '/v1/nodes', detailPath: false }).nodes as Record<string, unknown>[];
    expect(Object.keys(first!)).toEqual(['name', 'links']);
    const [whole] = nodeList(fleet, { detail: 'true', limit: '1' }, view, { path: '/v1/nodes', detailPath: false }).nodes as Record<string, unknown>[];
    expect(whole).toHaveProperty('driver_info');
  });
});

describe('nextLink', () => {
  it('repeats the query with the marker replaced', () => {
    expect(nextLink('http://h:1', '/v1/nodes', { limit: '2', marker: uuid(1), maintenance: 'false' }, uuid(3))).toBe(
      `http://h:1/v1/nodes?limit=2&maintenance=false&marker=${uuid(3)}`,
    );
  });
});
