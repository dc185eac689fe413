import { describe, expect, it } from '@jest/globals';
import { type Member } from '@ironledger/bus';
import { Microversion } from '../http/microversion.js';
import { planNodeCreate } from './node-create.js';
import { type FleetFacts } from './node-fleet.js';

const latest = new Microversion(82);
const CHASSIS = '2d0e2b1a-0c3f-4d1e-9a8b-7c6d5e4f3a2b';
const UUID = '1be26c0b-03f2-4d2e-ae87-c02d7f33c123';
const conductor: Member = { id: 'c1', group: '', drivers: ['fake-hardware', 'redfish'], firstSeen: 0, lastSeen: 0, alive: true };
const fleet: FleetFacts = { chassisExists: (uuid) => uuid === CHASSIS, conductors: [conductor] };
const refused = (status: number, message?: string) => expect.objectContaining({ status, ...(message !== undefined && { message }) });
const create = (body: unknown, minor = 82) => planNodeCreate(body, new Microversion(minor), fleet);

describe('planNodeCreate', () => {
  it('registers what was sent, in enroll, with a fresh UUID unless one is given', () => {
    const { uuid, data } = create({ driver: 'fake-hardware', name: 'n1', extra: { a: 1 }, uuid: UUID });
    expect(uuid).toBe(UUID);
    expect(data).toEqual({ driver: 'fake-hardware', name: 'n1', extra: { a: 1 }, conductor_group: '', resource_class: null, provision_state: 'enroll' });
    expect(create({ driver: 'fake-hardware' }).uuid).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('starts nodes in available below 1.11', () => {
    expect(create({ driver: 'fake-hardware' }, 10).data.provision_state).toBe('available');
  });

  it('parses strict booleans, keeps maintenance and boot mode, and any string of secure_boot as true', () => {
    const { data } = create({ driver: 'fake-hardware', automated_clean: 'True', maintenance: 'yes', retired: false, boot_mode: 'weird', secure_boot: 'maybe', console_enabled: true });
    expect(data).toMatchObject({ automated_clean: true, maintenance: true, retired: false, boot_mode: 'weird', secure_boot: true });
    expect(data).not.toHaveProperty('console_enabled');
  });

  it('lower-cases the conductor group once a conductor serves it as sent, and takes an empty resource class as none', () => {
    const groups: FleetFacts = { ...fleet, conductors: [{ ...conductor, group: 'rack1' }, conductor] };
    expect(planNodeCreate({ driver: 'fake-hardware', conductor_group: 'rack1', resource_class: '' }, latest, groups).data).toMatchObject({ conductor_group: 'rack1', resource_class: null });
  });

  it('answers bad bodies in Ironic’s words', () => {
    const cases: [unknown, string][] = [
      [{}, "Schema error for node: 'driver' is a required property"],
      [[1], "Schema error for node: [1] is not of type 'object'"],
      [{ driver: 'fake-hardware', bogus: 1 }, "Schema error for node: Additional properties are not allowed ('bogus' was unexpected)"],
      [{ driver: 'fake-hardware', protected: true }, "Schema error for node: Additional properties are not allowed ('protected' was unexpected)"],
      [{ driver: 'fake-hardware', name: 5 }, "Schema error for node: 5 is not of type 'string', 'null'"],
      [{ driver: 'fake-hardware', driver_info: 'str' }, "Schema error for node: 'str' is not of type 'object', 'null'"],
      [{ driver: 'fake-hardware', resource_class: 'x'.repeat(81) }, `Schema error for node: '${'x'.repeat(81)}' is too long`],
      [{ driver: 'fake-hardware', network_data: { foo: 1 } }, "Schema error for node: {'foo': 1} is not valid under any of the given schemas. Possible root cause: {'foo': 1} is not of type 'null'"],
      [{ driver: 'fake-hardware', uuid: 'abc' }, 'Expected UUID for uuid: abc'],
      [{ driver: 'fake-hardware', instance_uuid: 'xyz' }, 'Expected UUID for instance_uuid: xyz'],
      [{ driver: 'fake-hardware', chassis_uuid: 'xyz' }, 'Expected UUID for chassis_uuid: xyz'],
      [{ driver: 'fake-hardware', maintenance: 'maybe' }, "Invalid maintenance: Unrecognized value 'maybe', acceptable values are: '0', '1', 'f', 'false', 'n', 'no', 'off', 'on', 't', 'true', 'y', 'yes'"],
      [{ driver: 'fake-hardware', name: 'bad name' }, "Cannot create node with invalid name 'bad name'"],
      [{ driver: 'fake-hardware', name: UUID }, `Cannot create node with invalid name '${UUID}'`],
      [{ driver: 'fake-hardware', name: 'detail' }, 'The word "detail" is reserved and can not be used as a node name. Reserved words are: maintenance, management, states, vendor_passthru, detail, validate.'],
      [{ driver: 'fake-hardware', chassis_uuid: '11111111-2222-3333-4444-999999999999' }, 'Chassis 11111111-2222-3333-4444-999999999999 could not be found.'],
      [{ driver: 'nope' }, 'No valid host was found. Reason: No conductor service registered which supports driver nope for conductor group "".'],
      [{ driver: 'fake-hardware', conductor_group: 'Bad Group!' }, 'No valid host was found. Reason: No conductor service registered which supports driver fake-hardware for conductor group "Bad Group!".'],
    ];
    for (const [body, message] of cases) expect(() => create(body)).toThrow(refused(400, message));
  });

  it('takes null objects as empty ones', () => {
    expect(create({ driver: 'fake-hardware', driver_info: null, properties: null, extra: null, instance_info: null, network_data: null }).data).toEqual({
      driver: 'fake-hardware',
      conductor_group: '',
      resource_class: null,
      provision_state: 'enroll',
    });
  });

  it('accepts network_data that is empty, null or complete', () => {
    for (const network_data of [{}, null, { links: [], networks: [], services: [] }]) expect(() => create({ driver: 'fake-hardware', network_data })).not.toThrow();
  });

  it('refuses fields newer than the version unless empty (406)', () => {
    expect(() => create({ driver: 'fake-hardware', owner: 'p' }, 49)).toThrow(refused(406, 'Request not acceptable.'));
    expect(() => create({ driver: 'fake-hardware', shard: 's' }, 81)).toThrow(refused(406));
    expect(() => create({ driver: 'fake-hardware', power_interface: 'fake' }, 30)).toThrow(refused(406));
    expect(() => create({ driver: 'fake-hardware', conductor_group: 'a' }, 45)).toThrow(refused(406));
    expect(() => create({ driver: 'fake-hardware', retired: false }, 60)).toThrow(refused(406));
    expect(() => create({ driver: 'fake-hardware', name: 'n1' }, 4)).toThrow(refused(406));
    expect(() => create({ driver: 'fake-hardware', conductor_group: '' }, 45)).not.toThrow();
    expect(() => create({ driver: 'fake-hardware', name: null, owner: null }, 4)).not.toThrow();
  });

  it('applies the hostname rule to names below 1.10', () => {
    expect(() => create({ driver: 'fake-hardware', name: 'Upper_case' }, 9)).toThrow(refused(400, "Cannot create node with invalid name 'Upper_case'"));
    expect(() => create({ driver: 'fake-hardware', name: 'upper-case.x' }, 9)).not.toThrow();
  });
});
