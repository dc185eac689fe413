import { describe, expect, it } from '@jest/globals';
import { type PatchOperation } from './json-patch.js';
import { Microversion } from './microversion.js';
import { planNodePatch } from './node-patch.js';
import { aNode } from './testing/nodes.js';

const latest = new Microversion(82);
const node = aNode({ driver_info: { ipmi_password: 'secret', ipmi_address: '10.0.0.1' }, extra: { rack: 'r1' } });

describe('planNodePatch', () => {
  it('turns operations into the changed fields', () => {
    const plan = planNodePatch(node, [
      { op: 'replace', path: '/name', value: 'n2' },
      { op: 'add', path: '/extra/row', value: 3 },
      { op: 'replace', path: '/driver_info/ipmi_address', value: '10.0.0.2' },
    ], latest);
    expect(plan).toEqual({ changes: { name: 'n2', extra: { rack: 'r1', row: 3 }, driver_info: { ipmi_password: 'secret', ipmi_address: '10.0.0.2' } } });
  });

  it('resets a removed top-level field to its default', () => {
    expect(planNodePatch(node, [{ op: 'remove', path: '/name' }, { op: 'remove', path: '/extra' }], latest).changes).toEqual({ name: null, extra: {} });
  });

  it('changes nothing when values stay the same', () => {
    expect(planNodePatch(node, [{ op: 'replace', path: '/name', value: 'n1' }, { op: 'replace', path: '/boot_interface', value: 'fake' }], latest)).toEqual({ changes: {} });
  });

  it('turns /maintenance into the maintenance flag', () => {
    expect(planNodePatch(node, [{ op: 'replace', path: '/maintenance', value: true }], latest)).toEqual({ changes: {}, maintenance: true });
    expect(() => planNodePatch(node, [{ op: 'replace', path: '/maintenance', value: 'yes' }], latest)).toThrow(expect.objectContaining({ status: 400 }));
  });

  it('refuses read-only paths with Ironic text', () => {
    expect(() => planNodePatch(node, [{ op: 'replace', path: '/provision_state', value: 'active' }], latest)).toThrow(
      expect.objectContaining({
        status: 400,
        message:
          'Cannot patch /provision_state. Only the following can be updated: automated_clean, bios_interface, boot_interface, chassis_uuid, conductor_group, console_interface, deploy_interface, description, driver, driver_info, extra, inspect_interface, instance_info, instance_uuid, lessee, maintenance, management_interface, name, network_data, network_interface, owner, power_interface, properties, protected, protected_reason, raid_interface, rescue_interface, resource_class, retired, retired_reason, shard, storage_interface, vendor_interface',
      }),
    );
    expect(() => planNodePatch(node, [{ op: 'move', from: '/uuid', path: '/extra/u' }], latest)).toThrow(expect.objectContaining({ status: 400 }));
  });

  it('refuses fields the version does not have with 406', () => {
    expect(() => planNodePatch(node, [{ op: 'replace', path: '/owner', value: 'p' }], new Microversion(49))).toThrow(expect.objectContaining({ status: 406 }));
  });

  it('refuses invalid values with 400', () => {
    for (const operation of [
      { op: 'replace', path: '/name', value: 'has space' },
      { op: 'replace', path: '/name', value: '1be26c0b-03f2-4d2e-ae87-c02d7f33c123' },
      { op: 'replace', path: '/extra', value: [1] },
      { op: 'replace', path: '/protected', value: 'yes' },
      { op: 'replace', path: '/instance_uuid', value: 'not-a-uuid' },
      { op: 'replace', path: '/boot_interface', value: 'pxe' },
      { op: 'remove', path: '/driver' },
      { op: 'replace', path: '/protected_reason', value: 'because' },
    ] as PatchOperation[]) {
      expect(() => planNodePatch(node, [operation], latest)).toThrow(expect.objectContaining({ status: 400 }));
    }
  });

  it('clears a reason with its flag', () => {
    const guarded = aNode({ protected: true, protected_reason: 'prod' });
    expect(planNodePatch(guarded, [{ op: 'replace', path: '/protected', value: false }], latest).changes).toEqual({ protected: false, protected_reason: null });
  });
});
