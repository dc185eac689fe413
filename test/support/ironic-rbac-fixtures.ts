/**
 * The resources Ironic's RBAC test module puts in its database before each case, built here
 * through ironledger's API by a system admin: the same node UUIDs (the files' request bodies name
 * them), owners, lessees, ports, port groups, volume connectors and targets, allocations, traits,
 * a chassis and a deploy template. Nodes are made `available`, as Ironic's test nodes are. What the
 * API cannot make (a node's `last_error` or `reservation`, BIOS settings, an inventory) is missing,
 * and the cases that read it are among the known differences. Building again on the same API only
 * makes what is missing (a case may have deleted it), under the same identifiers.
 */
import { type ApiResponse, type apiClient, type Json } from './api.js';

type Call = ReturnType<typeof apiClient>;

/** A fixture step the API refused: reported, so that the cases depending on it are understood. */
export interface FixtureGap {
  readonly step: string;
  readonly answer: string;
}

class Builder {
  readonly gaps: FixtureGap[] = [];

  constructor(private readonly call: Call) {}

  async expect(step: string, method: string, path: string, body: unknown, statuses: readonly number[]): Promise<ApiResponse | null> {
    const response = await this.call(method, path, body === undefined ? {} : { body });
    if (statuses.includes(response.status)) return response;
    this.gaps.push({ step, answer: `${response.status} ${response.text.slice(0, 200)}` });
    return null;
  }

  /** Whether the API already has it (a second build makes only what is missing). */
  async exists(path: string): Promise<boolean> {
    return (await this.call('GET', path)).status === 200;
  }

  /** `expect` a creation, unless `path` already answers. */
  async create(step: string, path: string, collection: string, body: Json): Promise<ApiResponse | null> {
    const existing = await this.call('GET', path);
    if (existing.status === 200) return existing;
    return this.expect(step, 'POST', collection, body, [201]);
  }

  async node(uuid: string, fields: Json = {}): Promise<void> {
    if (await this.exists(`/v1/nodes/${uuid}`)) return;
    if (!(await this.expect(`node ${uuid}`, 'POST', '/v1/nodes', { uuid, driver: 'fake-hardware', ...fields }, [201]))) return;
    await this.provision(uuid, 'manage', 'manageable');
    await this.provision(uuid, 'provide', 'available');
    // Allocations pick only nodes at rest, powered off.
    if (!(await this.expect(`power off ${uuid}`, 'PUT', `/v1/nodes/${uuid}/states/power`, { target: 'power off' }, [202]))) return;
    await this.settle(uuid, `power off ${uuid}`, (node) => node.power_state === 'power off' && node.target_power_state === null);
  }

