import { describe, expect, it } from '@jest/globals';
import { defaultInterfaces, newNode, type Node, type PowerState } from '@ironledger/domain';
import { type AgentClient } from './client.js';
import { installBootloader, tearDownAgent } from './out-of-band.js';
import { type AgentProvisioningParts } from './parts.js';

const node: Node = newNode('0b7c1d2e-3f40-4a5b-8c6d-7e8f9a0b1c2d', '2026-11-25T08:00:00.000Z', {
  provision_state: 'deploying', driver: 'redfish', ...defaultInterfaces('redfish'),
  agent: { token: 't', url: 'http://192.0.2.7:9999', version: '9.4.3', last_heartbeat: null },
});
const WAIT = { readings: 3, intervalMs: 10 };

/** A host whose agent powers it off after `offAfterReadings` readings of its BMC (never: null); what each side was asked, in order. */
function host(offAfterReadings: number | null, agentAnswers = true) {
  const calls: string[] = [];
  let readings = 0;
  const agent = {
    sync: async () => {
      calls.push('agent standby.sync');
      return { command_status: 'SUCCEEDED' };
    },
    powerOff: async () => {
      calls.push('agent standby.power_off');
      if (!agentAnswers) throw new Error('connection refused');
      return { command_status: 'RUNNING' };
    },
  } as unknown as AgentClient;
  const power = {
    getPowerState: async (): Promise<PowerState> => {
      calls.push('bmc read');
      readings++;
      return offAfterReadings !== null && readings > offAfterReadings ? 'power off' : 'power on';
    },
    setPowerState: async (_node: Node, target: string): Promise<PowerState> => {
      calls.push(`bmc ${target}`);
      return 'power off';
    },
  } as unknown as AgentProvisioningParts['power'];
  return { parts: { agent, power }, calls };
}

describe('tear_down_agent', () => {
  it('asks the agent to power off and leaves the BMC alone once the host is off', async () => {
    const { parts, calls } = host(1);
    expect(await tearDownAgent(parts, node, WAIT)).toBe('power off');
    expect(calls).toEqual(['agent standby.power_off', 'bmc read', 'bmc read']);
  });

  it('powers the host off through the BMC when it is still on after the wait', async () => {
    const { parts, calls } = host(null);
    expect(await tearDownAgent(parts, node, WAIT)).toBe('power off');
    expect(calls).toEqual(['agent standby.power_off', 'bmc read', 'bmc read', 'bmc read', 'bmc power off']);
  });

  it('with deploy_forces_oob_reboot, has the agent flush its disks and the BMC power the host off', async () => {
    const { parts, calls } = host(null);
    const forced = { ...node, driver_info: { deploy_forces_oob_reboot: 'True' } };
    expect(await tearDownAgent(parts, forced, WAIT)).toBe('power off');
    expect(calls).toEqual(['agent standby.sync', 'bmc power off']);
    const { parts: inBand, calls: asked } = host(0);
    await tearDownAgent(inBand, { ...node, driver_info: { deploy_forces_oob_reboot: 'false' } }, WAIT);
    expect(asked).toEqual(['agent standby.power_off', 'bmc read']);
  });

  it('still waits when the agent did not answer: the request may have reached it', async () => {
    const { parts, calls } = host(0, false);
    expect(await tearDownAgent(parts, node, WAIT)).toBe('power off');
    expect(calls).toEqual(['agent standby.power_off', 'bmc read']);
  });
});

describe('prepare_instance_boot: the boot loader', () => {
  /** An agent that names the partitions of `uuids`; the parameters of each boot loader installation it was asked for. */
  function agentNaming(uuids: Record<string, string>) {
    const asked: unknown[] = [];
    const agent = {
      getPartitionUuids: async () => uuids,
      installBootloader: async (_where: unknown, params: unknown) => {
        asked.push(params);
        return { command_status: 'SUCCEEDED' };
      },
    } as unknown as AgentClient;
    return { parts: { agent }, asked };
  }
  const partitionImage: Node = { ...node, instance_info: { image_type: 'partition', capabilities: { boot_mode: 'bios' } } };

  it('goes into the root partition of a partition image that the agent named', async () => {
    const { parts, asked } = agentNaming({ 'root uuid': '0e308d38-5103-4c35-90ad-f6845ffecff0' });
    await installBootloader(parts, partitionImage);
    expect(asked).toEqual([{ root_uuid: '0e308d38-5103-4c35-90ad-f6845ffecff0', efi_system_part_uuid: null, prep_boot_part_uuid: null, target_boot_mode: 'bios' }]);
  });

  it('is not asked for when the agent names no root partition, or an empty UUID, as Ironic does', async () => {
    for (const uuids of [{}, { 'root uuid': '' }] as Record<string, string>[]) {
      const { parts, asked } = agentNaming(uuids);
      await installBootloader(parts, partitionImage);
      expect(asked).toEqual([]);
    }
  });
});
