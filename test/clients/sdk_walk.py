#!/usr/bin/python3
"""Walks every family of the Ironic v1 API through openstacksdk's baremetal proxy.

Usage: /usr/bin/python3 test/clients/sdk_walk.py http://127.0.0.1:6385

Debian's python3-openstacksdk (0.101) talks to the endpoint without authentication. Where the
proxy has a method, the walk uses it; the few calls 0.101 has no method for (boot device get and
supported, inject NMI, console, RAID target, BIOS, inventory, driver properties, shards) go
through the same proxy as raw requests with an explicit microversion. Every object is named
after one random tag and deleted at the end, so the walk can run against an Ironic that other
runs share. It stops at the first failed check with a non-zero exit and a message on stderr;
on success it prints a JSON summary of the checks.
"""
import sys
import time
import uuid

import openstack.connection
from openstack import exceptions

from checks import CheckFailed, check, checked, run

TAG = 'sdkwalk-' + uuid.uuid4().hex[:8]
TRAIT_TAG = TAG.upper().replace('-', '_')
MAC = f'52:54:{TAG[-8:-6]}:{TAG[-6:-4]}:{TAG[-4:-2]}:'
LATEST = '1.82'
WAIT = 120

cleanups = []


def expect_error(kind, call, what):
    """Checks that `call` raises the SDK exception `kind`."""
    try:
        call()
    except kind:
        checked.append(what)
        return
    except exceptions.SDKException as error:
        raise CheckFailed(f'{what}: got {type(error).__name__}: {error}') from error
    raise CheckFailed(f'{what}: no error')


def later(call, *args, **kwargs):
    cleanups.append((call, args, kwargs))


def raw(bm, method, path, body=None, status=200):
    """A request through the proxy for what 0.101 has no method for."""
    response = bm.request(path, method, json=body, microversion=LATEST, raise_exc=False, retriable_status_codes=[])
    if response.status_code != status:
        raise CheckFailed(f'{method} {path}: expected HTTP {status}, got {response.status_code}: {response.text[:300]}')
    checked.append(f'{method} {path.replace(TAG, "<tag>")} -> {status}')
    return response.json() if response.content else None


def remove_node(bm, ident):
    """Cleanup: tears a node down if it is deployed, then deletes it."""
    node = bm.find_node(ident)
    if node is None:
        return
    if node.is_maintenance:
        bm.unset_node_maintenance(node)
    if node.provision_state in ('active', 'deploy failed', 'wait call-back', 'deploying'):
        bm.set_node_provision_state(node, 'deleted', wait=True, timeout=WAIT)
    bm.delete_node(node)


def node_path(node, rest=''):
    return f'/nodes/{node.id}{rest}'


