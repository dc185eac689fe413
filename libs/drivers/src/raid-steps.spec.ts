import { describe, expect, it } from '@jest/globals';
import { type JsonObject, type Step } from '@ironledger/domain';
import { redfishNode } from './redfish/test-node.js';
import { checkRaidSteps, raidStepTarget, runRaidStep } from './raid-steps.js';
import { type CreateRaidArgs, type RaidDriver } from './redfish/raid.js';

const node = redfishNode(1, { redfish_address: 'https://bmc.example' });

/** A RAID interface that records what it was asked and answers as told. */
function recording(): RaidDriver & { readonly asked: unknown[] } {
  const asked: unknown[] = [];
  return {
    asked,
    createConfiguration: async (target, args: CreateRaidArgs) => {
      asked.push(['create', target.target_raid_config, args]);
      return { done: { logical_disks: [] } };
    },
    deleteConfiguration: async () => {
      asked.push(['delete']);
      return { tasks: { operation: 'delete', monitors: ['/taskmon/1'], pending: false } };
    },
    checkTasks: async () => 'running',
  };
}
const step = (name: string, args: JsonObject = {}): Step => ({ interface: 'raid', step: name, priority: 0, args });

describe('the redfish RAID steps', () => {
  it('create_configuration builds non-root volumes by default; apply_configuration only when asked, as Ironic’s defaults say', async () => {
    const raid = recording();
    await runRaidStep(node, step('create_configuration'), raid);
    await runRaidStep(node, step('apply_configuration', { raid_config: { logical_disks: [] } }), raid);
    await runRaidStep(node, step('apply_configuration', { create_nonroot_volumes: true, create_root_volume: false }), raid);
    expect(raid.asked).toEqual([
      ['create', {}, { createRootVolume: true, createNonrootVolumes: true }],
      ['create', {}, { createRootVolume: true, createNonrootVolumes: false }],
      ['create', {}, { createRootVolume: false, createNonrootVolumes: true }],
    ]);
  });

  it('delete_configuration gives the tasks the node is to wait for, as the BMC answers', async () => {
    const raid = recording();
    expect(await runRaidStep(node, step('delete_configuration'), raid)).toEqual({ tasks: { operation: 'delete', monitors: ['/taskmon/1'], pending: false } });
    expect(raid.asked).toEqual([['delete']]);
  });

  it('apply_configuration’s raid_config is checked as a target before it becomes the node’s', () => {
    expect(raidStepTarget(step('delete_configuration'))).toBeUndefined();
    expect(raidStepTarget(step('apply_configuration', { raid_config: { logical_disks: [{ size_gb: 10, raid_level: '1' }] } }))).toEqual({ logical_disks: [{ size_gb: 10, raid_level: '1' }] });
    expect(() => raidStepTarget(step('apply_configuration', { raid_config: { logical_disks: [{ size_gb: 10, raid_level: '1', interface_type: 'scsi' }] } }))).toThrow(
      'interface type `scsi` not supported by Redfish RAID',
    );
  });

  it('a manual clean’s RAID steps are refused together, before any runs, in Ironic’s words', () => {
    expect(() => checkRaidSteps(node, [{ interface: 'raid', step: 'delete_configuration' }, { interface: 'raid', step: 'create_configuration', args: { x: 1 } }], true)).toThrow(
      `Cannot clean node ${node.uuid}: clean step {'interface': 'raid', 'step': 'delete_configuration'} requires booting a ramdisk; ` +
        "clean step {'interface': 'raid', 'step': 'create_configuration', 'args': {'x': 1}} has these unexpected arguments: x; " +
        "clean step {'interface': 'raid', 'step': 'create_configuration', 'args': {'x': 1}} requires booting a ramdisk",
    );
    expect(() => checkRaidSteps(node, [{ interface: 'raid', step: 'delete_configuration' }])).not.toThrow();
  });
});