  private async settle(uuid: string, step: string, done: (node: Json) => boolean): Promise<void> {
    const deadline = Date.now() + 20_000;
    while (Date.now() < deadline) {
      if (done((await this.call('GET', `/v1/nodes/${uuid}`)).json)) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    this.gaps.push({ step, answer: 'not done within 20 s' });
  }

  private async provision(uuid: string, target: string, state: string): Promise<void> {
    if (!(await this.expect(`${target} ${uuid}`, 'PUT', `/v1/nodes/${uuid}/states/provision`, { target }, [202]))) return;
    await this.settle(uuid, `${target} ${uuid}`, (node) => node.provision_state === state && node.target_provision_state === null);
  }

  async allocation(body: Json & { uuid: string }): Promise<string | null> {
    if (await this.exists(`/v1/allocations/${body.uuid}`)) return body.uuid;
    const created = await this.expect(`allocation ${JSON.stringify(body)}`, 'POST', '/v1/allocations', body, [201]);
    if (!created) return null;
    const uuid = created.json.uuid as string;
    const deadline = Date.now() + 20_000;
    while (Date.now() < deadline) {
      const allocation = (await this.call('GET', `/v1/allocations/${uuid}`)).json;
      if (allocation.state !== 'allocating') {
        if (allocation.state !== 'active') this.gaps.push({ step: `allocation ${uuid}`, answer: JSON.stringify(allocation) });
        return uuid;
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return uuid;
  }

  /** Attaches the VIF to the node, unless it is attached. */
  async vif(node: string, id: string): Promise<void> {
    const attached = (await this.call('GET', `/v1/nodes/${node}/vifs`)).json?.vifs as Json[] | undefined;
    if (attached?.some((vif) => vif.id === id)) return;
    await this.expect('vif', 'POST', `/v1/nodes/${node}/vifs`, { id }, [204]);
  }

  /** The UUID of the node's oldest history entry (Ironic's fixture adds one). */
  async historyEntry(node: string): Promise<string> {
    const history = (await this.call('GET', `/v1/nodes/${node}/history`)).json?.history as Json[] | undefined;
    const uuid = history?.[0]?.uuid as string | undefined;
    if (!uuid) this.gaps.push({ step: `history of ${node}`, answer: 'no entry' });
    return uuid ?? '00000000-0000-4000-8000-000000000000';
  }
}

/** Ironic's `TestRBACModelBeforeScopesBase` data (the system-scoped and legacy files); the values its paths are formatted with. */
export async function modelBeforeScopesFixtures(call: Call, conductor: string): Promise<{ format: Record<string, string>; gaps: FixtureGap[] }> {
  const build = new Builder(call);
  const node = '1be26c0b-03f2-4d2e-ae87-c02d7f33c123';
  const allocated = '22e26c0b-03f2-4d2e-ae87-c02d7f33c000';
  const chassis = 'e74c40e0-d825-11e2-a28f-0800200c9a66';
  const vif = 'ee21d58f-5de2-4956-85ff-33935ea1ca00';
  await build.create('chassis', `/v1/chassis/${chassis}`, '/v1/chassis', { uuid: chassis });
  await Promise.all([build.node(node, { owner: 'z' }), build.node(allocated, { owner: 'z', resource_class: 'CUSTOM_TEST' }), build.node('18a552fb-dcd2-43bf-9302-e4c93287be11')]);
  const allocation = (await build.allocation({ uuid: '0b6a2a8a-0c52-4a44-8fd1-0a9ba8c2b001', resource_class: 'CUSTOM_TEST', candidate_nodes: [allocated] })) ?? 'none';
  const port = '1be26c0b-03f2-4d2e-ae87-c02d7f33c781';
  await build.create('port', `/v1/ports/${port}`, '/v1/ports', { uuid: port, node_uuid: node, address: '52:54:00:cf:2d:31' });
  await build.vif(node, vif);
  const portgroup = '6eb02b44-18a3-4659-8c0b-8d2802581ae4';
  await build.create('portgroup', `/v1/portgroups/${portgroup}`, '/v1/portgroups', { uuid: portgroup, node_uuid: node, name: 'fooname', address: '52:54:00:cf:2d:32' });
  const templateUuid = 'aa75a317-2929-47d4-b676-fd9bff578bf1';
  const template = await build.create('deploy template', `/v1/deploy_templates/${templateUuid}`, '/v1/deploy_templates', { uuid: templateUuid, name: 'CUSTOM_DT1', steps: [{ interface: 'deploy', step: 'noop', args: {}, priority: 0 }] });
  const targetUuid = '74a8d2a7-2c76-4b25-9a8b-1b1c6a1b5f01';
  const target = await build.create('volume target', `/v1/volume/targets/${targetUuid}`, '/v1/volume/targets', { uuid: targetUuid, node_uuid: node, volume_type: 'iscsi', boot_index: 0, volume_id: '12345678' });
  const connectorUuid = '86cfd480-0842-4abb-8386-e46149beb82f';
  const connector = await build.create('volume connector', `/v1/volume/connectors/${connectorUuid}`, '/v1/volume/connectors', { uuid: connectorUuid, node_uuid: node, type: 'iqn', connector_id: 'iqn.2012-06.org.openstack.test' });
  await build.expect('trait', 'PUT', `/v1/nodes/${node}/traits/trait`, undefined, [204]);
  const format = {
    node_ident: node,
    allocated_node_ident: allocated,
    port_ident: port,
    portgroup_ident: portgroup,
    chassis_ident: chassis,
    deploy_template_ident: (template?.json.uuid as string) ?? 'none',
    allocation_ident: allocation,
    conductor_ident: conductor,
    vif_ident: vif,
    driver_name: 'fake-driverz',
    bios_setting: 'FAKE_SETTING',
    trait: 'trait',
    volume_target_ident: (target?.json.uuid as string) ?? 'none',
    volume_connector_ident: (connector?.json.uuid as string) ?? 'none',
    history_ident: await build.historyEntry(node),
  };
  return { format, gaps: build.gaps };
}

/** Ironic's `TestRBACProjectScoped` data: an unowned node, a node `owner` owns and one it leases to `lessee`, and another's. */
export async function projectScopedFixtures(call: Call, owner: string, lessee: string): Promise<{ format: Record<string, string>; gaps: FixtureGap[] }> {
  const build = new Builder(call);
  const unowned = '1be26c0b-03f2-4d2e-ae87-c02d7f33c123';
  const owned = '1ab63b9e-66d7-4cd7-8618-dddd0f9f7881';
  const leased = '38d5abed-c585-4fce-a57e-a2ffc2a2ec6f';
  const other = '573208e5-cd41-4e26-8f06-ef44022b3793';
  await Promise.all([
    build.node(unowned),
    build.node(owned, { owner, resource_class: 'CUSTOM_TEST' }),
    build.node(leased, { owner, lessee, resource_class: 'CUSTOM_LEASED' }),
    build.node(other),
  ]);
  const ownerPort = 'ebe30f19-358d-41e1-8d28-fd7357a0164c';
  await build.create('owner port', `/v1/ports/${ownerPort}`, '/v1/ports', { uuid: ownerPort, node_uuid: owned, address: '00:00:00:00:00:01' });
  await build.create('owner port 2', '/v1/ports/21a3c5a7-1e14-44dc-a9dd-0c84d5477a57', '/v1/ports', { uuid: '21a3c5a7-1e14-44dc-a9dd-0c84d5477a57', node_uuid: owned, address: '00:00:00:00:00:02' });
  const ownerPortgroup = 'b16efcf3-2990-41a1-bc1d-5e2c16f3d5fc';
  await build.create('owner portgroup', `/v1/portgroups/${ownerPortgroup}`, '/v1/portgroups', { uuid: ownerPortgroup, node_uuid: owned, name: 'magicfoo', address: '01:03:09:ff:01:01' });
  await build.create('owner volume target', '/v1/volume/targets/a265e2f0-e97f-4177-b1c0-8298add53086', '/v1/volume/targets', { uuid: 'a265e2f0-e97f-4177-b1c0-8298add53086', node_uuid: owned, volume_type: 'iscsi', boot_index: 0, volume_id: '12345678' });
  await build.create('owner volume connector', '/v1/volume/connectors/65ea0296-219b-4635-b0c8-a6e055da878d', '/v1/volume/connectors', { uuid: '65ea0296-219b-4635-b0c8-a6e055da878d', node_uuid: owned, type: 'iqn', connector_id: 'iqn.2012-06.org.openstack.magic' });
  const ownerAllocation = (await build.allocation({ uuid: '3f0b7c52-7f7e-4a3c-9a51-6c2f3f1b0a01', resource_class: 'CUSTOM_TEST', candidate_nodes: [owned], owner })) ?? 'none';
  const targetUuid = 'c3a1e7c4-5d1e-4bb7-a3f5-6f6d1c9b2e01';
  const target = await build.create('lessee volume target', `/v1/volume/targets/${targetUuid}`, '/v1/volume/targets', { uuid: targetUuid, node_uuid: leased, volume_type: 'iscsi', boot_index: 0, volume_id: '12345678' });
  const connectorUuid = 'c3a1e7c4-5d1e-4bb7-a3f5-6f6d1c9b2e02';
  const connector = await build.create('lessee volume connector', `/v1/volume/connectors/${connectorUuid}`, '/v1/volume/connectors', { uuid: connectorUuid, node_uuid: leased, type: 'iqn', connector_id: 'iqn.2012-06.org.openstack.test' });
  const lesseePort = '1be26c0b-03f2-4d2e-ae87-c02d7f33c781';
  await build.create('lessee port', `/v1/ports/${lesseePort}`, '/v1/ports', { uuid: lesseePort, node_uuid: leased, address: '52:54:00:cf:2d:31' });
  const lesseePortgroup = '6eb02b44-18a3-4659-8c0b-8d2802581ae4';
  await build.create('lessee portgroup', `/v1/portgroups/${lesseePortgroup}`, '/v1/portgroups', { uuid: lesseePortgroup, node_uuid: leased, name: 'fooname', address: '52:54:00:cf:2d:32' });
  await build.expect('lessee trait', 'PUT', `/v1/nodes/${leased}/traits/CUSTOM_MEOW`, undefined, [204]);
  const lesseeAllocation = (await build.allocation({ uuid: '3f0b7c52-7f7e-4a3c-9a51-6c2f3f1b0a02', resource_class: 'CUSTOM_LEASED', candidate_nodes: [leased], owner: lessee })) ?? 'none';
  await build.create('other port', '/v1/ports/abfd8dbb-1732-449a-b760-2224035c6b99', '/v1/ports', { uuid: 'abfd8dbb-1732-449a-b760-2224035c6b99', node_uuid: other, address: '00:00:00:00:00:ff' });
  const otherPortgroup = '5810f41c-6585-41fc-b9c9-a94f50d421b5';
  await build.create('other portgroup', `/v1/portgroups/${otherPortgroup}`, '/v1/portgroups', { uuid: otherPortgroup, node_uuid: other, name: 'corgis_rule_the_world', address: 'ff:ff:ff:ff:ff:0f' });
  const format = {
    node_ident: unowned,
    owner_node_ident: owned,
    lessee_node_ident: leased,
    allocated_node_ident: leased,
    volume_target_ident: (target?.json.uuid as string) ?? 'none',
    volume_connector_ident: (connector?.json.uuid as string) ?? 'none',
    lessee_port_ident: lesseePort,
    lessee_portgroup_ident: lesseePortgroup,
    trait: 'CUSTOM_MEOW',
    vif_ident: '0e21d58f-5de2-4956-85ff-33935ea1ca01',
    ind_component: 'component',
    ind_ident: 'magic_light',
    owner_port_ident: ownerPort,
    other_port_ident: 'abfd8dbb-1732-449a-b760-2224035c6b99',
    owner_portgroup_ident: ownerPortgroup,
    other_portgroup_ident: otherPortgroup,
    driver_name: 'fake-driverz',
    owner_allocation: ownerAllocation,
    lessee_allocation: lesseeAllocation,
    owned_history_ident: await build.historyEntry(owned),
    lessee_history_ident: await build.historyEntry(leased),
  };
  return { format, gaps: build.gaps };
}
