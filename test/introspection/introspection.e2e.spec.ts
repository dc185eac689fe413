/**
 * Introspection end to end, through real NATS and HTTP: nodes inspected with fake hardware
 * that waits for a ramdisk, the ramdisk's part played by this test posting inventories to
 * `POST /v1/continue`. Look-ups, refusals (with nothing appended), abort, the status API and
 * the ports API. Timeouts, retention and discovery run in a second system configured for them.
 */
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { type RunningSystem, sleep, startSystem } from '../support/system.js';
import { Api, fault, inventory, type Json, mac } from './client.js';

jest.setTimeout(120_000);

let system: RunningSystem;
let api: Api;

beforeAll(async () => {
  system = await startSystem({ env: { COMMAND_TIMEOUT_MS: '30000' } });
  api = new Api(system);
}, 120_000);

afterAll(async () => {
  await system?.stop();
});

const FLEET = 100;

describe('a full inspection cycle on 100 nodes at once', () => {
  const uuids: string[] = [];

  it('inspects every node from the inventory its ramdisk posts, in one commit each', async () => {
    const bmc = (i: number) => `10.20.${i >> 8}.${i & 255}`;
    uuids.push(...(await Promise.all(Array.from({ length: FLEET }, (_, i) => api.managedNode(`fleet-${i}`, { ipmi_address: bmc(i) })))));
    await api.untilAll(uuids, (n) => n.provision_state === 'manageable', 'manageable');
    const accepted = await Promise.all(uuids.map((uuid) => api.call('PUT', `/v1/nodes/${uuid}/states/provision`, { body: { target: 'inspect' } })));
    expect(accepted.map((r) => r.status)).toEqual(uuids.map(() => 202));
    await api.untilAll(uuids, (n) => n.provision_state === 'inspect wait', 'inspect wait');

    // Every record waits, started and not finished.
    const waiting = await api.call('GET', `/v1/introspection/${uuids[0]}`);
    expect(waiting.status).toBe(200);
    expect(waiting.json).toMatchObject({ uuid: uuids[0], state: 'waiting', finished: false, error: null, finished_at: null });

    // The ramdisks report, all at once: each is found by its BMC address.
    const replies = await Promise.all(
      uuids.map((_, i) => api.call('POST', '/v1/continue', { body: inventory({ macs: [mac(1, 2 * i), mac(1, 2 * i + 1)], bmc: bmc(i), cpus: 4 + (i % 8) }), headers: {} })),
    );
    expect(replies.filter((r) => r.status !== 200).map((r) => [r.status, r.json])).toEqual([]);
    expect(replies.map((r) => r.json.uuid)).toEqual(uuids);

    const nodes = await api.untilAll(uuids, (n) => n.provision_state === 'manageable' && n.power_state === 'power off' && n.target_power_state === null, 'inspected');
    nodes.forEach((node, i) => {
      expect(node).toMatchObject({
        target_provision_state: null,
        last_error: null,
        properties: { cpus: String(4 + (i % 8)), cpu_arch: 'x86_64', memory_mb: '16384', local_gb: '199', capabilities: 'boot_mode:uefi,cpu_vt:true,cpu_aes:true' },
      });
      expect(node.inspection_started_at).toEqual(expect.any(String));
      expect(node.inspection_finished_at).toEqual(expect.any(String));
    });

    // A port per discovered MAC, PXE-enabled on the boot interface only.
    const ports = await api.call('GET', `/v1/nodes/${uuids[7]}/ports?detail=true`);
    expect(ports.json.ports).toEqual([
      expect.objectContaining({ address: mac(1, 14), node_uuid: uuids[7], pxe_enabled: true }),
      expect.objectContaining({ address: mac(1, 15), node_uuid: uuids[7], pxe_enabled: false }),
    ]);
    expect((await api.call('GET', '/v1/ports?limit=1000')).json.ports).toHaveLength(2 * FLEET);

    const status = await api.call('GET', `/v1/introspection/${uuids[7]}`);
    expect(status.json).toMatchObject({ uuid: uuids[7], state: 'finished', finished: true, error: null, links: [{ href: `${system.baseUrl}/v1/introspection/${uuids[7]}`, rel: 'self' }] });
    expect(status.json.finished_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}$/);

    // The inventory was applied as one run of events, right after the wait.
    const types = await api.eventTypes(uuids[7]);
    const processed = types.indexOf('InventoryProcessed');
    expect(types.slice(processed, processed + 5)).toEqual(['InventoryProcessed', 'PortAdded', 'PortAdded', 'IntrospectionFinished', 'ProvisionStateChanged']);
    expect(types).toContain('IntrospectionStarted');
  });

  it('lists introspection statuses newest first, with marker and limit', async () => {
    const all = await api.call('GET', '/v1/introspection');
    const list = all.json.introspection as Json[];
    expect(list.length).toBeGreaterThanOrEqual(FLEET);
    const order = list.map((s) => [s.started_at as string, s.uuid as string]);
    expect(order).toEqual([...order].sort((a, b) => (a[0] === b[0] ? b[1].localeCompare(a[1]) : b[0].localeCompare(a[0]))));

    const first = await api.call('GET', '/v1/introspection?limit=10');
    expect((first.json.introspection as Json[]).map((s) => s.uuid)).toEqual(list.slice(0, 10).map((s) => s.uuid));
    const second = await api.call('GET', `/v1/introspection?limit=10&marker=${list[9].uuid as string}`);
    expect((second.json.introspection as Json[]).map((s) => s.uuid)).toEqual(list.slice(10, 20).map((s) => s.uuid));

    const unknown = await api.call('GET', '/v1/introspection?marker=9b0c4b8e-3f0e-4d77-9d0a-6a2b7f9a5f00');
    expect(unknown.status).toBe(404);
    expect(fault(unknown)).toBe('Node not found for marker: 9b0c4b8e-3f0e-4d77-9d0a-6a2b7f9a5f00');
    for (const [query, message] of [
      ['limit=abc', "Bad request: invalid literal for int() with base 10: 'abc'"],
      ['limit=-1', 'Bad request: Limit cannot be negative'],
      ['limit=1001', 'Bad request: Limit over 1000'],
      ['marker=nope', 'Bad request: Marker not UUID-like'],
    ]) {
      const refused = await api.call('GET', `/v1/introspection?${query}`);
      expect([refused.status, fault(refused)]).toEqual([400, message]);
    }
  });

  it('refuses a ramdisk whose node already finished, naming when', async () => {
    const before = await api.totalEvents();
    const again = await api.call('POST', '/v1/continue', { body: inventory({ macs: [mac(1, 0)] }), headers: {} });
    expect(again.status).toBe(400);
    expect(fault(again)).toMatch(new RegExp(`^Introspection for node ${uuids[0]} already finished on \\d{4}-`));
    expect(await api.totalEvents()).toBe(before);
  });
});

