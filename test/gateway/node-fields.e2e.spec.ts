/**
 * Node fields through the gateway with a conductor and JetStream behind it: what `POST` and
 * `PATCH /v1/nodes` accept at each microversion and the rules of each field, deletion, the
 * node list's filters, Ironic's error texts (two error bodies), a node's vendor methods and
 * inventory — every refusal with Ironic's status and words, and nothing appended.
 */
import { describe, expect, it, jest } from '@jest/globals';
import { apiClient, type ApiResponse, at, fault, type Json, LATEST } from '../support/api.js';
import { sleep } from '../support/system.js';
import { systemForFile } from '../support/system-for-file.js';

jest.setTimeout(90_000);

const system = systemForFile();
const call = apiClient(() => system.baseUrl);


/** `request` answers `status` with `message` (Ironic's fault), and appends nothing. */
async function refused(request: () => Promise<ApiResponse>, status: number, message: string): Promise<void> {
  const before = await system.eventCount();
  const response = await request();
  expect({ status: response.status, message: response.json?.error_message ? fault(response.json) : response.text }).toEqual({ status, message });
  expect(await system.eventCount()).toBe(before);
}

/** The router's body (`{code, title, description}`), without version headers. */
function routerBody(response: ApiResponse): Json {
  expect(response.headers.get('x-openstack-ironic-api-version')).toBeNull();
  return JSON.parse(response.json.error_message as string) as Json;
}

async function createNode(body: Json = {}, headers: Record<string, string> = LATEST): Promise<Json> {
  const created = await call('POST', '/v1/nodes', { body: { driver: 'fake-hardware', ...body }, headers });
  expect({ status: created.status, body: created.json }).toEqual({ status: 201, body: expect.any(Object) });
  return created.json;
}

const patch = (ident: string, operations: unknown, query = '', headers: Record<string, string> = LATEST) => call('PATCH', `/v1/nodes/${ident}${query}`, { body: operations, headers });
const provision = (ident: string, target: string, extra: Json = {}) => call('PUT', `/v1/nodes/${ident}/states/provision`, { body: { target, ...extra } });

async function until(ident: string, state: string): Promise<Json> {
  const deadline = Date.now() + 20_000;
  let last: Json = {};
  while (Date.now() < deadline) {
    last = (await call('GET', `/v1/nodes/${ident}`)).json;
    if (last.provision_state === state && last.reservation === null && last.target_power_state === null) return last;
    await sleep(25);
  }
  throw new Error(`node ${ident} did not reach ${state}: ${JSON.stringify(last)}\n${system.logs()}`);
}

/** A fake-hardware node moved along the state machine to `state` (manageable, available or active). */
async function nodeIn(state: 'manageable' | 'available' | 'active', body: Json = {}): Promise<string> {
  const uuid = (await createNode(body)).uuid as string;
  for (const [target, reached] of [['manage', 'manageable'], ['provide', 'available'], ['active', 'active']] as const) {
    expect((await provision(uuid, target)).status).toBe(202);
    await until(uuid, reached);
    if (reached === state) break;
  }
  return uuid;
}

