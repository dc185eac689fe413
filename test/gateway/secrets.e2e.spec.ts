/**
 * Secrets through the whole system: JSON Patch cannot move, copy or test them (Ironic's patch
 * schema); no view, past state, raw event, history record, server-sent event, relayed message
 * or log line shows a BMC password; and masking is by field, exactly where Ironic 21.4 masks,
 * never by value or by a key that merely looks secret, so identifiers, states, `extra` and
 * look-ups by value are served as stored.
 */
import { describe, expect, it, jest } from '@jest/globals';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { NodeCommandHandler } from '@ironledger/application';
import { subscribeSse } from '@ironledger/client';
import { nodeStreamId } from '@ironledger/contracts';
import { apiClient, fault, type Json, LATEST } from '../support/api.js';
import { enroll, provision, until } from '../support/nodes.js';
import { sleep } from '../support/system.js';
import { systemForFile } from '../support/system-for-file.js';

jest.setTimeout(120_000);

const PASSWORD = 'Sup3r-S3cret-bmc';
const OTHER = 'An0ther-S3cret';
const system = systemForFile();
const call = apiClient(() => system.baseUrl);

async function enrolled(name: string): Promise<string> {
  const created = await call('POST', '/v1/nodes', { body: { driver: 'fake-hardware', name, driver_info: { redfish_address: 'https://10.0.0.9', redfish_password: PASSWORD, ipmi_password: OTHER } } });
  expect(created.status).toBe(201);
  return created.json.uuid as string;
}

const eventCount = async (uuid: string) => (await (await system.store()).readStream(nodeStreamId(uuid))).length;

describe('JSON Patch', () => {
  it('refuses test, move and copy as Ironic does, the same way for a right and a wrong guess, appending nothing', async () => {
    const uuid = await enrolled('patch-secrets');
    const before = await eventCount(uuid);
    const refusals: [unknown, string][] = [
      [[{ op: 'copy', from: '/driver_info', path: '/extra/c' }], "Schema error for patch: Additional properties are not allowed ('from' was unexpected)"],
      [[{ op: 'move', from: '/driver_info/redfish_password', path: '/extra/m' }], "Schema error for patch: Additional properties are not allowed ('from' was unexpected)"],
      [[{ op: 'test', path: '/driver_info/ipmi_password', value: OTHER }], "Schema error for patch: 'test' is not one of ['add', 'replace', 'remove']"],
      [[{ op: 'test', path: '/driver_info/ipmi_password', value: 'wrong guess' }], "Schema error for patch: 'test' is not one of ['add', 'replace', 'remove']"],
      [[{ op: 'add', path: '/extra/a.b', value: 1 }], "Schema error for patch: '/extra/a.b' does not match '^(/[\\\\w-]+)+$'"],
    ];
    for (const [body, message] of refusals) {
      const response = await call('PATCH', `/v1/nodes/${uuid}`, { body });
      expect([response.status, fault(response.json)]).toEqual([400, message]);
    }
    // Checked before the node is looked up, as in Ironic.
    const unknown = await call('PATCH', '/v1/nodes/no-such-node', { body: [{ op: 'test', path: '/extra', value: {} }] });
    expect(unknown.status).toBe(400);
    expect(await eventCount(uuid)).toBe(before);
    expect((await call('PATCH', `/v1/nodes/${uuid}`, { body: [] })).status).toBe(200);
  });
});

