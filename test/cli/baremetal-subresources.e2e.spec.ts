/**
 * The real `baremetal` CLI (python3-ironicclient 5.0.1) against ironledger for a node's
 * sub-resources: ports, port groups, volume connectors and targets, and VIFs, as an operator
 * types them (`scripts/install-ironic-client.sh` installs the client).
 */
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import { type RunningSystem, startSystem } from '../support/system.js';

jest.setTimeout(120_000);

let system: RunningSystem;
const installed = spawnSync('baremetal', ['--version'], { encoding: 'utf8' }).status === 0;

/** Runs `baremetal …`; with `-f json` the output is parsed. */
function baremetal(...args: string[]): { code: number | null; out: string; json: () => Record<string, unknown> & unknown[] } {
  const run = spawnSync('baremetal', args, { encoding: 'utf8', env: { ...process.env, OS_AUTH_TYPE: 'none', OS_ENDPOINT: system.baseUrl } });
  return { code: run.status, out: `${run.stdout}${run.stderr}`, json: () => JSON.parse(run.stdout) as Record<string, unknown> & unknown[] };
}

beforeAll(async () => {
  if (installed) system = await startSystem();
}, 120_000);

afterAll(async () => {
  await system?.stop();
});

(installed ? describe : describe.skip)('baremetal port, port group, volume and vif commands', () => {
  it('create, list, show, set, unset and delete ports and port groups as Ironic answers them', () => {
    const node = String(baremetal('node', 'create', '--driver', 'fake-hardware', '--name', 'cli-sub', '-f', 'value', '-c', 'uuid').out).trim();
    const group = baremetal('port', 'group', 'create', '--node', node, '--name', 'cli-pg', '--address', '52:54:00:dd:00:01', '--mode', '802.3ad', '--property', 'miimon=100', '--support-standalone-ports', '-f', 'json');
    expect(group.json()).toMatchObject({ name: 'cli-pg', mode: '802.3ad', properties: { miimon: 100 }, standalone_ports_supported: true, node_uuid: node });
    const groupUuid = group.json().uuid as string;
    const port = baremetal(
      'port', 'create', '52:54:00:DD:00:02', '--node', node, '--pxe-enabled', 'True', '--local-link-connection', 'switch_id=aa:bb:cc:dd:ee:ff',
      '--local-link-connection', 'port_id=Eth1', '--physical-network', 'physnet1', '--port-group', groupUuid, '-f', 'json',
    );
    expect(port.json()).toMatchObject({ address: '52:54:00:dd:00:02', pxe_enabled: true, portgroup_uuid: groupUuid, local_link_connection: { switch_id: 'aa:bb:cc:dd:ee:ff', port_id: 'Eth1' } });
    const portUuid = port.json().uuid as string;

    expect(baremetal('port', 'list', '--node', node, '-f', 'json').json()).toEqual([{ UUID: portUuid, Address: '52:54:00:dd:00:02' }]);
    expect(baremetal('port', 'list', '--port-group', groupUuid, '--long', '-f', 'json').json()).toEqual([expect.objectContaining({ UUID: portUuid, 'Physical Network': 'physnet1' })]);
    expect(baremetal('port', 'show', '--address', '52:54:00:dd:00:02', '-f', 'json').json()).toMatchObject({ uuid: portUuid });
    expect(baremetal('port', 'set', portUuid, '--extra', 'k=v', '--pxe-disabled').code).toBe(0);
    expect(baremetal('port', 'unset', portUuid, '--extra', 'k', '--port-group').code).toBe(0);
    expect(baremetal('port', 'show', portUuid, '-f', 'json').json()).toMatchObject({ extra: {}, pxe_enabled: false, portgroup_uuid: null });

    expect(baremetal('port', 'group', 'set', 'cli-pg', '--unsupport-standalone-ports', '--property', 'miimon=200').code).toBe(0);
    expect(baremetal('port', 'group', 'unset', 'cli-pg', '--address').code).toBe(0);
    expect(baremetal('port', 'group', 'show', 'cli-pg', '-f', 'json').json()).toMatchObject({ address: null, standalone_ports_supported: false, properties: { miimon: 200 } });
    expect(baremetal('port', 'group', 'list', '-f', 'json').json()).toEqual([{ UUID: groupUuid, Address: null, Name: 'cli-pg' }]);

    const refused = baremetal('port', 'create', '52:54:00:dd:00:03', '--node', 'cli-sub');
    expect([refused.code, refused.out]).toEqual([1, expect.stringContaining('Expected UUID for node_uuid: cli-sub (HTTP 400)')]);
    const deleted = baremetal('port', 'delete', portUuid, '00000000-0000-4000-8000-000000000000');
    expect(deleted.out).toContain(`Deleted port ${portUuid}`);
    expect(deleted.out).toContain('Failed to delete port 00000000-0000-4000-8000-000000000000: Port 00000000-0000-4000-8000-000000000000 could not be found. (HTTP 404)');
    expect(baremetal('port', 'group', 'delete', 'cli-pg').out).toContain('Deleted port group cli-pg');
  });

  it('create and list volume connectors and targets, a target’s secrets masked', () => {
    const node = String(baremetal('node', 'create', '--driver', 'fake-hardware', '-f', 'value', '-c', 'uuid').out).trim();
    expect(baremetal('volume', 'connector', 'create', '--node', node, '--type', 'iqn', '--connector-id', 'iqn.2026-11.cli:1', '-f', 'json').json()).toMatchObject({ type: 'iqn', node_uuid: node });
    expect(baremetal('volume', 'connector', 'list', '--node', node, '-f', 'json').json()).toEqual([expect.objectContaining({ Type: 'iqn', 'Connector ID': 'iqn.2026-11.cli:1' })]);
    const target = baremetal('volume', 'target', 'create', '--node', node, '--type', 'iscsi', '--boot-index', '0', '--volume-id', 'v1', '--property', 'auth_password=secret', '-f', 'json');
    expect(target.json()).toMatchObject({ boot_index: 0, properties: { auth_password: '******' } });
    expect(baremetal('volume', 'target', 'list', '--long', '-f', 'json').out).not.toContain('secret"');
    const twice = baremetal('volume', 'target', 'create', '--node', node, '--type', 'iscsi', '--boot-index', '0', '--volume-id', 'v2');
    expect(twice.out).toContain("A volume target with boot index '0' for the same node already exists. (HTTP 409)");
  });

  it('attach, list and detach VIFs: nothing recorded with noop, a port bound with flat', () => {
    baremetal('node', 'create', '--driver', 'fake-hardware', '--name', 'cli-noop');
    expect(baremetal('node', 'vif', 'attach', 'cli-noop', 'vif-1').code).toBe(0);
    expect(baremetal('node', 'vif', 'list', 'cli-noop', '-f', 'json').json()).toEqual([]);
    const flat = String(baremetal('node', 'create', '--driver', 'fake-hardware', '--name', 'cli-flat', '--network-interface', 'flat', '-f', 'value', '-c', 'uuid').out).trim();
    baremetal('port', 'create', '52:54:00:dd:00:10', '--node', flat);
    expect(baremetal('node', 'vif', 'attach', 'cli-flat', 'vif-2').code).toBe(0);
    expect(baremetal('node', 'vif', 'list', 'cli-flat', '-f', 'json').json()).toEqual([{ ID: 'vif-2' }]);
    const full = baremetal('node', 'vif', 'attach', 'cli-flat', 'vif-3');
    expect([full.code, full.out]).toEqual([1, expect.stringContaining('Unable to attach VIF vif-3, not enough free physical ports. (HTTP 400)')]);
    expect(baremetal('node', 'vif', 'detach', 'cli-flat', 'vif-2').code).toBe(0);
    expect(baremetal('node', 'vif', 'list', 'cli-flat', '-f', 'json').json()).toEqual([]);
  });
});
