/**
 * The real `baremetal` CLI (python3-ironicclient 5.0.1) for what an operator does to one node
 * besides moving it through its life: validate, traits, boot device, boot mode, secure boot,
 * NMI, RAID, console, BIOS settings and vendor passthru. Against ironledger started from source
 * or, with BAREMETAL_CLI_ENDPOINT=http://127.0.0.1:6385, against a real Ironic (noauth,
 * fake-hardware), whose answers are the reference.
 *
 * 5.0.1 has no `node inventory save` and no `node children list` (both came later), and sets
 * traits one by one (`node add trait`), so those are not here.
 */
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { type BaremetalCli, cliInstalled, createNode, expectOk, expectRefused, startBaremetalCli } from '../support/baremetal-cli.js';

jest.setTimeout(180_000);

let cli: BaremetalCli;
const bm = (...args: string[]) => cli.run(...args);
const nodes: string[] = [];

/** A fake-hardware node in `enroll`, deleted after the tests. */
const enrolled = (...options: string[]) => createNode(cli, 'cli-mgmt', nodes, ...options);

beforeAll(async () => {
  if (cliInstalled) cli = await startBaremetalCli();
}, 150_000);

afterAll(async () => {
  for (const uuid of nodes) await cli?.run('node', 'delete', uuid);
  await cli?.stop();
});