describe('look-up', () => {
  it('refuses to guess between nodes that match equally, naming them, and appends nothing', async () => {
    const a = await api.manageableNode('tie-a', { redfish_address: 'https://10.30.0.1:8000', redfish_system_id: '/redfish/v1/Systems/a' });
    const b = await api.manageableNode('tie-b', { redfish_address: 'https://10.30.0.1:8000', redfish_system_id: '/redfish/v1/Systems/b' });
    await Promise.all([api.inspect(a), api.inspect(b)]);
    const before = await api.totalEvents();
    const tie = await api.call('POST', '/v1/continue', { body: inventory({ macs: [mac(2, 1)], bmc: '10.30.0.1' }), headers: {} });
    expect(tie.status).toBe(404);
    expect(fault(tie)).toBe(`Look up error: Multiple nodes match the same number of attributes {'bmc_address': ['10.30.0.1'], 'mac': ['${mac(2, 1)}']}: ${[a, b].sort().join(', ')}`);
    expect(await api.totalEvents()).toBe(before);

    // A port breaks the tie: b matches both its BMC and its MAC.
    expect((await api.call('POST', '/v1/ports', { body: { node_uuid: b, address: mac(2, 2) } })).status).toBe(201);
    const found = await api.call('POST', '/v1/continue', { body: inventory({ macs: [mac(2, 2)], bmc: '10.30.0.1' }), headers: {} });
    expect([found.status, found.json.uuid]).toEqual([200, b]);
    expect((await api.call('PUT', `/v1/nodes/${a}/states/provision`, { body: { target: 'abort' } })).status).toBe(202);
  });

  it('answers 404 for a machine nobody knows, and nothing is appended', async () => {
    const before = await api.totalEvents();
    const missing = await api.call('POST', '/v1/continue', { body: inventory({ macs: [mac(3, 1)], bmc: '10.99.0.1' }), headers: {} });
    expect(missing.status).toBe(404);
    expect(fault(missing)).toBe(`Look up error: Could not find a node for attributes {'bmc_address': ['10.99.0.1'], 'mac': ['${mac(3, 1)}']}`);
    expect(await api.totalEvents()).toBe(before);
  });

  it('refuses a known machine that is not under introspection', async () => {
    const uuid = await api.manageableNode('idle-1');
    expect((await api.call('POST', '/v1/ports', { body: { node_uuid: uuid, address: mac(3, 2) } })).status).toBe(201);
    const refused = await api.call('POST', '/v1/continue', { body: inventory({ macs: [mac(3, 2)] }), headers: {} });
    expect(refused.status).toBe(404);
    expect(fault(refused)).toBe(`Could not find node ${uuid} in introspection cache, probably it's not on introspection now`);
    expect((await api.call('GET', `/v1/introspection/${uuid}`)).status).toBe(404);
  });
});