describe('secrets', () => {
  it('no BMC password is served by any view or feed', async () => {
    const uuid = await enrolled('leaky');
    const renamed = await call('PATCH', `/v1/nodes/${uuid}`, { body: [{ op: 'add', path: '/extra/rack', value: 'r7' }] });
    expect(renamed.status).toBe(200);
    const head = (await (await system.store()).readStream(nodeStreamId(uuid))).at(-1)!.position;

    const served: string[] = [];
    for (const path of [
      `/v1/nodes/${uuid}`,
      `/v1/nodes/${uuid}?fields=extra,driver_info`,
      `/v1/nodes/detail`,
      `/v1/nodes/${uuid}?at=${head}`,
      `/v1/nodes/detail?at=${head}`,
      `/v1/nodes/${uuid}/events`,
      `/v1/nodes/${uuid}/history?detail=true`,
      `/v1/nodes/${uuid}/states`,
    ]) {
      const response = await call('GET', path);
      expect([path, response.status]).toEqual([path, 200]);
      served.push(response.text);
    }
    expect((await call('GET', `/v1/nodes/${uuid}`)).json.driver_info).toEqual({ redfish_address: 'https://10.0.0.9', redfish_password: '******', ipmi_password: '******' });

    // Server-sent events from the start of the log.
    const sse = subscribeSse({ baseUrl: system.baseUrl, from: 0, nodeId: uuid, headers: LATEST });
    for await (const received of sse) {
      served.push(JSON.stringify(received));
      if (received.position >= head) break;
    }
    await sse.close();

    // The subscribers' NATS stream.
    const nc = await connect({ servers: system.natsUrl });
    try {
      const jsm = await jetstreamManager(nc);
      for (let relayed = false; !relayed; await sleep(50)) {
        const { state } = await jsm.streams.info(system.relayStream);
        const last = await jsm.streams.getMessage(system.relayStream, { seq: state.last_seq });
        relayed = Number(last?.header.get('Ironledger-Position')) >= head;
      }
      const { state } = await jsm.streams.info(system.relayStream);
      for (let seq = state.first_seq; seq <= state.last_seq; seq++) served.push((await jsm.streams.getMessage(system.relayStream, { seq }))?.string() ?? '');
    } finally {
      await nc.close();
    }
    served.push(system.logs());

    const leaks = served.filter((text) => text.includes(PASSWORD) || text.includes(OTHER));
    expect(leaks).toEqual([]);
    expect(served.join('\n')).toContain(uuid);
  });

  it('serves events an earlier API stored with a password moved into extra as Ironic serves extra: as stored', async () => {
    const uuid = await enrolled('moved');
    // What the earlier API stored for `move /driver_info/redfish_password → /extra/m`.
    const handler = new NodeCommandHandler(await system.store());
    await handler.handle({
      type: 'UpdateNode',
      nodeId: uuid,
      data: { changes: { driver_info: { redfish_address: 'https://10.0.0.9', ipmi_password: OTHER }, extra: { m: PASSWORD } } },
      meta: { at: new Date().toISOString(), actor: 'legacy', requestId: 'req-legacy' },
    });
    const node = await until(call, uuid, (shown) => (shown.extra as Json).m !== undefined, 'the legacy update');
    expect([node.extra, node.driver_info]).toEqual([{ m: PASSWORD }, { redfish_address: 'https://10.0.0.9', ipmi_password: '******' }]);
    const moved = ((await call('GET', `/v1/nodes/${uuid}/events`)).json.events as Json[]).at(-1)!;
    expect((moved.data as Json).changes).toEqual({ driver_info: { redfish_address: 'https://10.0.0.9', ipmi_password: '******' }, extra: { m: PASSWORD } });
  });
});

