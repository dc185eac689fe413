import { describe, expect, it } from '@jest/globals';
import { type Member } from '@ironledger/bus';
import { type Node } from '@ironledger/domain';
import { Microversion } from '../http/microversion.js';
import { aNode, NODE_UUID } from '../testing/nodes.js';
import { type FleetFacts } from './node-fleet.js';
import { type PatchOperation } from '../http/json-patch.js';
import { checkPatchRequest, planNodePatch } from './node-patch.js';

const latest = new Microversion(82);
const CHASSIS = '2d0e2b1a-0c3f-4d1e-9a8b-7c6d5e4f3a2b';
const conductor = (group = '', drivers = ['fake-hardware', 'ipmi', 'redfish']): Member => ({ id: 'c1', group, drivers, firstSeen: 0, lastSeen: 0, alive: true });
const fleet: FleetFacts = { chassisExists: (uuid) => uuid === CHASSIS, conductors: [conductor(), conductor('rack1')] };
const node = aNode({ driver_info: { ipmi_password: 'secret', ipmi_address: '10.0.0.1' }, extra: { rack: 'r1' } });
const refused = (status: number, message?: unknown) => expect.objectContaining({ status, ...(message !== undefined && { message }) });

/** The plan for `operations` on `on` at `version`, through both halves of the PATCH. */
function plan(operations: unknown, { on = node, version = latest, query = {} }: { on?: Node; version?: Microversion; query?: Record<string, string> } = {}) {
  return planNodePatch(on, 'n1', checkPatchRequest(query, operations, version), version, fleet);
}

describe('checkPatchRequest', () => {
  it('takes only reset_interfaces as a query parameter, strictly boolean, from 1.45', () => {
    expect(() => checkPatchRequest({ foo: '1' }, [], latest)).toThrow(refused(400, 'Unexpected arguments: foo'));
    expect(() => checkPatchRequest({ reset_interfaces: 'maybe' }, [], latest)).toThrow(
      refused(400, "Invalid reset_interfaces: Unrecognized value 'maybe', acceptable values are: '0', '1', 'f', 'false', 'n', 'no', 'off', 'on', 't', 'true', 'y', 'yes'"),
    );
    expect(() => checkPatchRequest({ reset_interfaces: 'True' }, [{ op: 'add', path: '/driver', value: 'ipmi' }], new Microversion(44))).toThrow(refused(406));
    expect(() => checkPatchRequest({ reset_interfaces: 'True' }, [{ op: 'remove', path: '/driver' }], latest)).toThrow(
      refused(400, "The reset_interfaces parameter can only be used when changing the node's driver."),
    );
  });

  it('checks the patch against Ironic’s schema, in its words', () => {
    const cases: [unknown, string][] = [
      [{ op: 'add' }, "Schema error for patch: {'op': 'add'} is not of type 'array'"],
      [[{ op: 'test', path: '/extra', value: 1 }], "Schema error for patch: 'test' is not one of ['add', 'replace', 'remove']"],
      [[{ op: 'move', path: '/extra', from: '/name' }], "Schema error for patch: Additional properties are not allowed ('from' was unexpected)"],
      [[{ path: '/extra' }], "Schema error for patch: 'op' is a required property"],
      [[{ op: 'add', path: 'extra', value: 1 }], "Schema error for patch: 'extra' does not match '^(/[\\\\w-]+)+$'"],
      [[{ op: 'add', path: '/extra/a.b', value: 1 }], "Schema error for patch: '/extra/a.b' does not match '^(/[\\\\w-]+)+$'"],
    ];
    for (const [body, message] of cases) expect(() => checkPatchRequest({}, body, latest)).toThrow(refused(400, message));
    expect(checkPatchRequest({}, [{ op: 'add', path: '/extra/ü', value: 1 }], latest).operations).toHaveLength(1);
    expect(checkPatchRequest({}, [], latest)).toEqual({ operations: [] });
  });

  it('refuses what cannot be patched, listing what can', () => {
    expect(() => checkPatchRequest({}, [{ op: 'replace', path: '/provision_state', value: 'active' }], latest)).toThrow(
      refused(
        400,
        'Cannot patch /provision_state. Only the following can be updated: automated_clean, bios_interface, boot_interface, chassis_uuid, conductor_group, console_interface, deploy_interface, description, driver, driver_info, extra, inspect_interface, instance_info, instance_uuid, lessee, maintenance, management_interface, name, network_data, network_interface, owner, power_interface, properties, protected, protected_reason, raid_interface, rescue_interface, resource_class, retired, retired_reason, shard, storage_interface, vendor_interface',
      ),
    );
    expect(() => checkPatchRequest({}, [{ op: 'add', path: '/traits', value: [] }], latest)).toThrow(refused(400, expect.stringContaining('Cannot patch /traits.')));
  });

  it('refuses values set at fields newer than the version with 406, but not removals or nested paths', () => {
    expect(() => checkPatchRequest({}, [{ op: 'add', path: '/owner', value: 'p' }], new Microversion(49))).toThrow(refused(406));
    expect(() => checkPatchRequest({}, [{ op: 'add', path: '/owner', value: null }], new Microversion(49))).toThrow(refused(406));
    expect(() => checkPatchRequest({}, [{ op: 'remove', path: '/shard' }], new Microversion(81))).not.toThrow();
    expect(() => checkPatchRequest({}, [{ op: 'add', path: '/network_data/links', value: [] }], new Microversion(65))).not.toThrow();
  });

  it('checks a description’s length and a whole network_data (with the trailing space)', () => {
    expect(() => checkPatchRequest({}, [{ op: 'add', path: '/description', value: 'x'.repeat(4097) }], latest)).toThrow(
      refused(400, 'Cannot update node with description exceeding 4096 characters'),
    );
    expect(() => checkPatchRequest({}, [{ op: 'add', path: '/network_data', value: {} }], latest)).toThrow(refused(400, "Invalid network_data: 'links' is a required property "));
    expect(() => checkPatchRequest({}, [{ op: 'add', path: '/network_data', value: null }], latest)).toThrow(refused(400, "Invalid network_data: None is not of type 'object' "));
    expect(() => checkPatchRequest({}, [{ op: 'add', path: '/network_data', value: { links: [{ id: 'x' }], networks: [], services: [] } }], latest)).toThrow(
      refused(400, "Invalid network_data: {'id': 'x'} is not valid under any of the given schemas "),
    );
    expect(() => checkPatchRequest({}, [{ op: 'add', path: '/network_data', value: { links: [], networks: [], services: [] } }], latest)).not.toThrow();
  });
});