describe('POST /v1/nodes', () => {
  it('takes every creatable field at 1.82 and shows it, interfaces defaulted by the hardware type', async () => {
    const body = {
      name: 'nf-full',
      driver_info: { fake_delay_ms: 0 },
      properties: { cpus: '4', memory_mb: 1024 },
      extra: { k: 'v' },
      instance_info: { root_gb: 10 },
      resource_class: 'gold',
      automated_clean: 'True',
      description: 'a node',
      network_data: { links: [], networks: [], services: [] },
      console_interface: 'no-console',
      boot_mode: 'uefi',
      secure_boot: 'maybe',
      maintenance: 'yes',
      retired: false,
      retired_reason: 'kept',
      conductor_group: '',
      shard: 'Shard-1',
      owner: 'p1',
      lessee: 'p2',
    };
    const node = await createNode(body);
    expect(node).toMatchObject({
      ...body,
      automated_clean: true,
      secure_boot: true,
      maintenance: true,
      maintenance_reason: null,
      provision_state: 'enroll',
      power_interface: 'fake',
      network_interface: 'noop',
      storage_interface: 'noop',
      console_enabled: false,
    });
    expect((await call('GET', `/v1/nodes/${node.uuid}`)).json).toMatchObject({ name: 'nf-full', maintenance: true, boot_mode: 'uefi' });
  });

  it('creates nodes in available below 1.11, and tolerates an empty group and a null name in old versions', async () => {
    const old = await createNode({ conductor_group: '', name: null }, at('1.4'));
    expect(old.provision_state).toBe('available');
    expect(old).not.toHaveProperty('name');
    expect((await call('GET', `/v1/nodes/${old.uuid as string}`, { headers: at('1.1') })).json.provision_state).toBeNull();
  });

  it('answers bad bodies with Ironic’s status and words, appending nothing', async () => {
    const existing = await createNode({ name: 'nf-taken', instance_uuid: '5d1e3b7c-0a2f-4c8d-9e6b-1a2b3c4d5e6f' });
    const post = (body: unknown, headers: Record<string, string> = LATEST) => () => call('POST', '/v1/nodes', { body, headers });
    const cases: [() => Promise<ApiResponse>, number, string][] = [
      [post({}), 400, "Schema error for node: 'driver' is a required property"],
      [post([1]), 400, "Schema error for node: [1] is not of type 'object'"],
      [post({ driver: 'fake-hardware', bogus: 1 }), 400, "Schema error for node: Additional properties are not allowed ('bogus' was unexpected)"],
      [post({ driver: 'fake-hardware', protected: true }), 400, "Schema error for node: Additional properties are not allowed ('protected' was unexpected)"],
      [post({ driver: 'fake-hardware', traits: [] }), 400, "Schema error for node: Additional properties are not allowed ('traits' was unexpected)"],
      [post({ driver: 'fake-hardware', uuid: 'abc' }), 400, 'Expected UUID for uuid: abc'],
      [post({ driver: 'fake-hardware', uuid: existing.uuid }), 409, `A node with UUID ${existing.uuid as string} already exists.`],
      [post({ driver: 'fake-hardware', name: 'nf-taken' }), 409, 'A node with name nf-taken already exists.'],
      [post({ driver: 'fake-hardware', name: 'bad name' }), 400, "Cannot create node with invalid name 'bad name'"],
      [post({ driver: 'fake-hardware', name: 'detail' }), 400, 'The word "detail" is reserved and can not be used as a node name. Reserved words are: maintenance, management, states, vendor_passthru, detail, validate.'],
      [post({ driver: 'fake-hardware', name: 5 }), 400, "Schema error for node: 5 is not of type 'string', 'null'"],
      [post({ driver: 'fake-hardware', instance_uuid: 'xyz' }), 400, 'Expected UUID for instance_uuid: xyz'],
      [post({ driver: 'fake-hardware', chassis_uuid: 'xyz' }), 400, 'Expected UUID for chassis_uuid: xyz'],
      [post({ driver: 'fake-hardware', chassis_uuid: '11111111-2222-3333-4444-999999999999' }), 400, 'Chassis 11111111-2222-3333-4444-999999999999 could not be found.'],
      [post({ driver: 'fake-hardware', maintenance: 'maybe' }), 400, "Invalid maintenance: Unrecognized value 'maybe', acceptable values are: '0', '1', 'f', 'false', 'n', 'no', 'off', 'on', 't', 'true', 'y', 'yes'"],
      [post({ driver: 'fake-hardware', driver_info: 'str' }), 400, "Schema error for node: 'str' is not of type 'object', 'null'"],
      [post({ driver: 'fake-hardware', properties: [1] }), 400, "Schema error for node: [1] is not of type 'object', 'null'"],
      [post({ driver: 'fake-hardware', resource_class: 'x'.repeat(81) }), 400, `Schema error for node: '${'x'.repeat(81)}' is too long`],
      [post({ driver: 'fake-hardware', network_data: { foo: 1 } }), 400, "Schema error for node: {'foo': 1} is not valid under any of the given schemas. Possible root cause: {'foo': 1} is not of type 'null'"],
      [post({ driver: 'fake-hardware', power_interface: 'ipmitool' }), 400, "Could not find the following interface in the 'ironic.hardware.interfaces.power' entrypoint: ipmitool. Valid interfaces are ['fake']."],
      [post({ driver: 'nope' }), 400, 'No valid host was found. Reason: No conductor service registered which supports driver nope for conductor group "".'],
      [post({ driver: 'fake-hardware', conductor_group: 'Bad Group!' }), 400, 'No valid host was found. Reason: No conductor service registered which supports driver fake-hardware for conductor group "Bad Group!".'],
      [post({ driver: 'fake-hardware', instance_uuid: existing.instance_uuid }), 409, expect.stringMatching(/^Instance 5d1e3b7c-0a2f-4c8d-9e6b-1a2b3c4d5e6f is already associated with a node, it cannot be associated with this other node [0-9a-f-]{36}$/) as unknown as string],
      [post({ driver: 'fake-hardware', properties: { cpus: -1, memory_mb: 'abc' } }), 400, expect.stringMatching(/^The following properties for node [0-9a-f-]{36} should be non-negative integers, but provided values are: cpus=-1, memory_mb=abc$/) as unknown as string],
      [post({ driver: 'fake-hardware', owner: 'p' }, at('1.49')), 406, 'Request not acceptable.'],
      [post({ driver: 'fake-hardware', shard: 's' }, at('1.81')), 406, 'Request not acceptable.'],
      [post({ driver: 'fake-hardware', power_interface: 'fake' }, at('1.30')), 406, 'Request not acceptable.'],
      [post({ driver: 'fake-hardware', conductor_group: 'a' }, at('1.45')), 406, 'Request not acceptable.'],
      [post({ driver: 'fake-hardware', retired: false }, at('1.60')), 406, 'Request not acceptable.'],
    ];
    for (const [request, status, message] of cases) await refused(request, status, message);
  });
});

