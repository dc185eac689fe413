/**
 * Secrets whose values equal other fields' values (the node's UUID, name, provision state,
 * instance UUID, `extra` values, port addresses, …) change nothing but the secret fields
 * themselves: through the pure views and redaction functions, every non-secret field is served as
 * stored and every secret field is masked.
 */
import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { type JsonObject, maskPassword, type Node, type NodeRegistered, type NodeUpdated, PROVISION_STATES, type VolumeConnector, type VolumeTarget } from '@ironledger/domain';
import { nodeHistory, redactNode, redactSecrets, REDACTED, toNotifications } from '@ironledger/lifecycle-events';
import { Microversion } from './http/microversion.js';
import { listItemView, nodeView, nodeViewJson, statesView } from './nodes/node.view.js';
import { portView } from './ports/port.view.js';
import { aNode } from './testing/nodes.js';
import { CONNECTORS, TARGETS, volumeView } from './volume/volume.view.js';

const BASE = 'http://127.0.0.1:6385';
const context = { version: new Microversion(82), baseUrl: BASE, conductor: 'c-1' };
const CREATED = '2026-11-21T22:54:08.773Z';

/** What a node holds apart from its secrets. */
const plainNode = fc.record({
  uuid: fc.uuid({ version: 4 }),
  name: fc.oneof(fc.constantFrom('manageable', 'rack7-n1', 'key1', 'value1'), fc.string({ minLength: 1, maxLength: 12 })),
  provision_state: fc.constantFrom(...PROVISION_STATES),
  instance_uuid: fc.option(fc.uuid({ version: 4 }), { nil: null }),
  extraValues: fc.array(fc.oneof(fc.constantFrom('value1', 'manageable'), fc.string({ maxLength: 10 })), { minLength: 1, maxLength: 3 }),
  last_error: fc.option(fc.string({ maxLength: 20 }), { nil: null }),
  mac: fc.array(fc.integer({ min: 0, max: 255 }), { minLength: 6, maxLength: 6 }).map((bytes) => bytes.map((b) => b.toString(16).padStart(2, '0')).join(':')),
});

/** A node, its port, volume connector and target, whose secrets are picked among its other values. */
const scenario = plainNode.chain((plain) => {
  const others = [plain.uuid, plain.name, plain.provision_state, plain.mac, ...plain.extraValues, ...(plain.instance_uuid ? [plain.instance_uuid] : [])];
  // A secret is never empty (Ironic shows an empty agent token as it is).
  const secret = fc.oneof(fc.constantFrom(...others), fc.string({ minLength: 1, maxLength: 10 })).filter((value) => value !== '');
  return fc.record({ plain: fc.constant(plain), secrets: fc.array(secret, { minLength: 6, maxLength: 6 }), nonSecret: fc.constantFrom(...others), configdriveAsJson: fc.boolean() });
});

type Scenario = typeof scenario extends fc.Arbitrary<infer S> ? S : never;

function build({ plain, secrets, nonSecret, configdriveAsJson }: Scenario) {
  const [password, redfishPassword, configdrive, rescuePassword, token, chapSecret] = secrets as [string, string, string, string, string, string];
  const extra: JsonObject = Object.fromEntries(plain.extraValues.map((value, i) => [i === 0 ? 'key1' : `key${i + 1}`, value]));
  const port = { uuid: '1be26c0b-03f2-4d2d-ae87-c02d7f33c123', address: plain.mac, pxe_enabled: true, extra: { key1: password, note: nonSecret }, local_link_connection: { port_id: password, switch_info: nonSecret }, physical_network: null, is_smartnic: false, portgroup_uuid: null, internal_info: {}, created_at: CREATED };
  const connector: VolumeConnector = { uuid: '2be26c0b-03f2-4d2d-ae87-c02d7f33c123', type: 'iqn', connector_id: `iqn.2017-01.org:${plain.name}`, extra: { key1: chapSecret, password: nonSecret }, created_at: CREATED, updated_at: null };
  const target: VolumeTarget = { uuid: '3be26c0b-03f2-4d2d-ae87-c02d7f33c123', volume_type: 'iscsi', properties: { auth_password: chapSecret, target_iqn: nonSecret, target_lun: 0 }, boot_index: 0, volume_id: plain.uuid, extra: { key1: chapSecret }, created_at: CREATED, updated_at: null };
  const stored = {
    uuid: plain.uuid,
    name: plain.name,
    provision_state: plain.provision_state,
    instance_uuid: plain.instance_uuid,
    extra,
    properties: { key1: password, cpus: 8 },
    last_error: plain.last_error,
    maintenance_reason: password,
  };
  const secretFields = {
    driver_info: { ipmi_password: password, redfish_password: redfishPassword, ipmi_address: nonSecret },
    instance_info: { configdrive: configdriveAsJson ? { meta_data: { uuid: configdrive } } : configdrive, rescue_password: rescuePassword, image_source: nonSecret },
    agent: { token, url: 'http://10.0.0.5:9999', version: '9', last_heartbeat: null },
    volume_targets: [target],
  };
  const node = aNode({ ...stored, ...secretFields, ports: [port], volume_connectors: [connector] });
  // The same node with its secret fields emptied: what every other field must show either way.
  const bare = aNode({ ...stored, ports: [port], volume_connectors: [connector], volume_targets: [{ ...target, properties: {} }] });
  return { node, bare, stored, port, connector, target, nonSecret };
}

