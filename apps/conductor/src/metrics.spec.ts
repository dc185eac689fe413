import { describe, expect, it } from '@jest/globals';
import { newNode } from '@ironledger/domain';
import { DriverError, DriverRefusal, fakeHardware, type HardwareType } from '@ironledger/drivers';
import { Registry } from 'prom-client';
import { ConductorMetrics } from './metrics.js';

const node = newNode('00000000-0000-4000-8000-000000000001', '2026-11-21T12:00:00.000Z', { provision_state: 'manageable' });

describe('ConductorMetrics.measured', () => {
  it('times BMC calls and counts their failures by driver, call and kind, but not refusals made before the BMC is reached', async () => {
    const base = fakeHardware();
    const failing: HardwareType = {
      ...base,
      power: { ...base.power, getPowerState: async () => Promise.reject(Object.assign(new DriverError('BMC timed out'), { kind: 'timeout' })) },
      management: { ...base.management!, setBootDevice: async () => Promise.reject(new DriverRefusal('Invalid boot device floppy specified.')) },
    };
    const registry = new Registry();
    const hardware = new ConductorMetrics(registry).measured(failing);
    await expect(hardware.power.getPowerState(node)).rejects.toThrow('BMC timed out');
    await expect(hardware.management!.setBootDevice(node, 'floppy', false)).rejects.toThrow('Invalid boot device');
    await hardware.management!.getBootDevice(node);
    // Synchronous answers (validation) and what the type holds besides its interfaces pass as they are.
    expect(hardware.management!.supportedBootDevices(node)).toEqual(base.management!.supportedBootDevices(node));
    expect(hardware.name).toBe('fake-hardware');
    expect(hardware.provisioning).toBe(failing.provisioning);
    const text = await registry.metrics();
    expect(text).toContain('ironledger_conductor_bmc_call_errors_total{driver="fake-hardware",call="getPowerState",kind="timeout"} 1');
    expect(text).not.toContain('call="setBootDevice",kind=');
    expect(text).toContain('ironledger_conductor_bmc_call_duration_seconds_count{driver="fake-hardware",call="getBootDevice"} 1');
  });
});
