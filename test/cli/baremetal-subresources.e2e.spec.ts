/**
 * The real `baremetal` CLI (python3-ironicclient 5.0.1) for a node's sub-resources: ports, port
 * groups, volume connectors and targets, and VIFs, as an operator types them
 * (`scripts/install-ironic-client.sh` installs the client). Against ironledger started from
 * source or, with BAREMETAL_CLI_ENDPOINT=http://127.0.0.1:6385, against a real Ironic, whose
 * answers are the reference; names and addresses are unique to the run.
 */
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { randomBytes } from 'node:crypto';
import { type BaremetalCli, cliInstalled, createNode, expectOk, expectRefused, startBaremetalCli, unique } from '../support/baremetal-cli.js';

jest.setTimeout(180_000);

let cli: BaremetalCli;
const bm = (...args: string[]) => cli.run(...args);
const nodes: string[] = [];

/** A MAC address no earlier run used (lower case, as Ironic stores it). */
const mac = () => `52:54:00:${[...randomBytes(3)].map((b) => b.toString(16).padStart(2, '0')).join(':')}`;

/** A fake-hardware node, deleted with its ports and volume resources after the tests. */
const node = (...options: string[]) => createNode(cli, 'cli-sub', nodes, ...options);

beforeAll(async () => {
  if (cliInstalled) cli = await startBaremetalCli();
}, 150_000);

afterAll(async () => {
  for (const uuid of nodes) {
    for (const kind of [['port'], ['port', 'group'], ['volume', 'target'], ['volume', 'connector']]) {
      const owned = (await cli?.run(...kind, 'list', '--node', uuid, '-f', 'value', '-c', 'UUID'))?.stdout.split('\n').filter(Boolean) ?? [];
      if (owned.length > 0) await cli.run(...kind, 'delete', ...owned);
    }
    await cli?.run('node', 'delete', uuid);
  }
  await cli?.stop();
});

