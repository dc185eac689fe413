/**
 * A client generated from the API document drives a node's whole life, and the chassis, port
 * groups, volume connectors and targets, deploy templates and allocations around it:
 * `openapi-typescript`'s types (`test/support/ironic-api.ts`, kept current by
 * `openapi.int.spec.ts`) with `openapi-fetch`, type-checked without a cast. Every response it
 * receives is checked against the response schema the document gives for its operation and
 * status, so a view that changes without its schema fails here; and every operation whose
 * success body the document describes must have been answered here at least once.
 */
import { beforeAll, describe, expect, it, jest } from '@jest/globals';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import createClient, { type Client, type Middleware } from 'openapi-fetch';
import { type components, type paths } from '../support/ironic-api.js';
import { inventory, mac } from '../introspection/client.js';
import { systemForFile } from '../support/system-for-file.js';

jest.setTimeout(120_000);

const system = systemForFile();

type Node = components['schemas']['Node'];
type JsonObject = Record<string, unknown>;

/** How many responses were checked against the document, by `METHOD path status`. */
const checked = new Map<string, number>();
let client: Client<paths>;
let document: ServedDocument;

/**
 * Checks each response against the schema the document gives for its operation and status
 * (`default` for a status it does not list): a JSON body must match it, and a status described
 * without a body must have none.
 */
interface DocumentedResponse {
  readonly $ref?: string;
  readonly content?: Record<string, { schema: unknown }>;
}

/** What this file reads of the served document. */
interface ServedDocument {
  readonly paths: Record<string, Record<string, { responses: Record<string, DocumentedResponse> }>>;
  readonly components: { schemas: JsonObject; responses: Record<string, DocumentedResponse> };
}

function checkedAgainst(document: ServedDocument): Middleware {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  ajv.addFormat('uuid', /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i);
  ajv.addFormat('date-time', /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?([+-]\d\d:\d\d|Z)$/);
  ajv.addFormat('uri', /^https?:\/\/\S+$/);
  // The components' schemas, as one schema whose `$defs` they are, so that their references resolve.
  const toDefs = (schema: unknown): unknown => JSON.parse(JSON.stringify(schema).replaceAll('"#/components/schemas/', '"openapi#/$defs/'));
  ajv.addSchema({ $id: 'openapi', $defs: toDefs(document.components.schemas) });
  const validators = new Map<string, ValidateFunction>();
  return {
    async onResponse({ request, response, schemaPath }) {
      const operation = document.paths[schemaPath]?.[request.method.toLowerCase()];
      if (!operation) throw new Error(`${request.method} ${schemaPath} is not in the document`);
      const status = String(response.status);
      const key = `${request.method} ${schemaPath} ${operation.responses[status] ? status : 'default'}`;
      const listed = operation.responses[status] ?? operation.responses.default;
      // A response shared between operations is a reference to the components' responses.
      const described = listed?.$ref ? document.components.responses[listed.$ref.replace('#/components/responses/', '')] : listed;
      const text = await response.clone().text();
      const schema = described?.content?.['application/json']?.schema;
      if (schema === undefined) {
        if (text !== '') throw new Error(`${key}: the document describes no body, but one came: ${text.slice(0, 200)}`);
      } else {
        if (!validators.has(key)) validators.set(key, ajv.compile({ $ref: '#/$defs/response', $defs: { response: toDefs(schema) } }));
        const validate = validators.get(key)!;
        if (!validate(JSON.parse(text))) throw new Error(`${key}: the body does not match the document: ${ajv.errorsText(validate.errors)}\n${text.slice(0, 500)}`);
      }
      checked.set(key, (checked.get(key) ?? 0) + 1);
      return undefined;
    },
  };
}

/** The value, known to be there (a node's fields are optional in the document: `fields` and older microversions leave them out). */
function present<T>(value: T | undefined | null, what: string): T {
  if (value === undefined || value === null) throw new Error(`${what} is missing`);
  return value;
}

