import { describe, expect, it } from '@jest/globals';
import { type Member } from '@ironledger/bus';
import { Microversion } from '../http/microversion.js';
import { conductorList, driverView, parseConductorListQuery, parseConductorQuery, parseDriverListQuery, parseDriverQuery, servedHardwareTypes, withFields } from './fleet.view.js';

const base = 'http://h:1';
const member = (id: string, rest: Partial<Member> = {}): Member => ({ id, group: '', drivers: ['fake-hardware', 'ipmi'], firstSeen: Date.UTC(2026, 10, 24, 20), lastSeen: Date.UTC(2026, 10, 24, 21), alive: true, ...rest });
const refused = (status: number, message: string) => expect.objectContaining({ status, message });

describe('drivers', () => {
  it('lists the hardware types of live conductors, with their hosts', () => {
    const served = servedHardwareTypes([member('b'), member('a', { drivers: ['redfish', 'fake-hardware'] }), member('dead', { alive: false, drivers: ['idrac'] })]);
    expect([...served]).toEqual([['fake-hardware', ['a', 'b']], ['ipmi', ['b']], ['redfish', ['a']]]);
  });

  it('shows properties links from 1.14, type from 1.30, and the interfaces in detail, each from its version', () => {
    expect(Object.keys(driverView('fake-hardware', ['c1'], base, new Microversion(1), true))).toEqual(['name', 'hosts', 'links']);
    expect(Object.keys(driverView('fake-hardware', ['c1'], base, new Microversion(29), true))).toEqual(['name', 'hosts', 'links', 'properties']);
    expect(driverView('fake-hardware', ['c1'], base, new Microversion(30), false)).toEqual({
      name: 'fake-hardware',
      hosts: ['c1'],
      links: [{ href: `${base}/v1/drivers/fake-hardware`, rel: 'self' }, { href: `${base}/drivers/fake-hardware`, rel: 'bookmark' }],
      properties: [{ href: `${base}/v1/drivers/fake-hardware/properties`, rel: 'self' }, { href: `${base}/drivers/fake-hardware/properties`, rel: 'bookmark' }],
      type: 'dynamic',
    });
    const detail = driverView('redfish', ['c1'], base, new Microversion(82), true);
    expect(detail).toMatchObject({ default_power_interface: 'redfish', enabled_power_interfaces: ['redfish'], default_bios_interface: 'redfish', enabled_bios_interfaces: ['redfish', 'no-bios'], default_storage_interface: 'noop' });
    const older = driverView('redfish', ['c1'], base, new Microversion(32), true);
    expect(older).not.toHaveProperty('default_storage_interface');
    expect(older).not.toHaveProperty('default_rescue_interface');
    expect(older).not.toHaveProperty('default_bios_interface');
    expect(older).toHaveProperty('default_raid_interface', 'redfish');
  });

  it('keeps the fields asked for, with links, in the view’s order', () => {
    expect(Object.keys(withFields(driverView('ipmi', ['c1'], base, new Microversion(82), true), ['default_power_interface', 'name']))).toEqual(['name', 'links', 'default_power_interface']);
  });

  it('reads the list’s query as Ironic does', () => {
    const latest = new Microversion(82);
    expect(parseDriverListQuery({ type: 'dynamic', detail: 'True' }, latest)).toEqual({ type: 'dynamic', detail: true });
    expect(() => parseDriverListQuery({ foo: '1' }, latest)).toThrow(refused(400, 'Unexpected arguments: foo'));
    expect(() => parseDriverListQuery({ type: 'x' }, latest)).toThrow(refused(400, '"type" filter must be one of "classic" or "dynamic", if specified.'));
    expect(() => parseDriverListQuery({ detail: 'false' }, new Microversion(29))).toThrow(refused(406, 'Request not acceptable. The minimal required API version should be 1.30'));
    expect(() => parseDriverListQuery({ type: 'dynamic' }, new Microversion(29))).toThrow(refused(406, 'Request not acceptable. The minimal required API version should be 1.30'));
    expect(() => parseDriverListQuery({ fields: 'name' }, new Microversion(76))).toThrow(refused(406, 'Request not acceptable.'));
    expect(() => parseDriverListQuery({ fields: 'name,default_power_interface' }, latest)).toThrow(refused(400, 'Field(s) "default_power_interface" are not valid'));
    expect(() => parseDriverListQuery({ fields: 'name', detail: 'true' }, latest)).toThrow(refused(400, 'Can not specify ?detail=True and fields in the same request.'));
    expect(parseDriverQuery({ fields: 'name,default_power_interface' }, latest)).toEqual(['name', 'default_power_interface']);
  });
});

describe('conductors', () => {
  const members = [member('c2', { group: 'rack1' }), member('c1'), member('old', { alive: false, firstSeen: Date.UTC(2026, 10, 24, 19) })];

  it('shows hostname, group, links and liveness; in detail also times and hardware types', () => {
    const [first] = conductorList(members, parseConductorListQuery({}), base).conductors;
    expect(first).toEqual({ hostname: 'old', conductor_group: '', links: [{ href: `${base}/v1/conductors/old`, rel: 'self' }, { href: `${base}/conductors/old`, rel: 'bookmark' }], alive: false });
    const [detail] = conductorList(members, parseConductorListQuery({ detail: 'True' }), base).conductors;
    expect(Object.keys(detail!)).toEqual(['created_at', 'updated_at', 'hostname', 'conductor_group', 'drivers', 'links', 'alive']);
    expect(detail).toMatchObject({ created_at: '2026-11-24T19:00:00.000000+00:00', updated_at: '2026-11-24T21:00:00.000000+00:00', drivers: ['fake-hardware', 'ipmi'] });
  });

  it('pages by hostname markers with Ironic’s next link', () => {
    const page = conductorList(members, parseConductorListQuery({ limit: '1', sort_key: 'hostname' }), base);
    expect(page.conductors.map((c) => c.hostname)).toEqual(['c1']);
    expect(page.next).toBe(`${base}/v1/conductors?sort_key=hostname&sort_dir=asc&fields=hostname,conductor_group,alive&limit=1&marker=c1`);
    expect(conductorList(members, parseConductorListQuery({ limit: '1', sort_key: 'hostname', marker: 'c1' }), base).conductors.map((c) => c.hostname)).toEqual(['c2']);
    expect(() => conductorList(members, parseConductorListQuery({ marker: 'nope' }), base)).toThrow(refused(404, 'Conductor nope could not be found.'));
  });

  it('reads the query as Ironic does', () => {
    expect(() => parseConductorListQuery({ fields: 'bogus' })).toThrow(refused(400, 'Field(s) "bogus" are not valid'));
    expect(() => parseConductorListQuery({ fields: 'hostname', detail: 'true' })).toThrow(refused(400, 'Can not specify ?detail=True and fields in the same request.'));
    expect(() => parseConductorListQuery({ sort_key: 'alive' })).toThrow(refused(400, 'The sort_key value alive is an invalid field for sorting'));
    expect(() => parseConductorListQuery({ sort_key: 'bogus' })).toThrow(refused(400, 'The sort_key value "bogus" is an invalid field for sorting'));
    expect(() => parseConductorListQuery({ foo: '1' })).toThrow(refused(400, 'Unexpected arguments: foo'));
    expect(parseConductorQuery({ fields: 'hostname,alive' })).toEqual(['hostname', 'alive']);
    expect(Object.keys(withFields(conductorList(members, parseConductorListQuery({ fields: 'hostname,alive' }), base).conductors[0]!, ['hostname', 'alive']))).toEqual(['hostname', 'links', 'alive']);
  });
});