(cliInstalled ? describe : describe.skip)('baremetal node management commands', () => {
  it('node validate: every interface of a fake-hardware node, and why the no-* ones fail', async () => {
    const { name } = await enrolled('--bios-interface', 'no-bios', '--raid-interface', 'no-raid');
    const rows = expectOk(await bm('node', 'validate', name, '-f', 'json')).json<{ Interface: string; Result: boolean; Reason: string }[]>();
    expect(rows.map((r) => r.Interface)).toEqual(['bios', 'boot', 'console', 'deploy', 'inspect', 'management', 'network', 'power', 'raid', 'rescue', 'storage']);
    expect(rows.filter((r) => !r.Result)).toEqual([
      { Interface: 'bios', Result: false, Reason: 'Driver fake-hardware does not support bios (disabled or not implemented).' },
      { Interface: 'raid', Result: false, Reason: 'Driver fake-hardware does not support raid (disabled or not implemented).' },
    ]);
    expect(rows.filter((r) => r.Result).every((r) => r.Reason === '')).toBe(true);
    expectRefused(await bm('node', 'validate', 'cli-no-such-node'), 'Node cli-no-such-node could not be found. (HTTP 404)');
  });

  it('node add trait, trait list, remove trait, remove trait --all', async () => {
    const { name, uuid } = await enrolled();
    expect(expectOk(await bm('node', 'add', 'trait', name, 'CUSTOM_GPU', 'HW_CPU_X86_AVX2')).out).toBe('Added trait CUSTOM_GPU\nAdded trait HW_CPU_X86_AVX2\n');
    expect(expectOk(await bm('node', 'trait', 'list', name, '-f', 'json')).json()).toEqual([{ Traits: 'CUSTOM_GPU' }, { Traits: 'HW_CPU_X86_AVX2' }]);
    expectRefused(await bm('node', 'add', 'trait', name, 'gpu'), "Failed to add trait gpu: Schema error for trait: 'gpu' is not valid under any of the given schemas. Possible root cause: 'gpu' does not match '^CUSTOM_[A-Z0-9_]+$' (HTTP 400)");
    const removed = await bm('node', 'remove', 'trait', name, 'CUSTOM_GPU', 'CUSTOM_NONE');
    expectRefused(removed, `Failed to remove trait CUSTOM_NONE: Node ${uuid} doesn't have a trait 'CUSTOM_NONE' (HTTP 404)`);
    expect(removed.out).toContain('Removed trait CUSTOM_GPU');
    expect(expectOk(await bm('node', 'show', name, '-f', 'json', '-c', 'traits')).json()).toEqual({ traits: ['HW_CPU_X86_AVX2'] });
    expectOk(await bm('node', 'remove', 'trait', '--all', name));
    expect(expectOk(await bm('node', 'trait', 'list', name, '-f', 'json')).json()).toEqual([]);
  });

  it('node boot device set, show, show --supported; boot mode and secure boot are not fake-hardware’s to change', async () => {
    const { name } = await enrolled();
    expect(expectOk(await bm('node', 'boot', 'device', 'show', '--supported', name, '-f', 'json')).json()).toEqual({ supported_boot_devices: 'pxe' });
    expectOk(await bm('node', 'boot', 'device', 'set', name, 'pxe'));
    // The fake management interface always reports PXE, one-time.
    expect(expectOk(await bm('node', 'boot', 'device', 'show', name, '-f', 'json')).json()).toEqual({ boot_device: 'pxe', persistent: false });
    expectRefused(await bm('node', 'boot', 'device', 'set', name, 'disk'), 'Invalid boot device disk specified. (HTTP 400)');

    // Both are accepted (202) and then fail in the conductor: boot_mode and secure_boot stay unknown.
    expectOk(await bm('node', 'boot', 'mode', 'set', name, 'uefi'));
    expectOk(await bm('node', 'secure', 'boot', 'on', name));
    expectOk(await bm('node', 'secure', 'boot', 'off', name));
    expect(expectOk(await bm('node', 'show', name, '-f', 'json', '-c', 'boot_mode', '-c', 'secure_boot')).json()).toEqual({ boot_mode: null, secure_boot: null });
    expectRefused(await bm('node', 'inject', 'nmi', name), 'Driver fake-hardware does not support inject_nmi (disabled or not implemented). (HTTP 400)');
  });

  it('node set and unset --target-raid-config, validated against the RAID schema', async () => {
    const { name } = await enrolled();
    const config = { logical_disks: [{ size_gb: 'MAX', raid_level: '1', is_root_volume: true }] };
    expectOk(await bm('node', 'set', name, '--target-raid-config', JSON.stringify(config)));
    expect(expectOk(await bm('node', 'show', name, '-f', 'json', '-c', 'target_raid_config', '-c', 'raid_config')).json()).toEqual({ target_raid_config: config, raid_config: {} });
    expectRefused(
      await bm('node', 'set', name, '--target-raid-config', '{"logical_disks": [{"size_gb": 10, "raid_level": "7"}]}'),
      "RAID config validation error: '7' is not one of ['JBOD', '0', '1', '2', '5', '6', '1+0', '5+0', '6+0'] (HTTP 400)",
    );
    expectOk(await bm('node', 'unset', name, '--target-raid-config'));
    expect(expectOk(await bm('node', 'show', name, '-f', 'json', '-c', 'target_raid_config')).json()).toEqual({ target_raid_config: {} });
    const { name: noRaid } = await enrolled('--raid-interface', 'no-raid');
    expectRefused(await bm('node', 'set', noRaid, '--target-raid-config', JSON.stringify(config)), 'Driver fake-hardware does not support raid (disabled or not implemented). (HTTP 404)');
  });

  it('node console enable, show, disable', async () => {
    const { name } = await enrolled();
    expect(expectOk(await bm('node', 'console', 'show', name, '-f', 'json')).json()).toEqual({ console_enabled: false, console_info: null });
    expectOk(await bm('node', 'console', 'enable', name));
    // The fake console interface has nothing to connect to: enabled, with empty connection info.
    expect(expectOk(await bm('node', 'console', 'show', name, '-f', 'json')).json()).toEqual({ console_enabled: true, console_info: {} });
    expectOk(await bm('node', 'console', 'disable', name));
    expect(expectOk(await bm('node', 'show', name, '-f', 'json', '-c', 'console_enabled')).json()).toEqual({ console_enabled: false });
  });

  it('node bios setting list and show before any BIOS step ran', async () => {
    const { name, uuid } = await enrolled();
    expect(expectOk(await bm('node', 'bios', 'setting', 'list', name, '-f', 'json')).json()).toEqual([]);
    expectRefused(await bm('node', 'bios', 'setting', 'show', name, 'ProcTurboMode'), `Node ${uuid} doesn't have a BIOS setting 'ProcTurboMode' (HTTP 404)`);
  });

  it('node passthru list and call, driver passthru call: no vendor methods to call', async () => {
    const { name } = await enrolled('--vendor-interface', 'no-vendor');
    const methods = expectOk(await bm('node', 'passthru', 'list', name, '-f', 'json')).json<{ Name: string }[]>();
    // ironledger lists the node's own vendor interface's methods (`no-vendor` has none; it has no
    // `fake` vendor methods at all). Ironic's API caches a driver's methods per process, so
    // once any fake-hardware node listed the `fake` vendor interface's test methods, every
    // fake-hardware node lists them, whatever its own vendor interface.
    if (cli.ironledger) expect(methods).toEqual([]);
    else expect(methods.map((m) => m.Name)).toEqual(expect.arrayContaining(methods.length > 0 ? ['second_method'] : []));
    expectRefused(await bm('node', 'passthru', 'call', name, 'reset_bmc'), 'No handler for method reset_bmc (HTTP 400)');
    expectRefused(await bm('node', 'passthru', 'call', '--http-method', 'GET', name, 'reset_bmc'), 'No handler for method reset_bmc (HTTP 400)');
    expectRefused(await bm('driver', 'passthru', 'call', 'fake-hardware', 'lookup'), 'No handler for method lookup (HTTP 400)');
    expectRefused(await bm('node', 'passthru', 'list', 'cli-no-such-node'), 'Node cli-no-such-node could not be found. (HTTP 404)');
  });
});
