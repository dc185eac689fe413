import { describe, expect, it } from '@jest/globals';
import {
  decideDeployTemplate,
  type DeployStep,
  type DeployTemplate,
  type DeployTemplateCommand,
  DeployTemplateNotFoundError,
  deployStepsProblem,
  evolveDeployTemplate,
  withDeployTemplates,
} from './deploy-template.js';
import { type RequestProvisionAction } from './commands.js';
import { decide } from './decider.js';
import { type Node } from './node.js';
import { InvalidInputError, ResourceConflictError } from './errors.js';
import { meta, NODE_ID, nodeIn } from './testing/fixtures.js';

const ID = '6c1e2d3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f';
const STEP: DeployStep = { interface: 'bios', step: 'apply_configuration', args: { settings: [{ name: 'LogicalProc', value: 'Enabled' }], password: 'p' }, priority: 150 };

function when(template: DeployTemplate | null, command: Pick<DeployTemplateCommand, 'type' | 'data'>, at = meta().at) {
  const events = decideDeployTemplate({ templateId: ID, meta: meta({ at }), ...command } as DeployTemplateCommand, template);
  return { events, template: events.reduce<DeployTemplate | null>(evolveDeployTemplate, template) };
}

const created = () => when(null, { type: 'CreateDeployTemplate', data: { name: 'CUSTOM_HT_ON', steps: [STEP], extra: { k: 'v' } } }).template!;

describe('a deploy template', () => {
  it('is created with its name, steps and extra', () => {
    const { events, template } = when(null, { type: 'CreateDeployTemplate', data: { name: 'CUSTOM_HT_ON', steps: [STEP], extra: {} } });
    expect(events).toEqual([{ type: 'DeployTemplateCreated', data: { name: 'CUSTOM_HT_ON', steps: [STEP], extra: {} }, meta: expect.objectContaining({ templateId: ID }) }]);
    expect(template).toEqual({ uuid: ID, name: 'CUSTOM_HT_ON', steps: [STEP], extra: {}, created_at: meta().at, updated_at: null });
    expect(() => when(template, { type: 'CreateDeployTemplate', data: { name: 'CUSTOM_B', steps: [STEP], extra: {} } })).toThrow(
      new ResourceConflictError(`A deploy template with UUID ${ID} already exists.`),
    );
  });

  it('is named by a trait, standard or custom', () => {
    expect(when(null, { type: 'CreateDeployTemplate', data: { name: 'HW_CPU_X86_AVX2', steps: [STEP], extra: {} } }).template!.name).toBe('HW_CPU_X86_AVX2');
    expect(() => when(null, { type: 'CreateDeployTemplate', data: { name: 'lower', steps: [STEP], extra: {} } })).toThrow(InvalidInputError);
  });

  it('has at least one step, each well formed, no two of one interface and step', () => {
    expect(deployStepsProblem([STEP, { ...STEP, interface: 'raid' }, { ...STEP, step: 'other', priority: 0 }])).toBeUndefined();
    expect(deployStepsProblem([])).toBeDefined();
    for (const bad of [{ interface: 'nope' }, { step: '' }, { args: [] }, { priority: -1 }, { priority: 1.5 }]) expect(deployStepsProblem([{ ...STEP, ...bad } as DeployStep])).toBeDefined();
    expect(deployStepsProblem([STEP, { ...STEP, priority: 1 }, { ...STEP, interface: 'deploy', step: 's1' }, { ...STEP, interface: 'deploy', step: 's1' }])).toBe(
      'Deploy template invalid: Duplicate deploy steps. A deploy template cannot have multiple deploy steps with the same interface and step. ' +
        'Duplicates: interface: bios, step: apply_configuration; interface: deploy, step: s1.',
    );
    expect(() => when(null, { type: 'CreateDeployTemplate', data: { name: 'CUSTOM_A', steps: [STEP, STEP], extra: {} } })).toThrow(InvalidInputError);
  });

  it('changes name, steps and extra (each change bumps updated_at); the same values change nothing', () => {
    const later = '2026-11-21T11:00:00.000Z';
    const { events, template } = when(created(), { type: 'UpdateDeployTemplate', data: { changes: { steps: [{ ...STEP, priority: 10 }], name: 'CUSTOM_HT_ON' } } }, later);
    expect(events.map((e) => e.data)).toEqual([{ changes: { steps: [{ ...STEP, priority: 10 }] } }]);
    expect(template).toMatchObject({ name: 'CUSTOM_HT_ON', steps: [{ priority: 10 }], updated_at: later });
    expect(when(created(), { type: 'UpdateDeployTemplate', data: { changes: { extra: { k: 'v' } } } }).events).toEqual([]);
    expect(() => when(created(), { type: 'UpdateDeployTemplate', data: { changes: { name: 'bad' } } })).toThrow(InvalidInputError);
    expect(() => when(created(), { type: 'UpdateDeployTemplate', data: { changes: { steps: [] } } })).toThrow(InvalidInputError);
  });

  it('keeps only the four step fields', () => {
    const extraKey = { ...STEP, foo: 1 } as DeployStep;
    expect(when(null, { type: 'CreateDeployTemplate', data: { name: 'CUSTOM_A', steps: [extraKey], extra: {} } }).template!.steps).toEqual([STEP]);
  });

  it('is deleted (its name recorded); a missing one is a 404', () => {
    expect(when(created(), { type: 'DeleteDeployTemplate', data: {} }).events.map((e) => [e.type, e.data])).toEqual([['DeployTemplateDeleted', { name: 'CUSTOM_HT_ON' }]]);
    expect(() => when(null, { type: 'DeleteDeployTemplate', data: {} })).toThrow(new DeployTemplateNotFoundError(ID));
    expect(new DeployTemplateNotFoundError('CUSTOM_X').message).toBe('Deploy template CUSTOM_X could not be found.');
  });
});