describe('PATCH /v1/nodes/{ident}', () => {
  it('changes interfaces only in the states that allow it or in maintenance, and resets them with a new driver', async () => {
    const uuid = await nodeIn('active');
    await refused(
      () => patch(uuid, [{ op: 'add', path: '/console_interface', value: 'no-console' }]),
      409,
      `Node ${uuid} can not have console_interface updated unless it is in one of allowed (enroll, inspecting, inspect wait, manageable, available) states or in maintenance mode.`,
    );
    const inMaintenance = await patch(uuid, [{ op: 'add', path: '/maintenance', value: 'True' }, { op: 'add', path: '/console_interface', value: 'no-console' }]);
    expect(inMaintenance.json).toMatchObject({ maintenance: true, console_interface: 'no-console' });
    expect((await patch(uuid, [{ op: 'remove', path: '/console_interface' }])).json).toMatchObject({ maintenance: true, console_interface: 'fake' });
    // The rule reads maintenance as the patch leaves it.
    await refused(
      () => patch(uuid, [{ op: 'add', path: '/console_interface', value: 'no-console' }, { op: 'add', path: '/maintenance', value: false }]),
      409,
      expect.stringContaining('can not have console_interface updated') as unknown as string,
    );

    const enrolled = (await createNode({ console_interface: 'no-console' })).uuid as string;
    const switched = await patch(enrolled, [{ op: 'add', path: '/driver', value: 'redfish' }], '?reset_interfaces=True');
    expect(switched.json).toMatchObject({ driver: 'redfish', power_interface: 'redfish', console_interface: 'no-console', deploy_interface: 'direct', bios_interface: 'redfish' });
    await refused(
      () => patch(enrolled, [{ op: 'add', path: '/driver', value: 'fake-hardware' }]),
      400,
      "Could not find the following interface in the 'ironic.hardware.interfaces.bios' entrypoint: redfish. Valid interfaces are ['fake', 'no-bios'].",
    );
    await refused(() => patch(enrolled, [{ op: 'add', path: '/extra/a', value: 1 }], '?reset_interfaces=true'), 400, "The reset_interfaces parameter can only be used when changing the node's driver.");
    await refused(() => patch(enrolled, [{ op: 'add', path: '/driver', value: 'ipmi' }], '?reset_interfaces=true', at('1.44')), 406, 'Request not acceptable.');
  });

  it('protects only deployed nodes, and a protected node is neither torn down, rebuilt nor deleted (403)', async () => {
    const enrolled = (await createNode()).uuid as string;
    await refused(
      () => patch(enrolled, [{ op: 'add', path: '/protected', value: 'True' }]),
      409,
      `Node ${enrolled} can only be made protected in provision states 'active' or 'rescue', the current state is 'enroll'`,
    );
    await refused(() => patch(enrolled, [{ op: 'add', path: '/protected_reason', value: 'why' }]), 400, 'The protected_reason field can only be set when protected is True');

    const uuid = await nodeIn('active');
    expect((await patch(uuid, [{ op: 'add', path: '/protected', value: 'True' }, { op: 'add', path: '/protected_reason', value: 'prod' }])).json).toMatchObject({ protected: true, protected_reason: 'prod' });
    const forbidden = `Node ${uuid} is protected and cannot be undeployed, rebuilt or deleted`;
    for (const target of ['deleted', 'undeploy', 'rebuild']) await refused(() => provision(uuid, target), 403, forbidden);
    await patch(uuid, [{ op: 'add', path: '/maintenance', value: true }]);
    await refused(() => call('DELETE', `/v1/nodes/${uuid}`), 403, forbidden);
    expect((await patch(uuid, [{ op: 'add', path: '/protected', value: false }])).json).toMatchObject({ protected: false, protected_reason: null });
  });

  it('retires nodes outside available; a retired node is not provided and its undeployment ends in manageable', async () => {
    const available = await nodeIn('available');
    await refused(
      () => patch(available, [{ op: 'add', path: '/retired', value: true }]),
      409,
      `Node ${available} can not have 'retired' set in provision state 'available', the current state is 'available'`,
    );
    await refused(() => patch(available, [{ op: 'add', path: '/retired_reason', value: 'old' }]), 400, 'The retired_reason field can only be set when retired is True');

    const manageable = await nodeIn('manageable');
    expect((await patch(manageable, [{ op: 'add', path: '/retired', value: 'True' }, { op: 'add', path: '/retired_reason', value: 'old' }])).json).toMatchObject({ retired: true, retired_reason: 'old' });
    await refused(() => provision(manageable, 'provide'), 400, `The providing operation can't be performed on node ${manageable} because it is retired.`);
    expect((await patch(manageable, [{ op: 'remove', path: '/retired' }])).json).toMatchObject({ retired: null, retired_reason: null });

    const active = await nodeIn('active');
    await patch(active, [{ op: 'add', path: '/retired', value: true }]);
    expect((await provision(active, 'undeploy')).status).toBe(202);
    expect(await until(active, 'manageable')).toMatchObject({ retired: true });
  });

  it('sets an instance once, changes a resource class only where allowed, and lets instance_info and driver_info change on an active node', async () => {
    const uuid = await nodeIn('active');
    const instance = '7c2d4e6f-8a9b-4c1d-9e2f-3a4b5c6d7e8f';
    expect((await patch(uuid, [{ op: 'add', path: '/instance_uuid', value: instance }, { op: 'add', path: '/resource_class', value: 'gold' }])).status).toBe(200);
    expect((await patch(uuid, [{ op: 'add', path: '/instance_uuid', value: instance }])).status).toBe(200);
    await refused(() => patch(uuid, [{ op: 'add', path: '/instance_uuid', value: '9e8d7c6b-5a4f-4e3d-8c2b-1a0f9e8d7c6b' }]), 409, `Node ${uuid} is associated with instance ${instance}.`);
    await refused(
      () => patch(uuid, [{ op: 'add', path: '/resource_class', value: 'silver' }]),
      409,
      `Node ${uuid} can not have resource_class updated unless it is in one of allowed (enroll, inspecting, inspect wait, manageable, available) states.`,
    );
    const changed = await patch(uuid, [{ op: 'add', path: '/instance_info/image_source', value: 'http://x/img' }, { op: 'add', path: '/driver_info/fake_delay_ms', value: 1 }]);
    expect(changed.json).toMatchObject({ instance_info: { image_source: 'http://x/img' }, driver_info: { fake_delay_ms: 1 } });
    await refused(() => call('DELETE', `/v1/nodes/${uuid}`), 409, `Node ${uuid} is associated with instance ${instance}.`);
  });

  it('does right what Ironic answers 500 for: removing automated_clean and conductor_group, a null maintenance', async () => {
    const uuid = (await createNode({ automated_clean: true })).uuid as string;
    const removed = await patch(uuid, [{ op: 'remove', path: '/automated_clean' }, { op: 'remove', path: '/conductor_group' }, { op: 'replace', path: '/maintenance', value: null }]);
    expect(removed.status).toBe(200);
    expect(removed.json).toMatchObject({ automated_clean: null, conductor_group: '', maintenance: false });
    expect((await patch(uuid, [{ op: 'add', path: '/automated_clean', value: null }])).status).toBe(200);
  });

  it('checks network_data as a whole, and patches inside it', async () => {
    const uuid = (await createNode()).uuid as string;
    await refused(() => patch(uuid, [{ op: 'add', path: '/network_data', value: {} }]), 400, "Invalid network_data: 'links' is a required property ");
    await refused(() => patch(uuid, [{ op: 'add', path: '/network_data', value: null }]), 400, "Invalid network_data: None is not of type 'object' ");
    const valid = { links: [{ id: 'eth0', type: 'phy', ethernet_mac_address: 'fa:16:3e:9c:bf:3d' }], networks: [], services: [] };
    expect((await patch(uuid, [{ op: 'add', path: '/network_data', value: valid }])).json).toMatchObject({ network_data: valid });
    expect((await patch(uuid, [{ op: 'remove', path: '/network_data' }])).json).toMatchObject({ network_data: {} });
    await refused(() => patch(uuid, [{ op: 'add', path: '/network_data', value: valid }], '', at('1.65')), 406, 'Request not acceptable.');
  });

  it('answers bad patches with Ironic’s status and words, appending nothing', async () => {
    const uuid = (await createNode({ name: 'nf-patchee' })).uuid as string;
    const cases: [unknown, string, number, string][] = [
      [[{ op: 'test', path: '/extra', value: 1 }], '', 400, "Schema error for patch: 'test' is not one of ['add', 'replace', 'remove']"],
      [[{ op: 'move', from: '/name', path: '/extra' }], '', 400, "Schema error for patch: Additional properties are not allowed ('from' was unexpected)"],
      [[{ path: '/extra' }], '', 400, "Schema error for patch: 'op' is a required property"],
      [{ op: 'add' }, '', 400, "Schema error for patch: {'op': 'add'} is not of type 'array'"],
      [[{ op: 'add', path: 'extra', value: 1 }], '', 400, "Schema error for patch: 'extra' does not match '^(/[\\\\w-]+)+$'"],
      [[{ op: 'add', path: '/extra', value: 1 }], '?foo=1', 400, 'Unexpected arguments: foo'],
      [[], '?reset_interfaces=maybe', 400, "Invalid reset_interfaces: Unrecognized value 'maybe', acceptable values are: '0', '1', 'f', 'false', 'n', 'no', 'off', 'on', 't', 'true', 'y', 'yes'"],
      [[{ op: 'replace', path: '/uuid', value: 'x' }], '', 400, expect.stringMatching(/^Cannot patch \/uuid\. Only the following can be updated: automated_clean, /) as unknown as string],
      [[{ op: 'add', path: '/traits', value: ['CUSTOM_A'] }], '', 400, expect.stringMatching(/^Cannot patch \/traits\./) as unknown as string],
      [[{ op: 'remove', path: '/extra/absent' }], '', 400, "Couldn't apply patch '{'op': 'remove', 'path': '/extra/absent'}'. Reason: can't remove a non-existent object 'absent'"],
      [[{ op: 'replace', path: '/extra/absent', value: 1 }], '', 400, "Couldn't apply patch '{'op': 'replace', 'path': '/extra/absent', 'value': 1}'. Reason: can't replace a non-existent object 'absent'"],
      [[{ op: 'add', path: '/extra/a/b', value: 1 }], '', 400, "Couldn't apply patch '{'op': 'add', 'path': '/extra/a/b', 'value': 1}'. Reason: member 'a' not found in {}"],
      [[{ op: 'replace', path: '/extra' }], '', 400, "Couldn't apply patch '{'op': 'replace', 'path': '/extra'}'. Reason: The operation does not contain a 'value' member"],
      [[{ op: 'replace', path: '/extra', value: 'str' }], '', 400, "Schema error for patch: 'str' is not of type 'object', 'null'"],
      [[{ op: 'remove', path: '/driver' }], '', 400, "Schema error for patch: 'driver' is a required property"],
      [[{ op: 'replace', path: '/instance_uuid', value: 'abc' }], '', 400, 'Expected UUID for instance_uuid: abc'],
      [[{ op: 'replace', path: '/automated_clean', value: 'maybe' }], '', 400, "Invalid automated_clean: Unrecognized value 'maybe', acceptable values are: '0', '1', 'f', 'false', 'n', 'no', 'off', 'on', 't', 'true', 'y', 'yes'"],
      [[{ op: 'add', path: '/description', value: 'd'.repeat(4097) }], '', 400, 'Cannot update node with description exceeding 4096 characters'],
      [[{ op: 'add', path: '/name', value: 'bad name' }], '', 400, "Node nf-patchee: Cannot change name to invalid name 'bad name'"],
      [[{ op: 'add', path: '/conductor_group', value: 'rack9' }], '', 400, 'No valid host was found. Reason: No conductor service registered which supports driver fake-hardware for conductor group "rack9".'],
      [[{ op: 'add', path: '/properties/cpus', value: -1 }], '', 400, `The following properties for node ${uuid} should be non-negative integers, but provided values are: cpus=-1`],
    ];
    for (const [operations, query, status, message] of cases) await refused(() => patch('nf-patchee', operations, query), status, message);
    await refused(() => patch(uuid, [{ op: 'add', path: '/owner', value: 'p' }], '', at('1.49')), 406, 'Request not acceptable.');
    expect((await patch(uuid, [{ op: 'remove', path: '/shard' }], '', at('1.81'))).status).toBe(200);
    expect((await patch(uuid, [])).status).toBe(200);
  });

  it('lower-cases a conductor group the conductors serve', async () => {
    const uuid = (await createNode()).uuid as string;
    await refused(() => patch(uuid, [{ op: 'add', path: '/conductor_group', value: 'RACK9' }]), 400, expect.stringContaining('for conductor group "rack9".') as unknown as string);
    expect((await patch(uuid, [{ op: 'add', path: '/conductor_group', value: '' }])).json).toMatchObject({ conductor_group: '' });
  });
});