describe('inventories racing for one MAC', () => {
  it('give its port to exactly one node; the others skip it', async () => {
    const racers = 10;
    const shared = mac(9, 999);
    const uuids = await Promise.all(Array.from({ length: racers }, (_, i) => api.manageableNode(`racer-${i}`, { ipmi_address: `10.40.0.${i}` })));
    // Each node's own port makes its look-up unambiguous once another node has the shared MAC.
    for (const [i, uuid] of uuids.entries()) expect((await api.call('POST', '/v1/ports', { body: { node_uuid: uuid, address: mac(9, i) } })).status).toBe(201);
    await Promise.all(uuids.map((uuid) => api.inspect(uuid)));
    const replies = await Promise.all(uuids.map((_, i) => api.call('POST', '/v1/continue', { body: inventory({ macs: [mac(9, i), shared], bmc: `10.40.0.${i}` }), headers: {} })));
    expect(replies.map((r) => [r.status, r.json.uuid])).toEqual(uuids.map((uuid) => [200, uuid]));
    await api.untilAll(uuids, (n) => n.provision_state === 'manageable' && n.target_power_state === null, 'inspected');
    const ports = (await api.call('GET', '/v1/ports?detail=true&limit=1000')).json.ports as Json[];
    const holders = ports.filter((port) => port.address === shared).map((port) => port.node_uuid);
    expect(holders).toHaveLength(1);
    expect(uuids).toContain(holders[0]);
  });
});

