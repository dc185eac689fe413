import { describe, expect, it } from '@jest/globals';
import { automatedCleanPlan, deployPlan, manualCleanPlan, orderSteps, type Step, StepRefusal, templateDeploySteps } from './steps.js';

const step = (iface: string, name: string, priority: number, args = {}): Step => ({ interface: iface, step: name, priority, args });
const names = (steps: readonly Step[]) => steps.map((s) => `${s.interface}.${s.step}:${s.priority}`);

describe('step plans', () => {
  it('order by priority, then by Ironic’s interface order, then as given', () => {
    expect(names(orderSteps([step('raid', 'a', 10), step('bios', 'b', 10), step('deploy', 'c', 10), step('deploy', 'd', 50), step('deploy', 'e', 10)]))).toEqual([
      'deploy.d:50', 'deploy.c:10', 'deploy.e:10', 'bios.b:10', 'raid.a:10',
    ]);
  });

  it('for automated cleaning keep the steps with a priority, after the operator’s overrides', () => {
    const offered = [step('deploy', 'erase_devices', 10), step('deploy', 'erase_devices_metadata', 99), step('deploy', 'erase_devices_express', 0)];
    expect(names(automatedCleanPlan(offered, { erase_devices: 0 }))).toEqual(['deploy.erase_devices_metadata:99']);
    expect(names(automatedCleanPlan(offered))).toEqual(['deploy.erase_devices_metadata:99', 'deploy.erase_devices:10']);
  });

  it('for manual cleaning run the operator’s steps in the operator’s order, with their arguments', () => {
    const offered = [step('deploy', 'erase_devices', 10), step('bios', 'factory_reset', 0), step('deploy', 'erase_devices_metadata', 99)];
    const plan = manualCleanPlan([{ interface: 'deploy', step: 'erase_devices' }, { interface: 'deploy', step: 'erase_devices_metadata', args: { force: true } }], offered, 'n1');
    expect(plan.map((s) => [s.step, s.args])).toEqual([['erase_devices', {}], ['erase_devices_metadata', { force: true }]]);
    expect(() => manualCleanPlan([{ interface: 'deploy', step: 'burn_in' }], offered, 'n1')).toThrow(new StepRefusal('Node n1 does not support this clean step: {"interface":"deploy","step":"burn_in"}'));
  });

  it('for deployment let requested steps set priority and arguments, and leave out priority 0', () => {
    const offered = [step('deploy', 'write_image', 80), step('deploy', 'boot_instance', 20), step('raid', 'apply_configuration', 0)];
    const plan = deployPlan(offered, [{ interface: 'raid', step: 'apply_configuration', priority: 90, args: { delete_existing: true } }], 'n1');
    expect(names(plan)).toEqual(['raid.apply_configuration:90', 'deploy.write_image:80', 'deploy.boot_instance:20']);
    expect(plan[0]!.args).toEqual({ delete_existing: true });
    expect(names(deployPlan(offered, [{ interface: 'deploy', step: 'boot_instance', priority: 0 }], 'n1'))).toEqual(['deploy.write_image:80']);
    expect(() => deployPlan(offered, [{ interface: 'bios', step: 'nope', priority: 10 }], 'n1')).toThrow(StepRefusal);
  });
});

describe('deploy templates', () => {
  it('contribute the steps of the templates the instance traits name, in the traits’ order', () => {
    const templates = [
      { name: 'CUSTOM_RAID', steps: [{ interface: 'raid' as const, step: 'apply_configuration', args: {}, priority: 90 }] },
      { name: 'CUSTOM_BIOS', steps: [{ interface: 'bios' as const, step: 'apply_configuration', args: { settings: [] }, priority: 85 }] },
    ];
    expect(templateDeploySteps(templates, ['CUSTOM_BIOS', 'CUSTOM_OTHER', 'CUSTOM_RAID'])).toEqual([
      { interface: 'bios', step: 'apply_configuration', args: { settings: [] }, priority: 85 },
      { interface: 'raid', step: 'apply_configuration', args: {}, priority: 90 },
    ]);
    expect(templateDeploySteps(templates, undefined)).toEqual([]);
    expect(templateDeploySteps(templates, 'CUSTOM_RAID')).toEqual([]);
  });
});
