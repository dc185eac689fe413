/**
 * The real `baremetal` CLI (python3-ironicclient 5.0.1) for the resources beside nodes: chassis,
 * allocations, deploy templates, drivers and conductors, against ironledger started from source
 * or, with BAREMETAL_CLI_ENDPOINT=http://127.0.0.1:6385, against a real Ironic (noauth,
 * fake-hardware), whose answers are the reference.
 *
 * Shards are not here: 5.0.1 has neither `node set --shard` nor `shard list` (they came later).
 */
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { type BaremetalCli, cliInstalled, expectOk, expectRefused, startBaremetalCli, unique } from '../support/baremetal-cli.js';

jest.setTimeout(180_000);

let cli: BaremetalCli;
const bm = (...args: string[]) => cli.run(...args);
/** What each test creates, deleted in reverse order at the end even when a test fails. */
const cleanup: string[][] = [];

beforeAll(async () => {
  if (cliInstalled) cli = await startBaremetalCli();
}, 150_000);

afterAll(async () => {
  for (const args of cleanup.reverse()) await cli?.run(...args);
  await cli?.stop();
});

(cliInstalled ? describe : describe.skip)('baremetal chassis, allocation, deploy template, driver and conductor commands', () => {
  it('chassis create, show, set, unset, list, a node in it, delete refused while it holds the node', async () => {
    const description = unique('cli-chassis');
    const created = expectOk(await bm('chassis', 'create', '--description', description, '--extra', 'rack=r1', '-f', 'json')).json();
    expect(created).toMatchObject({ description, extra: { rack: 'r1' }, updated_at: null });
    const chassis = created.uuid as string;
    cleanup.push(['chassis', 'delete', chassis]);

    // The client reads a value given to `set` as JSON when it can: row=4 is the number 4.
    expectOk(await bm('chassis', 'set', chassis, '--description', `${description}-2`, '--extra', 'row=4'));
    expectOk(await bm('chassis', 'unset', chassis, '--extra', 'rack'));
    expect(expectOk(await bm('chassis', 'show', chassis, '-f', 'json')).json()).toMatchObject({ uuid: chassis, description: `${description}-2`, extra: { row: 4 }, updated_at: expect.any(String) });
    expect(expectOk(await bm('chassis', 'list', '-f', 'json')).json()).toContainEqual({ UUID: chassis, Description: `${description}-2` });
    expect(expectOk(await bm('chassis', 'list', '--long', '-f', 'json', '-c', 'UUID', '-c', 'Extra')).json()).toContainEqual({ UUID: chassis, Extra: { row: 4 } });

    const name = unique('cli-in-chassis');
    const node = expectOk(await bm('node', 'create', '--driver', 'fake-hardware', '--name', name, '--chassis-uuid', chassis, '-f', 'json')).json();
    cleanup.push(['node', 'delete', name]);
    expect(node.chassis_uuid).toBe(chassis);
    expect(expectOk(await bm('node', 'list', '--chassis', chassis, '-f', 'json', '-c', 'Name')).json()).toEqual([{ Name: name }]);
    expectRefused(await bm('chassis', 'delete', chassis), `Failed to delete chassis ${chassis}: Cannot complete the requested action because chassis ${chassis} contains nodes. (HTTP 400)`);

    expectOk(await bm('node', 'delete', name));
    expect(expectOk(await bm('chassis', 'delete', chassis)).out).toContain(`Deleted chassis ${chassis}`);
    expectRefused(await bm('chassis', 'show', chassis), `Chassis ${chassis} could not be found. (HTTP 404)`);
    expectRefused(await bm('chassis', 'show', 'not-a-uuid'), 'Expected UUID for chassis_uuid: not-a-uuid (HTTP 400)');
  });

  it('allocation create picks an available powered node, a trait nobody has fails it, delete frees the node', async () => {
    const resourceClass = unique('cli-rc');
    const name = unique('cli-alloc-node');
    const node = expectOk(await bm('node', 'create', '--driver', 'fake-hardware', '--name', name, '--resource-class', resourceClass, '-f', 'value', '-c', 'uuid')).stdout.trim();
    cleanup.push(['node', 'delete', node]);
    expectOk(await bm('node', 'manage', name, '--wait', '60'));
    expectOk(await bm('node', 'provide', name, '--wait', '60'));
    // Only nodes with a known power state are candidates.
    const unpowered = unique('cli-alloc');
    cleanup.push(['allocation', 'delete', unpowered]);
    expectRefused(await bm('allocation', 'create', '--resource-class', resourceClass, '--name', unpowered, '--wait', '60'), `no available nodes match the resource class ${resourceClass}.`);
    expectOk(await bm('node', 'power', 'off', name));

    const traitless = unique('cli-alloc');
    cleanup.push(['allocation', 'delete', traitless]);
    expectRefused(await bm('allocation', 'create', '--resource-class', resourceClass, '--name', traitless, '--trait', 'CUSTOM_NOBODY', '--wait', '60'), 'no suitable nodes have the requested traits CUSTOM_NOBODY.');
    expect(expectOk(await bm('allocation', 'show', traitless, '-f', 'json', '-c', 'state', '-c', 'node_uuid', '-c', 'traits')).json()).toEqual({ state: 'error', node_uuid: null, traits: ['CUSTOM_NOBODY'] });

    const allocationName = unique('cli-alloc');
    const allocation = expectOk(await bm('allocation', 'create', '--resource-class', resourceClass, '--name', allocationName, '--extra', 'k=v', '--wait', '60', '-f', 'json')).json();
    cleanup.push(['allocation', 'delete', allocationName]);
    expect(allocation).toMatchObject({ name: allocationName, state: 'active', node_uuid: node, resource_class: resourceClass, last_error: null, extra: { k: 'v' } });
    expect(expectOk(await bm('node', 'show', name, '-f', 'json', '-c', 'allocation_uuid', '-c', 'instance_uuid')).json()).toEqual({ allocation_uuid: allocation.uuid, instance_uuid: allocation.uuid });
    expect(expectOk(await bm('allocation', 'list', '--node', node, '-f', 'json')).json()).toEqual([{ UUID: allocation.uuid, Name: allocationName, 'Resource Class': resourceClass, State: 'active', 'Node UUID': node }]);
    expect(expectOk(await bm('allocation', 'list', '--resource-class', resourceClass, '--state', 'error', '-f', 'json', '-c', 'Name')).json()).toEqual(
      expect.arrayContaining([{ Name: unpowered }, { Name: traitless }]),
    );

    const renamed = `${allocationName}-2`;
    expectOk(await bm('allocation', 'set', allocationName, '--name', renamed, '--extra', 'x=y'));
    cleanup.push(['allocation', 'delete', renamed]);
    expectOk(await bm('allocation', 'unset', renamed, '--extra', 'k'));
    expect(expectOk(await bm('allocation', 'show', renamed, '-f', 'json', '-c', 'name', '-c', 'extra')).json()).toEqual({ name: renamed, extra: { x: 'y' } });

    expect(expectOk(await bm('allocation', 'delete', renamed)).out).toContain(`Deleted allocation ${renamed}`);
    expect(expectOk(await bm('node', 'show', name, '-f', 'json', '-c', 'allocation_uuid', '-c', 'instance_uuid', '-c', 'provision_state')).json()).toEqual({ allocation_uuid: null, instance_uuid: null, provision_state: 'available' });
    // Backfilling records an allocation for a node deployed without one: it must be active.
    const backfill = unique('cli-alloc');
    cleanup.push(['allocation', 'delete', backfill]);
    expectRefused(await bm('allocation', 'create', '--node', name, '--name', backfill), `Cannot backfill an allocation for node ${node}: Node must be in the "active" state, but the current state is "available". (HTTP 500)`);
    expectRefused(await bm('allocation', 'show', 'cli-no-such-allocation'), 'Allocation cli-no-such-allocation could not be found. (HTTP 404)');
  });

  it('deploy template create, show, set, unset, list, delete, and a step that no interface has', async () => {
    const name = unique('CUSTOM_CLI').toUpperCase().replace(/-/g, '_');
    const steps = [{ interface: 'bios', step: 'apply_configuration', args: { settings: [{ name: 'LogicalProc', value: 'Enabled' }] }, priority: 150 }];
    const created = expectOk(await bm('deploy', 'template', 'create', name, '--steps', JSON.stringify(steps), '--extra', 'k=v', '-f', 'json')).json();
    cleanup.push(['deploy', 'template', 'delete', name]);
    expect(created).toMatchObject({ name, steps, extra: { k: 'v' }, updated_at: null });

    const renamed = `${name}_2`;
    expectOk(await bm('deploy', 'template', 'set', name, '--name', renamed, '--extra', 'x=y'));
    cleanup.push(['deploy', 'template', 'delete', renamed]);
    expectOk(await bm('deploy', 'template', 'unset', renamed, '--extra', 'k'));
    expect(expectOk(await bm('deploy', 'template', 'show', renamed, '-f', 'json')).json()).toMatchObject({ uuid: created.uuid, name: renamed, steps, extra: { x: 'y' } });
    expect(expectOk(await bm('deploy', 'template', 'list', '-f', 'json')).json()).toContainEqual({ UUID: created.uuid, Name: renamed });
    expect(expectOk(await bm('deploy', 'template', 'list', '--long', '-f', 'json', '-c', 'Name', '-c', 'Steps')).json()).toContainEqual({ Name: renamed, Steps: steps });

    expectRefused(await bm('deploy', 'template', 'create', 'CUSTOM_CLI_BAD', '--steps', '[{"interface": "vendor", "step": "x", "args": {}, "priority": 10}]'), "Schema error for template: 'vendor' is not one of ['power', 'management', 'deploy', 'bios', 'raid'] (HTTP 400)");
    expectRefused(await bm('deploy', 'template', 'create', 'not-custom', '--steps', JSON.stringify(steps)), "Possible root cause: 'not-custom' does not match '^CUSTOM_[A-Z0-9_]+$' (HTTP 400)");
    expect(expectOk(await bm('deploy', 'template', 'delete', renamed)).out).toContain(`Deleted deploy template ${renamed}`);
    expectRefused(await bm('deploy', 'template', 'show', renamed), `Deploy template ${renamed} could not be found. (HTTP 404)`);
  });

  it('driver list, show, property list, raid property list, passthru list', async () => {
    const drivers = expectOk(await bm('driver', 'list', '-f', 'json')).json<{ 'Supported driver(s)': string; 'Active host(s)': string }[]>();
    const fake = drivers.find((d) => d['Supported driver(s)'] === 'fake-hardware');
    expect(fake?.['Active host(s)']).toEqual(expect.any(String));

    expect(expectOk(await bm('driver', 'show', 'fake-hardware', '-f', 'json')).json()).toMatchObject({
      name: 'fake-hardware',
      type: 'dynamic',
      hosts: fake!['Active host(s)'],
      default_bios_interface: 'fake',
      default_deploy_interface: 'fake',
      default_management_interface: 'fake',
      default_network_interface: 'noop',
      default_power_interface: 'fake',
      default_raid_interface: 'fake',
      default_vendor_interface: 'fake',
      enabled_raid_interfaces: 'fake, no-raid',
      enabled_vendor_interfaces: 'fake, no-vendor',
    });
    expectRefused(await bm('driver', 'show', 'cli-nope'), 'Could not find the following driver(s) or hardware type(s): cli-nope. (HTTP 404)');

    const properties = expectOk(await bm('driver', 'property', 'list', 'fake-hardware', '-f', 'json')).json<{ Property: string; Description: string }[]>();
    // Each side documents its own fake interfaces' driver_info keys: Ironic's fake power
    // interface asks for B1 and B2, ironledger's for the knobs of its simulated hardware.
    if (cli.ironledger) expect(properties.map((p) => p.Property)).toContain('fake_fail');
    else expect(properties).toEqual(expect.arrayContaining([{ Property: 'B1', Description: 'B1 description. Required.' }]));
    expectRefused(await bm('driver', 'property', 'list', 'cli-nope'), "The driver 'cli-nope' is unknown. (HTTP 404)");

    const raid = expectOk(await bm('driver', 'raid', 'property', 'list', 'fake-hardware', '-f', 'json')).json<{ Property: string; Description: string }[]>();
    expect(raid.map((p) => p.Property)).toEqual(['controller', 'disk_type', 'interface_type', 'is_root_volume', 'number_of_physical_disks', 'physical_disks', 'raid_level', 'share_physical_disks', 'size_gb', 'volume_name']);
    expect(raid.find((p) => p.Property === 'size_gb')?.Description).toMatch(/Required\.$/);
    expect(expectOk(await bm('driver', 'passthru', 'list', 'fake-hardware', '-f', 'json')).json()).toEqual([]);
  });

  it('conductor list and show', async () => {
    const conductors = expectOk(await bm('conductor', 'list', '-f', 'json')).json<{ Hostname: string; 'Conductor Group': string; Alive: boolean }[]>();
    const alive = conductors.filter((c) => c.Alive);
    expect(alive.length).toBeGreaterThan(0);
    const hostname = alive[0]!.Hostname;
    expect(expectOk(await bm('conductor', 'show', hostname, '-f', 'json')).json()).toMatchObject({ hostname, alive: true, conductor_group: alive[0]!['Conductor Group'], drivers: expect.arrayContaining(['fake-hardware']) });
    expect(expectOk(await bm('conductor', 'list', '--long', '-f', 'json', '-c', 'Hostname', '-c', 'Drivers')).json()).toContainEqual({ Hostname: hostname, Drivers: expect.arrayContaining(['fake-hardware']) });
    expectRefused(await bm('conductor', 'show', 'cli-no-such-host'), 'Conductor cli-no-such-host could not be found. (HTTP 404)');
  });
});
