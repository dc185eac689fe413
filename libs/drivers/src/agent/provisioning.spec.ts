import { describe, expect, it } from '@jest/globals';
import { type Step } from '@ironledger/domain';
import { type AgentCommand } from './client.js';
import { completedCommand } from './provisioning.js';

const step = (name: string): Step => ({ interface: 'deploy', step: name, priority: 80, args: {} });
const command = (name: string, status: string, ran?: string): AgentCommand => ({
  id: `${name}-${status}`,
  command_name: name,
  command_status: status,
  command_error: status === 'FAILED' ? { message: 'boom' } : null,
  command_result: ran ? { deploy_step: { interface: 'deploy', step: ran } } : null,
});

describe('the agent command that finished a step (as Ironic reads the command list)', () => {
  it('is the last command when it ran this step and is not running', () => {
    const done = command('execute_deploy_step', 'SUCCEEDED', 'write_image');
    expect(completedCommand([command('get_deploy_steps', 'SUCCEEDED'), done], 'deploy', step('write_image'))).toBe(done);
    const failed = command('execute_deploy_step', 'FAILED');
    expect(completedCommand([failed], 'deploy', step('write_image'))).toBe(failed);
  });

  it('is none while the step runs, before it started, or when the last success was another step’s', () => {
    expect(completedCommand([], 'deploy', step('write_image'))).toBeUndefined();
    expect(completedCommand([command('execute_deploy_step', 'RUNNING', 'write_image')], 'deploy', step('write_image'))).toBeUndefined();
    expect(completedCommand([command('get_deploy_steps', 'SUCCEEDED')], 'deploy', step('write_image'))).toBeUndefined();
    expect(completedCommand([command('execute_deploy_step', 'SUCCEEDED', 'erase_devices_metadata')], 'deploy', step('write_image'))).toBeUndefined();
    expect(completedCommand([command('execute_clean_step', 'SUCCEEDED', 'write_image')], 'deploy', step('write_image'))).toBeUndefined();
  });
});
