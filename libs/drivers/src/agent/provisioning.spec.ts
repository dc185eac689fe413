import { describe, expect, it } from '@jest/globals';
import { defaultInterfaces, newNode, type Step } from '@ironledger/domain';
import { type BootInterface } from '../boot/index.js';
import { type PowerDriver } from '../driver.js';
import { type AgentClient, type AgentCommand } from './client.js';
import { agentProvisioning } from './provisioning.js';
import { type RaidDriver } from '../redfish/raid.js';
import { bmcCleanSteps, byRedfishRaid, checkBmcSteps, inBand, offeredByNode, raidStepRefusal } from './step-plan.js';
import { completedCommand } from './step-run.js';

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

describe('the agent’s steps a node offers', () => {
  const ipmi = (raid_interface: string) => newNode('1be26c0b-03f2-4d2e-ae87-c02d7f33c124', '2026-01-01T00:00:00Z', { provision_state: 'manageable', driver: 'ipmi', ...defaultInterfaces('ipmi'), raid_interface });

  it('include its RAID steps (create_configuration, delete_configuration) only through the agent RAID interface, as Ironic 21.4 attributes them', () => {
    const raid = { interface: 'raid' };
    expect(offeredByNode(ipmi('agent'), raid)).toBe(true);
    expect(offeredByNode(ipmi('no-raid'), raid)).toBe(false);
    expect(offeredByNode(ipmi('no-raid'), { interface: 'deploy' })).toBe(true);
  });

  it('need a target RAID configuration to create one, as Ironic’s agent RAID interface checks before asking the agent', () => {
    const create = { interface: 'raid', step: 'create_configuration' };
    expect(raidStepRefusal(ipmi('agent'), create)).toBe('Node 1be26c0b-03f2-4d2e-ae87-c02d7f33c124 has no target RAID configuration.');
    expect(raidStepRefusal({ ...ipmi('agent'), target_raid_config: { logical_disks: [{ size_gb: 'MAX', raid_level: '1', is_root_volume: true }] } }, create)).toBeUndefined();
    expect(raidStepRefusal(ipmi('agent'), { interface: 'raid', step: 'delete_configuration' })).toBeUndefined();
  });
});

describe('the redfish RAID interface’s steps', () => {
  const redfish = (raid_interface: string) => newNode('1be26c0b-03f2-4d2e-ae87-c02d7f33c124', '2026-01-01T00:00:00Z', { provision_state: 'manageable', driver: 'redfish', ...defaultInterfaces('redfish'), raid_interface });
  const raid = {} as RaidDriver;
  const parts = { raidSteps: raid } as Parameters<typeof bmcCleanSteps>[0];
  const create = { interface: 'raid', step: 'create_configuration', priority: 0, args: {} };

  it('are offered and run by the conductor through the BMC only when the node’s RAID interface is redfish', () => {
    expect(bmcCleanSteps(parts, redfish('redfish')).map(({ step, priority, abortable }) => [step, priority, abortable])).toEqual([['create_configuration', 0, false], ['delete_configuration', 0, false]]);
    expect(bmcCleanSteps(parts, redfish('agent'))).toEqual([]);
    expect([byRedfishRaid(redfish('redfish'), create), inBand(redfish('redfish'), create)]).toEqual([true, false]);
    expect([byRedfishRaid(redfish('agent'), create), inBand(redfish('agent'), create)]).toEqual([false, true]);
    expect(offeredByNode(redfish('redfish'), create)).toBe(false);
  });

  it('take Ironic’s arguments only, refused before any step runs in its words', () => {
    const node = redfish('redfish');
    const args = { create_root_volume: false, create_nonroot_volumes: true, delete_existing: true };
    expect(() => checkBmcSteps(parts, node, [{ interface: 'raid', step: 'create_configuration', args }], [])).not.toThrow();
    expect(() => checkBmcSteps(parts, node, [{ interface: 'raid', step: 'delete_configuration', args: { force: true, level: 1 } }], [])).toThrow(
      `Cannot clean node ${node.uuid}: clean step {'interface': 'raid', 'step': 'delete_configuration', 'args': {'force': True, 'level': 1}} has these unexpected arguments: force, level`,
    );
  });
});

describe('rescue', () => {
  const rescuing = newNode('1be26c0b-03f2-4d2e-ae87-c02d7f33c124', '2026-01-01T00:00:00Z', {
    provision_state: 'rescue wait', driver: 'redfish', ...defaultInterfaces('redfish'), rescue_interface: 'agent',
    instance_info: { rescue_password: 'open sesame' },
    agent: { token: 't', url: 'http://192.0.2.7:9999', version: '9.4.3', last_heartbeat: null },
  });
  /** Agent provisioning whose agent answers finalize_rescue with `answer` (throws it when it is an Error); what it was sent and what was ejected. */
  const driver = (answer: Partial<AgentCommand> | Error) => {
    const sent: unknown[] = [];
    const ejected: string[] = [];
    const agent = {
      finalizeRescue: async (_where: unknown, password: string, hashed: boolean) => {
        sent.push({ password, hashed });
        if (answer instanceof Error) throw answer;
        return { command_name: 'finalize_rescue', command_error: null, ...answer };
      },
    } as unknown as AgentClient;
    const boot = () => ({ cleanUpRamdisk: async (node: { uuid: string }) => void ejected.push(node.uuid) }) as unknown as BootInterface;
    return { provisioning: agentProvisioning({ power: {} as PowerDriver, boot, agent }), sent, ejected };
  };

  it('hands the agent the password as a crypt SHA-256 hash, then ejects the ramdisk’s media', async () => {
    const { provisioning, sent, ejected } = driver({ command_status: 'SUCCEEDED' });
    expect(await provisioning.rescue(rescuing, 'resumed')).toEqual({ result: 'done', agentReset: true });
    expect(sent).toEqual([{ password: expect.stringMatching(/^\$5\$[./0-9A-Za-z]{16}\$[./0-9A-Za-z]{43}$/), hashed: true }]);
    expect(ejected).toEqual([rescuing.uuid]);
  });

  it('fails in Ironic’s words when the agent refuses or cannot be reached, leaving the media', async () => {
    const refused = driver({ command_status: 'FAILED', command_error: { message: 'disk full' } });
    await expect(refused.provisioning.rescue(rescuing, 'resumed')).rejects.toThrow(
      `Node failed to perform rescue operation: Failed to rescue instance None for node ${rescuing.uuid}: Agent returned bad result for command finalize_rescue: disk full`,
    );
    expect(refused.ejected).toEqual([]);
    const gone = driver(new Error('connection refused'));
    await expect(gone.provisioning.rescue(rescuing, 'resumed')).rejects.toThrow(`Failed to rescue instance None for node ${rescuing.uuid}: connection refused`);
  });
});