describe('bad inventories', () => {
  it('are refused with a clear 4xx and nothing appended', async () => {
    const uuid = await api.manageableNode('bad-inv', { ipmi_address: '10.40.0.1' });
    await api.inspect(uuid);
    const good = inventory({ macs: [mac(4, 1)], bmc: '10.40.0.1' });
    const inv = good.inventory as Json;
    const cases: [string, unknown, number, RegExp][] = [
      ['no inventory', { boot_interface: 'x' }, 400, /^inventory is required and must be an object$/],
      ['no cpu', { inventory: { ...inv, cpu: undefined } }, 400, /^inventory\.cpu is required/],
      ['cpu count as text', { inventory: { ...inv, cpu: { count: '8', architecture: 'x86_64' } } }, 400, /^inventory\.cpu\.count must be an integer$/],
      ['memory size as text', { inventory: { ...inv, memory: { physical_mb: '8192' } } }, 400, /^inventory\.memory\.physical_mb must be an integer/],
      ['no interfaces', { inventory: { ...inv, interfaces: [] } }, 400, /^inventory\.interfaces must list at least one interface$/],
      ['interface without name', { inventory: { ...inv, interfaces: [{ mac_address: mac(4, 1) }] } }, 400, /^inventory\.interfaces\.0\.name must be a string$/],
      ['no usable MAC', { inventory: { ...inv, interfaces: [{ name: 'eth0', mac_address: 'nonsense' }] } }, 400, /^No suitable interfaces found/],
      ['negative disk', { inventory: { ...inv, disks: [{ name: 'sda', size: -1 }] } }, 400, /^inventory\.disks\.0\.size must not be negative$/],
      ['a list', [good], 400, /^The request body must be a JSON object\.$/],
      ['unknown MAC', inventory({ macs: [mac(4, 99)] }), 404, /^Look up error: Could not find a node/],
    ];
    const before = await api.totalEvents();
    for (const [what, body, status, message] of cases) {
      const reply = await api.call('POST', '/v1/continue', { body, headers: {} });
      expect([what, reply.status]).toEqual([what, status]);
      expect(fault(reply)).toMatch(message);
    }
    const garbage = await api.call('POST', '/v1/continue', { raw: '{"inventory": {"cpu": ', headers: {} });
    expect(garbage.status).toBe(400);
    expect(fault(garbage)).toMatch(/^Malformed JSON/);
    const huge = await api.call('POST', '/v1/continue', { raw: JSON.stringify({ ...good, padding: 'x'.repeat(200_000) }), headers: {} });
    expect(huge.status).toBe(413);
    expect(await api.totalEvents()).toBe(before);
    expect(await api.until(uuid, (n) => n.provision_state === 'inspect wait', 'still waiting')).toMatchObject({ properties: {} });

    // A ramdisk that reports its own failure fails the introspection (the inspector does the same).
    const failed = await api.call('POST', '/v1/continue', { body: { ...good, error: 'disk controller not found' }, headers: {} });
    expect(failed.status).toBe(400);
    expect(fault(failed)).toBe('Ramdisk reported error: disk controller not found');
    await api.until(uuid, (n) => n.provision_state === 'inspect failed' && n.last_error === 'Ramdisk reported error: disk controller not found', 'inspect failed');
    expect((await api.call('GET', `/v1/introspection/${uuid}`)).json).toMatchObject({ state: 'error', finished: true, error: 'Ramdisk reported error: disk controller not found' });
  });
});

describe('abort', () => {
  it('ends a waiting introspection as canceled by the operator', async () => {
    const uuid = await api.manageableNode('abort-1', { ipmi_address: '10.50.0.1' });
    await api.inspect(uuid);
    expect((await api.call('POST', `/v1/introspection/${uuid}/abort`)).status).toBe(202);
    const node = await api.until(uuid, (n) => n.provision_state === 'inspect failed', 'inspect failed');
    expect(node.target_provision_state).toBe('manageable');
    expect((await api.call('GET', `/v1/introspection/${uuid}`)).json).toMatchObject({ state: 'error', finished: true, error: 'Canceled by operator' });
    const late = await api.call('POST', '/v1/continue', { body: inventory({ macs: [mac(5, 1)], bmc: '10.50.0.1' }), headers: {} });
    expect(late.status).toBe(404);
    // Inspecting again (the inspector's start API) starts a fresh record.
    expect((await api.call('POST', `/v1/introspection/${uuid}`)).status).toBe(202);
    await api.until(uuid, (n) => n.provision_state === 'inspect wait', 'inspect wait');
    expect((await api.call('GET', `/v1/introspection/${uuid}`)).json).toMatchObject({ state: 'waiting', finished: false, error: null });
  });
});