(cliInstalled ? describe : describe.skip)('baremetal port, port group, volume and vif commands', () => {
  it('create, list, show, set, unset and delete ports and port groups as Ironic answers them', async () => {
    const { name, uuid } = await node();
    const groupName = unique('cli-pg');
    const [groupMac, portMac] = [mac(), mac()];
    const group = expectOk(
      await bm('port', 'group', 'create', '--node', uuid, '--name', groupName, '--address', groupMac, '--mode', '802.3ad', '--property', 'miimon=100', '--support-standalone-ports', '-f', 'json'),
    ).json();
    expect(group).toMatchObject({ name: groupName, address: groupMac, mode: '802.3ad', properties: { miimon: 100 }, standalone_ports_supported: true, node_uuid: uuid });
    const groupUuid = group.uuid as string;
    const port = expectOk(
      await bm(
        'port', 'create', portMac.toUpperCase(), '--node', uuid, '--pxe-enabled', 'True', '--local-link-connection', 'switch_id=aa:bb:cc:dd:ee:ff',
        '--local-link-connection', 'port_id=Eth1', '--physical-network', 'physnet1', '--port-group', groupUuid, '-f', 'json',
      ),
    ).json();
    expect(port).toMatchObject({ address: portMac, pxe_enabled: true, portgroup_uuid: groupUuid, physical_network: 'physnet1', local_link_connection: { switch_id: 'aa:bb:cc:dd:ee:ff', port_id: 'Eth1' } });
    const portUuid = port.uuid as string;

    expect(expectOk(await bm('port', 'list', '--node', uuid, '-f', 'json')).json()).toEqual([{ UUID: portUuid, Address: portMac }]);
    expect(expectOk(await bm('port', 'list', '--port-group', groupUuid, '--long', '-f', 'json')).json()).toEqual([expect.objectContaining({ UUID: portUuid, 'Physical Network': 'physnet1' })]);
    expect(expectOk(await bm('port', 'show', '--address', portMac, '-f', 'json')).json()).toMatchObject({ uuid: portUuid });
    expectOk(await bm('port', 'set', portUuid, '--extra', 'k=v', '--pxe-disabled'));
    // Ironic changes a port's group only when the patch's first operation does: here the client
    // sends the `extra` removal first, so the port stays in its group until a second unset.
    expectOk(await bm('port', 'unset', portUuid, '--extra', 'k', '--port-group'));
    expect(expectOk(await bm('port', 'show', portUuid, '-f', 'json')).json()).toMatchObject({ extra: {}, pxe_enabled: false, portgroup_uuid: groupUuid });
    expectOk(await bm('port', 'unset', portUuid, '--port-group'));
    expect(expectOk(await bm('port', 'show', portUuid, '-f', 'json', '-c', 'portgroup_uuid')).json()).toEqual({ portgroup_uuid: null });
    expectRefused(await bm('port', 'create', mac(), '--node', name), `Expected UUID for node_uuid: ${name} (HTTP 400)`);

    expectOk(await bm('port', 'group', 'set', groupName, '--unsupport-standalone-ports', '--property', 'miimon=200'));
    expectOk(await bm('port', 'group', 'unset', groupName, '--address'));
    expect(expectOk(await bm('port', 'group', 'show', groupName, '-f', 'json')).json()).toMatchObject({ address: null, standalone_ports_supported: false, properties: { miimon: 200 } });
    expect(expectOk(await bm('port', 'group', 'list', '--node', uuid, '-f', 'json')).json()).toEqual([{ UUID: groupUuid, Address: null, Name: groupName }]);

    const deleted = await bm('port', 'delete', portUuid, '00000000-0000-4000-8000-000000000000');
    expect(deleted.out).toContain(`Deleted port ${portUuid}`);
    expect(deleted.out).toContain('Failed to delete port 00000000-0000-4000-8000-000000000000: Port 00000000-0000-4000-8000-000000000000 could not be found. (HTTP 404)');
    expect(expectOk(await bm('port', 'group', 'delete', groupName)).out).toContain(`Deleted port group ${groupName}`);
  });

  it('create, list, set and delete volume connectors and targets, a target’s secrets masked', async () => {
    const { uuid } = await node();
    const iqn = `iqn.2026-11.cli:${randomBytes(4).toString('hex')}`;
    const connector = expectOk(await bm('volume', 'connector', 'create', '--node', uuid, '--type', 'iqn', '--connector-id', iqn, '-f', 'json')).json();
    expect(connector).toMatchObject({ type: 'iqn', connector_id: iqn, node_uuid: uuid });
    expect(expectOk(await bm('volume', 'connector', 'list', '--node', uuid, '-f', 'json')).json()).toEqual([expect.objectContaining({ Type: 'iqn', 'Connector ID': iqn })]);
    // Changing or deleting one needs the node powered off; a node never powered is in state None.
    expectRefused(
      await bm('volume', 'connector', 'set', connector.uuid as string, '--extra', 'k=v'),
      `The requested action "volume connector update" can not be performed on node "${uuid}" while it is in state "None". (HTTP 400)`,
    );
    expectOk(await bm('node', 'power', 'off', uuid));
    expectOk(await bm('volume', 'connector', 'set', connector.uuid as string, '--extra', 'k=v'));
    expect(expectOk(await bm('volume', 'connector', 'show', connector.uuid as string, '-f', 'json', '-c', 'extra')).json()).toEqual({ extra: { k: 'v' } });

    const volume = `v-${randomBytes(4).toString('hex')}`;
    const target = expectOk(await bm('volume', 'target', 'create', '--node', uuid, '--type', 'iscsi', '--boot-index', '0', '--volume-id', volume, '--property', 'auth_password=secret', '-f', 'json')).json();
    expect(target).toMatchObject({ boot_index: 0, volume_id: volume, properties: { auth_password: '******' } });
    const long = expectOk(await bm('volume', 'target', 'list', '--node', uuid, '--long', '-f', 'json')).json<Record<string, unknown>[]>();
    expect(long).toEqual([expect.objectContaining({ UUID: target.uuid, 'Volume ID': volume, Properties: { auth_password: '******' } })]);
    expectRefused(
      await bm('volume', 'target', 'create', '--node', uuid, '--type', 'iscsi', '--boot-index', '0', '--volume-id', `${volume}-2`),
      "A volume target with boot index '0' for the same node already exists. (HTTP 409)",
    );
    expect(expectOk(await bm('volume', 'target', 'delete', target.uuid as string)).out).toContain(`Deleted volume target ${target.uuid as string}`);
    expect(expectOk(await bm('volume', 'connector', 'delete', connector.uuid as string)).out).toContain(`Deleted volume connector ${connector.uuid as string}`);
  });

  it('attach, list and detach VIFs: nothing recorded with noop, a port bound with flat', async () => {
    const { name: noop } = await node();
    expectOk(await bm('node', 'vif', 'attach', noop, 'vif-1'));
    expect(expectOk(await bm('node', 'vif', 'list', noop, '-f', 'json')).json()).toEqual([]);
    expectOk(await bm('node', 'vif', 'detach', noop, 'vif-1'));
    // The reference Ironic enables only the noop network interface; ironledger's `flat` binds VIFs to ports.
    if (!cli.ironledger) return;
    const { name: flat, uuid } = await node('--network-interface', 'flat');
    expectOk(await bm('port', 'create', mac(), '--node', uuid));
    expectOk(await bm('node', 'vif', 'attach', flat, 'vif-2'));
    expect(expectOk(await bm('node', 'vif', 'list', flat, '-f', 'json')).json()).toEqual([{ ID: 'vif-2' }]);
    expectRefused(await bm('node', 'vif', 'attach', flat, 'vif-3'), 'Unable to attach VIF vif-3, not enough free physical ports. (HTTP 400)');
    expectOk(await bm('node', 'vif', 'detach', flat, 'vif-2'));
    expect(expectOk(await bm('node', 'vif', 'list', flat, '-f', 'json')).json()).toEqual([]);
  });
});