describe('planNodePatch', () => {
  it('turns operations into the changed fields, with real (unmasked) values', () => {
    expect(
      plan([
        { op: 'replace', path: '/name', value: 'n2' },
        { op: 'add', path: '/extra/row', value: 3 },
        { op: 'replace', path: '/driver_info/ipmi_address', value: '10.0.0.2' },
      ]),
    ).toEqual({ changes: { name: 'n2', extra: { rack: 'r1', row: 3 }, driver_info: { ipmi_password: 'secret', ipmi_address: '10.0.0.2' } } });
  });

  it('changes nothing when values stay the same', () => {
    expect(plan([{ op: 'replace', path: '/name', value: 'n1' }, { op: 'replace', path: '/boot_interface', value: 'fake' }])).toBeNull();
    expect(plan([])).toBeNull();
  });

  it('removes fields as Ironic stores them, and right where Ironic answers 500', () => {
    const set = aNode({ automated_clean: true, conductor_group: 'rack1', retired: true, owner: 'p', extra: { rack: 'r1' } });
    expect(plan([{ op: 'remove', path: '/name' }, { op: 'remove', path: '/extra' }, { op: 'remove', path: '/owner' }], { on: set })?.changes).toEqual({ name: null, extra: {}, owner: null });
    expect(plan([{ op: 'remove', path: '/automated_clean' }, { op: 'remove', path: '/conductor_group' }, { op: 'remove', path: '/retired' }], { on: set })?.changes).toEqual({
      automated_clean: null,
      conductor_group: '',
      retired: null,
    });
    expect(plan([{ op: 'replace', path: '/conductor_group', value: null }], { on: set })?.changes).toEqual({ conductor_group: '' });
    expect(plan([{ op: 'remove', path: '/console_interface' }])?.changes).toEqual({ console_interface: null });
  });

  it('parses booleans strictly and lower-cases the conductor group', () => {
    expect(plan([{ op: 'add', path: '/automated_clean', value: 'False' }, { op: 'add', path: '/conductor_group', value: 'RACK1' }])?.changes).toEqual({ automated_clean: false, conductor_group: 'rack1' });
    expect(() => plan([{ op: 'add', path: '/maintenance', value: 'maybe' }])).toThrow(
      refused(400, "Invalid maintenance: Unrecognized value 'maybe', acceptable values are: '0', '1', 'f', 'false', 'n', 'no', 'off', 'on', 't', 'true', 'y', 'yes'"),
    );
  });

  it('turns maintenance on and off with the other changes; null means off', () => {
    expect(plan([{ op: 'replace', path: '/maintenance', value: 'True' }, { op: 'add', path: '/extra/a', value: 1 }])).toEqual({ changes: { extra: { rack: 'r1', a: 1 } }, maintenance: true });
    expect(plan([{ op: 'replace', path: '/maintenance', value: null }], { on: aNode({ maintenance: true }) })).toEqual({ changes: {}, maintenance: false });
  });

  it('passes reset_interfaces on with a new driver', () => {
    expect(plan([{ op: 'add', path: '/driver', value: 'ipmi' }], { query: { reset_interfaces: 'true' } })).toEqual({ changes: { driver: 'ipmi' }, reset_interfaces: true });
  });

  it('answers values the node’s schema refuses in Ironic’s words', () => {
    const cases: [PatchOperation, string][] = [
      [{ op: 'replace', path: '/extra', value: 'str' }, "Schema error for patch: 'str' is not of type 'object', 'null'"],
      [{ op: 'replace', path: '/owner', value: 5 }, "Schema error for patch: 5 is not of type 'string', 'null'"],
      [{ op: 'replace', path: '/resource_class', value: 'x'.repeat(81) }, `Schema error for patch: '${'x'.repeat(81)}' is too long`],
      [{ op: 'remove', path: '/driver' }, "Schema error for patch: 'driver' is a required property"],
      [{ op: 'replace', path: '/driver', value: null }, "Schema error for patch: None is not of type 'string'"],
      [{ op: 'replace', path: '/instance_uuid', value: 'abc' }, 'Expected UUID for instance_uuid: abc'],
      [{ op: 'replace', path: '/chassis_uuid', value: 'zz' }, 'Expected UUID for chassis_uuid: zz'],
    ];
    for (const [operation, message] of cases) expect(() => plan([operation])).toThrow(refused(400, message));
  });

  it('names the operation that cannot apply, as Python prints it', () => {
    expect(() => plan([{ op: 'remove', path: '/extra/nokey' }])).toThrow(refused(400, "Couldn't apply patch '{'op': 'remove', 'path': '/extra/nokey'}'. Reason: can't remove a non-existent object 'nokey'"));
    expect(() => plan([{ op: 'replace', path: '/extra/nokey', value: 1 }])).toThrow(refused(400, expect.stringContaining("Reason: can't replace a non-existent object 'nokey'")));
    expect(() => plan([{ op: 'add', path: '/properties/a/b', value: 1 }])).toThrow(refused(400, expect.stringContaining("Reason: member 'a' not found in {}")));
    expect(() => plan([{ op: 'replace', path: '/extra' }])).toThrow(refused(400, "Couldn't apply patch '{'op': 'replace', 'path': '/extra'}'. Reason: The operation does not contain a 'value' member"));
  });

  it('checks names: valid, not reserved, nothing but a string', () => {
    expect(() => plan([{ op: 'add', path: '/name', value: 'bad name' }])).toThrow(refused(400, "Node n1: Cannot change name to invalid name 'bad name'"));
    expect(() => plan([{ op: 'add', path: '/name', value: null }])).toThrow(refused(400, "Node n1: Cannot change name to invalid name 'None'"));
    expect(() => plan([{ op: 'add', path: '/name', value: 'states' }])).toThrow(
      refused(400, 'The word "states" is reserved and can not be used as a node name. Reserved words are: maintenance, management, states, vendor_passthru, detail, validate.'),
    );
    expect(() => plan([{ op: 'add', path: '/name', value: 'under_score' }], { version: new Microversion(9) })).toThrow(refused(400));
  });

  it('refuses updates during a transition, and while inspecting from 1.39', () => {
    const deploying = aNode({ provision_state: 'deploying', target_provision_state: 'active' });
    expect(() => plan([{ op: 'add', path: '/extra/a', value: 1 }], { on: deploying })).toThrow(refused(409, 'Node n1 can not be updated while a state transition is in progress.'));
    expect(plan([{ op: 'remove', path: '/instance_uuid' }], { on: { ...deploying, maintenance: true, instance_uuid: NODE_UUID } })).toEqual({ changes: { instance_uuid: null } });
    const inspecting = aNode({ provision_state: 'inspecting', target_provision_state: 'manageable' });
    expect(() => plan([{ op: 'add', path: '/extra/a', value: 1 }], { on: inspecting })).toThrow(refused(409, `Cannot update node "${NODE_UUID}" while it is in state "inspecting".`));
    expect(plan([{ op: 'add', path: '/extra/a', value: 1 }], { on: inspecting, version: new Microversion(38) })?.changes).toEqual({ extra: { a: 1 } });
  });

  it('needs an existing chassis, and 1.25 to leave one', () => {
    expect(() => plan([{ op: 'add', path: '/chassis_uuid', value: '11111111-2222-3333-4444-999999999999' }])).toThrow(refused(400, 'Chassis 11111111-2222-3333-4444-999999999999 could not be found.'));
    expect(plan([{ op: 'add', path: '/chassis_uuid', value: CHASSIS }])?.changes).toEqual({ chassis_uuid: CHASSIS });
    expect(() => plan([{ op: 'remove', path: '/chassis_uuid' }], { on: aNode({ chassis_uuid: CHASSIS }), version: new Microversion(24) })).toThrow(refused(406));
  });

  it('needs a live conductor for the driver in the (lower-cased) conductor group', () => {
    expect(() => plan([{ op: 'add', path: '/conductor_group', value: 'Rack2' }])).toThrow(
      refused(400, 'No valid host was found. Reason: No conductor service registered which supports driver fake-hardware for conductor group "rack2".'),
    );
    expect(() => plan([{ op: 'add', path: '/driver', value: 'idrac' }])).toThrow(refused(400, expect.stringContaining('supports driver idrac for conductor group ""')));
  });

  it('keeps the driver while the console is on', () => {
    expect(() => plan([{ op: 'add', path: '/driver', value: 'ipmi' }], { on: aNode({ console_enabled: true }) })).toThrow(
      refused(409, 'Node n1 can not update the driver while the console is enabled. Please stop the console first.'),
    );
  });
});