const SECRET_FIELDS = ['driver_info', 'instance_info', 'driver_internal_info'];
const without = (view: object, keys: readonly string[]) => Object.fromEntries(Object.entries(view).filter(([key]) => !keys.includes(key)));

describe('secrets equal to other fields’ values', () => {
  it('leave every other field of the node’s views as stored, and are masked in theirs', () => {
    fc.assert(
      fc.property(scenario, (generated) => {
        const { node, bare, stored, nonSecret } = build(generated);
        const view = nodeView(node, context);
        expect(view).toMatchObject(stored);
        expect(without(view, SECRET_FIELDS)).toEqual(without(nodeView(bare, context), SECRET_FIELDS));
        expect(view.driver_info).toEqual({ ipmi_password: REDACTED, redfish_password: REDACTED, ipmi_address: maskPassword(nonSecret) });
        expect(view.instance_info).toEqual({ configdrive: REDACTED, rescue_password: REDACTED, image_source: maskPassword(nonSecret) });
        expect(view.driver_internal_info).toMatchObject({ agent_secret_token: REDACTED });
        expect(JSON.parse(nodeViewJson(node, context))).toEqual(view);
        expect(nodeView(node, context, ['uuid', 'name', 'instance_uuid', 'provision_state', 'extra'])).toMatchObject({ uuid: stored.uuid, name: stored.name, instance_uuid: stored.instance_uuid, provision_state: stored.provision_state, extra: stored.extra });
        expect(listItemView(node, context)).toEqual(listItemView(bare, context));
        expect(listItemView(node, context)).toMatchObject({ uuid: stored.uuid, name: stored.name, instance_uuid: stored.instance_uuid, provision_state: stored.provision_state });
        expect(statesView(node, context.version)).toEqual(statesView(bare, context.version));
      }),
      { numRuns: 300 },
    );
  });

  it('leave ports, volume connectors and targets as stored, but a target’s secret properties', () => {
    fc.assert(
      fc.property(scenario, (generated) => {
        const { node, port, connector, target, nonSecret } = build(generated);
        expect(portView(port, node, context)).toMatchObject({ address: port.address, extra: port.extra, local_link_connection: port.local_link_connection });
        expect(volumeView(CONNECTORS, { item: connector, node }, BASE)).toMatchObject({ connector_id: connector.connector_id, extra: connector.extra });
        expect(volumeView(TARGETS, { item: target, node }, BASE)).toMatchObject({ volume_id: target.volume_id, extra: target.extra, properties: { auth_password: REDACTED, target_iqn: maskPassword(nonSecret), target_lun: 0 } });
      }),
      { numRuns: 200 },
    );
  });

  it('leave every other member of the events, the history, the notifications and the CLI’s nodes as stored', () => {
    fc.assert(
      fc.property(scenario, (generated) => {
        const { node, stored } = build(generated);
        const meta = { nodeId: node.uuid, at: CREATED, actor: 'op', requestId: 'r', correlationId: 'r', causationId: 'r' };
        const registered: NodeRegistered = { type: 'NodeRegistered', data: { ...node, provision_state: 'enroll' }, meta };
        const served = redactSecrets(registered);
        expect(without(served.data, ['driver_info', 'instance_info'])).toEqual(without(registered.data, ['driver_info', 'instance_info']));
        expect(served.data.driver_info).toMatchObject({ ipmi_password: REDACTED, redfish_password: REDACTED });
        expect(served.data.instance_info).toMatchObject({ configdrive: REDACTED, rescue_password: REDACTED });
        const updated: NodeUpdated = { type: 'NodeUpdated', data: { changes: { extra: stored.extra, name: stored.name, instance_uuid: stored.instance_uuid } }, meta };
        expect(redactSecrets(updated)).toBe(updated);
        expect(nodeHistory([{ position: 1, event: registered }, { position: 2, event: updated }]).map((entry) => entry.action)).toEqual(['registered', 'updated extra, instance_uuid, name']);

        const [created] = toNotifications(registered, { position: 1, before: null, after: node });
        const payload = created!.payload['ironic_object.data'];
        expect(payload).toMatchObject({ uuid: node.uuid, name: stored.name, provision_state: node.provision_state, instance_uuid: stored.instance_uuid, extra: stored.extra, properties: stored.properties });
        expect(payload.driver_info).toMatchObject({ ipmi_password: REDACTED, redfish_password: REDACTED });

        const printed: Node = redactNode(node);
        expect(without(printed, ['driver_info', 'instance_info', 'agent', 'volume_targets'])).toEqual(without(node, ['driver_info', 'instance_info', 'agent', 'volume_targets']));
        expect(printed.agent?.token).toBe(REDACTED);
        expect(printed.volume_targets[0]!.properties.auth_password).toBe(REDACTED);
      }),
      { numRuns: 200 },
    );
  });
});