describe('deploy templates at deploy time', () => {
  const TEMPLATES = [
    { name: 'CUSTOM_RAID', steps: [{ ...STEP, interface: 'raid' as const, step: 'apply_configuration', args: {} }] },
    { name: 'CUSTOM_BIOS', steps: [STEP] },
  ];
  const OPERATOR_STEP = { interface: 'deploy', step: 'write_image', args: {}, priority: 80 };
  const deploy = (target: string, data: Partial<RequestProvisionAction['data']> = {}): RequestProvisionAction => ({ type: 'RequestProvisionAction', nodeId: NODE_ID, data: { target, ...data }, meta: meta() });
  const stepsDeployed = (node: Node, command: RequestProvisionAction) => {
    const moved = decide(command, node).find((event) => event.type === 'ProvisionStateChanged');
    return (moved?.data as { deploy_steps?: unknown }).deploy_steps;
  };

  it.each([
    ['a deployment through the agent: the named templates in trait order, then the operator’s', 'direct', 'active', [STEP, TEMPLATES[0].steps[0], OPERATOR_STEP]],
    ['a rebuild through the agent', 'direct', 'rebuild', [STEP, TEMPLATES[0].steps[0], OPERATOR_STEP]],
    ['a deployment without the agent: the operator’s only', 'fake', 'active', [OPERATOR_STEP]],
  ])('%s', (_case, deployInterface, target, expected) => {
    const node = nodeIn(target === 'rebuild' ? 'active' : 'available', { deploy_interface: deployInterface, instance_info: { traits: ['CUSTOM_BIOS', 'CUSTOM_OTHER', 'CUSTOM_RAID'] } });
    const command = withDeployTemplates(deploy(target, { deploy_steps: [OPERATOR_STEP] }), TEMPLATES);
    expect(stepsDeployed(node, command)).toEqual(expected);
  });

  it('are stamped on deployments only, by the conductor alone', () => {
    expect(withDeployTemplates(deploy('active'), TEMPLATES).data.deploy_templates).toEqual(TEMPLATES);
    expect(withDeployTemplates(deploy('deploy'), TEMPLATES).data.deploy_templates).toEqual(TEMPLATES);
    expect(withDeployTemplates(deploy('manage', { deploy_templates: TEMPLATES }), TEMPLATES).data).toEqual({ target: 'manage' });
    // A deployment that names no template runs no template step.
    const node = nodeIn('available', { deploy_interface: 'direct', instance_info: { traits: ['CUSTOM_OTHER'] } });
    expect(stepsDeployed(node, withDeployTemplates(deploy('active'), TEMPLATES))).toBeUndefined();
  });
});