def walk(conn):
    bm = conn.baremetal
    summary = {'tag': TAG}

    # Drivers and conductors: what the deployment offers.
    names = [driver.name for driver in bm.drivers()]
    check('fake-hardware' in names, 'drivers() lists fake-hardware', names)
    detailed = {driver.name: driver for driver in bm.drivers(details=True)}
    check(detailed['fake-hardware'].default_deploy_interface == 'fake', 'drivers(details=True) carries default interfaces', detailed['fake-hardware'].default_deploy_interface)
    driver = bm.get_driver('fake-hardware')
    check(driver.hosts and 'fake' in driver.enabled_power_interfaces, 'get_driver: hosts and enabled power interfaces', (driver.hosts, driver.enabled_power_interfaces))
    network = 'flat' if 'flat' in (driver.enabled_network_interfaces or []) else 'noop'
    properties = raw(bm, 'GET', '/drivers/fake-hardware/properties')
    check(properties and all(isinstance(text, str) for text in properties.values()), 'driver properties describe driver_info keys', properties)
    conductors = list(bm.conductors())
    check(conductors and all(c.alive for c in conductors), 'conductors() lists live conductors', [(c.hostname, c.alive) for c in conductors])
    conductor = bm.get_conductor(conductors[0].hostname)
    check('fake-hardware' in conductor.drivers and conductor.alive, 'get_conductor: drivers and alive', (conductor.drivers, conductor.alive))
    summary.update(drivers=len(names), conductors=len(conductors), network_interface=network)

    # Chassis.
    chassis = bm.create_chassis(description=f'{TAG} rack', extra={'row': 'a'})
    later(bm.delete_chassis, chassis.id)
    check(bm.get_chassis(chassis.id).description == f'{TAG} rack', 'get_chassis returns the description')
    bm.update_chassis(chassis, description=f'{TAG} rack 2')
    bm.patch_chassis(chassis, [{'op': 'add', 'path': '/extra/column', 'value': '7'}])
    chassis = bm.get_chassis(chassis.id)
    check((chassis.description, chassis.extra) == (f'{TAG} rack 2', {'row': 'a', 'column': '7'}), 'chassis updated and patched', (chassis.description, chassis.extra))
    check(chassis.id in [c.id for c in bm.chassis(details=True)], 'chassis(details=True) lists it')

    # Nodes: one created straight to available (the SDK manages and provides it), one left in enroll.
    rc = f'{TAG}-rc'
    node = bm.create_node(driver='fake-hardware', name=f'{TAG}-a', resource_class=rc, chassis_id=chassis.id, network_interface=network, properties={'cpus': 4, 'memory_mb': 8192, 'local_gb': 40}, extra={'owner': 'walk'})
    later(remove_node, bm, node.id)
    check(node.provision_state == 'available', 'create_node reaches available', node.provision_state)
    enrolled = bm.create_node(driver='fake-hardware', name=f'{TAG}-b', resource_class=rc, provision_state='enroll')
    later(remove_node, bm, enrolled.id)
    check(enrolled.provision_state == 'enroll', 'create_node(provision_state=enroll) stays in enroll', enrolled.provision_state)
    fetched = bm.get_node(f'{TAG}-a')
    check((fetched.id, fetched.chassis_id, fetched.network_interface, fetched.properties.get('cpus')) == (node.id, chassis.id, network, 4), 'get_node by name', (fetched.id, fetched.chassis_id, fetched.network_interface))
    check(bm.find_node(f'{TAG}-b').id == enrolled.id, 'find_node by name')
    check(bm.find_node(f'{TAG}-missing') is None, 'find_node of an unknown name is None')
    expect_error(exceptions.ResourceNotFound, lambda: bm.get_node(f'{TAG}-missing'), 'get_node of an unknown name: 404')

    bm.update_node(node, extra={'owner': 'walk', 'stage': 'updated'}, driver_info={'deploy_note': 'v'})
    bm.patch_node(node, [{'op': 'add', 'path': '/properties/cpu_arch', 'value': 'x86_64'}, {'op': 'remove', 'path': '/extra/owner'}])
    node = bm.get_node(node.id)
    check((node.extra, node.driver_info.get('deploy_note'), node.properties.get('cpu_arch')) == ({'stage': 'updated'}, 'v', 'x86_64'), 'update_node and patch_node', (node.extra, node.driver_info, node.properties))

    by_class = {n.id for n in bm.nodes(resource_class=rc)}
    check(by_class == {node.id, enrolled.id}, 'nodes(resource_class=) lists both', by_class)
    in_enroll = [n.id for n in bm.nodes(resource_class=rc, provision_state='enroll')]
    check(in_enroll == [enrolled.id], 'nodes(provision_state=enroll)', in_enroll)
    details = [n for n in bm.nodes(details=True, resource_class=rc, driver='fake-hardware', associated=False)]
    check(len(details) == 2 and all(n.driver == 'fake-hardware' and n.power_interface for n in details), 'nodes(details=True, driver=, associated=False)', [(n.id, n.driver) for n in details])
    narrow = [n for n in bm.nodes(resource_class=rc, fields=['uuid', 'name'])]
    check(len(narrow) == 2 and all(n.name and n.driver is None for n in narrow), 'nodes(fields=[uuid, name]) leaves the rest out', [(n.name, n.driver) for n in narrow])
    paged = [n.id for n in bm.nodes(resource_class=rc, limit=1)]
    check(sorted(paged) == sorted(by_class), 'nodes(limit=1) pages through both', paged)

    # Shards (API 1.82; 0.101 has no shard field or filter, so raw requests).
    shard = f'{TAG}-shard'
    raw(bm, 'PATCH', node_path(node), [{'op': 'add', 'path': '/shard', 'value': shard}])
    in_shard = [n['uuid'] for n in raw(bm, 'GET', f'/nodes?shard={shard}')['nodes']]
    check(in_shard == [node.id], 'nodes?shard= lists the sharded node', in_shard)
    shards = {s['name']: s['count'] for s in raw(bm, 'GET', '/shards')['shards']}
    check(shards.get(shard) == 1, '/shards counts the node', shards.get(shard))

    # Maintenance and power.
    bm.set_node_maintenance(node, reason=f'{TAG} checking')
    node = bm.get_node(node.id)
    check(node.is_maintenance and node.maintenance_reason == f'{TAG} checking', 'set_node_maintenance with a reason', (node.is_maintenance, node.maintenance_reason))
    check([n.id for n in bm.nodes(resource_class=rc, is_maintenance=True)] == [node.id], 'nodes(is_maintenance=True)')
    bm.unset_node_maintenance(node)
    check(not bm.get_node(node.id).is_maintenance, 'unset_node_maintenance')
    bm.set_node_power_state(node, 'power on', wait=True, timeout=WAIT)
    check(bm.get_node(node.id).power_state == 'power on', 'set_node_power_state(power on, wait=True)')
    bm.set_node_power_state(node, 'power off', wait=True, timeout=WAIT)
    check(bm.get_node(node.id).power_state == 'power off', 'set_node_power_state(power off, wait=True)')

    # Validation.
    validation = bm.validate_node(node)
    check(all(validation[i].result for i in ('boot', 'deploy', 'power', 'management')), 'validate_node: boot, deploy, power and management pass', {k: (v.result, v.reason) for k, v in validation.items()})
    check(validation['console'].result in (True, False, None) and 'raid' in validation, 'validate_node reports every interface', sorted(validation))

    # Traits.
    bm.set_node_traits(node, ['CUSTOM_A', 'CUSTOM_B'])
    bm.add_node_trait(node, 'CUSTOM_C')
    check(bm.remove_node_trait(node, 'CUSTOM_A') is True, 'remove_node_trait returns True')
    traits = sorted(bm.get_node(node.id).traits)
    check(traits == ['CUSTOM_B', 'CUSTOM_C'], 'set, add and remove traits', traits)
    expect_error(exceptions.ResourceNotFound, lambda: bm.remove_node_trait(node, 'CUSTOM_NOT_THERE', ignore_missing=False), 'removing a missing trait: 404')

    # Management: boot device, boot mode, secure boot, NMI.
    bm.set_node_boot_device(node, 'pxe', persistent=True)
    device = raw(bm, 'GET', node_path(node, '/management/boot_device'))
    check(device.get('boot_device') == 'pxe', 'boot device reads back', device)
    supported = raw(bm, 'GET', node_path(node, '/management/boot_device/supported'))['supported_boot_devices']
    check('pxe' in supported, 'supported boot devices include pxe', supported)
    expect_error(exceptions.BadRequestException, lambda: bm.set_node_boot_device(node, 'floppy'), 'an unsupported boot device: 400')
    bm.set_node_boot_mode(node, 'uefi')
    bm.set_node_secure_boot(node, False)
    checked.append('set_node_boot_mode(uefi) and set_node_secure_boot(False) accepted')
    expect_error(ValueError, lambda: bm.set_node_boot_mode(node, 'legacy'), 'the SDK refuses an unknown boot mode')
    nmi = bm.request(node_path(node, '/management/inject_nmi'), 'PUT', json={}, microversion=LATEST, raise_exc=False)
    check(nmi.status_code in (202, 400), 'inject NMI answers (400 when the management interface cannot)', nmi.status_code)

    # Console, RAID, BIOS, inventory.
    console = raw(bm, 'GET', node_path(node, '/states/console'))
    check(console['console_enabled'] is False, 'console starts disabled', console)
    raw(bm, 'PUT', node_path(node, '/states/console'), {'enabled': True}, status=202)
    deadline = time.monotonic() + WAIT
    while not bm.get_node(node.id).is_console_enabled and time.monotonic() < deadline:
        time.sleep(0.2)
    check(raw(bm, 'GET', node_path(node, '/states/console'))['console_enabled'] is True, 'console enabled')
    raw(bm, 'PUT', node_path(node, '/states/console'), {'enabled': False}, status=202)
    deadline = time.monotonic() + WAIT
    while bm.get_node(node.id).is_console_enabled and time.monotonic() < deadline:
        time.sleep(0.2)
    check(bm.get_node(node.id).is_console_enabled is False, 'console disabled again')
    raid = {'logical_disks': [{'size_gb': 100, 'raid_level': '1', 'is_root_volume': True}]}
    raw(bm, 'PUT', node_path(node, '/states/raid'), raid, status=204)
    check(bm.get_node(node.id).target_raid_config == raid, 'target_raid_config set', bm.get_node(node.id).target_raid_config)
    bios = raw(bm, 'GET', node_path(node, '/bios'))
    check(isinstance(bios.get('bios'), list), 'BIOS settings are a list', bios)
    inventory = bm.request(node_path(node, '/inventory'), 'GET', microversion=LATEST, raise_exc=False)
    check(inventory.status_code in (200, 404), 'inventory answers (404 before any inspection)', inventory.status_code)

    # Ports and port groups.
    group = bm.create_port_group(node_uuid=node.id, name=f'{TAG}-pg', address=MAC + '01', mode='active-backup', properties={'miimon': 100}, is_standalone_ports_supported=True)
    later(bm.delete_port_group, group.id)
    check((group.name, group.mode, group.node_id) == (f'{TAG}-pg', 'active-backup', node.id), 'create_port_group', (group.name, group.mode, group.node_id))
    port = bm.create_port(node_uuid=node.id, address=MAC + '02', port_group_id=group.id, is_pxe_enabled=True, physical_network='physnet1', local_link_connection={'switch_id': 'aa:bb:cc:dd:ee:ff', 'port_id': 'Eth1'}, extra={'slot': '1'})
    later(bm.delete_port, port.id)
    port = bm.get_port(port.id)
    check((port.port_group_id, port.physical_network, port.is_pxe_enabled, port.local_link_connection.get('port_id')) == (group.id, 'physnet1', True, 'Eth1'), 'create_port with portgroup_uuid', (port.port_group_id, port.physical_network))
    check([p.id for p in bm.ports(node=node.id)] == [port.id], 'ports(node=)')
    check([p.id for p in bm.ports(address=MAC + '02')] == [port.id], 'ports(address=)')
    check([p.id for p in bm.ports(portgroup=group.id, details=True)] == [port.id], 'ports(portgroup=, details=True)')
    check([g.id for g in bm.port_groups(node=node.id)] == [group.id], 'port_groups(node=)')
    # Connectivity fields of an available node's ports change only in maintenance (Ironic's rule).
    bm.set_node_maintenance(node, reason=f'{TAG} recabling')
    bm.update_port(port, extra={'slot': '2'})
    bm.patch_port(port, [{'op': 'replace', 'path': '/pxe_enabled', 'value': False}])
    port = bm.get_port(port.id)
    check((port.extra, port.is_pxe_enabled) == ({'slot': '2'}, False), 'update_port and patch_port', (port.extra, port.is_pxe_enabled))
    bm.update_port_group(group, extra={'bond': 'x'})
    bm.patch_port_group(group, [{'op': 'replace', 'path': '/properties/miimon', 'value': 200}])
    group = bm.get_port_group(group.id)
    check((group.extra, group.properties) == ({'bond': 'x'}, {'miimon': 200}), 'update_port_group and patch_port_group', (group.extra, group.properties))
    bm.patch_port(port, [{'op': 'remove', 'path': '/portgroup_uuid'}])
    check(bm.get_port(port.id).port_group_id is None, 'portgroup_uuid removed from the port')
    bm.unset_node_maintenance(node)
    bm.delete_port_group(group, ignore_missing=False)
    expect_error(exceptions.ResourceNotFound, lambda: bm.get_port_group(group.id), 'deleted port group: 404')

    # VIFs: the noop network interface records nothing, flat binds the VIF to the free port.
    vif = str(uuid.uuid4())
    bm.attach_vif_to_node(node, vif)
    vifs = bm.list_node_vifs(node)
    check(vifs == ([vif] if network == 'flat' else []), f'attach_vif_to_node and list_node_vifs ({network})', vifs)
    if network == 'flat':
        check(bm.get_port(port.id).internal_info.get('tenant_vif_port_id') == vif, 'the VIF is bound to the port', bm.get_port(port.id).internal_info)
    check(bm.detach_vif_from_node(node, vif) is True, 'detach_vif_from_node returns True')
    check(bm.list_node_vifs(node) == [], 'no VIFs after detach')
    bm.delete_port(port, ignore_missing=False)
    expect_error(exceptions.ResourceNotFound, lambda: bm.get_port(port.id), 'deleted port: 404')

    # Allocations: one scheduled by resource class and trait, one backfilled onto a given node.
    trait = f'CUSTOM_{TRAIT_TAG}'
    bm.add_node_trait(node, trait)
    allocation = bm.create_allocation(name=f'{TAG}-alloc', resource_class=rc, traits=[trait], extra={'by': 'walk'})
    later(bm.delete_allocation, allocation.id)
    allocation = bm.wait_for_allocation(allocation, timeout=WAIT)
    check((allocation.state, allocation.node_id, allocation.traits) == ('active', node.id, [trait]), 'create_allocation and wait_for_allocation', (allocation.state, allocation.node_id, allocation.last_error))
    allocated = bm.get_node(node.id)
    check((allocated.allocation_id, allocated.instance_id) == (allocation.id, allocation.id), 'the node carries the allocation', (allocated.allocation_id, allocated.instance_id))
    check([a.id for a in bm.allocations(node=node.id)] == [allocation.id], 'allocations(node=)')
    bm.update_allocation(allocation, extra={'by': 'walk', 'n': '1'})
    bm.patch_allocation(allocation, [{'op': 'add', 'path': '/name', 'value': f'{TAG}-alloc2'}])
    allocation = bm.get_allocation(f'{TAG}-alloc2')
    check(allocation.extra == {'by': 'walk', 'n': '1'}, 'update_allocation and patch_allocation', allocation.extra)
    failing = bm.create_allocation(resource_class=f'{TAG}-nothing')
    later(bm.delete_allocation, failing.id)
    failing = bm.wait_for_allocation(failing, timeout=WAIT, ignore_error=True)
    check(failing.state == 'error' and failing.last_error, 'an allocation nothing matches ends in error', (failing.state, failing.last_error))
    bm.delete_allocation(allocation, ignore_missing=False)
    freed = bm.get_node(node.id)
    check((freed.allocation_id, freed.instance_id) == (None, None), 'deleting the allocation frees the node', (freed.allocation_id, freed.instance_id))
    # Backfilling records an allocation for a node deployed without one, so it must be active.
    backfill_node = bm.create_node(driver='fake-hardware', name=f'{TAG}-c', resource_class=rc)
    later(remove_node, bm, backfill_node.id)
    # Ironic answers 500 (its AllocationFailed has no status) and keeps the allocation in error.
    raw(bm, 'POST', '/allocations', {'node': backfill_node.id, 'name': f'{TAG}-bf-bad'}, status=500)
    refused = bm.get_allocation(f'{TAG}-bf-bad')
    later(bm.delete_allocation, refused.id)
    check((refused.state, refused.node_id) == ('error', None) and 'must be in the "active" state' in refused.last_error, 'backfilling an available node fails and keeps the allocation in error', (refused.state, refused.last_error))
    bm.set_node_provision_state(backfill_node, 'active', wait=True, timeout=WAIT)
    backfill = bm.create_allocation(node=backfill_node.id, resource_class=rc)
    later(bm.delete_allocation, backfill.id)
    check((backfill.state, backfill.node_id) == ('active', backfill_node.id), 'a backfilled allocation is active at once', (backfill.state, backfill.node_id, backfill.last_error))
    check(bm.get_node(backfill_node.id).allocation_id == backfill.id, 'the deployed node carries the backfilled allocation')
    # (A raw request: the proxy's own calls retry a 409 for about 15 s before giving up.)
    raw(bm, 'DELETE', f'/allocations/{backfill.id}', status=409)
    bm.set_node_provision_state(backfill_node, 'deleted', wait=True, timeout=WAIT)
    check(bm.get_node(backfill_node.id).allocation_id is None, 'tearing the node down removes its allocation')
    expect_error(exceptions.ResourceNotFound, lambda: bm.get_allocation(backfill.id), 'the torn-down allocation: 404')

    # Deploy templates.
    steps = [{'interface': 'bios', 'step': 'apply_configuration', 'args': {'settings': [{'name': 'LogicalProc', 'value': 'Enabled'}]}, 'priority': 150}]
    template = bm.create_deploy_template(name=f'CUSTOM_{TRAIT_TAG}_DT', steps=steps, extra={'v': '1'})
    later(bm.delete_deploy_template, template.id)
    check(bm.get_deploy_template(template.id).steps == steps, 'create_deploy_template keeps its steps', template.steps)
    bm.update_deploy_template(template, extra={'v': '2'})
    bm.patch_deploy_template(template, [{'op': 'replace', 'path': '/name', 'value': f'CUSTOM_{TRAIT_TAG}_DT2'}])
    template = bm.get_deploy_template(template.id)
    check((template.name, template.extra) == (f'CUSTOM_{TRAIT_TAG}_DT2', {'v': '2'}), 'update and patch a deploy template', (template.name, template.extra))
    check(template.id in [t.id for t in bm.deploy_templates(details=True)], 'deploy_templates(details=True) lists it')
    expect_error(exceptions.BadRequestException, lambda: bm.create_deploy_template(name='not-custom', steps=steps), 'a template name that is not a trait: 400')
    bm.delete_deploy_template(template, ignore_missing=False)
    expect_error(exceptions.ResourceNotFound, lambda: bm.get_deploy_template(template.id), 'deleted deploy template: 404')

    # Volume connectors and targets (on the enrolled node, managed and powered off).
    bm.set_node_provision_state(enrolled, 'manage', wait=True, timeout=WAIT)
    bm.set_node_power_state(enrolled, 'power off', wait=True, timeout=WAIT)
    connector = bm.create_volume_connector(node_uuid=enrolled.id, type='iqn', connector_id=f'iqn.2026-11.org.example:{TAG}', extra={'a': '1'})
    later(bm.delete_volume_connector, connector.id)
    check([c.id for c in bm.volume_connectors(node=enrolled.id)] == [connector.id], 'volume_connectors(node=)')
    bm.update_volume_connector(connector, extra={'a': '2'})
    bm.patch_volume_connector(connector, [{'op': 'add', 'path': '/extra/b', 'value': '3'}])
    check(bm.get_volume_connector(connector.id).extra == {'a': '2', 'b': '3'}, 'update and patch a volume connector')
    target = bm.create_volume_target(node_uuid=enrolled.id, volume_type='iscsi', volume_id=f'{TAG}-vol', boot_index=0, properties={'target_lun': 0})
    later(bm.delete_volume_target, target.id)
    check([t.id for t in bm.volume_targets(node=f'{TAG}-b', details=True)] == [target.id], 'volume_targets(node=<name>, details=True)')
    bm.update_volume_target(target, extra={'x': 'y'})
    bm.patch_volume_target(target, [{'op': 'replace', 'path': '/boot_index', 'value': 1}])
    target = bm.get_volume_target(target.id)
    check((target.extra, target.boot_index) == ({'x': 'y'}, 1), 'update and patch a volume target', (target.extra, target.boot_index))
    bm.delete_volume_target(target, ignore_missing=False)
    bm.delete_volume_connector(connector, ignore_missing=False)
    check(list(bm.volume_targets(node=enrolled.id)) == [] and list(bm.volume_connectors(node=enrolled.id)) == [], 'volume target and connector deleted')

    # Deleting nodes: a node in the chassis keeps the chassis; available and manageable nodes go.
    refused = bm.request(f'/chassis/{chassis.id}', 'DELETE', microversion=LATEST, raise_exc=False)
    check(refused.status_code == 400, 'a chassis with nodes cannot be deleted', refused.status_code)
    check(bm.get_node(node.id).provision_state == 'available', 'the node is still available')
    for victim in (node, enrolled, backfill_node):
        bm.delete_node(victim, ignore_missing=False)
        expect_error(exceptions.ResourceNotFound, lambda: bm.get_node(victim.id), f'deleted node ({victim.name}): 404')
    bm.delete_chassis(chassis, ignore_missing=False)
    expect_error(exceptions.ResourceNotFound, lambda: bm.get_chassis(chassis.id), 'deleted chassis: 404')
    check(bm.delete_node(node.id) is None, 'delete_node of a deleted node with ignore_missing')
    return summary


def main():
    if len(sys.argv) != 2:
        print(f'usage: {sys.argv[0]} ENDPOINT', file=sys.stderr)
        return 2
    conn = openstack.connection.Connection(auth_type='none', baremetal_endpoint_override=sys.argv[1].rstrip('/'))
    return run('sdk_walk', lambda: walk(conn), clean_up)


def clean_up():
    """Undoes what the walk created, newest first."""
    for call, args, kwargs in reversed(cleanups):
        try:
            call(*args, **kwargs)
        except exceptions.SDKException as error:
            print(f'cleanup {call.__name__}{args}: {error}', file=sys.stderr)


if __name__ == '__main__':
    sys.exit(main())
