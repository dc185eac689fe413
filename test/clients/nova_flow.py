#!/usr/bin/python3
"""The calls Nova's ironic driver makes for one instance, through openstacksdk's baremetal proxy.

Usage: /usr/bin/python3 test/clients/nova_flow.py http://127.0.0.1:6385

Claim and spawn: find the node, set instance_uuid, validate, write instance_info, attach one VIF
per port, deploy with a config drive and wait for `active`. Destroy: tear down (`deleted`), wait
for `available` (automated cleaning runs on the way), detach the VIFs and clear the instance
fields. Debian's python3-openstacksdk (0.101) without authentication. The node is named after a
random tag and deleted at the end. Exits non-zero with a message on stderr at the first failed
check; on success prints a JSON summary.
"""
import base64
import gzip
import json
import sys
import time
import uuid

import openstack.connection
from openstack import exceptions

from checks import check, run

TAG = 'novaflow-' + uuid.uuid4().hex[:8]
WAIT = 180

seen_states = []


def config_drive():
    """A config drive as Nova sends it: a gzipped image, base64-encoded (the content does not matter to fake deploy)."""
    image = b'CD001' + json.dumps({'uuid': TAG, 'meta': {'role': 'nova-flow'}}).encode() * 64
    return base64.b64encode(gzip.compress(image)).decode()


def wait_for(bm, node, state):
    """Nova polls until the node settles; the SDK's waiter raises on a failure state or timeout."""
    started = time.monotonic()
    result = bm.wait_for_nodes_provision_state([node], state, timeout=WAIT)
    seen_states.append((state, round(time.monotonic() - started, 1)))
    return result[0] if isinstance(result, list) else result