describe('masking by field, never by value', () => {
  /** Deploys an available node with `configdrive`, waiting until it is active. */
  async function deployed(uuid: string, configdrive: unknown): Promise<void> {
    const accepted = await call('PUT', `/v1/nodes/${uuid}/states/provision`, { body: { target: 'active', configdrive } });
    expect([accepted.status, accepted.text]).toEqual([202, '']);
    await until(call, uuid, (node) => node.provision_state === 'active' && node.target_provision_state === null, 'active');
  }

  async function available(name: string, fields: Json = {}): Promise<string> {
    const uuid = await enroll(call, { name, ...fields });
    await provision(call, uuid, 'manage', 'manageable');
    await provision(call, uuid, 'provide', 'available');
    return uuid;
  }

  it('lists a node deployed with a config drive holding its UUID under that UUID', async () => {
    const uuid = await available('cd-holds-uuid');
    await deployed(uuid, { meta_data: { uuid, name: 'cd-holds-uuid' } });
    const listed = ((await call('GET', '/v1/nodes')).json.nodes as Json[]).find((node) => node.name === 'cd-holds-uuid');
    expect(listed).toMatchObject({ uuid, name: 'cd-holds-uuid', provision_state: 'active' });
    expect((await call('GET', `/v1/nodes/${uuid}?fields=uuid,name,instance_info`)).json).toMatchObject({ uuid, name: 'cd-holds-uuid', instance_info: { configdrive: '******' } });
    const detail = ((await call('GET', '/v1/nodes/detail')).json.nodes as Json[]).find((node) => node.uuid === uuid);
    expect(detail).toMatchObject({ uuid, name: 'cd-holds-uuid', instance_info: { configdrive: '******' } });
    const events = (await call('GET', `/v1/nodes/${uuid}/events`)).json.events as Json[];
    const deploy = events.find((event) => (event.data as Json).configdrive !== undefined)!;
    expect([(deploy.meta as Json).nodeId, (deploy.data as Json).configdrive]).toEqual([uuid, '******']);
  });

  it('shows the provision state of a node whose IPMI password is `manageable`', async () => {
    const uuid = await enroll(call, { name: 'pw-manageable', driver_info: { ipmi_password: 'manageable', ipmi_address: '10.0.0.2' } });
    await provision(call, uuid, 'manage', 'manageable');
    // Ironic 21.4 lists and shows this node (fake-hardware) so.
    const listed = ((await call('GET', '/v1/nodes')).json.nodes as Json[]).find((node) => node.uuid === uuid);
    expect(listed).toMatchObject({ uuid, provision_state: 'manageable', name: 'pw-manageable' });
    expect((await call('GET', `/v1/nodes/${uuid}?fields=uuid,provision_state,driver_info`)).json).toMatchObject({ uuid, provision_state: 'manageable', driver_info: { ipmi_password: '******', ipmi_address: '10.0.0.2' } });
    expect((await call('GET', `/v1/nodes/${uuid}/states`)).json).toMatchObject({ provision_state: 'manageable' });
    const history = (await call('GET', `/v1/nodes/${uuid}/history?detail=true`)).json.history as Json[];
    expect(history.map((record) => record.event)).toContain('done: verifying -> manageable');
  });

  it('finds and shows a node by ?instance_uuid= when its config drive equals that instance UUID', async () => {
    const instance = '7a1c1c5e-9a1e-4c43-9a0e-3b9b8f1d2e01';
    const uuid = await available('cd-is-instance', { instance_uuid: instance });
    // Ironic refuses such a config drive in a provision request (a '-' is not base64), not in a patch of instance_info.
    expect((await call('PATCH', `/v1/nodes/${uuid}`, { body: [{ op: 'add', path: '/instance_info/configdrive', value: instance }] })).status).toBe(200);
    await deployed(uuid, undefined);
    // As Ironic 21.4 lists such a node (its fake hardware too reports no power state).
    expect((await call('GET', `/v1/nodes?instance_uuid=${instance}`)).json.nodes).toEqual([
      { uuid, instance_uuid: instance, maintenance: false, power_state: null, provision_state: 'active', name: 'cd-is-instance', links: expect.any(Array) },
    ]);
    const [detail] = (await call('GET', `/v1/nodes/detail?instance_uuid=${instance}`)).json.nodes as Json[];
    expect(detail).toMatchObject({ uuid, instance_uuid: instance, instance_info: { configdrive: '******' } });
    expect((await call('GET', `/v1/nodes/${uuid}?fields=instance_uuid`)).json.instance_uuid).toBe(instance);
  });

  it('masks exactly what Ironic 21.4 masks in a node, a port, a volume connector and target, and a deploy template', async () => {
    // The bodies created on Ironic 21.4 (fake-hardware, 1.82); the expected shapes are what it answered.
    const uuid = await enroll(call, {
      name: 'as-ironic',
      driver_info: {
        ipmi_password: 'manageable', ipmi_address: '10.0.0.1', redfish_Password: 'p', snmp_auth_key: 'k1', ssh_key: 'k2', api_KEY: 'k3', client_secret: 's',
        AuthToken: 't', tls_passphrase: 'x', nested: { password: 'np', user: 'u', deeper: { token: 'dt', kek: 'kk' } }, pwdict: { a: 1 }, password: { a: 'b' },
        secret_list: ['a', 'b'], list: [{ password: 'lp' }, 'password=abc'], text: 'user=a password=hunter2 --token abc', json_text: '{"ipmi_password": "abc", "user": "u"}',
        token_null: null, secret_num: 5, secret_bool: true, empty_password: '',
      },
      instance_info: { configdrive: 'abc', image_url: 'http://swift/temp?sig=1', image_source: 'http://img', root_gb: 10, password_thing: 'x', nested: { admin_pass: 'y' }, note: 'password=zz' },
      extra: { key1: 'value1', password: 'pw', nested: { token: 't' }, text: 'password=abc' },
      properties: { key1: 'v', secret: 's', cpus: 4 },
    });
    const node = (await call('GET', `/v1/nodes/${uuid}`)).json;
    expect(node.driver_info).toEqual({
      ipmi_password: '******', ipmi_address: '10.0.0.1', redfish_Password: '******', snmp_auth_key: 'k1', ssh_key: 'k2', api_KEY: 'k3', client_secret: '******',
      AuthToken: '******', tls_passphrase: '******', nested: { password: '******', user: 'u', deeper: { token: '******', kek: 'kk' } }, pwdict: { a: 1 }, password: { a: 'b' },
      secret_list: '******', list: [{ password: 'lp' }, 'password=abc'], text: 'user=a password=****** --token ******', json_text: '{"ipmi_password": "******", "user": "}',
      token_null: '******', secret_num: '******', secret_bool: '******', empty_password: '******',
    });
    expect(node.instance_info).toEqual({ configdrive: '******', image_url: '******', image_source: 'http://img', root_gb: 10, password_thing: '******', nested: { admin_pass: '******' }, note: 'password=******' });
    expect(node.extra).toEqual({ key1: 'value1', password: 'pw', nested: { token: 't' }, text: 'password=abc' });
    expect(node.properties).toEqual({ key1: 'v', secret: 's', cpus: 4 });
    expect(node.driver_internal_info).toEqual({});

    const port = await call('POST', '/v1/ports', {
      body: { node_uuid: uuid, address: '52:54:00:aa:bb:01', extra: { key1: 'value1', password: 'pw', text: 'password=abc' }, local_link_connection: { switch_id: '0a:1b:2c:3d:4e:5f', port_id: 'Eth1', switch_info: 'token=abc' } },
    });
    expect(port.status).toBe(201);
    const portShown = { extra: { key1: 'value1', password: 'pw', text: 'password=abc' }, local_link_connection: { switch_id: '0a:1b:2c:3d:4e:5f', port_id: 'Eth1', switch_info: 'token=abc' }, internal_info: {} };
    expect(port.json).toMatchObject(portShown);
    expect((await call('GET', `/v1/ports/${port.json.uuid as string}`)).json).toMatchObject(portShown);
    expect((await call('GET', `/v1/ports?node=${uuid}&detail=true`)).json.ports).toEqual([expect.objectContaining(portShown)]);

    const connector = await call('POST', '/v1/volume/connectors', { body: { node_uuid: uuid, type: 'iqn', connector_id: 'iqn.2017-01.org.redact:1', extra: { key1: 'value1', password: 'pw' } } });
    expect(connector.status).toBe(201);
    expect((await call('GET', `/v1/volume/connectors/${connector.json.uuid as string}`)).json.extra).toEqual({ key1: 'value1', password: 'pw' });
    const target = await call('POST', '/v1/volume/targets', {
      body: { node_uuid: uuid, volume_type: 'iscsi', boot_index: 0, volume_id: 'as-ironic-vol', extra: { key1: 'value1', password: 'pw' }, properties: { auth_password: 'pw', key1: 'v', nested: { password: 'p2', x: [{ token: 't' }] }, conn: 'user=a password=hunter2', lun: 1, target_iqn: 'iqn.x' } },
    });
    expect(target.status).toBe(201);
    expect((await call('GET', `/v1/volume/targets/${target.json.uuid as string}`)).json).toMatchObject({
      extra: { key1: 'value1', password: 'pw' },
      properties: { auth_password: '******', key1: 'v', nested: { password: '******', x: [{ token: 't' }] }, conn: 'user=a password=******', lun: 1, target_iqn: 'iqn.x' },
    });

    const template = await call('POST', '/v1/deploy_templates', {
      body: {
        name: 'CUSTOM_AS_IRONIC', extra: { key1: 'value1', password: 'pw' },
        steps: [
          { interface: 'bios', step: 'apply_configuration', args: { settings: [{ name: 'x', value: 'password=1' }], admin_password: 'p', nested: { token: 't' }, key1: 'v', note: 'token=abc' }, priority: 10 },
          { interface: 'raid', step: 'delete_configuration', args: {}, priority: 5 },
        ],
      },
    });
    expect(template.status).toBe(201);
    expect((await call('GET', '/v1/deploy_templates/CUSTOM_AS_IRONIC')).json).toMatchObject({
      extra: { key1: 'value1', password: 'pw' },
      steps: [
        { interface: 'bios', step: 'apply_configuration', args: { settings: [{ name: 'x', value: 'password=1' }], admin_password: '******', nested: { token: '******' }, key1: 'v', note: 'token=******' }, priority: 10 },
        { interface: 'raid', step: 'delete_configuration', args: {}, priority: 5 },
      ],
    });

    // The events serve the same fields the same way.
    const events = (await call('GET', `/v1/nodes/${uuid}/events`)).json.events as Json[];
    const registered = events.find((event) => event.type === 'NodeRegistered')!.data as Json;
    expect([registered.driver_info, registered.instance_info, registered.extra]).toEqual([node.driver_info, node.instance_info, node.extra]);
    expect((events.find((event) => event.type === 'PortAdded')!.data as Json).extra).toEqual(portShown.extra);
    expect((events.find((event) => event.type === 'VolumeConnectorAdded')!.data as Json).extra).toEqual({ key1: 'value1', password: 'pw' });
  });
});