describe('ports API', () => {
  it('creates, lists, shows and deletes ports; a MAC is unique across nodes', async () => {
    const one = await api.manageableNode('ports-1');
    const two = await api.manageableNode('ports-2');
    const created = await api.call('POST', '/v1/ports', { body: { node_uuid: one, address: mac(6, 1).toUpperCase(), extra: { switch: 'sw1' } } });
    expect(created.status).toBe(201);
    const port = created.json;
    expect(port).toMatchObject({ address: mac(6, 1), node_uuid: one, extra: { switch: 'sw1' }, pxe_enabled: true, local_link_connection: {}, physical_network: null, is_smartnic: false, portgroup_uuid: null, updated_at: null });
    expect(created.headers.get('location')).toBe(`${system.baseUrl}/v1/ports/${port.uuid as string}`);

    for (const node of [one, two]) {
      const duplicate = await api.call('POST', '/v1/ports', { body: { node_uuid: node, address: mac(6, 1) } });
      expect([duplicate.status, fault(duplicate)]).toEqual([409, `A port with MAC address ${mac(6, 1)} already exists.`]);
    }
    const badMac = await api.call('POST', '/v1/ports', { body: { node_uuid: one, address: 'zz:zz' } });
    expect([badMac.status, fault(badMac)]).toEqual([400, 'Expected valid MAC address for address: zz:zz']);
    const noNode = await api.call('POST', '/v1/ports', { body: { node_uuid: '0d5c4d8e-1f0e-4d77-9d0a-6a2b7f9a5f00', address: mac(6, 9) } });
    expect([noNode.status, fault(noNode)]).toEqual([400, 'Node 0d5c4d8e-1f0e-4d77-9d0a-6a2b7f9a5f00 could not be found.']);
    const old = await api.call('POST', '/v1/ports', { body: { node_uuid: one, address: mac(6, 8), pxe_enabled: false }, headers: { 'X-OpenStack-Ironic-API-Version': '1.18' } });
    expect(old.status).toBe(406);

    await api.call('POST', '/v1/ports', { body: { node_uuid: one, address: mac(6, 2) } });
    await api.call('POST', '/v1/ports', { body: { node_uuid: two, address: mac(6, 3) } });

    const ofOne = await api.call('GET', `/v1/ports?node=ports-1`);
    expect(ofOne.json.ports).toEqual([
      { uuid: port.uuid, address: mac(6, 1), links: expect.any(Array) },
      { uuid: expect.any(String), address: mac(6, 2), links: expect.any(Array) },
    ]);
    expect((await api.call('GET', `/v1/ports?node_uuid=${two}&fields=address,node_uuid`)).json.ports).toEqual([{ address: mac(6, 3), node_uuid: two, links: expect.any(Array) }]);
    expect((await api.call('GET', `/v1/ports?address=${mac(6, 2).toUpperCase()}`)).json.ports).toEqual([expect.objectContaining({ address: mac(6, 2) })]);
    expect((await api.call('GET', `/v1/nodes/${two}/ports/detail`)).json.ports).toEqual([expect.objectContaining({ address: mac(6, 3), node_uuid: two, extra: {} })]);

    const page = await api.call('GET', `/v1/ports?node=${one}&limit=1`);
    expect(page.json.ports).toHaveLength(1);
    expect(page.json.next).toBe(`${system.baseUrl}/v1/ports?node=${one}&sort_key=id&sort_dir=asc&fields=uuid,address&limit=1&marker=${port.uuid as string}`);
    const next = await api.call('GET', `/v1/ports?node=${one}&limit=1&marker=${port.uuid as string}`);
    expect((next.json.ports as Json[])[0].address).toBe(mac(6, 2));

    const shown = await api.call('GET', `/v1/ports/${port.uuid as string}`);
    expect(shown.json).toMatchObject({ uuid: port.uuid, node_uuid: one });
    expect((await api.call('GET', `/v1/ports/${port.uuid as string}`, { headers: { 'X-OpenStack-Ironic-API-Version': '1.18' } })).json).not.toHaveProperty('pxe_enabled');

    expect((await api.call('DELETE', `/v1/ports/${port.uuid as string}`)).status).toBe(204);
    const gone = await api.call('GET', `/v1/ports/${port.uuid as string}`);
    expect([gone.status, fault(gone)]).toEqual([404, `Port ${port.uuid as string} could not be found.`]);
    // The MAC is free again.
    expect((await api.call('POST', '/v1/ports', { body: { node_uuid: two, address: mac(6, 1) } })).status).toBe(201);
  });
});