def flow(bm):
    driver = bm.get_driver('fake-hardware')
    network = 'flat' if 'flat' in (driver.enabled_network_interfaces or []) else 'noop'
    node = bm.create_node(driver='fake-hardware', name=TAG, resource_class=f'{TAG}-rc', network_interface=network, properties={'cpus': 2, 'memory_mb': 4096, 'local_gb': 20, 'cpu_arch': 'x86_64'})
    macs = [f'52:54:{TAG[-8:-6]}:{TAG[-6:-4]}:{TAG[-4:-2]}:{i:02x}' for i in (1, 2)]
    ports = [bm.create_port(node_uuid=node.id, address=mac, is_pxe_enabled=i == 0) for i, mac in enumerate(macs)]
    check(node.provision_state == 'available', 'the node is available', node.provision_state)
    instance = str(uuid.uuid4())
    vifs = [str(uuid.uuid4()) for _ in ports]

    # Claim: the resource tracker lists unassociated nodes, the driver reserves one for the instance.
    free = [n.id for n in bm.nodes(associated=False, resource_class=f'{TAG}-rc', fields=['uuid', 'instance_uuid', 'provision_state'])]
    check(free == [node.id], 'nodes(associated=False) offers the node', free)
    bm.patch_node(node, [{'op': 'add', 'path': '/instance_uuid', 'value': instance}])
    taken = bm.request(f'/nodes/{node.id}', 'PATCH', json=[{'op': 'replace', 'path': '/instance_uuid', 'value': str(uuid.uuid4())}], raise_exc=False, retriable_status_codes=[])
    check(taken.status_code == 409, 'a second instance cannot take the node (409)', taken.status_code)
    by_instance = [n.id for n in bm.nodes(instance_id=instance, fields=['uuid', 'power_state', 'provision_state'])]
    check(by_instance == [node.id], 'nodes(instance_id=) finds the node by instance', by_instance)

    # Spawn: instance_info, validation, VIFs, deploy with a config drive.
    instance_info = {'image_source': str(uuid.uuid4()), 'root_gb': '10', 'swap_mb': '0', 'display_name': f'{TAG}-vm', 'vcpus': '2', 'memory_mb': '4096', 'local_gb': '20', 'nova_host_id': 'compute-1', 'project_id': 'p1'}
    bm.patch_node(node, [{'op': 'add', 'path': f'/instance_info/{key}', 'value': value} for key, value in instance_info.items()])
    node = bm.get_node(node.id)
    check((node.instance_id, node.instance_info) == (instance, instance_info), 'instance_uuid and instance_info set', (node.instance_id, node.instance_info))
    validation = bm.validate_node(node, required=('boot', 'deploy', 'power'))
    check(all(validation[i].result for i in ('boot', 'deploy', 'power')), 'validate_node passes for boot, deploy and power', {k: (v.result, v.reason) for k, v in validation.items()})
    for vif in vifs:
        bm.attach_vif_to_node(node, vif, retry_on_conflict=False)
    attached = bm.list_node_vifs(node)
    check(sorted(attached) == (sorted(vifs) if network == 'flat' else []), f'one VIF per port attached ({network})', attached)
    if network == 'flat':
        bound = sorted(bm.get_port(p.id).internal_info.get('tenant_vif_port_id') for p in ports)
        check(bound == sorted(vifs), 'each port carries a VIF', bound)

    bm.set_node_provision_state(node, 'active', config_drive=config_drive())
    node = wait_for(bm, node, 'active')
    node = bm.get_node(node.id)
    check((node.provision_state, node.target_provision_state, node.last_error) == ('active', None, None), 'deployed: active, no target, no error', (node.provision_state, node.target_provision_state, node.last_error))
    check(node.instance_id == instance and node.instance_info.get('image_source') == instance_info['image_source'], 'the instance fields survive the deployment', (node.instance_id, node.instance_info))
    check(node.instance_info.get('configdrive') == '******', 'the config drive is stored but masked', node.instance_info.get('configdrive'))
    check(bm.list_node_vifs(node) == attached, 'VIFs stay attached while active')
    refused = bm.request(f'/nodes/{node.id}', 'DELETE', raise_exc=False, retriable_status_codes=[])
    check(refused.status_code == 409, 'an active node cannot be deleted (409)', refused.status_code)

    # Destroy: tear down, wait for cleaning to finish, unplug the VIFs, clear the instance fields.
    bm.set_node_provision_state(node, 'deleted')
    node = wait_for(bm, node, 'available')
    node = bm.get_node(node.id)
    check((node.provision_state, node.target_provision_state, node.last_error) == ('available', None, None), 'torn down and cleaned: available', (node.provision_state, node.target_provision_state, node.last_error))
    for vif in vifs:
        bm.detach_vif_from_node(node, vif)
    check(bm.list_node_vifs(node) == [], 'VIFs detached')
    if network == 'flat':
        check(all('tenant_vif_port_id' not in bm.get_port(p.id).internal_info for p in ports), 'ports released their VIFs')
    # Ironic already wiped both when tear-down finished; Nova removes whatever is left.
    remove = [{'op': 'remove', 'path': path} for path, value in (('/instance_info', node.instance_info), ('/instance_uuid', node.instance_id)) if value]
    if remove:
        bm.patch_node(node, remove)
    node = bm.get_node(node.id)
    check((node.instance_id, node.instance_info) == (None, {}), 'instance_uuid and instance_info cleared', (node.instance_id, node.instance_info))
    free = [n.id for n in bm.nodes(associated=False, resource_class=f'{TAG}-rc')]
    check(free == [node.id], 'the node is offered again', free)
    # Rescheduled, the instance may take another node at once: its UUID is free again.
    other = bm.create_node(driver='fake-hardware', name=f'{TAG}-b', provision_state='enroll')
    moved = bm.request(f'/nodes/{other.id}', 'PATCH', json=[{'op': 'add', 'path': '/instance_uuid', 'value': instance}], raise_exc=False, retriable_status_codes=[])
    check(moved.status_code == 200, 'the instance takes another node at once', moved.status_code)
    return {'network_interface': network, 'cleared_by_tear_down': not remove}


def main():
    if len(sys.argv) != 2:
        print(f'usage: {sys.argv[0]} ENDPOINT', file=sys.stderr)
        return 2
    bm = openstack.connection.Connection(auth_type='none', baremetal_endpoint_override=sys.argv[1].rstrip('/')).baremetal
    return run('nova_flow', lambda: {**flow(bm), 'tag': TAG, 'waits': seen_states}, lambda: cleanup(bm))


def cleanup(bm):
    """Deletes the nodes (tearing one down first if a check failed mid-deployment); ports go with them."""
    for name in (TAG, f'{TAG}-b'):
        try:
            node = bm.find_node(name)
            if node is None:
                continue
            if node.provision_state in ('active', 'deploy failed', 'wait call-back', 'deploying'):
                bm.set_node_provision_state(node, 'deleted')
                bm.wait_for_nodes_provision_state([node], 'available', timeout=WAIT, abort_on_failed_state=False)
            node = bm.get_node(node.id)
            if node.instance_id:
                bm.patch_node(node, [{'op': 'remove', 'path': '/instance_uuid'}])
            bm.delete_node(node)
        except exceptions.SDKException as error:
            print(f'cleanup of {name}: {error}', file=sys.stderr)


if __name__ == '__main__':
    sys.exit(main())
