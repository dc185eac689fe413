import { describe, expect, it } from '@jest/globals';
import { redfishRaidDeployStepsRefusal, redfishRaidStepNames, redfishRaidStepProblems } from './raid-steps.js';

describe('the redfish RAID interface’s steps', () => {
  it('are create_configuration and delete_configuration for cleaning, delete_configuration and apply_configuration for deploying', () => {
    expect(redfishRaidStepNames('clean')).toEqual(['create_configuration', 'delete_configuration']);
    expect(redfishRaidStepNames('deploy')).toEqual(['delete_configuration', 'apply_configuration']);
  });

  it('given a clean step with arguments it does not take, when checked, then Ironic names them', () => {
    expect(redfishRaidStepProblems({ interface: 'raid', step: 'create_configuration', args: { bogus: 1 } }, 'clean')).toEqual([
      "clean step {'interface': 'raid', 'step': 'create_configuration', 'args': {'bogus': 1}} has these unexpected arguments: bogus",
    ]);
    expect(redfishRaidStepProblems({ interface: 'raid', step: 'create_configuration', args: { create_root_volume: false } }, 'clean')).toEqual([]);
  });

  it('given a clean that boots no ramdisk, when a RAID step is asked for, then it needs one, after its other problems', () => {
    expect(redfishRaidStepProblems({ interface: 'raid', step: 'delete_configuration' }, 'clean', true)).toEqual([
      "clean step {'interface': 'raid', 'step': 'delete_configuration'} requires booting a ramdisk",
    ]);
    expect(redfishRaidStepProblems({ interface: 'raid', step: 'create_configuration', args: { x: 1 } }, 'clean', true)).toEqual([
      "clean step {'interface': 'raid', 'step': 'create_configuration', 'args': {'x': 1}} has these unexpected arguments: x",
      "clean step {'interface': 'raid', 'step': 'create_configuration', 'args': {'x': 1}} requires booting a ramdisk",
    ]);
    // Steps of other interfaces, and steps it does not have, are not its to judge.
    expect(redfishRaidStepProblems({ interface: 'bios', step: 'factory_reset' }, 'clean', true)).toEqual([]);
    expect(redfishRaidStepProblems({ interface: 'raid', step: 'apply_configuration' }, 'clean', true)).toEqual([]);
  });

  it('given apply_configuration with a priority and no raid_config, then the required argument is missing; with priority 0 (disabled) nothing is required', () => {
    const step = { interface: 'raid', step: 'apply_configuration', args: {}, priority: 90 };
    expect(redfishRaidStepProblems(step, 'deploy')).toEqual([
      "deploy step {'interface': 'raid', 'step': 'apply_configuration', 'args': {}, 'priority': 90} is missing these required arguments: raid_config (The RAID configuration to apply.)",
    ]);
    expect(redfishRaidStepProblems({ ...step, priority: 0 }, 'deploy')).toEqual([]);
    expect(redfishRaidStepProblems({ ...step, args: { raid_config: { logical_disks: [] }, delete_existing: true } }, 'deploy')).toEqual([]);
  });

  it('given refused deploy steps, then the templates’ are reported first, named, else the argument’s with Ironic’s prefix', () => {
    const bad = { interface: 'raid', step: 'apply_configuration', args: { nope: 1 }, priority: 10 };
    const good = { interface: 'raid', step: 'delete_configuration', args: {}, priority: 10 };
    expect(redfishRaidDeployStepsRefusal([{ name: 'CUSTOM_A', steps: [good] }, { name: 'CUSTOM_B', steps: [bad] }], [bad])).toBe(
      "Validation of deploy steps from deploy templates matching this node's instance traits failed. Matching deploy templates: CUSTOM_A,CUSTOM_B. Errors: " +
        "deploy step {'interface': 'raid', 'step': 'apply_configuration', 'args': {'nope': 1}, 'priority': 10} has these unexpected arguments: nope; " +
        "deploy step {'interface': 'raid', 'step': 'apply_configuration', 'args': {'nope': 1}, 'priority': 10} is missing these required arguments: raid_config (The RAID configuration to apply.)",
    );
    expect(redfishRaidDeployStepsRefusal([], [good, { ...bad, args: {} }])).toBe(
      "Validation of deploy steps from \"deploy steps\" argument failed.deploy step {'interface': 'raid', 'step': 'apply_configuration', 'args': {}, 'priority': 10} is missing these required arguments: raid_config (The RAID configuration to apply.)",
    );
    expect(redfishRaidDeployStepsRefusal([{ name: 'CUSTOM_A', steps: [good] }], [good])).toBeUndefined();
  });
});