describe('DELETE /v1/nodes/{ident}', () => {
  it('deletes available nodes, and names the allowed states (a Python tuple) otherwise', async () => {
    const available = await nodeIn('available');
    expect((await call('DELETE', `/v1/nodes/${available}`)).status).toBe(204);
    const active = await nodeIn('active');
    await refused(
      () => call('DELETE', `/v1/nodes/${active}`),
      409,
      `Can not delete node "${active}" while it is in provision state "active". Valid provision states to perform deletion are: "('manageable', 'enroll', 'adopt failed', 'available')", or set the node into maintenance mode`,
    );
    await patch(active, [{ op: 'add', path: '/maintenance', value: true }]);
    expect((await call('DELETE', `/v1/nodes/${active}`)).status).toBe(204);
  });
});

describe('node identifiers and error bodies', () => {
  it('answers as Ironic’s router does for a malformed identifier, a method a node lacks, a node-less DELETE', async () => {
    for (const method of ['GET', 'PATCH', 'DELETE']) {
      const response = await call(method, '/v1/nodes/bad%20name', method === 'PATCH' ? { body: [] } : {});
      expect(response.status).toBe(400);
      expect(routerBody(response)).toEqual({ code: 400, title: 'Bad Request', description: 'Expected UUID or name for node: bad name' });
    }
    await refused(() => call('GET', '/v1/nodes/bad%20name/states'), 400, 'Expected UUID or name for node_ident: bad name');
    await refused(() => provision('bad%20name', 'manage'), 400, 'Expected UUID or name for node_ident: bad name');
    await refused(() => call('PUT', '/v1/nodes/bad%20name/states/power', { body: { target: 'power on' } }), 400, 'Expected UUID or name for node_ident: bad name');
    await refused(() => call('PUT', '/v1/nodes/bad%20name/maintenance', { body: { reason: 'r' } }), 400, 'Expected UUID or name for node_ident: bad name');
    await refused(() => call('PUT', '/v1/nodes/nf-full/states/provision', { body: { target: 'manage' }, headers: at('1.4') }), 404, 'Node nf-full could not be found.');
    const put = await call('PUT', '/v1/nodes/nf-full', { body: {} });
    expect([put.status, routerBody(put)]).toEqual([405, { code: 405, title: 'Method Not Allowed', description: '' }]);
    await refused(() => call('POST', '/v1/nodes/nf-full', { body: {} }), 400, "Schema error for node: 'nf-full' is not of type 'object'");
    await refused(() => call('DELETE', '/v1/nodes'), 400, 'Missing mandatory parameter: node_ident');
  });

  it('checks a maintenance reason as Ironic’s arguments are checked (recorded from Ironic 21.4.4)', async () => {
    expect((await call('POST', '/v1/nodes', { body: { driver: 'fake-hardware', name: 'nf-maintenance' } })).status).toBe(201);
    await refused(() => call('PUT', '/v1/nodes/nf-maintenance/maintenance', { body: { reason: 1 } }), 400, 'Expected string for reason: 1');
    await refused(() => call('PUT', '/v1/nodes/nf-maintenance/maintenance', { body: { nope: 1 } }), 400, 'Unexpected arguments: nope');
    // Ironic keeps a reason of any length (a text column), and so does ironledger.
    const long = 'r'.repeat(300);
    expect((await call('PUT', '/v1/nodes/nf-maintenance/maintenance', { body: { reason: long } })).status).toBe(202);
    expect((await call('GET', '/v1/nodes/nf-maintenance')).json).toMatchObject({ maintenance: true, maintenance_reason: long });
  });

  it('finds nodes as Ironic does: names from 1.5 and by the version’s rule, a .json suffix stripped', async () => {
    await createNode({ name: 'nf_under' });
    await refused(() => call('GET', '/v1/nodes/11111111-2222-3333-4444-999999999999'), 404, 'Node 11111111-2222-3333-4444-999999999999 could not be found.');
    await refused(() => call('GET', '/v1/nodes/nf-nonexist'), 404, 'Node nf-nonexist could not be found.');
    await refused(() => call('GET', '/v1/nodes/nf_under', { headers: at('1.9') }), 400, 'Expected a logical name or UUID but received nf_under.');
    await refused(() => call('GET', '/v1/nodes/nf-full', { headers: at('1.4') }), 404, 'Node nf-full could not be found.');
    expect((await call('GET', '/v1/nodes/nf-full.json?fields=name')).json).toEqual({ name: 'nf-full', links: expect.any(Array) });
  });

  it('reads a word after the node as a field, so later sub-resources are unknown fields', async () => {
    expect((await call('GET', '/v1/nodes/nf-full/name')).json).toEqual({ name: 'nf-full', links: expect.any(Array) });
    await refused(() => call('GET', '/v1/nodes/nf-full/children'), 400, 'Field children is not a valid field.');
    await refused(() => call('GET', '/v1/nodes?parent_node=x'), 400, 'Unexpected arguments: parent_node');
    await refused(() => call('GET', '/v1/nodes/nf-full?fields=bogus,name'), 400, 'Field bogus is not a valid field.');
    expect(Object.keys((await call('GET', '/v1/nodes/nf-full?fields=NAME,name,chassis_uuid,uuid')).json)).toEqual(['uuid', 'name', 'links', 'chassis_uuid']);
  });
});