/** The body of a success answer (its status `status`), failing with the refusal otherwise. */
async function answered<T>(call: Promise<{ data?: T; error?: unknown; response: Response }>, status = 200): Promise<T> {
  const { data, error, response } = await call;
  expect([response.url, response.status, error]).toEqual([response.url, status, undefined]);
  return present(data, `the body of ${response.url}`);
}

/** Reads the node until `done` holds. */
async function until(ident: string, done: (node: Node) => boolean, what: string): Promise<Node> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const { data } = await client.GET('/v1/nodes/{ident}', { params: { path: { ident } } });
    const node = present(data, `node ${ident}`);
    if (done(node)) return node;
    if (Date.now() > deadline) throw new Error(`${ident} did not reach ${what}: ${JSON.stringify(node)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Asks for a provision state and waits until the node rests in `state`. */
async function provision(ident: string, target: string, state: string): Promise<void> {
  const { response, error } = await client.PUT('/v1/nodes/{ident}/states/provision', { params: { path: { ident } }, body: { target } });
  expect([target, response.status, error]).toEqual([target, 202, undefined]);
  await until(ident, (node) => node.provision_state === state && node.target_provision_state === null, state);
}

beforeAll(async () => {
  document = (await (await fetch(`${system.baseUrl}/v1/openapi.json`)).json()) as ServedDocument;
  client = createClient<paths>({ baseUrl: system.baseUrl, headers: { 'X-OpenStack-Ironic-API-Version': '1.82' } });
  client.use(checkedAgainst(document));
});

describe('a client generated from /v1/openapi.json', () => {
  it('enrolls, manages, provides, deploys, undeploys and deletes a fake-hardware node and its port, every answer as documented', async () => {
    const created = await client.POST('/v1/nodes', { body: { driver: 'fake-hardware', name: 'generated-client-node', properties: { cpus: 4 } } });
    expect(created.response.status).toBe(201);
    const node = present(created.data, 'the created node');
    const uuid = present(node.uuid, 'its uuid');
    expect(node).toMatchObject({ name: 'generated-client-node', provision_state: 'enroll', driver: 'fake-hardware', properties: { cpus: 4 } });

    const port = await client.POST('/v1/ports', { body: { address: '52:54:00:12:34:56', node_uuid: uuid } });
    expect(port.response.status).toBe(201);
    const portUuid = present(port.data?.uuid, 'the port’s uuid');
    const ports = await client.GET('/v1/ports', { params: { query: { node: 'generated-client-node', fields: 'uuid,address,node_uuid' } } });
    expect(ports.data?.ports).toEqual([{ uuid: portUuid, address: '52:54:00:12:34:56', node_uuid: uuid, links: expect.any(Array) }]);

    // A verb the state refuses: Ironic's error body, as the document describes it.
    const refused = await client.PUT('/v1/nodes/{ident}/states/provision', { params: { path: { ident: uuid } }, body: { target: 'active' } });
    expect(refused.response.status).toBe(400);
    expect(JSON.parse(present(refused.error, 'the refusal').error_message)).toMatchObject({ faultstring: expect.stringContaining('enroll') });

    await provision(uuid, 'manage', 'manageable');
    await provision(uuid, 'provide', 'available');
    const validation = await client.GET('/v1/nodes/{ident}/validate', { params: { path: { ident: uuid } } });
    expect(validation.data?.power).toEqual({ result: true });
    await provision(uuid, 'active', 'active');

    const deployed = await client.GET('/v1/nodes', { params: { query: { provision_state: 'active', driver: 'fake-hardware', maintenance: false, limit: 10 } } });
    expect(deployed.data?.nodes.map((each) => each.uuid)).toContain(uuid);
    const detail = await client.GET('/v1/nodes/detail', { params: { query: { provision_state: 'active', limit: 1 } } });
    expect(detail.data?.nodes).toHaveLength(1);
    expect(detail.data?.next).toMatch(/\/v1\/nodes\/detail\?.*limit=1&marker=/);
    const states = await client.GET('/v1/nodes/{ident}/states', { params: { path: { ident: uuid } } });
    expect(states.data).toMatchObject({ provision_state: 'active', target_provision_state: null });
    const patched = await client.PATCH('/v1/nodes/{ident}', { params: { path: { ident: uuid } }, body: [{ op: 'add', path: '/extra/owner', value: 'generated client' }] });
    expect(patched.data?.extra).toEqual({ owner: 'generated client' });

    await provision(uuid, 'deleted', 'available');
    const portGone = await client.DELETE('/v1/ports/{uuid}', { params: { path: { uuid: portUuid } } });
    expect(portGone.response.status).toBe(204);
    const nodeGone = await client.DELETE('/v1/nodes/{ident}', { params: { path: { ident: uuid } } });
    expect(nodeGone.response.status).toBe(204);
    const missing = await client.GET('/v1/nodes/{ident}', { params: { path: { ident: uuid } } });
    expect(missing.response.status).toBe(404);
    expect(JSON.parse(present(missing.error, 'the 404').error_message)).toMatchObject({ faultstring: `Node ${uuid} could not be found.` });

    expect([...checked.keys()].sort()).toEqual(expect.arrayContaining([
      'DELETE /v1/nodes/{ident} 204', 'DELETE /v1/ports/{uuid} 204', 'GET /v1/nodes 200', 'GET /v1/nodes/detail 200', 'GET /v1/nodes/{ident} 200',
      'GET /v1/nodes/{ident} 404', 'GET /v1/nodes/{ident}/states 200', 'GET /v1/nodes/{ident}/validate 200', 'GET /v1/ports 200',
      'PATCH /v1/nodes/{ident} 200', 'POST /v1/nodes 201', 'POST /v1/ports 201', 'PUT /v1/nodes/{ident}/states/provision 202', 'PUT /v1/nodes/{ident}/states/provision 400',
    ]));
  });

  it('creates, reads, lists, patches and deletes chassis, port groups, volume connectors and targets, deploy templates and allocations, every answer as documented', async () => {
    const chassis = await client.POST('/v1/chassis', { body: { description: 'rack 4', extra: { row: 'b' } } });
    expect(chassis.response.status).toBe(201);
    const chassisUuid = present(chassis.data?.uuid, 'the chassis’s uuid');
    const created = await client.POST('/v1/nodes', { body: { driver: 'fake-hardware', name: 'generated-client-resources', chassis_uuid: chassisUuid, resource_class: 'openapi-gold' } });
    const uuid = present(created.data?.uuid, 'the node’s uuid');
    await provision(uuid, 'manage', 'manageable');
    await provision(uuid, 'provide', 'available');
    // Volume connectors and targets change only while the node is powered off.
    const powerOff = await client.PUT('/v1/nodes/{ident}/states/power', { params: { path: { ident: uuid } }, body: { target: 'power off' } });
    expect(powerOff.response.status).toBe(202);
    await until(uuid, (node) => node.power_state === 'power off' && node.target_power_state === null, 'power off');
    expect((await answered(client.GET('/v1/chassis/{uuid}', { params: { path: { uuid: chassisUuid } } })))).toMatchObject({ description: 'rack 4', nodes: [expect.any(Array)] });
    expect((await answered(client.PATCH('/v1/chassis/{uuid}', { params: { path: { uuid: chassisUuid } }, body: [{ op: 'replace', path: '/description', value: 'rack 5' }] }))).description).toBe('rack 5');
    expect((await answered(client.GET('/v1/chassis'))).chassis).toContainEqual({ uuid: chassisUuid, description: 'rack 5', links: expect.any(Array) });
    expect((await answered(client.GET('/v1/chassis/detail'))).chassis.map((each) => each.uuid)).toContain(chassisUuid);
    expect((await answered(client.GET('/v1/chassis/{uuid}/nodes', { params: { path: { uuid: chassisUuid } } }))).nodes.map((each) => each.uuid)).toEqual([uuid]);
    expect((await answered(client.GET('/v1/chassis/{uuid}/nodes/detail', { params: { path: { uuid: chassisUuid } } }))).nodes.map((each) => each.chassis_uuid)).toEqual([chassisUuid]);

    const group = await client.POST('/v1/portgroups', { body: { node_uuid: uuid, name: 'generated-bond0', address: '52:54:00:ab:cd:01', mode: 'active-backup' } });
    expect(group.response.status).toBe(201);
    const groupUuid = present(group.data?.uuid, 'the port group’s uuid');
    expect((await answered(client.GET('/v1/portgroups/{ident}', { params: { path: { ident: 'generated-bond0' } } })))).toMatchObject({ uuid: groupUuid, node_uuid: uuid, mode: 'active-backup' });
    expect((await answered(client.PATCH('/v1/portgroups/{ident}', { params: { path: { ident: groupUuid } }, body: [{ op: 'add', path: '/extra/switch', value: 'sw1' }] }))).extra).toEqual({ switch: 'sw1' });
    expect((await answered(client.GET('/v1/portgroups'))).portgroups).toEqual([{ uuid: groupUuid, address: '52:54:00:ab:cd:01', name: 'generated-bond0', links: expect.any(Array) }]);
    expect((await answered(client.GET('/v1/portgroups/detail'))).portgroups.map((each) => each.uuid)).toContain(groupUuid);
    expect((await answered(client.GET('/v1/nodes/{ident}/portgroups', { params: { path: { ident: uuid } } }))).portgroups).toHaveLength(1);
    expect((await answered(client.GET('/v1/nodes/{ident}/portgroups/detail', { params: { path: { ident: uuid } } }))).portgroups[0]?.standalone_ports_supported).toBe(true);

    const port = await answered(client.POST('/v1/ports', { body: { address: '52:54:00:ab:cd:02', node_uuid: uuid, portgroup_uuid: groupUuid } }), 201);
    const portUuid = present(port.uuid, 'the port’s uuid');
    expect((await answered(client.GET('/v1/ports/{uuid}', { params: { path: { uuid: portUuid } } }))).portgroup_uuid).toBe(groupUuid);
    expect((await answered(client.PATCH('/v1/ports/{uuid}', { params: { path: { uuid: portUuid } }, body: [{ op: 'add', path: '/extra/slot', value: 2 }] }))).extra).toEqual({ slot: 2 });
    expect((await answered(client.GET('/v1/ports/detail'))).ports.map((each) => each.uuid)).toContain(portUuid);
    expect((await answered(client.GET('/v1/nodes/{ident}/ports', { params: { path: { ident: uuid } } }))).ports).toEqual([{ uuid: portUuid, address: '52:54:00:ab:cd:02', links: expect.any(Array) }]);
    expect((await answered(client.GET('/v1/nodes/{ident}/ports/detail', { params: { path: { ident: uuid } } }))).ports.map((each) => each.node_uuid)).toEqual([uuid]);
    expect((await answered(client.GET('/v1/portgroups/{ident}/ports', { params: { path: { ident: groupUuid } } }))).ports.map((each) => each.uuid)).toEqual([portUuid]);
    expect((await answered(client.GET('/v1/portgroups/{ident}/ports/detail', { params: { path: { ident: groupUuid } } }))).ports.map((each) => each.portgroup_uuid)).toEqual([groupUuid]);

    expect((await answered(client.GET('/v1/volume'))).connectors).toHaveLength(2);
    expect((await answered(client.GET('/v1/nodes/{ident}/volume', { params: { path: { ident: uuid } } }))).targets).toHaveLength(2);
    const connector = await client.POST('/v1/volume/connectors', { body: { node_uuid: uuid, type: 'iqn', connector_id: 'iqn.2026-11.org.openstack:generated' } });
    expect(connector.response.status).toBe(201);
    const connectorUuid = present(connector.data?.uuid, 'the connector’s uuid');
    const target = await client.POST('/v1/volume/targets', { body: { node_uuid: uuid, volume_type: 'iscsi', volume_id: 'generated-volume', boot_index: 0, properties: { auth_password: 'secret' } } });
    expect(target.response.status).toBe(201);
    const targetUuid = present(target.data?.uuid, 'the target’s uuid');
    expect((await answered(client.GET('/v1/volume/connectors/{uuid}', { params: { path: { uuid: connectorUuid } } })))).toMatchObject({ type: 'iqn', node_uuid: uuid });
    expect((await answered(client.GET('/v1/volume/targets/{uuid}', { params: { path: { uuid: targetUuid } } })))).toMatchObject({ boot_index: 0, properties: { auth_password: '******' } });
    expect((await answered(client.PATCH('/v1/volume/connectors/{uuid}', { params: { path: { uuid: connectorUuid } }, body: [{ op: 'add', path: '/extra/a', value: 1 }] }))).extra).toEqual({ a: 1 });
    expect((await answered(client.PATCH('/v1/volume/targets/{uuid}', { params: { path: { uuid: targetUuid } }, body: [{ op: 'add', path: '/extra/b', value: 2 }] }))).extra).toEqual({ b: 2 });
    expect((await answered(client.GET('/v1/volume/connectors'))).connectors).toEqual([{ uuid: connectorUuid, node_uuid: uuid, type: 'iqn', connector_id: 'iqn.2026-11.org.openstack:generated', links: expect.any(Array) }]);
    expect((await answered(client.GET('/v1/volume/targets'))).targets).toEqual([{ uuid: targetUuid, node_uuid: uuid, volume_type: 'iscsi', boot_index: 0, volume_id: 'generated-volume', links: expect.any(Array) }]);
    expect((await answered(client.GET('/v1/nodes/{ident}/volume/connectors', { params: { path: { ident: uuid } } }))).connectors).toHaveLength(1);
    expect((await answered(client.GET('/v1/nodes/{ident}/volume/targets', { params: { path: { ident: uuid } } }))).targets).toHaveLength(1);

    const template = await client.POST('/v1/deploy_templates', { body: { name: 'CUSTOM_GENERATED_CLIENT', steps: [{ interface: 'bios', step: 'apply_configuration', args: { settings: [] }, priority: 150 }] } });
    expect(template.response.status).toBe(201);
    const templateUuid = present(template.data?.uuid, 'the template’s uuid');
    expect((await answered(client.GET('/v1/deploy_templates/{ident}', { params: { path: { ident: 'CUSTOM_GENERATED_CLIENT' } } }))).steps).toEqual([{ interface: 'bios', step: 'apply_configuration', args: { settings: [] }, priority: 150 }]);
    expect((await answered(client.PATCH('/v1/deploy_templates/{ident}', { params: { path: { ident: templateUuid } }, body: [{ op: 'add', path: '/extra/c', value: 3 }] }))).extra).toEqual({ c: 3 });
    expect((await answered(client.GET('/v1/deploy_templates'))).deploy_templates).toEqual([{ uuid: templateUuid, name: 'CUSTOM_GENERATED_CLIENT', links: expect.any(Array) }]);

    const allocation = await client.POST('/v1/allocations', { body: { name: 'generated-allocation', resource_class: 'openapi-gold', candidate_nodes: [uuid] } });
    expect(allocation.response.status).toBe(201);
    const allocationUuid = present(allocation.data?.uuid, 'the allocation’s uuid');
    const deadline = Date.now() + 30_000;
    while ((await answered(client.GET('/v1/allocations/{ident}', { params: { path: { ident: allocationUuid } } }))).state === 'allocating' && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await answered(client.GET('/v1/nodes/{ident}/allocation', { params: { path: { ident: uuid } } })))).toMatchObject({ uuid: allocationUuid, state: 'active', node_uuid: uuid, owner: null });
    expect((await answered(client.PATCH('/v1/allocations/{ident}', { params: { path: { ident: allocationUuid } }, body: [{ op: 'add', path: '/extra/d', value: 4 }] }))).extra).toEqual({ d: 4 });
    expect((await answered(client.GET('/v1/allocations'))).allocations.map((each) => each.name)).toEqual(['generated-allocation']);

    for (const gone of [
      await client.DELETE('/v1/allocations/{ident}', { params: { path: { ident: allocationUuid } } }),
      await client.DELETE('/v1/deploy_templates/{ident}', { params: { path: { ident: templateUuid } } }),
      await client.DELETE('/v1/volume/targets/{uuid}', { params: { path: { uuid: targetUuid } } }),
      await client.DELETE('/v1/volume/connectors/{uuid}', { params: { path: { uuid: connectorUuid } } }),
      await client.DELETE('/v1/ports/{uuid}', { params: { path: { uuid: portUuid } } }),
      await client.DELETE('/v1/portgroups/{ident}', { params: { path: { ident: groupUuid } } }),
      await client.DELETE('/v1/nodes/{ident}', { params: { path: { ident: uuid } } }),
      await client.DELETE('/v1/chassis/{uuid}', { params: { path: { uuid: chassisUuid } } }),
    ]) expect([gone.response.url, gone.response.status]).toEqual([gone.response.url, 204]);
  });

  it('reads a node’s traits, VIFs, boot device, console, BIOS settings, indicators and history, every answer as documented', async () => {
    const created = await answered(client.POST('/v1/nodes', { body: { driver: 'fake-hardware', name: 'generated-client-management', bios_interface: 'fake' } }), 201);
    const path = { ident: present(created.uuid, 'the node’s uuid') };
    await provision(path.ident, 'manage', 'manageable');
    const settings = [{ name: 'ProcVirtualization', value: 'Enabled' }];
    const clean = await client.PUT('/v1/nodes/{ident}/states/provision', { params: { path }, body: { target: 'clean', clean_steps: [{ interface: 'bios', step: 'apply_configuration', args: { settings } }] } });
    expect(clean.response.status).toBe(202);
    await until(path.ident, (node) => node.provision_state === 'manageable' && node.target_provision_state === null, 'manageable after cleaning');
    const traits = await client.PUT('/v1/nodes/{ident}/traits', { params: { path }, body: { traits: ['CUSTOM_GENERATED', 'HW_CPU_X86_VMX'] } });
    expect(traits.response.status).toBe(204);
    expect(await answered(client.GET('/v1/nodes/{ident}/traits', { params: { path } }))).toEqual({ traits: ['CUSTOM_GENERATED', 'HW_CPU_X86_VMX'] });
    expect(await answered(client.GET('/v1/nodes/{ident}/vifs', { params: { path } }))).toEqual({ vifs: [] });
    const device = await answered(client.GET('/v1/nodes/{ident}/management/boot_device', { params: { path } }));
    expect(await answered(client.GET('/v1/nodes/management/boot_device/{ident}', { params: { path } }))).toEqual(device);
    const supported = await answered(client.GET('/v1/nodes/{ident}/management/boot_device/supported', { params: { path } }));
    expect(supported.supported_boot_devices.length).toBeGreaterThan(0);
    expect(await answered(client.GET('/v1/nodes/management/boot_device/{ident}/supported', { params: { path } }))).toEqual(supported);
    expect(await answered(client.GET('/v1/nodes/{ident}/states/console', { params: { path } }))).toEqual({ console_enabled: false, console_info: null });
    expect(await answered(client.GET('/v1/nodes/states/console/{ident}', { params: { path } }))).toEqual({ console_enabled: false, console_info: null });
    expect(await answered(client.GET('/v1/nodes/{ident}/bios', { params: { path } }))).toEqual({ bios: [{ ...settings[0], created_at: expect.any(String), updated_at: null, links: expect.any(Array) }] });
    const setting = await answered(client.GET('/v1/nodes/{ident}/bios/{setting}', { params: { path: { ...path, setting: 'ProcVirtualization' } } }));
    expect(setting.ProcVirtualization).toMatchObject({ ...settings[0], attribute_type: null, allowable_values: [] });
    const indicators = await answered(client.GET('/v1/nodes/{ident}/management/indicators', { params: { path } }));
    const first = present(indicators.indicators[0], 'an indicator');
    expect(await answered(client.GET('/v1/nodes/{ident}/management/indicators/{name}', { params: { path: { ...path, name: first.name } } }))).toEqual({ state: expect.any(String) });
    const history = await answered(client.GET('/v1/nodes/{ident}/history', { params: { path } }));
    const record = present(history.history.at(-1), 'a history record');
    expect(await answered(client.GET('/v1/nodes/{ident}/history/{record}', { params: { path: { ...path, record: record.uuid } } }))).toMatchObject({ ...record, event_type: expect.any(String) });
  });

  it('reads the version documents and the drivers and conductors the fleet serves, every answer as documented', async () => {
    const drivers = await answered(client.GET('/v1/drivers'));
    expect(drivers.drivers.map((driver) => driver.name)).toContain('fake-hardware');
    const name = { name: 'fake-hardware' };
    expect(await answered(client.GET('/v1/drivers/{name}', { params: { path: name } }))).toMatchObject({ name: 'fake-hardware', type: 'dynamic', default_power_interface: expect.any(String) });
    expect(await answered(client.GET('/v1/drivers/{name}/properties', { params: { path: name } }))).toHaveProperty('fake_delay_ms');
    const conductors = await answered(client.GET('/v1/conductors'));
    const hostname = present(conductors.conductors[0]?.hostname, 'a conductor');
    expect(await answered(client.GET('/v1/conductors/{hostname}', { params: { path: { hostname } } }))).toMatchObject({ hostname, alive: true, drivers: expect.arrayContaining(['fake-hardware']) });
    expect((await answered(client.GET('/'))).default_version).toMatchObject({ id: 'v1', version: '1.82' });
    expect(await answered(client.GET('/v1'))).toMatchObject({ id: 'v1', nodes: expect.any(Array), shards: expect.any(Array) });
    const shards = await answered(client.GET('/v1/shards'));
    expect(shards.shards.map((shard) => shard.name)).toContain('None');
  });

  it('inspects a node through the ramdisk’s endpoints and reads its event log, vendor methods, the fleet and the probes, every answer as documented', async () => {
    const created = await answered(client.POST('/v1/nodes', { body: { driver: 'fake-hardware', name: 'generated-client-inspected', driver_info: { fake_wait: ['inspect'] } } }), 201);
    const path = { ident: present(created.uuid, 'the node’s uuid') };
    await answered(client.POST('/v1/ports', { body: { address: mac(9, 1), node_uuid: path.ident } }), 201);
    await provision(path.ident, 'manage', 'manageable');
    const inspect = await client.PUT('/v1/nodes/{ident}/states/provision', { params: { path }, body: { target: 'inspect' } });
    expect(inspect.response.status).toBe(202);
    await until(path.ident, (node) => node.provision_state === 'inspect wait', 'inspect wait');
    expect(await answered(client.GET('/v1/introspection/{ident}', { params: { path } }))).toMatchObject({ uuid: path.ident, state: 'waiting', finished: false });
    // The ramdisk looks its node up (and gets its token), then posts what it found.
    const lookup = await answered(client.GET('/v1/lookup', { params: { query: { node_uuid: path.ident } } }));
    expect(lookup.node.uuid).toBe(path.ident);
    expect(lookup.config.agent_token).toEqual(expect.any(String));
    expect(await answered(client.POST('/v1/continue', { body: inventory({ macs: [mac(9, 1)], cpus: 6 }) }))).toEqual({ uuid: path.ident });
    await until(path.ident, (node) => node.provision_state === 'manageable' && node.target_provision_state === null, 'manageable after inspection');
    expect((await answered(client.GET('/v1/introspection'))).introspection.map((each) => [each.uuid, each.state])).toContainEqual([path.ident, 'finished']);
    expect(await answered(client.GET('/v1/nodes/{ident}/inventory', { params: { path } }))).toMatchObject({ inventory: { cpu: { count: 6 } } });

    const events = await answered(client.GET('/v1/nodes/{ident}/events', { params: { path, query: { limit: 2 } } }));
    expect(events.events.map((event) => [event.kind, event.revision])).toEqual([['node', 0], ['node', 1]]);
    expect(events.next).toMatch(/\/events\?after=\d+&limit=2$/);
    const chassis = await answered(client.POST('/v1/chassis', { body: { description: 'logged' } }), 201);
    const chassisEvents = await answered(client.GET('/v1/{collection}/{uuid}/events', { params: { path: { collection: 'chassis', uuid: present(chassis.uuid, 'the chassis’s uuid') } } }));
    expect(chassisEvents.events.map((event) => event.type)).toEqual(['ChassisCreated']);

    expect(await answered(client.GET('/v1/nodes/{ident}/vendor_passthru/methods', { params: { path } }))).toEqual({});
    expect(await answered(client.GET('/v1/nodes/vendor_passthru/{ident}/methods', { params: { path } }))).toEqual({});
    expect(await answered(client.GET('/v1/drivers/{name}/vendor_passthru/methods', { params: { path: { name: 'fake-hardware' } } }))).toEqual({});
    expect(await answered(client.GET('/v1/drivers/{name}/raid/logical_disk_properties', { params: { path: { name: 'fake-hardware' } } }))).toHaveProperty('raid_level');
    const indicators = await answered(client.GET('/v1/nodes/{ident}/management/indicators', { params: { path } }));
    const indicator = present(indicators.indicators[0], 'an indicator').name;
    expect(await answered(client.GET('/v1/nodes/management/indicators/{ident}/{name}', { params: { path: { ...path, name: indicator } } }))).toEqual({ state: expect.any(String) });

    const fleet = await answered(client.GET('/v1/fleet'));
    expect(fleet.provision_state.manageable).toBeGreaterThanOrEqual(1);
    expect(await answered(client.GET('/healthz'))).toEqual({ status: 'ok' });
    expect(await answered(client.GET('/readyz'))).toMatchObject({ ready: true, nodes: fleet.nodes });
    expect(await answered(client.POST('/v1/admin/rebuild'))).toMatchObject({ equal: true, differences: [] });
    expect((await answered(client.GET('/v1/openapi.json'))).openapi).toBe('3.1.0');
  });

  it('has checked an answer of every operation whose success body the document describes, but those named here', () => {
    const described = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods).flatMap(([method, { responses }]) =>
        Object.entries(responses).flatMap(([status, response]) => (/^2/.test(status) && Object.keys(response.content?.['application/json']?.schema ?? {}).length > 0 ? [`${method.toUpperCase()} ${path} ${status}`] : [])),
      ),
    );
    expect(described.length).toBeGreaterThan(50);
    // Legacy spellings Ironic's router still reaches.
    expect(described.filter((key) => !checked.has(key)).sort()).toEqual(['GET /v1/nodes/states/{ident} 200', 'GET /v1/nodes/validate 200', 'GET /v1/nodes/{ident}/{field} 200']);
  });
});