describe('with a short timeout, a short retention and discovery on', () => {
  let short: RunningSystem;
  let fast: Api;

  beforeAll(async () => {
    short = await startSystem({ env: { INTROSPECTION_TIMEOUT_S: '2', NODE_STATUS_KEEP_TIME_S: '3', NODE_NOT_FOUND_HOOK: 'enroll', ENROLL_NODE_DRIVER: 'fake-hardware' } });
    fast = new Api(short);
  }, 120_000);

  afterAll(async () => {
    await short?.stop();
  });

  it('fails an introspection whose ramdisk never reports, then drops the record after its retention', async () => {
    const uuid = await fast.manageableNode('silent-1', { ipmi_address: '10.60.0.1' });
    await fast.inspect(uuid);
    const failed = await fast.until(uuid, (n) => n.provision_state === 'inspect failed', 'inspect failed', 15_000);
    expect(failed.last_error).toBe('Introspection timeout');
    expect((await fast.call('GET', `/v1/introspection/${uuid}`)).json).toMatchObject({ state: 'error', finished: true, error: 'Introspection timeout' });
    await waitForStatus(fast, uuid, 404);
    const types = await fast.eventTypes(uuid);
    expect(types.slice(-1)).toEqual(['IntrospectionExpired']);
  });

  it('enrolls an unknown machine from its inventory, through enrolling', async () => {
    const reply = await fast.call('POST', '/v1/continue', { body: inventory({ macs: [mac(7, 1), mac(7, 2)], bmc: '10.70.0.1', cpus: 32 }), headers: {} });
    expect(reply.status).toBe(200);
    const uuid = reply.json.uuid as string;
    const node = (await fast.call('GET', `/v1/nodes/${uuid}`)).json;
    expect(node).toMatchObject({ provision_state: 'enroll', driver: 'fake-hardware', driver_info: { bmc_address: '10.70.0.1' }, properties: { cpus: '32', local_gb: '199' } });
    expect(((await fast.call('GET', `/v1/nodes/${uuid}/ports`)).json.ports as Json[]).map((p) => p.address)).toEqual([mac(7, 1), mac(7, 2)]);
    expect((await fast.eventTypes(uuid)).slice(0, 3)).toEqual(['NodeRegistered', 'IntrospectionStarted', 'InventoryProcessed']);
    expect((await fast.call('GET', `/v1/introspection/${uuid}`)).json).toMatchObject({ state: 'finished', error: null });
    // The same machine again is a known one now.
    const again = await fast.call('POST', '/v1/continue', { body: inventory({ macs: [mac(7, 1)] }), headers: {} });
    expect([400, 404]).toContain(again.status);
    expect(fault(again)).toContain(uuid);
  });
});

async function waitForStatus(client: Api, uuid: string, status: number): Promise<void> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    if ((await client.call('GET', `/v1/introspection/${uuid}`)).status === status) return;
    await sleep(100);
  }
  throw new Error(`introspection status of ${uuid} never answered ${status}`);
}