describe('GET /v1/nodes', () => {
  it('filters at 1.82, each filter from its version', async () => {
    await createNode({ name: 'nf-list-a', owner: 'nf-p1', description: 'Top of RACK 7', resource_class: 'nf-rc' });
    await createNode({ name: 'nf-list-b', lessee: 'nf-p1' });
    const names = async (query: string, headers: Record<string, string> = LATEST) => ((await call('GET', `/v1/nodes?${query}`, { headers })).json.nodes as Json[]).map((node) => node.name);
    expect(await names('owner=nf-p1')).toEqual(['nf-list-a']);
    expect(await names('lessee=nf-p1')).toEqual(['nf-list-b']);
    expect(await names('project=nf-p1')).toEqual(['nf-list-a', 'nf-list-b']);
    expect(await names('description_contains=rack%207')).toEqual(['nf-list-a']);
    expect(await names('resource_class=nf-rc&driver=fake-hardware&provision_state=enroll')).toEqual(['nf-list-a']);
    expect(await names('conductor_group=&owner=nf-p1')).toEqual(['nf-list-a']);
    expect(await names(`conductor=${system.conductorIds[0]}&owner=nf-p1`)).toEqual(['nf-list-a']);
    expect(await names('conductor=nobody&owner=nf-p1')).toEqual([]);
    await refused(() => call('GET', '/v1/nodes?lessee=x', { headers: at('1.64') }), 406, 'Request not acceptable. The minimal required API version should be 1.65');
    await refused(() => call('GET', '/v1/nodes?chassis_uuid=11111111-2222-3333-4444-999999999999'), 404, 'Chassis 11111111-2222-3333-4444-999999999999 could not be found.');
    await refused(() => call('GET', '/v1/nodes?detail=True', { headers: at('1.42') }), 400, 'Invalid query parameter ?detail=True received.');
    await refused(() => call('GET', '/v1/nodes/detail?fields=name'), 400, 'Unexpected arguments: fields');
  });

  it('links the next page with the default fields written out (the CLI pages with them)', async () => {
    const page = await call('GET', '/v1/nodes/?limit=1&sort_key=name');
    expect(page.json.next).toMatch(new RegExp(`^${system.baseUrl}/v1/nodes\\?sort_key=name&sort_dir=asc&fields=instance_uuid,maintenance,power_state,provision_state,uuid,name&limit=1&marker=[0-9a-f-]{36}$`));
    const next = await call('GET', (page.json.next as string).slice(system.baseUrl.length));
    expect(next.status).toBe(200);
  });
});

describe('a node’s vendor methods and inventory', () => {
  it('has no vendor methods', async () => {
    const uuid = (await createNode()).uuid as string;
    expect((await call('GET', `/v1/nodes/${uuid}/vendor_passthru/methods`)).json).toEqual({});
    await refused(() => call('GET', '/v1/nodes/bad%20name/vendor_passthru/methods'), 400, 'Expected UUID or name for node_ident: bad name');
  });

  it('refuses every vendor method call as Ironic does a method no interface has', async () => {
    const uuid = (await createNode()).uuid as string;
    for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE']) {
      await refused(() => call(method, `/v1/nodes/${uuid}/vendor_passthru?method=reset_bmc`), 400, 'No handler for method reset_bmc');
    }
    await refused(() => call('POST', `/v1/nodes/${uuid}/vendor_passthru/reset_bmc`, { body: {} }), 400, 'No handler for method reset_bmc');
    await refused(() => call('POST', `/v1/nodes/${uuid}/vendor_passthru`, { body: {} }), 400, 'Missing mandatory parameter: method');
    await refused(() => call('POST', '/v1/nodes/no-such-node/vendor_passthru?method=x', { body: {} }), 404, 'Node no-such-node could not be found.');
    await refused(() => call('POST', '/v1/nodes/bad%20name/vendor_passthru?method=x', { body: {} }), 400, 'Expected UUID or name for node_ident: bad name');
  });

  it('serves the inventory introspection stored, from 1.81', async () => {
    const uuid = (await createNode({ driver_info: { fake_wait: ['inspect'], ipmi_address: '10.77.0.1' } })).uuid as string;
    const old = await call('GET', `/v1/nodes/${uuid}/inventory`, { headers: at('1.80') });
    expect([old.status, routerBody(old)]).toEqual([404, { code: 404, title: 'Not Found', description: '' }]);
    await refused(() => call('GET', `/v1/nodes/${uuid}/inventory`), 404, `Node inventory record for node ${uuid} could not be found.`);

    expect((await provision(uuid, 'manage')).status).toBe(202);
    await until(uuid, 'manageable');
    expect((await provision(uuid, 'inspect')).status).toBe(202);
    await until(uuid, 'inspect wait');
    const inventory = {
      cpu: { count: 4, architecture: 'x86_64' },
      memory: { physical_mb: 8192 },
      disks: [{ name: '/dev/sda', size: 100 * 1024 ** 3 }],
      interfaces: [{ name: 'eth0', mac_address: '52:54:00:77:00:01' }],
      bmc_address: '10.77.0.1',
    };
    const posted = await call('POST', '/v1/continue', { body: { inventory, root_disk: { name: '/dev/sda', size: 100 * 1024 ** 3 } } });
    expect(posted.status).toBe(200);
    await until(uuid, 'manageable');
    const stored = await call('GET', `/v1/nodes/${uuid}/inventory`);
    expect(stored.status).toBe(200);
    expect(stored.json).toMatchObject({ inventory, plugin_data: { root_disk: { name: '/dev/sda', size: 100 * 1024 ** 3 }, cpus: '4', macs: ['52:54:00:77:00:01'] } });
    expect(Object.keys(stored.json)).toEqual(['inventory', 'plugin_data']);
  });
});
